"""Text and numbers from users, cleaned once, where they come in: every form field (see
forms/base.py), a game's players and note (records.py), an imported record or a restored
backup (transfer.py, backup.py), a group's and its players' names (groups.py).

Kept out: control characters (NUL, escape ...; a note keeps its line breaks), the
characters that reorder text (bidi embeddings, overrides, isolates), invisible format
characters (zero-width space, soft hyphen, BOM) and lone surrogates, which cannot even be
written as UTF-8. The zero-width (non-)joiner stays in stored text, as emoji and some
scripts need it. Text is stored in Unicode's composed form (NFC), as typed otherwise.

Two names are the same player when their ``identity`` is: compatibility-normalised (NFKC:
full-width "Ａnn" is "Ann"), case-folded, without any invisible character.

A number is plain ASCII digits with an optional sign -- not "1_0", "²", "١٠" or "1.5",
which Python's ``int`` would read or choke on -- and at most ``MAX_DIGITS`` of them.

At the edge (a form, an import, a query string) text goes through ``field_text`` and
numbers through ``whole``: what cannot be taken as it is raises ``Refused`` with the
message to show next to the field. Nothing is cut short without a word.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from .games.base import Msg, msg
from .markers import N_

# The zero-width joiner and non-joiner, kept in stored text (emoji sequences, scripts).
JOINERS = "\u200c\u200d"
MAX_DIGITS = 9
NUMBER = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
# A submission id as pages write them (uuid4 hex), or as a client makes its own.
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


class Refused(ValueError):
    """Text or a number that cannot be taken as it is; ``message`` says why."""

    def __init__(self, message: Msg):
        self.message = message
        super().__init__(message.text)


TOO_LONG = N_("At most %(max)s characters, please (this has %(n)s).")
INVISIBLE = N_("This has only characters that cannot be seen. Type it with letters or digits.")
NOT_A_NUMBER = N_("Enter a whole number.")
TOO_LARGE = N_("That number is too large: at most %(max)s digits.")
LONG_NUMBER = re.compile(r"[+-]?[0-9]+")


def field_text(value: Any, limit: int, *, lines: bool = False) -> str:
    """Typed text cleaned (``clean``), or ``Refused``: longer than ``limit`` characters
    once cleaned, or nothing left of a value that was not blank (a name typed with only
    zero-width spaces is no name, and not "no name typed" either)."""
    cleaned = clean(value, lines=lines)
    if len(cleaned) > limit:
        raise Refused(msg(TOO_LONG, max=limit, n=len(cleaned)))
    if not cleaned and str(value or "").strip():
        raise Refused(msg(INVISIBLE))
    return cleaned


def number(value: Any) -> int | None:
    """``whole``, refused with the message a form shows next to the field."""
    try:
        return whole(value)
    except ValueError:
        # Digits past MAX_DIGITS are a whole number, just not one a game can hold: saying
        # "Enter a whole number." to someone who typed one reads as a bug.
        if LONG_NUMBER.fullmatch(str(value).strip()):
            raise Refused(msg(TOO_LARGE, max=MAX_DIGITS)) from None
        raise Refused(msg(NOT_A_NUMBER)) from None


def _unwanted(char: str, keep: str) -> bool:
    if char in keep:
        return False
    category = unicodedata.category(char)
    # Cc controls, Cf format (bidi, zero-width, BOM), Cs surrogates, Zl/Zp line separators
    # (a line break of their own, which only a multi-line text keeps, as "\n").
    return category in ("Cc", "Cf", "Cs", "Zl", "Zp") or char in "\ufffe\uffff"


def clean(value: Any, *, lines: bool = False) -> str:
    """One line of text (a name, a reason): runs of spaces made one, ends stripped. With
    ``lines`` (a note) the line breaks stay, each line's ends stripped."""
    text = unicodedata.normalize("NFC", str(value or ""))
    if lines:
        text = re.sub(r"\r\n?|[\u2028\u2029\x85\x0b\x0c]", "\n", text)
        kept = "".join(c for c in text if not _unwanted(c, JOINERS + "\n\t"))
        return "\n".join(" ".join(line.split()) for line in kept.split("\n")).strip("\n")
    kept = "".join(" " if c in "\t\n\r\x0b\x0c\x85\u2028\u2029" else c for c in text
                   if c in "\t\n\r" or not _unwanted(c, JOINERS))
    return " ".join(kept.split())


@lru_cache(maxsize=8192)
def identity(name: str) -> str:
    """What two names must share to be the same player (lists of names repeat a lot)."""
    text = unicodedata.normalize("NFKC", str(name))
    return " ".join("".join(c for c in text if not _unwanted(c, "")).casefold().split())


def whole(value: Any) -> int | None:
    """A typed whole number, or None for nothing typed; ValueError for anything else."""
    text = str(value).strip() if value is not None else ""
    if not text:
        return None
    if not NUMBER.fullmatch(text):
        raise ValueError(value)
    return int(text)


def is_token(value: Any) -> bool:
    """Whether ``value`` is a submission id: 1 to 64 letters, digits, - or _ (ASCII)."""
    return isinstance(value, str) and TOKEN.fullmatch(value) is not None


def typed_number(value: Any) -> Any:
    """A typed number as an int; nothing typed as None; anything else as typed, so the rules
    refuse it next to its field ("Enter a whole number.")."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    try:
        return whole(value)
    except ValueError:
        return str(value)
