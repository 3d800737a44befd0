"""The command line: :mod:`~pokercli.cli.app` (the Typer app, its one error
boundary and exit statuses), :mod:`~pokercli.cli.options` (options shared by
several commands) and :mod:`~pokercli.cli.commands` (one thin function per
subcommand: options -> the API -> the render layer).
"""

from __future__ import annotations

from pokercli.cli import commands  # noqa: F401 - registers the subcommands on app
from pokercli.cli.app import ExitStatus, app, in_flags, run

__all__ = ["ExitStatus", "app", "in_flags", "main", "run"]


def main() -> None:
    from pokercli._stop import install
    from pokercli.render import guard_stdout

    install()
    guard_stdout()
    app()
