"""Private Numba kernel of ``rank -``: parse, evaluate and format a chunk of lines.

One pass over the bytes of whole lines. A line is taken here when it holds
5-7 distinct cards written as a rank byte then a suit byte (``As``, ``as``,
``AS``), separated by nothing, spaces, tabs, commas or ``\\r``. Any other line
is flagged (``status = 1``) for the Python parser, which reads the other
notations, skips comments and names mistakes.
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels.jit import jit
from pokercli._kernels.evaluator import KEY_INIT, hand_value


@jit
def _put_int(out, pos, value):
    """Write ``value`` (>= 0) in decimal at ``pos``; return the new position."""
    digits = 1
    v = value
    while v >= 10:
        v //= 10
        digits += 1
    for k in range(digits - 1, -1, -1):
        out[pos + k] = 48 + value % 10
        value //= 10
    return pos + digits


@jit
def _put(out, pos, text):
    for k in range(text.shape[0]):
        out[pos + k] = text[k]
    return pos + text.shape[0]


@jit
def rank_lines(buf, rank_lut, suit_lut, sep_lut, card_keys, offsets, rank_class, flush_class,
               score_of_class, names, type_names, type_lens, prefix, sep1, sep2, sep3, suffix,
               out, status, out_end):
    """Rank every line of ``buf`` (uint8 bytes of whole lines; it ends with a newline).

    ``rank_lut``/``suit_lut``: uint8[256], a byte's rank 0..12 or suit group
    0..3 (255: not one); ``sep_lut``: bool[256], the separator bytes;
    ``score_of_class``: int64[7463]; ``names``: uint8[52, 2], each card's name;
    ``type_names``: uint8[10, 16] and ``type_lens``: int64[10], the hand types'
    names; ``prefix``, ``sep1``..``sep3``, ``suffix``: uint8 byte strings
    around the fields; ``out``: uint8[lines * 128]; ``status``: uint8[lines];
    ``out_end``: int64[lines] (all three written).

    An answer is ``prefix hand sep1 class sep2 type sep3 score suffix`` (TSV
    or JSON Lines, by the byte strings passed). Writes the answers to ``out``; ``status[i]`` is 0 for an answered line, 1
    for a line left to the Python parser; ``out_end[i]`` is where line ``i``'s
    answer ends in ``out``. Returns (lines, bytes written).
    """
    n = buf.shape[0]
    cards = np.empty(8, np.int64)
    p = 0
    line = 0
    o = 0
    while p < n:
        count = 0
        ok = True
        mask = np.int64(0)
        key = KEY_INIT
        while buf[p] != 10:
            b = buf[p]
            if sep_lut[b]:
                p += 1
                continue
            r = rank_lut[b]
            if r != 255 and suit_lut[buf[p + 1]] != 255:
                c = np.int64(suit_lut[buf[p + 1]]) * 13 + r
                bit = np.int64(1) << c
                if count == 7 or mask & bit:
                    ok = False
                else:
                    cards[count] = c
                    count += 1
                    mask |= bit
                    key += card_keys[c]
                p += 2
            else:
                ok = False
                p += 1
        p += 1  # the newline
        if ok and count >= 5:
            cls = hand_value(key, mask, offsets, rank_class, flush_class)
            score = score_of_class[cls]
            t = score >> 26
            o = _put(out, o, prefix)
            for j in range(count):
                if j:
                    out[o] = 32
                    o += 1
                out[o] = names[cards[j], 0]
                out[o + 1] = names[cards[j], 1]
                o += 2
            o = _put(out, o, sep1)
            o = _put_int(out, o, cls)
            o = _put(out, o, sep2)
            for j in range(type_lens[t]):
                out[o + j] = type_names[t, j]
            o += type_lens[t]
            o = _put(out, o, sep3)
            o = _put_int(out, o, score)
            o = _put(out, o, suffix)
            status[line] = 0
        else:
            status[line] = 1
        out_end[line] = o
        line += 1
    return line, o
