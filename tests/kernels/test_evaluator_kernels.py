"""The evaluator kernels: seed vectors, exhaustive facts (SPEC §3d), kernel == reference."""

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokercli import cards as C
from pokercli import evaluate as E
from pokercli import reference as R

SEED_REDUCTIONS = {
    34084860461056: (True, 62, 0, 62, 0, False, True, 5),
    2252899459547138: (False, 4098, 2, 4096, 0, False, False, 2),
    3378112070942720: (False, 6144, 0, 4096, 4096, False, False, 2),
    595935302254592: (True, 1084, 0, 1084, 0, False, False, 5),
    131958575202304: (False, 496, 0, 496, 0, False, True, 5),
    598684148441088: (False, 1089, 0, 1089, 1, False, False, 3),
    1144044063293440: (False, 2081, 0, 2048, 0, False, False, 3),
    80815178383360: (False, 147, 0, 131, 0, False, False, 4),
    723616090030080: (False, 3364, 0, 3364, 0, False, False, 5),
}

SEED_IDENTIFY = [
    (dict(rank_count=5, hand_ranks=124, odd_ranks=124, quads=0, flush=True, trips=0, straight=True, five_high=False), ("STRAIGHT_FLUSH", 124, 0)),
    (dict(rank_count=2, hand_ranks=192, odd_ranks=64, quads=128, flush=False, trips=0, straight=False, five_high=False), ("FOUR_OF_A_KIND", 128, 64)),
    (dict(rank_count=2, hand_ranks=3072, odd_ranks=2048, quads=0, flush=False, trips=2048, straight=False, five_high=False), ("FULL_HOUSE", 2048, 1024)),
    (dict(rank_count=5, hand_ranks=3400, odd_ranks=3400, quads=0, flush=True, trips=0, straight=False, five_high=False), ("FLUSH", 3400, 0)),
    (dict(rank_count=5, hand_ranks=62, odd_ranks=62, quads=0, flush=False, trips=0, straight=True, five_high=False), ("STRAIGHT", 62, 0)),
    (dict(rank_count=3, hand_ranks=1544, odd_ranks=1544, quads=0, flush=False, trips=512, straight=False, five_high=False), ("THREE_OF_A_KIND", 512, 1032)),
    (dict(rank_count=3, hand_ranks=2068, odd_ranks=4, quads=0, flush=False, trips=0, straight=False, five_high=False), ("TWO_PAIR", 2064, 4)),
    (dict(rank_count=4, hand_ranks=594, odd_ranks=578, quads=0, flush=False, trips=0, straight=False, five_high=False), ("PAIR", 16, 578)),
    (dict(rank_count=5, hand_ranks=454, odd_ranks=454, quads=0, flush=False, trips=0, straight=False, five_high=False), ("HIGH_CARD", 454, 0)),
]

FIVE_CARD_COUNTS = {9: 40, 8: 624, 7: 3744, 6: 5108, 5: 10200, 4: 54912, 3: 123552, 2: 1098240, 1: 1302540}
SEVEN_CARD_COUNTS = {9: 41584, 8: 224848, 7: 3473184, 6: 4047644, 5: 6180020, 4: 6461620,
                     3: 31433400, 2: 58627800, 1: 23294460}


@pytest.mark.parametrize("hand,expected", SEED_REDUCTIONS.items())
def test_seed_reductions(hand, expected):
    assert R.reductions(hand) == expected


@pytest.mark.parametrize("red,expected", SEED_IDENTIFY)
def test_seed_identify(red, expected):
    assert R.identify_from_reductions(**red) == expected


def test_seed_scores():
    assert R.score_from_info("THREE_OF_A_KIND", 512, 1032) == 272630792
    assert R.translate_score(270536708) == ("THREE_OF_A_KIND", ["T"], ["4", "A"])


def test_class_boundaries_follow_spec():
    scores = R.all_scores()
    assert len(scores) == 7462
    for strength, (lo, hi) in R.CLASS_RANGES.items():
        assert {R.type_name(scores[c - 1]) for c in range(lo, hi + 1)} == {R.TYPE_NAMES[strength]}
    assert R.hand_class(R.score(C.parse("As Ks Qs Js Ts"))) == 1
    assert R.hand_class(R.score(C.parse("7h 5s 4d 3c 2h"))) == 7462
    assert E.class_types()[1] == 9 and E.class_types()[7462] == 1


@pytest.fixture(scope="module")
def all_five():
    return np.array(list(combinations(range(52), 5)), dtype=np.int8)


def test_every_five_card_hand_kernel_equals_reference(all_five):
    """All 2,598,960 hands: the kernel's score is the seed method's score. The
    seed's method runs once per suit pattern (the hand with its four suits'
    rank sets sorted: 134,459 patterns), which gives every hand's score since
    the method does not care which suit is which (checked below on 20,000
    random hands with their suits permuted at random)."""
    kernel = E.scores(all_five).astype(np.int64)
    masks = (np.int64(1) << all_five.astype(np.int64)).sum(axis=1)  # five different bits: the sum is the union
    suits = np.sort(np.stack([(masks >> (13 * s)) & 0x1FFF for s in range(4)], axis=1), axis=1)
    pattern = sum(suits[:, s] << (13 * s) for s in range(4))
    patterns, which = np.unique(pattern, return_inverse=True)
    assert len(patterns) == 134_459
    seed = np.array([R.score5(int(m)) for m in patterns], np.int64)
    assert np.flatnonzero(seed[which] != kernel).tolist() == []
    rng = np.random.default_rng(5)
    for _ in range(20_000):
        hand = rng.choice(52, 5, replace=False)
        moved = rng.permutation(4)[hand // 13] * 13 + hand % 13
        assert R.score5(C.card_mask(hand.tolist())) == R.score5(C.card_mask(moved.tolist()))
    counts = np.bincount(kernel >> 26, minlength=10)
    assert {t: int(counts[t]) for t in range(1, 10)} == FIVE_CARD_COUNTS
    assert len(np.unique(kernel)) == 7462


def test_five_card_classes_follow_boundaries(all_five):
    classes = E.classes(all_five)
    scores = E.scores(all_five)
    assert classes.min() == 1 and classes.max() == 7462 and len(np.unique(classes)) == 7462
    assert np.array_equal(np.asarray(R.all_scores(), np.uint32)[classes - 1], scores)


def test_all_seven_card_hands_category_counts():
    counts, distinct = E.count_all_seven()
    assert {t: int(counts[t]) for t in range(1, 10)} == SEVEN_CARD_COUNTS
    assert counts.sum() == 133_784_560
    assert distinct == 4824
    assert np.array_equal(E.count_all_seven(threads=2)[0], counts)


@pytest.mark.parametrize("part", [0, 77, 500, 1080])
def test_seven_card_enumeration_classes_equal_batch_kernel(part):
    """Class by class, the enumeration's share for one pair of lowest cards equals
    the batch kernel run on the same hands listed explicitly."""
    from pokercli._kernels import evaluator as K

    keys, offsets, _, (rank, flush) = E.kernel_tables()
    hist = K.class_histogram_seven(keys, offsets, rank, flush, part, 1081)
    a, b = list(combinations(range(47), 2))[part]  # pairs that start a hand
    rest = np.array(list(combinations(range(b + 1, 52), 5)), np.int8).reshape(-1, 5)
    hands = np.hstack([np.full((len(rest), 2), (a, b), np.int8), rest])
    expected = np.bincount(E.classes(hands), minlength=7463)
    assert hist.sum() == len(hands)
    assert np.array_equal(hist, expected)


hands = st.integers(5, 7).flatmap(lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True))


@settings(max_examples=600, deadline=None)
@given(hands)
def test_kernel_equals_reference_on_random_hands(hand):
    ref_score, five = R.best_five(hand)
    row = np.full((1, 7), -1, np.int8)
    row[0, :len(hand)] = hand
    assert int(E.scores(row)[0]) == ref_score
    assert int(E.classes(row)[0]) == R.hand_class(ref_score)
    assert int(E.scores_of_masks(np.array([C.card_mask(hand)]))[0]) == ref_score
    assert R.score5(C.card_mask(five)) == ref_score


def test_random_batches_mixed_lengths_agree():
    rng = np.random.default_rng(7)
    rows = []
    for n in rng.integers(5, 8, size=3000):
        row = np.full(7, -1, np.int8)
        row[:n] = rng.choice(52, n, replace=False)
        rows.append(row)
    batch = np.array(rows)
    got = E.scores(batch)
    want = [R.score([c for c in row if c >= 0]) for row in batch.tolist()]
    assert got.tolist() == want
    full = batch[batch[:, 6] >= 0]
    assert E.scores(full).tolist() == [R.score(r) for r in full.tolist()]


@pytest.mark.parametrize("game", ["holdem", "shortdeck"])
def test_byte_batch_kernel_refuses_exactly_the_rows_that_are_not_seven_deck_cards(game):
    """``evaluate_batch7`` sums the card bits (it does not OR them): a row is
    evaluated iff its seven bytes are distinct cards of the game's deck. Rows
    with many repeats (a card three or four times, two pairs of repeats, a
    repeat whose carry lands on another card of the row, the top card 51 twice)
    and every byte value are each refused at their own row, and the rows before
    it get the plain reference's scores; for both values of ``mapped`` (scores,
    and classes, mapped to scores here)."""
    from pokercli import shortdeck as SD
    from pokercli._kernels import evaluator as K
    from pokercli.games import game as G

    deck = [c for c in range(52) if c not in G(game).left_out]
    rng = np.random.default_rng(11)
    _, _, _, (rank, flush) = E.kernel_tables(G(game).rule.key)
    table, vmap = E._card_rows256(game), E._score_of_class_u32(G(game).rule.key)
    crafted = [[12, 12, 13, 14, 15, 16, 17],            # a card twice
               [5, 5, 6, 20, 30, 40, 41],               # 5 twice carries onto 6
               [5, 5, 6, 7, 30, 40, 41],                # ... and on to 7 and 8
               [51, 51, 0, 1, 2, 3, 4],                  # carry above the deck
               [9, 9, 9, 9, 20, 21, 22], [9, 9, 9, 20, 20, 21, 22], [9, 9, 20, 20, 30, 30, 44]]
    refused = 0
    for trial in range(3000):
        if trial < len(crafted):
            row = crafted[trial]
        elif trial < len(crafted) + 256:
            row = rng.choice(deck, 7, replace=False).tolist()
            row[trial % 7] = trial - len(crafted)  # every byte value in turn
        else:
            row = rng.choice(deck, 7, replace=trial % 2 == 0).tolist()  # repeats in half
            if trial % 3 == 0:
                row[rng.integers(7)] = int(rng.integers(0, 256))
        good = len(set(row)) == 7 and all(c in deck for c in row)
        batch = np.array([rng.choice(deck, 7, replace=False).tolist() for _ in range(3)] + [row], np.uint8)
        mapped = trial % 4 < 2  # scores; else classes (no value map read), mapped here
        out = np.zeros(4, np.uint32 if mapped else np.uint16)
        got = K.evaluate_batch7(batch, table, E._row_starts(G(game).rule.key), rank, flush, vmap, mapped, out)
        assert got == (-1 if good else 3), (row, game, mapped)
        want = [R.score(r) if game == "holdem" else SD.score(r, G(game).rule.key)
                for r in batch[:4 if good else 3].tolist()]  # the plain reference
        assert (out if mapped else vmap[out])[:len(want)].tolist() == want
        refused += not good
    assert refused > 1000


@pytest.mark.parametrize("text,desc,kind", [
    ("Kh Ks Kd Th Tc", "Full house, kings full of tens", "FULL_HOUSE"),
    ("Ah 2s 3d 4h 5c", "Straight, five high", "STRAIGHT"),
    ("As Ks Qs Js Ts 2d 2c", "Royal flush", "STRAIGHT_FLUSH"),
    ("5h 4h 3h 2h Ah Kd", "Straight flush, five high", "STRAIGHT_FLUSH"),
    ("Ac Ad Kh Kd Qs Qc 2h", "Two pair, aces and kings, queen kicker", "TWO_PAIR"),
    ("9c 9d 9h 5s 5c 5h 2d", "Full house, nines full of fives", "FULL_HOUSE"),
    ("Ac Ad 9h 7d 5s 3c 2h", "Pair of aces, nine-seven-five kickers", "PAIR"),
])
def test_descriptions(text, desc, kind):
    from pokercli.hands import value_of

    v = value_of(C.parse(text))
    assert v.description == desc and v.type == kind
    assert len(v.best_five) == 5


def test_six_and_seven_card_rules():
    # three pairs: top two pairs and the best remaining card as kicker
    s = R.score(C.parse("Ac Ad Kh Kd Qs Qc 2h"))
    assert R.translate_score(s) == ("TWO_PAIR", ["K", "A"], ["Q"])
    # two trips make a full house
    s = R.score(C.parse("9c 9d 9h 5s 5c 5h 2d"))
    assert R.translate_score(s) == ("FULL_HOUSE", ["9"], ["5"])
    # a pair keeps its three highest kickers
    s = R.score(C.parse("Ac Ad 9h 7d 5s 3c 2h"))
    assert R.translate_score(s) == ("PAIR", ["A"], ["5", "7", "9"])


def test_cached_score_list_equals_computation(tmp_path, monkeypatch):
    from pokercli import paths

    monkeypatch.setenv("POKERCLI_CACHE_DIR", str(tmp_path))
    R.all_scores.cache_clear()
    paths.cache.cache_clear()
    try:
        first = R.all_scores()
        assert (tmp_path / "scores-v2.txt").exists()
        R.all_scores.cache_clear()
        assert R.all_scores() == first == R._compute_all_scores()
    finally:
        R.all_scores.cache_clear()
        paths.cache.cache_clear()


@pytest.mark.parametrize("game,width", [("holdem", 7), ("holdem", 5), ("shortdeck", 7), ("omaha", 9),
                                        ("stud", 7), ("razz", 7), ("27-single", 5), ("badugi", 4)])
def test_batches_write_into_a_given_array(game, width):
    """``out=``: the values a fresh array would get, written into the array
    given (and returned); an array of the wrong type, length or layout is
    refused by name before anything is written."""
    import pokercli.evaluate as E
    from pokercli import PokerError, games

    g = games.game(game)
    deck = sorted(g.deck)
    rng = np.random.default_rng(len(game) + width)
    cards = np.array([rng.choice(deck, width, replace=False) for _ in range(300)], np.uint8)
    for fn, dtype in ((E.scores, np.uint32), (E.classes, np.uint16)):
        fresh = fn(cards, game)
        out = np.full(len(cards), 7, dtype)
        assert fn(cards, game, out=out) is out and (out == fresh).all()
        for bad in (np.empty(len(cards), np.int64), np.empty(len(cards) + 1, dtype),
                    np.empty(2 * len(cards), dtype)[::2], [0] * len(cards)):
            before = bad.copy() if isinstance(bad, np.ndarray) else None
            with pytest.raises(PokerError) as e:
                fn(cards, game, out=bad)
            assert e.value.param == "out"
            if before is not None:  # untouched (compared as bytes: np.empty's contents may be NaN-like)
                assert bad.tobytes() == before.tobytes()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_perfect_hash_rows_go_where_plain_first_fit_puts_them(seed):
    """The lookup table's row placement (``lookup._perfect_hash``, whose
    kernel jumps over taken slots) against trying every offset in turn, as
    the plain rule says: rows densest first, each at the lowest offset where
    none of its columns lands on a taken slot. Random keys, rows of one to
    forty columns, some rows empty."""
    from pokercli._kernels import lookup as L

    rng = np.random.default_rng(seed)
    rows = rng.choice(400, size=3000)
    keys = np.unique((rows.astype(np.int64) << L.ROW_SHIFT) | rng.integers(0, 1 << L.ROW_SHIFT, 3000))
    offsets, slots = L._perfect_hash(keys)
    assert len(set(slots.tolist())) == len(keys)  # perfect: no two keys share a slot

    by_row: dict = {}
    for k in keys.tolist():
        by_row.setdefault(k >> L.ROW_SHIFT, []).append(k & ((1 << L.ROW_SHIFT) - 1))
    n_rows = int(keys.max() >> L.ROW_SHIFT) + 1
    order = sorted(range(n_rows), key=lambda r: -len(by_row.get(r, [])))  # stable: densest first
    taken: set = set()
    want = [0] * n_rows
    for r in order:
        cols = by_row.get(r, [])
        if not cols:
            continue
        o = 0
        while any(c + o in taken for c in cols):
            o += 1
        taken.update(c + o for c in cols)
        want[r] = o
    assert offsets.tolist() == want
