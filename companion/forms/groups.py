"""Forms of the group pages: join, access code, players, share links, restore. Shape only."""
from __future__ import annotations

from flask_wtf.file import FileField, FileRequired
from wtforms import HiddenField, PasswordField, SelectField, StringField
from wtforms.validators import InputRequired, Length

from ..markers import N_
from ..record.entries import MAX_NAME
from . import new_submission, strict_submission
from .base import LedgerForm

REQUIRED = N_("This field is required.")


class JoinForm(LedgerForm):
    name = StringField(N_("Group"), validators=[InputRequired(message=REQUIRED), Length(max=40)])
    code = PasswordField(N_("Access code"), validators=[Length(max=200)])
    next = HiddenField()


class JoinLinkForm(LedgerForm):
    pass


class CodeForm(LedgerForm):
    code = PasswordField(N_("New access code"), validators=[InputRequired(message=REQUIRED),
                                                            Length(max=200)])


class GroupNameForm(LedgerForm):
    name = StringField(N_("Name of the group"), validators=[InputRequired(message=REQUIRED),
                                                            Length(max=40)])


class NewGroupForm(LedgerForm):
    submission = HiddenField(default=new_submission, validators=[strict_submission])
    name = StringField(N_("Name of the new group"), validators=[InputRequired(message=REQUIRED),
                                                                Length(max=40)])
    code = PasswordField(N_("Its access code"), validators=[InputRequired(message=REQUIRED),
                                                            Length(max=200)])


class AddPlayerForm(LedgerForm):
    submission = HiddenField(default=new_submission, validators=[strict_submission])
    name = StringField(N_("Name"), validators=[InputRequired(message=REQUIRED), Length(max=MAX_NAME)])


class RenameForm(LedgerForm):
    submission = HiddenField(default=new_submission, validators=[strict_submission])
    player = SelectField(N_("Player"), validate_choice=False)
    name = StringField(N_("New name"), validators=[InputRequired(message=REQUIRED),
                                                   Length(max=MAX_NAME)])


class MergeForm(LedgerForm):
    submission = HiddenField(default=new_submission, validators=[strict_submission])
    player = SelectField(N_("Player"), validate_choice=False)
    into = SelectField(N_("is the same person as"), validate_choice=False)


class UndoAliasForm(LedgerForm):
    pass


class ShareForm(LedgerForm):
    pass


class RestoreForm(LedgerForm):
    file = FileField(N_("Backup (JSON)"), validators=[FileRequired(message=N_("Choose a file."))])


class RemovePlayerForm(LedgerForm):
    """One button beside a player who has played no game."""
    submission = HiddenField(default=new_submission, validators=[strict_submission])
    player = HiddenField(validators=[InputRequired(message=REQUIRED), Length(max=MAX_NAME)])


class BGStatsImportForm(LedgerForm):
    """The tap that stores a BG Stats export its summary showed: the file it was read from."""
    token = HiddenField(validators=[InputRequired(message=REQUIRED), Length(min=16, max=64)])
