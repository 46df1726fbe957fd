"""Where the app's own files are, in a checkout and in an installed wheel.

The product keeps ``templates/`` and ``static/`` at the top of the repository; the wheel's
build copies them into the package (``companion/templates``, ``companion/static``), because
an installed package has no "folder above it" of its own: there, ``site-packages/static``
would be anybody's. Every module that needs one of these folders asks here, never
``Path(__file__).parent.parent``.
"""
from __future__ import annotations

from pathlib import Path

import click

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent

# Installed from a wheel, the package carries its templates; in a checkout (editable or
# not installed at all) it does not, and the top-level folders are the ones to use.
INSTALLED = (PACKAGE / "templates").is_dir()


def resource(name: str) -> Path:
    """The folder ``templates`` or ``static``: inside the installed package, else the
    checkout's top-level one."""
    return PACKAGE / name if INSTALLED else CHECKOUT / name


# The static files: the phone's, and the fonts and style sheet a PDF is made with.
STATIC = resource("static").resolve()


def default_printables() -> Path:
    """Where ``printables`` writes its PDFs when no folder is given: the checkout's
    ``printables/``; for an installed app, ``printables/`` in the current folder (never
    inside site-packages)."""
    return Path.cwd() / "printables" if INSTALLED else CHECKOUT / "printables"


class FolderNotWritable(click.ClickException):
    """The instance or data folder is not this user's to write: one line that says what to
    do (a command prints it as it prints any ClickException; a server's log shows it)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(
            f"cannot write {error.filename or 'the instance folder'} ({error.strerror}): let "
            "this user write there, or choose other folders with COMPANION_INSTANCE_PATH (and "
            "COMPANION_DATA_DIR for the data)")
