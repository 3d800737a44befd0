"""How the package is laid out: what the library raises is listed in one module."""

from __future__ import annotations

import ast
from pathlib import Path

import pokercli

PACKAGE = Path(pokercli.__file__).parent


def test_every_poker_error_subclass_is_in_errors_py():
    """One place lists what the library raises: PokerError and its subclasses."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    getattr(b, "id", getattr(b, "attr", "")) == "PokerError" or
                    getattr(b, "id", getattr(b, "attr", "")).endswith("Error") for b in node.bases):
                found.append((path.relative_to(PACKAGE).as_posix(), node.name))
    assert found and all(where == "errors.py" for where, _ in found), found
