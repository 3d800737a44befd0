"""Bet and raise sizes in a PHH hand, against pokerkit (the standard's
reference reader): the street's minimum and the last full raise, the pot
limit, fixed limit's one amount and its four bets a round, all-ins short of a
full raise (which a player who has acted may only call), a raise its stack
only calls, and a raise with no one left to call it.

The oracle: pokerkit plays hands at random, and at random turns tries a bet
or raise to an amount near the edges it allows (its minimum and maximum, one
chip either side, a chip above the bet faced, the whole stack), also where it
allows none. Where pokerkit refuses the amount, the history so far with that
action last must be refused by pokercli, naming the player; where it takes
it, the hand plays on, and the whole hand must read with pokerkit's nets.
(pokerkit's FO/8 takes pot-limit sizes; the oracle's is fixed limit, as the
standard's is: test_phh_oracle.FixedLimitOmahaEight.)"""

from __future__ import annotations

import random
import re
import warnings

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokercli.errors import PokerError  # noqa: E402
from pokercli.histories import read_histories  # noqa: E402
from test_phh_oracle import AUTO, FixedLimitOmahaEight, games, remembered_hands  # noqa: E402
from test_phh_turns import hand, pokerkits  # noqa: E402


def tries(rng: random.Random, state) -> list[int]:
    """Amounts to try at this turn: the edges pokerkit allows, and beyond them."""
    i = state.actor_index
    reach = state.stacks[i] + state.bets[i]
    top = max(state.bets)
    lo = state.min_completion_betting_or_raising_to_amount
    hi = state.max_completion_betting_or_raising_to_amount
    out = [top + 1, reach, reach + 1, top + rng.randint(1, 40)]
    if lo is not None:
        out += [lo - 1, lo, lo + 1, hi - 1, hi, hi + 1, (lo + hi) // 2]
    return [a for a in out if a > 0]


#: pokerkit's reasons to refuse a bet or raise, and pokercli's words for each.
WHY = {
    "below the minimum": ("less than the minimum", "fixed limit's amount"),
    "above the maximum": ("more than the pot allows", "more than its stack", "fixed limit's amount"),
    "Short all-in cannot be raised": ("not a full raise",),
    "non-full all-in": ("not a full raise",),
    "No more completion": ("a fifth time",),
    "already covered": ("its stack only calls",),
    "no reason to complete": ("every other player folded or all in",),
}


def sized(rng: random.Random, game, state, stacks, seen: dict) -> None:
    """Play ``state`` out at random, trying sizes; check each refused one."""
    capped = None  # the street whose fourth bet or raise went in with three or more players in
    while state.status:
        if state.can_post_bring_in() and rng.random() < 0.7:
            state.post_bring_in()
            continue
        if state.can_stand_pat_or_discard():
            hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, min(3, len(hole)))))
            continue
        if state.actor_index is not None and rng.random() < 0.5:
            amount = rng.choice(tries(rng, state))
            try:
                state.verify_completion_betting_or_raising_to(amount)
            except ValueError as e:
                theirs = str(e)
            else:
                state.complete_bet_or_raise_to(amount)
                if state.completion_betting_or_raising_count == 4 and sum(state.statuses) > 2:
                    capped = state.street_index
                seen["taken"] += 1
                continue
            history = pokerkit.HandHistory.from_game_state(game, state)
            history.actions = [*history.actions, f"p{state.actor_index + 1} cbr {amount}"]
            text = history.dumps()
            assert pokerkits(text) is None, text
            if "No more completion" in theirs and sum(state.statuses) == 2 and capped != state.street_index:
                # heads-up before the fourth: pokercli lifts the cap (Robert's Rules), pokerkit keeps it;
                # the amount is then pokercli's to judge by the other rules, never refused as a fifth
                try:
                    list(read_histories(text))
                except PokerError as e:
                    assert "a fifth time" not in str(e), text
                seen["heads-up, no cap"] += 1
            else:
                with pytest.raises(PokerError, match=f"^p{state.actor_index + 1} ") as e:
                    list(read_histories(text))
                # refused for pokerkit's reason
                (why,) = [why for phrase, why in WHY.items() if phrase in theirs]
                assert any(words in str(e.value) for words in why), (theirs, str(e.value), text)
                seen["refused"] += 1
                seen["why"].add(why)
        if state.can_post_bring_in():
            state.post_bring_in()
            continue
        options = ["f"] * state.can_fold() + ["cc"] * 3 * state.can_check_or_call()
        if rng.choice(options) == "f":
            state.fold()
        else:
            state.check_or_call()


def test_pokerkits_fixed_limit_omaha_eight_takes_pot_limit_sizes():
    """Why the oracle's FO/8 is mended (test_phh_oracle.FixedLimitOmahaEight):
    pokerkit's own allows a raise to the pot, 7; fixed limit allows 4 only."""
    for game, most in ((pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter, 7), (FixedLimitOmahaEight, 4)):
        state = game(AUTO, False, 0, (1, 2), 2, 4)([100, 100, 100], 3)
        assert state.max_completion_betting_or_raising_to_amount == most


def straddle_game(rng: random.Random):
    blinds = rng.choice([(1, 2, 4), (1, 2, 0, 0, 0, 4)])
    return pokerkit.NoLimitTexasHoldem(AUTO, False, rng.choice([0, {1: 2}]), blinds, 2)


@pytest.mark.parametrize("variant", ["NT", "FT", "PO", "FO/8", "NS", "straddles", "F2L3D", "N2L1D", "FB",
                                     "F7S", "F7S/8", "FR"])
def test_sizes_pokerkit_refuses_are_refused_and_the_rest_read_with_its_nets(variant):
    rng = random.Random("sizes " + variant)
    random.seed("sizes " + variant)
    seen = {"taken": 0, "refused": 0, "why": set(), "same nets": 0, "heads-up, no cap": 0}
    with remembered_hands(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(30):
            players = rng.randint(2, 6)
            ante = rng.choice([0, 1, 3])
            game = straddle_game(rng) if variant == "straddles" else games(ante, trim=False)[variant]()
            # short stacks too: all-ins short of a full raise, and stacks a raise only calls
            stacks = [rng.choice([3, 5, 9, 20, 50, 150]) for _ in range(players)]
            state = game(stacks, players)
            sized(rng, game, state, stacks, seen)
            text = pokerkit.HandHistory.from_game_state(game, state).dumps()
            (h,) = read_histories(text)
            nets, over = pokerkits(text)
            assert over and h.settled, (text, h.problems)
            slack = 0 if all(share in (0, 1) for p in h.pots for share in p.won) else 3
            assert all(abs(s.net - x) <= slack for s, x in zip(h.seats, nets)), (text, nets)
            seen["same nets"] += 1
    # both answers are reached, and refusals for more than one reason
    assert seen["taken"] >= 20 and seen["refused"] >= 20 and len(seen["why"]) >= 3, seen


NO_LIMIT = "blinds_or_straddles = [1, 2, 0, 0]\nmin_bet = 2\n"
FIXED = "blinds_or_straddles = [1, 2, 0, 0]\nsmall_bet = 2\nbig_bet = 4\n"
CARDS = '"d dh p1 AsAh", "d dh p2 7c2d", "d dh p3 KdKc", "d dh p4 8s3h"'


@pytest.mark.parametrize("actions, variant, stakes, stacks, message", [
    # no limit: a raise at least the big blind, then at least the last raise
    ('"p3 cbr 3"', "NT", NO_LIMIT, "[100, 100, 100, 100]", "p3 bets or raises to 3, less than the minimum (4)"),
    ('"p3 cbr 6", "p4 cbr 9"', "NT", NO_LIMIT, "[100, 100, 100, 100]",
     "p4 bets or raises to 9, less than the minimum (10)"),
    # an all-in short of a full raise: the opener, who has acted, may only call it
    ('"p3 cbr 10", "p4 cbr 15", "p1 f", "p2 f", "p3 cbr 30"', "NT", NO_LIMIT, "[100, 100, 100, 15]",
     "p3 raises an all-in that was not a full raise, which it may only call"),
    # pot limit: at most the pot after calling
    ('"p3 cbr 8"', "PO", NO_LIMIT, "[100, 100, 100, 100]", "p3 bets or raises to 8, more than the pot allows (7)"),
    # fixed limit: the small bet's step before the turn, four bets and raises a round; in FO/8 a
    # size pokerkit's FO/8 (pot limit) takes is said to be one
    ('"p3 cbr 6"', "FO/8", FIXED, "[100, 100, 100, 100]",
     "p3 bets or raises to 6: fixed limit's amount here is 4 (FO/8 is fixed limit; pokerkit's FO/8 takes "
     "pot-limit sizes)"),
    ('"p3 cbr 9"', "FO/8", FIXED, "[100, 100, 100, 100]", "p3 bets or raises to 9: fixed limit's amount here is 4"),
    ('"p3 cbr 5"', "FT", FIXED, "[100, 100, 100, 100]", "p3 bets or raises to 5: fixed limit's amount here is 4"),
    ('"p3 cbr 4", "p4 cbr 6", "p1 cbr 8", "p2 cbr 10", "p3 cbr 12"', "FT", FIXED, "[100, 100, 100, 100]",
     "p3 bets or raises a fifth time on a street: fixed limit allows four"),
    # (the fourth went in four-handed: the cap stays when the hand is then heads-up)
    ('"p3 cbr 4", "p4 cbr 6", "p1 cbr 8", "p2 cbr 10", "p3 f", "p4 f", "p1 cbr 12"', "FT", FIXED,
     "[100, 100, 100, 100]", "p1 bets or raises a fifth time on a street: fixed limit allows four"),
    # a stack that only calls; no one left to call a raise
    ('"p3 cbr 10", "p4 cbr 10"', "NT", NO_LIMIT, "[100, 100, 100, 10]",
     "p4 bets or raises to 10, which its stack only calls"),
    ('"p3 cbr 100", "p4 f", "p1 f", "p2 cbr 150"', "NT", NO_LIMIT, "[100, 200, 100, 100]",
     "p2 bets or raises to 150 with every other player folded or all in"),
])
def test_a_size_out_of_the_rules_is_refused_in_one_line(actions, variant, stakes, stacks, message, monkeypatch):
    cards = CARDS if variant not in ("PO", "FO/8") else CARDS.replace('AsAh"', 'AsAhAdAc"').replace('7c2d"', '7c2d3c4c"') \
        .replace('KdKc"', 'KdKcKhKs"').replace('8s3h"', '8s3h5d6d"')
    text = hand(f"{cards}, {actions}", variant=variant, stakes=stakes, stacks=stacks)
    with pytest.raises(PokerError, match=f"^{re.escape(message)}$"):
        list(read_histories(text))
    assert pokerkits(text) is None  # (FO/8: the oracle's, fixed limit)
    if "pokerkit's FO/8" in message:  # and pokerkit's own takes it
        with monkeypatch.context() as m:
            own = pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter
            m.setitem(pokerkit.HandHistory.game_types, "FO/8", own)
            assert pokerkits(text) is not None


def test_fixed_limit_has_no_cap_for_players_heads_up_before_the_fourth_bet():
    """Robert's Rules of Poker: unlimited raising heads-up, where the action
    became heads-up before the cap. pokerkit keeps its cap of four; pokercli
    reads such a hand (a site's, or a PHH file written from one)."""
    text = hand(f'{CARDS}, "p3 f", "p4 f", "p1 cbr 4", "p2 cbr 6", "p1 cbr 8", "p2 cbr 10", "p1 cbr 12", '
                '"p2 cbr 14", "p1 cc", "d db 2c7d9h", "p1 cc", "p2 cc", "d db Qs", "p1 cc", "p2 cc", "d db 3s", '
                '"p1 cc", "p2 cc", "p1 sm AsAh", "p2 sm 7c2d"', variant="FT", stakes=FIXED)
    (h,) = read_histories(text)
    assert [s.net for s in h.seats] == [-14, 14, 0, 0]  # (7c2d: two pair on 2c 7d 9h Qs 3s)
    assert pokerkits(text) is None  # "No more completion, betting, or raising is permitted."


def test_sizes_pokerkit_takes_are_taken():
    """The edges allowed: a raise to the minimum, an all-in below it, a re-raise
    by a player an all-in short of a full raise has not passed, fixed limit's
    fourth bet, the pot limit's pot."""
    for actions, variant, stakes, stacks in (
        ('"p3 cbr 4", "p4 cbr 7", "p1 f", "p2 f", "p3 cc"', "NT", NO_LIMIT, "[100, 100, 100, 7]"),
        ('"p3 cbr 10", "p4 cbr 15", "p1 cbr 40", "p2 f", "p3 f"', "NT", NO_LIMIT, "[100, 100, 100, 15]"),
        ('"p3 cbr 4", "p4 cbr 6", "p1 cbr 8", "p2 cbr 10", "p3 cc", "p4 cc", "p1 cc"', "FT", FIXED,
         "[100, 100, 100, 100]"),
    ):
        text = hand(f"{CARDS}, {actions}", variant=variant, stakes=stakes, stacks=stacks)
        (h,) = read_histories(text)
        assert pokerkits(text) is not None, text
        assert not h.problems or all(p.startswith("no result") for p in h.problems), h.problems


def test_stud_completes_the_bring_in_to_the_small_bet_and_brings_in_once():
    stud = ('variant = "F7S"\nantes = [1, 1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n'
            'starting_stacks = [100, 100, 100]\nactions = ["d dh p1 AsAh2c", "d dh p2 KsKh9d", "d dh p3 QsQhTd", ')
    for actions, message in (('"p1 pb", "p2 pb"]', "p2 posts a bring-in: only the first player on third street "
                                                    "brings in"),
                             ('"p1 pb", "p2 cbr 3"]', "p2 bets or raises to 3: fixed limit's amount here is 2"),
                             ('"p1 cbr 4"]', "p1 bets or raises to 4: fixed limit's amount here is 2"),
                             ('"p1 pb", "p2 cbr 2", "p3 cbr 3"]', "p3 bets or raises to 3: fixed limit's amount "
                                                                  "here is 4")):
        with pytest.raises(PokerError, match=f"^{re.escape(message)}$"):
            list(read_histories(stud + actions))
        assert pokerkits(stud + actions) is None
    for actions in ('"p1 pb", "p2 cbr 2", "p3 cbr 4", "p1 cbr 6", "p2 cbr 8"]', '"p1 cbr 2", "p2 cc"]'):
        list(read_histories(stud + actions))
        assert pokerkits(stud + actions) is not None
