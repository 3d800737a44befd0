"""``deal``: reproducible deals from a shuffled deck.

Generator: Python's :class:`random.Random` (MT19937) seeded with the integer
``seed``; shuffle: Fisher–Yates from the top of the deck down, each swap index
drawn by rejection sampling from ``getrandbits`` (see :func:`shuffle`). Both
parts are fully specified here, so the same seed deals the same cards on every
machine and Python version. The unshuffled deck is in deck-index order
(As Ah Ad Ac Ks ... 2c, SPEC §2c) less the dead cards.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Callable, Iterator, Optional

from pokercli import cards as C
from pokercli.errors import PokerError, shown
from pokercli import games
from pokercli.games.rules import load

if TYPE_CHECKING:
    from pokercli.hearts import State



def _below(rng: random.Random, n: int) -> int:
    """Uniform integer in [0, n) by rejection sampling on ``getrandbits``."""
    k = n.bit_length()
    while True:
        r = rng.getrandbits(k)
        if r < n:
            return r


def shuffle(deck: list[int], rng: random.Random) -> list[int]:
    """Fisher–Yates: for i from len-1 down to 1, swap deck[i] with deck[j], j in [0, i]."""
    deck = list(deck)
    for i in range(len(deck) - 1, 0, -1):
        j = _below(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _sort_hand(hand: list[int]) -> list[int]:
    return sorted(hand, key=C.deck_index)


def _dealt_hand(hand: list[int], down: tuple[int, ...]) -> list[int]:
    """A stud hand in the order dealt (its slice of the shuffled deck: first
    card first), the two first down cards sorted high to low: the order does
    not matter between them, and a hand reads as a player holds it."""
    return _sort_hand(hand[:2]) + hand[2:] if down[:2] == (0, 1) else list(hand)


def written(hand, down: tuple[int, ...], name=C.card_name) -> str:
    """A hand in the order dealt with its face-down cards (positions ``down``)
    in parentheses, each card written by ``name`` (stud:
    ``(Ts 2c) 9h 9d 7s 5h (5c)``, as ``equity --game stud`` reads it)."""
    groups: list[tuple[bool, list[str]]] = []
    for i, c in enumerate(hand):
        is_down = i in down
        if groups and groups[-1][0] == is_down:
            groups[-1][1].append(name(c))
        else:
            groups.append((is_down, [name(c)]))
    return " ".join("(" + " ".join(g) + ")" if d else " ".join(g) for d, g in groups)


@dataclass
class Deal:
    """One deal: the hands (each sorted high to low; a stud hand in the order
    dealt, :attr:`written` with its down cards in parentheses) and, for
    hold'em, the board; for Hearts also the state of the deal."""

    game: str
    seed: int
    index: int
    hands: list[list[C.Card]]
    board: list[C.Card]
    hearts: Optional["State"] = None

    @property
    def has_board(self) -> bool:
        """Hold'em, Omaha and short deck deal a board; stud one community card
        when the deck cannot give every player a seventh card."""
        return games.layout(self.game).dealing.board_cards > 0 or bool(self.board)

    @property
    def down_cards(self) -> tuple[int, ...]:
        """Where a hand's face-down cards are, in the order dealt (stud: the
        first two and the seventh); empty where no card is dealt face down."""
        return games.layout(self.game).dealing.down_cards

    @property
    def written(self) -> Optional[list[str]]:
        """Each hand as the game writes it (stud: ``(Ts 2c) 9h 9d 7s 5h
        (5c)``, the up cards in the order dealt), or None where a hand is plain cards."""
        down = self.down_cards
        return [written(h, down) for h in self.hands] if down else None

    def to_dict(self) -> dict:
        """One deal's ``deal --json`` document."""
        doc = {"game": self.game, "seed": self.seed, "deal": self.index,
               "hands": [[C.card_name(c) for c in h] for h in self.hands]}
        if self.down_cards:
            doc["written"] = self.written
        if self.has_board:
            doc["board"] = [C.card_name(c) for c in self.board]
        if self.hearts is not None:
            doc["hearts"] = self.hearts.to_dict()
        return doc


class Deals:
    """The deals of one ``deal`` call, from one seeded generator: a sequence
    that deals as it is read (``deal(count=10**9)`` holds one deal at a time;
    reading it again deals the same cards again from the seed).

    >>> d = deal("holdem", seed=1, count=3)
    >>> len(d), d[2].index, [x.index for x in d]
    (3, 3, [1, 2, 3])
    """

    def __init__(self, game: str, seed: int, deals: Callable[[], Iterator[Deal]], count: int,
                 seed_given: bool = True):
        self.game, self.seed, self.count, self.seed_given = game, seed, count, seed_given
        self._deals = deals

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Deal]:
        return self._deals()

    def __getitem__(self, index: int) -> Deal:
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError("deals are indexed by whole numbers")
        if index < 0:
            index += self.count
        if not 0 <= index < self.count:
            raise IndexError("deal index out of range")
        return next(islice(self._deals(), index, None))

    def to_dict(self) -> dict:
        """The ``deal --json`` document of a single deal (several are JSON Lines)."""
        return self[0].to_dict()


def new_seed() -> int:
    return secrets.randbits(63)


def _whole(value, name: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise PokerError(f"{name} must be a whole number of at least {low}, not {shown(value)}", name)
    return value


def deal(game: games.DealName = "holdem", players: Optional[int] = None, seed: Optional[int] = None,
         dead=(), count: int = 1, *, round_number: int = 1, view: Optional[int] = None) -> Deals:
    """Deal ``count`` independent deals of ``game`` (holdem, an Omaha game,
    shortdeck, a stud or draw game, hearts or bigtwo) from one generator
    seeded with ``seed`` (a random one when None). Short deck deals from its
    36 cards. A player's cards are the next ones of the shuffled deck; a
    stud hand keeps them in that order, as dealt: two down, four up, one down.

    Hearts deals also carry the state of the deal for round ``round_number``
    (its pass type), seen by player ``view`` when given.

    >>> d = deal("holdem", players=2, seed=1)
    >>> [C.format_cards(h) for h in d[0].hands], C.format_cards(d[0].board)
    (['Qh 2h', '9d 5h'], 'Ad 5d Tc Qc 6c')
    """
    g = games.layout(game)
    per_hand, board_cards, full = g.dealing.hole_cards, g.dealing.board_cards, g.deck
    if players is None:
        players = g.dealing.players
    players = _whole(players, "players", 1)
    fixed = g.dealing.fixed_players
    if fixed is not None and players != fixed:
        raise PokerError(f"{game} is dealt to exactly {fixed} players, not {players}", "players")
    count = _whole(count, "count", 1)
    if g.dealing.state is None and (round_number != 1 or view is not None):
        stateful = " or ".join(f"game={x.name!r}" for x in games.GAMES.values() if x.dealing.state)
        raise PokerError(f"round_number= and view= are for {stateful}", "game")
    make_state = None if g.dealing.state is None else load(g.dealing.state)(round_number, view)
    dead_cards = C.as_cards(dead, "dead")
    g.check_deck(dead_cards, "dead", "dead")
    deck = sorted(set(full) - set(dead_cards), key=C.deck_index)
    need = players * per_hand + board_cards
    community = need > len(deck) and g.dealing.community_last and need - players + 1 <= len(deck)
    if community:
        per_hand, need = per_hand - 1, need - players + 1  # the last card one community card, as the board
    if need > len(deck):
        raise PokerError(f"{game} for {players} players needs {need} cards, "
                         f"but the deck has {len(deck)}{g.players_note(players)}", "players")
    seed_given = seed is not None
    if seed is None:
        seed = new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise PokerError(f"seed must be a non-negative integer, not {shown(seed)}", "seed")
    card = C.Card
    down = g.dealing.down_cards

    def order(hand: list[int]) -> list[int]:
        return _dealt_hand(hand, down) if down else _sort_hand(hand)

    def deals() -> Iterator[Deal]:
        rng = random.Random(seed)
        for k in range(count):
            d = shuffle(deck, rng)
            hands = [[card(c) for c in order(d[p * per_hand:(p + 1) * per_hand])] for p in range(players)]
            board = [card(c) for c in d[players * per_hand:need]]
            state = None if make_state is None else make_state(hands)
            yield Deal(game, seed, k + 1, hands, board, state)

    return Deals(game, seed, deals, count, seed_given)
