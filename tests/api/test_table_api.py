"""pokercli.table: class pairs against a brute-force reference, rows against the shipped data, checkpoints."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import pokercli


@pytest.fixture(scope="module")
def five_of_48() -> np.ndarray:
    """Every 5-card subset of 48 positions, listed by itertools (1,712,304 rows)."""
    return np.array(list(combinations(range(48), 5)), np.int8)


def reference_pair(a: str, b: str, five_of_48: np.ndarray) -> list[int]:
    """[wins a, wins b, ties, boards] by brute force: every combo pair that shares
    no card, every board listed explicitly, both hands scored by the batch evaluator
    (no suit grouping, no symmetric boards, no flush shortcuts)."""
    from pokercli import evaluate as E

    out = np.zeros(4, np.int64)
    for ca, _ in pokercli.parse_range(a):
        for cb, _ in pokercli.parse_range(b):
            if set(ca) & set(cb):
                continue
            deck = np.array([c for c in range(52) if c not in (*ca, *cb)], np.int8)
            boards = deck[five_of_48]
            sa = E.scores(np.hstack([np.tile(np.array(ca, np.int8), (len(boards), 1)), boards]))
            sb = E.scores(np.hstack([np.tile(np.array(cb, np.int8), (len(boards), 1)), boards]))
            out += [(sa > sb).sum(), (sb > sa).sum(), (sa == sb).sum(), len(boards)]
    return out.tolist()


@pytest.mark.parametrize("a,b", [("AKs", "QQ"), ("T9s", "76s"), ("AA", "AKo")])
def test_class_pair_equals_brute_force_reference(a, b, five_of_48):
    counts = list(pokercli.table(classes=f"{a},{b}").cell(a, b))
    assert [counts[0], counts[1], counts[2], counts[3]] == reference_pair(a, b, five_of_48)


def test_row_adds_up_to_the_equity_against_a_random_hand():
    """A class's row over all 169 columns, enumerated board by board, is its
    equity against a random hand: the counts equal the class's entry of the
    shipped data (what percentile reads preflop), times its number of combos."""
    from pokercli.hand_strength import preflop_table

    data = preflop_table()
    for name in ("T9s", "72o"):
        result = pokercli.table(hand=name, compute=True)
        wins = sum(result.cell(name, c)[0] for c in result.columns)
        ties = sum(result.cell(name, c)[2] for c in result.columns)
        boards = sum(result.cell(name, c)[3] for c in result.columns)
        combos = len(pokercli.parse_range(name))
        ref = data[name]
        assert (wins, ties, boards) == (ref["wins"] * combos, ref["ties"] * combos, ref["total"] * combos)


def test_checkpoint_ignores_a_line_cut_short(tmp_path):
    ck = tmp_path / "ck.jsonl"
    first = pokercli.table(classes="AA,KK,QQ", checkpoint=ck)
    lines = ck.read_text().splitlines()
    ck.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:7])  # last chunk half written
    seen = []
    again = pokercli.table(classes="AA,KK,QQ", checkpoint=ck, resume=True,
                           progress=lambda d, n: seen.append((d, n)))
    assert again.counts == first.counts and again.resumed == first.chunks - 1
    # the progress callback starts from the chunks already saved and ends at all of them
    assert seen[0] == (first.chunks - 1, first.chunks) and seen[-1] == (first.chunks, first.chunks)
