"""One query of fixed hands after the flop, in one kernel call: the path of a
script or bot asking ``equity(["AhKh", "QsQd"], "Jh Th 2c")`` many times.

The general path checks a spot as :func:`~pokercli.equity_calc.spot.make_spot`
does for any player (ranges, weights, stud's notation), lists the runouts and
hands them to the range kernels: about 0.1 ms of Python around a few
microseconds of counting. Here the hands, board and dead cards are read one
dict lookup a card, and one kernel walks every runout
(:func:`pokercli._kernels.range_runouts.fixed_patterns`): the same integer
counts (tested against the general path), the same result.

It answers only what it reads without doubt: every player a text of two
cards (``"AhKh"``, ``"Ah Kh"``), a board of 3 to 5 cards and dead cards as
text, every card once and in the game's deck, in a game whose engine is the
board engine of two hole cards, exact, none of the options that change the
job. Anything else -- a range, a typo, a duplicate card -- returns None and
the general path answers it (or names the mistake), so errors read the same
whichever path a query takes. It runs only once the kernels are loaded in
the process (Numba imported): a fresh command's first query is cheaper in
plain Python (:mod:`pokercli.postflop_pairs`).
"""

from __future__ import annotations

import sys
from typing import Optional, Sequence

from pokercli.cards import SPELLINGS, card_name
from pokercli.equity_calc.model import EquityResult, PlayerResult
from pokercli.timing import Clock

_NAMES = [card_name(c) for c in range(52)]
#: The most players taken (the winner patterns: 2**players counters).
MAX_PLAYERS = 10


def _hand(text) -> Optional[tuple[int, int]]:
    """The two cards of ``"AhKh"`` or ``"Ah Kh"`` (any case), in the order written; None otherwise."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if len(text) == 4:
        a, b = SPELLINGS.get(text[:2]), SPELLINGS.get(text[2:])
    elif len(text) == 5 and text[2] == " ":
        a, b = SPELLINGS.get(text[:2]), SPELLINGS.get(text[3:])
    else:
        return None
    if a is None or b is None or a == b:
        return None
    return a, b


def _cards(text) -> Optional[list[int]]:
    """The cards of a text of cards (``"Jh Th 2c"``, ``"JhTh2c"``) or of a list
    of card ids or names, ``[]`` for nothing given; None when it is anything else."""
    if isinstance(text, (tuple, list)):
        out = []
        for item in text:
            if isinstance(item, str):
                item = SPELLINGS.get(item)
            elif isinstance(item, bool) or not isinstance(item, int) or not 0 <= item < 52:
                return None
            if item is None:
                return None
            out.append(int(item))
        return out
    if not isinstance(text, str):
        return None
    out = []
    for token in text.split():
        if len(token) % 2:
            return None
        for k in range(0, len(token), 2):
            cid = SPELLINGS.get(token[k:k + 2])
            if cid is None:
                return None
            out.append(cid)
    return out


def fixed_equity(players: Sequence, board, dead, game) -> Optional[EquityResult]:
    """The exact equity of fixed hands on a flop, turn or river (see the
    module), or None when this path does not take the spot. ``game``: a
    :class:`~pokercli.games.Game` whose engine's equity is the board engine."""
    if "numba" not in sys.modules or not isinstance(players, (list, tuple)) \
            or not 2 <= len(players) <= MAX_PLAYERS:
        return None
    hands = []
    for p in players:
        h = _hand(p)
        if h is None:
            return None
        hands.append(h)
    board_cards, dead_cards = _cards(board), _cards(dead)
    if board_cards is None or dead_cards is None or len(board_cards) < 3 \
            or len(board_cards) not in game.board_sizes:
        return None
    every = [c for h in hands for c in h] + board_cards + dead_cards
    used = 0
    for c in every:
        used |= 1 << c
    kit = _KITS.get(game.rule.key) or _kit(game)
    if bin(used).count("1") != len(every) or used & ~kit.deck:
        return None  # a card twice, or one the game's deck does not hold
    to_come = game.board_cards - len(board_cards)
    keys = kit.keys
    players_ = len(hands)
    packed = [keys[a] + keys[b] for a, b in hands] + [(1 << a) | (1 << b) for a, b in hands]
    base_key, base_mask = kit.key_init, 0
    for c in board_cards:
        base_key += keys[c]
        base_mask |= 1 << c
    clock = Clock()
    args = (kit.np_array(packed, kit.int64), players_, kit.deck & ~used, to_come, base_key, base_mask,
            *kit.tables)
    if kit.warm:
        counts = kit.kernel(*args).tolist()
    else:  # the first call loads the kernel (or compiles it, saying so)
        counts = kit.call(kit.kernel, *args).tolist()
        kit.warm = True
    seconds = clock.seconds()
    total = float(sum(counts))
    out = []
    for p in range(players_):
        # row[n]: the runouts p wins among n winners, as the general path's outcome rows
        row = [0] * (players_ + 1)
        for pattern in range(1, 1 << players_):
            if pattern >> p & 1:
                row[bin(pattern).count("1")] += counts[pattern]
        row = [float(x) for x in row]
        wins, ties = row[1], sum(row[2:])
        share = wins + sum(row[n] / n for n in range(2, players_ + 1))
        a, b = hands[p]
        out.append(PlayerResult(f"{_NAMES[a]} {_NAMES[b]}", float(wins / total), float(ties / total),
                                float(share / total), wins, ties, total, combos=1))
    result = EquityResult(out, "exact", board_cards, dead_cards, boards=total, game=game.name)
    result.deals, result.seconds, result.evaluations = 1, seconds, total * players_
    return result


class _Kit:
    """What a query of one ranking needs, gathered once: the kernel, its
    tables, the card keys as Python ints (a list reads faster than an array)
    and the game's deck as a 52-bit mask."""

    def __init__(self, game) -> None:
        import numpy as np

        from pokercli._kernels.jit import call
        from pokercli._kernels.lookup import KEY_INIT, kernel_tables, strength_tables
        from pokercli._kernels.range_runouts import fixed_patterns

        keys, offsets = kernel_tables(game.rule.key)[:2]
        self.keys = [int(k) for k in keys]
        self.key_init = int(KEY_INIT)
        self.tables = (keys, offsets, *strength_tables(game.rule.key))
        self.deck = sum(1 << c for c in game.deck)
        self.call, self.kernel = call, fixed_patterns
        self.np_array, self.int64 = np.array, np.int64
        self.warm = False


_KITS: dict[str, _Kit] = {}


def _kit(game) -> _Kit:
    kit = _KITS[game.rule.key] = _Kit(game)
    return kit
