"""Seven-card stud's community card: when the deck cannot give every player a
seventh card, one card dealt face up serves them all. Exact equity against a
plain enumeration (each community card, then the cards each player still
misses, valued by :mod:`pokercli.lowball` and the seed's evaluator), Monte
Carlo within four standard errors of it."""

import random
from fractions import Fraction
from itertools import combinations

import pytest

import pokercli
from pokercli import cards as C
from pokercli.games import game as get_game

STUD = ["stud", "stud-hilo", "razz"]


def _eight_low(cards):
    """The best eight-or-better low as its ranks, highest first (smaller is better), or None."""
    ranks = sorted({(c % 13 + 1) % 13 for c in cards if (c % 13 + 1) % 13 < 8})
    return tuple(reversed(ranks[:5])) if len(ranks) >= 5 else None


def _naive_with_community(hands, dead, game):
    g = get_game(game)
    known = [list(C.parse_cards(h.replace("(", "").replace(")", ""))) for h in hands]
    used = {c for h in known for c in h} | set(C.parse_cards(dead))
    shares = [Fraction(0)] * len(hands)
    deals = 0

    def showdown(dealt):
        high = [g.rule.ranking.score(h) for h in dealt]
        lows = [_eight_low(h) for h in dealt] if g.pot.split else [None] * len(dealt)
        top = max(high)
        hi_win = [i for i, v in enumerate(high) if v == top]
        have = [low for low in lows if low is not None]
        lo_win = [i for i, low in enumerate(lows) if have and low == min(have)]
        for i in hi_win:
            shares[i] += Fraction(1, len(hi_win)) / (2 if lo_win else 1)
        for i in lo_win:
            shares[i] += Fraction(1, 2 * len(lo_win))

    def deal(p, left, dealt, community):
        nonlocal deals
        if p == len(known):
            deals += 1
            showdown([h + [community] for h in dealt])
            return
        for mine in combinations(left, 6 - len(known[p])):
            deal(p + 1, [c for c in left if c not in mine], dealt + [known[p] + list(mine)], community)

    unseen = [c for c in range(52) if c not in used]
    for community in unseen:
        deal(0, [c for c in unseen if c != community], [], community)
    return [s / deals for s in shares], deals


def _eight_players(seed):
    rng = random.Random(seed)
    cards = [C.card_name(c) for c in rng.sample(range(52), 48)]
    return [f"({cards[6 * p]} {cards[6 * p + 1]}) " + " ".join(cards[6 * p + 2:6 * p + 6]) for p in range(8)]


def _seven_players_and_dead(seed):
    """Seven players, one on fifth street, and five dead cards: 54 cards for seven each."""
    rng = random.Random(seed)
    cards = [C.card_name(c) for c in rng.sample(range(52), 6 * 6 + 5 + 5)]
    hands = [f"({cards[6 * p]} {cards[6 * p + 1]}) " + " ".join(cards[6 * p + 2:6 * p + 6]) for p in range(6)]
    hands.append(f"({cards[36]} {cards[37]}) " + " ".join(cards[38:41]))
    return hands, " ".join(cards[41:46])


@pytest.mark.parametrize("game", STUD)
@pytest.mark.parametrize("seed", [1, 2])
def test_exact_against_a_plain_enumeration(game, seed):
    for hands, dead in [(_eight_players(seed), ""), _seven_players_and_dead(seed)]:
        r = pokercli.equity(hands, dead=dead, game=game)
        want, deals = _naive_with_community(hands, dead, game)
        assert r.method == "exact" and r.deals == deals and "one community card" in r.note
        assert [p.equity for p in r.players] == pytest.approx([float(x) for x in want], abs=1e-12)


def test_monte_carlo_within_four_standard_errors():
    hands, dead = _seven_players_and_dead(3)
    exact = pokercli.equity(hands, dead=dead, game="stud-hilo")
    mc = pokercli.equity(hands, dead=dead, game="stud-hilo", samples=200_000, seed=4)
    assert mc.method == "monte-carlo" and "one community card" in mc.note
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) <= 4 * m.stderr + 1e-9
    again = pokercli.equity(hands, dead=dead, game="stud-hilo", samples=200_000, seed=4)
    assert [p.equity for p in again.players] == [p.equity for p in mc.players]  # a seed's answer


def test_a_range_beside_the_community_card():
    """Every deal of the range alike, each with as many completions: the mean of
    each of its hands' exact equity; not sampled."""
    hands = _eight_players(5)
    up = hands[0].split(") ")[1]
    used = {c for h in hands[1:] for c in C.parse_cards(h.replace("(", "").replace(")", ""))}
    free = [c for c in range(52) if c not in used | set(C.parse_cards(up))]  # its down cards and the unseen
    listed = [f"({C.card_name(a)} {C.card_name(b)}) {up}" for a, b in combinations(free, 2)]
    ranged = pokercli.equity([",".join(listed)] + hands[1:], game="razz")
    each = [pokercli.equity([h] + hands[1:], game="razz") for h in listed]
    assert len(each) == 15 and ranged.extra["range_deals"] == 15 and "one community card" in ranged.note
    for p in range(8):
        assert ranged.players[p].equity == pytest.approx(sum(r.players[p].equity for r in each) / len(each),
                                                         abs=1e-12)
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.equity([",".join(listed)] + hands[1:], game="razz", method="monte-carlo", samples=1000)
    assert e.value.param == "players" and "counted exactly only" in str(e.value)


def test_what_stays_refused():
    hands = _eight_players(6)
    used = {c for h in hands for c in C.parse_cards(h.replace("(", "").replace(")", ""))}
    unseen = C.format_cards([c for c in range(52) if c not in used])
    with pytest.raises(pokercli.PokerError) as e:  # the four unseen cards dead: none for the community card
        pokercli.equity(hands, dead=unseen, game="razz")
    assert e.value.param == "players" and "one community card" in str(e.value)
    with pytest.raises(pokercli.PokerError) as e:  # someone shows a seventh card: 56 cards
        pokercli.equity(hands[:7] + [hands[7] + " (x)"], game="stud")
    assert e.value.param == "players"


def test_the_chunked_engine_counts_the_same(tmp_path):
    """A checkpoint file sends the job to the chunked engine (each community card's
    deals its own kernel calls): the same result."""
    hands, dead = _seven_players_and_dead(7)
    plain = pokercli.equity(hands, dead=dead, game="stud")
    chunked = pokercli.equity(hands, dead=dead, game="stud", checkpoint=tmp_path / "job.ckpt")
    assert [p.wins for p in chunked.players] == [p.wins for p in plain.players] and chunked.deals == plain.deals
    assert "one community card" in chunked.note and "chunks" in chunked.note


def test_a_community_card_given_as_the_board():
    """A community card already dealt (or announced by the dealer, whatever the
    count of unseen cards) is the board: every player's last card."""
    hands = ["(As 2d) 3h 4c 9h Th", "(Kd 3d) 4s 6h 7h 8c"]
    g = get_game("razz")
    for community in ["5s", "Kh", "2c"]:
        r = pokercli.equity(hands, board=community, game="razz")
        cards = [list(C.parse_cards(h.replace("(", "").replace(")", "") + " " + community)) for h in hands]
        values = [g.rule.ranking.score(c) for c in cards]
        want = [1.0 if v == max(values) and values.count(v) == 1 else 0.5 if v == max(values) else 0.0
                for v in values]
        assert r.deals == 1 and [p.equity for p in r.players] == want and community in r.note
    fifth = pokercli.equity(["(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h"], board="5s", game="stud-hilo")
    assert fifth.deals == 41 * 40 and "community card 5s" in fifth.note  # each one more card, then the 5s
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.equity(hands, board="5s 6s", game="razz")
    assert e.value.param == "board"
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.equity([hands[0] + " (Ks)", hands[1]], board="5s", game="razz")
    assert e.value.param == "players" and "at most 6 cards" in str(e.value)


@pytest.mark.parametrize("game", STUD)
def test_a_showdown_with_the_community_card(game):
    """``rank --board`` in stud: each hand valued with the community card, as the
    hand would be with that card added."""
    hands = ["(As 2d) 3h 4c 9h Th", "(Kd 3d) 4s 6h 7h 8c"]
    s = pokercli.showdown(hands, "5s", game=game).to_dict()
    assert s["board"] == ["5s"]
    for hand, p in zip(hands, s["players"]):
        alone = pokercli.rank(hand + " (5s)", game=game).to_dict()
        got = p.get("high", p)
        assert (got["class"], got["description"]) == (alone["class"], alone["description"])
    with pytest.raises(pokercli.PokerError) as e:  # a seventh card and the community card: eight
        pokercli.showdown([hands[0] + " (Ks)", hands[1]], "5s", game=game)
    assert e.value.param == "hands"


@pytest.mark.parametrize("game", STUD)
def test_a_community_card_announced_to_come(game):
    """``board="x"``: the dealer has announced a community card that the unseen
    cards do not call for; it is dealt from them, every one alike."""
    fifth = ["(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h"]
    dead = "Ks Kh Kc Qs Qh Qc Qd Js Jh Jc Jd Ts Td Tc 9s 9d 9c 8s 8h 8d 7s 7c"  # 20 unseen cards left
    for hands, dead in ((["(As 2d) 3h 4c 9h Th", "(Kd 3d) 4s 6h 7h 8c"], ""), (fifth, dead)):
        r = pokercli.equity(hands, board="x", dead=dead, game=game)
        want, deals = _naive_with_community(hands, dead, game)
        assert r.deals == deals and r.board == [] and r.note.endswith("one community card, to come")
        assert [p.equity for p in r.players] == pytest.approx([float(x) for x in want], abs=1e-12)
    plain = pokercli.equity(hands, dead=dead, game=game)  # without it, each player's own seventh card
    assert plain.deals != r.deals and "community" not in plain.note
    mc = pokercli.equity(hands, board="x", dead=dead, game=game, samples=100_000, seed=2)
    for e, m in zip(r.players, mc.players):
        assert abs(e.equity - m.equity) <= 4 * m.stderr + 1e-9


def test_a_checkpoint_names_the_community_card(tmp_path):
    """A checkpoint of one community card is not resumed for another."""
    hands = ["(As 2d) 3h 4c 9h Th", "(Kd 3d) 4s 6h 7h 8c"]
    path = tmp_path / "job.ckpt"
    first = pokercli.equity(hands, board="5s", game="razz", checkpoint=path)
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.equity(hands, board="Ks", game="razz", checkpoint=path, resume=True)
    assert e.value.param == "checkpoint"
    again = pokercli.equity(hands, board="5s", game="razz", checkpoint=path, resume=True)
    assert [p.wins for p in again.players] == [p.wins for p in first.players]


def test_rank_lines_with_the_community_card(cli):
    """``rank -`` in stud: ``hand | card``, the hand valued with the community card
    as ``rank --board`` values it; a bad line named, the good ones answered."""
    lines = "(As 2d) 3h 4c 9h Th | 5s\n(As 2d) 3h 4c 9h Th (Kc) | 5s\n(Kd 3d) 4s 6h 7h 8c | 5s\n"
    code, out, err = cli("rank", "--game", "razz", "-", input=lines)
    assert code == 1 and "line 2:" in err and "at most 6" in err
    answered = [line.split("\t") for line in out.splitlines()]
    board = pokercli.showdown(["(As 2d) 3h 4c 9h Th", "(Kd 3d) 4s 6h 7h 8c"], "5s", game="razz").to_dict()
    assert [int(a[1]) for a in answered] == [p["class"] for p in board["players"]]
    assert answered[0][0] == "As 2d 3h 4c 9h Th 5s"
