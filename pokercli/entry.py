"""The ``pokercli`` command's entry point.

``pokercli equity`` of two hands -- the one-off question most often asked,
``pokercli equity AsAh KsKh`` -- is answered here before Typer is imported
(its import is about 30 ms of a 0.2 s process); everything else goes to the
Typer app (:func:`pokercli.cli.main`), which parses, helps and refuses.

:func:`quick_equity` takes only ``equity HAND HAND`` with, at most once each,
``--board B`` (``-b B``, ``--board=B``), ``--json`` and ``--unicode``
(``-u``), and two hands of two cards. It asks the library exactly what the
Typer command asks (:func:`pokercli.equity_calc.equity` with the command's
defaults), prints the result through the same view, and installs the same
stderr notices. Any other word, and any refusal or failure, leaves it to the
Typer command, which runs the job itself and says what is wrong: nothing is
printed here before the answer is known.
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    """The console script (``pyproject.toml``) and ``python -m pokercli``."""
    from pokercli._stop import install
    from pokercli.render import guard_stdout

    install()
    guard_stdout()
    if quick_equity(sys.argv[1:]):
        return
    from pokercli.cli import main as typer_main

    typer_main()


def quick_equity(words: list[str]) -> bool:
    """Answer ``equity HAND HAND [--board B] [--json] [--unicode]`` as the
    Typer command would (see the module); False, having printed nothing, for
    anything else."""
    if len(words) < 3 or words[0] != "equity" or os.environ.get("_POKERCLI_COMPLETE"):
        return False
    hands: list[str] = []
    options: dict[str, object] = {}
    i = 1
    while i < len(words):
        word = words[i]
        if word in ("--board", "-b") and i + 1 < len(words):
            name, value, i = "board", words[i + 1], i + 2
        elif word.startswith("--board="):
            name, value, i = "board", word[len("--board="):], i + 1
        elif word == "--json":
            name, value, i = "json", True, i + 1
        elif word in ("--unicode", "-u"):
            name, value, i = "unicode", True, i + 1
        elif word.startswith("-"):
            return False  # any other option (or "-", stdin): the Typer command's
        else:
            hands.append(word)
            i += 1
            continue
        if name in options:
            return False  # given twice: Typer says what it makes of that
        options[name] = value
    from pokercli import cards as C
    from pokercli.errors import PokerError

    try:
        if len(hands) != 2 or any(len(C.parse(h)) != 2 for h in hands):
            return False
    except PokerError:
        return False
    from pokercli._stop import handled
    from pokercli.equity_calc import equity
    from pokercli.render import Output, emit, install_notices, warn

    install_notices()
    try:
        try:  # the command's own call: its defaults, no checkpoint, no scheduler
            result = equity(hands, options.get("board") or (), (), method="auto", game="holdem", engine="auto")
        except Exception:  # noqa: BLE001 - a refusal, or anything else: the Typer command says what
            return False
        emit(result, Output.choose(bool(options.get("json")), bool(options.get("unicode"))), categories=False)
        sys.stdout.flush()
    except KeyboardInterrupt:
        handled()
        warn("interrupted")
        sys.exit(130)
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as the Typer command does
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return True
