"""Equity distributions, next-card equities and outs (issue #16): against the
engine's own totals to the count, and against the plain references of tests/naive.py."""

import json
from itertools import combinations
from math import comb

import pytest

import pokercli
from pokercli import analysis as A
from pokercli import reference as R
from pokercli.cards import parse
from pokercli.errors import PokerError
from pokercli.ranges import parse_range
from tests import naive


def _combos(text):
    return [((int(a), int(b)), w) for (a, b), w in parse_range(text)]


@pytest.mark.parametrize("players,board", [
    (["AsKs", "QQ+:0.5,AK,JTs,T9s,88-66"], "Kd 7s 2s"),
    (["QQ+,AKs:0.25,KQs", "JJ-99,AQs:0.5"], "Qh 8d 3c 2s"),
    (["AKs,KQs", "TT+"], ""),  # preflop heads-up: the shipped table
    (["AhAd", "KK,QQ", "JTs,T9s"], "Ts 9d 4c"),  # three-way
])
def test_weighted_mean_is_the_players_equity_to_the_count(players, board):
    d = A.distribution(players, board=board)
    for p in d.players:
        main = d.equity.players[p.seat]
        assert sum(c.weight * c.wins for c in p.combos) == pytest.approx(main.wins, rel=1e-12)
        assert sum(c.weight * c.ties for c in p.combos) == pytest.approx(main.ties, rel=1e-12)
        assert sum(c.weight * c.total for c in p.combos) == pytest.approx(main.total, rel=1e-12)
        assert p.mean == pytest.approx(main.equity, rel=1e-12)
        assert [c.equity for c in p.combos] == sorted((c.equity for c in p.combos), reverse=True)
        assert sum(p.histogram()) == pytest.approx(1)
        curve = p.curve(50)
        assert curve == sorted(curve, reverse=True) and curve[0] == p.combos[0].equity


def test_each_combos_equity_is_the_plain_enumeration():
    board = parse("Qh 8d 3c 2s")
    d = A.distribution(["AA,KQs:0.5", "JJ-99,AQs"], board=board)
    opp = _combos("JJ-99,AQs")
    for c in d.players[0].combos[:6]:
        eq, wins, ties, total = naive.equity([[(c.cards, 1.0)], opp], board)
        assert (c.wins, c.ties, c.total) == pytest.approx((wins[0], ties[0], total))
        assert c.equity == pytest.approx(eq[0])
    assert {c.weight for c in d.players[0].combos} == {1.0, 0.5}


def test_distribution_needs_a_range_of_listed_hands():
    """Hands alone have no distribution, nor has an Omaha `random` player (its
    hands are not listed; an Omaha range of hands has one, tested below)."""
    with pytest.raises(PokerError) as e:
        A.distribution(["AsAh", "KsKh"])
    assert e.value.param == "players"
    with pytest.raises(PokerError) as e:
        A.distribution(["AsAhKsKh", "random"], game="omaha")
    assert e.value.param == "players" and "listed hands" in str(e.value)


@pytest.mark.parametrize("players,board,dead", [
    (["AsKs", "QdQc"], "Kd 7s 2s", ""),
    (["AsKs", "QQ+,JTs:0.5"], "Kd 7s 2s", "3c"),
    (["Ah Th", "KK", "9c 8c"], "Tc 7c 2h 3d", ""),
])
def test_next_card_results_add_up_to_now_and_equal_the_plain_enumeration(players, board, dead):
    r = A.next_card(players, board, dead)
    now = r.equity
    orders = 5 - len(parse(board))  # from the flop each two-card runout comes in both orders
    for i, p in enumerate(now.players):
        assert sum(x.players[i].wins for _, x in r.after) == pytest.approx(orders * p.wins, rel=1e-12)
        assert sum(x.players[i].ties for _, x in r.after) == pytest.approx(orders * p.ties, rel=1e-12)
    shown = {c for c, _ in r.after} | set(r.blocked)
    assert shown == set(range(52))
    ranges = [_combos(p) if "," in p or len(p) <= 3 else [(tuple(sorted(parse(p))), 1.0)] for p in players]
    for card, x in r.after[:3]:
        eq, *_ = naive.equity(ranges, parse(board) + [card], parse(dead) if dead else ())
        assert [p.equity for p in x.players] == pytest.approx(eq)


def test_next_card_needs_a_flop_or_turn():
    for board in ("", "Kd 7s 2s 3c 4d"):
        with pytest.raises(PokerError) as e:
            A.next_card(["AsKs", "QdQc"], board)
        assert e.value.param == "board"


def _naive_outs(hero, board, opp_combos):
    known = set(hero) | set(board)
    out = []
    for card in range(52):
        if card in known or any(card in c for c, _ in opp_combos if len(opp_combos) == 1):
            continue
        live = [(c, w) for c, w in opp_combos if card not in c]
        mine = R.score(list(hero) + list(board) + [card])
        won = sum(w for c, w in live if mine > R.score(list(c) + list(board) + [card]))
        tied = sum(w for c, w in live if mine == R.score(list(c) + list(board) + [card]))
        if (won + tied / 2) / sum(w for _, w in live) >= 0.5:
            out.append(card)
    return out


@pytest.mark.parametrize("hand,board,vs", [
    ("Ah Kh", "Qh 7h 2c", "Qs Qd"),
    ("9c 8c", "Tc 7d 2c", "As Ad"),
    ("Ad Kd", "Ac 9s 5h 2d", "A9,55,AQ:0.5"),
    ("6s 5s", "7h 8d Kc", "KK,AK,Kx".replace(",Kx", ",KQ")),
])
def test_outs_are_the_plain_enumerations_cards(hand, board, vs):
    r = A.outs(hand, board, vs)
    hero, b = parse(hand), parse(board)
    opp = _combos(vs) if "," in vs else [(tuple(sorted(parse(vs))), 1.0)]
    opp = [(c, w) for c, w in opp if not set(c) & (set(hero) | set(b))]
    assert [c for c, _, _ in r.outs] == _naive_outs(hero, b, opp)
    # the chance of an out by the river, counted over every pair of cards to come
    seen = set(hero) | set(b) | (set(opp[0][0]) if len(opp) == 1 else set())
    unseen = [c for c in range(52) if c not in seen]
    outs = {c for c, _, _ in r.outs}
    if len(b) == 3:
        hit = sum(1 for pair in combinations(unseen, 2) if set(pair) & outs)
        assert r.by_river == pytest.approx(hit / comb(len(unseen), 2))
    else:
        assert r.by_river == pytest.approx(len(outs) / len(unseen))
    assert sum(len(cards) for _, cards in r.groups()) == len(r.outs)


def test_outs_errors():
    with pytest.raises(PokerError) as e:
        A.outs("Ah Kh", "Qh 7h 2c 3d 4s", "QsQd")
    assert e.value.param == "board"
    with pytest.raises(PokerError):
        A.outs("Ah Kh", "Qh 7h 2c", "Ah Qd")


def test_cli_modes(cli):
    code, out, err = cli("equity", "AsKs", "QQ+,JTs", "--board", "Kd 7s 2s", "--distribution", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["distribution"][0]["player"] == 2
    assert abs(doc["distribution"][0]["mean_equity"] - doc["players"][1]["equity"]) < 1e-12
    code, out, err = cli("equity", "AsKs", "QdQc", "--board", "Kd 7s 2s", "--next-card", "--json")
    doc = json.loads(out)
    assert code == 0 and len(doc["next_card"]) == 45 and set(doc["cannot_come"]) == {"As", "Ks", "Qd", "Qc",
                                                                                     "Kd", "7s", "2s"}
    code, out, err = cli("equity", "AsKs", "QdQc", "--board", "Kd 7s 2s", "--next-card")
    assert code == 0 and "next card" in out
    code, out, err = cli("equity", "AsKs", "QQ+", "--distribution", "--samples", "1000")
    assert code == 2 and "--samples" in err and "Traceback" not in err
    code, out, err = cli("equity", "AsKs", "QdQc", "--next-card")
    assert code == 2 and "--board" in err
    # the flags of other modes are named, not dropped (--runs 2 was answered as one run)
    for flags, named in ((["--runs", "2"], "--runs"), (["--boards", "2"], "--boards"),
                         (["--draws", "1"], "--draws"), (["--pat", "9"], "--pat"), (["--keep", "8"], "--keep")):
        code, out, err = cli("equity", "AKs", "QQ+", "--board", "Kd 7c 2h", "--distribution", *flags)
        assert code == 2 and named in err and len(err.strip().splitlines()) == 1 and out == ""
    code, out, err = cli("equity", "AKs", "QQ+", "--board", "Kd 7c 2h", "--distribution", "--next-card")
    assert code == 2 and err.strip().endswith("give --distribution or --next-card, not both")
    code, out, err = cli("outs", "Ah Kh", "--board", "Qh 7h 2c", "--vs", "Qs Qd", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["outs"] == 8 and doc["groups"][0]["makes"] == "FLUSH"
    code, out, err = cli("outs", "Ah Kh", "--board", "Qh 7h", "--vs", "Qs Qd")
    assert code == 2 and "--board" in err


@pytest.mark.parametrize("game,players,board", [
    ("shortdeck", ["AsKs", "QQ+,JTs,T9s"], "Kd 7s 6s"),
    ("shortdeck-straight", ["AK,KQ,JJ", "9s 8s"], "Th 7d 6c 6h"),
    ("holdem", ["AK,KQ,JJ:0.3", "9s 8s"], "Th 7d 6c 6h 2d"),  # the river: no card to come
])
def test_the_pair_kernel_is_the_engine_in_every_two_card_game(game, players, board):
    d = A.distribution(players, board=board, game=game)
    for p in d.players:
        main = d.equity.players[p.seat]
        assert sum(c.weight * c.wins for c in p.combos) == pytest.approx(main.wins, rel=1e-12)
        assert sum(c.weight * c.total for c in p.combos) == pytest.approx(main.total, rel=1e-12)
        for c in p.combos[:3]:
            others = [x for i, x in enumerate(players) if i != p.seat]
            seat = [list(c.cards)] + others if p.seat == 0 else others + [list(c.cards)]
            e = pokercli.equity(seat, board=board, game=game, method="exact").players[p.seat]
            assert (c.wins, c.ties, c.total) == pytest.approx((e.wins, e.ties, e.total))


def test_next_card_reports_progress():
    """A multiway --next-card is one pass over the runouts: progress goes up to its end."""
    from pokercli import analysis

    seen = []
    r = analysis.next_card(["AsAh", "KsKh", "QdJd"], "Kd 7c 2h 3s", progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][0] == seen[-1][1] and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert len(r.cards) == 52 - 4 - 6
    seen.clear()  # past the one pass (weights that are not whole): one exact job per card
    analysis.next_card(["AsAh", "KsKh", "QQ:0.5,JJ"], "Kd 7c 2h 3s", progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, 52) for i in range(52)]
    with pytest.raises(pokercli.PokerError) as e:
        analysis.next_card(["AsAh", "KsKh"], "Kd 7c 2h", progress=5)
    assert e.value.param == "progress"


@pytest.mark.parametrize("players,board,dead", [
    (["QQ+,AKs", "JJ-99,AQs+", "AK,KQ"], "Kd 7c 2h 5s", ()),
    (["QQ+,AKs", "JJ-99,AQs+", "AK,KQ"], "Kd 7c 2h", ()),
    (["AsAh", "KsKh", "QQ"], "Kd 7c 2h", "2c"),
    (["AsKs", "QdQc", "JhTh", "9s9c"], "Js Ts 3d", ()),
    (["AK", "KQs", "AA:0.5,KK"], "As Kd 7c", ()),  # weights not whole: a job per card
])
def test_next_card_from_one_pass_equals_an_exact_job_per_card(players, board, dead):
    """Multiway, the spot and every card after it come from one pass over the
    runouts (each runout kept apart): to the count what an exact job of the
    spot, and of the spot with each card on the board, gives; a card that
    leaves some range no hand, or no deal, cannot come."""
    r = A.next_card(players, board, dead)
    count = lambda res: [(p.wins, p.ties, p.total) for p in res.players]  # noqa: E731
    assert count(r.equity) == count(pokercli.equity(players, board, dead, method="exact"))
    for card, after in r.after:
        assert count(after) == count(pokercli.equity(players, parse(board) + [card], dead, method="exact"))
    for card in r.blocked:
        if card in parse(board) or (dead and card in parse(dead)):
            continue
        with pytest.raises(PokerError):
            pokercli.equity(players, parse(board) + [card], dead, method="exact")


@pytest.mark.parametrize("game,players,board", [
    ("omaha", ["As Ah Ks Kh", "Qd Qc Jd Tc,9s 9c 8s 8h:0.5,Ad 2d 3c 4c:2"], "2c 7d 6h"),
    ("omaha-hilo", ["Ad 2d 3s 4s", "Kc Kd Qs Js,5h 6h 7c 8c:0.25", "Th Tc 9d 9h"], "2c 7d 6h 3h"),
    ("omaha", ["As Ah Ks Kh:2, Qd Qc Jd Tc, Ac Ad Kc Kd", "9s 9c 8s 8h:0.5, Ad 2d 3c 4c, Qh Jh Th 9h"], "2c 7d 6h"),
    ("omaha", ["As Ah Ks Kh, Qd Qc Jd Tc", "9s 9c 8s 8h:0.5, Ad 2d 3c 4c"], ""),  # preflop: a job a combo
])
def test_omaha_distribution_is_each_hand_of_the_range_as_its_own_exact_job(game, players, board, monkeypatch):
    """--distribution in Omaha: each listed hand's equity is the exact job with that
    hand fixed, and the hands' weighted counts sum to the range's own counts.
    No hand runs a job of its own (its deals go to the engine's chunks, against
    hands or ranges): one exact job, the spot's; but preflop against a range,
    where a hand's own job counts its deals up to a renaming of suits."""
    import pokercli.equity_calc as E
    from pokercli.cards import format_cards

    jobs, whole_job = [], E.equity
    monkeypatch.setattr(E, "equity", lambda *a, **k: jobs.append(a) or whole_job(*a, **k))
    d = A.distribution(players, board=board, game=game)
    monkeypatch.undo()
    assert len(jobs) == (1 + sum(len(dist.combos) for dist in d.players) if not board else 1)
    whole = pokercli.equity(players, board=board, game=game, method="exact")
    assert [dist.seat for dist in d.players] == [s for s, p in enumerate(players) if "," in p]
    for dist in d.players:
        wins = total = 0.0
        for c in dist.combos:
            alone = list(players)
            alone[dist.seat] = format_cards(c.cards)
            r = pokercli.equity(alone, board=board, game=game, method="exact")
            assert c.equity == pytest.approx(r.players[dist.seat].equity, abs=1e-12)
            assert (c.wins, c.total) == pytest.approx((r.players[dist.seat].wins, r.players[dist.seat].total))
            wins += c.weight * c.wins
            total += c.weight * c.total
        fixed = {c for q in players if "," not in q for c in parse(q)} | set(parse(board) if board else [])
        listed = [parse(h.split(":")[0]) for h in players[dist.seat].split(",")]
        assert len(dist.combos) == sum(not set(h) & fixed for h in listed)  # (hands on the board left out)
        mine = whole.players[dist.seat]
        assert wins == pytest.approx(mine.wins) and total == pytest.approx(mine.total)


@pytest.mark.parametrize("game,players,board", [
    ("omaha", ["As Ah Kd 7c", "Ks Kh Qd Jc"], "2c 7d 6h"),
    ("omaha", ["AAxx", "Ks Kh Qd Jc"], "2c 7d 6h 9s"),
    ("omaha-hilo", ["As Ah 2c 3d", "Ks Kh 4c 5d", "9c 8c 7h 6h"], "Jd 7d 4s"),
])
def test_next_card_in_omaha_is_an_exact_job_per_card(cli, game, players, board):
    """--next-card in Omaha: each card's result is the exact job with that card
    on the board (the one pass over the runouts reads two-card hands: it took
    an Omaha hand for two and stopped on an internal error)."""
    r = A.next_card(players, board, game=game)
    count = lambda res: [(p.wins, p.ties, p.total, p.equity) for p in res.players]  # noqa: E731
    assert count(r.equity) == count(pokercli.equity(players, board, game=game, method="exact"))
    assert len(r.after) + len(r.blocked) == 52  # (the board's and hands' cards cannot come)
    for card, after in r.after:
        assert count(after) == count(pokercli.equity(players, parse(board) + [card], game=game, method="exact"))
    code, out, err = cli("equity", "--game", game, *players, "--board", board, "--next-card", "--json")
    doc = json.loads(out)
    first_run = ("pokercli: compil", "pokercli: built ", "pokercli: building ")  # a fresh cache's notes
    notes = [x for x in err.splitlines() if not x.startswith(first_run)]
    assert code == 0 and len(doc["next_card"]) == len(r.after) and notes == []  # (a fresh cache says so)


def test_past_the_exact_limits_the_analyses_say_they_are_exact_only(cli):
    """A distribution or next card the exact engine cannot take (an Omaha
    ``random`` player, or too much work) says these analyses are exact only; it
    suggested sampling (``--monte-carlo``), which they refuse."""
    for call in (lambda: A.next_card(["AAxx", "random"], "Kd 7c 2h", game="omaha"),
                 lambda: A.distribution(["AAxx", "random"], "Kd 7c 2h", game="omaha"),
                 lambda: A.distribution(["AA,KK", "random", "random", "random"])):
        with pytest.raises(PokerError) as e:
            call()
        assert e.value.param == "players" and "exact only: narrow the ranges" in str(e.value)
        assert "monte-carlo" not in str(e.value)
    code, out, err = cli("equity", "--game", "omaha", "AAxx", "random", "--board", "Kd7c2h", "--next-card")
    assert code == 2 and out == "" and "exact only" in err and "--monte-carlo" not in err
