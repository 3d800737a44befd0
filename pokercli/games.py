"""The games pokercli computes for: deck, hole cards, board, evaluator, equity kernels.

The core looks a game up here instead of assuming hold'em: ``rank``,
``equity`` and ``percentile`` take ``game=`` and check cards and counts
against it. Hold'em and the Omaha games (4, 5 or 6 hole cards, high only or
high-low) and short deck (36 cards, two rankings) exist.

(``deal`` also deals Hearts, Big Two and five-card draw, which are dealing
layouts of :mod:`pokercli.dealing`, not games with an equity.)

>>> game("holdem").hole_cards, game("holdem").board_cards, len(game("holdem").deck)
(2, 5, 52)
"""

from __future__ import annotations

from dataclasses import dataclass

from pokercli.errors import PokerError, shown
from pokercli.shortdeck import DECK as SHORT_DECK


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
    #: Hole cards a hand must use: 0 for any (hold'em), 2 for Omaha (and three board cards).
    must_use: int = 0
    #: Half the pot goes to the best qualifying low (eight or better), if any.
    hilo: bool = False
    #: How five cards rank: "standard", or a short deck ranking (pokercli.shortdeck).
    ranking: str = "standard"

    @property
    def left_out(self) -> tuple[int, ...]:
        """The card ids this game's deck does not hold (a short deck's twos to fives)."""
        deck = set(self.deck)
        return tuple(c for c in range(52) if c not in deck)

    def check_deck(self, cards, what: str, parameter: str) -> None:
        """:class:`PokerError` when ``cards`` hold a card this game does not use."""
        left_out = set(self.left_out)
        if left_out:
            outside = [c for c in cards if c in left_out]
            if outside:
                from pokercli.cards import card_name

                raise PokerError(f"{what} holds {card_name(outside[0])}, which {self.name} does not use "
                                 "(its deck is the sixes to the aces)", parameter)


HOLDEM = Game("holdem", "Texas hold'em: the best five of two hole cards and five board cards",
              tuple(range(52)), 2, 5, (0, 3, 4, 5), "best five of seven", "showdown", "montecarlo")

_OMAHA_RULE = "exactly two hole cards and three board cards"
OMAHA = [Game(name, f"{title}: {cards} hole cards, the best five of {_OMAHA_RULE}"
              + (", half the pot to the best eight-or-better low" if hilo else ""),
              tuple(range(52)), cards, 5, (0, 3, 4, 5), "two of the hole, three of the board",
              "omaha", "omaha", must_use=2, hilo=hilo)
         for name, title, cards, hilo in (
             ("omaha", "Omaha", 4, False), ("omaha5", "Five-card Omaha", 5, False),
             ("omaha6", "Six-card Omaha", 6, False), ("omaha-hilo", "Omaha hi-lo", 4, True),
             ("omaha5-hilo", "Five-card Omaha hi-lo", 5, True))]

SHORTDECK = [Game(name, f"Short deck hold'em (36 cards, six to ace): A-6-7-8-9 is the lowest "
                        f"straight, a flush beats a full house, {rule}",
                  SHORT_DECK, 2, 5, (0, 3, 4, 5), "best five of seven, short deck ranking", "showdown",
                  "montecarlo", ranking=name)
             for name, rule in (("shortdeck", "three of a kind beats a straight (the Triton rule)"),
                                ("shortdeck-straight", "a straight beats three of a kind"))]

GAMES: dict[str, Game] = {g.name: g for g in [HOLDEM, *OMAHA, *SHORTDECK]}


def game(name: str) -> Game:
    """The game called ``name``; :class:`PokerError` for one pokercli does not know."""
    found = GAMES.get(name) if isinstance(name, str) else None
    if found is None:
        raise PokerError(f"game must be one of {', '.join(repr(g) for g in GAMES)}, not {shown(name)}",
                         "game")
    return found


def holdem_only(name: str, what: str) -> Game:
    """The game called ``name`` when it is hold'em; :class:`PokerError` for the
    games ``what`` does not compute yet (it would otherwise apply hold'em's rule)."""
    g = game(name)
    if g.must_use:
        raise PokerError(f"{what} is for hold'em so far, not {g.name} (equity takes game={g.name!r})",
                         "game")
    return g
