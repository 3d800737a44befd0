"""Hand histories against pokerkit, the oracle: random hands played out by
pokerkit (random stacks, antes, 2-6 players, random legal actions, its own
dealing and showdown), written as PHH by pokerkit, read back by pokercli.
Every player's net must be pokerkit's to the chip, side pots and returned
bets included (where a pot split, within its odd chips: fractions of a chip
here, whole chips to one seat at pokerkit)."""

from __future__ import annotations

import contextlib
import os
import pickle
import random
from fractions import Fraction
from pathlib import Path

import pytest

try:
    import fcntl
except ImportError:  # not POSIX: each test process plays the corpus itself
    fcntl = None

pokerkit = pytest.importorskip("pokerkit")

from pokercli.histories import read_histories  # noqa: E402

A = pokerkit.Automation
AUTO = (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING, A.CARD_BURNING, A.HOLE_DEALING,
        A.BOARD_DEALING, A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)


class FixedLimitOmahaEight(pokerkit.games.FixedLimitPokerMixin,
                           pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter):
    """pokerkit's FO/8 with fixed limit's sizes. pokerkit's class (0.7.7, and
    the copies of its repository searched) carries the pot-limit mixin, so it plays and reads
    pot-limit sizes; the PHH standard's FO/8, and pokercli's, is fixed limit.
    It is the FO/8 of every pokerkit history these tests write and read
    (tests/histories/test_phh_sizes.py shows the difference)."""


pokerkit.HandHistory.game_types["FO/8"] = FixedLimitOmahaEight
pokerkit.HandHistory.variants[FixedLimitOmahaEight] = "FO/8"


def games(ante: int, trim: bool = True):
    """(``trim``: pokerkit's ante trimming, which its written histories leave
    out: they read back untrimmed. Equal antes are the same either way, unless
    all but one player is short of the ante.)"""
    return {
        "NT": lambda: pokerkit.NoLimitTexasHoldem(AUTO, trim, ante, (1, 2), 2),
        "PO": lambda: pokerkit.PotLimitOmahaHoldem(AUTO, trim, ante, (1, 2), 2),
        "FO/8": lambda: FixedLimitOmahaEight(AUTO, trim, ante, (1, 2), 2, 4),
        "NS": lambda: pokerkit.NoLimitShortDeckHoldem(AUTO, trim, ante, (1, 2), 2),
        "FT": lambda: pokerkit.FixedLimitTexasHoldem(AUTO, trim, ante, (1, 2), 2, 4),
        "F7S": lambda: pokerkit.FixedLimitSevenCardStud(AUTO, trim, ante or 1, 1, 2, 4),
        "F7S/8": lambda: pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter(AUTO, trim, ante or 1, 1, 2, 4),
        "FR": lambda: pokerkit.FixedLimitRazz(AUTO, trim, ante or 1, 1, 2, 4),
        "F2L3D": lambda: pokerkit.FixedLimitDeuceToSevenLowballTripleDraw(AUTO, trim, ante, (1, 2), 2, 4),
        "N2L1D": lambda: pokerkit.NoLimitDeuceToSevenLowballSingleDraw(AUTO, trim, ante, (1, 2), 2),
        "FB": lambda: pokerkit.FixedLimitBadugi(AUTO, trim, ante, (1, 2), 2, 4),
    }


def played(rng, variant: str, players: int):
    """A hand pokerkit deals and plays with random legal actions (random stacks
    and antes): (the game, its final state, the starting stacks)."""
    stacks = [rng.choice([20, 50, 100, 150, 333, 1000]) for _ in range(players)]
    game = games(rng.choice([0, 0, 1, 3]))[variant]()
    state = game(stacks, players)
    play_out(rng, state)
    return game, state, stacks


def play_out(rng, state) -> None:
    """Play ``state`` to its end with random legal actions."""
    while state.status:
        if state.can_post_bring_in():
            state.post_bring_in()
            continue
        if state.can_stand_pat_or_discard():  # draw games: discard up to three at random
            hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, min(3, len(hole)))))
            continue
        options = ["f"] * state.can_fold() + ["cc"] * 4 * state.can_check_or_call()
        options += ["cbr"] * 2 * state.can_complete_bet_or_raise_to()
        choice = rng.choice(options)
        if choice == "f":
            state.fold()
        elif choice == "cc":
            state.check_or_call()
        else:
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(rng.choice([lo, hi, (lo + hi) // 2]))


@contextlib.contextmanager
def remembered_hands():
    """pokerkit's hand types value each (hand type, hole cards, board cards)
    once while this is open: a showdown asks for the same hand many times
    (which player can still win, then each one's hand), and valuing it (60
    five-card hands an Omaha hand) was most of the time a corpus took to play.
    The values are pokerkit's own: its ``from_game`` is only remembered."""
    from pokerkit import Card
    from pokerkit import hands as H

    memo: dict = {}

    def remembered(func):
        def from_game(cls, hole_cards, board_cards=()):
            key = (cls, tuple(Card.clean(hole_cards)), tuple(Card.clean(board_cards)))
            if key not in memo:
                memo[key] = func(cls, key[1], key[2])  # a ValueError (no hand) is raised each time
            return memo[key]
        return classmethod(from_game)

    saved = {cls: vars(cls)["from_game"] for cls in vars(H).values()
             if isinstance(cls, type) and issubclass(cls, H.Hand) and cls is not H.Hand
             and "from_game" in vars(cls)}
    for cls, method in saved.items():
        setattr(cls, "from_game", remembered(method.__func__))
    try:
        yield
    finally:
        for cls, method in saved.items():
            setattr(cls, "from_game", method)


#: Hands of each variant in the corpus the three formats' oracles share: each
#: format reads 2,000 or more (PHH 3,000; PokerStars 2,600; OHH 2,100).
CORPUS = {"NT": 700, "PO": 700, "FT": 700, "FO/8": 500, "NS": 400}


_PLAYED: dict = {}


def corpus(variant: str, count: int | None = None) -> tuple:
    """The first ``count`` (all ``CORPUS[variant]``) :func:`played` hands of 2 to
    6 players, each played once a run: a test that reads the first 300 does not
    wait for the other 400 (pokerkit plays about 60 hands a second), and the
    whole corpus, played by one test process, is read by the others
    (:func:`_shared`)."""
    full = CORPUS[variant]
    count = full if count is None else min(count, full)
    hands = _PLAYED.get(variant, (None, None, []))[2]
    if len(hands) < count:
        hands = _shared(variant, lambda: _play(variant, full)) if count == full else _play(variant, count)
    return tuple(hands[:count])


def _play(variant: str, count: int) -> list:
    """The corpus played on to ``count`` hands, from where this process stopped."""
    if variant not in _PLAYED:
        outside = random.getstate()
        random.seed("corpus" + variant)  # pokerkit's own dealing
        _PLAYED[variant] = (random.Random("corpus" + variant), random.getstate(), [])
        random.setstate(outside)
    rng, dealing, hands = _PLAYED[variant]
    outside = random.getstate()
    random.setstate(dealing)  # the dealing goes on where it stopped: the same hands as in one go
    with remembered_hands():
        while len(hands) < count:
            hands.append(played(rng, variant, rng.randint(2, 6)))
    _PLAYED[variant] = (rng, random.getstate(), hands)
    random.setstate(outside)
    return hands


def _shared(variant: str, play) -> list:
    """``play()``'s hands, played once for all the test processes of this run:
    the first to get here plays and pickles them in the folder the processes
    share (``POKERCLI_TESTS_SHARED``, set by tests/conftest.py), under a lock;
    the others wait and read them."""
    folder = os.environ.get("POKERCLI_TESTS_SHARED")
    if not folder or fcntl is None:
        return play()
    path = Path(folder) / f"corpus-{variant.replace('/', '-')}.pickle"
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            hands = pickle.loads(path.read_bytes())
            _PLAYED[variant] = (None, None, hands)  # complete: nothing more to play
            return hands
        hands = play()
        path.with_suffix(".part").write_bytes(pickle.dumps(hands))
        path.with_suffix(".part").replace(path)
        return hands


def written(variant: str, write) -> tuple[list[str], list[list[int]]]:
    """The :func:`corpus` hands written by ``write(game, state, stacks, number)``,
    and each player's net by pokerkit."""
    texts, nets = [], []
    for k, (game, state, stacks) in enumerate(corpus(variant)):
        texts.append(write(game, state, stacks, 1000 + k))
        nets.append([a - b for a, b in zip(state.stacks, stacks)])
    return texts, nets


def pokerkit_splits_a_lowless_side_pot(hand) -> bool:
    """Whether pokerkit pays this hi-lo hand differently: where some pot of a
    hand has a qualifying low, pokerkit also splits the low half of a side pot
    in which no contender has one (half of it went to players without a low);
    pokercli settles every pot on its own, its high taking the whole of a pot
    without a low, as the plain rules do."""
    from pokercli import showdown
    from pokercli.cards import format_cards

    if not hand.game.endswith("-hilo") or len(hand.pots) < 2:
        return False
    lows = [any(p.low for p in showdown([format_cards(hand.seats[i].cards) for i in pot.contenders],
                                        format_cards(hand.board), game=hand.game).players)
            for pot in hand.pots if len(pot.contenders) > 1]
    return any(lows) and not all(lows)


def check_nets(hands, nets, site: str) -> None:
    """Every hand settled, its nets adding up to zero and equal to pokerkit's to
    the chip (where a pot split, within its odd chips: fractions here); hi-lo
    hands where pokerkit splits a side pot without a low
    (:func:`pokerkit_splits_a_lowless_side_pot`) are left out, at most 2 %."""
    assert len(hands) == len(nets)
    excused = 0
    for hand, net in zip(hands, nets):
        if pokerkit_splits_a_lowless_side_pot(hand) and any(s.net != x for s, x in zip(hand.seats, net)):
            excused += 1
            continue
        assert hand.settled and hand.site == site, hand.problems
        slack = 0 if all(share in (0, 1) for p in hand.pots for share in p.won) else 3
        assert all(abs(s.net - x) <= slack for s, x in zip(hand.seats, net)), (hand.hand_id, net)
        assert sum(s.net for s in hand.seats) == 0
    assert excused <= len(hands) // 50


def play(rng, variant: str, players: int):
    """(the PHH text pokerkit writes of a :func:`played` hand, each player's net by pokerkit)."""
    game, state, stacks = played(rng, variant, players)
    text = pokerkit.HandHistory.from_game_state(game, state).dumps()
    return text, [a - b for a, b in zip(state.stacks, stacks)]


@pytest.mark.parametrize("variant", ["NT", "PO", "FO/8", "NS", "FT"])
def test_every_players_net_is_pokerkits(variant):
    texts, nets = written(variant, lambda game, state, stacks, k:
                          pokerkit.HandHistory.from_game_state(game, state).dumps())
    hands = [hand for text in texts for hand in read_histories(text)]  # a .phh file each
    check_nets(hands, nets, "phh")
    # the random play reaches all-ins (side pots) often enough to matter (fixed limit: less often;
    # FO/8, 500 hands: 8)
    least = 5 if variant == "FO/8" else 10 if variant.startswith("F") else 100
    assert sum(hand.allin is not None for hand in hands) >= least


@pytest.mark.parametrize("antes,trimming", [({1: 3}, False), ({-1: 2}, False), (3, False), ({1: 3}, True)])
def test_big_blind_button_and_short_antes_are_pokerkits(antes, trimming):
    """Antes as PHH's ``ante_trimming_status`` says (PHH's default, false: dead
    money in the main pot, a big blind or button ante, and a short stack's part
    of an ante, that player winning all the antes; true: a part of each player's
    contribution, an ante above every other's given back). pokercli once read
    every ante as a contribution, and gave a big blind ante back to a big blind
    who put in the most. Stacks of 2 and 3 chips post part of an ante or blind
    (not with trimming: pokerkit then gives an all-in ante back and skips that
    player's blind)."""
    rng = random.Random(f"antes {antes} {trimming}")
    random.seed(f"antes {antes} {trimming}")
    hands, nets = [], []
    sizes = [20, 50, 100, 333] if trimming else [2, 3, 20, 50, 100, 333]
    with remembered_hands():
        for _ in range(150):
            players = rng.randint(2, 6)
            stacks = [rng.choice(sizes) for _ in range(players)]
            game = pokerkit.NoLimitTexasHoldem(AUTO, trimming, antes, (1, 2), 2)
            state = game(stacks, players)
            play_out(rng, state)
            # (pokerkit writes its optional fields only when given them)
            text = pokerkit.HandHistory.from_game_state(game, state, ante_trimming_status=trimming).dumps()
            assert ("ante_trimming_status = true" in text) == trimming
            (hand,) = read_histories(text)
            hands.append(hand)
            nets.append([a - b for a, b in zip(state.stacks, stacks)])
    check_nets(hands, nets, "phh")
    # the ante is in play: a big blind's goes to the pot it once came back from
    assert sum(1 for h in hands if len(h.pots) > 1) >= 10


def test_ante_trimming_status_is_true_or_false():
    from pokercli.errors import PokerError

    text = ('variant = "NT"\nante_trimming_status = "yes"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
            'min_bet = 2\nstarting_stacks = [200, 200]\nactions = ["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"]\n')
    with pytest.raises(PokerError, match="^ante_trimming_status: expected true or false$"):
        list(read_histories(text))


@pytest.mark.parametrize("variant", ["F7S", "F7S/8", "FR", "F2L3D", "N2L1D", "FB"])
def test_the_mixed_games_nets_are_pokerkits(variant):
    """Stud, stud hi-lo, razz, 2-7 triple and single draw, badugi: bring-ins,
    up cards dealt street by street, discards and draws (a triple draw deals
    again from the discards when the deck runs out), each game's showdown."""
    rng = random.Random(variant)
    random.seed(variant)
    nets, hands = [], []
    with remembered_hands():
        played_hands = [play(rng, variant, rng.randint(2, 6)) for _ in range(40)]
    for text, net in played_hands:
        (hand,) = read_histories(text)
        hands.append(hand)
        nets.append(net)
    check_nets(hands, nets, "phh")


@pytest.mark.parametrize("variant,game", [("NT", "holdem"), ("PO", "omaha"), ("FO/8", "omaha-hilo")])
def test_allin_ev_is_the_mean_over_every_runout(variant, game):
    """The EV of an all-in on the flop or turn is each player's winnings
    averaged over every runout of the board (every known card out of the deck),
    each runout's pots split by the plain rules of tests/naive.py."""
    from itertools import combinations

    import naive

    rng = random.Random("ev" + variant)
    random.seed("ev" + variant)
    checked = 0
    while checked < 6:
        text, _ = play(rng, variant, rng.randint(2, 4))
        (hand,) = read_histories(text)
        spot = hand.allin_ev()
        if spot is None or len(spot.board) not in (3, 4):
            continue
        assert spot.reason is None and spot.method == "exact"
        known = set(spot.board) | {c for s in hand.seats for c in s.cards}
        deck = [c for c in range(52) if c not in known]
        won = [Fraction(0)] * len(hand.seats)
        runouts = list(combinations(deck, 5 - len(spot.board)))
        for runout in runouts:
            board = list(spot.board) + list(runout)
            for pot in spot.pots:
                holes = [list(spot.hands[i]) for i in pot.contenders]
                shares = naive.POT_SHARES[game](holes, board) if len(holes) > 1 else [Fraction(1)]
                for i, share in zip(pot.contenders, shares):
                    won[i] += pot.amount * Fraction(share)
        expected = [w / len(runouts) - s.put_in for w, s in zip(won, hand.seats)]
        assert [float(x) for x in hand.ev_net()] == pytest.approx([float(x) for x in expected], abs=1e-6)
        assert abs(sum(hand.ev_net())) < 1e-6
        checked += 1
