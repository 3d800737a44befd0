"""Private Numba kernel of the 7-card batch, sixteen rows per step (AVX-512).

:func:`evaluate_batch7_wide` is :func:`pokercli._kernels.evaluator.evaluate_batch7`
(its arguments with two more tables, and three more for stud hi-lo's lows;
same results, same refusals) with the card work
done in 512-bit vectors, sixteen hands at a time, by :func:`rows16`: the
scalar kernel spends most of a row's instructions summing seven 16-byte
table rows, one card at a time, and the vector code does that work for
sixteen rows at once, in about 100 instructions. Only the table
reads (the perfect hash's row start, then the class) stay scalar, one row at
a time: gathering them in vectors measured slower (630 against 870 M hands/s
in a C prototype).

It compiles only where the CPU has AVX-512 with VBMI (byte permutes): see
:func:`pokercli.evaluate._wide_ok`, which picks it.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from pokercli._kernels.evaluator import evaluate_batch7, lowest_bit, popcount, unlikely
from pokercli._kernels.jit import jit
from pokercli._kernels.lows import eight_lows

#: Bytes one step reads: sixteen rows of seven (112), then 16 bytes of the rows
#: after, which it does not use (two whole 64-byte loads).
STEP_BYTES = 128

#: A byte a step does not take as a card: ``remap`` gives it this position, so
#: that it sets no card bit (a shift by 32 or more gives 0), and the row's bit
#: count is short.
NO_CARD = 0x80

_I1, _I8, _I16, _I32, _I64 = (ir.IntType(w) for w in (1, 8, 16, 32, 64))
_V64I8 = ir.VectorType(_I8, 64)
_V16I32 = ir.VectorType(_I32, 16)
_V32I16 = ir.VectorType(_I16, 32)


def _x86(builder, name, result, *args):
    fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(result, [a.type for a in args]), name)
    return builder.call(fn, list(args))


def _splat(ty, value):
    return ir.Constant(ty, [ty.element(value)] * ty.count)


@intrinsic
def rows16(typingctx, cards, row, remap, rank_keys, buf):
    """Sixteen rows of ``cards`` (uint8[n, 7], C order) from row ``row``: their
    rank keys, card sets and refusals, in vectors. Reads 128 bytes from the
    row's first (the caller keeps ``7 * row + 128 <= cards.size``).

    ``remap``: uint8[64], a byte to its card's position ``16 * suit + rank``
    (:data:`NO_CARD` for a byte that is no card of the deck); ``rank_keys``:
    uint32[16], a rank to its key (the low 32 bits of its cards' keys).
    Writes ``buf`` (uint32[48]): the sixteen rank-key sums (the low 32 bits of
    the scalar kernel's hand keys), then the rows' cards of suits 0 and 1 (13
    bits each, at bits 0 and 16), then those of suits 2 and 3. Returns
    ``refused | flushes << 16``: bit ``j`` of ``refused`` says that row ``j``
    is not seven distinct cards of the deck (every bit, when any of the
    sixteen rows holds a byte of 64 up), bit ``j`` of ``flushes`` that row ``j``
    holds five cards of one suit (its ``buf`` key is then not the hand's value).

    Per card column: one byte permute moves that column of the sixteen rows
    into the low bytes of sixteen 32-bit lanes, already mapped to positions
    (a byte permute of each 64-byte load, beforehand); a lane permute reads
    the rank key (a 16-entry table in a register: the low four bits of a
    position are its rank) and adds it; two variable shifts set the card's bit
    in the lane of its suit pair. A row is refused when its two card sets do
    not hold seven bits: a card twice sets one bit, a byte that is no card
    none. A suit holds a flush when its 16 bits count five or more."""
    ok = (isinstance(cards, types.Array) and cards.dtype == types.uint8 and cards.ndim == 2
          and cards.layout == "C" and isinstance(row, types.Integer)
          and all(isinstance(a, types.Array) and a.ndim == 1 and a.layout == "C" and a.dtype == d
                  for a, d in ((remap, types.uint8), (rank_keys, types.uint32), (buf, types.uint32))))
    if not ok:
        return None

    def codegen(context, builder, signature, args):
        def data(k):
            return context.make_array(signature.args[k])(context, builder, args[k]).data

        def load(ptr, ty):
            return builder.load(builder.bitcast(ptr, ty.as_pointer()), align=1)

        start = builder.mul(context.cast(builder, args[1], signature.args[1], types.int64), _I64(7))
        first = builder.gep(data(0), [start])
        lo_bytes = load(first, _V64I8)
        hi_bytes = load(builder.gep(first, [_I64(64)]), _V64I8)
        remap_v, keys_v = load(data(2), _V64I8), load(data(3), _V16I32)

        # a byte of 64 up (the permutes read only its low six bits): the step refuses all 16 rows
        high = _splat(_V64I8, 0xC0)
        zero8 = _splat(_V64I8, 0)
        big_lo = builder.bitcast(builder.icmp_unsigned("!=", builder.and_(lo_bytes, high), zero8), _I64)
        big_hi = builder.bitcast(builder.icmp_unsigned("!=", builder.and_(hi_bytes, high), zero8), _I64)
        big = builder.or_(big_lo, builder.and_(big_hi, _I64((1 << 48) - 1)))

        pos_lo = _x86(builder, "llvm.x86.avx512.permvar.qi.512", _V64I8, remap_v, lo_bytes)
        pos_hi = _x86(builder, "llvm.x86.avx512.permvar.qi.512", _V64I8, remap_v, hi_bytes)
        lane_low_byte = ir.Constant(ir.VectorType(_I1, 64), [k % 4 == 0 for k in range(64)])
        one, x32 = _splat(_V16I32, 1), _splat(_V16I32, 32)
        key = lo = hi = None
        for j in range(7):
            index = ir.Constant(_V64I8, [7 * (k // 4) + j if k % 4 == 0 else 0 for k in range(64)])
            col = _x86(builder, "llvm.x86.avx512.vpermi2var.qi.512", _V64I8, pos_lo, index, pos_hi)
            col = builder.bitcast(builder.select(lane_low_byte, col, zero8), _V16I32)
            k = _x86(builder, "llvm.x86.avx512.permvar.si.512", _V16I32, keys_v, col)
            b0 = _x86(builder, "llvm.x86.avx512.psllv.d.512", _V16I32, one, col)
            b1 = _x86(builder, "llvm.x86.avx512.psllv.d.512", _V16I32, one, builder.xor(col, x32))
            key, lo, hi = (k, b0, b1) if key is None else (builder.add(key, k), builder.or_(lo, b0),
                                                          builder.or_(hi, b1))

        ctpop32 = cgutils.get_or_insert_function(builder.module, ir.FunctionType(_V16I32, [_V16I32]),
                                                 "llvm.ctpop.v16i32")
        count = builder.add(builder.call(ctpop32, [lo]), builder.call(ctpop32, [hi]))
        refused = builder.bitcast(builder.icmp_unsigned("!=", count, _splat(_V16I32, 7)), _I16)
        refused = builder.select(builder.icmp_unsigned("!=", big, _I64(0)), _I16(0xFFFF), refused)

        # a suit's count plus 3 reaches 8 (bit 3) when it holds five or more
        ctpop16 = cgutils.get_or_insert_function(builder.module, ir.FunctionType(_V32I16, [_V32I16]),
                                                 "llvm.ctpop.v32i16")
        three = _splat(_V32I16, 3)
        suits = builder.or_(builder.add(builder.call(ctpop16, [builder.bitcast(lo, _V32I16)]), three),
                            builder.add(builder.call(ctpop16, [builder.bitcast(hi, _V32I16)]), three))
        flags = builder.and_(builder.bitcast(suits, _V16I32), _splat(_V16I32, 0x00080008))
        flushes = builder.bitcast(builder.icmp_unsigned("!=", flags, _splat(_V16I32, 0)), _I16)

        out = data(4)
        for k, v in enumerate((key, lo, hi)):
            builder.store(v, builder.bitcast(builder.gep(out, [_I64(16 * k)]), _V16I32.as_pointer()), align=4)
        return builder.or_(builder.zext(refused, _I64), builder.shl(builder.zext(flushes, _I64), _I64(16)))
    return types.int64(cards, row, remap, rank_keys, buf), codegen


@jit
def evaluate_batch7_wide(cards, remap, rank_keys, card_rows, row_starts, rank_tab, flush_tab, value_map,
                         mapped, out, rank_bits, low_table, lows):
    """:func:`pokercli._kernels.evaluator.evaluate_batch7` sixteen rows a step
    (:func:`rows16`), with two more tables: ``remap`` and ``rank_keys``
    (:func:`rows16`'s). Same results and the same return: -1, or the first row
    refused, every row before it written.

    From a step that refuses a row on, and for the last rows (fewer than 19: a
    step reads :data:`STEP_BYTES`), the scalar kernel runs: it finds the
    refused row. A flush row (3% of random hands) reads the flush table after
    the step's sixteen rank-table reads, from the suit's 13 bits in ``buf``.

    ``lows`` (uint8[n], or empty for none): each row's eight-or-better low as
    :func:`pokercli._kernels.lows.eight_lows` gives it (``rank_bits``,
    ``low_table``: its tables), from the card sets the step has in ``buf``;
    written for every row when the return is -1. (Stud hi-lo's
    ``evaluate.lows`` on an Intel Xeon: 245-265 M hands a second, against
    190-205 with the lows read in a second pass over the batch, after the
    batch's ids were checked again.)"""
    n = cards.shape[0]
    buf = np.empty(48, np.uint32)
    with_lows = lows.shape[0] > 0
    i = 0
    while 7 * i + STEP_BYTES <= 7 * n:
        bits = rows16(cards, i, remap, rank_keys, buf)
        if unlikely((bits & 0xFFFF) != 0):
            break
        for j in range(16):
            k = np.uint64(buf[j])
            v = rank_tab[(k + np.uint64(row_starts[k >> np.uint64(12)])) & np.uint64(0xFFFFFFFF)]
            if mapped:
                out[i + j] = value_map[v]
            else:
                out[i + j] = v
        if with_lows:
            for j in range(16):
                held = buf[16 + j] | buf[32 + j]
                ranks = (held | (held >> 16)) & 0x1FFF  # 2 .. 8 at bits 0 .. 6, the ace at bit 12
                lows[i + j] = low_table[((ranks << 1) & 0xFE) | (ranks >> 12)]
        flushes = bits >> 16
        while flushes != 0:
            j = lowest_bit(flushes)
            flushes &= flushes - 1
            pair = np.int64(buf[16 + j])
            if popcount(pair & 0x1FFF) < 5 and popcount(pair >> 16) < 5:
                pair = np.int64(buf[32 + j])
            suit = pair & 0x1FFF
            if popcount(suit) < 5:
                suit = pair >> 16
            v = flush_tab[suit]
            if mapped:
                out[i + j] = value_map[v]
            else:
                out[i + j] = v
        i += 16
    rest = evaluate_batch7(cards[i:], card_rows, row_starts, rank_tab, flush_tab, value_map, mapped, out[i:])
    if rest >= 0:
        return i + rest
    if with_lows:
        eight_lows(cards[i:], rank_bits, low_table, lows[i:])
    return -1
