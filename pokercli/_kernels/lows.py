"""Private kernel: eight-or-better lows of a batch of rows (stud hi-lo's and
Omaha hi-lo's low half), and its two small tables.

On its own, away from :mod:`pokercli._kernels.stud`, so that the batch
evaluator (:mod:`pokercli._kernels.wide`), which reads lows beside highs,
loads without the stud and Monte Carlo kernels' modules: importing those
took about 50 ms of a fresh process's first batch evaluation (Intel Xeon,
2026-11-28).
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels.jit import jit


def rank_bytes() -> np.ndarray:
    """int64[256] by byte: the card's ace-low rank bit for a card id ``c``, 0
    for any other byte (255: padding)."""
    ranks = np.zeros(256, np.int64)
    for c in range(52):
        ranks[c] = np.int64(1) << ((c % 13 + 1) % 13)
    return ranks



def eight_low_table() -> np.ndarray:
    """uint8[256] by ace-low rank set (ace = bit 0 .. eight = bit 7): its five
    lowest ranks when it holds five or more, the eight-or-better low; else 0."""
    table = np.zeros(256, np.uint8)
    for m in range(256):
        ranks = [r for r in range(8) if m >> r & 1]
        if len(ranks) >= 5:
            table[m] = sum(1 << r for r in ranks[:5])
    return table


@jit
def eight_lows(cards, rank_bits, low_table, out):
    """``out[i]``: the eight-or-better low of row ``i`` of ``cards`` (uint8[n, w],
    255 pads, rows checked by the caller; ``rank_bits``: :func:`rank_bytes`)
    as the 8-bit set of its five ranks (ace = bit 0 .. eight = bit 7; smaller
    is better), 0 when it has none: the row's set of ranks A to 8, read in
    ``low_table`` (:func:`eight_low_table`), with no branch. (Dropping the
    ranks above the fifth one at a time, on branches, ran at about a third of
    the speed: stud-hilo's ``evaluate.lows`` 182 M hands a second, the highs
    included. Rows of seven cards, the usual batch, are read with the seven
    reads written out: 150 -> 290 M rows a second on an Intel Xeon, where the
    loop over a row's cards ran at half the speed it runs at on a Zen 5.)"""
    if cards.shape[1] == 7:
        for i in range(cards.shape[0]):
            m = (rank_bits[cards[i, 0]] | rank_bits[cards[i, 1]] | rank_bits[cards[i, 2]] | rank_bits[cards[i, 3]]
                 | rank_bits[cards[i, 4]] | rank_bits[cards[i, 5]] | rank_bits[cards[i, 6]])
            out[i] = low_table[m & 0xFF]
        return
    for i in range(cards.shape[0]):
        m = np.int64(0)
        for j in range(cards.shape[1]):
            m |= rank_bits[cards[i, j]]
        out[i] = low_table[m & 0xFF]
