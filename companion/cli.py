"""Commands: `flask --app app serve`, `import-record FILE`, `reindex`, `backup`, `restore`,
`printables [FOLDER]`."""
from __future__ import annotations

import errno
import io
import ipaddress
import socket
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from . import periods
from .history import backup as backups
from .history import bgstats, groups
from .history.transfer import ImportError_, add, import_record
from .paths import FolderNotWritable, default_printables
from .record.shape import DEFAULT_GROUP
from .serving.network import is_loopback, lan_addresses
from .storage.store import DamagedFile, NotSaved
from .views import store

if TYPE_CHECKING:
    from .serving.secure import Table


@click.command("serve")
@with_appcontext
@click.option("--host", default="127.0.0.1", show_default=True,
              help="0.0.0.0 to let the phones on the local network reach it.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65534))
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1))
@click.option("--https/--no-https", "https", default=None,
              help="Also serve HTTPS on port+1 with the table's own certificate (default: when "
                   "the phones can reach it, i.e. not on loopback).")
def serve(host: str, port: int, threads: int, https: bool | None) -> None:
    """Serve the app until Ctrl-C (--host 0.0.0.0: to the phones).

    Only this computer can open it, unless --host names an address the phones can reach;
    served by cheroot (a multi-threaded server that also speaks TLS)."""
    import threading

    from .pages import assets
    from .serving import server
    from .serving.secure import Table, reloader
    # The app itself, not the context-bound proxy (which the stubs type as the app).
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    app.config["SERVE_HOST"] = host  # pages tell when phones cannot reach a loopback-only server
    https = https if https is not None else not is_loopback(host)
    # Before the certificate is made for it: a host this computer cannot serve on.
    reason = cannot_serve(host, [port, port + 1] if https else [port])
    if reason is not None:
        raise click.ClickException(reason)
    # A name is served on the address it stands for, the one cheroot would bind: the
    # certificate and the phones' links need an address.
    host = _address_of(host, port)
    servers = [server.make_server(app, host, port, threads)]
    table = None
    # Phones on the network get an insecure origin over plain http; 127.0.0.1 is secure already.
    if https:
        table = Table(Path(app.instance_path), host, port, port + 1, str(app.config.get("PUBLIC_URL") or ""),
                      names=str(app.config.get("TABLE_NAMES") or ""))
        app.extensions["secure_table"] = table  # names phones arrive by join the certificate (guard.py)
        try:
            table.certify()
        except PermissionError as error:
            raise FolderNotWritable(error) from None
        assert table.files is not None
        secure = server.make_server(app, host, port + 1, threads, tls=(table.files.cert, table.files.key))
        table.on_renew.append(reloader(secure.ssl_adapter))
        servers.append(secure)
        app.config.update(HTTP_PORT=port, HTTPS_PORT=port + 1)
        if not is_loopback(host):
            app.config["LOCAL_NAME"] = table.name
    try:
        server.bind(servers)
    except OSError as error:
        # cheroot's error keeps only a sentence: find out why by trying the same bind.
        ports = [port, port + 1] if table is not None else [port]
        raise click.ClickException(cannot_serve(host, ports) or f"cannot serve on {host}: {error}") from None
    click.echo(f"Loot Ledger on http://{_address(host)}:{port}/")
    click.echo(f"instance folder {app.instance_path} (config, secret key, certificates)")
    click.echo(f"data in {store().folder}")
    for line in phone_lines(host, port):
        click.echo(line)
    stop = threading.Event()
    if table is not None:
        for line in table.lines():
            click.echo(line)
        if not is_loopback(host):
            threading.Thread(target=_announce, args=(table,), name="mdns", daemon=True).start()
            table.watch(click.echo, stop)
    threading.Thread(target=assets.warm, args=(app,), name="minify", daemon=True).start()
    try:
        server.run(servers)
    except OSError as error:
        raise click.ClickException(f"stopped serving on {host}: {error}") from None
    finally:
        stop.set()
        if table is not None:
            table.close()
    click.echo("Loot Ledger stopped")


def _address(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _address_of(host: str, port: int) -> str:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if host:
            return str(socket.getaddrinfo(host, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0,
                                          socket.AI_PASSIVE)[0][4][0])
    return host


def _is_free(host: str, port: int) -> bool:
    return cannot_serve(host, [port]) is None


def cannot_serve(host: str, ports: list[int]) -> str | None:
    """Why this computer cannot listen on host at these ports, as one line that says what to
    do; None if it can."""
    try:
        found = socket.getaddrinfo(host, ports[0], socket.AF_UNSPEC, socket.SOCK_STREAM, 0,
                                   socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        return (f"no address found for {host!r}: serve --host 0.0.0.0 (all of this computer's "
                "networks) or --host with one of its addresses")
    family, kind, proto, _, address = found[0]
    for port in ports:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as cheroot binds
            try:
                probe.bind((address[0], port, *address[2:]))
            except OSError as error:
                return _bind_refusal(host, port, ports, error)
    return None


def _bind_refusal(host: str, port: int, ports: list[int], error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        which = "" if port == ports[0] else " (https: port+1)"
        spare = next((p for p in range(ports[0] + 10, ports[0] + 200, 10)
                      if all(_is_free(host, p + i) for i in range(len(ports)))), None)
        instead = f"serve --port {spare}" if spare is not None else "serve --port with another port"
        return f"port {port}{which} is in use (another Loot Ledger?): stop it or {instead}"
    if error.errno in (errno.EACCES, errno.EPERM):
        if port < 1024:
            return (f"port {port} needs administrator rights: serve --port 8000 "
                    "(or any port from 1024 up)")
        return f"not allowed to listen on {host} port {port} ({error.strerror})"
    if error.errno == errno.EADDRNOTAVAIL:
        mine = ", ".join(lan_addresses())
        return (f"{host} is not an address of this computer: serve --host 0.0.0.0 (all of its "
                f"networks)" + (f" or --host {mine}" if mine else ""))
    return f"cannot serve on {host} port {port}: {error.strerror}"


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
    """Import one game record exported as JSON.

    Once: the same record again adds nothing and says which game it is."""
    try:
        record = import_record(file.read_bytes())
    except ImportError_ as error:
        raise click.ClickException(str(error.message)) from None
    try:
        game_id, found = add(store(), record, copy)
    except NotSaved as error:
        raise click.ClickException(f"not saved: {error.detail}") from None
    if found is not None:
        if game_id not in store().index.games():
            raise click.ClickException(f"this game was deleted: it is in the Trash (game {game_id}): "
                                       "restore it there; nothing added")
        if found[1]:
            click.echo(f"already here: game {game_id} (/games/{game_id}); nothing added")
            return
        raise click.ClickException(
            f"another version of this game is here already: game {game_id} (/games/{game_id}); "
            "nothing added (--copy imports it as a second game)")
    click.echo(f"imported as game {game_id}")


@click.command("reindex")
@with_appcontext
def reindex() -> None:
    """Rebuild the games list from the game files.

    Rarely needed (after a manual restore of files): every start does it for what changed."""
    try:
        damaged = store().index.rebuild()
    except DamagedFile as error:
        raise click.ClickException(
            f"{error.path} is damaged ({error.reason}) and was left as it is. Restore it from a "
            "copy, or move it away and run reindex again: the games list is rebuilt from the "
            "game files, but the groups, access codes, player renames and merges and share "
            "links kept in it are lost.") from None
    for file in damaged:
        click.echo(f"damaged, left as it is: {file.path} ({file.reason})", err=True)
    count = len(store().index.games())
    click.echo(f"{_games(count)} in the games list" + (f", {len(damaged)} damaged file"
               f"{'s' * (len(damaged) != 1)} left out" if damaged else ""))


def _games(count: int) -> str:
    return f"{count} game{'s' * (count != 1)}"


def _group(name: str) -> groups.Group:
    group = groups.find_by_name(store(), name)
    if group is None:
        raise click.ClickException(f"no group called {name!r}")
    return group


@click.command("backup")
@with_appcontext
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--group", "group_name", default=DEFAULT_GROUP, show_default=True, help="Group name or id.")
def backup_command(file: Path, group_name: str) -> None:
    """Write a group's backup to FILE.

    Every game record of the group, with its merges and renames of players."""
    import json
    group = _group(group_name)
    data = backups.backup(store(), group["id"])
    try:
        file.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    except OSError as error:
        raise click.ClickException(f"not written: {file} ({error.strerror})") from None
    for game in data.get("damaged", []):
        click.echo(f"damaged, in the backup as its file's bytes only (a restore cannot bring it back): "
                   f"game {game['id']} ({game['reason']})", err=True)
    damaged = len(data.get("damaged", []))
    click.echo(f"{_games(len(data['records']))} written to {file} (group {groups.display_name(group)})"
               + (f", {damaged} damaged game{'s' * (damaged != 1)} named in it" if damaged else ""))


@click.command("restore")
@with_appcontext
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--group", "group_name", default=DEFAULT_GROUP, show_default=True, help="Group name or id.")
@click.option("--dry-run", is_flag=True, help="A BG Stats export: only print what would be stored.")
def restore_command(file: Path, group_name: str, dry_run: bool) -> None:
    """Restore a group's backup (or BG Stats export) from FILE.

    Games already here are left as they are, so restoring twice adds nothing. A BG Stats
    export (BGStatsExport.json): its summary first, then each play a game of the group."""
    group = _group(group_name)
    raw = file.read_bytes()
    if bgstats.sniff(raw):
        with current_app.test_request_context("/"):  # the rules' messages, in English
            _import_bgstats(group, raw, dry_run)
        return
    try:
        done = backups.restore(store(), group["id"], raw,
                               current_app.config["BACKUP_MAX_BYTES"])
    except backups.BackupError as error:
        raise click.ClickException(f"not restored: {error.message}") from None
    except backups.Interrupted as error:
        raise click.ClickException(
            f"not saved: {error.error.detail}; {error.added} game{'s' * (error.added != 1)} restored "
            "before that, restoring the same backup again adds the rest") from None
    added, present, trashed = done
    click.echo(f"{_games(added)} added, {present} already here (group {groups.display_name(group)})"
               + (f", {trashed} in the Trash (restore them there)" if trashed else "")
               + (f"; not restored, damaged when the backup was made: {', '.join(done.damaged)}"
                  if done.damaged else ""))


def _import_bgstats(group: Mapping[str, Any], raw: bytes, dry_run: bool) -> None:
    """The BG Stats export's summary (docs/bgstats.md), then, unless ``dry_run``, stored."""
    zone = periods.zone(group["timezone"]) if group.get("timezone") else None
    try:
        plan = bgstats.plan(bgstats.read(raw, current_app.config["BACKUP_MAX_BYTES"]), group["id"],
                            bgstats.known_names(store(), group["id"]), zone)
    except bgstats.BGStatsError as error:
        raise click.ClickException(f"not imported: {error.message}") from None
    bgstats.against(store(), group["id"], plan)
    for line in bgstats.summary_lines(plan):
        click.echo(line)
    if dry_run:
        click.echo("dry run: nothing stored")
        return
    try:
        bgstats.store_plan(store(), group["id"], plan)
    except NotSaved as error:
        raise click.ClickException(f"not saved: {error.detail}; {_games(plan.added)} added before that, "
                                   "importing the same export again adds the rest") from None
    click.echo(f"{_games(plan.added)} added, {plan.present} already here, {plan.corrected} corrected "
               f"(group {groups.display_name(group)})")  # type: ignore[arg-type]


@click.command("printables")
@with_appcontext
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
def printables_command(folder: Path | None) -> None:
    """Write every blank score sheet and rules reference as PDF.

    Into FOLDER (default: printables/)."""
    from .views.printables import write_all
    folder = folder or default_printables()
    try:
        count = write_all(folder, lambda path: click.echo(f"wrote {path}"))
    except OSError as error:
        raise click.ClickException(f"not written: {error.filename or folder} ({error.strerror})") from None
    click.echo(f"{count} PDFs in {folder}")


COMMANDS = (serve, import_record_command, reindex, backup_command, restore_command,
            printables_command)


def init_app(app: Flask) -> None:
    for command in COMMANDS:
        app.cli.add_command(command)

