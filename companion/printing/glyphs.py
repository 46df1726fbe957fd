"""What the printed pages can show: the width of a text in our bundled font, and whether any
font on this machine has a character. No WeasyPrint in here (the server never imports it).

A name in a narrow cell (the dealer of a hand, the holder of the re-roll chip) is shortened
to what fits, measured with the bundled font's own advance widths, so the PDF shows and
holds exactly what fits and never runs into the next cell. A character that no font has
(an emoji or a CJK name on a machine without such fonts) would print as an empty box; it
prints as a visible placeholder instead, and the sheet spells the name out in its legend.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import threading
import unicodedata
from functools import cache, lru_cache
from itertools import pairwise

from ..paths import STATIC

# Names are measured in the regular face (no cell shortens a bold one); both faces print.
FONT = STATIC / "fonts" / "DejaVuSansCondensed.ttf"
FONTS = (FONT, STATIC / "fonts" / "DejaVuSansCondensed-Bold.ttf")
PLACEHOLDER = "\ufffd"           # the replacement character: DejaVu draws it as a marked box
FSI, PDI = "\u2068", "\u2069"     # first-strong isolate ... pop directional isolate
NO_BREAK = "\u00a0"
# WeasyPrint sets each line of a paragraph apart, and Pango takes a line's direction from its
# first strong letter: a left-to-right mark before the isolate keeps a line that starts with
# a right-to-left name left to right.
START = "\u200e" + FSI
# The explicit direction controls (embeddings, overrides, isolates): invisible, and one in a
# name (an unmatched PDI above all) would turn the text around it.
BIDI_CONTROLS = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C])
ELLIPSIS = "…"
MM_PER_PT = 25.4 / 72
_LOCK = threading.Lock()


@cache
def _metrics() -> tuple[dict[int, int], int, int]:
    """(advance width per character, units per em, advance of an unknown character)."""
    from fontTools.ttLib import TTFont  # only when a sheet is laid out

    with _LOCK:
        font = TTFont(str(FONT), lazy=True)
        cmap, hmtx = font.getBestCmap(), font["hmtx"]
        units = font["head"].unitsPerEm
        widths = {code: hmtx[name][0] for code, name in cmap.items()}
        font.close()
    return widths, units, units   # a character from another font: about an em wide


@cache
def _kerning() -> dict[tuple[str, str], int]:
    """The font's kerning pairs by character. The shaper applies them ("Tr", "AV", "Wo"
    draw tighter than their advances add up to: 0.9 mm less for "Trade · Trade" at 9 pt);
    the font's old-style kern table holds the same pairs as its OpenType kerning."""
    from fontTools.ttLib import TTFont

    with _LOCK:
        font = TTFont(str(FONT), lazy=True)
        chars: dict[str, list[str]] = {}
        for code, name in font.getBestCmap().items():
            chars.setdefault(name, []).append(chr(code))
        pairs = font["kern"].kernTables[0].kernTable if "kern" in font else {}
        kerning = {(a, b): value for (left, right), value in pairs.items()
                   for a in chars.get(left, ()) for b in chars.get(right, ())}
        font.close()
    return kerning


@lru_cache(maxsize=4096)
def width_mm(text: str, size_pt: float) -> float:
    """How wide ``text`` prints in the bundled font, kerning included. (A long ledger
    measures the same few words and gaps over and over: they are remembered.)"""
    widths, units, unknown = _metrics()
    kerning = _kerning()
    text = text.translate(BIDI_CONTROLS)   # they take no room on the page
    advance = sum(widths.get(ord(c), unknown) for c in text)
    advance += sum(kerning.get(pair, 0) for pair in pairwise(text))
    return advance * size_pt / units * MM_PER_PT


def fit(text: str, room_mm: float, size_pt: float) -> str:
    """``text``, or as much of it as fits ``room_mm`` followed by an ellipsis. A margin of
    a twentieth covers kerning and rounding. An isolated name stays isolated."""
    if text.startswith(START) and text.endswith(PDI):
        return START + fit(text[len(START):-1], room_mm, size_pt) + PDI
    room = room_mm * 0.95
    if width_mm(text, size_pt) <= room:
        return text
    cut = len(text)
    while cut > 1 and width_mm(text[:cut].rstrip() + ELLIPSIS, size_pt) > room:
        cut -= 1
    return text[:cut].rstrip() + ELLIPSIS


# -- which characters some font has ------------------------------------------------------

class _Fontconfig:
    """The machine's fonts as fontconfig knows them (the same that WeasyPrint falls back to),
    plus our bundled font, asked through libfontconfig."""

    def __init__(self) -> None:
        path = ctypes.util.find_library("fontconfig")
        self.lib = ctypes.CDLL(path) if path else None
        self.config = None
        if self.lib is None:
            return
        lib = self.lib
        lib.FcInitLoadConfigAndFonts.restype = ctypes.c_void_p
        lib.FcConfigAppFontAddFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        lib.FcPatternCreate.restype = ctypes.c_void_p
        lib.FcCharSetCreate.restype = ctypes.c_void_p
        lib.FcCharSetAddChar.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
        lib.FcPatternAddCharSet.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        lib.FcObjectSetBuild.restype = ctypes.c_void_p
        lib.FcObjectSetBuild.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
        lib.FcFontList.restype = ctypes.c_void_p
        lib.FcFontList.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        lib.FcFontSetDestroy.argtypes = [ctypes.c_void_p]
        lib.FcPatternDestroy.argtypes = [ctypes.c_void_p]
        lib.FcCharSetDestroy.argtypes = [ctypes.c_void_p]
        lib.FcObjectSetDestroy.argtypes = [ctypes.c_void_p]
        self.config = lib.FcInitLoadConfigAndFonts()
        for font in FONTS:
            lib.FcConfigAppFontAddFile(self.config, str(font).encode())

    def has(self, char: str) -> bool:
        """Does any font have ``char``? Without fontconfig, only what the bundled font has."""
        if self.lib is None or self.config is None:
            return ord(char) in _metrics()[0]
        lib = self.lib
        with _LOCK:
            pattern, charset = lib.FcPatternCreate(), lib.FcCharSetCreate()
            lib.FcCharSetAddChar(charset, ord(char))
            lib.FcPatternAddCharSet(pattern, b"charset", charset)
            objects = lib.FcObjectSetBuild(b"family", None)
            fonts = lib.FcFontList(self.config, pattern, objects)
            count = ctypes.cast(fonts, ctypes.POINTER(ctypes.c_int))[0] if fonts else 0
            if fonts:
                lib.FcFontSetDestroy(fonts)
            lib.FcObjectSetDestroy(objects)
            lib.FcPatternDestroy(pattern)
            lib.FcCharSetDestroy(charset)
        return count > 0


@cache
def _fontconfig() -> _Fontconfig:
    return _Fontconfig()


@cache
def printable(char: str) -> bool:
    """Can a PDF show this character: the bundled font or a system font has it (spaces and
    invisible joiners need no glyph)."""
    if char.isspace() or unicodedata.category(char) in ("Cf", "Mn", "Me"):
        return True
    return ord(char) in _metrics()[0] or _fontconfig().has(char)


def shown(text: str) -> str:
    """``text`` with each character no font has replaced by the visible placeholder."""
    return "".join(c if printable(c) else PLACEHOLDER for c in text)


def isolated(name: str) -> str:
    """A name as it prints beside other text: without direction controls of its own, and,
    when it has a right-to-left letter, set apart (FSI ... PDI) so that it reads in its own
    direction and leaves the digits and signs after it alone ("محمد: 5→13", not "13→5
    :محمد"). WeasyPrint (Pango) and browsers honour the isolates; a name in Latin letters
    needs none and is printed as it is."""
    name = name.translate(BIDI_CONTROLS)
    if any(unicodedata.bidirectional(c) in ("R", "AL", "AN") for c in name):
        # Kept on one line: WeasyPrint lays out the rest of a broken line afresh, and a
        # name broken across two lines loses its isolate on the second (2→8 prints 8→2).
        return START + name.replace(" ", NO_BREAK) + PDI
    return name


def printed_name(name: str) -> str:
    """A player's name as every printed page shows it."""
    return isolated(shown(name.translate(BIDI_CONTROLS)))


def spelled(text: str) -> str:
    """The characters of ``text`` no font has, by their Unicode names, for the legend:
    "Ann[SMILING FACE WITH SUNGLASSES]"."""
    return "".join(c if printable(c) else f"[{unicodedata.name(c, f'U+{ord(c):04X}')}]" for c in text)


def unprintable(names: list[str]) -> list[tuple[str, str]]:
    """(as printed, spelled out) for each name with a character no font has."""
    names = [n.translate(BIDI_CONTROLS) for n in names]
    return [(shown(n), spelled(n)) for n in names if shown(n) != n]
