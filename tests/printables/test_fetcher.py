"""The PDF renderer fetches our bundled static files and data: URLs, and nothing else."""
from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest
from weasyprint import HTML

from companion.printing import pdf
from tests.printables.conftest import Pdf

HOSTNAME = Path("/etc/hostname")
HOSTILE = """<h1>Sheet</h1>
<img src="file:///etc/hostname"><img src="http://127.0.0.1:9/x.png">
<link rel="stylesheet" href="file:///etc/hostname">
<link rel="attachment" href="file:///etc/hostname">
<link rel="attachment" href="http://127.0.0.1:9/secret">
<style>@import url("file:///etc/hostname"); body { background: url("file:///etc/passwd"); }</style>
<object data="file:///etc/hostname"></object><iframe src="file:///etc/hostname"></iframe>
<p>end</p>"""


@pytest.mark.parametrize("url", [
    "file:///etc/hostname", "FILE:///etc/hostname", "http://127.0.0.1:9/x.png",
    "https://example.invalid/font.ttf", "ftp://example.invalid/x", "/etc/hostname",
    "ledger-static:../../../etc/hostname", "ledger-static:/../companion/pdf.py",
    "ledger-static:../pyproject.toml", "ledger-static:css/missing.css",
])
def test_the_fetcher_refuses_anything_but_bundled_static_files(url):
    with pytest.raises(ValueError):
        pdf.FETCHER(url)


def test_the_fetcher_serves_a_bundled_font_and_a_data_url():
    font = pdf.FETCHER("ledger-static:fonts/DejaVuSansCondensed.ttf")
    assert font.read()[:4] == b"\x00\x01\x00\x00"
    data = pdf.FETCHER("data:text/plain;base64,aGVsbG8=")
    assert data.read() == b"hello"


def test_the_default_fetcher_would_embed_a_local_file():
    """The control: without our fetcher WeasyPrint attaches /etc/hostname to the PDF."""
    reader = pypdf.PdfReader(io.BytesIO(HTML(string=HOSTILE).write_pdf()))
    assert "hostname" in reader.attachments


def test_a_template_naming_local_and_remote_files_renders_without_them():
    document = Pdf(pdf.render(HOSTILE))
    assert document.reader.attachments == {}
    assert "Sheet" in document.text and "end" in document.text
    secret = HOSTNAME.read_text().strip()
    if secret:
        assert secret not in document.text
        assert secret.encode() not in document.data
    assert not document.reader.pages[0].images   # no image was loaded from anywhere


def test_the_bundled_font_is_embedded():
    document = Pdf(pdf.render("<p>Größe</p>"))
    fonts = {str(f["/BaseFont"]) for f in _fonts(document.reader)}
    assert any("Ledger-Sans" in name for name in fonts), fonts


def _fonts(reader):
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            yield font.get_object()


def test_the_print_stylesheet_uses_no_opentype_features():
    # WeasyPrint 70 keeps memory for every render that uses one (bench: rss_growth_...).
    text = (Path(__file__).resolve().parents[2] / "static/css/print.css").read_text()
    assert "font-variant-numeric" not in text.replace("No font-variant-numeric here", "")
    assert "font-feature-settings" not in text
