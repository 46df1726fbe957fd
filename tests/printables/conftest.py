"""Helpers for the printables tests: read a PDF's pages and text, save page 1 as a PNG."""
from __future__ import annotations

import io
import json
import re
import subprocess
from pathlib import Path

import pypdf
import pytest

from companion.history.transfer import import_record

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "printables"


class Pdf:
    def __init__(self, data: bytes):
        assert data.startswith(b"%PDF-"), data[:200]
        self.data = data
        self.reader = pypdf.PdfReader(io.BytesIO(data))
        self.pages = len(self.reader.pages)
        # One space for any run of whitespace: table cells and wrapped lines read as words.
        self.text = " ".join(" ".join(p.extract_text() for p in self.reader.pages).split())

    def size_pt(self) -> tuple[float, float]:
        box = self.reader.pages[0].mediabox
        return float(box.width), float(box.height)


def save_png(data: bytes, name: str) -> Path:
    """Page 1 at 60 dpi in test-artifacts/printables/, for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    source = ARTIFACTS / f"{name}.pdf"
    source.write_bytes(data)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile",
                    str(source), str(ARTIFACTS / name)], check=True)
    source.unlink()
    png = ARTIFACTS / f"{name}.png"
    assert png.stat().st_size > 5000
    return png

