"""pokercli.equity: the issues' figures to the count, a plain enumeration, Monte Carlo against exact."""

import random

import pytest

import naive
import pokercli
from pokercli import PokerError


def combos(text):
    """A player's possible combos as card-id pairs with weights (for naive.equity)."""
    return [((int(a), int(b)), w) for (a, b), w in pokercli.parse_range(text)]


def test_aces_vs_kings_exact_counts():
    r = pokercli.equity(["As Ah", "Ks Kh"])
    a, k = r.players
    assert r.method == "exact" and r.boards == 1_712_304
    assert (a.wins, a.ties, k.wins) == (1_410_336, 9_308, 292_660)
    assert round(100 * a.equity, 3) == 82.637 and round(100 * k.equity, 3) == 17.363


def test_aces_vs_kings_other_suits():
    a = pokercli.equity(["Ac As", "Kh Kd"]).players[0]
    assert (a.wins, a.ties) == (1_388_072, 6_538)
    assert round(100 * a.equity, 4) == 81.2555


def test_three_way():
    r = pokercli.equity(["Ah Ad", "Ks Kc", "Qh Qs"])
    assert [round(100 * p.equity, 3) for p in r.players] == [66.868, 18.515, 14.617]


@pytest.mark.parametrize("hands,equity", [
    (["AA", "KK"], 81.946), (["As Ah", "KK"], 81.946),
    (["AA", "QQ,22"], 81.882), (["As Ah", "QQ,22"], 81.882)])
def test_ranges_exact(hands, equity):
    r = pokercli.equity(hands)
    assert round(100 * r.players[0].equity, 3) == equity
    assert abs(sum(p.equity for p in r.players) - 1) < 1e-12


def test_players_as_cards_and_ranges():
    """A player may be text, a Range, or a sequence of cards; the counts agree."""
    text = pokercli.equity(["As Ah", "QQ,22"])
    typed = pokercli.equity([pokercli.parse_cards("As Ah"), pokercli.parse_range("QQ,22")])
    ids = pokercli.equity([(25, 12), "QQ,22"])
    assert [p.wins for p in text.players] == [p.wins for p in typed.players] == [p.wins for p in ids.players]
    assert typed.players[0].hand == "As Ah" and typed.players[1].hand == "QQ,22"


def test_categories_sum_to_one_and_match_reference_on_turn():
    from pokercli import reference as R

    r = pokercli.equity(["As Ah", "Kd Qd"], board="2d 7d 9h Ks", categories=True)
    for p in r.players:
        assert abs(sum(p.categories.values()) - 1) < 1e-12
    seen = set(pokercli.parse_cards("As Ah Kd Qd 2d 7d 9h Ks"))
    flushes = sum(R.type_name(R.score(list(pokercli.parse_cards("Kd Qd 2d 7d 9h Ks")) + [c])) == "FLUSH"
                  for c in range(52) if c not in seen)
    assert round(r.players[1].categories["FLUSH"] * 44) == flushes


CASES = [
    (["As Kd", "7h 7c"], "2c 8d Th", ""),
    (["Qs Qh", "Ah Kh", "9c 8c"], "Jh Tc 2h 3s", ""),
    (["5s 5d", "Ac Qc", "Kh Jh", "2s 3s"], "4s 6c Td", "9h"),
    (["AKs", "QQ,JJ"], "As 7c 2d 9s", ""),
    (["TT+:0.5,AhQh", "Kc Kd", "22-44,A5s:2"], "2c 3c 4c 5d", "6h 7h 8h 9h Tc Jc"),
]


def reference(hands, board, dead):
    """naive.equity on the combos each player can hold: a fixed hand's one combo,
    or a range's combos that touch no board, dead or fixed card."""
    def cards(text):
        try:
            return [int(c) for c in pokercli.parse_cards(text)]
        except PokerError:
            return []  # a range

    fixed = [cards(h) for h in hands if len(cards(h)) == 2]
    blocked = set(cards(board)) | set(cards(dead)) | {c for h in fixed for c in h}
    players = [[((min(cards(h)), max(cards(h))), 1.0)] if len(cards(h)) == 2 else
               [(c, w) for c, w in combos(h) if not set(c) & blocked] for h in hands]
    return naive.equity(players, cards(board), cards(dead))


@pytest.mark.parametrize("hands,board,dead", CASES)
def test_exact_equals_reference_enumeration(hands, board, dead):
    r = pokercli.equity(hands, board, dead)
    want_eq, wins, ties, total = reference(hands, board, dead)
    assert r.boards == pytest.approx(total)
    for p, e, w, t in zip(r.players, want_eq, wins, ties):
        assert p.equity == pytest.approx(e, abs=1e-12)
        assert p.wins == pytest.approx(w) and p.ties == pytest.approx(t)


def test_random_spots_equal_reference():
    rng = random.Random(11)
    for _ in range(6):
        players = rng.randint(2, 4)
        cards = rng.sample(range(52), 2 * players + 4)
        hands = [" ".join(str(pokercli.Card(c)) for c in cards[2 * i:2 * i + 2]) for i in range(players)]
        board = " ".join(str(pokercli.Card(c)) for c in cards[2 * players:2 * players + rng.choice([3, 4])])
        r = pokercli.equity(hands, board)
        want, *_ = reference(hands, board, "")
        assert [p.equity for p in r.players] == pytest.approx(want, abs=1e-12)


# --- Monte Carlo --------------------------------------------------------------------

def test_monte_carlo_close_to_exact_and_reproducible():
    exact = pokercli.equity(["As Ah", "Ks Kh"]).players[0].equity
    a = pokercli.equity(["As Ah", "Ks Kh"], method="monte-carlo", samples=400_000, seed=5)
    b = pokercli.equity(["As Ah", "Ks Kh"], method="monte-carlo", samples=400_000, seed=5)
    assert [p.equity for p in a.players] == [p.equity for p in b.players]
    assert abs(a.players[0].equity - exact) < 4 * a.players[0].stderr
    assert a.samples == 400_000 and a.method == "monte-carlo"


def test_monte_carlo_ranges_and_dead_cards_close_to_exact():
    args = (["AKs,QQ", "JJ-99", "KQ,A2s+"], "Qs 7s 2d", "3c")
    exact = pokercli.equity(*args)
    mc = pokercli.equity(*args, samples=300_000, seed=9)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr + 1e-9


@pytest.mark.parametrize("hands,board", [
    (["7c 6c", "Ad Kd"], "8c 9d 2h 3s"),           # one card to come
    (["As Ks", "random"], "2s 3h 9c 4d"),          # a random player dealt from the deck
    (["Ah Ad", "Ks Kc", "Qh Qs"], ""),             # multiway, five cards to come
    (["QQ+,AKs", "JJ-99,AQs+"], ""),               # ranges, five cards to come
    (["AA:0.5,KK,QQ:0.25", "AKs,AQo:0.3,JJ"], ""),  # weighted ranges
])
def test_monte_carlo_board_draws_match_exact(hands, board):
    """A million samples: every player within 4 standard errors (about 0.002) of
    the exact equity, for each way the board draw can go (1-5 cards, fixed,
    ranged and random players)."""
    exact = pokercli.equity(hands, board)
    mc = pokercli.equity(hands, board, samples=1_000_000, seed=13)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr


def test_monte_carlo_stops_at_stderr_target():
    r = pokercli.equity(["As Ah", "random"], stderr=0.002, seed=1)
    assert max(p.stderr for p in r.players) <= 0.002 and r.target_reached
    assert r.samples < 1_000_000


def test_monte_carlo_interrupt_keeps_result():
    """A KeyboardInterrupt raised while sampling (here by the progress callback,
    as Ctrl-C would in the main thread) ends the sampling with the result so far."""
    calls = []

    def progress(done, total, stderr):
        calls.append((done, total, stderr))
        if len(calls) == 2:
            raise KeyboardInterrupt

    r = pokercli.equity(["As Ah", "Ks Kh"], samples=5_000_000, seed=2, progress=progress)
    assert r.interrupted and 0 < r.samples < 5_000_000
    assert abs(r.players[0].equity - 0.8264) < 0.01
    assert calls[0][1] == 5_000_000 and calls[0][2] > 0


def test_exact_progress_reports_done_and_total():
    seen = []
    pokercli.equity(["As Ah", "Ks Kh"], progress=lambda done, total, se: seen.append((done, total, se)))
    assert seen and seen[-1][0] == seen[-1][1] and all(se is None for *_, se in seen)


def test_auto_falls_back_to_monte_carlo_and_says_so():
    r = pokercli.equity(["random", "random"], seed=1, stderr=0.003)
    assert r.method == "monte-carlo"
    r = pokercli.equity(["random", "random", "random"], seed=1)
    assert r.method == "monte-carlo" and "sampled instead" in r.note


def test_to_dict_is_the_json_document():
    r = pokercli.equity(["AsAh", "KsKh"])
    doc = r.to_dict()
    assert doc["method"] == "exact" and doc["boards"] == 1_712_304
    assert [p["wins"] for p in doc["players"]] == [1_410_336, 292_660]
    assert isinstance(doc["players"][0]["wins"], int)
    mc = pokercli.equity(["AsAh", "KsKh"], samples=20_000, seed=3).to_dict()
    assert {"samples", "stderr", "seed", "interrupted"} <= set(mc)


# --- ranges -------------------------------------------------------------------------

@pytest.mark.parametrize("text,count", [
    ("QQ", 6), ("QQ+", 18), ("TT-77", 24), ("77-TT", 24), ("AKs", 4), ("AKo", 12), ("AK", 16),
    ("A2s+", 48), ("KTo+", 36), ("A5s-A2s", 16), ("AhKh", 1), ("random", 1326), ("xx", 1326),
    ("QQ+,AKs", 22), ("JJ-99,AQs+", 26), ("AA AKs", 10), ("AsKs,AKs", 4)])
def test_range_sizes(text, count):
    assert len(pokercli.parse_range(text)) == count


def test_a2s_plus_runs_to_aks():
    """``A2s+`` is A2s..AKs (the README once said AQs): every suited ace but AA."""
    kickers = {min(a.rank, b.rank) for (a, b), _ in pokercli.parse_range("A2s+")}
    assert kickers == set(range(0, 12))  # 2 .. K
    assert all(a.suit == b.suit and 12 in (a.rank, b.rank) for (a, b), _ in pokercli.parse_range("A2s+"))


def test_range_weights_and_override():
    r = dict(pokercli.parse_range("AA:0.5,AsAh:1"))
    assert sorted(r.values()) == [0.5] * 5 + [1.0]
    assert pokercli.parse_range("QQ+,AKs:0.5").weighted == 20.0


@pytest.mark.parametrize("text,fragment", [
    ("QQs", "pair is neither"), ("AK-Q9", "keeps its top card"), ("AKs-AQo", "suited, offsuit"),
    ("AA:x", "not a number"), ("AA:0", "from 0.000001 to 1000000"), ("ZZ", "is not a hand class"),
    ("", "empty range")])
def test_range_errors(text, fragment):
    with pytest.raises(PokerError, match=fragment):
        pokercli.parse_range(text)


def test_monte_carlo_says_when_fewer_valid_deals_than_asked_come_back():
    """Eight two-class ranges over the four pairs rarely fit together: each batch
    stops after its redraw limit, and the result says how many deals were valid."""
    r = pokercli.equity(["AA", "AA", "KK", "KK", "QQ", "QQ", "JJ", "JJ"], method="monte-carlo",
                        samples=100_000, seed=1)
    assert 0 < r.samples < 100_000 and not r.interrupted
    assert r.note.startswith(f"only {r.samples:,} valid deals of the 100,000 samples asked for")
    assert r.to_dict()["note"] == r.note
    full = pokercli.equity(["AsAh", "KsKh"], method="monte-carlo", samples=20_000, seed=1)
    assert full.samples == 20_000 and full.note == ""
