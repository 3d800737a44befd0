"""Output modes shared by every subcommand.

* ``rich``: Rich tables and colour, when stdout is a terminal (or
  ``POKERCLI_TERMINAL=1`` forces it) and ``NO_COLOR`` is not set;
* ``plain``: plain text without escape codes (pipelines, ``NO_COLOR``);
* ``json``: one JSON document (``--json``), or one per line for streams.

Data goes to stdout, diagnostics (progress, compile notices, errors) to stderr.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from typing import Any


def stdout_is_terminal() -> bool:
    if os.environ.get("POKERCLI_TERMINAL") == "1":
        return True
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def stdout_encodes(text: str) -> bool:
    """Whether stdout's encoding can write ``text`` (suit symbols, bars)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False


#: ASCII stand-ins for the glyphs the views use, where stdout cannot show them.
ASCII = str.maketrans({"♠": "s", "♡": "h", "♥": "h", "♢": "d", "♦": "d", "♣": "c", "█": "#",
                       "▒": "=", "░": ".", "·": ".", "—": "-", "–": "-", "★": "*", "±": "+/-",
                       "…": "...", "→": "->", "×": "x", "✓": "v", "−": "-"})


class _AsciiStdout:
    """stdout for Rich when it cannot encode the views' glyphs: each is written
    as its ASCII stand-in (Rich itself then draws ASCII boxes)."""

    encoding = "ascii"

    def write(self, text: str) -> int:
        return sys.stdout.write(text.translate(ASCII))

    def flush(self) -> None:
        sys.stdout.flush()

    def isatty(self) -> bool:
        return stdout_is_terminal()

    def fileno(self) -> int:
        return sys.stdout.fileno()


def guard_stdout() -> None:
    """On a stdout that cannot encode every character (``PYTHONIOENCODING=ascii``,
    a Latin-1 terminal), write what it cannot as ``?`` instead of failing; the
    views choose ASCII glyphs there anyway (:attr:`Output.fancy`)."""
    if not stdout_encodes("♠♡♢♣█░·—★…"):
        try:
            sys.stdout.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass


def stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


@dataclass
class Output:
    """How a command prints: ``mode`` is ``rich``, ``plain`` or ``json``."""

    mode: str
    unicode: bool = False
    #: Whether stdout can show Unicode glyphs (bars, dots, dashes); else ASCII ones.
    fancy: bool = True

    @classmethod
    def choose(cls, as_json: bool = False, unicode: bool = False) -> "Output":
        fancy = stdout_encodes("♠♡♢♣█░·—★…")
        if unicode and not fancy:
            from pokercli.paths import warn_once

            warn_once("unicode", "warning: this output cannot show suit symbols "
                                 f"(encoding {getattr(sys.stdout, 'encoding', '?')}); using letters")
            unicode = False
        if as_json:
            return cls("json", unicode, fancy)
        if stdout_is_terminal() and not os.environ.get("NO_COLOR"):
            return cls("rich", unicode, fancy)
        return cls("plain", unicode, fancy)

    def glyph(self, fancy: str, plain: str) -> str:
        """``fancy`` where stdout can show it, else the ASCII ``plain``."""
        return fancy if self.fancy else plain

    @property
    def rich(self) -> bool:
        return self.mode == "rich"

    @property
    def json(self) -> bool:
        return self.mode == "json"

    def console(self):
        from rich.console import Console

        return Console(file=sys.stdout if self.fancy else _AsciiStdout(), force_terminal=True,
                       highlight=False, soft_wrap=False)

    def emit(self, renderable: Any) -> None:
        """Print a Rich renderable (rich mode only)."""
        self.console().print(renderable)

    def emit_json(self, doc: Any, indent: int | None = 2) -> None:
        """One JSON document: strict JSON (no NaN or Infinity), non-ASCII
        characters escaped where stdout cannot write them."""
        sys.stdout.write(json_text(doc, indent, ascii_only=not self.fancy) + "\n")

    def line(self, text: str = "") -> None:
        sys.stdout.write((text if self.fancy else text.translate(ASCII)) + "\n")


def json_text(doc: Any, indent: int | None = None, ascii_only: bool = False) -> str:
    """Strict JSON: a NaN or an infinity is a bug, never an output."""
    return json.dumps(doc, indent=indent, ensure_ascii=ascii_only, allow_nan=False)


def warn(message: str) -> None:
    """One diagnostic line on stderr."""
    sys.stderr.write(f"pokercli: {message}\n")
    sys.stderr.flush()
