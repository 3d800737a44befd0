"""`pokercli equity`: output modes, errors in flags, Ctrl-C, and the batch mode `equity -`."""

import json
import os
import signal
import threading

import pytest

import pokercli


def test_cli_equity_json(cli):
    code, out, err = cli("equity", "AsAh", "KsKh", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["method"] == "exact" and doc["boards"] == 1_712_304
    assert [p["hand"] for p in doc["players"]] == ["As Ah", "Ks Kh"]
    assert [p["wins"] for p in doc["players"]] == [1_410_336, 292_660]
    assert set(doc["players"][0]) >= {"hand", "win", "tie", "equity"}


def test_cli_equity_monte_carlo_json(cli):
    code, out, _ = cli("equity", "AsAh", "random", "--samples", "200000", "--seed", "4", "--json")
    doc = json.loads(out)
    assert doc["method"] == "monte-carlo" and doc["samples"] == 200_000 and doc["stderr"] > 0
    code, out2, _ = cli("equity", "AsAh", "random", "--samples", "200000", "--seed", "4", "--json")
    assert json.loads(out2)["players"] == doc["players"]


def test_cli_equity_plain_and_rich(cli):
    code, out, _ = cli("equity", "AhAd", "KsKc", "QhQs")
    lines = out.splitlines()
    assert "method: exact" in lines
    assert any(l.startswith("Ah Ad\t") and "\t66.8679\t" in l for l in lines)
    code, out, _ = cli("equity", "AhAd", "KsKc", "--categories", terminal=True)
    assert "\x1b[" in out and "final hand type" in out and "█" in out


def test_cli_falls_back_to_monte_carlo_and_says_so(cli):
    code, out, _ = cli("equity", "random", "random", "--json", "--seed", "1", "--stderr", "0.003")
    assert json.loads(out)["method"] == "monte-carlo"
    code, out, _ = cli("equity", "random", "random", "random", "--seed", "1")
    assert "method: monte-carlo" in out and "sampled instead" in out


@pytest.mark.parametrize("args,fragment", [
    (("equity", "AsAh", "AsKd"), "'As' appears in both hand 1 and hand 2"),
    (("equity", "AsAh", "KsKd", "--board", "Ah 2c 3d"), "'Ah' appears in both board and hand 1"),
    (("equity", "AsAh", "KsKd", "--board", "2c 3d"), "board '2c 3d' has 2 cards"),
    (("equity", "AsAh", "KsKd", "--board", "2c 3d 4h 5s 6c 7d"), "has 6 cards"),
    (("equity", "AsAh"), "at least 2 players"),
    (("equity", *["random"] * 24), "need 53 cards"),
    (("equity", "AsAh", "QQ++"), "player 2"),
    (("equity", "AsAh", "AsKs,AhKh"), "empty once the board"),
    (("equity", "AsAh", "KsKd", "Qs"), "hand 3 'Qs' has 1 card,"),
    (("equity", "--game", "stud", "(As Kd) 7h", "5d"), "hand 2 '5d' has 1 card; a hand here shows 3 to 7"),
    (("equity", "random", "random", "random", "--exact"), "--monte-carlo"),
    (("equity", "AsAh", "KsKd", "--exact", "--samples", "10"), "cannot be combined"),
    (("equity", "AsAh", "KsKd", "--stderr", "2"), "--stderr"),
    (("range", "QQ++"), "is not a hand class"),
])
def test_cli_equity_errors(cli, args, fragment):
    code, out, err = cli(*args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert fragment in err


def test_cli_range_grid(cli):
    code, out, _ = cli("range", "QQ+,AKs", "--json")
    doc = json.loads(out)
    assert doc["combos"] == 22 and doc["grid"][0][1]["hand"] == "AKs" and doc["grid"][0][1]["combos"] == 4
    code, out, _ = cli("range", "QQ+,AKs")
    assert "combos: 22 of 1326 (1.66%)" in out
    code, out, _ = cli("range", "QQ+,AKs,A5s:0.5", terminal=True)
    assert "\x1b[" in out and "AKs" in out


def test_ctrl_c_during_monte_carlo_prints_partial_result(cli):
    """Ctrl-C while sampling: the handler is set here (a test started with SIGINT
    ignored would otherwise pass without testing anything), and the signal is a
    real SIGINT sent to this process."""
    pokercli.equity(["As Ah", "Ks Kh"], samples=1000, seed=1)  # kernels loaded and warm
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        code, out, err = cli("equity", "AsAh", "KsKh", "--samples", "2000000000", "--seed", "3", "--json")
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, old)
    assert code == 130, err
    doc = json.loads(out)
    assert doc["interrupted"] is True and 0 < doc["samples"] < 2_000_000_000
    assert "interrupted" in err and "Traceback" not in err



def _interrupted(cli, *args, input=None, after=1.5):
    """The command run with a real SIGINT sent to this process ``after`` seconds
    in, the handler set here (a test started with SIGINT ignored would test nothing)."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(after, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        return cli(*args, input=input)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, old)


@pytest.mark.parametrize("args", [["AsAh", "KsKh", "--runs", "3"],
                                  ["--game", "omaha", "As Ks Qd Jd", "7h 6h 5c 4c", "--boards", "2"]])
def test_ctrl_c_during_runs_monte_carlo_prints_the_runs_so_far(cli, args):
    """Runs sampled (three runs of whole boards; an Omaha double board) stop at a
    Ctrl-C with the deals so far, say so, and exit 130, as equity's Monte Carlo does."""
    pokercli.equity_runs(args[-4:-2] if "omaha" in args else args[:2], runs=2, samples=1000, seed=1,
                         game="omaha" if "omaha" in args else "holdem", method="monte-carlo")  # warm
    code, out, err = _interrupted(cli, "equity", *args, "--samples", "1000000000", "--seed", "3", "--json")
    assert code == 130, err
    doc = json.loads(out)
    assert doc["interrupted"] is True and 0 < doc["deals"] < 1_000_000_000
    assert err == "pokercli: interrupted: the result below is from the samples so far\n"
    code, out, _ = cli("equity", *args, "--samples", "2000", "--seed", "3", "--json")
    assert code == 0 and json.loads(out)["interrupted"] is False


@pytest.mark.parametrize("lines", ["AsAh | KsKh\n" * 3, "AsAh | KsKh | runs 3\n" * 3])
def test_ctrl_c_stops_a_batch_at_the_line_it_samples(cli, lines):
    """Ctrl-C while a batch line samples: that line's answer from the samples so
    far, then no more lines (they used to be answered one after another, each
    in full), a last line saying so, and exit 130."""
    pokercli.equity(["As Ah", "Ks Kh"], samples=1000, seed=1)
    pokercli.equity_runs(["AsAh", "KsKh"], runs=3, samples=1000, seed=1)
    code, out, err = _interrupted(cli, "equity", "-", "--samples", "1000000000", "--seed", "3", input=lines)
    assert code == 130, err
    docs = [json.loads(x) for x in out.splitlines()]
    assert len(docs) == 1 and docs[0]["line"] == 1 and docs[0]["interrupted"] is True
    assert err == ("pokercli: interrupted at line 1: its answer is from the samples so far, and no later "
                   "line was read (1 spot answered)\n")


# --- batch: one spot per line -----------------------------------------------------

SPOTS = """{"players": ["AsAh", "KsKh"]}
# a comment, then a blank line

AsAh | QQ+,AKs | board Kd7c2h
{"players": ["AhAd", "KsKc", "QhQs"], "game": "holdem"}
{"players": ["AsAh", "AsKd"]}
not | a | spot
{"players": ["AsKs", "random"], "board": "2s 3h 9c 4d", "dead": "5c"}
"""


def test_batch_answers_every_good_line_in_order(cli):
    code, out, err = cli("equity", "-", input=SPOTS)
    assert code == 1
    docs = [json.loads(l) for l in out.splitlines()]
    assert [d["line"] for d in docs] == [1, 4, 5, 8]
    assert docs[0]["players"][0]["wins"] == 1_410_336
    one = pokercli.equity(["AsAh", "QQ+,AKs"], "Kd7c2h").to_dict()
    assert [p["wins"] for p in docs[1]["players"]] == [p["wins"] for p in one["players"]]
    assert [round(100 * p["equity"], 3) for p in docs[2]["players"]] == [66.868, 18.515, 14.617]
    assert docs[3]["dead"] == ["5c"] and docs[3]["board"] == ["2s", "3h", "9c", "4d"]
    assert "line 6: card 'As' appears in both hand 1 and hand 2" in err
    assert "line 7: player 1" in err and "2 bad lines skipped, 4 spots answered" in err


def test_a_board_written_as_a_player_gets_a_hint(cli):
    """A plain line whose last part is three to five cards and names no board:
    its error says how a board is written on a line; other mistakes do not."""
    code, out, err = cli("equity", "-", input="AsAh | KsKh | Jh Th 2c\nAsAh | KsKh | board Jh Th 2c\n"
                                              "AsAh | KsKh 2c\nAsAh | QQ+ | board Jh Th\n"
                                              '{"players": ["AsAh", "KsKh", "Jh Th 2c"]}\n')
    assert code == 1 and [json.loads(line)["line"] for line in out.splitlines()] == [2]
    lines = [line for line in err.splitlines() if not line.startswith(("pokercli: compil", "pokercli: built",
                                                                        "pokercli: building"))]
    assert lines[0].startswith("pokercli: line 1: hand 3 'Jh Th 2c' has 3 cards") \
        and lines[0].endswith("on a line, the board is a part of its own: 'board Jh Th 2c'")
    assert all("board is a part of its own" not in line for line in lines[1:]) and len(lines) == 5


def test_batch_method_options_apply_to_every_line(cli, tmp_path):
    f = tmp_path / "spots.txt"
    f.write_text('{"players": ["AsAh", "random"]}\nKsKh | random\n')
    code, out, err = cli("equity", "--file", f, "--samples", "20000", "--seed", "5")
    docs = [json.loads(l) for l in out.splitlines()]
    assert code == 0 and err == "" and all(d["method"] == "monte-carlo" and d["samples"] == 20_000 for d in docs)
    again = [json.loads(l) for l in cli("equity", "--file", f, "--samples", "20000", "--seed", "5")[1].splitlines()]
    assert again == [{**d, "seconds": a["seconds"]} for d, a in zip(docs, again)]


@pytest.mark.parametrize("line,fragment", [
    ('{"players": "AsAh KsKh"}', "players is a list"),
    ('{"players": ["AsAh", "KsKh"], "borad": "2c3c4c"}', "unknown field 'borad'"),
    ('{"board": "2c 3c 4c"}', "'players' is missing"),
    ('[1, 2]', "a spot is a JSON object"),
    ('{"players": ["AsAh", "KsKh"]', "not a valid JSON object"),
    ("AsAh | KsKh | board 2c 3c", "board '2c 3c' has 2 cards"),
    ('{"players": ["AsAh", "KsKh"], "game": "pineapple"}', "game must be one of 'holdem', 'omaha'"),
    ('{"players": ["AsAh", "KsKh"], "game": "omaha"}', "hand 1 'AsAh' has 2 cards, expected 4"),
    # players written as on the command line: the line says how a line separates them
    ("AsAh KsKh", "players are separated by '|' (AsAh | QQ+,AKs | board Kd7c2h); this line has 1: 'AsAh KsKh'"),
    ("board Kd7c2h", "players are separated by '|' (AsAh | QQ+,AKs | board Kd7c2h); this line has 0"),
    # a field or part given twice (JSON and the plain form both kept the last one)
    ('{"players": ["AsAh", "KsKh"], "board": "Kd7c2h", "board": "Qs7c2h"}', "the field 'board' is given twice"),
    ("AsAh | KsKh | board Kd7c2h | Board Qs7c2h", "the part 'board' is given twice"),
    ("AsAh | KsKh | dead 2c | dead 3c", "the part 'dead' is given twice"),
])
def test_batch_bad_lines_say_why(cli, line, fragment):
    code, out, err = cli("equity", "-", input=line + "\n" + "AsAh | KsKh\n")
    assert code == 1 and len(out.splitlines()) == 1 and json.loads(out)["line"] == 2
    assert "line 1: " in err and fragment in err


def test_batch_refuses_per_run_spot_options(cli):
    code, _, err = cli("equity", "-", "--board", "2c 3c 4c", input="AsAh | KsKh\n")
    assert code == 2 and "batch mode" in err


def test_batch_reads_bad_bytes_and_a_bom(cli):
    code, out, err = cli("equity", "-", input=b"\xef\xbb\xbfAsAh | KsKh\n\xff\xfe\nAsAh | QsQh\n")
    assert code == 1 and [json.loads(l)["line"] for l in out.splitlines()] == [1, 3]
    assert "line 2: the line is not UTF-8 text" in err


def test_percentile_batch(cli):
    spots = ('{"hand": "AsAd", "board": "Ac 2d 8c"}\n'
             'AKs\n'
             '7h8h | board 9h Th 2c | vs QQ+,AK\n'
             '{"hand": "AsAd", "board": "As 2d 8c"}\n')
    code, out, err = cli("percentile", "-", input=spots)
    docs = [json.loads(l) for l in out.splitlines()]
    assert code == 1 and [d["line"] for d in docs] == [1, 2, 3]
    assert docs[0]["potential_matrix"]["ahead"]["behind"] == 52_119
    assert docs[1]["class"] == "AKs" and docs[2]["vs"] == "QQ+,AK"
    assert "line 4: card 'As' appears in both hand and board" in err
    # an equity line's part is named, not read as a second hand
    code, out, err = cli("percentile", "-", input="AsAh | runs 2\nAsAh | board Kd7c2h\n")
    assert code == 1 and [json.loads(l)["line"] for l in out.splitlines()] == [2]
    assert "line 1: a percentile line has no 'runs' part (its parts: board, vs, dead, game)" in err


def test_omaha_hilo_from_the_command_line(cli):
    code, out, err = cli("equity", "--game", "omaha-hilo", "As Ah 2c 3d", "Ks Kh 4c 5d", "--board", "7h 8d 9c",
                         "--json")
    doc = json.loads(out)
    assert code == 0 and doc["game"] == "omaha-hilo" and doc["method"] == "exact"
    a, b = doc["players"]
    assert a["equity"] + b["equity"] == pytest.approx(1)
    assert set(a) >= {"scoop", "high", "low", "counts"} and 0 <= doc["no_low"] <= 1
    code, out, _ = cli("equity", "--game", "omaha-hilo", "As Ah 2c 3d", "Ks Kh 4c 5d", "--board", "7h 8d 9c")
    assert "scoop%" in out and "no low:" in out


def test_omaha_errors_and_batch(cli):
    code, out, err = cli("equity", "--game", "omaha", "As Ah Ks", "Qd Qc Jd Tc")
    assert code == 2 and out == "" and err.count("\n") == 1 and "has 3 cards, expected 4" in err
    code, out, err = cli("equity", "--game", "omaha", "-", "--samples", "20000", "--seed", "1",
                         input="As Ah Ks Kh | Qd Qc Jd Tc | board 2h 7d 9s\nAsAh | KsKh\n")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(lines) == 1 and lines[0]["game"] == "omaha" and lines[0]["line"] == 1
    assert "line 2: " in err and "expected 4" in err
