"""Scripts and stylesheets as the phone gets them: minified, the same behaviour, versioned."""
from __future__ import annotations

import re
from pathlib import Path

from companion.pages import assets

ROOT = Path(__file__).resolve().parents[2]


def address(client, name: str) -> str:
    page = client.get("/").get_data(as_text=True)
    return re.search(rf'"(/static/{re.escape(name)}\?v=[0-9a-f]+)"', page).group(1)


def served(client, name: str):
    return client.get(address(client, name))


def test_the_script_is_served_without_its_comments_and_the_file_keeps_them(client):
    source = assets.joined(str(ROOT / "static"), "js/app.js")
    response = served(client, "js/app.js")
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and response.mimetype in ("text/javascript", "application/javascript")
    assert "// app.js: enhancements only" in source and "nhancements only" not in body
    assert len(body) < 0.6 * len(source)
    # What the script reads from the page and the browser keeps its names.
    for kept in ('"loot-ledger-outbox"', "data-bg", "serviceWorker", "localStorage", '"#next"'):
        assert kept in body


def test_the_stylesheet_is_served_minified_with_its_dark_colours(client):
    body = served(client, "css/app.css").get_data(as_text=True)
    source = (ROOT / "static/css/app.css").read_text()
    assert "/*" not in body and len(body) < len(source)
    assert "@media (prefers-color-scheme:dark)" in body and "--accent:#e0a24a" in body


def test_a_minified_file_is_kept_a_year_and_answers_a_revalidation_with_304(client):
    response = served(client, "js/app.js")
    assert "immutable" in response.headers["Cache-Control"] and response.headers["ETag"]
    again = client.get(address(client, "js/app.js"), headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_an_unknown_static_file_is_a_404(client):
    assert client.get("/static/js/nothing.js").status_code == 404
    assert client.get("/static/../companion/web.py").status_code == 404


def test_a_script_the_minifier_cannot_read_is_served_as_it_is(app, tmp_path):
    newer = tmp_path / "newer.js"
    newer.write_text("// a comment\nconst twice = (x) => x * 2;\n")
    with app.app_context():
        assert assets._minified(str(tmp_path), "newer.js", (0, 0)).decode() == newer.read_text()


def test_serve_minifies_everything_before_the_first_phone_asks(app, client):
    # serve warms the files on a thread as it starts: the first phone's app.js is then one
    # read of what was made, not seconds of parsing while the table waits.
    assets._minified.cache_clear()
    assets.warm(app)
    made = assets._minified.cache_info()
    assert made.currsize >= 5 and made.misses == made.currsize
    assert client.get("/static/js/app.js").status_code == 200
    assert client.get("/static/css/app.css").status_code == 200
    after = assets._minified.cache_info()
    assert after.misses == made.misses and after.hits == made.hits + 2
