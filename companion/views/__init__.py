"""One blueprint per area; each view is thin: read the record, ask the rules, render."""

import errno
from urllib.parse import quote, urlsplit
from zoneinfo import ZoneInfo

from flask import current_app, g, has_request_context, request, session, url_for

from .. import clock, periods
from ..games.base import msg
from ..history.groups import Group
from ..history.groups import current as group_of_session
from ..i18n import t
from ..markers import N_
from ..record import entries as records
from ..record.shape import Record, group_of
from ..storage import trash
from ..storage.store import NotSaved, Store

# HTTP 507 Insufficient Storage for a full disk; 503 for the rest (read-only, not allowed,
# the lock taken): the request was fine, the server could not keep it.
DISK_FULL_STATUS, CANNOT_WRITE_STATUS = 507, 503

# Every page's policy (web.py sets it on each response); the trust page widens connect-src.
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
       "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")


def store() -> Store:
    """The app's store: every view reaches the game records and the index through here."""
    found: Store = current_app.extensions["store"]
    return found


def safe_next(target: str | None, default: str = "/") -> str:
    """Only ever redirect to a path on this site, never to an address from the request; a
    control character (a line break from an address holding ``%0A``) cannot be in a
    Location header at all."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target \
            or any(ord(c) < 32 or ord(c) == 127 for c in target):
        return default
    parts = urlsplit(target)
    return default if parts.scheme or parts.netloc else target


def background() -> bool:
    """Sent by app.js in the background: it wants the page itself as the answer, not a
    redirect that would cost the phone a second round trip."""
    return request.headers.get("X-Requested-With") == "fetch"


def here() -> str:
    """This page's address, for a link that returns to it (the language switch, joining).

    For a POST it is the page the form was on -- a POST-only address would be a 405: a
    game's page for the forms under ``/games/<id>/``, else the page that sent it."""
    if request.method == "GET":
        # The path as it was sent (``%0A`` stays ``%0A``), not decoded into a line break.
        query = request.query_string.decode("latin-1")
        return quote(request.path, safe="/:@!$&'()*+,;=~") + (f"?{query}" if query else "")
    game_id = (request.view_args or {}).get("game_id")
    if isinstance(game_id, str):
        game = url_for("play.game", game_id=game_id)
        if request.path.startswith(game + "/"):
            return game
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc == request.host and referrer.path:
        return referrer.path
    return "/"


def sent_before(record: Record) -> bool:
    """Whether this form was sent before and is stored already (a double tap, Back then
    Save, a resend of a lost answer): its submission id is in the record."""
    return records.sent_before(record, request.form.get("submission", ""))


def current_group() -> Group | None:
    """The group this phone is in (from its session), or None when it must join one first."""
    if "group" not in g:
        g.group = group_of_session(store(), session)
    group: Group | None = g.group
    return group


def zone_name() -> str:
    """The time zone this phone sees times in: its group's, else its own (``clock.zone_name``)."""
    return clock.zone_name(current_group() if has_request_context() else None)


def zone() -> ZoneInfo:
    return periods.zone(zone_name())


def group_id() -> str:
    group = current_group()
    return group["id"] if group else ""


def mine_in_trash(game_id: str) -> Record | None:
    """The game's record if it is in the trash and this group's, else None."""
    record = trash.find(store(), game_id, now=clock.now())
    if record is None or group_of(record) != group_id():
        return None
    return record


def not_saved(error: NotSaved, headed: bool = False) -> tuple[str, int]:
    """What the phone is told when the disk refused a write, and the status to answer with.

    Every view that writes re-shows its form with what was typed and this message, so
    nothing typed is lost and the same form can be sent again once the disk has room. On a
    game page the refusal box is headed "Not saved" already (``headed``): there the message
    is the reason alone.
    """
    current_app.logger.error("not saved: %s (errno %s)", error.detail, error.errno)
    status = DISK_FULL_STATUS if error.disk_full else CANNOT_WRITE_STATUS
    if error.disk_full:
        why = msg(N_("The server's disk is full. Free some space on it, then send this again."))
    elif error.errno == errno.EROFS:
        why = msg(N_("The server's data folder is read-only. Make it writable, then send this again."))
    elif error.errno in (errno.EACCES, errno.EPERM):
        why = msg(N_("The server is not allowed to write to its data folder. Check its permissions, "
                     "then send this again."))
    elif error.errno is None:
        why = msg(N_("The server is busy with another change. Send this again."))
    else:
        why = msg(N_("The server could not write to its data folder (%(reason)s). Send this again "
                     "once it is fixed."), reason=error.detail)
    return t(why) if headed else t(msg(N_("Not saved: %(why)s"), why=why)), status
