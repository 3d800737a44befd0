"""The games pokercli knows, each one definition that every command asks.

A :class:`Game` carries its deck, how it deals (:class:`Dealing`), how a hand
is valued (:class:`HandRule`), how the pot is shared (:class:`Pot`), the
functions that compute it (:class:`Engine`, imported on first use) and its
starting-hand classes. :data:`GAMES` is the only registry: ``--game``'s
choices and help, ``deal``'s layouts and the docs' table are built from it.
Outside this package and the kernels no code tests a game's name: it asks
the game (``game.engine.equity(...)``, ``game.rule.ranking``), or reads a
result's data. ``docs/architecture.md`` says how a game is added.

One module per family: :mod:`~pokercli.games.holdem`,
:mod:`~pokercli.games.shortdeck`, :mod:`~pokercli.games.omaha`, and the deal
layouts of draw, Hearts and Big Two (:mod:`~pokercli.games.layouts`), which
have no hand rule or engine.

>>> g = game("holdem")
>>> g.dealing.hole_cards, g.dealing.board_sizes, len(g.deck), g.rule.class_count
(2, (0, 3, 4, 5), 52, 7462)
>>> [g.name for g in GAMES.values() if g.engine is None]
['draw', 'hearts', 'bigtwo']
"""

from __future__ import annotations

from typing import Literal

from pokercli.errors import PokerError, shown
from pokercli.games.game import DEFAULT, Game
from pokercli.games.rules import Dealing, Engine, HandRule, Pot, Ranking, StartingHands

__all__ = ["DEFAULT", "Game", "GAMES", "GameName", "DealName", "game", "layout", "equity_games", "Dealing", "Engine",
           "HandRule", "Pot", "Ranking", "StartingHands"]

#: The names ``game=`` takes (the games with a hand rule): :data:`GAMES` says the same (a test checks).
GameName = Literal["holdem", "omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo", "shortdeck",
                   "shortdeck-straight", "stud", "stud-hilo", "razz", "27-single", "27-triple", "a5-triple",
                   "badugi"]
#: The names ``deal`` takes: every entry of :data:`GAMES` (a test checks).
DealName = Literal["holdem", "omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo", "shortdeck",
                   "shortdeck-straight", "stud", "stud-hilo", "razz", "27-single", "27-triple", "a5-triple",
                   "badugi", "draw",
                   "hearts", "bigtwo"]


def _registry() -> dict[str, Game]:
    from pokercli.games import holdem, layouts, lowball, omaha, shortdeck, stud

    found = [holdem.definition(), *omaha.definitions(), *shortdeck.definitions(), *stud.definitions(),
             *lowball.definitions(), *layouts.definitions()]
    return {g.name: g for g in found}


#: Every game and deal layout, by name: the only registry.
GAMES: dict[str, Game] = _registry()


def equity_games() -> list[Game]:
    """The games with a hand rule and an engine (what ``rank``, ``equity`` and
    ``percentile`` take), in registry order."""
    return [g for g in GAMES.values() if g.engine is not None]


def game(name: str) -> Game:
    """The game called ``name`` (or ``name`` itself, a :class:`Game`), which has
    a hand rule and an engine; :class:`PokerError` for one pokercli does not know."""
    found = name if isinstance(name, Game) else GAMES.get(name) if isinstance(name, str) else None
    if found is None or found.engine is None:
        raise PokerError(f"game must be one of {', '.join(repr(g.name) for g in equity_games())}, "
                         f"not {shown(name)}", "game")
    return found


def ranking(key: str) -> Ranking:
    """The five-card ranking the kernel tables call ``key`` (``"standard"``,
    ``"shortdeck"``, ``"razz"``, ...), from the games that use it."""
    for g in equity_games():
        if g.rule.key == key:
            return g.rule.ranking
    raise PokerError(f"ranking must be one of {', '.join(sorted({g.rule.key for g in equity_games()}))}, "
                     f"not {shown(key)}", "ranking")


def layout(name: str) -> Game:
    """The game or deal layout called ``name`` (what ``deal`` takes)."""
    found = GAMES.get(name) if isinstance(name, str) else None
    if found is None:
        raise PokerError(f"game must be one of {', '.join(GAMES)}, not {shown(name)}", "game")
    return found


def markdown_table() -> str:
    """The table of every registry entry that docs/games.md shows (written by
    ``scripts/gen_docs.py``; a test fails when the page drifts from it)."""
    rows = ["| `--game` | deck | cards each | board | hand | pot | starting-hand classes |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for g in GAMES.values():
        d = g.dealing
        board = ", ".join(map(str, d.board_sizes)) if d.board_cards else "none"
        shown_so_far = f" ({', '.join(map(str, d.hand_sizes[:-1]))} shown so far)" if d.hand_sizes else ""
        rule = g.rule.description if g.rule is not None else "deal only"
        pot = ("the best hand" if not g.pot.split else f"high / low ({g.pot.low})") if g.rule is not None else "-"
        classes = str(g.classes.count) if g.classes is not None else "-"
        players = f" ({d.fixed_players} players)" if d.fixed_players else ""
        rows.append(f"| `{g.name}` | {len(g.deck)} | {d.hole_cards}{players}{shown_so_far} | {board} | {rule} | {pot} | "
                    f"{classes} |")
    return "\n".join(rows) + "\n"


def help_text() -> str:
    """``--game``'s help, from the registry."""
    return "The game: " + ", ".join(g.help for g in equity_games() if g.help) + "."
