"""``hits``: every combo's made category and draws on hand-checked boards, the
category shares, and each category's equity against the engine's own range job."""

import json

import pytest

import pokercli
from pokercli import board_hits as H
from pokercli.cards import parse
from pokercli.errors import PokerError
from pokercli.ranges import Range


def classify(hole, board):
    h, b = parse(hole), parse(board)
    made = H.made_category(h, b)
    return made, H.draws(h, b, made)


# (board, hole, made, draws), each checked by hand
CASES = [
    # ace high, rainbow
    ("Ah 7c 2d", "As Ks", "top-pair-top-kicker", []),
    ("Ah 7c 2d", "Ac Qd", "top-pair-good-kicker", []),
    ("Ah 7c 2d", "Ad Td", "top-pair-good-kicker", ["backdoor-flush-draw"]),  # with the 2d
    ("Ah 7c 2d", "Ac 6c", "top-pair-weak-kicker", ["backdoor-flush-draw"]),
    ("Ah 7c 2d", "Ks Kd", "pocket-pair-below-top", []),
    ("Ah 7c 2d", "8s 8d", "pocket-pair-below-top", []),
    ("Ah 7c 2d", "5s 5d", "underpair", ["backdoor-straight-draw"]),  # a three and a four
    ("Ah 7c 2d", "7s 7d", "set", []),
    ("Ah 7c 2d", "As 7d", "two-pair-both", []),
    ("Ah 7c 2d", "7s 2s", "two-pair-both", []),
    ("Ah 7c 2d", "Ks 7s", "second-pair", []),
    ("Ah 7c 2d", "Ks 2s", "low-pair", []),
    ("Ah 7c 2d", "5s 3s", "nothing", ["gutshot"]),  # A-2-3-_-5 needs a four
    ("Ah 7c 2d", "4s 3s", "nothing", ["gutshot"]),  # A-2-3-4 needs a five: one end
    ("Ah 7c 2d", "6s 5s", "nothing", ["backdoor-straight-draw"]),
    ("Ah 7c 2d", "Ks Qs", "nothing", ["backdoor-straight-draw"]),  # a jack and a ten
    ("Ah 7c 2d", "Kd Qs", "nothing", ["backdoor-straight-draw"]),
    # monotone, connected
    ("Ks Qs Js", "As Ts", "straight-flush", []),
    ("Ks Qs Js", "Ah Th", "nut-straight", []),
    ("Ks Qs Js", "Td 9h", "straight", []),  # A-T makes a higher straight
    ("Ks Qs Js", "9s 8s", "flush", []),
    ("Ks Qs Js", "As 2s", "nut-flush", []),
    ("Ks Qs Js", "As 2h", "ace-high", ["combo-draw", "nut-flush-draw", "gutshot"]),
    ("Ks Qs Js", "Ts 2h", "nothing", ["combo-draw", "flush-draw", "open-ended"]),
    ("Ks Qs Js", "Tc 8c", "nothing", ["open-ended"]),
    ("Ks Qs Js", "9h 8h", "nothing", ["gutshot"]),
    ("Ks Qs Js", "Ah Qh", "second-pair", ["gutshot"]),
    ("Ks Qs Js", "Kd Kc", "set", []),
    ("Ks Qs Js", "Ad Ac", "overpair", ["gutshot"]),
    # paired
    ("8h 8d 3c", "As 8s", "trips", []),
    ("8h 8d 3c", "3s 3d", "full-house", []),
    ("8h 8d 3c", "8s 8c", "quads", []),
    ("8h 8d 3c", "As Kd", "ace-high", ["two-overcards"]),
    ("8h 8d 3c", "Ks Qd", "nothing", ["two-overcards"]),
    ("8h 8d 3c", "9s 9d", "two-pair-pocket", []),
    ("8h 8d 3c", "2s 2d", "two-pair-pocket", []),
    ("8h 8d 3c", "As 3s", "two-pair-one", []),
    ("8h 8d 3c", "Ah 4h", "ace-high", ["backdoor-flush-draw", "backdoor-straight-draw"]),
    ("Kh 7c 7d", "Ks 3d", "two-pair-one", []),  # top pair on a paired board is two pair
    ("Kh 7c 7d", "As 3d", "ace-high", []),  # the board's pair alone
    # four to a straight on the turn
    ("9h 8d 7c 6s", "Js Td", "nut-straight", []),
    ("9h 8d 7c 6s", "Ts 2d", "straight", []),
    ("9h 8d 7c 6s", "5s 2d", "straight", []),
    ("9h 8d 7c 6s", "As Ad", "overpair", []),  # a ten or a five straightens the board for all
    ("9h 8d 7c 6s", "Ts Td", "straight", []),  # the jack-ten makes a higher one
    # flush draws on the turn; the king is the nut draw with the ace on board
    ("Kh 9h 4c 2d", "Ah 5h", "ace-high", ["combo-draw", "nut-flush-draw", "gutshot"]),
    ("Ah 9h 4c 2d", "Kh Qh", "nothing", ["nut-flush-draw"]),
    ("Ah 9h 4c 2d", "Qh Jh", "nothing", ["flush-draw"]),
    ("Ah 9h 4c", "Kh 2c", "nothing", ["backdoor-flush-draw", "backdoor-straight-draw"]),
    ("Ah 9h 4c", "Jh Th", "nothing", ["flush-draw", "backdoor-straight-draw"]),
    # river: no draws; the board playing counts by the hole cards
    ("Ks Qs Js 2s 3c", "As 4h", "nut-flush", []),
    ("Ks Qs Js 2d 3c", "As 4h", "ace-high", []),
    ("Ks Kd 7c 7d 2c", "Ah 3h", "ace-high", []),
    ("Ks Kd 7c 7d 2c", "Qh 3h", "nothing", []),
    ("Ks Kd 7c 7d 2c", "9h 9s", "two-pair-pocket", []),
    ("9s 9d 9c 5h 2c", "Ah 3h", "ace-high", []),
    ("Ah 7c 2d 2h 4s", "5s 3s", "nut-straight", []),  # no two cards make a six-high
    ("Ah 7c 6d 2h 4s", "5s 3s", "straight", []),  # 8-5 and 5-3 make seven high
]


@pytest.mark.parametrize("board,hole,made,draws", CASES)
def test_hand_checked_boards(board, hole, made, draws):
    assert classify(hole, board) == (made, draws)


def test_double_gutshot_and_open_ended_are_told_apart():
    assert classify("Td 7c", "Jc 8d 4h") == ("nothing", ["gutshot"])  # a nine only
    assert classify("Jd Tc", "9c 7d 3h")[1] == ["gutshot", "two-overcards"]  # an eight
    assert classify("Jd 5c", "9c 7d 3h")[1] == ["backdoor-straight-draw"]  # 6 and 8, or 8 and T
    assert classify("Jd 7c", "5c 8d 9h")[1] == ["double-gutshot"]  # a six or a ten
    assert classify("6d 5c", "8c 7d 2h")[1] == ["open-ended"]  # a nine or a four
    assert classify("9d 5c", "Tc 8d 6h")[1] == ["gutshot"]  # a seven only
    assert classify("9d 7c", "Tc 8d 6h")[0] == "nut-straight"


def test_every_combo_in_one_made_category_and_shares_add_up():
    r = H.hits("22+,A2s+,K9s+,QTs+,JTs,T9s,98s,ATo+,KJo+", "Th 9h 3c", dead="2c")
    made = [c for c in r.categories if c.group == "made"]
    assert sum(c.combos for c in made) == len(r.combos)
    assert sum(c.share for c in made) == pytest.approx(1)
    assert all(not any(card in (pokercli.Card("Th"), pokercli.Card("9h"), pokercli.Card("3c"),
                                pokercli.Card("2c")) for card in h.cards) for h in r.combos)
    draw_counts = {key: sum(key in h.draws for h in r.combos) for key, _ in H.DRAWS}
    assert {c.key: c.combos for c in r.categories if c.group == "draw"} == draw_counts


@pytest.mark.parametrize("vs", ["Kd Kc", "QQ+,AKs:0.5,JTs"])
def test_category_equity_is_the_engines_equity_of_its_combos(vs):
    text = "QQ+:0.5,AK,AQs,T9s-65s,88-22,KQs"
    board = "Ah 7h 6c"
    r = H.hits(text, board, vs=vs)
    checked = 0
    for c in r.categories:
        if not c.combos:
            continue
        members = [h for h in r.combos if (h.made == c.key if c.group == "made" else c.key in h.draws)]
        sub = Range(c.key, tuple((h.cards, h.weight) for h in members))
        e = pokercli.equity([sub, vs], board=board, method="exact")
        assert (c.wins, c.ties, c.total) == pytest.approx((e.players[0].wins, e.players[0].ties,
                                                           e.players[0].total), rel=1e-12)
        assert c.equity == pytest.approx(e.players[0].equity, rel=1e-12)
        checked += 1
    assert checked >= 5


def test_blocked_combos_and_errors():
    r = H.hits("AA,KK", "Ah 7c 2d", vs="As Kd")
    assert len(r.combos) == 1 + 3  # Ad Ac left of the aces; three kings
    with pytest.raises(PokerError) as e:
        H.hits("AA", "Ah 7c 2d", dead="As Ad")
    assert "no combo left" in str(e.value)
    with pytest.raises(PokerError):
        H.hits("AA", "Ah 7c")
    with pytest.raises(PokerError):
        H.hits("AA", "Ah 7c 2d", dead="Ah")


def test_cli_text_json_and_errors(cli):
    code, out, err = cli("hits", "QQ+,AK", "--board", "Ah 7c 2d", "--vs", "KsKh", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["vs"] == "Ks Kh"
    assert {c["category"] for c in doc["categories"]} == {k for k, _ in H.MADE + H.DRAWS}
    assert sum(c["weighted_combos"] for c in doc["categories"] if c["group"] == "made") == doc["combos"]
    tptk = next(c for c in doc["categories"] if c["category"] == "top-pair-top-kicker")
    assert tptk["combos"] == 6 and 0.9 < tptk["equity"] < 1  # AK minus the Ks Kh and the Ah combos
    code, out, err = cli("hits", "QQ+,AK", "--board", "Ah 7c 2d")
    assert code == 0 and "top pair, top kicker\t12" in out  # AK without the Ah
    code, out, err = cli("hits", "QQ+", "--board", "Ah 7c")
    assert code == 2 and "--board" in err and "Traceback" not in err
    code, out, err = cli("hits", "QQ+,T9s-64s", "--board", "Ah 7c 2d")
    assert code == 2 and "T9s-64s" in err


def test_dead_cards_are_seen_by_the_nut_labels():
    """With the ace of spades dead, K3s on Qs Js Ts 2h is the best flush nobody
    else can hold (the README: no two other unseen cards make a higher one); the
    king is then the best free spade for a flush draw too."""
    def made(dead):
        return {frozenset(c.cards): c.made for c in pokercli.hits("K3s", "Qs Js Ts 2h", dead).combos}

    ks3s = frozenset(parse("Ks 3s"))
    assert made("")[ks3s] == "flush" and made("As")[ks3s] == "nut-flush"
    assert H.draws(parse("Ks 4d"), parse("Qs 7s 2s")) == ["flush-draw"]
    assert H.draws(parse("Ks 4d"), parse("Qs 7s 2s"), dead=parse("As")) == ["nut-flush-draw"]
