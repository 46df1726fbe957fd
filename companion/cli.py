"""Commands: `flask --app app serve`, `import-record FILE`, `reindex`, `backup`, `restore`,
`printables [FOLDER]`."""
from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from . import backup as backups
from . import groups
from .network import is_loopback, lan_addresses
from .paths import default_printables
from .store import DamagedFile, NotSaved
from .transfer import ImportError_, already_here, import_record

if TYPE_CHECKING:
    from .secure import Table


@click.command("serve")
@with_appcontext
@click.option("--host", default="127.0.0.1", show_default=True,
              help="0.0.0.0 to let the phones on the local network reach it.")
@click.option("--port", default=8000, show_default=True)
@click.option("--threads", default=8, show_default=True)
@click.option("--https/--no-https", "https", default=None,
              help="Also serve HTTPS on port+1 with the table's own certificate (default: when "
                   "the phones can reach it, i.e. not on loopback).")
def serve(host: str, port: int, threads: int, https: bool | None) -> None:
    """Serve the app with cheroot (a multi-threaded server that also speaks TLS)."""
    import threading

    from . import server
    from .secure import Table, reloader
    # The app itself, not the context-bound proxy (which the stubs type as the app).
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    app.config["SERVE_HOST"] = host  # pages tell when phones cannot reach a loopback-only server
    click.echo(f"Loot Ledger on http://{host}:{port}/")
    click.echo(f"instance folder {app.instance_path} (config, secret key, translations)")
    click.echo(f"data in {app.extensions['store'].folder}")
    servers = [server.make_server(app, host, port, threads)]
    table = None
    # Phones on the network get an insecure origin over plain http; 127.0.0.1 is secure already.
    if https if https is not None else not is_loopback(host):
        table = Table(Path(app.instance_path), host, port, port + 1, str(app.config.get("PUBLIC_URL") or ""))
        table.certify()
        assert table.files is not None
        secure = server.make_server(app, host, port + 1, threads, tls=(table.files.cert, table.files.key))
        table.on_renew.append(reloader(secure.ssl_adapter))
        servers.append(secure)
        app.config.update(HTTP_PORT=port, HTTPS_PORT=port + 1)
        if not is_loopback(host):
            app.config["LOCAL_NAME"] = table.name
    for line in phone_lines(host, port):
        click.echo(line)
    stop = threading.Event()
    if table is not None:
        for line in table.lines():
            click.echo(line)
        if not is_loopback(host):
            threading.Thread(target=_announce, args=(table,), name="mdns", daemon=True).start()
            table.watch(click.echo, stop)
    try:
        server.run(servers)
    except OSError as error:  # a port is taken, or the address is not this computer's
        ports = f"{port} or {port + 1}" if table is not None else str(port)
        raise click.ClickException(f"cannot serve on {host} port {ports}: {error}") from None
    finally:
        stop.set()
        if table is not None:
            table.close()


def _announce(table: Table) -> None:
    reason = table.announce()
    click.echo(f"{table.name} announced on the network (mDNS)" if reason is None else
               f"{table.name} could not be announced ({reason}): phones use the address instead")


def phone_lines(host: str, port: int) -> list[str]:
    """What the host reads to get the phones in: the addresses they can open, and a QR code
    of the first to scan off the screen; or why they cannot reach it yet."""
    import segno
    if is_loopback(host):
        return ["Only this computer can open it. For the phones at the table: serve --host 0.0.0.0"]
    addresses = [host] if host not in ("0.0.0.0", "::", "") else lan_addresses()
    if not addresses:
        return ["No network address found that phones could use: connect to the table's network."]
    urls = [f"http://[{a}]:{port}/" if ":" in a else f"http://{a}:{port}/" for a in addresses]
    qr = io.StringIO()
    segno.make(urls[0], error="m").terminal(out=qr, compact=True)
    return ["Phones open: " + "  ".join(urls), qr.getvalue().rstrip("\n")]


@click.command("import-record")
@with_appcontext
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--copy", is_flag=True, help="Import it even if the same game is here already.")
def import_record_command(file: Path, copy: bool) -> None:
    """Import one game record exported as JSON (once: the same record again adds nothing)."""
    try:
        record = import_record(file.read_bytes())
    except ImportError_ as error:
        raise click.ClickException(str(error.message)) from None
    found = None if copy else already_here(current_app.extensions["store"], record)
    if found is not None:
        game_id, same = found
        if game_id not in current_app.extensions["store"].index():
            raise click.ClickException(f"this game was deleted: it is in the Trash (game {game_id}): "
                                       "restore it there; nothing added")
        if same:
            click.echo(f"already here: game {game_id} (/games/{game_id}); nothing added")
            return
        raise click.ClickException(
            f"another version of this game is here already: game {game_id} (/games/{game_id}); "
            "nothing added (--copy imports it as a second game)")
    try:
        game_id = current_app.extensions["store"].create(record)
    except NotSaved as error:
        raise click.ClickException(f"not saved: {error.detail}") from None
    click.echo(f"imported as game {game_id}")


@click.command("reindex")
@with_appcontext
def reindex() -> None:
    """Rebuild the games list from the game files (after a crash or a manual restore)."""
    try:
        damaged = current_app.extensions["store"].rebuild_index()
    except DamagedFile as error:
        raise click.ClickException(
            f"{error.path} is damaged ({error.reason}) and was left as it is. Restore it from a "
            "copy, or move it away and run reindex again: the games list is rebuilt from the "
            "game files, but the groups, access codes, player renames and merges and share "
            "links kept in it are lost.") from None
    for file in damaged:
        click.echo(f"damaged, left as it is: {file.path} ({file.reason})", err=True)


def _group(name: str) -> dict:
    group = groups.find_by_name(current_app.extensions["store"], name)
    if group is None:
        raise click.ClickException(f"no group called {name!r}")
    return group


@click.command("backup")
@with_appcontext
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--group", "group_name", default="household", show_default=True, help="Group name or id.")
def backup_command(file: Path, group_name: str) -> None:
    """Write a group's backup (every game record, merges and renames) to FILE."""
    import json
    group = _group(group_name)
    data = backups.backup(current_app.extensions["store"], group["id"])
    file.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    click.echo(f"{len(data['records'])} games written to {file}")


@click.command("restore")
@with_appcontext
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--group", "group_name", default="household", show_default=True, help="Group name or id.")
def restore_command(file: Path, group_name: str) -> None:
    """Restore a group's backup; games already here are left as they are."""
    group = _group(group_name)
    try:
        added, present, trashed = backups.restore(current_app.extensions["store"], group["id"], file.read_bytes(),
                                                  current_app.config["BACKUP_MAX_BYTES"])
    except backups.BackupError as error:
        raise click.ClickException(f"not restored: {error.message}") from None
    except backups.Interrupted as error:
        raise click.ClickException(
            f"not saved: {error.error.detail}; {error.added} game{'s' * (error.added != 1)} restored "
            "before that, restoring the same backup again adds the rest") from None
    click.echo(f"{added} game{'s' * (added != 1)} added, {present} already here"
               + (f", {trashed} in the Trash (restore them there)" if trashed else ""))


@click.command("printables")
@with_appcontext
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
def printables_command(folder: Path | None) -> None:
    """Write every blank score sheet and rules reference as PDF (default: printables/)."""
    from .views.printables import write_all
    folder = folder or default_printables()
    count = write_all(folder, lambda path: click.echo(f"wrote {path}"))
    click.echo(f"{count} PDFs in {folder}")


def init_app(app: Flask) -> None:
    for command in (serve, import_record_command, reindex, backup_command, restore_command,
                    printables_command):
        app.cli.add_command(command)


def main() -> None:
    """``loot-ledger``: the app's commands from any folder, without ``flask --app``."""
    from flask.cli import FlaskGroup

    from . import create_app
    group = FlaskGroup(name="loot-ledger", create_app=create_app, load_dotenv=False,
                       add_version_option=False,
                       help="Loot Ledger: serve the app, import or back up games, print sheets.")
    # The app is always this one: flask's --app and --env-file would only confuse here.
    group.params = [p for p in group.params if p.name not in ("app", "env_file")]
    click.version_option(package_name="loot-ledger", prog_name="loot-ledger")(group)
    group.main(prog_name="loot-ledger")
