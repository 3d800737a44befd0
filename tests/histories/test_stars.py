"""PokerStars hands as PokerStars writes them: a cash hand with rake, a
player sitting out and an uncalled bet; a tournament hand with antes
heads-up; a hand run twice; an Omaha hi-lo split; a game not read."""

from __future__ import annotations

import json

import pytest

import pokercli
from pokercli import cards as C
from pokercli.errors import PokerError
from pokercli.histories import read_histories, read_text

CASH = """PokerStars Hand #231234567890: Hold'em No Limit ($0.05/$0.10 USD) - 2021/10/10 12:00:00 ET
Table 'Alpha II' 6-max Seat #3 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($4.20 in chips)
Seat 3: Carol ($12.34 in chips)
Seat 5: Dave ($8 in chips) is sitting out
Alice: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Alice [Ah Kd]
Carol: raises $0.20 to $0.30
Alice: calls $0.25
Bob: raises $3.90 to $4.20 and is all-in
Carol: calls $3.90
Alice: raises $5.70 to $9.90 and is all-in
Carol: folds
Uncalled bet ($5.70) returned to Alice
*** FLOP *** [2c 3d 9h]
*** TURN *** [2c 3d 9h] [Ts]
*** RIVER *** [2c 3d 9h Ts] [Kc]
*** SHOW DOWN ***
Alice: shows [Ah Kd] (a pair of Kings)
Bob: shows [Qs Qh] (a pair of Queens)
Alice collected $12.05 from pot
*** SUMMARY ***
Total pot $12.60 | Rake $0.55
Board [2c 3d 9h Ts Kc]
Seat 1: Alice (small blind) showed [Ah Kd] and won ($12.05) with a pair of Kings
Seat 2: Bob (big blind) showed [Qs Qh] and lost with a pair of Queens
Seat 3: Carol (button) folded before Flop
Seat 5: Dave is sitting out
"""

TOURNAMENT = """PokerStars Hand #222333444: Tournament #3344556677, $10+$1 USD Hold'em No Limit - Level V (50/100) - 2026/01/01 12:00:00 ET
Table '3344556677 1' 9-max Seat #1 is the button
Seat 1: Hero (2500 in chips)
Seat 2: Villain (1800 in chips)
Hero: posts the ante 10
Villain: posts the ante 10
Hero: posts small blind 50
Villain: posts big blind 100
*** HOLE CARDS ***
Dealt to Hero [Ac Ad]
Hero: raises 200 to 300
Villain: raises 1490 to 1790 and is all-in
Hero: calls 1490
*** FLOP *** [7c 8d 2s]
*** TURN *** [7c 8d 2s] [Kh]
*** RIVER *** [7c 8d 2s Kh] [9h]
*** SHOW DOWN ***
Villain: shows [9s 9c] (three of a kind, Nines)
Hero: shows [Ac Ad] (a pair of Aces)
Villain collected 3600 from pot
*** SUMMARY ***
Total pot 3600 | Rake 0
Board [7c 8d 2s Kh 9h]
Seat 1: Hero (button) (small blind) showed [Ac Ad] and lost with a pair of Aces
Seat 2: Villain (big blind) showed [9s 9c] and won (3600) with three of a kind, Nines
"""

TWICE = """PokerStars Hand #245000000001: Hold'em No Limit ($1/$2 USD) - 2026/01/01 12:00:00 ET
Table 'Zeta' 6-max Seat #2 is the button
Seat 1: A ($200 in chips)
Seat 2: B ($200 in chips)
B: posts small blind $1
A: posts big blind $2
*** HOLE CARDS ***
B: raises $198 to $200 and is all-in
A: calls $198 and is all-in
*** FIRST FLOP *** [2c 3c 4c]
*** FIRST TURN *** [2c 3c 4c] [Kd]
*** FIRST RIVER *** [2c 3c 4c Kd] [Ks]
*** SECOND FLOP *** [7h 8h 9d]
*** SECOND TURN *** [7h 8h 9d] [Qd]
*** SECOND RIVER *** [7h 8h 9d Qd] [2d]
*** FIRST SHOW DOWN ***
A: shows [Ah Kh]
B: shows [Qs Qc]
A collected $199 from pot
*** SECOND SHOW DOWN ***
A: shows [Ah Kh]
B: shows [Qs Qc]
B collected $199 from pot
*** SUMMARY ***
Total pot $400 | Rake $2
Hand was run two times
"""

HILO = """PokerStars Hand #250000000002: Omaha Hi/Lo Limit ($2/$4 USD) - 2026/01/01 12:00:00 ET
Table 'Eta' 6-max Seat #3 is the button
Seat 1: P1 ($100 in chips)
Seat 2: P2 ($100 in chips)
Seat 3: P3 ($100 in chips)
P1: posts small blind $1
P2: posts big blind $2
*** HOLE CARDS ***
P3: calls $2
P1: calls $1
P2: checks
*** FLOP *** [2c 5d Kh]
P1: checks
P2: checks
P3: checks
*** TURN *** [2c 5d Kh] [9s]
P1: checks
P2: checks
P3: checks
*** RIVER *** [2c 5d Kh 9s] [Qc]
P1: checks
P2: checks
P3: checks
*** SHOW DOWN ***
P1: shows [Ac 3d Kd Ks] (HI: three of a kind, Kings; LO: 5,3,2,A)
P2: shows [Qs Qd 7h 8h] (HI: three of a kind, Queens)
P3: mucks hand
P1 collected $6 from pot
*** SUMMARY ***
Total pot $6 | Rake $0
"""

DRAW = """PokerStars Hand #260000000003: 5 Card Draw Limit ($1/$2 USD) - 2026/01/01 12:00:00 ET
Table 'Theta' 6-max Seat #1 is the button
Seat 1: X ($50 in chips)
Seat 2: Y ($50 in chips)
"""

STUD = """PokerStars Game #270000000001:  7 Card Stud Limit ($10/$20 USD) - 2026/01/01 12:00:00 ET
Table 'Iota' 8-max
Seat 2: Ann ($60 in chips)
Seat 5: Ben ($200 in chips)
Ann: posts the ante $2
Ben: posts the ante $2
*** 3rd STREET ***
Dealt to Ann [As Ah Kd]
Dealt to Ben [3c]
Ben: brings in for $5
Ann: completes it to $10
Ben: raises $10 to $20
Ann: calls $10
*** 4th STREET ***
Dealt to Ann [As Ah Kd] [7s]
Dealt to Ben [3c] [3d]
Ben: bets $10
Ann: raises $10 to $20
Ben: calls $10
*** 5th STREET ***
Dealt to Ann [As Ah Kd 7s] [2c]
Dealt to Ben [3c 3d] [Qh]
Ben: bets $20
Ann: calls $18 and is all-in
Uncalled bet ($2) returned to Ben
*** 6th STREET ***
Dealt to Ann [As Ah Kd 7s 2c] [9d]
Dealt to Ben [3c 3d Qh] [Jc]
*** RIVER ***
Dealt to Ann [As Ah Kd 7s 2c 9d] [4h]
*** SHOW DOWN ***
Ann: shows [As Ah Kd 7s 2c 9d 4h] (a pair of Aces)
Ben: shows [3s 8h 3c 3d Qh Jc 8c] (a full house, Threes full of Eights)
Ben collected $120 from pot
*** SUMMARY ***
Total pot $120 | Rake $0
Seat 2: Ann showed [As Ah Kd 7s 2c 9d 4h] and lost with a pair of Aces
Seat 5: Ben showed [3s 8h 3c 3d Qh Jc 8c] and won ($120) with a full house, Threes full of Eights
"""

TRIPLE_DRAW = """PokerStars Hand #280000000001: Triple Draw 2-7 Lowball Limit ($2/$4 USD) - 2026/01/01 12:00:00 ET
Table 'Lambda' 6-max Seat #3 is the button
Seat 1: Eve ($80 in chips)
Seat 2: Fay ($80 in chips)
Seat 3: Gus ($80 in chips)
Eve: posts small blind $1
Fay: posts big blind $2
*** DEALING HANDS ***
Dealt to Eve [Kh Th 3d Tc 7c]
Gus: calls $2
Eve: calls $1
Fay: checks
*** FIRST DRAW ***
Eve: discards 2 cards [Kh Th]
Dealt to Eve [3d Tc 7c] [5c Qs]
Fay: discards 2 cards
Gus: discards 3 cards
Eve: checks
Fay: bets $2
Gus: folds
Eve: calls $2
*** SECOND DRAW ***
Eve: discards 2 cards [Qs Tc]
Dealt to Eve [3d 7c 5c] [4c 2s]
Fay: stands pat
Eve: bets $4
Fay: calls $4
*** THIRD DRAW ***
Eve: stands pat on [3d 7c 5c 4c 2s]
Fay: discards 1 card
Eve: bets $4
Fay: calls $4
*** SHOW DOWN ***
Eve: shows [5c 4c 3d 2s 7c] (Lo: 7,5,4,3,2)
Fay: mucks hand
Eve collected $26 from pot
*** SUMMARY ***
Total pot $26 | Rake $0
Seat 1: Eve (small blind) showed [5c 4c 3d 2s 7c] and won ($26) with Lo: 7,5,4,3,2
Seat 2: Fay (big blind) mucked [8s 7d 3c 6d 2h]
Seat 3: Gus (button) folded before the Draw
"""

EIGHT_GAME_RAZZ = """PokerStars Hand #270000000002:  8-Game (Razz Limit, $400/$800 USD) - 2026/01/01 12:00:00 ET
Table 'Kappa' 6-max
Seat 1: Cy ($10000 in chips)
Seat 4: Di ($10000 in chips)
Cy: posts the ante $60
Di: posts the ante $60
*** 3rd STREET ***
Dealt to Cy [2s 3h Kc]
Dealt to Di [4d]
Cy: brings in for $120
Di: raises $280 to $400
Cy: folds
Uncalled bet ($280) returned to Di
Di collected $360 from pot
Di: doesn't show hand
*** SUMMARY ***
Total pot $360 | Rake $0
Seat 1: Cy folded on the 3rd Street
Seat 4: Di collected ($360)
"""


def test_a_cash_hand_with_rake_sitting_out_and_an_uncalled_bet():
    (h,) = read_histories(CASH)
    assert h.site == "pokerstars" and h.hand_id == "231234567890" and h.names == ["Alice", "Bob", "Carol"]
    assert [s.number for s in h.seats] == [1, 2, 3] and h.returned == [(0, pytest.approx(5.7))]
    assert [float(s.net) for s in h.seats] == pytest.approx([7.85, -4.2, -4.2])
    assert float(h.rake) == pytest.approx(0.55) and not h.problems
    eq = pokercli.equity(["AhKd", "QsQh"]).players[0].equity  # Carol's cards were never shown
    ev = [float(x) for x in h.ev_net()]
    assert ev[0] == pytest.approx(12.6 * (1 - 0.55 / 12.6) * eq - 4.2)
    assert sum(ev) == pytest.approx(-0.55)  # the rake is what the players lost between them


def test_a_tournament_hand_heads_up_with_antes():
    (h,) = read_histories(TOURNAMENT)
    assert h.names == ["Villain", "Hero"]  # PHH's heads-up order: the big blind, then the button
    assert [s.net for s in h.seats] == [1800, -1800] and [p.amount for p in h.pots] == [3600]
    assert h.returned == [] and h.allin.street == "preflop"
    eq = pokercli.equity(["AcAd", "9s9c"]).players[0].equity
    assert float(h.ev_net()[1]) == pytest.approx(3600 * eq - 1800)


BB_ANTE = """PokerStars Hand #222333555: Tournament #3344556677, $10+$1 USD Hold'em No Limit - Level V (50/100) - 2026/01/01 12:10:00 ET
Table '3344556677 1' 9-max Seat #1 is the button
Seat 1: Hero (2500 in chips)
Seat 2: Small (1800 in chips)
Seat 3: Big (3000 in chips)
Big: posts the ante 100
Small: posts small blind 50
Big: posts big blind 100
*** HOLE CARDS ***
Dealt to Hero [Ac Ad]
Hero: raises 200 to 300
Small: folds
Big: calls 200
*** FLOP *** [7c 8d 2s]
Big: checks
Hero: bets 400
Big: calls 400
*** TURN *** [7c 8d 2s] [Kh]
Big: checks
Hero: checks
*** RIVER *** [7c 8d 2s Kh] [3h]
Big: checks
Hero: checks
*** SHOW DOWN ***
Hero: shows [Ac Ad] (a pair of Aces)
Big: mucks hand
Hero collected 1550 from pot
*** SUMMARY ***
Total pot 1550 | Rake 0
Board [7c 8d 2s Kh 3h]
Seat 1: Hero (button) showed [Ac Ad] and won (1550) with a pair of Aces
Seat 2: Small (small blind) folded before Flop
Seat 3: Big (big blind) mucked
"""


def test_a_big_blind_ante_is_dead_money_in_the_pot():
    """A big blind ante (only the big blind posts one) goes to the main pot,
    whoever wins it: the big blind who put in the most did not get it back as an
    uncalled bet (the pots then fell short of what the site paid)."""
    (h,) = read_histories(BB_ANTE)
    assert not h.problems and [p.amount for p in h.pots] == [1550] and h.returned == []
    assert {s.name: s.net for s in h.seats} == {"Hero": 850, "Small": -50, "Big": -800}


def test_a_hand_run_twice_is_paid_as_the_site_paid_it():
    (h,) = read_histories(TWICE)
    assert [s.net for s in h.seats] == [-1, -1] and h.rake == 2
    assert h.board == [pokercli.parse_cards(c)[0] for c in ("2c", "3c", "4c", "Kd", "Ks")]
    eq = pokercli.equity(["AhKh", "QsQc"]).players[0].equity
    assert [float(x) for x in h.ev_net()] == pytest.approx([398 * eq - 200, 398 * (1 - eq) - 200])


def test_each_run_of_a_hand_run_twice_takes_half_of_the_pot():
    """Each run's board is read and each run's showdown takes half of every
    pot (the first run's alone once gave the whole pot to its winner, and,
    with no rake, reported that the site's payouts disagreed with it)."""
    (h,) = read_histories(TWICE)
    doc = h.to_dict()
    assert doc["boards"] == [["2c", "3c", "4c", "Kd", "Ks"], ["7h", "8h", "9d", "Qd", "2d"]]
    assert doc["pots"] == [{"amount": 400, "contenders": ["A", "B"], "won": [200, 200]}]
    assert "problems" not in doc
    no_rake = TWICE.replace("collected $199", "collected $200").replace("Rake $2", "Rake $0")
    (h,) = read_histories(no_rake)
    assert [s.net for s in h.seats] == [0, 0] and not h.problems and h.pots[0].won == (0.5, 0.5)
    # the same runs on a turn: the second run shares the first's four cards
    turn = no_rake.replace("*** SECOND FLOP *** [7h 8h 9d]\n*** SECOND TURN *** [7h 8h 9d] [Qd]\n", "").replace(
        "*** SECOND RIVER *** [7h 8h 9d Qd] [2d]", "*** SECOND RIVER *** [2c 3c 4c Kd] [Ad]")
    (h,) = read_histories(turn)
    assert h.to_dict()["boards"][1] == ["2c", "3c", "4c", "Kd", "Ad"]  # (aces and kings win it too)
    assert h.pots[0].won == (1, 0) and h.problems == ["the winnings disagree with the showdown: it gives 400, 0"]
    # a second run that deals a card twice: the hand is refused with its reason
    bad = TWICE.replace("[7h 8h 9d Qd] [2d]", "[7h 8h 9d Qd] [Ks]")
    with pytest.raises(PokerError, match="a later run's board.*Ks is dealt twice"):
        list(read_histories(bad))


def test_omaha_hi_lo_scoop_and_a_game_not_read(cli, tmp_path):
    (h,) = read_histories(HILO)
    assert h.game == "omaha-hilo" and [s.net for s in h.seats] == [4, -2, -2] and not h.problems
    items = list(read_text(HILO + "\n" + DRAW + "\n" + TOURNAMENT, "mixed.txt"))
    assert [type(x).__name__ for x in items] == ["Hand", "PokerError", "Hand"]
    bad = items[1]
    assert bad.hand_id == "260000000003" and bad.line == HILO.count("\n") + 2 and "5 Card Draw" in str(bad)
    path = tmp_path / "mixed.txt"
    path.write_text(HILO + "\n" + DRAW + "\n" + TOURNAMENT)
    code, out, err = cli("hh", str(path))
    assert code == 1 and [json.loads(x)["hand"] for x in out.splitlines()] == ["250000000002", "222333444"]
    assert f"mixed.txt: hand 260000000003, line {bad.line}: the game of" in err


def test_a_stud_hand_all_in_on_fifth_street():
    """Seven-card stud as PokerStars writes it (an old ``Game #`` header, no
    button, antes, the bring-in and a completion, ``Dealt to`` lines street by
    street, the seventh card dealt down): the nets, the stakes, and the all-in
    on fifth street judged with each player's five cards so far, the cards
    shown at the showdown filling the ones dealt down."""
    (h,) = read_histories(STUD)
    assert h.game == "stud" and h.names == ["Ann", "Ben"] and [s.number for s in h.seats] == [2, 5]
    assert [s.net for s in h.seats] == [-60, 60] and h.returned == [(1, 2)] and not h.problems
    assert (h.stakes["small_bet"], h.stakes["big_bet"], h.stakes["bring_in"]) == (10, 20, 5)
    assert C.format_cards(h.seats[1].cards) == "3s 8h 3c 3d Qh Jc 8c"
    spot = h.allin_ev()
    assert spot.street == "fifth street" and spot.reason is None
    want = pokercli.equity(["(As Ah) Kd 7s 2c", "(3s 8h) 3c 3d Qh"], game="stud")
    assert spot.pots[0].equity == tuple(p.equity for p in want.players)
    assert float(h.ev_net()[0]) == pytest.approx(120 * want.players[0].equity - 60)


def test_an_eight_game_razz_hand_completed_by_a_raise():
    (h,) = read_histories(EIGHT_GAME_RAZZ)
    assert h.game == "razz" and [s.net for s in h.seats] == [-180, 180] and h.returned == [(1, 280)]
    assert (h.stakes["small_bet"], h.stakes["big_bet"]) == (400, 800) and h.allin is None


def test_a_triple_draw_hand_with_the_players_own_draws():
    """2-7 triple draw: the player's own discards and the cards dealt for
    them, the others' discards as unknown cards, standing pat; the cards
    shown are the last ones, and the player's hand is those cards."""
    (h,) = read_histories(TRIPLE_DRAW)
    assert h.game == "27-triple" and h.names == ["Eve", "Fay", "Gus"] and not h.problems
    assert [s.net for s in h.seats] == [14, -12, -2]
    assert C.format_cards(h.seats[0].cards) == "5c 4c 3d 2s 7c" and h.allin is None
    assert h.fields["actions"][6:12] == ["p1 sd KhTh", "p2 sd ????", "p3 sd ??????", "d dh p1 5cQs", "d dh p2 ????",
                                         "d dh p3 ??????"]  # dealt once all have drawn, as PHH deals


def test_an_action_the_replay_refuses_is_named_by_its_line_and_player():
    """A bet the rules refuse is found when the hand is replayed as PHH actions;
    the error names the PokerStars line and the player's name, not PHH's ``p2``
    and the hand's first line."""
    lines = TWICE.splitlines()
    for bad, why in [("B: raises $0 to $2", "B bets or raises to 2, not more than the bet it faces (2)"),
                     ("B: raises $298 to $300", "B bets or raises to 300, more than its stack (200 on this street)")]:
        text = TWICE.replace("B: raises $198 to $200 and is all-in", bad)
        (err,) = read_text(text, "h.txt")
        assert isinstance(err, PokerError) and str(err) == why and err.line == lines.index(
            "B: raises $198 to $200 and is all-in") + 1
    folded = TWICE.replace("A: calls $198 and is all-in", "A: folds\nA: calls $198")
    (err,) = read_text(folded, "h.txt")
    assert str(err) == "A acts after folding" and folded.splitlines()[err.line - 1] == "A: calls $198"
    # PHH names its players p1, p2, ... and keeps those names
    (err,) = read_text('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                       'starting_stacks = [200, 200]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f", '
                       '"p2 cc"]\n', "h.phh")
    assert str(err) == "p2 acts after folding" and err.line == 6


def test_to_phh_and_back_keeps_every_action_and_amount(cli, tmp_path):
    """PokerStars hands written as PHH (--to phh) read back to the same actions,
    amounts and nets; pokerkit replays the written PHH to the same pots."""
    from decimal import Decimal

    pokerkit = pytest.importorskip("pokerkit")
    path = tmp_path / "stars.txt"
    path.write_text(CASH + "\n" + TOURNAMENT + "\n" + HILO + "\n" + STUD + "\n" + EIGHT_GAME_RAZZ + "\n"
                    + TRIPLE_DRAW + "\n" + TWICE)
    code, phh, _ = cli("hh", str(path), "--to", "phh")
    assert code == 0 and phh.startswith("[1]\nvariant = ")
    first = list(read_histories(str(path)))
    again = list(read_histories(phh))
    for a, b in zip(first, again, strict=True):
        assert a.fields["actions"] == b.fields["actions"] and a.names == b.names
        assert [s.net for s in a.seats] == [s.net for s in b.seats] and a.rake == b.rake
        assert [(p.amount, p.contenders, p.won) for p in a.pots] == [(p.amount, p.contenders, p.won)
                                                                     for p in b.pots]
        assert a.later_boards == b.later_boards
    assert again[-1].fields["_later_boards"] == ["7h8h9dQd2d"]  # a user-defined PHH field
    code, twice, _ = cli("hh", "-", "--to", "phh", input=phh)
    assert twice == phh  # PHH in, the same PHH out
    for hh, ours in zip(pokerkit.HandHistory.loads_all(phh, parse_value=Decimal), again):
        if ours.later_boards:  # (pokerkit runs a board once)
            continue
        final = list(hh)[-1].stacks
        won = [sum((p.amount * w for p, w in ((p, p.won[p.contenders.index(i)]) for p in ours.pots
                                              if i in p.contenders)), 0) for i in range(len(ours.seats))]
        assert [a - b for a, b in zip(final, hh.starting_stacks)] == \
            [Decimal(str(float(w - s.put_in))) for w, s in zip(won, ours.seats)]
    code, _, err = cli("hh", str(path), "--to", "phh", "--summary")
    assert code == 2 and "give one" in err


def test_a_file_is_read_a_hand_at_a_time():
    """read_lines gives what read_text gives (hands, errors, their lines and
    numbers) for every format, and takes a hand off an endless stream of lines
    without reading past it: memory holds one hand, whatever the file's size."""
    import io
    import itertools

    from pokercli.histories import read_lines
    from test_hh_command import MANY
    from test_ohh import SIDE_POT

    def seen(items):
        return [(type(x).__name__, getattr(x, "hand_id", None), getattr(x, "index", None),
                 getattr(x, "line", None), [s.net for s in x.seats] if hasattr(x, "seats") else None)
                for x in items]

    for text in (HILO + "\n" + DRAW + "\n" + TOURNAMENT + "\n" + CASH, MANY,
                 json.dumps(SIDE_POT, indent=1) + "\n\n" + json.dumps(SIDE_POT) + '\n\n{"ohh": {"x": '):
        assert seen(read_lines(io.StringIO(text), "f")) == seen(read_text(text, "f"))
    pulled = []

    def endless():
        for line in itertools.cycle((TOURNAMENT + "\n").splitlines(keepends=True)):
            pulled.append(line)
            yield line

    first = list(itertools.islice(read_lines(endless()), 3))
    assert [h.hand_id for h in first] == ["222333444"] * 3 and [h.index for h in first] == [1, 2, 3]
    assert len(pulled) <= 4 * len((TOURNAMENT + "\n").splitlines())


@pytest.mark.parametrize("text,old,new,fragment", [
    (CASH, "Alice: posts small blind $0.05", "Alice: posts small blind", "cannot read the amount of 'posts small blind'"),
    (STUD, "Ann: posts the ante $2", "Ann: posts the ante $", "cannot read the amount of 'posts the ante $'"),
    (STUD, "Ben: brings in for $5", "Ben: brings in for five", "cannot read the amount of 'brings in for five'"),
    (STUD, "Dealt to Ben [3c] [3d]", "Dealt to Ben 3c 3d", "cannot read the cards dealt in 'Dealt to Ben 3c 3d'"),
    (TRIPLE_DRAW, "Dealt to Eve [3d Tc 7c] [5c Qs]", "Dealt to Eve", "cannot read the cards dealt in 'Dealt to Eve'"),
    # a count of cards read before it sizes anything (this one once asked for gigabytes)
    (TRIPLE_DRAW, "Fay: discards 2 cards", "Fay: discards 2000000000 cards", "a hand here holds 5 cards"),
], ids=["blind", "ante", "bring-in", "stud-dealt", "draw-dealt", "discards"])
def test_a_line_mangled_is_that_hand_named_and_the_next_hand_read(text, old, new, fragment, cli, tmp_path):
    """Lines a fuzz of these hands found raising IndexError, AttributeError,
    ValueError or MemoryError (an internal error that stopped the whole file):
    each is now the hand's error, naming its line, and the hand after it is read."""
    assert old in text
    bad = text.replace(old, new, 1)
    line = bad.splitlines().index(new) + 1
    items = list(read_text(bad + "\n\n" + TOURNAMENT, "f"))
    assert [type(x).__name__ for x in items] == ["PokerError", "Hand"]
    assert fragment in str(items[0]) and items[0].line == line and items[1].hand_id == "222333444"
    path = tmp_path / "mangled.txt"
    path.write_text(bad + "\n\n" + TOURNAMENT, encoding="utf-8")
    code, out, err = cli("hh", str(path))
    assert code == 1 and [json.loads(x)["hand"] for x in out.splitlines()] == ["222333444"]
    assert f"line {line}: " in err and fragment in err and "internal error" not in err
