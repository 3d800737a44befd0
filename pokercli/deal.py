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

from pokercli import cards as C
from pokercli.errors import InputError, shown

#: game -> (cards per hand, board cards, default players, fixed player count)
GAMES = {
    "holdem": (2, 5, 2, None),
    "draw": (5, 0, 2, None),
    "hearts": (13, 0, 4, 4),
    "bigtwo": (13, 0, 4, 4),
}


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


@dataclass
class Deal:
    game: str
    seed: int
    index: int
    hands: list[list[int]]
    board: list[int]

    def to_json(self) -> dict:
        doc = {"game": self.game, "seed": self.seed, "deal": self.index,
               "hands": [[C.card_name(c) for c in h] for h in self.hands]}
        if self.game == "holdem":
            doc["board"] = [C.card_name(c) for c in self.board]
        return doc


def new_seed() -> int:
    return secrets.randbits(63)


def deal(game: str, players: int | None = None, seed: int | None = None,
         dead: list[int] | None = None, count: int = 1) -> list[Deal]:
    """Deal ``count`` independent deals of ``game`` from one seeded generator."""
    if game not in GAMES:
        raise InputError(f"unknown game {shown(game)}: choose one of {', '.join(GAMES)}")
    per_hand, board_cards, default_players, fixed = GAMES[game]
    if players is None:
        players = default_players
    if fixed is not None and players != fixed:
        raise InputError(f"{game} is dealt to exactly {fixed} players, not {players}")
    if players < 1:
        raise InputError(f"--players must be at least 1, not {players}")
    if count < 1:
        raise InputError(f"--count must be at least 1, not {count}")
    dead = dead or []
    deck = sorted(set(range(52)) - set(dead), key=C.deck_index)
    need = players * per_hand + board_cards
    if need > len(deck):
        raise InputError(f"{game} for {players} players needs {need} cards, "
                         f"but the deck has {len(deck)}")
    if seed is None:
        seed = new_seed()
    if seed < 0:
        raise InputError(f"--seed must be a non-negative integer, not {seed}")
    rng = random.Random(seed)
    out = []
    for k in range(count):
        d = shuffle(deck, rng)
        hands = [_sort_hand(d[p * per_hand:(p + 1) * per_hand]) for p in range(players)]
        board = d[players * per_hand:need]
        out.append(Deal(game, seed, k + 1, hands, board))
    return out
