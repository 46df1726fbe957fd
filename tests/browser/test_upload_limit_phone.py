"""A phone picks a file far too large for the import, through the real `serve`: the answer is
the app's own page in the phone's language, not the browser's connection error."""
from __future__ import annotations

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.test_server import serving


@pytest.mark.parametrize("mib", [100, 10])  # refused by the server, by the import page
def test_a_file_too_large_to_import_gets_the_app_s_page_in_german(tmp_path, browser, browser_context_args, mib):
    big = tmp_path / "photo.json"
    with big.open("wb") as out:
        out.truncate(mib * 1024 * 1024)
    with serving(tmp_path) as (base, _):
        context = browser.new_context(**browser_context_args, locale="de-DE")
        page = context.new_page()
        page.goto(f"{base}/import")
        page.set_input_files("input[type=file]", str(big))
        with page.expect_navigation():
            page.locator("button[type=submit].primary").tap()
        assert page.locator("main h1").inner_text() == "413"
        assert "Das war zu groß." in page.locator("main").inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"upload-too-large-{mib}-mib-de.png"))
        context.close()
