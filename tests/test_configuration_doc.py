"""docs/configuration.md against the code: every setting, environment variable and command
option the code reads is a row of its tables, with the code's default, and every row is read
by the code it names.

The settings the code reads are found in the code itself (every ``config["X"]``,
``config.get("X")``, ``config.update(X=…)`` and ``f(config, "X")`` in ``companion/``), not
taken from a list someone keeps, so a new setting without its row fails here.
"""
from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import click
import flask
import flask_babel
import flask_wtf
import pytest

from companion import settings
from companion.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
CODE = sorted((ROOT / "companion").rglob("*.py")) + [ROOT / "app.py"]
LIBRARIES = {"Flask-WTF": flask_wtf, "Flask-Babel": flask_babel}


def table(title: str) -> list[list[str]]:
    """The rows of the first table under the heading ``## title``, each a list of cells."""
    found = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", DOC, re.S | re.M)
    assert found, f"no section {title!r} in docs/configuration.md"
    lines = [line for line in found.group(1).splitlines() if line.startswith("|")]
    assert len(lines) > 2, f"no table under {title!r}"
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines[2:]]


def code_of(cell: str) -> str:
    """The first `…` of a cell."""
    found = re.search(r"`([^`]*)`", cell)
    assert found, f"no `value` in {cell!r}"
    return found.group(1)


def default_of(cell: str) -> object:
    value = code_of(cell)
    return os.cpu_count() or 1 if value == "os.cpu_count()" else ast.literal_eval(value)


def is_config(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "config") or \
           (isinstance(node, ast.Attribute) and node.attr == "config")


def config_keys(path: Path) -> tuple[set[str], set[str]]:
    """The setting names a module reads, and those it writes."""
    read, written = set(), set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Subscript) and is_config(node.value) \
                and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
            (written if isinstance(node.ctx, ast.Store) else read).add(node.slice.value)
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and is_config(func.value):
                if func.attr == "update":
                    written |= {k.arg for k in node.keywords if k.arg}
                elif func.attr in ("get", "setdefault", "pop") and node.args \
                        and isinstance(node.args[0], ast.Constant):
                    read.add(str(node.args[0].value))
            elif any(is_config(arg) for arg in node.args):  # _setting(config, "SERVE_TIMEOUT", …)
                read |= {a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return read, written


SCANNED = {path: config_keys(path) for path in CODE}
READ = {key for read, _ in SCANNED.values() for key in read}
WRITTEN = {key for _, written in SCANNED.values() for key in written}
SETTINGS = {code_of(row[0]): row for row in table("Settings")}
OWN = {code_of(row[0]) for row in table("Set by the app itself")}


def test_the_settings_table_is_the_declared_defaults_each_with_its_value():
    assert sorted(SETTINGS) == sorted(settings.DEFAULTS)
    for name, row in SETTINGS.items():
        assert default_of(row[1]) == settings.DEFAULTS[name], name


def test_every_setting_the_code_reads_or_sets_is_documented():
    undocumented = (READ | WRITTEN) - set(SETTINGS) - OWN
    assert not undocumented, sorted(undocumented)


def test_the_keys_the_app_sets_itself_are_set_by_it_and_are_no_settings():
    unused = OWN - WRITTEN - READ
    assert not unused, sorted(unused)
    assert not OWN & set(settings.DEFAULTS)


@pytest.mark.parametrize("name", sorted(SETTINGS))
def test_each_setting_is_read_by_the_code_its_row_names(name):
    readers = [reader.strip() for reader in SETTINGS[name][2].split(",")]
    assert readers and all(readers)
    for reader in readers:
        if reader == "Flask":
            assert name in flask.Flask.default_config, f"Flask has no {name}"
        elif reader in LIBRARIES:
            folder = Path(LIBRARIES[reader].__file__ or "").parent
            assert any(name in f.read_text(encoding="utf-8") for f in folder.rglob("*.py")), \
                f"{reader} reads no {name}"
        else:
            path = ROOT / code_of(reader)
            assert path in SCANNED, f"{reader}: no such module"
            assert name in SCANNED[path][0], f"{reader} does not read {name}"


def environment_names() -> set[str]:
    """Environment variables the code reads by name, and every COMPANION_… it mentions."""
    names = set()
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) and \
                    ast.unparse(node.func) in ("os.environ.get", "os.getenv"):
                names.add(str(node.args[0].value))
            elif isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ" \
                    and isinstance(node.slice, ast.Constant):
                names.add(str(node.slice.value))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names |= set(re.findall(r"\b" + settings.ENV_PREFIX + r"[A-Z_]+", node.value))
    return names


def test_every_environment_variable_is_documented_and_read():
    rows = {code_of(row[0]) for row in table("Environment variables")}
    each_setting = settings.ENV_PREFIX + "<SETTING>"
    assert each_setting in rows and settings.INSTANCE_PATH_VARIABLE in rows
    read = environment_names()
    for name in read:
        setting = name.removeprefix(settings.ENV_PREFIX)
        assert name in rows or (name.startswith(settings.ENV_PREFIX) and setting in SETTINGS), name
    unread = rows - {each_setting, settings.INSTANCE_PATH_VARIABLE} - read
    assert not unread, sorted(unread)


def parameter_name(parameter: click.Parameter) -> str:
    if isinstance(parameter, click.Argument):
        return parameter.human_readable_name
    if isinstance(parameter, click.Option) and parameter.secondary_opts:
        return "/".join(parameter.opts + parameter.secondary_opts)
    return max(parameter.opts, key=len)


def test_every_command_option_is_a_row_with_its_default():
    rows = {(code_of(row[0]), row[1].strip("`")): row for row in table("Commands and their options")}
    defaults = {}
    for command in COMMANDS:
        assert command.name is not None
        assert any(name == command.name for name, _ in rows), f"no row for {command.name}"
        for parameter in command.params:
            default = parameter.get_default(click.Context(command))
            if isinstance(parameter, click.Argument) and parameter.required:
                default = "none"
            elif not isinstance(default, (str, int, bool)):
                default = None  # click's "no default"
            defaults[(command.name, parameter_name(parameter))] = default
    assert {key for key in rows if key[1]} == set(defaults)
    for key, default in defaults.items():
        cell = rows[key][2]
        assert (cell == "none") if default == "none" else default_of(cell) == default, key
