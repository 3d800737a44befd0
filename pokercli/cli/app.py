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

import os
import re
import sys
from enum import IntEnum
from typing import Annotated, Any, Callable, Optional

import typer
from typer.core import TyperGroup

try:  # typer >= 0.29 carries its own copy of click
    from typer._click import exceptions as _cx
except ImportError:  # pragma: no cover - older typer on top of click
    from click import exceptions as _cx

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


#: Options whose value is a list; the commands where the words after a value
#: of one item, if they are such items too, were meant as more of them; what
#: its items are; and, where those words could also be the command's own (an
#: ambiguity refused), what they would be. A board is never one card, and the
#: other words of ``equity``, ``rank`` with a board, ``outs``, ``percentile``
#: and ``hits`` (players, hole cards, ranges) never are: ``--board Kd 7c 2h``
#: is plainly the board (a draw game's player may be one kept card, but
#: ``--dead 2c 3c`` there is as well refused). ``icm``'s stacks are numbers as its payouts are, so
#: ``-p 50 30 20`` paid 50 to five players; ``combos``' hand is cards as
#: ``--beats`` is (``draw``'s is too, but only one reading of its words makes a
#: hand of five, and the other reading's errors name what was read).
_LIST_OPTIONS = (
    (("--board", "-b"), ("equity", "rank", "outs", "percentile", "hits"), "cards", None),
    (("--dead", "-d"), ("equity", "outs", "percentile", "hits"), "cards", None),
    (("--beats",), ("combos",), "cards", "the hand"),
    (("--payouts", "-p"), ("icm",), "numbers", "stacks"),
)
#: Options whose value (a range, cards) may have more words, in a command whose
#: own words are one list of the same kind: the command's words on both sides
#: of the option (``hits QQ+ --board Kd7c2h --vs JJ AK``) are refused, since
#: the words after it could be the option's (``--vs 'JJ AK'``).
_SPLIT_AROUND = {("hits", "--vs"): "range", ("combos", "--beats"): "hand"}
_NUMBER = re.compile(r"\d+(\.\d*)?%?")


def _words_of(group: Any, words: list[str]) -> Optional[tuple[str, list[tuple[Optional[str], str]]]]:
    """The command that ``words`` run and its words after its name, each as
    (the option it is the value of, or None for the command's own word, the
    word; a flag is (itself, "")), read by the command's options (which take
    a value); None where no command is named."""
    at = next((i for i, w in enumerate(words) if not w.startswith("-")), None)
    command = group.commands.get(words[at]) if at is not None else None
    if command is None:
        return None
    takes = {}
    for param in command.params:  # typer may carry its own copy of click: read by duck type
        if param.param_type_name == "option" and not getattr(param, "is_flag", False) and not getattr(
                param, "count", False):
            for form in (*param.opts, *param.secondary_opts):
                takes[form] = max(param.nargs, 1)
    out: list[tuple[Optional[str], str]] = []
    i = at + 1
    while i < len(words):
        word = words[i]
        form, eq, attached = word.partition("=")
        if word == "--":
            out += [(None, w) for w in words[i + 1:]]
            break
        if word.startswith("-") and word != "-" and form in takes:
            if eq:
                out.append((form, attached))
                i += 1
            else:
                out += [(word, w) for w in words[i + 1:i + 1 + takes[word]]]
                i += 1 + takes[word]
            continue
        out.append((word, "") if word.startswith("-") and word != "-" else (None, word))  # a flag: no word
        i += 1
    return words[at], out


def _separate_words(group: Any, words: list[str]) -> Optional[str]:
    """The one line for words the shell split that the user meant as one:
    a list option's items written as words of their own (``--board Kd 7c
    2h``: the option gets ``Kd``, players or stray words the rest; ``icm 50 30
    -p 50 30 20``: two more stacks), and a range split after a comma (``--vs
    JJ, AK``; ``equity AsKs QQ+, AK``: three players). None when there are none."""
    read = _words_of(group, words)
    if read is None:
        return None
    command, parsed = read
    from pokercli.cards import SPELLINGS, parse

    def item(word: str, kind: str) -> bool:
        return word in SPELLINGS if kind == "cards" else _NUMBER.fullmatch(word) is not None

    def cards(word: str) -> bool:
        try:
            return bool(parse(word))
        except PokerError:
            return False

    def follows(i: int) -> Optional[str]:
        """The command's own word right after word ``i``, if any."""
        return parsed[i + 1][1] if i + 1 < len(parsed) and parsed[i + 1][0] is None else None

    def continued(i: int) -> bool:
        """Whether word ``i`` ends with a comma and a word of the command's own follows."""
        word = parsed[i][1]
        return follows(i) is not None and word.endswith(",") and bool(word.strip(","))

    # equity's players split after a comma: 'AsAh, KsKh' are two players either way (joined, one
    # player is no spot), but 'AsKs QQ+, AK' is two players joined and three apart: refused
    mine = [i for i, (option, _) in enumerate(parsed) if option is None]
    ambiguous = len(mine) - sum(continued(i) for i in mine) >= 2
    for i, (option, word) in enumerate(parsed):
        after = follows(i)
        if continued(i) and (option is not None or ambiguous):
            joined = f"'{word} {after}'"
            if option is not None:
                return (f"{option} {word!r} ends with a comma and {after} follows as a word of its own: "
                        f"write a list with spaces in quotes ({option} {joined})")
            if command == "equity":
                return (f"player {word!r} ends with a comma and {after} follows as a word of its own, one "
                        f"range or two players: write a range with spaces in quotes ({joined}), and players "
                        "without the comma")
        for forms, commands, kind, others in _LIST_OPTIONS:
            if option not in forms or command not in commands:
                continue
            if not (item(word, kind) or (kind == "cards" and others is None and cards(word))):
                continue  # (where the words after it are never its own, a value of several cards too)
            rest = []
            for of, more in parsed[i + 1:]:
                if of is not None or not item(more, kind):
                    break
                rest.append(more)
            if not rest:
                continue
            items = [word, *rest]
            name = forms[0]
            start = f"{name} {word!r} is followed by {' '.join(rest)} as words of their own"
            if kind == "numbers":
                return (f"{start}, payouts or {others}: write several payouts with commas "
                        f"({name} {','.join(items)}), and the {others} before {name}")
            if others is None:
                together = "".join(w.replace(" ", "").replace(",", "") for w in items)
                return f"{start}: write its cards in quotes ({name} '{' '.join(items)}') or together ({name} {together})"
            return (f"{start}, more of its cards or {others}: write several of its cards in quotes "
                    f"({name} '{word} {rest[0]}'), and {others} before {name}")
        if command == "hh" and option == "--hero" and after is not None and after != "-" and \
                not os.path.exists(after):  # hh's words are files: a name split at its space
            return (f"--hero {word!r} is followed by {after}, which is no file: a name with spaces goes in quotes "
                    f"(--hero '{word} {after}')")
        what = _SPLIT_AROUND.get((command, option))
        if what is not None and after is not None and mine and mine[0] < i:
            before = " ".join(parsed[j][1] for j in mine if j < i)
            return (f"the {what} is written on both sides of {option} {word!r} ({before} before, {after} "
                    f"after), and {after} could be the option's: write its value in quotes "
                    f"({option} '{word} {after}') and the {what}'s words before it")
    return None


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
                separate = _separate_words(self, [str(w) for w in words])
            except Exception:  # noqa: BLE001 - a check for the user's sake: the command parses as before
                separate = None
            if separate:
                raise _cx.UsageError(separate)
            rv = super().main(args, prog_name or "pokercli", complete_var,
                              standalone_mode=False, **extra)
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
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise typer.Exit(ExitStatus.OK) from None
    except Exception as e:  # noqa: BLE001 - the one place internal errors are caught
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

        sys.stdout.write(f"pokercli {__version__}\n")
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
