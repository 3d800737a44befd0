"""Open Hand History: random hands pokerkit played, written as OHH JSON by a
plain writer here (players and seats, forced bets, rounds of actions whose
amounts are what each action put in, the showdown), read to the nets pokerkit
played; a hand with a side pot, rake and a player sitting out; a hand run
twice; bad JSON named and the hands before it answered."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokercli.histories import read_histories, read_text  # noqa: E402
from test_phh_oracle import check_nets, written  # noqa: E402

GAME = {"NT": ("Holdem", "NL"), "PO": ("Omaha", "PL"), "FT": ("Holdem", "FL"), "FO/8": ("OmahaHiLo", "FL")}


def ohh_hand(state, stacks, variant: str, number: int) -> dict:
    n = len(stacks)
    players = [{"id": i + 1, "seat": i + 1, "name": f"player{i + 1}", "starting_stack": stacks[i]}
               for i in range(n)]
    rounds = [{"id": 0, "street": "Preflop", "actions": []}]
    street = [0] * n
    showdown = []
    names = {"AntePosting": "Post Ante"}
    for op in state.operations:
        kind = type(op).__name__
        acts = rounds[-1]["actions"]
        if kind == "AntePosting":
            acts.append({"player_id": op.player_index + 1, "action": names[kind], "amount": op.amount})
        elif kind == "BlindOrStraddlePosting":
            acts.append({"player_id": op.player_index + 1, "action": "Post SB" if op.amount == 1 else "Post BB",
                         "amount": op.amount})
            street[op.player_index] = op.amount
        elif kind == "BoardDealing":
            name = {0: "Flop", 1: "Turn", 2: "River"}[len(rounds) - 1]
            rounds.append({"id": len(rounds), "street": name, "cards": [repr(c) for c in op.cards],
                           "actions": []})
            street = [0] * n
        elif kind == "Folding":
            acts.append({"player_id": op.player_index + 1, "action": "Fold"})
        elif kind == "CheckingOrCalling":
            acts.append({"player_id": op.player_index + 1, "action": "Call" if op.amount else "Check",
                         "amount": op.amount})
            street[op.player_index] += op.amount
        elif kind == "CompletionBettingOrRaisingTo":
            p = op.player_index
            acts.append({"player_id": p + 1, "action": "Raise" if max(street) else "Bet",
                         "amount": op.amount - street[p]})
            street[p] = op.amount
        elif kind == "HoleCardsShowingOrMucking":
            showdown.append({"player_id": op.player_index + 1,
                             "action": "Shows Cards" if op.hole_cards else "Mucks Cards",
                             "cards": [repr(c) for c in op.hole_cards]})
    if showdown:
        rounds.append({"id": len(rounds), "street": "Showdown", "actions": showdown})
    for k, a in enumerate(a for r in rounds for a in r["actions"]):
        a["action_number"] = k + 1
    game_type, bet_type = GAME[variant]
    return {"ohh": {"spec_version": "1.4.7", "site_name": "Test", "network_name": "Test", "internal_version": "1",
                    "tournament": False, "game_number": str(number), "start_date_utc": "2026-01-01T00:00:00",
                    "table_name": "T", "game_type": game_type, "bet_limit": {"bet_cap": 0, "bet_type": bet_type},
                    "table_size": 9, "currency": "USD", "dealer_seat": n, "small_blind_amount": 1,
                    "big_blind_amount": 2, "ante_amount": 0, "hero_player_id": 1, "flags": [],
                    "players": players, "rounds": rounds, "pots": []}}


# Omaha hi-lo: where pokerkit splits a side pot without a low, the hand is left
# out (test_phh_oracle.pokerkit_splits_a_lowless_side_pot).
@pytest.mark.parametrize("variant", ["NT", "PO", "FT", "FO/8"])
def test_every_players_net_is_pokerkits(variant):
    docs, nets = written(variant, lambda game, state, stacks, k:
                         json.dumps(ohh_hand(state, stacks, variant, k), indent=1))
    check_nets(list(read_histories("\n\n".join(docs))), nets, "ohh:Test")


SIDE_POT = {"ohh": {
    "game_number": "777", "site_name": "TestSite", "table_name": "T1", "game_type": "Holdem",
    "bet_limit": {"bet_cap": 0, "bet_type": "NL"}, "dealer_seat": 3, "small_blind_amount": 0.5,
    "big_blind_amount": 1, "ante_amount": 0,
    "players": [{"id": 1, "seat": 1, "name": "Hero", "starting_stack": 100},
                {"id": 2, "seat": 2, "name": "V1", "starting_stack": 30},
                {"id": 3, "seat": 3, "name": "V2", "starting_stack": 100},
                {"id": 4, "seat": 5, "name": "Away", "starting_stack": 50, "is_sitting_out": True}],
    "rounds": [
        {"id": 0, "street": "Preflop", "actions": [
            {"player_id": 1, "action": "Post SB", "amount": 0.5},
            {"player_id": 2, "action": "Post BB", "amount": 1},
            {"player_id": 1, "action": "Dealt Cards", "cards": ["Ah", "Ad"]},
            {"player_id": 3, "action": "Raise", "amount": 3},
            {"player_id": 1, "action": "Raise", "amount": 9.5},
            {"player_id": 2, "action": "Raise", "amount": 29, "is_allin": True},
            {"player_id": 3, "action": "Fold"},
            {"player_id": 1, "action": "Call", "amount": 20}]},
        {"id": 1, "street": "Flop", "cards": ["2c", "7d", "Js"], "actions": []},
        {"id": 2, "street": "Turn", "cards": ["Qh"], "actions": []},
        {"id": 3, "street": "River", "cards": ["3s"], "actions": []},
        {"id": 4, "street": "Showdown", "actions": [
            {"player_id": 2, "action": "Shows Cards", "cards": ["Kc", "Kd"]},
            {"player_id": 1, "action": "Shows Cards", "cards": ["Ah", "Ad"]}]}],
    "pots": [{"number": 0, "amount": 63, "rake": 1.5, "jackpot": 0,
              "player_wins": [{"player_id": 1, "win_amount": 61.5}]}]}}


def test_a_hand_with_rake_a_raise_amount_and_a_player_sitting_out():
    (h,) = read_histories(json.dumps(SIDE_POT))
    assert h.names == ["Hero", "V1", "V2"] and [s.number for s in h.seats] == [1, 2, 3]
    assert [float(s.net) for s in h.seats] == [31.5, -30, -3] and float(h.rake) == 1.5
    assert [p.amount for p in h.pots] == [63] and h.returned == [] and not h.problems
    ev = h.ev_net()
    assert float(sum(ev)) == pytest.approx(-1.5)


def test_run_twice_and_bad_json():
    twice = json.loads(json.dumps(SIDE_POT))
    rounds = twice["ohh"]["rounds"]
    rounds[4:4] = [{"id": 5, "street": "Flop", "cards": ["8c", "9c", "Tc"], "actions": []},
                   {"id": 6, "street": "Turn", "cards": ["Kh"], "actions": []},
                   {"id": 7, "street": "River", "cards": ["4d"], "actions": []}]
    twice["ohh"]["flags"] = ["Run_It_Twice"]
    twice["ohh"]["pots"] = [{"number": 0, "amount": 63, "rake": 1.5, "player_wins": [
        {"player_id": 1, "win_amount": 30.75}, {"player_id": 2, "win_amount": 30.75}]}]
    text = json.dumps(twice) + "\n\n" + json.dumps(SIDE_POT) + "\n\n{\"ohh\": {\"game_number\": "
    items = list(read_text(text, "h.ohh"))
    assert [type(x).__name__ for x in items] == ["Hand", "Hand", "PokerError"]
    first = items[0]
    assert [float(s.net) for s in first.seats] == [0.75, 0.75, -3] and len(first.board) == 5
    # each run's board read, each run's showdown half the pot (aces win the first, a set of kings the second)
    doc = first.to_dict()
    assert doc["boards"] == [["2c", "7d", "Js", "Qh", "3s"], ["8c", "9c", "Tc", "Kh", "4d"]]
    assert doc["pots"][0]["won"] == [31.5, 31.5] and "problems" not in doc
    # a run from the river alone keeps the first run's flop and turn
    rounds[4:7] = [{"id": 5, "street": "River", "cards": ["Kh"], "actions": []}]
    (again,) = read_text(json.dumps(twice), "h.ohh")
    assert again.to_dict()["boards"][1] == ["2c", "7d", "Js", "Qh", "Kh"]
    assert items[2].line == 5 and "not Open Hand History JSON" in str(items[2])


def test_each_hand_of_a_long_text_is_named_by_its_own_line():
    """A hand that cannot be read names the line it starts on, however far
    into the text (the lines before it counted once, as the text is read),
    and amounts in decimals read exactly."""
    pretty = json.dumps(SIDE_POT, indent=1)
    bad = json.dumps({"ohh": {"game_number": "bad", "players": 7}})
    hands = [pretty] * 30 + [bad] + [pretty]
    text = "\n\n".join(hands)
    items = list(read_text(text, "long.ohh"))
    assert [type(x).__name__ for x in items].count("Hand") == 31
    err = items[30]
    assert err.hand_id == "bad" and err.line == 30 * (pretty.count("\n") + 2) + 1
    first = items[0]
    assert first.stakes["blinds_or_straddles"][0] == Fraction(1, 2)
    assert [s.net for s in first.seats] == [Fraction(63, 2), -30, -3]


@pytest.mark.parametrize("change", ["no players", "an infinite amount"])
def test_a_hand_a_fuzz_broke_is_that_hands_error(change):
    """A hand with no players (IndexError) or an amount of 1e400 (JSON's infinity:
    OverflowError) stopped the whole file as an internal error; each is now the
    hand's error, and the next hand is read."""
    bad = json.loads(json.dumps(SIDE_POT))
    if change == "no players":
        bad["ohh"]["players"] = []
    else:
        next(a for r in bad["ohh"]["rounds"] for a in r["actions"] if a.get("amount"))["amount"] = 1e400
    text = json.dumps(bad) + "\n\n" + json.dumps(SIDE_POT)
    items = list(read_text(text, "h.ohh"))
    assert [type(x).__name__ for x in items] == ["PokerError", "Hand"]
    assert str(items[0]).startswith("not an Open Hand History hand") and items[0].line == 1
