"""``loot-ledger`` (and ``python -m companion``): the app's commands from any folder, without
``flask --app``. Here, above both the factory and the commands, so that neither imports the other."""
from __future__ import annotations

import click
from flask.cli import FlaskGroup

from . import create_app
from .cli import COMMANDS


class Commands(FlaskGroup):
    # The list needs no app: one that cannot start (a folder it cannot write) would
    # replace the list with its traceback; the command run says why, in one line.
    def list_commands(self, ctx: click.Context) -> list[str]:
        return click.Group.list_commands(self, ctx)


def main() -> None:
    # Only the app's own commands: Flask's run, routes and shell are for developing Flask
    # apps (`flask --app app` in a checkout keeps them), not for a host at a game night.
    group = Commands(name="loot-ledger", create_app=create_app, load_dotenv=False,
                     add_version_option=False, add_default_commands=False, commands=COMMANDS,
                     help="Loot Ledger: serve the app, import or back up games, print sheets.")
    # The app is always this one: flask's --app, --env-file and --debug (for its run) would only confuse here.
    group.params = [p for p in group.params if p.name not in ("app", "env_file", "debug")]
    click.version_option(package_name="loot-ledger", prog_name="loot-ledger")(group)
    group.main(prog_name="loot-ledger")


if __name__ == "__main__":
    main()
