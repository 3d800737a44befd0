"""The Typer app, its one error boundary, and its exit statuses.

The commands (:mod:`pokercli.cli.commands`) parse arguments, call the API
and hand the result to the render layer (:mod:`pokercli.render`), nothing
else. Heavy modules (NumPy, Numba and the kernels) are imported inside the
commands that need them, so ``--help``, completion, ``encode``, ``deal`` and
one-hand ``rank`` start fast.

Every failure ends here as one line on stderr and an :class:`ExitStatus`:
the library's :class:`~pokercli.errors.PokerError` names parameters in the
API's words (``seed``, ``method='exact'``), which this boundary turns into the
running command's flags (``--seed``, ``--exact``).
"""

from __future__ import annotations

import sys
from enum import IntEnum
from typing import Annotated, Any, Callable, Optional

import typer
from typer.core import TyperGroup

try:  # typer >= 0.29 carries its own copy of click
    from typer._click import exceptions as _cx
except ImportError:  # pragma: no cover - older typer on top of click
    from click import exceptions as _cx

from pokercli.cli.words import split_words
from pokercli.errors import PokerError
from pokercli.render import in_flags, install_notices


class ExitStatus(IntEnum):
    """The documented exit statuses."""

    OK = 0
    #: an internal error, or in a batch, some lines were bad (the good ones all answered)
    FAILED = 1
    #: bad input or usage: one line on stderr naming what is wrong
    USAGE = 2
    INTERRUPTED = 130


_DEBUG = {"on": False}


class _Group(TyperGroup):
    """Turns every failure of argument parsing into one line on stderr and a
    documented exit status."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra: Any):
        words = sys.argv[1:] if args is None else args
        try:
            if any("\0" in str(word) for word in words):
                # a shell cannot pass one (only a program calling pokercli can): a file name with
                # it would fail in the standard library's file functions, not with a clear line
                raise _cx.UsageError("an argument holds a NUL character (\\0)")
            try:
                separate = split_words(self, [str(w) for w in words])
            except Exception:  # noqa: BLE001 - a check for the user's sake: the command parses as before
                separate = None
            if separate:
                raise _cx.UsageError(separate)
            try:
                rv = super().main(args, prog_name or "pokercli", complete_var,
                                  standalone_mode=False, **extra)
            except SystemExit as e:
                # Click's own answer to a reader gone (EPIPE while it prints --help): it wraps
                # stdout and exits 1; quietly and 0 here, as the commands end then
                if e.code != 1 or type(sys.stdout).__name__ != "PacifyFlushWrapper":
                    raise
                rv = ExitStatus.OK
        except _cx.NoArgsIsHelpError as e:
            sys.stdout.write(e.ctx.get_help() + "\n")
            rv = ExitStatus.OK
        except _cx.UsageError as e:
            where = e.ctx.command_path if e.ctx is not None else "pokercli"
            sys.stderr.write(f"{where}: {e.format_message()} (see --help)\n")
            rv = ExitStatus.USAGE
        except _cx.ClickException as e:
            sys.stderr.write(f"pokercli: {e.format_message()}\n")
            rv = e.exit_code
        except typer.Abort:
            sys.stderr.write("pokercli: interrupted\n")
            rv = ExitStatus.INTERRUPTED
        if not standalone_mode:
            return rv
        sys.exit(int(rv) if isinstance(rv, int) else 0)


app = typer.Typer(
    cls=_Group,
    name="pokercli",
    help="A poker calculator: card encodings, hand ranks, equity and percentiles.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

def run(fn: Callable[[], Any]) -> Any:
    """Call the library; turn every failure into one stderr line and an exit status."""
    try:
        code = fn()
    except PokerError as e:
        sys.stderr.write(f"pokercli: error: {in_flags(str(e), e.param)}\n")
        raise typer.Exit(e.exit_code) from None
    except (typer.Exit, typer.Abort):
        raise
    except KeyboardInterrupt:
        from pokercli._stop import handled

        handled()
        sys.stderr.write("pokercli: interrupted\n")
        raise typer.Exit(ExitStatus.INTERRUPTED) from None
    except BrokenPipeError:
        # the reader went away (`| head`): stop quietly, as Unix tools do
        from pokercli.render import quiet_stdout

        quiet_stdout()
        raise typer.Exit(ExitStatus.OK) from None
    except Exception as e:  # noqa: BLE001 - the one place internal errors are caught
        from pokercli.render import output_failed

        if output_failed(e):  # stdout on a full disk: not an internal error
            raise typer.Exit(ExitStatus.FAILED) from None
        if _DEBUG["on"]:
            raise
        sys.stderr.write(f"pokercli: internal error: {type(e).__name__}: {e} "
                         "(rerun with --debug for the traceback)\n")
        raise typer.Exit(ExitStatus.FAILED) from None
    if code:
        raise typer.Exit(int(code))


def _version(value: bool) -> None:
    if value:
        from pokercli import __version__

        try:
            sys.stdout.write(f"pokercli {__version__}\n")
            sys.stdout.flush()
        except BrokenPipeError:  # the reader went away: quietly, as the commands (Click would exit 1)
            from pokercli.render import quiet_stdout

            quiet_stdout()
        raise typer.Exit()


@app.callback()
def _root(
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks of internal errors.")] = False,
    version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True,
                                                    help="Print the version and exit.")] = None,
) -> None:
    """A poker calculator: card encodings, hand ranks, equity and percentiles."""
    _DEBUG["on"] = debug
    install_notices()
