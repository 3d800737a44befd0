"""The rank subcommand: one hand, showdown, score translation, batch streams."""

import json

import pytest

import pokercli


def test_one_hand_plain(cli):
    code, out, err = cli("rank", "As Ks Qs Js Ts")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert "type: STRAIGHT_FLUSH" in lines and "class: 1" in lines
    assert "score_binary: 1001 | 1111100000000 | 0000000000000" in lines
    assert "description: Royal flush" in lines
    assert any(l.startswith("reductions: flush=True, hand_ranks=7936") for l in lines)


def test_one_hand_json_seven_cards(cli):
    code, out, _ = cli("rank", "Kh", "Ks", "Kd", "Th", "Tc", "2s", "3d", "--json")
    doc = json.loads(out)
    assert doc["type"] == "FULL_HOUSE" and doc["description"] == "Full house, kings full of tens"
    assert doc["primary"] == ["K"] and doc["secondary"] == ["T"]
    assert sorted(doc["best_five"]) == sorted(["Kh", "Ks", "Kd", "Th", "Tc"])
    assert doc["class"] == pokercli.score_info(doc["score"]).hand_class and "reductions" not in doc


def test_one_hand_rich(cli):
    code, out, _ = cli("rank", "3h4h5h6h7h8d9d", terminal=True)
    assert code == 0 and "\x1b[" in out
    assert "Straight flush, seven high" in out and "8 / 7462" in out


def test_score_translation(cli):
    code, out, _ = cli("rank", "--score", "270536708", "--json")
    doc = json.loads(out)
    assert doc["type"] == "THREE_OF_A_KIND" and doc["primary"] == ["T"] and doc["secondary"] == ["4", "A"]
    code, out, _ = cli("rank", "--score", "272630792")
    assert "score_binary: 0100 | 0001000000000 | 0010000001000" in out.splitlines()


def test_showdown_marks_winner_and_ties(cli):
    code, out, _ = cli("rank", "--board", "Ah Kd 7c 2s 3h", "As Ac", "Kh Ks", "Qh Qd", "--json")
    doc = json.loads(out)
    assert [p["result"] for p in doc["players"]] == ["win", "lose", "lose"] and doc["winners"] == [1]
    code, out, _ = cli("rank", "--board", "Ah Kd 7c 2s 3h", "4s 5c", "4d 5d", "--json")
    doc = json.loads(out)
    assert [p["result"] for p in doc["players"]] == ["tie", "tie"] and doc["winners"] == [1, 2]
    code, out, _ = cli("rank", "--board", "Ah Kd 7c 2s 3h", "4s 5c", "4d 5d", terminal=True)
    assert "TIE" in out


@pytest.mark.parametrize("args,fragment", [
    (("rank", "As Ks Qs Js"), "has 4 cards, expected 5 or 6 or 7"),
    (("rank", "As Ks Qs Js Ts 9s 8s 7s"), "has 8 cards"),
    (("rank", "As Ks Qs Js Qs"), "duplicate card 'Qs'"),
    (("rank", "--score", str(1 << 30)), "out of range"),
    (("rank", "--score", "5"), "not a hand type"),
    (("rank", "--board", "Ah Kd", "As Ac", "Ks Kc"), "board 'Ah Kd' has 2 cards"),
    (("rank", "--board", "Ah Kd 7c 2s 3h", "As Ah", "Ks Kc"), "'Ah' appears in both board and hand 1"),
    (("rank", "--board", "Ah Kd 7c 2s 3h", "As Ac Ks", "Kc Qd"), "hand 1 with the board has 8 cards"),
    (("rank",), "give a hand"),
    (("percentile", "--game", "a5-triple", "7s 5d 4c 3h"), "has 4 cards; an a5-triple hand is valued from 5"),
    (("percentile", "--game", "badugi", "As 2d"), "has 2 cards; a badugi hand is valued from 4"),
    (("rank", "--file", "/nonexistent/hands.txt"), "cannot read"),
])
def test_rank_errors(cli, args, fragment):
    code, out, err = cli(*args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and fragment in err


BATCH = """As Ks Qs Js Ts
# a comment

2c3d4h5s7c 9d
Xs Ks Qs Js Ts
10h 9h 8h 7h 6h
As As Kd Qd Jd
A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠
7h,5s,4d,3c,2h
As Ks
"""


def test_batch_tsv_reports_bad_lines_and_answers_good_ones(cli):
    code, out, err = cli("rank", "-", input=BATCH)
    assert code == 1
    rows = [l.split("\t") for l in out.splitlines()]
    assert [r[0] for r in rows] == ["As Ks Qs Js Ts", "2c 3d 4h 5s 7c 9d", "Th 9h 8h 7h 6h",
                                    "As Ks Qs Js Ts 9s 8s", "7h 5s 4d 3c 2h"]
    assert rows[0][1:] == ["1", "STRAIGHT_FLUSH", str(pokercli.rank("As Ks Qs Js Ts").score)]
    assert rows[4][1:3] == ["7462", "HIGH_CARD"]
    assert "line 5: hand: unknown card 'Xs'" in err and "line 7: duplicate card 'As'" in err
    assert "line 10: hand 'As Ks' has 2 cards" in err
    assert "Traceback" not in err


def test_batch_line_may_set_the_hole_cards_off_from_the_board(cli):
    """``hole | board`` is one hand, as an Omaha line may be written; two bars are
    a showdown, which a line is not, and a card on both sides is named."""
    code, out, err = cli("rank", "-", input="AsAh | Kd7c2h5s9d\nAsAh | KsKh | Kd7c2h\nAsAh | KsKh\n"
                                            "AsAh | As7c2h\nAs Ah Kd 7c 2h 5s 9d\n")
    rows = [l.split("\t") for l in out.splitlines()]
    assert code == 1 and [r[0] for r in rows] == ["As Ah Kd 7c 2h 5s 9d"] * 2 and rows[0][1:] == rows[1][1:]
    assert "line 2: a rank line is one hand" in err and "rank --board BOARD HAND HAND" in err
    assert "line 3: hand 'AsAh | KsKh' has 4 cards" in err
    assert "line 4: card 'As' appears in both hole and board" in err


def test_batch_names_a_line_that_is_not_utf8(cli, tmp_path):
    """A line of bytes that are not UTF-8 is named as the spot batches name it (it was
    echoed with replacement characters as an unknown card); the lines around it are ranked."""
    f = tmp_path / "hands.bin"
    f.write_bytes(b"As Ks Qs Js Ts\n\xff\xfe\nAs\xe9Ks Qs Js Ts\n# caf\xc3\xa9\n7h5s4d3c2h\n")
    code, out, err = cli("rank", "--file", str(f))
    assert code == 1 and [r.split("\t")[0] for r in out.splitlines()] == ["As Ks Qs Js Ts", "7h 5s 4d 3c 2h"]
    assert err.splitlines() == ["pokercli: line 2: the line is not UTF-8 text",
                                "pokercli: line 3: the line is not UTF-8 text",
                                "pokercli: 2 bad lines skipped, 2 hands ranked"]


def test_batch_json_lines_from_file(cli, tmp_path):
    f = tmp_path / "hands.txt"
    f.write_text("As Ks Qs Js Ts\n7h5s4d3c2h")  # no final newline
    code, out, err = cli("rank", "--file", str(f), "--json")
    assert code == 0 and err == ""
    docs = [json.loads(l) for l in out.splitlines()]
    assert [(d["hand"], d["class"], d["type"]) for d in docs] == [
        ("As Ks Qs Js Ts", 1, "STRAIGHT_FLUSH"), ("7h 5s 4d 3c 2h", 7462, "HIGH_CARD")]
    assert all(set(d) >= {"hand", "class", "type", "score"} for d in docs)


def test_a_score_no_hand_has_is_refused(cli):
    """Type bits of a straight flush and no ranks: not a hand's score, one line, exit 2."""
    code, out, err = cli("rank", "--score", "603979776")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "603979776 is not the score of a five-card hand (type STRAIGHT_FLUSH" in err
