"""One query of fixed hands after the flop, in one kernel call: the path of a
script or bot asking ``equity(["AhKh", "QsQd"], "Jh Th 2c")`` many times.

The general path checks a spot as :func:`~pokercli.equity_calc.spot.make_spot`
does for any player (ranges, weights, stud's notation), lists the runouts and
hands them to the range kernels: about 0.1 ms of Python around a few
microseconds of counting. Here the hands, board and dead cards are read one
dict lookup a card, and one kernel walks every runout
(:func:`pokercli._kernels.range_runouts.fixed_patterns`): the same integer
counts (tested against the general path), the same result.

:func:`fixed_equity` answers only what it reads without doubt: every player
a text of two cards (``"AhKh"``, ``"Ah Kh"``), a board of 3 to 5 cards and
dead cards as text or card lists, every card once and in the game's deck, in
a game whose engine is the board engine of two hole cards, exact, none of
the options that change the job. :func:`pair_equity` takes two players of
whom one or both are ranges of whole weights (not ``random``), in small
jobs, with one call of the range kernel
(:func:`pokercli._kernels.range_runouts.runout_counts2_ranks`); :func:`multi_equity`
three or more such players (one call of ``runout_patterns3_ranks`` for three,
``runout_patterns`` for more). Anything else -- a typo, a duplicate card,
``random`` -- returns None and the general
path answers it (or names the mistake), so errors read the same whichever
path a query takes. It runs only once the kernels are loaded in
the process (:func:`pokercli.timing.kernels_ready`): a fresh command's first
query is cheaper in plain Python (:mod:`pokercli.postflop_pairs`).
"""

from __future__ import annotations

import math
from functools import lru_cache
from time import perf_counter
from typing import Optional, Sequence

from pokercli.cards import SPELLINGS, card_name
from pokercli.equity_calc.model import EquityResult, PlayerResult
from pokercli.ranges import RANDOM_WORDS
from pokercli.timing import PREPARING, Clock, kernels_ready

_NAMES = [card_name(c) for c in range(52)]


@lru_cache(maxsize=None)
def _winners(n: int) -> list[tuple[int, list[int]]]:
    """Every winner pattern of ``n`` players and its winners (built when first
    asked: all of them up to ten players took 4 ms at import)."""
    return [(pattern, [p for p in range(n) if pattern >> p & 1]) for pattern in range(1, 1 << n)]


#: The most players taken (the winner patterns: 2**players counters).
MAX_PLAYERS = 10


def _hand(text) -> Optional[tuple[int, int]]:
    """The two cards of ``"AhKh"`` or ``"Ah Kh"`` (any case), in the order written; None otherwise."""
    if not isinstance(text, str):
        return None
    return _remembered(_HANDS, text, _read_hand, 4096)


#: :func:`_hand` of each text read lately (a bot asks about the same hands many times).
_HANDS: dict = {}


def _read_hand(text: str) -> Optional[tuple[int, int]]:
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
    found = _remembered(_TEXTS, text, _read_cards)
    return None if found is None else list(found)


def _remembered(cache: dict, text: str, read, size: int = 256):
    """``read(text)``, kept in ``cache`` (the last ``size`` texts or so)."""
    found = cache.get(text, cache)
    if found is cache:
        found = read(text)
        if len(cache) >= size:
            cache.clear()
        cache[text] = found
    return found


#: :func:`_cards` of each text read lately (a bot asks about one board many times).
_TEXTS: dict = {}


def _read_cards(text: str) -> Optional[tuple[int, ...]]:
    out = []
    for token in text.split():
        if len(token) % 2:
            return None
        for k in range(0, len(token), 2):
            cid = SPELLINGS.get(token[k:k + 2])
            if cid is None:
                return None
            out.append(cid)
    return tuple(out)


def fixed_equity(players: Sequence, board, dead, game) -> Optional[EquityResult]:
    """The exact equity of fixed hands on a flop, turn or river (see the
    module), or None when this path does not take the spot. ``game``: a
    :class:`~pokercli.games.Game` whose engine's equity is the board engine."""
    if not kernels_ready() or not isinstance(players, (list, tuple)) \
            or not 2 <= len(players) <= MAX_PLAYERS:
        return None
    hands = []
    used = 0
    for p in players:
        h = _hand(p)
        if h is None:
            return None
        hands.append(h)
        used |= (1 << h[0]) | (1 << h[1])
    board_cards, dead_cards = _cards(board), _cards(dead)
    if board_cards is None or dead_cards is None or len(board_cards) < 3 \
            or len(board_cards) not in game.board_sizes:
        return None
    kit = _KITS.get(game.rule.key) or _kit(game)
    keys = kit.keys
    base_key, base_mask = kit.key_init, 0
    for c in board_cards:
        base_key += keys[c]
        base_mask |= 1 << c
    used |= base_mask
    for c in dead_cards:
        used |= 1 << c
    if used.bit_count() != 2 * len(hands) + len(board_cards) + len(dead_cards) or used & ~kit.deck:
        return None  # a card twice, or one the game's deck does not hold
    to_come = game.board_cards - len(board_cards)
    players_ = len(hands)
    packed = [keys[a] + keys[b] for a, b in hands] + [(1 << a) | (1 << b) for a, b in hands]
    start, preparing = perf_counter(), PREPARING[0]  # (a Clock's seconds, inline: a microsecond a query)
    args = (kit.np_array(packed, kit.int64), players_, kit.deck & ~used, to_come, base_key, base_mask,
            *kit.tables)
    if kit.warm:
        counts = kit.kernel(*args).tolist()
    else:  # the first call loads the kernel (or compiles it, saying so)
        counts = kit.call(kit.kernel, *args).tolist()
        kit.warm = True
    seconds = max(0.0, perf_counter() - start - (PREPARING[0] - preparing))
    total = float(sum(counts))
    labels = [f"{_NAMES[a]} {_NAMES[b]}" for a, b in hands]
    out = _players(counts, total, labels, [1] * players_)
    return EquityResult(out, "exact", board_cards, dead_cards, boards=total, deals=1, seconds=seconds,
                        evaluations=total * players_, game=game.name)


def _players(counts, total: float, labels, combos) -> list[PlayerResult]:
    """Each player's result from the weighted runouts of each winner pattern
    (``counts[pattern]``, bit p for player p), as the general path's outcome
    rows give it: wins alone, ties, and the pot share."""
    players_ = len(labels)
    if players_ == 2:  # the same floats, without the pattern tables
        tied = float(counts[3])
        return [PlayerResult(labels[p], float(wins / total), float(tied / total), float((wins + tied / 2) / total),
                             wins, tied, total, combos=combos[p])
                for p, wins in enumerate((float(counts[1]), float(counts[2])))]
    # rows[p][n]: the runouts p wins among n winners
    rows = [[0] * (players_ + 1) for _ in range(players_)]
    winners_of = _winners(players_)
    for pattern, c in enumerate(counts):
        if c and pattern:  # (pattern 0, no winner, is never counted)
            winners = winners_of[pattern - 1][1]
            n = len(winners)
            for p in winners:
                rows[p][n] += c
    out = []
    sizes = range(2, players_ + 1)
    for p in range(players_):  # (whole numbers below 2**53 sum exactly, so the same floats as summing floats)
        row = rows[p]
        wins, ties = float(row[1]), float(sum(row[2:]))
        share = wins + sum([row[n] / n for n in sizes])
        out.append(PlayerResult(labels[p], wins / total, ties / total, share / total, wins, ties, total,
                                combos=combos[p]))
    return out


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
        from pokercli._kernels.range_runouts import (deals3, runout_counts2_ranks, runout_patterns,
                                                     runout_patterns3_ranks)
        from pokercli.equity_calc.runouts import board_runouts

        self.call, self.kernel = call, fixed_patterns
        self.np_array, self.int64 = np.array, np.int64
        self.warm = False
        self.np, self.rule = np, game.rule.key
        self.pair_kernel, self.runouts = runout_counts2_ranks, board_runouts
        self.multi_kernel, self.three_kernel = runout_patterns, runout_patterns3_ranks
        self.deals3 = deals3
        from pokercli._kernels.range_runouts import free_combos, pair_deals

        self.free_combos, self.pair_deals = free_combos, pair_deals
        self._ones: dict = {}

    def ones(self, n: int):
        """An array of ``n`` ones, kept per length: the kernels it is given
        (runout weights) only read it; writeable, as the kernels' compiled
        signatures expect."""
        found = self._ones.get(n)
        if found is None:
            found = self._ones[n] = self.np.ones(n, self.np.int64)
        return found


_KITS: dict[str, _Kit] = {}


def _kit(game) -> _Kit:
    kit = _KITS[game.rule.key] = _Kit(game)
    return kit


def pair_equity(players: Sequence, board, dead, game) -> Optional[EquityResult]:
    """The exact equity of two players, hands or ranges of whole weights, on
    a flop, turn or river, in one kernel call over every runout (the general
    path's one-pass counts, :func:`pokercli.equity_calc.runouts.counts`, without
    its spot checks); None when this path does not take the spot: a player
    that is neither, ``random`` (its own kernel), a job big enough for the
    general path's suit symmetry, or anything the general path would refuse."""
    if not kernels_ready() or not isinstance(players, (list, tuple)) or len(players) != 2:
        return None
    found = _spot(players, board, dead, game)
    if found is None:
        return None
    sides, board_cards, dead_cards, kit, blocked, left, arrays = found
    np = kit.np
    (k1, m1, w1, *_), (k2, m2, w2, *_) = arrays
    # both sides' combos that meet no known card, and their deals' weights, in one call
    fk, fm, sk, sm, dense, deals, weight, most = kit.call(kit.pair_deals, k1, m1, w1, k2, m2, w2, *blocked)
    counts = [len(fk), len(sk)]
    if not _kept(sides, arrays, left, counts):
        return None
    if not deals:
        return None
    to_come = game.board_cards - len(board_cards)
    runs = kit.runouts(tuple(sorted(set(board_cards) | set(dead_cards) | set(game.left_out))), to_come)
    if len(runs) * (dense.size + len(fk) + len(sk)) > QUICK_PAIR_WORK:
        return None
    if most <= 255:
        dense = dense.astype(np.uint8)
    base_key, base_mask = _base(kit, board_cards)
    patterns = np.zeros(4, np.int64)
    clock = Clock()
    kit.call(kit.pair_kernel, fk, fm, sk, sm, dense, runs, kit.ones(len(runs)), np.int64(base_key),
             np.int64(base_mask), *kit.tables, np.empty(len(sk), np.int64), patterns)
    seconds = clock.seconds()
    per_deal = math.comb(52 - len(board_cards) - len(dead_cards) - len(game.left_out) - 4, to_come)
    total = float(per_deal * float(weight))
    out = _players(patterns.tolist(), total, _labels(players, sides), counts)  # [1], [2]: one wins; [3]: a tie
    result = EquityResult(out, "exact", board_cards, dead_cards, boards=total, game=game.name)
    result.deals, result.seconds = deals, seconds
    result.evaluations = float(len(runs) * (len(fk) + len(sk)))
    return result


def _spot(players, board, dead, game):
    """What every range path reads first: (sides, board cards, dead cards,
    the kit, each side's mask of the cards its combos may not hold (the known
    cards and those the game leaves out; a hand's own are not), the cards
    left to deal the ranges from, each side's arrays: a hand's (key sum,
    mask, weight 1), a range's :func:`_range_arrays`); None for a spot they
    leave to the general path (see :func:`pair_equity`)."""
    board_cards, dead_cards = _cards(board), _cards(dead)
    if board_cards is None or dead_cards is None or len(board_cards) < 3 \
            or len(board_cards) not in game.board_sizes:
        return None
    sides = [_side(p) for p in players]
    if any(s is None for s in sides):
        return None
    kit = _KITS.get(game.rule.key) or _kit(game)
    fixed = [c for kind, value in sides if kind == "hand" for c in value]
    every = fixed + board_cards + dead_cards
    used = 0
    for c in every:
        used |= 1 << c
    if bin(used).count("1") != len(every) or used & ~kit.deck:
        return None
    np = kit.np
    available = bin(kit.deck).count("1") - len(board_cards) - len(dead_cards)
    left = available - 2 * sum(kind == "hand" for kind, _ in sides)
    arrays = []
    product = 1
    for kind, value in sides:
        if kind == "hand":
            a, b = value
            arrays.append((np.array([kit.keys[a] + kit.keys[b]], np.int64),
                           np.array([(1 << a) | (1 << b)], np.int64), np.ones(1, np.int64), True, True, 1))
            continue
        found = _range_arrays(value, kit)
        if not found[4]:
            return None  # weights such as 0.5: the general path counts deal by deal
        product *= found[5]
        arrays.append(found)
    if product > MAX_DEAL_WEIGHT:
        return None
    known = used | (((1 << 52) - 1) & ~kit.deck)
    blocked = [np.int64(known & ~int(found[1][0]) if kind == "hand" else known)
               for (kind, _), found in zip(sides, arrays)]
    return sides, board_cards, dead_cards, kit, blocked, left, arrays


def _kept(sides, arrays, left: int, counts) -> bool:
    """Whether every range keeps combos that meet no known card (``counts``:
    each side's), and none keeps every hand of the cards left (``random``'s
    own kernel takes those)."""
    for (kind, _), found, kept in zip(sides, arrays, counts):
        if kind == "range" and (not kept or (found[3] and kept == math.comb(left, 2))):
            return False  # empty (the general path says so), or every hand
    return True


def _range_sides(players, board, dead, game):
    """What the range paths of three or more players read: (sides, board
    cards, dead cards, the kit, each player's (key sums, masks, whole
    weights) of the combos that meet no known card, each player's count of
    them); None for a spot they leave to the general path."""
    found = _spot(players, board, dead, game)
    if found is None:
        return None
    sides, board_cards, dead_cards, kit, blocked, left, arrays = found
    free = [kit.call(kit.free_combos, keys, masks, weights, b) for (keys, masks, weights, *_), b in zip(arrays, blocked)]
    counts = [len(f[0]) for f in free]
    if not _kept(sides, arrays, left, counts):
        return None
    return sides, board_cards, dead_cards, kit, free, counts


def _labels(players, sides) -> list[str]:
    """Each player as the general path names it: a hand's two cards, a range as written."""
    return [f"{_NAMES[v[0]]} {_NAMES[v[1]]}" if kind == "hand" else players[p] for p, (kind, v) in enumerate(sides)]


def _base(kit, board_cards) -> tuple[int, int]:
    key, mask = kit.key_init, 0
    for c in board_cards:
        key += kit.keys[c]
        mask |= 1 << c
    return key, mask


def multi_equity(players: Sequence, board, dead, game) -> Optional[EquityResult]:
    """The exact equity of three or more players, hands or ranges of whole
    weights (at least one a range; not ``random``), on a flop, turn or river:
    every deal of the ranges listed (combos that share no card), then one call
    of :func:`pokercli._kernels.range_runouts.runout_patterns` over every
    runout, the kernel the general path calls per chunk. None when the job is
    past ``QUICK_MULTI_WORK`` or ``QUICK_MULTI_DEALS`` (the general path then
    groups runouts by suit symmetry), or for anything :func:`pair_equity`
    leaves."""
    if not kernels_ready() or not isinstance(players, (list, tuple)) \
            or not 3 <= len(players) <= MAX_PLAYERS:
        return None
    found = _range_sides(players, board, dead, game)
    if found is None:
        return None
    sides, board_cards, dead_cards, kit, arrays, counts = found
    if all(kind == "hand" for kind, _ in sides):
        return None  # fixed hands: fixed_equity's (it declined: leave it to the general path)
    np = kit.np
    to_come = game.board_cards - len(board_cards)
    runs = kit.runouts(tuple(sorted(set(board_cards) | set(dead_cards) | set(game.left_out))), to_come)
    sizes = [len(a[0]) for a in arrays]
    if len(players) == 3 and math.prod(sizes) <= QUICK_MULTI_DEALS * 20:
        # three players, a small job: the deals listed in one kernel call (a dozen NumPy steps
        # cost about a third of a turn's job), taken or left by the same limits as below
        (_, ma, wa), (_, mb, wb), (_, mc, wc) = arrays
        first, second, third, weight, pairs = kit.call(kit.deals3, ma, mb, mc, wa, wb, wc)
        if sizes[0] * sizes[1] > QUICK_MULTI_DEALS * 4 or pairs > QUICK_MULTI_DEALS \
                or len(runs) * pairs > QUICK_MULTI_WORK or pairs * sizes[2] > QUICK_MULTI_DEALS * 4 \
                or len(first) > QUICK_MULTI_DEALS or len(runs) * len(first) > QUICK_MULTI_WORK:
            return None
        columns = (first, second, third)
        deals = len(first)
    else:
        # every deal: one combo a player, no card shared, player by player
        index = np.arange(sizes[0], dtype=np.int64)[:, None]
        mask, weight = arrays[0][1], arrays[0][2]
        for keys, masks, weights in arrays[1:]:
            free = (mask[:, None] & masks[None, :]) == 0
            if free.size > QUICK_MULTI_DEALS * 4:
                return None
            d, c = np.nonzero(free)
            if len(d) > QUICK_MULTI_DEALS or len(runs) * len(d) > QUICK_MULTI_WORK:
                return None
            offset = sum(sizes[:index.shape[1]])
            index = np.concatenate([index[d], (c + offset)[:, None]], axis=1)
            mask, weight = mask[d] | masks[c], weight[d] * weights[c]
        columns = tuple(np.ascontiguousarray(index[:, p]) for p in range(len(players)))
        deals = index.shape[0]
    if not deals:
        return None
    combo_keys = np.concatenate([a[0] for a in arrays])
    combo_masks = np.concatenate([a[1] for a in arrays])
    if len(runs) * (deals + len(combo_keys)) > QUICK_MULTI_WORK:
        return None
    base_key, base_mask = _base(kit, board_cards)
    patterns = np.zeros(1 << len(players), np.int64)
    clock = Clock()
    rest = (runs, kit.ones(len(runs)), np.int64(base_key), np.int64(base_mask), *kit.tables,
            np.empty(len(combo_keys), np.int64), patterns)
    # int32 deals, as the general path's (:func:`pokercli.equity_calc.runouts.deal_rows`):
    # the kernels' one compiled signature
    columns = tuple(c.astype(np.int32) for c in columns)
    if len(players) == 3:
        kit.call(kit.three_kernel, combo_keys, combo_masks, *columns, weight, *rest)
    else:
        kit.call(kit.multi_kernel, combo_keys, combo_masks, np.ascontiguousarray(np.stack(columns, axis=1)),
                 weight, *rest)
    seconds = clock.seconds()
    per_deal = math.comb(52 - len(board_cards) - len(dead_cards) - len(game.left_out) - 2 * len(players),
                         to_come)
    total = float(per_deal * float(weight.sum(dtype=np.int64)))
    result = EquityResult(_players(patterns.tolist(), total, _labels(players, sides), counts), "exact",
                          board_cards, dead_cards, boards=total, game=game.name)
    result.deals, result.seconds = deals, seconds
    result.evaluations = float(len(runs) * len(combo_keys))
    return result


#: The most deals, and (runout x deal) work, :func:`multi_equity` takes.
QUICK_MULTI_DEALS = 200_000
QUICK_MULTI_WORK = 2_000_000


#: The most (runout x deal) work this path takes: past it the general path groups
#: the runouts by suit symmetry (``runouts.SYMMETRY_WORK``) and splits the work.
QUICK_PAIR_WORK = 2_000_000
#: The largest deal weight taken (a product of two whole weights).
MAX_DEAL_WEIGHT = 1 << 31


def _side(value):
    """("hand", (a, b)) or ("range", Range) of a player as the general path
    reads it (text of two cards is a hand, other text a range); None for
    anything else, ``random``, or weights that are not whole numbers. Kept
    per text (a bot asks about the same ranges board after board)."""
    if isinstance(value, str):
        return _remembered(_SIDES, value, _read_side)
    return _read_side(value)


#: :func:`_side` of each text read lately.
_SIDES: dict = {}


def _read_side(value):
    h = _hand(value)
    if h is not None:
        return "hand", h
    if not isinstance(value, str) or value.strip().lower() in RANDOM_WORDS:
        return None
    from pokercli import cards as C
    from pokercli.errors import PokerError
    from pokercli.ranges import parse_range

    try:
        C.parse(value)
        return None  # cards: a hand, or a mistake the general path names
    except PokerError:
        pass
    try:
        r = parse_range(value)
    except PokerError:
        return None
    return "range", r


_RANGE_ARRAYS: dict = {}


def _range_arrays(r, kit):
    """(key sums, masks, weights as whole numbers, one weight for all, every
    weight whole, the largest weight) of a range's combos, kept per range."""
    found = _RANGE_ARRAYS.get((r, kit.rule))
    if found is None:
        np = kit.np
        held = np.array([c for c, _ in r.combos], np.int64).reshape(-1, 2)
        keys = np.array(kit.keys, np.int64)
        raw = [w for _, w in r.combos]
        whole = all(w == int(w) and w >= 1 for w in raw)
        weights = np.array([int(w) for w in raw], np.int64)
        found = (keys[held[:, 0]] + keys[held[:, 1]], (np.int64(1) << held[:, 0]) | (np.int64(1) << held[:, 1]),
                 weights, len(set(raw)) <= 1, whole, max(raw))
        if len(_RANGE_ARRAYS) > 64:
            _RANGE_ARRAYS.clear()
        _RANGE_ARRAYS[(r, kit.rule)] = found
    return found
