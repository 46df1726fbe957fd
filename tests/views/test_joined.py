"""app.js as the phone gets it: the modules of static/js/app/ joined into one file, each once,
in order, under an address versioned by what is joined; and each module with its browser test."""
from __future__ import annotations

import hashlib
import re
import shutil
from collections import Counter
from pathlib import Path

from calmjs.parse import asttypes, es5  # type: ignore[import-untyped]

from companion.pages import assets

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
MODULES = assets.JOINED["js/app.js"]


def test_every_module_of_the_folder_is_joined_once_in_order(client):
    assert sorted(MODULES) == sorted(f"js/app/{p.name}" for p in (STATIC / "js/app").glob("*.js"))
    assert len(set(MODULES)) == len(MODULES)
    text = assets.joined(str(STATIC), "js/app.js")
    at = []
    for module in MODULES:
        source = (STATIC / module).read_text()
        assert text.count(source) == 1, module
        at.append(text.index(source))
    assert at == sorted(at)
    # What the order must keep (assets.JOINED): the page as sent is read before anything
    # changes it; a skip link is handled before a link is followed; the page starts once all
    # is declared, then the worker and the screen.
    order = [m.rsplit("/", 1)[1][:-3] for m in MODULES]
    assert order[0] == "shared" and order.index("landing") < order.index("offline")
    assert order[-3:] == ["start", "install", "awake"]
    # The phone's copy is that text minified: each module's first string no other module has
    # (strings stay as they are) comes one after the other in it.
    served = client.get(address(client)).get_data(as_text=True)
    where, marked = 0, 0
    for module in MODULES:
        mark = own_string(module, text)
        if mark:
            marked += 1
            where = served.find(mark, where)
            assert where >= 0, (module, mark)
    assert marked >= len(MODULES) - 2


def own_string(module: str, text: str) -> str | None:
    for literal in re.findall(r'"(?:[^"\\]|\\.)*"', (STATIC / module).read_text()):
        if text.count(literal) == 1 and "\\" not in literal:
            return literal
    return None


def address(client) -> str:
    page = client.get("/").get_data(as_text=True)
    return re.search(r'<script src="(/static/js/app\.js\?v=[0-9a-f]+)" defer>', page).group(1)


def test_a_page_loads_the_joined_file_under_the_hash_of_its_content(client):
    text = assets.joined(str(STATIC), "js/app.js")
    assert address(client).endswith("?v=" + hashlib.sha256(text.encode()).hexdigest()[:10])
    response = client.get(address(client))
    assert response.status_code == 200 and "immutable" in response.headers["Cache-Control"]
    assert response.get_data(as_text=True).startswith("(function(){")


def test_a_changed_module_is_a_new_address(app, tmp_path):
    shutil.copytree(STATIC / "js", tmp_path / "js")
    with app.test_request_context():
        before = assets._versioned("", str(tmp_path), "js/app.js", ())
        with (tmp_path / MODULES[-1]).open("a") as module:
            module.write("// one more line\n")
        assets._versioned.cache_clear()
        assert assets._versioned("", str(tmp_path), "js/app.js", ()) != before


def declared(node):
    """The names a module declares in the function it is joined into (not in its own functions)."""
    for child in node:
        if isinstance(child, asttypes.FuncDecl):
            yield child.identifier.value
        elif isinstance(child, asttypes.VarDecl):
            yield child.identifier.value
            yield from declared(child)
        elif not isinstance(child, asttypes.FuncExpr):
            yield from declared(child)


def test_no_two_modules_declare_the_same_name():
    # They share one function: a second ``function button`` would replace the first for all.
    names = Counter(name for module in MODULES for name in set(declared(es5((STATIC / module).read_text()))))
    assert names["steppers"] == 1 and names["waiting"] == 1  # (the walk finds them)
    assert [name for name, count in names.items() if count > 1] == []


def test_each_module_names_the_browser_tests_that_exercise_it():
    for module in MODULES:
        head = (STATIC / module).read_text().split("\n\n")[0]
        named = re.findall(r"^// Browser test: (tests/browser/\S+\.py)::(\w+)$", head, re.M)
        assert named, module
        for path, test in named:
            assert re.search(rf"^def {test}\(", (ROOT / path).read_text(), re.M), (module, path, test)
