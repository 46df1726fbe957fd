"""Groups: join with a code, a link or a QR code; the group's settings and its players."""
from __future__ import annotations

from typing import Any

import segno
from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup

from ..forms import CSRF_MESSAGE, choices, guard_messages
from ..forms.groups import (
    AddPlayerForm,
    CodeForm,
    GroupNameForm,
    JoinForm,
    JoinLinkForm,
    MergeForm,
    NewGroupForm,
    RemovePlayerForm,
    RenameForm,
    RestoreForm,
    UndoAliasForm,
)
from ..games.base import Msg, msg, msg_n
from ..history import groups
from ..i18n import t
from ..markers import N_, Nn_
from ..record.shape import DEFAULT_GROUP
from ..serving import network
from ..storage.store import NotSaved
from . import background, current_group, group_id, here, not_saved, safe_next, store

bp = Blueprint("groups", __name__)

# Pages a phone reaches before it is in a group: joining, the language switch, the
# read-only share links, the static files and the trust page (a phone trusts the table first).
OPEN = {"groups.join", "groups.join_link", "share.view", "static", "home.language",
        "offline.worker", "offline.page", "trust.page", "trust.certificate", "trust.profile",
        "trust.ping"}
WRONG = N_("Wrong group name or access code.")
SIGNED_OUT = N_("This phone has to join its group again (its access code may have changed): this "
                "is not stored yet. Join, and it is sent as soon as the game is open.")
TOO_MANY = Nn_("Too many wrong codes from this device. Try again in %(n)s second.",
            "Too many wrong codes from this device. Try again in %(n)s seconds.")



@bp.before_app_request
def need_a_group() -> Any:
    if request.endpoint is None or request.endpoint in OPEN:
        return None
    if current_group() is None:
        # Back to this page after joining; for a form, to the page it was sent from.
        to_join = url_for("groups.join", next=here())
        if request.method == "POST" and background():
            # app.js keeps what it sent on the phone and shows this beside it.
            return render_template("errors/error.html", code=403, message=t(SIGNED_OUT), keep=True,
                                   link=(to_join, t(N_("Join")))), 403
        return redirect(to_join, 303)
    return None


def _address() -> str:
    return request.remote_addr or "unknown"


def _throttled(target: str | None) -> int:
    """0 when this address may try a code for the group ``target`` now (the try is counted
    as wrong until it succeeds), else the seconds it must wait. Only this address's own
    wrong codes make it wait: others' flood at the group never keeps out the right code."""
    wait = groups.attempt(store(), _address(), target)
    if wait:
        current_app.logger.warning("join refused: %s must wait %ss after wrong codes at %s",
                                   _address(), wait, target or "no group")
    return wait


def _too_many(wait: int) -> Msg:
    return msg_n(*TOO_MANY, wait)


def _enter(group: groups.Group) -> None:
    """This phone is in ``group`` from now on. Coming from another group, the answer also asks
    the browser to forget what it cached of the pages it saw there (Clear-Site-Data)."""
    if (session.get("group") or DEFAULT_GROUP) != group["id"]:  # as groups.current reads it
        g.other_group = True
    groups.enter(session, group)


@bp.after_request
def _forget_the_other_group(response: Any) -> Any:
    if g.get("other_group"):
        response.headers["Clear-Site-Data"] = '"cache"'
    return response


def _wrong(what: str, target: str | None) -> None:
    groups.missed(store(), _address(), target)
    count = groups.failures(store(), _address(), target)
    current_app.logger.warning("wrong %s from %s (%d in a row)", what, _address(), count)


@bp.route("/join", methods=["GET", "POST"])
def join() -> Any:
    form = JoinForm()
    if request.method == "GET":
        form.next.data = safe_next(request.args.get("next"))
    messages: list[str] = []
    status = 200
    if request.method == "POST":
        status = 422
        if not form.validate():
            messages = [t(CSRF_MESSAGE)] if "csrf_token" in form.errors else []
        else:
            group = groups.find_by_name(store(), form.name.data or "")
            target = group["id"] if group else groups.no_group(form.name.data or "")
            if wait := _throttled(target):
                messages, status = [t(_too_many(wait))], 429
            elif group is None or not groups.check_code(group, form.code.data or ""):
                _wrong("access code", target)
                messages = [t(WRONG)]
            else:
                groups.succeeded(store(), _address(), group["id"])
                _enter(group)
                return redirect(safe_next(form.next.data, url_for("home.index")), 303)
    return render_template("groups/join.html", form=form, messages=messages,
                           group=current_group()), status


@bp.route("/join/<gid>/<token>", methods=["GET", "POST"])
def join_link(gid: str, token: str) -> Any:
    group = groups.get(store(), gid)
    target = group["id"] if group else groups.no_group(gid)
    if wait := _throttled(target):
        return render_template("groups/join.html", form=JoinForm(), group=current_group(),
                               messages=[t(_too_many(wait))]), 429
    if group is None or not groups.token_matches(current_app.config["SECRET_KEY"], group, token):
        _wrong("join link", target)
        abort(404)
    groups.succeeded(store(), _address(), group["id"])  # the link's token was right
    form = JoinLinkForm()
    if request.method == "POST":
        if form.validate():
            _enter(group)
            return redirect(url_for("home.index"), 303)
        return render_template("groups/join_link.html", form=form, group=group,
                               messages=[t(CSRF_MESSAGE)]), 422
    return render_template("groups/join_link.html", form=form, group=group, messages=[])


# -- the group's own pages -----------------------------------------------------------------

def mine(gid: str) -> groups.Group:
    """This phone's group, when ``gid`` names it; any other group answers 404."""
    group = current_group()
    if group is None or group["id"] != gid:
        abort(404)
    return group


def _qr(url: str) -> Markup:
    # Black on white whatever the theme: cameras read dark modules on a light ground.
    return Markup(segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff",
                                                         svgclass="qr", omitsize=True))


@bp.get("/group")
def settings_current() -> Any:
    return redirect(url_for("groups.settings", gid=group_id()), 303)


SHOWN_INVITE = "shown_invite"  # the groups whose join link this phone has shown (home's step 2)


def reachable(phones: network.Base) -> bool:
    """Whether the links made for other phones can work: the server listens beyond this
    computer, and this computer has an address on the network."""
    return not phones.closed and phones.source != "none"


def invite_shown(gid: str) -> bool:
    return gid in session.get(SHOWN_INVITE, ())


def _settings(group: groups.Group, status: int = 200, **forms: Any) -> Any:
    games = groups.players(store(), group["id"])
    players = sorted(games, key=str.casefold)
    phones = network.base()
    if reachable(phones) and not invite_shown(group["id"]):
        session[SHOWN_INVITE] = [*session.get(SHOWN_INVITE, ()), group["id"]][-10:]
    link = phones.url_for("groups.join_link", gid=group["id"],
                          token=groups.invite_token(current_app.config["SECRET_KEY"], group))
    # Without a code any phone on the network just opens the app: show where.
    address = phones.url_for("home.index")
    # The forms not being answered start empty (formdata=None): after a refused POST,
    # Flask-WTF would fill every form on the page from the posted fields.
    rename = forms.get("rename") or RenameForm(formdata=None)
    merge = forms.get("merge") or MergeForm(formdata=None)
    rename.player.choices = merge.player.choices = merge.into.choices = choices((p, p) for p in players)
    return render_template(
        "groups/settings.html", group=group, players=players, games=games, link=link,
        finished=groups.finished_games(store(), group["id"]),
        reachable=reachable(phones), remove_form=forms.get("remove") or RemovePlayerForm(formdata=None),
        adding=bool(request.args.get("add")) or "add" in forms,
        qr=_qr(link if group.get("code_hash") else address), address=address, phones=phones,
        aliases=groups.aliases(store(), group["id"]), undo_form=UndoAliasForm(formdata=None),
        code_form=forms.get("code") or CodeForm(formdata=None),
        name_form=forms.get("name") or GroupNameForm(formdata=None, name=t(groups.display_name(group))),
        new_form=forms.get("new") or NewGroupForm(formdata=None),
        add_form=forms.get("add") or AddPlayerForm(formdata=None),
        rename_form=rename, merge_form=merge,
        restore_form=forms.get("restore") or RestoreForm(formdata=None),
        zone_form=forms.get("zone"),
        messages=forms.get("messages", [])), status


def refused(form: Any, error: groups.GroupError | None = None) -> list[str]:
    """Messages for a refused form: CSRF or a hidden field, the rule that refused it (next
    to its field)."""
    if said := guard_messages(form):
        return said
    if error is not None:
        field = getattr(form, error.field, None) if error.field else None
        if field is not None:
            field.errors = list(field.errors or []) + [t(error.message)]
            return []
        return [t(error.message)]
    return []


@bp.get("/groups/<gid>")
def settings(gid: str) -> Any:
    return _settings(mine(gid))


def _change(gid: str, key: str, form: Any, action: Any, done: Any, to: str = "",
            where: str = "message") -> Any:
    """Validate ``form``, run ``action`` (which may raise GroupError), then PRG or re-show.
    ``done`` is the notice, or a function of what ``action`` returned that makes it; ``to``
    the settings page's address to go back to (with its anchor), ``where`` the flash's
    category (``players``: shown in that section, where the answer lands)."""
    group = mine(gid)
    to = to or url_for("groups.settings", gid=gid)
    if form.validate():
        try:
            result = action(form)
        except groups.SentBefore:
            flash(t(done if isinstance(done, str) else done(None)), where)  # done already, by this form sent before
            return redirect(to, 303)
        except groups.GroupError as error:
            return _settings(group, 422, **{key: form, "messages": refused(form, error)})
        except NotSaved as error:
            text, status = not_saved(error)
            return _settings(group, status, **{key: form, "messages": [text]})
        flash(t(done if isinstance(done, str) else done(result)), where)
        return redirect(to, 303)
    return _settings(group, 422, **{key: form, "messages": refused(form)})


@bp.post("/groups/<gid>/code")
def set_code(gid: str) -> Any:
    def action(form: CodeForm) -> None:
        group = groups.set_code(store(), gid, form.code.data or "")
        groups.enter(session, group)  # this phone stays in; the others join with the new code
    return _change(gid, "code", CodeForm(), action,
                   N_("The access code is set. Other phones join with it (or the new link)."))


@bp.post("/groups/<gid>/name")
def rename_group(gid: str) -> Any:
    return _change(gid, "name", GroupNameForm(),
                   lambda f: groups.rename_group(store(), gid, f.name.data or ""),
                   N_("The group is renamed."))


@bp.post("/groups/new")
def new_group() -> Any:
    form = NewGroupForm()
    gid = group_id()

    waited = {"seconds": 0}

    def action(form: NewGroupForm) -> None:
        made = groups.made_by(store(), form.submission.data or "")
        if made is not None:
            raise groups.SentBefore(made)  # before the count: a resend makes no new group
        take_back = groups.count_new_group(store(), _address())
        try:
            made = groups.create(store(), form.name.data or "", form.code.data or "",
                                 form.submission.data or "")
        except groups.GroupError:
            take_back()  # no group made: a name in use, a resent form (SentBefore)
            raise
        except NotSaved:
            take_back()
            raise
        _enter(made)

    def made_before(form: NewGroupForm) -> None:
        try:
            action(form)
        except groups.SentBefore as again:
            # A resend after a lost answer: the phone may have missed the session that put it
            # in; the code it sent again is the new group's, so it is let in as before. The
            # code is checked like any join's (throttled): a submission id is no secret.
            target = again.group["id"]
            if wait := _throttled(target):
                waited["seconds"] = wait
                raise groups.GroupError(_too_many(wait)) from None
            if groups.check_code(again.group, form.code.data or ""):
                groups.succeeded(store(), _address(), target)
                _enter(again.group)
            else:
                _wrong("access code (new-group form sent again)", target)
            raise
    response = _change(gid, "new", form, made_before, N_("The new group is made, and this phone is in it."))
    if waited["seconds"] and isinstance(response, tuple):
        return response[0], 429
    if getattr(response, "status_code", 0) == 303:
        return redirect(url_for("groups.settings_current"), 303)
    return response


@bp.post("/groups/<gid>/players")
def add_player(gid: str) -> Any:
    # Back to the open, empty name field, focused (``autofocus``; an anchor in the address
    # would stop it): the next player is typed at once.
    return _change(gid, "add", AddPlayerForm(),
                   lambda f: groups.add_player(store(), gid, f.name.data or "",
                                               f.submission.data or ""),
                   lambda name: (msg(N_("%(name)s is in the group. Add the next player, or start a "
                                        "game on the Games page."), name=name) if name
                                 else N_("The player is added.")),
                   to=url_for("groups.settings", gid=gid, add=1), where="players")


@bp.post("/groups/<gid>/remove-player")
def remove_player(gid: str) -> Any:
    return _change(gid, "remove", RemovePlayerForm(),
                   lambda f: groups.remove_player(store(), gid, f.player.data or "",
                                                  f.submission.data or ""),
                   lambda name: (msg(N_("%(name)s is no longer a player of this group."), name=name)
                                 if name else N_("The player is removed.")),
                   to=url_for("groups.settings", gid=gid, _anchor="players"), where="players")


@bp.post("/groups/<gid>/players/rename")
def rename_player(gid: str) -> Any:
    return _change(gid, "rename", RenameForm(),
                   lambda f: groups.rename(store(), gid, f.player.data or "", f.name.data or "",
                                           f.submission.data or ""),
                   N_("The player is renamed."))


@bp.post("/groups/<gid>/players/merge")
def merge_players(gid: str) -> Any:
    return _change(gid, "merge", MergeForm(),
                   lambda f: groups.merge(store(), gid, f.player.data or "", f.into.data or "",
                                          f.submission.data or ""),
                   N_("The players are merged. Their games now count together."))


@bp.post("/groups/<gid>/aliases/<alias_id>/undo")
def undo_alias(gid: str, alias_id: str) -> Any:
    mine(gid)
    if alias_id not in {a["id"] for a in groups.aliases(store(), gid)}:
        abort(404)
    return _change(gid, "undo", UndoAliasForm(),
                   lambda f: groups.undo_alias(store(), gid, alias_id),
                   N_("Taken back: those games count for the name they were entered with."))
