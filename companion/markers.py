"""The translation markers: a message marked where it is written, translated where it is
shown. Pure Python, imported by the rules (``games/base.py`` hands them on) and by every
layer that keeps a message to say later; the catalog extractor looks for these names
(docs/translations.md)."""
from __future__ import annotations


def N_(text: str) -> str:
    """Mark a message for translation; the web layer translates it when it is shown.

    The rules stay free of Flask-Babel, so they carry the English message id and
    its arguments (see ``Msg``) and the catalog extractor looks for ``N_``.
    """
    return text


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a sentence and its plural for translation, kept for ``msg_n`` (the extractor
    reads ``Nn_`` and ``msg_n`` as a singular with its plural, as it reads ``ngettext``)."""
    return singular, plural
