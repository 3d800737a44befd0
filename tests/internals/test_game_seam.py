"""The game seam holds: outside pokercli/games/ and pokercli/_kernels/ no code
tests a game's name or a game flag; it asks the Game (its engine, rule, pot,
dealing) or reads a result's data."""

from __future__ import annotations

import ast
from pathlib import Path

import pokercli
from pokercli.games import GAMES
from pokercli.games.rules import Engine

PACKAGE = Path(pokercli.__file__).parent
#: Where a game's name may be spelled out: its definition, its kernels, and the
#: ranking rules its definition builds on (hold'em's seed evaluator, short deck's).
EXEMPT = ("games", "_kernels", "reference.py", "shortdeck.py")
#: Names that stand for a game or its ranking: the registry's, and the rankings' keys.
NAMES = set(GAMES) | {g.rule.key for g in GAMES.values() if g.rule is not None}
#: The flags a game used to be tested by (a Game no longer has them).
OLD_FLAGS = {"must_use", "hilo_game", "holdem_only"}


def _strings(node: ast.AST) -> list[str]:
    """The string constants ``node`` is, or holds as a tuple, list or set."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for e in node.elts for s in _strings(e)]
    return []


def violations(source: str, filename: str) -> list[str]:
    """Each place in ``source`` that tests a game by name or flag."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        hit = None
        if isinstance(node, ast.Compare):
            names = [s for part in [node.left, *node.comparators] for s in _strings(part)]
            hit = next((s for s in names if s in NAMES), None)
        elif isinstance(node, ast.MatchValue):
            hit = next((s for s in _strings(node.value) if s in NAMES), None)
        elif isinstance(node, ast.Dict):  # a table by game names: dispatch the registry should do
            keys = [s for k in node.keys if k is not None for s in _strings(k) if s in NAMES]
            hit = keys[0] if len(keys) > 1 else None
        elif isinstance(node, ast.Attribute) and node.attr in OLD_FLAGS:
            hit = node.attr
        elif isinstance(node, ast.Name) and node.id in OLD_FLAGS:
            hit = node.id
        if hit is not None:
            found.append(f"{filename}:{node.lineno}: {hit!r}")
    return found


def test_no_code_outside_games_tests_a_game_by_name_or_flag():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in EXEMPT:
            continue
        found += violations(path.read_text(encoding="utf-8"), str(rel))
    assert found == []


def test_the_check_finds_what_it_looks_for():
    """Each kind of test the rule forbids is found (so the test above can fail)."""
    cases = {
        "if game == 'holdem': pass": 1,
        "x = 169 if self.game != 'holdem' else 81": 1,
        "if g.rule.key in ('shortdeck', 'shortdeck-straight'): pass": 1,
        "match name:\n    case 'omaha-hilo': pass": 1,
        "f = {'omaha': a, 'holdem': b}[name]": 1,
        "if g.must_use: pass": 1,
        "if g.engine is None: pass": 0,
        "if name == 'random': pass": 0,
    }
    for code, count in cases.items():
        assert len(violations(code, "case.py")) == count, code


def test_every_engine_names_functions_that_exist():
    """Each family's operations import, so a game's engine line cannot point nowhere."""
    engines = {id(g.engine): g.engine for g in GAMES.values() if g.engine is not None}
    for engine in engines.values():
        for operation in Engine.OPERATIONS:
            assert callable(getattr(engine, operation)), (engine, operation)
    for g in GAMES.values():
        if g.classes is not None:
            assert len(g.classes.equities(g)) == g.classes.count
        if g.dealing.state is not None:
            from pokercli.games.rules import load

            assert callable(load(g.dealing.state))

