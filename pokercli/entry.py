"""The ``pokercli`` command's entry point.

``pokercli equity`` of two hands -- the one-off question most often asked,
``pokercli equity AsAh KsKh`` -- is answered here before Typer is imported
(its import is about 30 ms of a 0.2 s process); everything else goes to the
Typer app (:func:`pokercli.cli.main`), which parses, helps and refuses.

:func:`quick_equity` takes only ``equity HAND HAND`` with, at most once each,
``--board B`` (``-b B``, ``--board=B``), ``--json``, ``--unicode`` (``-u``),
``--exact``, ``--monte-carlo`` (``--mc``), ``--samples N`` (``-n N``),
``--stderr X`` and ``--seed S`` (``-s S``), and two hands of two cards. It
asks the library exactly what the Typer command asks
(:func:`pokercli.equity_calc.equity` with the command's defaults), with the
same progress bar, prints the result through the same view, and installs the
same stderr notices. Any other word, and any refusal or failure, leaves it to the
Typer command, which runs the job itself and says what is wrong: nothing is
printed here before the answer is known.
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    """The console script (``pyproject.toml``) and ``python -m pokercli``.

    At exit, the garbage collector's last passes are skipped (``gc.freeze``,
    registered first, so it runs after every other exit handler): they only
    free memory the process is about to give back, yet took 0.01 to 0.09 s of
    every command, and 0.5 s of a Ctrl-C'd three-way exact job. Files are not
    left to them: checkpoints are flushed line by line, cache files written
    and closed whole, and Python flushes stdout and stderr itself."""
    import atexit
    import gc

    atexit.register(gc.freeze)
    from pokercli._stop import exit_past_compiles, install
    from pokercli.render import guard_stdout

    _streams_closed_by_the_caller()
    install()
    guard_stdout()
    try:
        try:
            if not quick_equity(sys.argv[1:]):
                from pokercli.cli import main as typer_main

                typer_main()
        finally:
            _flush_stdout()  # here, not at exit, so that a full disk is said as below
    except SystemExit as e:
        exit_past_compiles(e.code)
        raise
    except OSError as e:  # stdout's last flush, or a write no command caught
        from pokercli.render import output_failed, quiet_stdout

        gone = isinstance(e, BrokenPipeError)  # the reader went away: quietly, as the commands do
        if not gone and not output_failed(e):  # a full disk (`> /dev/full`) is one line
            raise
        quiet_stdout()
        exit_past_compiles(0 if gone else 1)
        sys.exit(0 if gone else 1)
    exit_past_compiles(0)


def _streams_closed_by_the_caller() -> None:
    """A stream the shell closed (``<&-``, ``>&-``, ``2>&-``) is None in
    Python: it is the null device instead (stdin empty; what would go to
    stdout or stderr dropped, as asked), rather than an AttributeError."""
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))


def _flush_stdout() -> None:
    """Flush stdout; an OSError (a full disk) is the caller's to say."""
    try:
        sys.stdout.flush()
    except ValueError:  # closed
        pass



#: The options :func:`quick_equity` takes, each at most once: its spellings,
#: then how its value is read (None: a flag) -- as the Typer command reads them.
_QUICK_OPTIONS = {
    "board": (("--board", "-b"), str),
    "json": (("--json",), None),
    "unicode": (("--unicode", "-u"), None),
    "exact": (("--exact",), None),
    "monte_carlo": (("--monte-carlo", "--mc"), None),
    "samples": (("--samples", "-n"), int),
    "stderr": (("--stderr",), float),
    "seed": (("--seed", "-s"), int),
}
_SPELLINGS = {form: name for name, (forms, _) in _QUICK_OPTIONS.items() for form in forms}


def quick_equity(words: list[str]) -> bool:
    """Answer ``equity HAND HAND`` with the options of :data:`_QUICK_OPTIONS`
    as the Typer command would (see the module); False, having printed
    nothing, for anything else."""
    if len(words) < 3 or words[0] != "equity" or os.environ.get("_POKERCLI_COMPLETE"):
        return False
    hands: list[str] = []
    options: dict[str, object] = {}
    i = 1
    while i < len(words):
        word = words[i]
        if not word.startswith("-") or word == "-":
            if word == "-":
                return False  # stdin: the Typer command's batch
            hands.append(word)
            i += 1
            continue
        form, eq, attached = word.partition("=")
        name = _SPELLINGS.get(form if form.startswith("--") else word)
        if name is None or name in options:
            return False  # any other option, or one given twice: the Typer command says what it makes of it
        read = _QUICK_OPTIONS[name][1]
        if read is None:
            if eq:
                return False
            value: object = True
            i += 1
        else:
            if eq:
                raw, i = attached, i + 1
            elif i + 1 < len(words):
                raw, i = words[i + 1], i + 2
            else:
                return False
            try:
                value = read(raw)
            except ValueError:
                return False
        options[name] = value
    if options.get("exact") and options.get("monte_carlo"):
        return False
    from pokercli import cards as C
    from pokercli.errors import PokerError

    try:
        if len(hands) != 2 or any(len(C.parse(h)) != 2 for h in hands):
            return False
    except PokerError:
        return False
    from pokercli._stop import handled
    from pokercli.equity_calc import equity
    from pokercli.render import Output, emit, install_notices, progress_bar, quiet_stdout, warn

    install_notices()
    out = Output.choose(bool(options.get("json")), bool(options.get("unicode")))
    method = "exact" if options.get("exact") else ("monte-carlo" if options.get("monte_carlo") else "auto")
    try:
        try:  # the command's own call: its defaults, no checkpoint, no scheduler
            with progress_bar(out) as progress:
                result = equity(hands, options.get("board") or (), (), method=method, samples=options.get("samples"),
                                stderr=options.get("stderr"), seed=options.get("seed"), game="holdem",
                                engine="auto", progress=progress)
        except Exception:  # noqa: BLE001 - a refusal, or anything else: the Typer command says what
            return False
        if result.interrupted:
            warn("interrupted: the result below is from the samples so far")
        emit(result, out, categories=False)
        sys.stdout.flush()
        if result.interrupted:
            sys.exit(130)
    except KeyboardInterrupt:
        handled()
        warn("interrupted")
        sys.exit(130)
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as the Typer command does
        quiet_stdout()
    return True
