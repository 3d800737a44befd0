"""The exact three-way preflop table (table --players 3) on the CPU engine:
entries equal ``equity A B C --exact`` to the count, checkpoints resume, the
views and outputs."""

from __future__ import annotations

import json

import pytest

import pokercli
from pokercli import table3 as T3


@pytest.fixture(scope="module")
def small():
    return pokercli.table(players=3, classes="AA,KK,AKs,72o", engine="cpu")


def test_entries_equal_exact_equity(small):
    assert len(small.counts) == 16  # 20 multisets less AA x3, KK x3, (AA, AA, AKs), (KK, KK, AKs)
    for a, b, c in [("AA", "KK", "72o"), ("KK", "AA", "AA"), ("72o", "72o", "AKs"), ("AKs", "AA", "KK"),
                    ("AKs", "AKs", "72o"), ("72o", "KK", "KK")]:
        e = pokercli.equity([a, b, c], method="exact", engine="cpu")
        (w, t2, t3), n = small.triple(a, b, c)
        assert (e.players[0].wins, e.players[0].ties, e.players[0].total) == (w, t2 + t3, n)
        assert abs(small.equity(a, b, c) - e.players[0].equity) < 1e-12


def test_one_result_type_for_both_tables(small):
    """Heads-up and three-way tables are one TableResult; its equity takes as
    many classes as the table has players, and says so otherwise."""
    two = pokercli.table(classes="AA,KK")
    assert type(two) is type(small) is pokercli.TableResult and (two.players, small.players) == (2, 3)
    assert two.equity("AA", "KK") == pytest.approx(0.8195, abs=1e-4)
    assert small.equity("AA", "KK", "72o") > small.equity("KK", "AA", "72o")
    for table, names in ((two, ("AA", "KK", "AA")), (small, ("AA", "KK"))):
        with pytest.raises(pokercli.PokerError, match=f"takes {table.players} classes"):
            table.equity(*names)


def test_deals_cover_every_deal_once():
    """The merged deals of a first class weigh as many as all its plain deals."""
    import numpy as np

    cards, cls, masks = T3._combos()
    for x in (0, 1, 13):  # AA, AKs, AKo
        combos, weights, yz = T3.deals(x, allowed=[x, 2, 168])
        plain = 0
        firsts = np.flatnonzero(cls == x)
        others = np.flatnonzero(np.isin(cls, [x, 2, 168]))
        for c1 in firsts:
            for c2 in others:
                if masks[c1] & masks[c2] or cls[c2] < x:
                    continue
                ok = others[(cls[others] >= cls[c2]) & ((masks[others] & (masks[c1] | masks[c2])) == 0)]
                plain += len(ok)
        assert weights.sum() == plain and len(combos) < plain


def test_checkpoint_resume_and_damage(tmp_path):
    path = tmp_path / "t3.ckpt"
    first = pokercli.table(players=3, hand="72o", vs="KK", engine="cpu", checkpoint=path)
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + first.chunks
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:40] + "\n")  # cut short by a crash
    again = pokercli.table(players=3, hand="72o", vs="KK", engine="cpu", checkpoint=path, resume=True)
    assert again.counts == first.counts and again.resumed == 2
    with pytest.raises(pokercli.PokerError, match="another job"):
        pokercli.table(players=3, hand="AA", engine="cpu", checkpoint=path, resume=True)
    good = [1, 28, 43, 6, 0, 0, 0, 0, 0, 0, 0, 0, 1370754]
    assert not T3._valid((1, None, []), [good[1:]])  # pot shares that do not add up
    row = [28, 43, 1370754, 0, 0, 0, 0, 0, 0, 0, 0, 1370754]
    assert T3._valid((1, None, []), [row]) and not T3._valid((30, None, []), [row])


def test_cli_outputs_and_views(cli, tmp_path):
    code, out, err = cli("table", "--players", "3", "--classes", "AA,KK,72o", "--engine", "cpu")
    assert code == 0 and out.splitlines()[0] == "class1,class2,class3,equity1,equity2,equity3,boards"
    assert "three-way table: 89 distinct deals" in err
    code, out, _ = cli("table", "--players", "3", "--classes", "AA,KK,72o", "--engine", "cpu", "--json")
    doc = json.loads(out)
    assert doc["players"] == 3 and len(doc["triples"]) == 8
    assert doc["triples"][0]["classes"] == ["AA", "AA", "KK"]
    code, _, err = cli("table", "--players", "3", "--vs", "KK", "--engine", "cpu")
    assert code == 2 and "--vs needs --hand" in err
    code, _, err = cli("table", "--vs", "KK", "--hand", "AA")
    assert code == 2 and "--vs is for three-way tables" in err


def test_views_fit_80_columns(small):
    import io
    import re

    from rich.cells import cell_len

    from pokercli.render import Output, emit

    with_vs = pokercli.table(players=3, hand="AKs", vs="KK", engine="cpu")
    with_hand = pokercli.table(players=3, hand="72o", vs="AA", engine="cpu")
    with_hand.vs = None  # the grid against each class and any third
    for r in (small, with_vs, with_hand):
        buf = io.StringIO()
        emit(r, Output("rich", width=80, file=buf))
        text = re.sub(r"\x1b\[[0-9;]*m", "", buf.getvalue())
        assert max(cell_len(line) for line in text.splitlines()) <= 80
        assert "%" in text and ("AKs" in text or "72o" in text)


def test_the_estimate_in_words():
    """A table's estimate, said before it runs: a small one is "under 1 s"
    (it said "about 0 s"), a large one "about" its minutes."""
    from pokercli.table3 import Estimate

    assert Estimate(30, 1.2e8, 0.3, 0.01).text("cpu", 2).endswith(": under 1 s on 2 CPU threads here")
    assert Estimate(30, 1.2e8, 1800.0, 0.01).text("cpu", 1).endswith(": about 30 min on 1 CPU thread here")
    assert Estimate(30, 1.2e8, 1800.0, 90.0).text("gpu", 1).endswith(": about 90 s on an H100-class GPU")
