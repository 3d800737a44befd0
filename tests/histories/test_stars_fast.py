"""The one-pass PokerStars reader (:mod:`pokercli.histories.stars_fast`)
against the reference reader (PHH fields replayed in exact fractions): every
hand it answers must be the reference's JSON document byte for byte, and it
must answer the plain hands (else it would be a test that cannot fail).

The hands: pokerkit's random hold'em, Omaha and limit hold'em corpus written
as PokerStars text (70 % all-ins, side pots, ties), each also rewritten the
way the site writes a hand (the hero's ``Dealt to`` line, ``collected`` lines,
the total pot with a rake, uncalled bets returned) and in cents; and the
hand-written hands of ``test_stars.py``.
"""

from __future__ import annotations

import random
import re

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokercli.histories import read_docs_lines, read_text, stars  # noqa: E402
from pokercli.histories.stars_fast import hand_doc  # noqa: E402
from pokercli.render import json_text  # noqa: E402
from test_phh_oracle import corpus  # noqa: E402
from test_stars import (BB_ANTE, CASH, DRAW, EIGHT_GAME_RAZZ, HILO, STUD, TOURNAMENT,  # noqa: E402
                        TRIPLE_DRAW, TWICE)
from test_stars_oracle import stars_text  # noqa: E402


def reference_docs(text: str) -> list[str]:
    """Each hand's JSON by the reference reader (an unread hand: its message)."""
    out = []
    for item in read_text(text, "t.txt"):
        out.append(f"error: {item}" if isinstance(item, Exception) else json_text(item.to_dict()))
    return out


def fast_docs(text: str) -> list[str]:
    return [f"error: {item}" if isinstance(item, Exception) else json_text(item)
            for item in stars.read_docs(text, "t.txt")]


def answered(text: str) -> int:
    """How many of the text's hands the one-pass reader answers."""
    return sum(hand_doc(lines, "t.txt", "1") is not None for _, lines in stars.split_hands(text))


def as_the_site_writes(text: str, rng: random.Random, state, cents: bool) -> str:
    """A written hand with what the site adds: the hero's hole cards (player1's,
    from pokerkit's deal), each winner's ``collected`` line and the total pot
    with a rake taken from the largest winner (from the reference's result),
    uncalled bets returned; ``cents``: every amount a hundredth."""
    (hand,) = [h for h in read_text(text) if not isinstance(h, Exception)]
    lines = text.rstrip("\n").split("\n")
    hole = [c for op in state.operations if type(op).__name__ == "HoleDealing" and op.player_index == 0
            for c in op.cards]  # (pokerkit deals a card at a time)
    if hole and "*** HOLE CARDS ***" in lines:
        at = lines.index("*** HOLE CARDS ***") + 1
        lines.insert(at, f"Dealt to {hand.names[0]} [{' '.join(repr(c) for c in hole)}]")
    summary = lines.index("*** SUMMARY ***")
    extra = [f"Uncalled bet (${amount}) returned to {hand.names[i]}" for i, amount in hand.returned]
    won = [s.won for s in hand.seats]
    rake = 0
    if all(w is not None and w.denominator == 1 for w in won) and any(won):
        top = max(range(len(won)), key=lambda i: won[i])
        rake = min(int(won[top]) - 1, rng.choice([0, 0, 1, 3]))
        rake = max(rake, 0)
        won[top] -= rake
        extra += [f"{hand.names[i]} collected ${int(w)} from pot" for i, w in enumerate(won) if w]
        total = sum(int(p.amount) for p in hand.pots)
        lines.insert(summary + 1, f"Total pot ${total} | Rake ${rake}")
    lines[summary:summary] = extra
    out = "\n".join(lines) + "\n\n"
    if cents:
        out = re.sub(r"\$(\d+)", lambda m: f"${int(m.group(1)) / 100:.2f}", out)
    return out


@pytest.mark.parametrize("variant", ["NT", "PO", "FT"])
def test_every_answer_is_the_reference_readers(variant):
    rng = random.Random("fast" + variant)
    hands = corpus(variant, 300)
    texts = [stars_text(state, stacks, variant, 1000 + k) for k, (_, state, stacks) in enumerate(hands)]
    site = [as_the_site_writes(t, rng, state, cents=k % 2 == 1)
            for k, (t, (_, state, _)) in enumerate(zip(texts, hands))]
    for batch in ("".join(texts), "".join(site)):
        assert fast_docs(batch) == reference_docs(batch)
        # the plain hands are the one-pass reader's: all of them here
        assert answered(batch) == len(hands)
    assert any("Rake $0.03" in t or "Rake $0.01" in t for t in site)  # rakes in cents were written
    # all-ins judged on this path (limit hold'em's stacks seldom run out)
    assert sum('"ev_net"' in d for d in fast_docs("".join(site))) >= (3 if variant == "FT" else 50)


def test_the_hand_written_hands():
    later = TOURNAMENT.replace("Level V (50/100) - 2026/01/01 12:00:00", "Level VI (75/150) - 2026/01/01 12:15:00")
    text = "\n".join([CASH, TOURNAMENT, later, TWICE, HILO, DRAW, STUD, EIGHT_GAME_RAZZ, TRIPLE_DRAW])
    assert fast_docs(text) == reference_docs(text)
    assert answered(CASH) == answered(TOURNAMENT) == answered(later) == 1  # rake, cents, sitting out, antes
    assert '"min_bet": 150' in fast_docs(later)[0]  # a tournament's stakes are after its level
    # run twice, hi-lo, a game not read, stud, razz and draw: the reference reader's
    for other in (TWICE, HILO, DRAW, STUD, EIGHT_GAME_RAZZ, TRIPLE_DRAW):
        assert answered(other) == 0


def test_what_the_one_pass_reader_leaves_to_the_reference():
    """A dead small blind, a pot the payouts do not add up to, a bet bigger than
    the stack, a player acting after folding, a card dealt twice, cards not shown
    at a showdown: the reference's answer (or its message), every time; a big
    blind ante, read on this path too, the same answer."""
    variants = {
        "dead blind": CASH.replace("Alice: posts small blind $0.05", "Alice: posts small & big blinds $0.15"),
        "paid wrong": CASH.replace("Alice collected $12.05", "Alice collected $12.00"),
        "too big": TOURNAMENT.replace("Villain: raises 1490 to 1790", "Villain: raises 1590 to 1890"),
        "after fold": CASH.replace("Carol: folds", "Carol: folds\nCarol: calls $5.70"),
        "twice dealt": TOURNAMENT.replace("[9s 9c]", "[Ac 9c]"),
        "not shown": TOURNAMENT.replace("Villain: shows [9s 9c] (three of a kind, Nines)\n", "")
                               .replace("Seat 2: Villain (big blind) showed [9s 9c] and won (3600) with "
                                        "three of a kind, Nines\n", ""),
        "no payouts": TOURNAMENT.replace("Villain collected 3600 from pot\n", ""),
        "big blind ante": BB_ANTE,
        "big blind ante, no payouts": BB_ANTE.replace("Hero collected 1550 from pot\n", ""),
    }
    for name, text in variants.items():
        assert fast_docs(text) == reference_docs(text), name
    assert answered(variants["no payouts"]) == 1  # the showdown decides, as the reference's does
    assert all(answered(variants[k]) == 0 for k in ("dead blind", "paid wrong", "too big", "after fold",
                                                     "twice dealt"))
    assert answered(variants["big blind ante"]) == answered(variants["big blind ante, no payouts"]) == 1


@pytest.mark.parametrize("antes", [{1: 3}, {-1: 2}, 3])
def test_big_blind_button_and_short_antes_are_the_reference_readers(antes):
    """Antes are dead money in the main pot (PokerStars writes no
    ``ante_trimming_status``: PHH's default): a big blind ante, a button ante,
    and stacks of 2 and 3 chips that post part of an ante or a blind. pokerkit
    deals and plays the hands; the one-pass reader answers every one, with the
    reference reader's document, whose nets must be pokerkit's."""
    from test_phh_oracle import AUTO, check_nets, play_out, remembered_hands

    rng = random.Random(f"fast antes {antes}")
    random.seed(f"fast antes {antes}")
    texts, site, nets = [], [], []
    with remembered_hands():
        for k in range(50):
            players = rng.randint(2, 6)
            stacks = [rng.choice([2, 3, 20, 50, 100, 333]) for _ in range(players)]
            state = pokerkit.NoLimitTexasHoldem(AUTO, False, antes, (1, 2), 2)(stacks, players)
            play_out(rng, state)
            texts.append(stars_text(state, stacks, "NT", 5000 + k))
            site.append(as_the_site_writes(texts[-1], rng, state, cents=k % 2 == 1))
            nets.append([a - b for a, b in zip(state.stacks, stacks)])
    check_nets(list(read_text("".join(texts))), nets, "pokerstars")
    for batch in ("".join(texts), "".join(site)):
        assert fast_docs(batch) == reference_docs(batch)
        assert answered(batch) == len(texts)
    # the dead antes are in play: side pots above them
    assert sum(fast_docs("".join(texts))[k].count('"amount"') > 1 for k in range(len(texts))) >= 5


def test_the_command_reads_documents_as_before(tmp_path, cli):
    text = "\n".join([CASH, TOURNAMENT, TWICE, HILO, DRAW])
    path = tmp_path / "h.txt"
    path.write_text(text)
    code, out, err = cli("hh", str(path))
    want = [d for d in reference_docs(text) if not d.startswith("error")]
    assert code == 1 and out.splitlines() == [d.replace('"t.txt"', f'"{path}"') for d in want]
    assert "5 Card Draw" in err
    items = list(read_docs_lines(text.splitlines(keepends=True), "t.txt"))
    assert [json_text(x) for x in items if isinstance(x, dict)] == want


def test_the_python_score_is_the_evaluators():
    """The showdown's scores read in Python (:func:`holdem_score`) against the
    batch evaluator on random five-, six- and seven-card hands, flushes and
    straights among them."""
    import numpy as np

    from pokercli import evaluate as E
    from pokercli.histories.stars_fast import holdem_score

    rng = random.Random(7)
    for n in (5, 6, 7):
        rows = [rng.sample(range(52), n) for _ in range(20000)]
        rows += [rng.sample(range(13 * s, 13 * s + 13), 5) + rng.sample(range(52), n - 5) for s in range(4)
                 for _ in range(500)]  # five of a suit at least
        rows = [r for r in rows if len(set(r)) == n]
        assert [holdem_score(r) for r in rows] == E.scores(np.array(rows, np.uint8)).tolist()


def test_the_heads_up_preflop_equities_are_the_apis():
    """The all-in pot of two hands before the flop, read from the shipped
    table directly: the very floats ``pokercli.equity`` gives."""
    from pokercli import cards as C
    from pokercli.equity_calc import equity
    from pokercli.histories.stars_fast import _headsup_preflop

    rng = random.Random(3)
    for _ in range(500):
        c = rng.sample(range(52), 4)
        r = equity([C.format_cards(c[:2]), C.format_cards(c[2:])], [], [], method="auto", seed=1)
        assert _headsup_preflop(c[:2], c[2:]) == [p.equity for p in r.players]


@pytest.mark.parametrize("variant", ["NT", "PO"])
def test_summary_records_are_the_reference_readers(variant):
    """``--summary`` reads each hand's record (names, exact nets, exact
    EV-adjusted nets, who was all in) through the one-pass reader: the very
    records of the reference reader's hands, fractions and all."""
    from pokercli.histories.summary import record

    rng = random.Random("records" + variant)
    hands = corpus(variant, 200)
    texts = [as_the_site_writes(stars_text(state, stacks, variant, 1000 + k), rng, state, cents=k % 2 == 0)
             for k, (_, state, stacks) in enumerate(hands)]
    text = "".join(texts) + "\n".join([CASH, TOURNAMENT, TWICE, HILO])
    want = [record(h) for h in read_text(text) if not isinstance(h, Exception)]
    got = list(stars.read_docs(text, "t.txt", records=True))
    assert got == want and len(got) == 204
    assert sum(r is not None and r[2] is not None for r in got) >= 40  # judged all-ins among them


def test_the_pots_of_one_preflop_all_in_counted_together_are_the_apis():
    """Three to five hands all in before the flop, with side pots and a folded
    hand shown: every pot's equities from one enumeration of the boards are
    the floats ``pokercli.equity`` gives each pot asked alone (its players,
    every other shown card dead)."""
    from pokercli import cards as C
    from pokercli.equity_calc import equity
    from pokercli.histories.stars_fast import preflop_pots

    rng = random.Random(5)
    for _ in range(12):
        players = rng.randint(3, 5)
        dealt = rng.sample(range(52), 2 * players + 2 * rng.randint(0, 1))
        cards = [dealt[2 * i:2 * i + 2] for i in range(len(dealt) // 2)]
        live = list(range(players))
        pots = [tuple(live), tuple(live[:-1]), tuple(live[:2])]
        got = preflop_pots(cards, dealt, pots)
        for pot, eq in zip(pots, got):
            dead = sorted(set(dealt) - {c for i in pot for c in cards[i]})
            r = equity([C.format_cards(cards[i]) for i in pot], [], dead, method="auto", seed=1)
            assert r.method == "exact" and eq == [p.equity for p in r.players]


def test_the_written_corpus_takes_the_pots_counted_together(monkeypatch):
    """The comparison above with the reference reader covers the pots counted
    together: the corpus has many multiway all-ins before the flop."""
    import pokercli.histories.stars_fast as F

    calls = []
    real = F.preflop_pots
    monkeypatch.setattr(F, "preflop_pots", lambda *a: calls.append(len(a[2])) or real(*a))
    hands = corpus("NT", 300)
    text = "".join(stars_text(state, stacks, "NT", 1000 + k) for k, (_, state, stacks) in enumerate(hands))
    assert fast_docs(text) == reference_docs(text)
    assert len(calls) >= 20 and max(calls) >= 2  # pots counted together, side pots among them
