"""The wheel installs anywhere: built, installed into a fresh venv, served from an empty folder.

No network: the wheel is built without build isolation (hatchling comes with the test
extras) and installed with ``--no-deps`` into a venv that reaches the dependencies
through a path file naming this venv's site-packages. That path file does not run this
venv's own path files, so the checkout's editable install cannot stand in for the wheel.
"""
from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import time
import urllib.request
import venv
import zipfile
from pathlib import Path

import pytest

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str | Path, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=120,
                          check=True, **kwargs)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
         "-q", "-w", out, ROOT)
    (built,) = out.glob("loot_ledger-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the wheel installed; its folder."""
    prefix = tmp_path_factory.mktemp("venv")
    venv.create(prefix, with_pip=False)
    python = prefix / "bin" / "python"
    purelib = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
                   .stdout.strip())
    (purelib / "_project_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q",
         wheel)
    return prefix


def test_the_wheel_carries_templates_static_files_translations_and_the_licence(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("companion/templates/base.html", "companion/templates/games/beutelschneider/print/sheet.html",
                 "companion/static/css/app.css", "companion/static/css/print.css",
                 "companion/static/fonts/DejaVuSansCondensed.ttf", "companion/static/icons/icon-192.png",
                 "companion/static/js/app/shared.js", "companion/translations/de/LC_MESSAGES/messages.mo"):
        assert name in names, name
    # Only the package at the top: no `app` module for an app.py in the current folder to shadow.
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"companion"}
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("dist-info/METADATA"))).decode()
    assert "License-Expression: Apache-2.0" in meta
    assert "Description-Content-Type: text/markdown" in meta and "# Loot Ledger" in meta
    assert any(n.endswith("dist-info/licenses/LICENSE") for n in names)
    entry_points = zipfile.ZipFile(wheel).read(
        next(n for n in names if n.endswith("dist-info/entry_points.txt"))).decode()
    assert "loot-ledger = companion.__main__:main" in entry_points


def _get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.status, response.headers.get_content_type(), response.read()


def test_loot_ledger_serve_from_an_empty_folder_answers_a_page_a_stylesheet_and_a_pdf(installed, tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTHON", "FLASK_"))}
    server = subprocess.Popen([str(installed / "bin" / "loot-ledger"), "serve", "--port", str(port)],
                              cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                status, kind, body = _get(f"http://127.0.0.1:{port}/")
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"loot-ledger serve did not answer:\n{server.communicate()[0]}")
                time.sleep(0.2)
        assert status == 200 and kind == "text/html" and b"Loot Ledger" in body
        status, kind, css = _get(f"http://127.0.0.1:{port}/static/css/app.css")
        assert status == 200 and kind == "text/css" and b"--accent" in css
        # A PDF the render workers have not finished yet is a page that reloads itself (202).
        while (answer := _get(f"http://127.0.0.1:{port}/printables/beutelschneider/rules.pdf"))[0] == 202:
            time.sleep(1)
        status, kind, pdf = answer
        assert status == 200 and kind == "application/pdf" and pdf.startswith(b"%PDF-")
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0]

    # It said where its data is: an instance folder of the venv, outside site-packages
    # (Flask's choice for an installed package) and not the current folder.
    instance = (installed / "var" / "companion-instance").resolve()
    assert f"instance folder {instance}" in output, output
    assert (instance / "secret_key").is_file()
    assert "site-packages" not in str(instance)
    assert list(folder.iterdir()) == []
    # The app it served is the installed one, not this checkout.
    site = _run(installed / "bin" / "python", "-c", "import companion; print(companion.__file__)",
                cwd=folder).stdout
    assert "site-packages" in site and str(ROOT) not in site


def test_the_other_commands_run_from_any_folder_too(installed, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMPANION_", "PYTHON", "FLASK_"))}
    command = installed / "bin" / "loot-ledger"
    assert "loot-ledger, version 0.1.0" in _run(command, "--version", cwd=tmp_path, env=env).stdout
    listed = _run(command, "--help", cwd=tmp_path, env=env).stdout
    for name in ("serve", "import-record", "backup", "restore", "reindex", "printables"):
        assert f"  {name} " in listed, name
    for name in ("run", "routes", "shell"):  # Flask's, for developing it
        assert f"  {name} " not in listed, name
    assert "0 games written to backup.json" in _run(command, "backup", "backup.json", cwd=tmp_path,
                                                     env=env).stdout
    assert _run(command, "restore", "backup.json", cwd=tmp_path, env=env).stdout.strip() == \
        "0 games added, 0 already here (group Household)"
