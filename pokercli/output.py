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

    @classmethod
    def choose(cls, as_json: bool = False, unicode: bool = False) -> "Output":
        if as_json:
            return cls("json", unicode)
        if stdout_is_terminal() and not os.environ.get("NO_COLOR"):
            return cls("rich", unicode)
        return cls("plain", unicode)

    @property
    def rich(self) -> bool:
        return self.mode == "rich"

    @property
    def json(self) -> bool:
        return self.mode == "json"

    def console(self):
        from rich.console import Console

        return Console(file=sys.stdout, force_terminal=True, highlight=False,
                       soft_wrap=False)

    def emit(self, renderable: Any) -> None:
        """Print a Rich renderable (rich mode only)."""
        self.console().print(renderable)

    def emit_json(self, doc: Any, indent: int | None = 2) -> None:
        sys.stdout.write(json.dumps(doc, indent=indent, ensure_ascii=False) + "\n")

    def line(self, text: str = "") -> None:
        sys.stdout.write(text + "\n")


def warn(message: str) -> None:
    """One diagnostic line on stderr."""
    sys.stderr.write(f"pokercli: {message}\n")
    sys.stderr.flush()
