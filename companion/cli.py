"""Commands: `flask --app app serve`, `import-record FILE`, `reindex`, `printables [FOLDER]`."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from .transfer import ImportError_, import_record


@click.command("serve")
@with_appcontext
@click.option("--host", default="127.0.0.1", show_default=True,
              help="0.0.0.0 to let the phones on the local network reach it.")
@click.option("--port", default=8000, show_default=True)
@click.option("--threads", default=8, show_default=True)
def serve(host: str, port: int, threads: int) -> None:
    """Serve the app with waitress (a real multi-threaded server)."""
    from waitress import serve as waitress_serve
    click.echo(f"Loot Ledger on http://{host}:{port}/  (data in {current_app.extensions['store'].folder})")
    waitress_serve(current_app._get_current_object(), host=host, port=port, threads=threads)


@click.command("import-record")
@with_appcontext
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def import_record_command(file: Path) -> None:
    """Import one game record exported as JSON."""
    try:
        record = import_record(file.read_bytes())
    except ImportError_ as error:
        raise click.ClickException(str(error.message)) from None
    game_id = current_app.extensions["store"].create(record)
    click.echo(f"imported as game {game_id}")


@click.command("reindex")
@with_appcontext
def reindex() -> None:
    """Rebuild the games list from the game files (after a crash or a manual restore)."""
    for error in current_app.extensions["store"].rebuild_index():
        click.echo(f"damaged, left as it is: {error.path} ({error.reason})", err=True)


@click.command("printables")
@with_appcontext
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
def printables_command(folder: Path | None) -> None:
    """Write every blank score sheet and rules reference as PDF (default: printables/)."""
    from .views.printables import write_all
    folder = folder or Path(current_app.root_path).parent / "printables"
    count = write_all(folder, lambda path: click.echo(f"wrote {path}"))
    click.echo(f"{count} PDFs in {folder}")


def init_app(app: Flask) -> None:
    for command in (serve, import_record_command, reindex, printables_command):
        app.cli.add_command(command)
