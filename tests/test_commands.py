"""The commands as a host runs them, in real processes: a start that cannot serve says why in
one line (and nothing before it claims the app runs); each command says what it did.

A missing permission as root: `setpriv` takes the one capability away that lets root past it
(binding a port below 1024, writing a folder that is not its own); as another user, the
permission is simply not there."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from companion import create_app
from companion.record.entries import new_record
from tests.conftest import free_port

ROOT = Path(__file__).resolve().parent.parent
ROOT_USER = os.geteuid() == 0


def _env(instance: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "FLASK_"))}
    return {**env, "COMPANION_INSTANCE_PATH": str(instance), **more}


def _without(capability: str) -> list[str]:
    """The start of a command line that runs the rest without `capability`, as a host who is
    not root would."""
    if not ROOT_USER:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("root, and no setpriv to take the permission away")
    return ["setpriv", f"--bounding-set=-{capability}", f"--inh-caps=-{capability}"]


def serve(tmp_path: Path, *args: str, prefix: list[str] | None = None,
          **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*(prefix or []), sys.executable, "-m", "flask", "--app", "app", "serve",
                           *args], cwd=ROOT, env=_env(tmp_path / "instance", **env),
                          capture_output=True, text=True, timeout=60)


def loot_ledger(tmp_path: Path, *args: str, prefix: list[str] | None = None,
                instance: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The console script's own function (`loot-ledger` installed runs just this)."""
    return subprocess.run([*(prefix or []), sys.executable, "-c", "from companion.__main__ import main; main()",
                           *args], cwd=ROOT, env=_env(instance or tmp_path / "instance"),
                          capture_output=True, text=True, timeout=120)


def assert_one_line_refusal(result: subprocess.CompletedProcess[str], *words: str) -> str:
    assert result.returncode == 1, result
    assert "Traceback" not in result.stderr, result.stderr
    assert "Loot Ledger on" not in result.stdout, result.stdout  # nothing claims it runs
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def _listening(port: int) -> socket.socket:
    taken = socket.socket()
    taken.bind(("127.0.0.1", port))
    taken.listen()
    return taken


def test_a_port_in_use_is_one_line_with_a_free_port_to_use_instead(tmp_path):
    port = free_port()
    with _listening(port):
        line = assert_one_line_refusal(serve(tmp_path, "--port", str(port)),
                                       f"port {port} is in use (another Loot Ledger?): stop it or serve --port ")
    spare = int(line.rsplit(" ", 1)[1])
    with socket.socket() as again:
        again.bind(("127.0.0.1", spare))  # the port it offers is free


def test_https_on_port_plus_one_in_use_names_that_port(tmp_path):
    port = free_port()
    with _listening(port + 1):
        assert_one_line_refusal(serve(tmp_path, "--port", str(port), "--https"),
                                f"port {port + 1} (https: port+1) is in use", "serve --port ")


def test_an_address_that_is_not_this_computers_says_what_to_serve_on(tmp_path):
    # 192.0.2.0/24 is reserved for documentation: no computer has it.
    assert_one_line_refusal(serve(tmp_path, "--host", "192.0.2.7", "--port", str(free_port())),
                            "192.0.2.7 is not an address of this computer", "serve --host 0.0.0.0")


def test_a_name_that_does_not_resolve_says_what_to_serve_on(tmp_path):
    assert_one_line_refusal(serve(tmp_path, "--host", "nosuch.invalid", "--port", str(free_port())),
                            "no address found for 'nosuch.invalid'", "serve --host 0.0.0.0")


def test_a_port_below_1024_without_the_right_to_it_says_which_ports_are_open(tmp_path):
    if Path("/proc/sys/net/ipv4/ip_unprivileged_port_start").exists() and \
            int(Path("/proc/sys/net/ipv4/ip_unprivileged_port_start").read_text()) <= 80:
        pytest.skip("this system lets anybody bind port 80")
    assert_one_line_refusal(serve(tmp_path, "--port", "80", prefix=_without("net_bind_service")),
                            "port 80 needs administrator rights", "serve --port 8000")


def _not_ours(folder: Path) -> Path:
    """A folder this test's processes may read but not write."""
    folder.mkdir()
    if ROOT_USER:
        os.chown(folder, 65534, 65534)  # nobody's
    folder.chmod(0o755)
    return folder


def test_an_instance_folder_it_cannot_write_says_how_to_choose_another(tmp_path):
    instance = _not_ours(tmp_path / "locked") / "instance"
    result = subprocess.run([*_without("dac_override"), sys.executable, "-m", "flask", "--app", "app",
                             "serve", "--port", str(free_port())], cwd=ROOT, env=_env(instance),
                            capture_output=True, text=True, timeout=60)
    assert_one_line_refusal(result, f"cannot write {instance} (Permission denied)",
                            "COMPANION_INSTANCE_PATH")
    assert not instance.exists()


def test_a_data_folder_it_cannot_write_is_served_read_only_and_says_so(tmp_path):
    """Unlike the instance folder, a data folder that refuses writes still serves what it
    holds (issue 22: the phones get the pages they can read); serve says why every change
    will be refused."""
    data = _not_ours(tmp_path / "data")
    port = free_port()
    process = subprocess.Popen([*_without("dac_override"), sys.executable, "-m", "flask", "--app", "app",
                                "serve", "--port", str(port)], cwd=ROOT,
                               env=_env(tmp_path / "instance", COMPANION_DATA_DIR=str(data)),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                assert process.poll() is None, process.communicate()
                assert time.monotonic() < deadline, "serve did not answer"
                time.sleep(0.2)
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err, err
    assert "refuses writes" in err and "every change is refused" in err, err


def test_the_console_script_lists_its_commands_even_when_the_app_cannot_start(tmp_path):
    instance = _not_ours(tmp_path / "locked") / "instance"
    result = loot_ledger(tmp_path, "--help", prefix=_without("dac_override"), instance=instance)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result
    assert "  serve " in result.stdout
    result = loot_ledger(tmp_path, "reindex", prefix=_without("dac_override"), instance=instance)
    assert_one_line_refusal(result, f"cannot write {instance}")


def test_the_console_script_lists_only_the_apps_commands_each_in_one_line(tmp_path):
    result = loot_ledger(tmp_path, "--help")
    assert result.returncode == 0, result
    listed = result.stdout.split("Commands:\n", 1)[1].splitlines()
    names = [line.split()[0] for line in listed]
    assert names == ["backup", "import-record", "printables", "reindex", "restore", "serve"]
    for line in listed:
        assert line.rstrip().endswith((".", ")")) and not line.endswith("..."), line
    assert "--debug" not in result.stdout and "--app" not in result.stdout


@pytest.mark.parametrize("host", [[], ["--host", "localhost", "--https"]])
def test_serve_says_where_it_runs_once_it_listens_and_that_it_stopped(tmp_path, host):
    """Also for a host given by name: served on the address it stands for."""
    port = free_port()
    with subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "serve", "--port", str(port),
                           "--threads", "2", *host], cwd=ROOT, env=_env(tmp_path / "instance"),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as process:
        assert process.stdout is not None
        try:
            address = str(socket.getaddrinfo("localhost", port, 0, socket.SOCK_STREAM, 0,
                                             socket.AI_PASSIVE)[0][4][0]) if host else "127.0.0.1"
            url = f"http://{f'[{address}]' if ':' in address else address}:{port}/"
            assert process.stdout.readline() == f"Loot Ledger on {url}\n"
            # Said once it listens: the page answers right away.
            with urllib.request.urlopen(url, timeout=10) as page:
                assert page.status == 200
        finally:
            process.send_signal(signal.SIGTERM)
        rest = process.stdout.read()  # (communicate would miss what readline buffered)
        process.wait(30)
    assert "data in " in rest and "Only this computer can open it" in rest
    assert rest.rstrip().endswith("Loot Ledger stopped") and process.returncode == 0


# The other commands, through Flask's CLI runner (the same commands the console script runs).

@pytest.fixture
def app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance")})


def test_reindex_says_how_many_games_are_in_the_list(app):
    store = app.extensions["store"]
    runner = app.test_cli_runner()
    assert runner.invoke(args=["reindex"]).output == "0 games in the games list\n"
    store.create(new_record("beutelschneider", ["A", "B", "C"], {}))
    assert runner.invoke(args=["reindex"]).output == "1 game in the games list\n"
    store.create(new_record("beutelschneider", ["A", "B", "C"], {}))
    assert runner.invoke(args=["reindex"]).output == "2 games in the games list\n"


def test_reindex_names_a_damaged_game_file_and_counts_the_rest(app):
    store = app.extensions["store"]
    store.create(new_record("beutelschneider", ["A", "B", "C"], {}))
    (store.games_dir / "broken.json").write_text("{")
    result = app.test_cli_runner().invoke(args=["reindex"])
    assert result.exit_code == 0
    assert "damaged, left as it is: " in result.output and "broken.json" in result.output
    assert result.output.endswith("1 game in the games list, 1 damaged file left out\n")
    assert (store.games_dir / "broken.json").read_text() == "{"


def test_backup_and_restore_say_how_many_games_of_which_group(app, tmp_path):
    app.extensions["store"].create(new_record("beutelschneider", ["A", "B", "C"], {}))
    runner = app.test_cli_runner()
    target = tmp_path / "backup.json"
    assert runner.invoke(args=["backup", str(target)]).output == \
        f"1 game written to {target} (group Household)\n"
    other = create_app({"INSTANCE_PATH": str(tmp_path / "other")}).test_cli_runner()
    assert other.invoke(args=["restore", str(target)]).output == \
        "1 game added, 0 already here (group Household)\n"


def test_backup_to_a_folder_that_is_not_there_says_so_and_writes_nothing(app, tmp_path):
    target = tmp_path / "missing" / "backup.json"
    result = app.test_cli_runner().invoke(args=["backup", str(target)])
    assert result.exit_code == 1
    assert result.output == f"Error: not written: {target} (No such file or directory)\n"
    assert not target.parent.exists()


def test_printables_into_a_folder_it_cannot_make_says_so(app, tmp_path):
    (tmp_path / "a-file").write_text("")
    result = app.test_cli_runner().invoke(args=["printables", str(tmp_path / "a-file" / "sheets")])
    assert result.exit_code == 1
    assert result.output == f"Error: not written: {tmp_path / 'a-file' / 'sheets'} (Not a directory)\n"


def test_serve_is_refused_before_it_claims_to_run_in_the_cli_runner_too(app):
    with _listening(port := free_port()):
        result = app.test_cli_runner().invoke(args=["serve", "--port", str(port)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: port {port} is in use")


def test_a_port_out_of_range_is_refused_by_its_option(app):
    result = app.test_cli_runner().invoke(args=["serve", "--port", "70000"])
    assert result.exit_code == 2 and "70000 is not in the range 1<=x<=65534" in result.output


@pytest.mark.skipif(not ROOT_USER or shutil.which("unshare") is None, reason="a mount needs root")
def test_an_instance_on_a_read_only_mount_says_so(tmp_path):
    folder = tmp_path / "mounted"
    folder.mkdir()
    # Its own mount namespace: the read-only mount is gone with the process.
    script = (f"mount --bind -o ro {folder} {folder} && exec {sys.executable} -m flask --app app "
              f"serve --port {free_port()}")
    result = subprocess.run(["unshare", "-m", "sh", "-c", script], cwd=ROOT,
                            env=_env(folder / "instance"), capture_output=True, text=True, timeout=60)
    assert_one_line_refusal(result, f"cannot write {folder / 'instance'} (Read-only file system)")
