"""One way to print every result: Rich on a terminal, plain text in a pipeline, JSON.

:func:`emit` takes a result of the API and an :class:`Output`, finds the
result's view (one module of this package per command) and writes it:

* ``rich``: Rich tables and colour, when stdout is a terminal (or
  ``POKERCLI_TERMINAL=1`` forces it); ``NO_COLOR`` (no-color.org) removes the
  colour and keeps the layout; every view fits the terminal's width (80
  columns and up) without cutting a value, and says nothing by colour alone;
* ``plain``: plain text without escape codes (pipelines), tab-separated where
  it is a table;
* ``json``: the result's ``to_dict()`` document (JSON Lines for streams),
  always strict JSON.

Data goes to stdout, diagnostics (progress, compile notices, errors) to stderr.
Light on purpose: no NumPy; Rich is imported when a terminal view is drawn.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import re
import sys
from dataclasses import dataclass
from typing import Any, Iterable, Optional, TextIO


def stdout_is_terminal() -> bool:
    if os.environ.get("POKERCLI_TERMINAL") == "1":
        return True
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


#: The glyphs the views use beyond ASCII, and their ASCII stand-ins where stdout
#: cannot show them (``PYTHONIOENCODING=ascii``, a Latin-1 terminal).
ASCII = str.maketrans({"♠": "s", "♡": "h", "♥": "h", "♢": "d", "♦": "d", "♣": "c", "█": "#",
                       "▓": "%", "▒": "=", "░": ".", "·": ".", "—": "-", "–": "-", "★": "*",
                       "±": "+/-", "…": "...", "→": "->", "×": "x", "✓": "v", "−": "-",
                       "│": "|", "─": "-"})
_GLYPHS = "♠♡♢♣█▓▒░·—★±…→×"


def encodes(text: str, stream: Optional[TextIO] = None) -> bool:
    """Whether ``stream`` (stdout) can write ``text``."""
    encoding = getattr(stream or sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def guard_stdout() -> None:
    """On a stdout that cannot encode every character, write what it cannot as
    ``?`` instead of failing; the views choose ASCII glyphs there anyway."""
    if not encodes(_GLYPHS):
        try:
            sys.stdout.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass


class _AsciiStream:
    """A stream for Rich where the real one cannot encode the views' glyphs: each
    is written as its ASCII stand-in (Rich then draws ASCII boxes itself)."""

    encoding = "ascii"

    def __init__(self, stream: TextIO):
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(text.translate(ASCII))

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return True


@dataclass
class Output:
    """How a command prints: ``mode`` is ``rich``, ``plain`` or ``json``;
    ``unicode`` shows suits as symbols; ``fancy`` is whether the stream can
    show the views' glyphs; ``width`` fixes the terminal width (None: the
    terminal's); ``file`` replaces stdout (tests render views into a buffer)."""

    mode: str
    unicode: bool = False
    fancy: bool = True
    width: Optional[int] = None
    file: Optional[TextIO] = None

    @classmethod
    def choose(cls, as_json: bool = False, unicode: bool = False) -> "Output":
        fancy = encodes(_GLYPHS)
        if unicode and not fancy:
            from pokercli.paths import warn_once

            warn_once("unicode", "warning: this output cannot show suit symbols "
                                 f"(encoding {getattr(sys.stdout, 'encoding', '?')}); using letters")
            unicode = False
        if as_json:
            return cls("json", unicode, fancy)
        if stdout_is_terminal():  # NO_COLOR takes the colour away, not the layout
            return cls("rich", unicode, fancy)
        return cls("plain", unicode, fancy)

    @property
    def rich(self) -> bool:
        return self.mode == "rich"

    @property
    def json(self) -> bool:
        return self.mode == "json"

    @property
    def stream(self) -> TextIO:
        return self.file if self.file is not None else sys.stdout

    def console(self):
        from rich.console import Console

        stream = self.stream if self.fancy else _AsciiStream(self.stream)
        return Console(file=stream, force_terminal=True, highlight=False, soft_wrap=False,
                       width=self.width, no_color=bool(os.environ.get("NO_COLOR")))

    @property
    def columns(self) -> int:
        """The width views fit into."""
        return self.width or self.console().width

    def glyph(self, fancy: str, plain: str) -> str:
        """``fancy`` where the stream can show it, else the ASCII ``plain``."""
        return fancy if self.fancy else plain

    def line(self, text: str = "") -> None:
        self.stream.write((text if self.fancy else text.translate(ASCII)) + "\n")

    def emit_json(self, doc: Any, indent: Optional[int] = 2) -> None:
        """One JSON document: strict JSON (no NaN or Infinity), non-ASCII
        characters escaped where the stream cannot write them."""
        self.stream.write(json_text(doc, indent, ascii_only=not self.fancy) + "\n")


_ENCODERS: dict = {}


def json_text(doc: Any, indent: Optional[int] = None, ascii_only: bool = False) -> str:
    """Strict JSON: a NaN or an infinity is a bug, never an output. (One
    encoder kept for each form, without the check for circular references:
    the documents are trees, and ``hh`` writes one a hand.)"""
    encoder = _ENCODERS.get((indent, ascii_only))
    if encoder is None:
        encoder = _ENCODERS[indent, ascii_only] = json.JSONEncoder(
            indent=indent, ensure_ascii=ascii_only, allow_nan=False, check_circular=False)
    return encoder.encode(doc)


def warn(message: str) -> None:
    """One diagnostic line on stderr."""
    sys.stderr.write(f"pokercli: {message}\n")
    sys.stderr.flush()


def quiet_stdout() -> None:
    """Point stdout at the null device, when its reader went away (``| head``)
    or its disk is full: what is left in its buffer would fail again at exit,
    with a message of Python's own."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def output_failed(error: BaseException) -> bool:
    """Say in one line, and return True, when ``error`` is stdout's write
    failing on a full disk or a failing device; False for anything else."""
    import errno

    codes = {getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO") if hasattr(errno, name)}
    if not isinstance(error, OSError) or isinstance(error, BrokenPipeError) or error.errno not in codes:
        return False
    try:
        sys.stderr.write(f"pokercli: error: cannot write the output: {error.strerror}\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr on the same full disk: nothing more can be said
        pass
    return True


# --- the library's words on the command line ----------------------------------
# Here rather than in the Typer app (pokercli/cli/app.py, which uses them), so that
# the entry point's answer given before Typer is imported (pokercli/entry.py)
# prints notices as the app does.


def _context():
    """The running Typer (click) command's context, or None (none running, or
    Typer not imported: the entry point's own answer)."""
    if "typer" not in sys.modules:
        return None
    try:  # typer >= 0.29 carries its own copy of click
        from typer._click.globals import get_current_context
    except ImportError:  # pragma: no cover - older typer on top of click
        from click import get_current_context
    return get_current_context(silent=True)


#: API wording of a method (or a double board) -> the flag that asks for it.
_METHOD_FLAGS = {"method='exact'": "--exact", "method='monte-carlo'": "--monte-carlo",
                 "double_board=True": "--boards 2"}


def in_flags(message: str, param: Optional[str]) -> str:
    """A library message in the running command's flags: a leading parameter
    name (``seed must be ...``) and mentions like ``samples=``,
    ``resume=True`` or ``game='hearts'`` become the flags of that parameter
    (``--seed``, ``--samples``, ``--resume``, ``--game hearts``)."""
    ctx = _context()
    flags: dict[str, str] = {}
    if ctx is not None:
        flags = {p.name: p.opts[0] for p in ctx.command.params
                 if p.param_type_name == "option" and p.name and p.opts[0].startswith("--")}
    if param in flags and re.match(rf"{re.escape(param)}\b(?!=)", message):
        message = flags[param] + message[len(param):]

    def word(m: re.Match) -> str:
        if m.group(0) in _METHOD_FLAGS:
            return _METHOD_FLAGS[m.group(0)]
        name, value = m.group(1), m.group(2)
        if name not in flags:
            return m.group(0)
        return flags[name] if value in ("", "True") else f"{flags[name]} {value.strip(chr(39))}"

    return re.sub(r"\b(\w+)=(True|'[^']*'|)(?![\w'])", word, message)


class _Notices(logging.Handler):
    """Prints the library's notices (the ``pokercli`` logger) on the stderr of the
    moment, one line each, in the running command's flags."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(f"pokercli: {in_flags(record.getMessage(), None)}\n")
            sys.stderr.flush()
        except (OSError, ValueError):  # a closed or broken stderr loses the notice, not the answer
            pass


def install_notices() -> None:
    """Send the library's notices to stderr (once per process)."""
    log = logging.getLogger("pokercli")
    if not any(isinstance(h, _Notices) for h in log.handlers):
        log.addHandler(_Notices())
        log.setLevel(logging.INFO)
        log.propagate = False


class View:
    """How one kind of result prints. Subclasses give ``lines()`` (plain text)
    and ``renderable()`` (Rich); ``documents()`` defaults to the result's
    ``to_dict()``."""

    #: JSON indentation of a single document (None: one line).
    indent: Optional[int] = 2

    def __init__(self, result: Any, out: Output, **options: Any):
        self.result = result
        self.out = out
        self.options = options

    def documents(self) -> Iterable[dict]:
        """The JSON documents: a list (one document is indented), or an
        iterator, written as JSON Lines as it yields."""
        return [self.result.to_dict()]

    def lines(self) -> Iterable[str]:
        raise NotImplementedError

    def renderable(self):
        raise NotImplementedError


#: Result type -> the module of this package holding its view.
_VIEWS = {
    "CardEncoding": "encode", "RankSetEncoding": "encode",
    "HandValue": "rank", "ScoreInfo": "rank", "Showdown": "rank",
    "EquityResult": "equity", "Range": "range", "TableResult": "table",
    "PercentileResult": "percentile", "DrawResult": "draw", "Deals": "deal",
    "State": "hearts", "CombosResult": "combos", "HitsResult": "hits",
    "DistributionResult": "analysis", "NextCardResult": "analysis", "OutsResult": "analysis",
    "WarmupResult": "warmup", "ICMResult": "icm",
    "PushFoldResult": "pushfold", "PushFoldChart": "pushfold", "TablePushFoldResult": "pushfold",
    "HistorySummary": "hh", "RunsResult": "runs",
}


def view_for(result: Any, out: Output, **options: Any) -> View:
    name = type(result).__name__
    module = importlib.import_module(f"pokercli.render.{_VIEWS[name]}")
    return module.VIEWS[name](result, out, **options)


def emit(result: Any, out: Output, **options: Any) -> None:
    """Print ``result`` as ``out`` says (see the module docstring)."""
    view = view_for(result, out, **options)
    if out.json:
        docs = view.documents()
        if not isinstance(docs, list):  # a stream: JSON Lines, one document at a time
            for doc in docs:
                out.emit_json(doc, indent=None)
            return
        for doc in docs:
            out.emit_json(doc, indent=view.indent if len(docs) == 1 else None)
    elif out.rich:
        out.console().print(view.renderable())
    else:
        for line in view.lines():
            out.line(line)


class progress_bar:
    """A Rich progress bar on stderr for long jobs, only when stderr is a terminal:
    ``with progress_bar(out, "table", "chunks") as report: ... report(done, total)``."""

    def __init__(self, out: Output, label: str = "equity", unit: str = ""):
        self.enabled = stderr_is_terminal() and not out.json
        self.bar = None
        self.task = None
        self.label = label
        self.unit = unit

    def __enter__(self):
        return self.update if self.enabled else None

    def update(self, done, total, stderr=None):
        if self.bar is None:
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

            counted = f"{{task.completed:.0f}}/{{task.total:.0f}} {self.unit}" if self.unit else ""
            self.bar = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                                TextColumn("{task.percentage:>3.0f}%"), TextColumn(counted),
                                TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        desc = f"{self.label} (stderr {stderr:.5f})" if stderr is not None else self.label
        self.bar.update(self.task, completed=done, total=total, description=desc)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False
