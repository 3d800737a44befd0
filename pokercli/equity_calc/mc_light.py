"""Monte Carlo of fixed hands in NumPy, before Numba is loaded: the very
samples and counts of the fixed-hands kernels, without their start-up.

A one-off ``pokercli equity AsAh KsKh --monte-carlo`` spends 0.015 s sampling
here, against about 0.3 s importing Numba and loading three kernels. While a
process has loaded no kernel that counts or samples
(:func:`pokercli.timing.kernels_ready`; on a cold cache, the evaluator's
table builder may be) and the light paths have budget left
(:data:`pokercli.timing.LIGHT_BUDGET`), fixed hands without hand types are
sampled here instead, by NumPy twins of
:func:`pokercli._kernels.montecarlo.part_table`, ``rank_values`` and
``fixed_headsup`` / ``fixed_three`` / ``fixed_multi``:

* the same generator: SplitMix64's counter run through ``mix64``
  (:mod:`pokercli._kernels.scalar`, the kernels' own code, here on arrays),
  each board's two part-table rows from one random number by Lemire's
  multiply-shift, a rejected number or a shared card skipped, so the
  ``n``-th board taken is the kernel's ``n``-th board;
* the same values: a hand that may hold a flush valued in full from the
  evaluator's tables, any other read from the rank-multiset table;
* the same winner patterns, so a seed gives the same answer on either path
  (tested sample for sample against the kernels).

Nothing here imports Numba.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Optional

import numpy as np

from pokercli import cards as C
from pokercli._kernels.scalar import BOARD_PARTS, GAMMA, ID_SHIFT, mix64, multiset_id

#: The most players taken (the kernels' winner patterns).
MAX_PLAYERS = 10
_LOW = np.uint64(0xFFFFFFFF)


def _subsets(n: int, m: int) -> np.ndarray:
    """int64[C(n, m), m]: every ``m``-subset of ``range(n)`` (``m`` 1..3), in
    lexicographic order (itertools' ``combinations``), from the positions of
    ``True`` in a triangular mask, which ``np.nonzero`` lists in that order."""
    r = np.arange(n)
    if m == 1:
        return r[:, None]
    less = r[:, None] < r[None, :]
    return np.stack(np.nonzero(less if m == 2 else less[:, :, None] & less[None, :, :]), axis=1)


def part_table(deck: np.ndarray, card_keys: np.ndarray, m: int, stride: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`pokercli._kernels.montecarlo.part_table`: every ``m``-card subset
    of ``deck`` in lexicographic order of positions, (keys with the rank
    multiset's number times ``stride`` from bit ``ID_SHIFT`` up, masks)."""
    if m == 0:
        return np.zeros(1, np.int64), np.zeros(1, np.int64)
    cards = deck[_subsets(len(deck), m)]
    keys = card_keys[cards].sum(axis=1)
    masks = np.bitwise_or.reduce(np.int64(1) << cards, axis=1)
    r = np.sort(cards % 13, axis=1)
    ids = multiset_id(*(r[:, q] if q < m else None for q in range(3)), m)
    return keys + ((np.asarray(ids, np.int64) * stride) << ID_SHIFT), masks


@lru_cache(maxsize=4)
def _multisets(m: int) -> np.ndarray:
    """int64[C(12 + m, m), 13]: each rank multiset of ``m`` ranks as counts by
    rank, by its number (:func:`multiset_id`)."""
    out = np.zeros((math.comb(12 + m, m), 13), np.int64)
    for ranks in combinations_with_replacement(range(13), m):
        padded = list(ranks) + [0] * (3 - m)
        for r in ranks:
            out[multiset_id(*padded, m), r] += 1
    return out


def rank_values(keys: np.ndarray, left: np.ndarray, first: int, second: int, card_keys: np.ndarray,
                offsets: np.ndarray, rank_strength: np.ndarray) -> np.ndarray:
    """:func:`pokercli._kernels.montecarlo.rank_values`: each fixed hand's
    strength when no flush is possible, for every pair of rank multisets of
    the two parts (0 where the deck cannot deal the pair)."""
    a, b = _multisets(first), _multisets(second)
    # in bytes: as int64 the (455, 91, 13) sum took up to 10 ms of page faults
    need = a.astype(np.int8)[:, None, :] + b.astype(np.int8)[None, :, :]
    dealt = (need <= left.astype(np.int8)).all(axis=2).ravel()
    add = (a @ card_keys[:13])[:, None] + (b @ card_keys[:13])[None, :]  # card r is rank r of the first suit
    values = np.zeros((len(keys), len(a) * len(b)), np.uint16)
    for p, key in enumerate(keys.tolist()):
        k = (key + add.ravel()[dealt]) & 0xFFFFFFFF
        values[p, dealt] = rank_strength[(k & 4095) + offsets[k >> 12]]
    return values


#: Random numbers :func:`board_chunks` draws at a time: arrays of 64 KiB stay in the
#: cache, and written in place (``out=``) no allocation faults pages in.
CHUNK = 8192
_M1, _M2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_S27, _S30, _S31, _S32 = (np.uint64(s) for s in (27, 30, 31, 32))


def board_chunks(seed: int, samples: int, first_masks: np.ndarray, second_masks: np.ndarray):
    """The first ``samples`` boards of the kernels' generator for ``seed``, in
    order, as chunks (first part rows, second part rows) of at most
    :data:`CHUNK` boards, drawn as ``_start`` and ``_accepted`` draw them: the
    ``k``-th random number is ``mix64`` of the counter plus ``k`` steps, and
    gives two candidates (its high 32 bits, then its low 32 bits), computed
    here a chunk at a time, in place."""
    nt, npart = np.uint64(len(first_masks)), np.uint64(len(second_masks))
    worse = np.uint64((1 << 32) % (len(first_masks) * len(second_masks)))
    r = np.empty(CHUNK, np.uint64)
    t = np.empty(CHUNK, np.uint64)
    got = drawn = 0
    with np.errstate(over="ignore"):  # 64-bit products wrap, as the kernels' do
        ctr = mix64(np.uint64(seed))
        steps = np.arange(1, CHUNK // 2 + 1, dtype=np.uint64) * GAMMA
        while got < samples:
            want = samples - got
            h = min(CHUNK // 2, (want + want // 4 + 65) // 2)  # random numbers: two candidates each
            n = 2 * h
            z, w = r[:h], t[:h]
            np.add(steps[:h], ctr + np.uint64(drawn) * GAMMA, out=z)
            for shift, mult in ((_S30, _M1), (_S27, _M2), (_S31, None)):  # mix64, in place
                np.right_shift(z, shift, out=w)
                np.bitwise_xor(z, w, out=z)
                if mult is not None:
                    np.multiply(z, mult, out=z)
            x, b = t[:n], r[:n]
            np.right_shift(z, _S32, out=x[0::2])  # the high halves, then the low halves
            np.bitwise_and(z, _LOW, out=x[1::2])
            np.multiply(x, nt, out=x)            # a: the first row in its high 32 bits
            np.bitwise_and(x, _LOW, out=b)
            np.multiply(b, npart, out=b)         # b: the second row in its high 32 bits
            keep = (b & _LOW) >= worse
            np.right_shift(x, _S32, out=x)
            np.right_shift(b, _S32, out=b)
            i, j = x.view(np.int64), b.view(np.int64)
            keep &= (first_masks[i] & second_masks[j]) == 0
            taken = np.flatnonzero(keep)[:want]
            got += len(taken)
            drawn += h
            yield i[taken], j[taken]


def patterns(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks, base_key, base_mask,
             values, samples, seed, offsets, rank_strength, flush_strength) -> np.ndarray:
    """The winner patterns (bit p: player p among the best) of ``samples``
    boards of ``seed``: what ``fixed_headsup``, ``fixed_three`` and
    ``fixed_multi`` add into their ``patterns``. Valued a chunk of boards at
    a time (:func:`board_chunks`), so the arrays stay in the cache."""
    players = len(hand_keys)
    out = np.zeros(1 << players, np.int64)
    for i, j in board_chunks(seed, samples, first_masks, second_masks):
        bkey = first_keys[i]
        bkey += second_keys[j]
        bkey += np.int64(base_key)
        x = (bkey >> ID_SHIFT) & 0xFFFF
        strength = []
        for p in range(players):
            s = values[p][x]
            flush = bkey + np.int64(hand_keys[p])
            flush >>= 35
            flush &= 0x1111
            may = np.flatnonzero(flush)
            if len(may):  # this hand may hold a flush: valued in full (``hand_value``)
                f = flush[may]
                suit = (f & 0x1110 != 0).astype(np.int64) + (f & 0x1100 != 0) + (f & 0x1000 != 0)
                bmask = np.int64(base_mask) | first_masks[i[may]] | second_masks[j[may]]
                s[may] = flush_strength[((np.int64(hand_masks[p]) | bmask) >> (13 * suit)) & 0x1FFF]
            strength.append(s)
        if players == 2:  # heads-up: the two wins counted, the rest ties
            won0 = np.count_nonzero(strength[0] > strength[1])
            won1 = np.count_nonzero(strength[1] > strength[0])
            out[1] += won0
            out[2] += won1
            out[3] += len(i) - won0 - won1
            continue
        best = strength[0].copy()
        for s in strength[1:]:
            np.maximum(best, s, out=best)
        pattern = np.zeros(len(i), np.int64)
        for p, s in enumerate(strength):
            pattern |= (s == best).astype(np.int64) << p
        out += np.bincount(pattern, minlength=1 << players)
    return out


def fixed_setup(spot, keys: np.ndarray, random_players: bool = False, ranges: bool = False) -> Optional[tuple]:
    """What the fixed-hands samplers (the kernels and these twins) start from
    when every player holds one combo and no hand types are counted: (hand key
    sums, hand masks, the deck left, the board's two part sizes, the second
    part's number of rank multisets, the board's key with ``KEY_INIT`` and its
    mask, the cards left by rank); None otherwise. With ``random_players``,
    ``random`` players are taken too (the hands are the other players'; the
    deck left keeps the cards a random player may hold). With ``ranges``,
    players with ranges too (and ``random`` ones): the hands are the fixed
    players', the deck left keeps the cards any other may hold."""
    if spot.with_types or len(spot.players) > MAX_PLAYERS \
            or (any(spot.random_players) and not (random_players or ranges)) \
            or (not ranges and any(len(p.combos) != 1 for p, rnd in zip(spot.players, spot.random_players)
                                   if not rnd)):
        return None
    from pokercli._kernels.lookup import KEY_INIT

    hands = [p.combos[0][0] for p, rnd in zip(spot.players, spot.random_players) if not rnd and len(p.combos) == 1]
    hand_keys = np.array([int(keys[a]) + int(keys[b]) for a, b in hands], np.int64)
    hand_masks = np.array([C.card_mask(h) for h in hands], np.int64)
    used = C.card_mask(spot.board + spot.removed) | int(np.bitwise_or.reduce(hand_masks, initial=0))
    deck = np.array([c for c in range(52) if not used >> c & 1], np.int64)
    first, second = BOARD_PARTS[spot.to_come]
    stride = math.comb(12 + second, second)  # the second part's rank multisets
    base_key = int(KEY_INIT) + sum(int(keys[c]) for c in spot.board)
    left = np.bincount(deck % 13, minlength=13).astype(np.int64)
    return hand_keys, hand_masks, deck, first, second, stride, base_key, C.card_mask(spot.board), left


def fixed_hands(spot, keys: np.ndarray, offsets: np.ndarray, rank_strength: np.ndarray) -> Optional[tuple]:
    """:func:`pokercli.equity_calc.montecarlo.fixed_hands_call` with the NumPy
    twins: (:func:`patterns`'s leading arguments), or None where the kernels'
    fixed-hands path would not take the spot."""
    setup = fixed_setup(spot, keys)
    if setup is None:
        return None
    hand_keys, hand_masks, deck, first, second, stride, base_key, base_mask, left = setup
    values = rank_values(hand_keys + base_key, left, first, second, keys, offsets, rank_strength)
    return (hand_keys, hand_masks, *part_table(deck, keys, first, stride), *part_table(deck, keys, second, 1),
            base_key, base_mask, values)
