"""The games pokercli computes for: deck, hole cards, board, evaluator, equity kernels.

The core looks a game up here instead of assuming hold'em: ``rank``,
``equity`` and ``percentile`` take ``game=`` and check cards and counts
against it. Only hold'em exists today; Omaha and short deck add rows.

(``deal`` also deals Hearts, Big Two and five-card draw, which are dealing
layouts of :mod:`pokercli.dealing`, not games with an equity.)

>>> game("holdem").hole_cards, game("holdem").board_cards, len(game("holdem").deck)
(2, 5, 52)
"""

from __future__ import annotations

from dataclasses import dataclass

from pokercli.errors import PokerError, shown


@dataclass(frozen=True)
class Game:
    """One game's rules, as the core needs them."""

    name: str
    description: str
    #: Card ids in play (a short deck leaves some out).
    deck: tuple[int, ...]
    #: Cards each player holds.
    hole_cards: int
    #: Cards on a complete board; the boards a spot may show are ``board_sizes``.
    board_cards: int
    board_sizes: tuple[int, ...]
    #: How a hand is valued: the best five of the hole and board cards.
    evaluator: str
    #: The kernels of exact equity and of Monte Carlo (modules of pokercli._kernels).
    exact_kernels: str
    monte_carlo_kernel: str


HOLDEM = Game("holdem", "Texas hold'em: the best five of two hole cards and five board cards",
              tuple(range(52)), 2, 5, (0, 3, 4, 5), "best five of seven", "showdown", "montecarlo")

GAMES: dict[str, Game] = {HOLDEM.name: HOLDEM}


def game(name: str) -> Game:
    """The game called ``name``; :class:`PokerError` for one pokercli does not know."""
    found = GAMES.get(name) if isinstance(name, str) else None
    if found is None:
        raise PokerError(f"game must be {' or '.join(repr(g) for g in GAMES)}, not {shown(name)}",
                         "game")
    return found
