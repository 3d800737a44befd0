"""Typed Python API of the hand evaluator (5, 6 or 7 cards; best five count).

Two numbers describe a hand's value:

* ``score``: the seed's 30-bit comparable integer (SPEC §3b) — larger is
  stronger, equal means a tie;
* ``hand_class``: the equivalence class 1..7462 (SPEC §3c) — *smaller* is
  stronger, 1 is a royal flush.

Batch functions take card ids (see :mod:`pokercli.cards`) in an integer array
of shape ``(n, k)``, ``k`` <= 7, padded with -1 for shorter hands (Omaha
games: the hole cards, then the five board cards), and return one value per
row from one kernel call. Checking and parsing happen before, or in the
kernel for byte arrays; kernels never see text.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

import numpy as np

from pokercli import reference as R
from pokercli._kernels.jit import call
from pokercli._kernels.lookup import kernel_tables, strength_tables  # noqa: F401 (API)
from pokercli.errors import PokerError, card_count
from pokercli.games import GameName


def _check_batch(cards: np.ndarray) -> np.ndarray:
    """The batch as contiguous int8 with every value a card id or -1 padding.

    The kernels index tables with card ids and check nothing but this: each
    evaluates a row only when it holds 5 to 7 distinct cards with padding
    only at its end, and returns the first row that does not (worded by
    :func:`_bad_row`), checked in the same pass that evaluates.
    """
    cards = np.asarray(cards)
    if cards.ndim != 2 or not 5 <= cards.shape[1] <= 7 or cards.dtype.kind not in "iu":
        raise PokerError("cards: a batch of hands is an integer array of shape (n, k), 5 <= k <= 7", "cards")
    if cards.size and (cards.min() < -1 or cards.max() > 51):
        raise PokerError("cards: card ids are 0..51, and -1 pads a short hand", "cards")
    return np.ascontiguousarray(cards, dtype=np.int8)


def _bad_row(cards: np.ndarray, row: int, g=None, offset: int = 0) -> PokerError:
    """The error for a row a kernel refused: a card twice, a card the game does
    not use, or too few cards (``cards`` the batch from its row ``offset``)."""
    real = [c for c in cards[row].tolist() if c >= 0]
    n = row + offset
    if len(set(real)) < len(real):
        return PokerError(f"cards: hand {n} holds the same card twice", "cards")
    outside = [c for c in real if g is not None and c in g.left_out]
    if outside:
        from pokercli.cards import card_name

        return PokerError(f"cards: hand {n} holds {card_name(outside[0])}, which {g.name} does not use",
                          "cards")
    return PokerError(f"cards: hand {n} has {card_count(len(real))}; every hand has at least 5 "
                      "cards, and -1 only pads its end", "cards")


def _batch(cards: np.ndarray, value_map, game: str = "holdem", out: Optional[np.ndarray] = None) -> np.ndarray:
    """One kernel call: ``value_map(ranking)[class]`` of every hand of the
    batch, by the game's engine (:func:`evaluate_any_five`, :func:`evaluate_omaha`),
    written into ``out`` when given (see :func:`scores`)."""
    from pokercli.games import game as _game

    g = _game(game)
    return g.engine.evaluate(cards, g, value_map(g.rule.key), out=out)[0]


def _output(out: Optional[np.ndarray], n: int, dtype) -> np.ndarray:
    """``out`` checked (a writeable contiguous 1-d array of ``n`` values of
    ``dtype``), or a fresh array when None."""
    if out is None:
        return np.empty(n, dtype)
    if not isinstance(out, np.ndarray) or out.ndim != 1 or out.dtype != dtype or out.shape[0] != n \
            or not out.flags.c_contiguous or not out.flags.writeable:
        got = (f"{type(out).__name__}" if not isinstance(out, np.ndarray) else
               f"{out.dtype}[{', '.join(map(str, out.shape))}]"
               + ("" if out.flags.c_contiguous and out.flags.writeable else ", not contiguous and writeable"))
        raise PokerError(f"out must be a writeable contiguous {np.dtype(dtype).name} array of {n:,} values "
                         f"(one per hand), not {got}", "out")
    return out


def evaluate_any_five(cards: np.ndarray, g, value_map, lows: bool = False, out=None):
    """(``value_map[class]`` of every hand of the batch, None): one kernel call,
    in a game whose hand is the best five of any cards (hold'em, short deck;
    the kernel refuses a card outside its deck).

    Seven-card hands of one-byte ids (int8 or uint8, the batch format) go to
    :func:`pokercli._kernels.evaluator.evaluate_batch7` unscanned: it checks every
    id itself; where the CPU has AVX-512 with byte permutes (:func:`_wide_ok`),
    to :func:`pokercli._kernels.wide.evaluate_batch7_wide`, the same kernel
    sixteen rows a step, with the same results and refusals. Only when it
    refuses a row (padding, a bad id, a card twice) is the batch checked here
    and evaluated by the general kernel, which takes padding and says what is
    wrong.

    ``lows`` in a hi-lo game: the second item is each row's eight-or-better
    low (uint8, :func:`lows`) when a 7-card kernel took every row (the
    AVX-512 one reads it from the card sets it has), else None: the caller
    finds them."""
    from pokercli._kernels import evaluator as K

    keys, offsets, _, (rank, flush) = kernel_tables(g.rule.key)
    raw = np.asarray(cards)
    if not (raw.ndim == 2 and raw.shape[1] == 7 and raw.dtype in (np.int8, np.uint8)):
        raw = _check_batch(raw)  # wider ids are checked before they are narrowed to bytes
    out = _output(out, raw.shape[0], value_map.dtype)
    done = 0
    if raw.shape[1] == 7:
        # classes are the tables' own values: no map to read (the kernel takes a uint32 map)
        mapped = value_map.dtype == np.uint32
        rows = np.ascontiguousarray(raw).view(np.uint8)
        vmap = value_map if mapped else _score_of_class_u32(g.rule.key)
        tables = (_card_rows256(g.name), _row_starts(g.rule.key), rank, flush, vmap, mapped, out)
        want_lows = lows and g.pot.split
        low = np.empty(rows.shape[0] if want_lows else 0, np.uint8)
        if _wide_ok():
            from pokercli._kernels.wide import evaluate_batch7_wide

            done = call(evaluate_batch7_wide, rows, *_wide_tables(g.name), *tables, _rank_bytes(),
                        _eight_low_table(), low)
        else:
            done = call(K.evaluate_batch7, rows, *tables)
            if done < 0 and want_lows:  # the rows are checked: the lows in a pass of their own
                from pokercli._kernels.lows import eight_lows

                call(eight_lows, rows, _rank_bytes(), _eight_low_table(), low)
        if done < 0:
            return out, (low if want_lows else None)
    # rows from the first one refused on (all rows of narrower batches): checked, and
    # evaluated by the kernel that takes padding
    cards = _check_batch(raw[done:])
    bad = call(K.evaluate_batch, cards, keys, offsets, rank, flush, value_map,
               sum(1 << c for c in g.left_out), out[done:])
    if bad >= 0:
        raise _bad_row(raw, done + bad, g)
    return out, None


def evaluate_omaha(cards: np.ndarray, g, value_map, lows: bool = False, out=None):
    """(``value_map[class]`` of each row's high hand, its low or None): one call
    of the Omaha batch kernel of ``g.hole_cards`` hole cards. A row is the hole
    cards, then the five board cards."""
    from pokercli._kernels.omaha import evaluate as K
    from pokercli._kernels.omaha.lookup import pair_parts, quad_tables, tables

    width = g.hole_cards + 5
    raw = np.asarray(cards)
    if raw.ndim != 2 or raw.shape[1] != width or raw.dtype.kind not in "iu":
        raise PokerError(f"cards: a batch of {g.name} hands is an integer array of shape (n, {width}): "
                         f"{g.hole_cards} hole cards, then the five board cards", "cards")
    if raw.dtype not in (np.int8, np.uint8):  # wider ids are checked before they are narrowed
        if raw.size and (raw.min() < 0 or raw.max() > 51):
            raise PokerError("cards: card ids are 0..51", "cards")
        raw = raw.astype(np.uint8)
    rows = np.ascontiguousarray(raw).view(np.uint8)
    keys, offsets, _, _ = kernel_tables()
    t = tables()
    quad_index, quad_best = quad_tables()
    first, second = pair_parts()
    kernel = {4: K.evaluate_rows4, 5: K.evaluate_rows5, 6: K.evaluate_rows6}[g.hole_cards]
    high = _output(out, rows.shape[0], value_map.dtype)
    low = np.zeros(rows.shape[0] if lows else 1, np.uint8)
    mapped = value_map.dtype == np.uint32  # classes are the kernel's own values
    bad = call(kernel, rows, _keys256("standard"), offsets, t.board_index, first, second,
               quad_index, quad_best, t.flush_best, t.low_best, lows, value_map if mapped
               else _score_of_class_u32("standard"), mapped, high, low)
    if bad >= 0:
        real = rows[bad].tolist()
        if any(c > 51 for c in real):
            raise PokerError(f"cards: hand {bad} holds {raw[bad].tolist()[real.index(max(real))]}, "
                             "which is not a card id (0..51)", "cards")
        raise PokerError(f"cards: hand {bad} holds the same card twice", "cards")
    return high, (low if lows else None)


def evaluate_stud(cards: np.ndarray, g, value_map, lows: bool = False, out=None):
    """(``value_map[class]`` of every hand of the batch, its eight-or-better low
    or None) in a game of the stud engine: rows of 5 to 7 cards (-1 or 255
    pads a row's end). A high hand is the best five of any cards
    (:func:`evaluate_any_five`), with ``lows`` in hi-lo also the low as
    :func:`lows` gives it; a low ranking names its own batch evaluator
    (``Ranking.batch``: :func:`razz_batch`, :func:`deuce_seven_batch`)."""
    from pokercli._kernels.lows import eight_lows

    if isinstance(cards, np.ndarray) and cards.dtype == np.uint8:  # bytes: 255 is the padding -1 (a row
        cards = np.ascontiguousarray(cards).view(np.int8)             # of 5 or 6 cards was refused)
    if g.rule.ranking.batch is not None:
        from pokercli.games.rules import load

        values = load(g.rule.ranking.batch)(cards, g, value_map)
        if out is None:
            return values, None
        target = _output(out, values.shape[0], value_map.dtype)
        target[:] = values
        return target, None
    high, low = evaluate_any_five(cards, g, value_map, lows=lows, out=out)
    if not (lows and g.pot.split) or low is not None:
        return high, low
    rows = np.ascontiguousarray(_check_batch(cards)).view(np.uint8)  # checked: the highs were
    out = np.empty(rows.shape[0], np.uint8)
    call(eight_lows, rows, _rank_bytes(), _eight_low_table(), out)
    return high, out


def _mapped(scores: np.ndarray, g, value_map):
    """``value_map[class]`` of scores in the game's ranking."""
    if value_map.dtype == np.uint32:  # scores (a score map gives each class its score)
        return scores.astype(np.uint32, copy=False)
    ascending = score_of_class(g.rule.key)[:0:-1]
    return value_map[len(ascending) - np.searchsorted(ascending, scores)]


def razz_batch(cards, g, value_map):
    """``value_map[class]`` of rows of 5 to 7 cards by the ace-to-five low:
    five or seven one-byte cards a row by :func:`_razz7` (unscanned; 2x the
    general kernel on seven cards, 1.8x on five), other rows, and the rows
    from the first one it refuses, by :func:`pokercli._kernels.stud.razz_scores`
    (one call)."""
    from pokercli._kernels import stud as K

    from pokercli._kernels.lookup import kernel_tables as high_tables

    raw = np.asarray(cards)
    done = 0
    if raw.ndim == 2 and raw.shape[1] in (5, 7) and raw.dtype in (np.int8, np.uint8):
        # five or seven one-byte cards a row: hold'em's batch kernel, unscanned, over
        # razz's class table with card keys that count no suit (so it never reads a flush)
        done, first = _razz7(np.ascontiguousarray(raw).view(np.uint8), value_map)
        if done < 0:
            return first
        raw = raw[done:]
    if raw.dtype == np.uint8:  # bytes: 255 is the padding -1
        raw = np.ascontiguousarray(raw).view(np.int8)
    rows = _check_batch(raw)
    scores = np.empty(rows.shape[0], np.uint32)  # every low score fits in 29 bits
    keys, offsets, _, _ = high_tables("standard")
    bad = call(K.razz_scores, rows, keys, offsets, K.low_rank_table(), scores)
    if bad >= 0:
        raise _bad_row(rows, bad, g, done)
    rest = _mapped(scores, g, value_map)
    if done == 0:
        return rest
    return np.concatenate([first[:done], rest])


def _razz7(rows, value_map):
    """(-1 or the first row refused, the values of the rows before it) of
    rows of five or seven one-byte cards by razz's low: :func:`_byte_batch`
    over :func:`_razz7_tables`; ``value_map`` as :func:`evaluate_any_five`
    takes it (uint32 scores of each class, or the classes themselves)."""
    return _byte_batch(rows, _razz7_tables(), value_map, "razz")


def _byte_batch(rows, tables, value_map, ranking: str):
    """(-1 or the first row refused, the values of the rows before it) of rows
    of five or seven one-byte cards by :func:`pokercli._kernels.evaluator.evaluate_batch5`
    or ``evaluate_batch7`` over ``tables`` (card rows, row starts, rank and
    flush class tables of ``ranking``)."""
    from pokercli._kernels import evaluator as K

    card_rows, starts, rank, flush = tables
    out = np.empty(rows.shape[0], value_map.dtype)
    mapped = value_map.dtype == np.uint32
    vmap = value_map if mapped else _score_of_class_u32(ranking)
    kernel = K.evaluate_batch7 if rows.shape[1] == 7 else K.evaluate_batch5
    done = call(kernel, rows, card_rows, starts, rank, flush, vmap, mapped, out)
    return done, out


@lru_cache(maxsize=1)
def _razz7_tables():
    """Hold'em's batch kernel made a razz evaluator: card rows whose keys hold
    only the rank part (the suit counters never reach a flush), razz's class
    of every slot of the low table (1 the best low), an empty flush table."""
    from pokercli._kernels import stud as K
    from pokercli._kernels.evaluator import KEY_INIT

    rows = _card_rows256("holdem").copy()
    rows[:52, 0] &= 0xFFFFFFFF
    rows[256:256 + 52, 0] = rows[:52, 0] + KEY_INIT
    ascending = score_of_class("razz")[:0:-1]
    low = K.low_rank_table().astype(np.int64)
    classes = (len(ascending) - np.searchsorted(ascending, low)).astype(np.uint16)
    return rows, _row_starts("standard"), classes, np.zeros(8192, np.uint16)


@lru_cache(maxsize=1)
def _badugi_table() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(x choose 2, 3 and 4 for x = 0..51, the badugi score of every four-card
    hand by colex index): filled by one kernel call (a few milliseconds) the
    first time it is asked."""
    from pokercli._kernels import stud as K
    from pokercli._kernels.combinator import binomials

    binom = binomials()
    table = np.zeros(270_725, np.int32)
    call(K.badugi_fill, binom, table)
    return (*(np.ascontiguousarray(binom[:52, k], np.int32) for k in (2, 3, 4)), table)


def badugi_batch(cards, g, value_map):
    """``value_map[class]`` of rows of exactly four cards by badugi
    (:func:`pokercli._kernels.stud.badugi_scores`, one call)."""
    from pokercli._kernels import stud as K

    raw = np.asarray(cards)
    if raw.ndim != 2 or raw.shape[1] != 4 or raw.dtype.kind not in "iu":
        raise PokerError(f"cards: a batch of {g.name} hands is an integer array of shape (n, 4)", "cards")
    if raw.dtype not in (np.int8, np.uint8) and raw.size and (raw.min() < 0 or raw.max() > 51):
        raise PokerError("cards: card ids are 0..51", "cards")  # wider ids: checked before they are narrowed
    # one-byte ids are read as they are, a row's four as one uint32: the kernel checks them
    rows = np.ascontiguousarray(raw).view(np.uint8) if raw.dtype == np.int8 else np.ascontiguousarray(raw, np.uint8)
    scores = np.empty(rows.shape[0], np.uint32)  # every low score fits in 29 bits
    bad = call(K.badugi_scores, rows.view(np.uint32).reshape(-1), *_badugi_table(), scores)
    if bad >= 0:
        if any(not 0 <= c <= 51 for c in raw[bad].tolist()):  # (a uint8 batch reaches here as int8)
            raise PokerError(f"cards: hand {bad} holds a number that is no card: card ids are 0..51", "cards")
        raise PokerError(f"cards: hand {bad} holds the same card twice", "cards")
    return _mapped(scores, g, value_map)


def deuce_seven_batch(cards, g, value_map):
    """``value_map[class]`` of rows of exactly five cards in deuce-to-seven: the
    hold'em value, the wheel made ace-high, turned over (:mod:`pokercli.lowball`;
    :func:`pokercli._kernels.stud.deuce_seven_scores`, one call)."""
    from pokercli._kernels import stud as K
    from pokercli._kernels.lookup import kernel_tables as high_tables

    raw = np.asarray(cards)
    if raw.ndim != 2 or raw.shape[1] != 5:
        raise PokerError(f"cards: a batch of {g.name} hands is an integer array of shape (n, 5)", "cards")
    if raw.dtype in (np.int8, np.uint8):  # one-byte cards: unscanned, by class tables
        done, values = _byte_batch(np.ascontiguousarray(raw).view(np.uint8), _deuce_seven5_tables(),
                                   value_map, "deuce-to-seven")
        if done < 0:
            return values
    rows = _check_batch(raw)  # the general kernel, which names what is wrong
    if rows.size and rows.min() < 0:
        raise _bad_row(rows, int(np.argmax((rows < 0).any(axis=1))), g)
    keys, offsets, (rank, flush), _ = high_tables("standard")
    scores = np.empty(rows.shape[0], np.uint32)  # every low score fits in 29 bits
    bad = call(K.deuce_seven_scores, rows, keys, offsets, rank, flush, scores)
    if bad >= 0:
        raise _bad_row(rows, bad, g)
    return _mapped(scores, g, value_map)


@lru_cache(maxsize=1)
def _deuce_seven5_tables():
    """Hold'em's card rows and hash with deuce-to-seven's class of every slot
    of the rank table and of the flush table: each hold'em score turned into
    its deuce-to-seven score (:func:`pokercli._kernels.stud.deuce_seven_scores`'
    rule: the wheel made ace-high, the order turned over), then its class."""
    from pokercli._kernels import stud as K

    _, _, (rank_score, flush_score), _ = kernel_tables("standard")
    ascending = score_of_class("deuce-to-seven")[:0:-1]

    def classes(high):
        h = high.astype(np.int64)
        h = np.where(h == K.WHEEL_STRAIGHT, K.WHEEL_HIGH, np.where(h == K.WHEEL_STRAIGHT_FLUSH, K.WHEEL_FLUSH, h))
        low = ((10 - (h >> 26)) << 26) | (K.BELOW_TYPE - (h & K.BELOW_TYPE))
        return np.clip(len(ascending) - np.searchsorted(ascending, low), 0, len(ascending)).astype(np.uint16)

    return _card_rows256("holdem"), _row_starts("standard"), classes(rank_score), classes(flush_score)


@lru_cache(maxsize=1)
def _rank_bytes() -> np.ndarray:
    from pokercli._kernels.lows import rank_bytes

    return rank_bytes()


@lru_cache(maxsize=1)
def _eight_low_table() -> np.ndarray:
    from pokercli._kernels.lows import eight_low_table

    return eight_low_table()


def lows(cards: np.ndarray, game: GameName = "omaha-hilo") -> np.ndarray:
    """The eight-or-better low (uint8) of each row of an Omaha hi-lo batch (the
    hole cards, then the five board cards; two of each and three of the
    board): its five ranks as a set, ace = bit 0, two = bit 1 .. eight = bit
    7, so that a smaller number is a better low (31 is the wheel, 5-4-3-2-A);
    0 when the row has no low. One kernel call, with the high hands."""
    from pokercli.games import equity_games, game as _game

    g = _game(game)
    if not g.pot.split:
        split = " and ".join(x.name for x in equity_games() if x.pot.split)
        raise PokerError(f"game: {g.name} has no low; lows are for {split}", "game")
    return g.engine.evaluate(cards, g, identity_classes(g.rule.key), lows=True)[1]


@lru_cache(maxsize=3)
def _keys256(ranking: str) -> np.ndarray:
    """The card keys for every byte: a card's key for 0..51, ``NOT_A_CARD`` above."""
    from pokercli._kernels.evaluator import NOT_A_CARD

    keys = np.full(256, NOT_A_CARD, np.int64)
    keys[:52] = kernel_tables(ranking)[0]
    return keys


@lru_cache(maxsize=3)
def _row_starts(ranking: str) -> np.ndarray:
    """``evaluate_batch7``'s form of the perfect hash's displacements: each
    row's displacement less the row's first key, modulo 2**32 (uint32)."""
    offsets = kernel_tables(ranking)[1].astype(np.int64)
    return ((offsets - (np.arange(len(offsets), dtype=np.int64) << 12)) & 0xFFFFFFFF).astype(np.uint32)


#: The CPU features :mod:`pokercli._kernels.wide` compiles to: 512-bit vectors,
#: their 8- and 16-bit lanes, and byte permutes (VBMI).
WIDE_FEATURES = ("avx512f", "avx512bw", "avx512vbmi")


@lru_cache(maxsize=1)
def _wide_ok() -> bool:
    """Whether the 7-card batch may take the AVX-512 kernel: Numba compiles
    for this machine's CPU (no ``NUMBA_CPU_NAME`` or ``NUMBA_CPU_FEATURES``,
    no ``NUMBA_DISABLE_JIT``) and the CPU has :data:`WIDE_FEATURES`. Anywhere
    else the scalar kernel runs, with the same results."""
    import numba
    from llvmlite import binding

    if numba.config.DISABLE_JIT or numba.config.CPU_NAME or numba.config.CPU_FEATURES:
        return False
    try:
        features = binding.get_host_cpu_features()
    except RuntimeError:  # LLVM cannot tell on this platform
        return False
    return all(features.get(f, False) for f in WIDE_FEATURES)


@lru_cache(maxsize=4)
def _wide_tables(game: str) -> tuple[np.ndarray, np.ndarray]:
    """:func:`pokercli._kernels.wide.rows16`'s tables for a game: ``remap``
    (uint8[64]: each card of the deck to ``16 * suit + rank``, every other byte
    to ``NO_CARD``) and ``rank_keys`` (uint32[16]: each rank's key, the low 32
    bits of its cards' keys, which :func:`_card_rows256` holds)."""
    from pokercli._kernels.wide import NO_CARD

    rows = _card_rows256(game)
    remap = np.full(64, NO_CARD, np.uint8)
    rank_keys = np.zeros(16, np.uint32)
    for c in range(52):
        suit, rank = divmod(c, 13)
        if rows[c, 1]:
            remap[c] = 16 * suit + rank
        rank_keys[rank] = rows[c, 0] & 0xFFFFFFFF
    return remap, rank_keys


@lru_cache(maxsize=4)
def _card_rows256(game: str) -> np.ndarray:
    """``evaluate_batch7``'s table: by byte, the key (:func:`_keys256`) and the
    card bit, which only the cards of the game's deck have (a byte without one
    refuses its row); then the same 256 rows with ``KEY_INIT`` in the key, for
    a row's first card."""
    from pokercli._kernels.evaluator import KEY_INIT
    from pokercli.games import game as _game

    g = _game(game)
    rows = np.zeros((512, 2), np.int64)
    rows[:256, 0] = _keys256(g.rule.key)
    deck = [c for c in range(52) if c not in g.left_out]
    rows[deck, 1] = np.int64(1) << np.array(deck, np.int64)
    rows[256:] = rows[:256]
    rows[256:, 0] += KEY_INIT  # read for a row's first card: the sum is a whole hand key
    return rows


def scores(cards: np.ndarray, game: GameName = "holdem", *, out: Optional[np.ndarray] = None) -> np.ndarray:
    """Scores (uint32) of a batch of hands, one kernel call. ``game``:
    ``"holdem"`` or a short deck game (scores in its ranking,
    :mod:`pokercli.shortdeck`), or an Omaha game: rows of the hole cards, then
    the five board cards, valued by their best high hand of two hole and
    three board cards.

    ``out``: a uint32 array of one value per hand to write the scores into (and
    return), so a loop over batches reuses one array instead of a fresh one
    each call (whose first writes cost page faults: about a third of the time
    of a 7-card batch on the AVX-512 path).

    The kernel reads the 16-bit class tables (half the cache footprint of the
    score tables, measured faster) and maps each class to its score.
    """
    return _batch(cards, _score_of_class_u32, game, out)


def classes(cards: np.ndarray, game: GameName = "holdem", *, out: Optional[np.ndarray] = None) -> np.ndarray:
    """Classes (uint16) of a batch of hands, one kernel call: 1..7462 in
    hold'em, 1..1404 in short deck (1 is a royal flush). Omaha games: the
    high hand's class, rows as in :func:`scores`. ``out``: a uint16 array to
    write them into, as :func:`scores`."""
    return _batch(cards, identity_classes, game, out)


@lru_cache(maxsize=3)
def identity_classes(ranking: str = "standard") -> np.ndarray:
    return np.arange(len(score_of_class(ranking)), dtype=np.uint16)


def scores_of_masks(masks: np.ndarray) -> np.ndarray:
    """Scores of hands given as 52-bit card masks (5-7 bits each)."""
    from pokercli._kernels import evaluator as K

    masks = np.ascontiguousarray(masks, dtype=np.int64)
    if masks.ndim != 1:
        raise PokerError("masks: a batch of hands is a one-dimensional array of 52-bit card sets")
    counts = np.zeros(masks.shape, np.int64)
    rest = masks.copy()
    for _ in range(8):  # popcount of up to 7 bits (more is an error anyway)
        counts += rest != 0
        rest &= rest - 1
    if ((masks < 0) | (masks >= 1 << 52)).any() or ((counts < 5) | (counts > 7)).any():
        raise PokerError("masks: each hand is a 52-bit card set of 5 to 7 cards")
    keys, offsets, (rank, flush), _ = kernel_tables()
    out = np.empty(masks.shape[0], np.uint32)
    call(K.evaluate_masks, masks, keys, offsets, rank, flush, out)
    return out


@lru_cache(maxsize=3)
def _score_of_class_u32(ranking: str = "standard") -> np.ndarray:
    return score_of_class(ranking).astype(np.uint32)


@lru_cache(maxsize=3)
def score_of_class(ranking: str = "standard") -> np.ndarray:
    """Score of each class 1..7462 (1..1404 in a short deck ranking, 1..6175 in
    razz's low; int64, index 0 unused)."""
    from pokercli.games import ranking as ranking_of

    desc = np.array(ranking_of(ranking).all_scores(), np.int64)
    out = np.zeros(len(desc) + 1, np.int64)
    out[1:] = desc
    return out


@lru_cache(maxsize=1)
def class_types() -> np.ndarray:
    """Type strength (1..9) of each class 1..7462 (index 0 unused)."""
    out = np.zeros(7463, np.int64)
    for strength, (lo, hi) in R.CLASS_RANGES.items():
        out[lo:hi + 1] = strength
    return out


def count_all_seven(threads: int = 1) -> tuple[np.ndarray, int]:
    """(counts by type strength, distinct values) over all 133,784,560 seven-card hands.

    ``threads`` kernel calls run at once, each on an interleaved share of the
    first two cards (the kernel releases the GIL).
    """
    from concurrent.futures import ThreadPoolExecutor

    from pokercli._kernels import evaluator as K
    from pokercli._kernels.jit import ensure

    keys, offsets, _, (rank, flush) = kernel_tables()
    threads = max(1, threads)
    ensure(K.class_histogram_seven, keys, offsets, rank, flush, 0, threads)
    with ThreadPoolExecutor(max_workers=threads) as pool:
        parts = pool.map(lambda p: K.class_histogram_seven(keys, offsets, rank, flush, p, threads),
                         range(threads))
        hist = sum(parts)
    counts = np.bincount(class_types(), weights=hist, minlength=10).astype(np.int64)
    return counts, int((hist[1:] > 0).sum())
