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

from dataclasses import dataclass
from typing import Any, Literal, Optional

from pokercli.errors import PokerError, shown
from pokercli.games.rules import Dealing, Engine, HandRule, Pot, Ranking, StartingHands

__all__ = ["Game", "GAMES", "GameName", "DealName", "game", "layout", "equity_games", "Dealing", "Engine",
           "HandRule", "Pot", "Ranking", "StartingHands"]

#: The game a call means when it names none; results name any other.
DEFAULT = "holdem"

#: The names ``game=`` takes (the games with a hand rule): :data:`GAMES` says the same (a test checks).
GameName = Literal["holdem", "omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo", "shortdeck",
                   "shortdeck-straight"]
#: The names ``deal`` takes: every entry of :data:`GAMES` (a test checks).
DealName = Literal["holdem", "omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo", "shortdeck",
                   "shortdeck-straight", "draw", "hearts", "bigtwo"]


@dataclass(frozen=True)
class Game:
    """One game: what it deals, how it values hands and shares the pot, and
    which engine computes it. A deal layout (draw, Hearts, Big Two) has a
    deck and a dealing only."""

    name: str
    description: str
    #: Card ids in play (a short deck leaves some out).
    deck: tuple[int, ...]
    dealing: Dealing
    rule: Optional[HandRule] = None
    pot: Pot = Pot()
    engine: Optional[Engine] = None
    #: Starting-hand classes (``AKs``) and their equities, where the game has them.
    classes: Optional[StartingHands] = None
    #: What ``--game``'s help says of it (None: another entry's words cover it).
    help: Optional[str] = None

    @property
    def hole_cards(self) -> int:
        return self.dealing.hole_cards

    @property
    def board_cards(self) -> int:
        return self.dealing.board_cards

    @property
    def board_sizes(self) -> tuple[int, ...]:
        return self.dealing.board_sizes

    @property
    def left_out(self) -> tuple[int, ...]:
        """The card ids this game's deck does not hold (a short deck's twos to fives)."""
        deck = set(self.deck)
        return tuple(c for c in range(52) if c not in deck)

    @property
    def deck_note(self) -> str:
        """What to add when a card is outside the deck: ``(its deck is ...)``, or ""."""
        if not self.left_out:
            return ""
        from pokercli.cards import RANK_CHARS

        ranks = sorted({c % 13 for c in self.deck})
        words = {4: "sixes", 12: "aces"}
        low, high = words.get(ranks[0], RANK_CHARS[ranks[0]]), words.get(ranks[-1], RANK_CHARS[ranks[-1]])
        return f" (its deck is the {low} to the {high})"

    def check_deck(self, cards, what: str, parameter: str) -> None:
        """:class:`PokerError` when ``cards`` hold a card this game does not use."""
        left_out = set(self.left_out)
        if left_out:
            outside = [c for c in cards if c in left_out]
            if outside:
                from pokercli.cards import card_name

                raise PokerError(f"{what} holds {card_name(outside[0])}, which {self.name} does not "
                                 f"use{self.deck_note}", parameter)

    @property
    def in_json(self) -> dict[str, Any]:
        """What a result's JSON says of the game: nothing for the default game."""
        return {} if self.name == DEFAULT else {"game": self.name}

    @property
    def label(self) -> str:
        """The game's name and a space before a title, or "" for the default game."""
        return "" if self.name == DEFAULT else f"{self.name} "


def _registry() -> dict[str, Game]:
    from pokercli.games import holdem, layouts, omaha, shortdeck

    found = [holdem.definition(), *omaha.definitions(), *shortdeck.definitions(),
             *layouts.definitions()]
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


def layout(name: str) -> Game:
    """The game or deal layout called ``name`` (what ``deal`` takes)."""
    found = GAMES.get(name) if isinstance(name, str) else None
    if found is None:
        raise PokerError(f"game must be one of {', '.join(GAMES)}, not {shown(name)}", "game")
    return found


def help_text() -> str:
    """``--game``'s help, from the registry."""
    return "The game: " + ", ".join(g.help for g in equity_games() if g.help) + "."
