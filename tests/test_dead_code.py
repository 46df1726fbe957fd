"""No dead code in `companion`: every function, class, constant, attribute and parameter is
used by the app itself (tests do not count as a use), and every template macro is called and
reads each of its parameters.

Vulture reads the package; what it cannot see is named here. The templates call Python by
name, so every identifier in a template's tags counts as a use; Flask reaches views and hooks
through their decorators; the libraries we subclass or configure (WTForms, cheroot,
HTMLParser, Werkzeug responses) call or read the names below. A new entry here says which
library reaches it, or why a test needs it.
"""
from __future__ import annotations

import keyword
import re
from pathlib import Path

from vulture import Vulture

ROOT = Path(__file__).resolve().parents[1]

DECORATORS = ["@*.get", "@*.post", "@*.route", "@*.before_app_request", "@*.after_request",
              "@*.record_once", "@*.app_context_processor", "@*.context_processor"]

REACHED_BY_NAME = [
    # WTForms: validators by field name, hooks and widgets it calls, the signature it passes
    "validate_*", "pre_validate", "process_formdata", "bind_field", "Meta", "widget",
    "option_widget", "process_errors", "extra_filters",
    "bandits_all",  # a field that takes the errors of "bandits" (ErrorAlias)
    # HTMLParser's callbacks
    "handle_*",
    # cheroot: the connection manager's loop, its connection and server settings
    "_run", "remote_port", "ssl_env", "close_connection", "RequestHandlerClass",
    "max_request_body_size", "max_request_header_size", "keep_alive_conn_limit",
    # Werkzeug and Flask objects we set: cache headers, streaming, upload limit, session
    "max_age", "immutable", "direct_passthrough", "max_content_length", "permanent",
    "session_interface", "open_session", "modified",  # guard.Sessions: Flask's session hooks
    "other_group",  # set on flask.g, read back as g.get("other_group")
    "DataclassInstance",  # a TypeVar bound, named in a string
    "transfer",  # web.py imports the module for the routes it adds to play's blueprint
    # What the tests watch, that the app has no reason to read: the PDF pool's workers and
    # renders, the throttle's count for a group, the rules page's section id convention.
    "pids", "busy_pid", "renders", "group_failures", "section_id",
    "forget",  # bench/run.py: the index's cold read
    # Keys of the stored shapes' TypedDicts (record.py, groups.py, backup.py), written and
    # read by their string ("submissions" in record), which vulture does not count.
    "format_version", "created_by", "gen", "submissions", "summary_version", "undone_at",
]

def template_names() -> str:
    """Every identifier inside a template's {{ }} and {% %}, as Python that uses it."""
    names: set[str] = set()
    for path in (ROOT / "templates").rglob("*.html"):
        for tag in re.findall(r"{{.*?}}|{%.*?%}", path.read_text(encoding="utf-8"), re.S):
            names.update(re.findall(r"[A-Za-z_]\w*", tag))
    return "".join(f"_.{name}\n" for name in sorted(names) if not keyword.iskeyword(name))


def unused() -> set[tuple[str, str]]:
    vulture = Vulture(ignore_names=REACHED_BY_NAME, ignore_decorators=DECORATORS)
    vulture.scavenge([str(ROOT / "companion")])
    vulture.scan(template_names(), filename="templates")
    return {(Path(item.filename).relative_to(ROOT).as_posix(), item.name)
            for item in vulture.get_unused_code(min_confidence=60)}


def test_a_name_nothing_uses_is_found():
    vulture = Vulture(ignore_names=REACHED_BY_NAME, ignore_decorators=DECORATORS)
    vulture.scan("CURSED_NUMBER = 2\n\ndef used():\n    pass\n\nused()\n", filename="m.py")
    assert [item.name for item in vulture.get_unused_code(min_confidence=60)] == ["CURSED_NUMBER"]


def test_a_name_only_a_template_uses_is_used():
    assert "_.hand_cells\n" in template_names()  # the Beutelschneider hand form's cells


def test_nothing_in_companion_is_dead():
    assert unused() == set()


MACRO = re.compile(r"{%-?\s*macro\s+(\w+)\((.*?)\)\s*-?%}(.*?){%-?\s*endmacro", re.S)


def test_every_template_macro_is_called_and_uses_each_parameter():
    paths = list((ROOT / "templates").rglob("*.html"))
    texts = [p.read_text(encoding="utf-8") for p in paths]
    calls = re.sub(r"{%-?\s*macro\s+\w+", "", "\n".join(texts))  # without the definitions
    dead = []
    for path, text in zip(paths, texts, strict=True):
        # A game's print/_entry.html macros are an interface the shared print code calls with
        # every argument; a game whose lines need no ``changes`` still takes it.
        interface = path.match("games/*/print/_entry.html")
        for name, params, body in MACRO.findall(text):
            if interface:
                continue
            if not re.search(rf"(?:\b{name}\s*\(|import[^%]*\b{name}\b)", calls):
                dead.append(name)
            dead += [f"{name}({p})" for p in (p.split("=")[0].strip() for p in params.split(","))
                     if p and not re.search(rf"\b{p}\b", body)]
    assert dead == []
