"""Turns in a PHH hand, against pokerkit (the standard's reference reader):
actions left out (a player passed over checks where checking is free, else
folds), actions and draws out of turn (refused), and histories that stop
before the hand is over (no result).

The oracle: pokerkit's hands (its random legal play) with their actions
changed -- a check, call, fold or draw left out, said twice, or swapped with
the next one, or a board card dealt one action early -- read by pokerkit and by
pokercli. Both must refuse the same histories; of those both read, pokerkit's
hand must be over exactly where pokercli gives a result, and then every net
must be pokerkit's."""

from __future__ import annotations

import random
import warnings

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokercli.errors import PokerError  # noqa: E402
from pokercli.histories import read_histories  # noqa: E402
from test_phh_oracle import AUTO, corpus, play_out, played, remembered_hands  # noqa: E402

PASSIVE = ("f", "cc", "sd")  # (a draw: standing pat or discarding)


def _passive(action: str) -> bool:
    words = action.split()
    return words[0] != "d" and words[1] in PASSIVE


def changed(rng: random.Random, actions: list[str]):
    """(what was done, the actions) with one check, call, fold or draw left out,
    said twice or swapped with the next passive action, or a board card dealt one
    passive action early (amounts are never moved: a bet's legality stays as it
    was, which pokercli checks less strictly than pokerkit). None: nothing to change."""
    spots = [k for k, a in enumerate(actions) if _passive(a)]
    if not spots:
        return None
    k = rng.choice(spots)
    out = list(actions)
    kind = rng.choice(["leave out", "leave out", "leave out", "twice", "swap", "early"])
    if kind == "leave out":
        del out[k]
    elif kind == "twice":
        out.insert(k, out[k])
    elif kind == "swap":
        if k + 1 >= len(out) or not _passive(out[k + 1]):
            return None
        out[k], out[k + 1] = out[k + 1], out[k]
    else:
        deals = [j for j, a in enumerate(out) if a.startswith("d db") and j > 0 and _passive(out[j - 1])]
        if not deals:
            return None
        j = rng.choice(deals)
        out.insert(j - 1, out.pop(j))
    return kind, out


def pokerkits(text: str):
    """(each player's net, whether the hand is over), or None where pokerkit refuses the history."""
    history = pokerkit.HandHistory.loads(text)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            states = list(history)
    except (ValueError, KeyError):  # (in stud, its repair deals unknown cards, then cannot value them)
        return None
    last = states[-1]
    return [a - b for a, b in zip(last.stacks, history.starting_stacks)], not last.status


def straddled(rng: random.Random):
    """A no-limit hand with a straddle (UTG, double, or the button's), some
    with a big blind ante, and stacks of 3 chips that cannot post it all."""
    players = rng.randint(2, 6)
    blinds = rng.choice([(1, 2, 4), (1, 2, 4, 8), (1, 2, 0, 0, 0, 4)])
    game = pokerkit.NoLimitTexasHoldem(AUTO, False, rng.choice([0, {1: 2}]), blinds, 2)
    stacks = [rng.choice([3, 20, 50, 100, 333]) for _ in range(players)]
    state = game(stacks, players)
    play_out(rng, state)
    return game, state, stacks


@pytest.mark.parametrize("variant", ["NT", "FT", "PO", "FO/8", "NS", "straddles", "F2L3D", "N2L1D", "FB",
                                     "F7S", "F7S/8", "FR"])
def test_changed_actions_read_as_pokerkit_reads_them(variant):
    rng = random.Random("turns " + variant)
    if variant in ("NT", "FT", "PO", "FO/8", "NS"):
        hands = corpus(variant, 100)
    else:
        random.seed("turns " + variant)
        with remembered_hands():
            hands = [straddled(rng) if variant == "straddles" else played(rng, variant, rng.randint(2, 6))
                     for _ in range(80)]
    seen = {"refused": 0, "same nets": 0, "not over": 0}
    for game, state, _ in hands:
        history = pokerkit.HandHistory.from_game_state(game, state)
        actions = list(history.actions)
        for _ in range(4):
            change = changed(rng, actions)
            if change is None:
                continue
            kind, history.actions = change
            text = history.dumps()
            theirs = pokerkits(text)
            try:
                (hand,) = read_histories(text)
            except PokerError as e:
                assert theirs is None, (kind, text, str(e))
                seen["refused"] += 1
                continue
            assert theirs is not None, (kind, text)
            nets, over = theirs
            assert hand.settled == over, (kind, text, hand.problems)
            if not over:
                seen["not over"] += 1
                continue
            slack = 0 if all(share in (0, 1) for p in hand.pots for share in p.won) else 3
            assert all(abs(s.net - x) <= slack for s, x in zip(hand.seats, nets)), (kind, text, nets)
            seen["same nets"] += 1
        history.actions = actions
    # every outcome is reached: a test of three kinds of answer, not of one
    assert seen["refused"] >= 50 and seen["same nets"] >= 20 and seen["not over"] >= 3, seen


def hand(actions: str, variant="NT", stakes="blinds_or_straddles = [1, 2, 0, 0]\nmin_bet = 2\n",
         stacks="[100, 100, 100, 100]") -> str:
    n = stacks.count(",") + 1
    return (f'variant = "{variant}"\nantes = [{", ".join(["0"] * n)}]\n{stakes}'
            f'starting_stacks = {stacks}\nactions = [{actions}]\n')


def test_a_left_out_fold_takes_the_player_out_of_the_pot():
    """The button's fold and the big blind's fold to a raise are left out (as
    the public dataset's WSOP hands leave a button's fold out): the big blind,
    whose cards are never shown, is out of the pot, and the showdown of the
    other two decides it, as pokerkit reads it. Read as written, the big blind
    was a contender and the hand had no result."""
    text = hand('"d dh p1 AsAh", "d dh p2 ????", "d dh p3 KdKc", "d dh p4 ????", "p3 cbr 6", "p1 cc",'
                ' "d db 2c7d9h", "p1 cc", "p3 cc", "d db Qs", "d db 3s", "p1 sm AsAh", "p3 sm KdKc"')
    (h,) = read_histories(text)
    assert [s.folded for s in h.seats] == [False, True, False, True]
    assert [s.net for s in h.seats] == [8, -2, -6, 0]
    assert pokerkits(text) == ([8, -2, -6, 0], True)


def test_an_action_out_of_turn_is_refused_naming_who_was_to_act():
    start = '"d dh p1 AsAh", "d dh p2 7c2d", "d dh p3 KdKc", "d dh p4 8s3h", "p3 cbr 6", "p4 f", "p1 cc"'
    for extra, message in ((', "p1 cc"', "p1 acts out of turn: p2 to act"),
                           (', "p2 f", "p3 cc"', "p3 acts out of turn: the betting round is over")):
        text = hand(start + extra)
        with pytest.raises(PokerError, match=f"^{message}$"):
            list(read_histories(text))
        assert pokerkits(text) is None
    # a draw goes round from p1 (heads-up, p1 is the big blind), and is over before the betting
    # (each player's new cards may be dealt after its own draw, as a dealer deals them, or after all)
    start = '"d dh p1 7c5d4h3s2c", "d dh p2 AhAsKdKcQd", "p2 cc", "p1 cc"'
    for extra, message in ((', "p2 sd"', "p2 draws out of turn: p1 to draw"),
                           (', "p1 sd 7c", "d dh p1 8c", "p1 cbr 2"', "p1 acts before p2 has drawn")):
        text = hand(start + extra, variant="F2L3D", stacks="[100, 100]",
                    stakes="blinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n")
        with pytest.raises(PokerError, match=f"^{message}$"):
            list(read_histories(text))
        assert pokerkits(text) is None


def test_a_history_that_stops_before_the_hand_is_over_has_no_result():
    """A river bet with no answer; a triple-draw hand all in before its first
    draw (once paid to the better five cards dealt); a single-draw hand all in
    that stops after the discards, before the cards dealt for them. pokerkit's
    hand is not over either (the first two)."""
    headsup = "blinds_or_straddles = [1, 2]\n"
    # (heads-up, the blinds are reversed: p2 posts the small blind and acts first before the flop)
    river = hand('"d dh p1 AsAh", "d dh p2 KdKc", "p2 cc", "p1 cc", "d db 2c7d9h", "p1 cc", "p2 cc",'
                 ' "d db Qs", "p1 cc", "p2 cc", "d db 3s", "p1 cbr 10"', stacks="[100, 100]",
                 stakes=headsup + "min_bet = 2\n")
    triple = hand('"d dh p1 7c5d4h3s2c", "d dh p2 AhAsKdKcQd", "p2 cbr 4", "p1 cc"', variant="F2L3D",
                  stacks="[4, 4]", stakes=headsup + "small_bet = 2\nbig_bet = 4\n")
    single = hand('"d dh p1 7c5d4h3s2c", "d dh p2 AhAsKdKcQd", "p2 cbr 4", "p1 cc", "p1 sd", "p2 sd AhAsKd"',
                  variant="N2L1D", stacks="[4, 4]", stakes=headsup + "min_bet = 2\n")
    for text, why in ((river, "the history stops with p2 to act"),
                      (triple, "the history stops before draw 1 of 3 (the hand is not over)"),
                      (single, "the history stops before the last draw's cards are dealt")):
        (h,) = read_histories(text)
        assert [s.net for s in h.seats] == [None, None] and h.problems == [f"no result: {why}"], h.problems
        if text is not single:  # (pokerkit deals unknown cards where the history stops there, and
            assert pokerkits(text)[1] is False  # ends the hand with every player losing: no oracle)


def test_who_acts_first_in_stud_is_pokerkits():
    """The up cards' strength that says who acts first on a stud street after
    the third (pokerkit's opening lookups): every rank multiset of one to four
    up cards, in the same order as pokerkit's, high (stud) and low (razz)."""
    import itertools
    from collections import Counter

    from pokerkit.state import _HighHandOpeningLookup, _LowHandOpeningLookup

    from pokercli import cards as C
    from pokercli.histories.hand import showing

    lookups = {False: _HighHandOpeningLookup(), True: _LowHandOpeningLookup()}
    for size in range(1, 5):
        hands = []
        for ranks in itertools.combinations_with_replacement("23456789TJQKA", size):
            held: Counter = Counter()
            cards = []
            for r in ranks:
                cards.append(r + "cdhs"[held[r]])
                held[r] += 1
            hands.append(cards)
        for low, lookup in lookups.items():
            theirs = sorted(hands, key=lambda h: lookup.get_entry("".join(h)).index)
            ours = sorted(hands, key=lambda h: showing(C.parse(" ".join(h)), low))
            assert [lookup.get_entry("".join(h)).index for h in ours] == \
                [lookup.get_entry("".join(h)).index for h in theirs]


def test_stud_brings_in_from_the_lowest_up_card():
    """Third street: the lowest up card (suits: clubs lowest) brings in or
    completes; it cannot check, call or fold, and no one acts before it. The
    razz bring-in is the highest up card. A left-out fold later is a fold."""
    stakes = "bring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"
    deal = '"d dh p1 AsKs2c", "d dh p2 QdQh2d", "d dh p3 JcJd9h"'
    for extra, message in ((', "p2 pb"', "p2 acts before p1 brings in"),
                           (', "p1 f"', "p1 brings in \\(pb\\) or completes \\(cbr\\): it cannot check, call or fold")):
        text = hand(deal + extra, variant="F7S", stakes=stakes, stacks="[100, 100, 100]")
        with pytest.raises(PokerError, match=f"^{message}$"):
            list(read_histories(text))
        assert pokerkits(text) is None
    razz = hand(deal + ', "p3 pb"', variant="FR", stakes=stakes, stacks="[100, 100, 100]")
    assert pokerkits(razz) is not None
    (h,) = read_histories(razz)  # (the nine brings in; the history stops with p1 to act)
    assert h.problems == ["no result: the history stops with p1 to act"]
    # p1 brings in, p2 completes, p3's fold is left out: p1 calls
    played = hand(deal + ', "p1 pb", "p2 cbr 2", "p1 cc", "d dh p1 3c", "d dh p2 5d", "p2 cc", "p1 cc",'
                  ' "d dh p1 4c", "d dh p2 6d", "p2 cc", "p1 cc", "d dh p1 7h", "d dh p2 8d", "p2 cc", "p1 cc",'
                  ' "d dh p1 9c", "d dh p2 Td", "p2 cc", "p1 cc", "p1 sm AsKs2c3c4c7h9c",'
                  ' "p2 sm QdQh2d5d6d8dTd"', variant="F7S",
                  stakes=stakes, stacks="[100, 100, 100]")
    (h,) = read_histories(played)
    assert [s.folded for s in h.seats] == [False, False, True]
    assert [s.net for s in h.seats] == [-2, 2, 0]  # the diamond flush
    assert pokerkits(played) == ([-2, 2, 0], True)


def test_equal_hands_showing_may_open_a_stud_street_either_way():
    """Fourth street, p1 and p2 both show king-seven: pokerkit lets p1 open;
    a site may break the tie the other way, so p2 opening is read too (p3
    and then p1 after it), and the nets are the same."""
    stakes = "bring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"
    start = ('"d dh p1 AsAd7h", "d dh p2 QcQd7s", "d dh p3 JcJd2c", "p3 pb", "p1 cc", "p2 cc",'
             ' "d dh p1 Kh", "d dh p2 Kd", "d dh p3 3d"')
    rest = (' "d dh p1 4h", "d dh p2 4s", "d dh p3 5d", "p1 cc", "p2 cc", "p3 cc",'
            ' "d dh p1 5h", "d dh p2 5s", "d dh p3 6d", "p1 cc", "p2 cc", "p3 cc",'
            ' "d dh p1 8c", "d dh p2 8d", "d dh p3 9d", "p1 cc", "p2 cc", "p3 cc",'
            ' "p1 sm AsAd7hKh4h5h8c", "p2 sm QcQd7sKd4s5s8d", "p3 sm JcJd2c3d5d6d9d"')
    first = hand(start + ', "p1 cc", "p2 cc", "p3 cc",' + rest, variant="F7S", stakes=stakes,
                 stacks="[100, 100, 100]")
    other = hand(start + ', "p2 cc", "p3 cc", "p1 cc",' + rest, variant="F7S", stakes=stakes,
                 stacks="[100, 100, 100]")
    assert pokerkits(first) == ([-1, -1, 2], True) and pokerkits(other) is None
    for text in (first, other):
        (h,) = read_histories(text)
        assert [s.net for s in h.seats] == [-1, -1, 2]  # p3's diamond flush


def test_a_pokerstars_stud_hand_whose_openers_tie_reads_back_from_phh():
    """Both players show king-seven on fourth street; whichever the site let
    open, the hand written as PHH (``--to phh``) reads back to the same nets."""
    from pokercli.histories import read_text
    from pokercli.histories.phh import dump_hand
    from test_stars import STUD

    tied = (STUD.replace("Dealt to Ben [3c]", "Dealt to Ben [7d]")
            .replace("Dealt to Ben [3c] [3d]", "Dealt to Ben [7d] [Kc]")
            .replace("Dealt to Ben [3c 3d] [Qh]", "Dealt to Ben [7d Kc] [Qh]")
            .replace("Dealt to Ben [3c 3d Qh] [Jc]", "Dealt to Ben [7d Kc Qh] [Jc]")
            .replace("[3s 8h 3c 3d Qh Jc 8c] (a full house, Threes full of Eights)", "[3s 8h 7d Kc Qh Jc 8c]")
            .replace("Ben collected", "Ann collected")
            .replace("and lost with a pair of Aces", "and won ($120) with a pair of Aces")
            .replace("[3s 8h 3c 3d Qh Jc 8c] and won ($120) with a full house, Threes full of Eights",
                     "[3s 8h 7d Kc Qh Jc 8c] and lost"))
    other = tied.replace("Ben: bets $10\nAnn: raises $10 to $20\nBen: calls $10",
                         "Ann: bets $10\nBen: raises $10 to $20\nAnn: calls $10")
    assert other != tied
    for text in (tied, other):
        (h,) = read_text(text)
        (back,) = read_histories(dump_hand(h))
        assert [s.net for s in h.seats] == [s.net for s in back.seats] == [60, -60]
