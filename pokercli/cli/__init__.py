"""The command line: :mod:`~pokercli.cli.app` (the Typer app, its one error
boundary and exit statuses), :mod:`~pokercli.cli.options` (options shared by
several commands) and :mod:`~pokercli.cli.commands` (one thin function per
subcommand: options -> the API -> the render layer).
"""

from __future__ import annotations

import copy
import os
import sys

import typer

from pokercli.cli import commands  # noqa: F401 - registers the subcommands on app
from pokercli.cli.app import ExitStatus, app, in_flags, run

__all__ = ["ExitStatus", "app", "app_for", "in_flags", "main", "run"]


def main() -> None:
    from pokercli._stop import exit_past_compiles, install
    from pokercli.render import guard_stdout

    install()
    guard_stdout()
    try:
        app_for(sys.argv[1:])()
    except SystemExit as e:
        exit_past_compiles(e.code)
        raise
    exit_past_compiles(0)


def app_for(words: list[str]) -> typer.Typer:
    """The app, or where the first word names one of its commands (and no
    shell completion is under way), a copy of it that registers that command
    alone. Typer builds every registered command from its signature at each
    start, about 20 ms for all of them, and only the named one can run; its
    help, options, errors and output are the same."""
    if not words or os.environ.get("_POKERCLI_COMPLETE"):
        return app
    from typer.main import get_command_name

    named = [c for c in app.registered_commands
             if (c.name or get_command_name(c.callback.__name__)) == words[0]]
    if len(named) != 1:
        return app
    one = copy.copy(app)
    one.registered_commands = named
    return one
