"""encode, deal, output modes, errors, completions, light start."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import run_subprocess
from typer.testing import CliRunner

from pokercli.cli import app

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;]*m")

SEED_LAYOUT = [
    "SUIT: DDDDDDDDDDDDD CCCCCCCCCCCCC SSSSSSSSSSSSS HHHHHHHHHHHHH",
    "RANK: AKQJT98765432 AKQJT98765432 AKQJT98765432 AKQJT98765432",
    "BITS: 0001010000000 0000000000000 0010000000000 1000100000000",
]


def test_help_lists_every_command_with_help(cli):
    code, out, _ = cli("--help")
    assert code == 0
    from pokercli.cli import app
    import typer.main

    group = typer.main.get_command(app)
    for name, cmd in group.commands.items():
        assert re.search(rf"^\s+{name}\s+\S", out, re.M), name
        assert cmd.help, name


def test_encode_plain_matches_seed_figures(cli):
    code, out, err = cli("encode", "TH AH QS 9D JD")
    assert code == 0 and err == ""
    assert "\x1b" not in out
    lines = out.splitlines()
    assert "mask52: 351843729281280" in lines
    for row in SEED_LAYOUT:
        assert row in lines
    assert "suit_groups: C: 0, D: 640, H: 4352, S: 1024" in lines
    assert "D: RANK: AKQJT98765432  BITS: 0001010000000  (9 J)" in lines


def test_encode_card_words_match_seed_000(cli):
    code, out, _ = cli("encode", "A♠ J♠ 9♠")
    assert code == 0
    assert "As\t268442665\t00010000000000000001110000101001\t0\t38" in out.splitlines()
    assert "Js\t33560861" in out and "9s\t8394515" in out


def test_encode_json_keys(cli):
    code, out, _ = cli("encode", "TH AH QS 9D JD", "--json")
    doc = json.loads(out)
    assert doc["cards"] == ["Th", "Ah", "Qs", "9d", "Jd"]
    assert doc["mask52"] == 351843729281280
    assert doc["suit_groups"] == {"C": 0, "D": 640, "H": 4352, "S": 1024}
    assert [pc["deck_index"] for pc in doc["per_card"]] == [17, 1, 8, 22, 14]
    assert doc["per_card"][1]["ck32"] == 268446761
    assert [pc["hearts_index"] for pc in doc["per_card"]] == [47, 51, 36, 20, 22]


def test_encode_decodes_integers(cli):
    code, out, _ = cli("encode", "351843729281280", "--json")
    # the cards of a 52-bit set come lowest bit first: hearts, spades, clubs, diamonds
    assert code == 0 and json.loads(out)["cards"] == ["Th", "Ah", "Qs", "9d", "Jd"]
    code, out, _ = cli("encode", "268442665", "--as", "ck32", "--json")
    assert json.loads(out)["cards"] == ["As"]
    code, out, _ = cli("encode", "640", "--as", "ranks")
    assert out.splitlines() == ["RANK: AKQJT98765432", "BITS: 0001010000000", "ranks: 9 J"]
    code, out, _ = cli("encode", "0x1400000801100", "--json")
    assert json.loads(out)["mask52"] == 351843729281280


def test_encode_rich_on_a_terminal(cli):
    code, out, _ = cli("encode", "TH AH QS 9D JD", terminal=True)
    assert code == 0 and "\x1b[" in out
    plain = ANSI.sub("", out)
    for row in SEED_LAYOUT:
        assert row in plain
    # the 32-bit card word as annotated field groups, the seed's layout over the bits
    assert "xxx AKQJT98765432 ♣♢♡♠ RRRR xx PPPPPP" in plain
    assert "000 1000000000000 0010 1100 00 101001" in plain  # Ah: 00010000000000000010110000101001


@pytest.mark.parametrize("args,fragment", [
    (("encode", "Xs"), "'Xs'"),
    (("encode", "As As"), "duplicate card 'As'"),
    (("encode", str(1 << 52)), "not a 52-bit card set"),
    (("encode", "8192", "--as", "ranks"), "not a 13-bit rank set"),
    (("encode", "12", "--as", "ck32"), "not a valid card word"),
    (("deal", "--players", "30"), "needs 65 cards, but the deck has 52"),
    (("deal", "--game", "stud", "--players", "9"), "deck has 52 (or 55 with one community card as every "
                                                   "player's last)"),
    (("equity", "--game", "razz", *(f"({r}d {r}s) {r}h" for r in "AKQJT9876")), "9 players need 63 cards, but only "
                                                                               "52 are left in the deck (or 55 with"),
    (("deal", "--game", "hearts", "--dead", "As"), "needs 52 cards, but the deck has 51"),
    (("deal", "--dead", "Zz"), "'Zz'"),
    (("deal", "--game", "hearts", "--players", "3"), "exactly 4 players"),
    (("deal", "--count", "0"), "--count"),
    (("deal", "--bogus"), "No such option"),
    (("encode",), "Missing argument"),
])
def test_errors_are_one_line_exit_2(cli, args, fragment):
    code, out, err = cli(*args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert fragment in err
    assert "Traceback" not in err


@pytest.mark.parametrize("args,fragment", [
    (("equity", "AhKh", "QQ", "--board", "Jh", "Th", "2c"),
     "--board 'Jh' is followed by Th 2c as words of their own: write its cards in quotes "
     "(--board 'Jh Th 2c') or together (--board JhTh2c)"),
    (("equity", "-b", "Jh", "Th", "2c", "AhKh", "QQ"), "(--board 'Jh Th 2c')"),
    (("equity", "AsKsQd7c", "JhTh9c8c", "--game", "omaha", "--board", "Qs", "Js", "3d"), "(--board QsJs3d)"),
    (("equity", "AhKh", "QQ", "--dead", "Jh", "10h"), "(--dead 'Jh 10h')"),
    (("outs", "AsKs", "--vs", "QdQc", "--board", "Qs", "Js", "3d"), "(--board 'Qs Js 3d')"),
    (("percentile", "AsKs", "--board", "Kd", "7c", "2h"), "(--board 'Kd 7c 2h')"),
    (("hits", "QQ+", "--board", "Kd", "7c", "2h"), "(--board 'Kd 7c 2h')"),
    (("rank", "AsKs", "--board", "Kd", "7c", "2h", "3s", "4s"), "(--board 'Kd 7c 2h 3s 4s')"),
    (("icm", "5000", "3000", "2000", "-p", "50", "30", "20"),
     "--payouts '50' is followed by 30 20 as words of their own, payouts or stacks: write several payouts "
     "with commas (--payouts 50,30,20), and the stacks before --payouts"),
    (("icm", "50", "30", "20", "--payouts", "50%", "30%", "20%"), "(--payouts 50%,30%,20%)"),
    (("hits", "QQ+", "--board", "Kd7c2h", "--dead", "Jh", "Th"), "(--dead 'Jh Th')"),
    (("equity", "AsKs", "QQ", "--board", "Kd 7c 2h", "Ts"), "(--board 'Kd 7c 2h Ts') or together (--board Kd7c2hTs)"),
    (("rank", "AsKs", "QdQc", "--board", "Kd7c2h", "3s", "4s"), "(--board 'Kd7c2h 3s 4s')"),
    (("combos", "3s", "4s", "5s", "6s", "7s", "8h", "--beats", "3h", "3d"),
     "--beats '3h' is followed by 3d as words of their own, more of its cards or the hand: write several of its "
     "cards in quotes (--beats '3h 3d'), and the hand before --beats"),
    (("combos", "--beats", "3h", "3s", "4s", "5s"), "(--beats '3h 3s'), and the hand before --beats"),
    (("hits", "QQ+", "--board", "Kd7c2h", "--vs", "JJ", "AK"),
     "the range is written on both sides of --vs 'JJ' (QQ+ before, AK after), and AK could be the option's: "
     "write its value in quotes (--vs 'JJ AK') and the range's words before it"),
    (("combos", "3s", "4s", "--beats", "3h3d", "5s", "6s"), "the hand is written on both sides of --beats"),
    (("rank", "As", "Ks", "--board", "Kd7c2h3s4s"),     # it was two one-card hands
     "with --board each word is a hand, and As Ks are one card each: a hand of several words goes in quotes "
     "('As Ks')"),
    (("rank", "AsKs", "Qd", "Qc", "-b", "Kd7c2h"), "(AsKs 'Qd Qc')"),
    (("rank", "AsKs", "Qd", "--board", "Kd7c2h3s4s"), "and Qd is one card, not a hand's cards"),
    (("percentile", "As", "Ks", "--board", "Kd7c2h"),   # it was "Got unexpected extra argument(s) (Ks)"
     "percentile takes one hand, and As Ks are its cards as words of their own: write them in quotes ('As Ks') "
     "or together (AsKs)"),
    (("outs", "As", "Ks", "--vs", "QQ", "--board", "Kd7c2h"), "outs takes one hand, and As Ks are its cards"),
    (("deal", "--dead", "As", "Kd", "--seed", "1"), "(--dead 'As Kd') or together (--dead AsKd)"),
    (("table", "--classes", "QQ+", "AKs"),              # it was "Got unexpected extra argument(s) (AKs)"
     "table takes no words of its own, and AKs follows --classes 'QQ+': write a value with spaces in quotes "
     "(--classes 'QQ+ AKs')"),
    (("pushfold", "--stacks", "10", "10", "10"), "and 10 10 follow --stacks '10': write a value with spaces in "
                                                 "quotes (--stacks '10 10 10')"),
    (("hh", "no-such-session.phhs", "--summary", "--hero", "Phil", "Ivey"),
     "--hero 'Phil' is followed by Ivey, which is no file: a name with spaces goes in quotes (--hero 'Phil Ivey')"),
    # a range split after a comma: the option keeps its first part, the rest is a player or the command's words
    (("hits", "QQ+", "--board", "Kd7c2h", "--vs", "JJ,", "AK"),
     "--vs 'JJ,' ends with a comma and AK follows as a word of its own: write a list with spaces in quotes "
     "(--vs 'JJ, AK')"),
    (("percentile", "AsKs", "--vs", "QQ+,", "AK", "--board", "Kd7c2h"), "(--vs 'QQ+, AK')"),
    # an option the command lacks is named by its parser: its value is no hand ("9c is one card")
    (("rank", "Ah Kd", "AsAh", "--board", "Kd7c2h5s9d", "--dead", "9c"), "No such option: --dead"),
    (("percentile", "AsKs", "--seed", "1"), "No such option: --seed"),
    # an option given twice: the parser kept the last and dropped the first without a word
    (("equity", "AsAh", "KsKh", "--board", "Kd7c2h", "-b", "5s"),
     "--board is given twice ('Kd7c2h' and '5s'), and only the last would count: write its cards once, in "
     "quotes (--board 'Kd7c2h 5s')"),
    (("equity", "AsAh", "KsKh", "--mc", "-s", "1", "--seed=2", "--seed", "3"),
     "--seed is given 3 times ('1' and '2' and '3'), and only the last would count: give it once"),
    (("icm", "50", "30", "20", "-p", "5,3,2", "--call", "1", "2", "--call", "2", "3"),
     "--call is given twice ('1 2' and '2 3')"),
    (("equity", "AsKs", "QQ+,", "AK"),
     "player 'QQ+,' ends with a comma and AK follows as a word of its own, one range or two players: write a "
     "range with spaces in quotes ('QQ+, AK'), and players without the comma"),
])
def test_a_list_option_of_separate_words_is_named(cli, args, fragment):
    """``--board Jh Th 2c`` unquoted: the shell gives the board 'Jh' and makes
    players of Th and 2c ("hand 3 'Th' has 1 card"), or stray words ("Got
    unexpected extra argument(s)"); ``icm 5000 3000 2000 -p 50 30 20`` paid 50
    to five players, two of them with stacks of 30 and 20. Now one line saying
    how to write it."""
    code, out, err = cli(*args)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and fragment in err, err


@pytest.mark.parametrize("args", [
    ("equity", "AhKh", "QQ", "--dead", "Jh"),            # one dead card
    ("equity", "AhKh", "QQ", "--board", "Jh Th 2c"),     # quoted
    ("rank", "As", "Ks", "Qs", "Js", "Ts"),              # rank's words are one hand without --board
    ("rank", "As", "--board", "Kd7c2h3s4s"),              # one word: six cards valued
    ("table", "--classes", "QQ+ AKs"),
    ("draw", "--dead", "2c", "As", "Ks", "Qs", "Js", "Th"),  # draw's words are its hand
    ("icm", "5000", "3000", "-p", "100"),                # one payout, the stacks before it
    ("icm", "5000", "3000", "-p", "70,30", "--call", "2", "1"),
    ("icm", "50,", "30,", "20", "-p", "50,30,20"),        # stacks are words of their own anyway
    ("draw", "As", "Ks", "Qs", "Js", "Th", "--dead", "2c"),
    ("combos", "3s", "4s", "5s", "6s", "7s", "8h", "9h", "--beats", "3h"),
    ("equity", "AsKs", "QQ+, AK"),
    ("equity", "AsKs", "QQ+,", "--json"),                # a flag after the comma: no word follows
    ("equity", "AsAh,", "KsKh"),                          # joined, one player: no spot, so two players
    ("hits", "--vs", "JJ", "QQ+", "--board", "Kd7c2h"),      # hits' range after --vs alone: its own
    ("hits", "QQ+", "--vs", "JJ", "--board", "Kd7c2h"),
    ("draw", "As", "Ks", "Qs", "--dead", "2c", "Js", "Th"),  # one reading makes a hand of five
    ("equity", "AsAh,", "KsKh,", "QsQh"),
    ("equity", "AsKs", "QQ+,AK", "--board", "Kd 7c 2h", "--dead", "2c"),
])
def test_cards_in_words_of_their_own_elsewhere_are_read(cli, args):
    code, out, err = cli(*args)
    assert code == 0 and "followed by" not in err and "ends with a comma" not in err, err


@pytest.mark.parametrize("command", [["hits", "--board", "Kd7c2h"], ["range"]])
@pytest.mark.parametrize("words,quoted", [(["QQ+,", "AK"], "QQ+,AK"), (["top", "15%"], "15%"),
                                          (["AA", ":", "0.5", "KK"], "AA:0.5,KK"), (["AK", "s"], "AKs"),
                                          (["TT", "-", "77"], "TT-77")])
def test_a_range_of_words_is_the_range_quoted(cli, command, words, quoted):
    """``hits``' and ``range``'s words are one range, read as if quoted: ``top
    15%``, ``AA : 0.5`` and ``AK s`` unquoted were refused ('top' is not a hand
    class: the words were joined with commas), and ``QQ+, AK`` shown as 'QQ+,,AK'."""
    code, out, err = cli(*command[:1], *words, *command[1:], "--json")
    code2, out2, err2 = cli(*command[:1], quoted, *command[1:], "--json")
    assert code == code2 == 0, err + err2
    doc, want = json.loads(out), json.loads(out2)
    assert doc["range"] == " ".join(words)
    doc["range"] = want["range"]
    assert doc == want


def test_internal_error_exit_1_with_debug_hint(cli, monkeypatch):
    import pokercli.representations

    def boom(*a, **k):
        raise RuntimeError("kaput")

    monkeypatch.setattr(pokercli.representations, "encode", boom)
    code, out, err = cli("encode", "As")
    assert code == 1 and "kaput" in err and "--debug" in err and len(err.splitlines()) == 1


def test_deal_is_reproducible_and_complete(cli):
    a = cli("deal", "--seed", "42", "--players", "6", "--json")[1]
    b = cli("deal", "--seed", "42", "--players", "6", "--json")[1]
    assert a == b
    doc = json.loads(a)
    cards = [c for h in doc["hands"] for c in h] + doc["board"]
    assert len(doc["hands"]) == 6 and len(doc["board"]) == 5 and len(set(cards)) == 17
    assert json.loads(cli("deal", "--seed", "43", "--players", "6", "--json")[1]) != doc


def test_deal_fixed_figures_are_stable_across_machines(cli):
    # Pinned: MT19937 + the documented Fisher-Yates; a change here breaks users' seeds.
    code, out, _ = cli("deal", "--players", "2", "--seed", "1")
    assert out == "Qh 2h\t9d 5h\tAd 5d Tc Qc 6c\n"


@pytest.mark.parametrize("game,hands,size", [("draw", 3, 5), ("hearts", 4, 13), ("bigtwo", 4, 13)])
def test_deal_games(cli, game, hands, size):
    args = ["deal", "--game", game, "--seed", "7", "--json"]
    if game == "draw":
        args += ["--players", "3"]
    doc = json.loads(cli(*args)[1])
    assert len(doc["hands"]) == hands and all(len(h) == size for h in doc["hands"])
    cards = [c for h in doc["hands"] for c in h]
    assert len(set(cards)) == len(cards)


def test_deal_dead_cards_and_count(cli):
    code, out, _ = cli("deal", "--seed", "3", "--count", "50", "--dead", "As Ks", "--players", "3")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 50
    for line in lines:
        fields = line.split("\t")
        assert len(fields) == 4
        assert "As" not in line.split() and "Ks" not in line.split()
    code, out, _ = cli("deal", "--seed", "3", "--count", "5", "--json")
    assert [json.loads(l)["deal"] for l in out.splitlines()] == [1, 2, 3, 4, 5]


def test_deal_without_seed_reports_it(cli):
    code, out, err = cli("deal", "--json")
    seed = json.loads(out)["seed"]
    assert f"--seed {seed}" in err


def test_completions_are_up_to_date():
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_completions.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout


def test_completion_protocol_answers():
    r = run_subprocess(env={"COMP_WORDS": "pokercli deal --game ", "COMP_CWORD": "3",
                            "_POKERCLI_COMPLETE": "complete_bash"})
    from pokercli.games import GAMES

    assert r.stdout.split() == list(GAMES)  # every game and layout, in registry order
    assert r.stdout.split()[:3] == ["holdem", "omaha", "omaha5"] and "razz" in r.stdout.split()


LIGHT = """
import sys
from pokercli.cli import main
sys.argv = ["pokercli", *{args!r}]
try:
    main()
except SystemExit:
    pass
heavy = sorted(m for m in ("numba", "numpy", "llvmlite") if m in sys.modules)
sys.stderr.write("HEAVY=" + ",".join(heavy) + "\\n")
"""


@pytest.mark.parametrize("args", [["--help"], ["encode", "As Kd"], ["deal", "--seed", "1"],
                                  ["deal", "--game", "hearts", "--seed", "1"], ["encode", "--help"],
                                  ["rank", "As Ks Qs Js Ts 2c 3d"], ["rank", "--score", "270536708"],
                                  ["rank", "--board", "Ah Kd 7c 2s 3h", "As Ac", "Kh Ks"],
                                  ["combos", "As Ah Ad Ac Ks Qs Js Ts 3d 4d 5d 6d 7c"],
                                  ["hearts", ",".join(["1", "2", "3", "4"] * 13)],
                                  ["range", "QQ+,AKs"], ["equity", "--help"]])
def test_light_commands_do_not_import_numba(args):
    r = subprocess.run([sys.executable, "-c", LIGHT.format(args=args)], capture_output=True, text=True)
    assert "HEAVY=\n" in r.stderr, r.stderr


def test_preflop_percentile_is_light_once_its_table_is_cached():
    """The 169 classes' equities are derived from the shipped deals (NumPy) once,
    then read from the cache as JSON."""
    warm = subprocess.run([sys.executable, "-c", LIGHT.format(args=["percentile", "AKs"])],
                          capture_output=True, text=True)
    r = subprocess.run([sys.executable, "-c", LIGHT.format(args=["percentile", "AKs", "--json"])],
                       capture_output=True, text=True)
    assert "HEAVY=\n" in r.stderr, (warm.stderr, r.stderr)
    assert json.loads(r.stdout)["class_rank"] == 8


def test_python_dash_m_entry_point():
    r = run_subprocess("encode", "As", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["mask52"] == 1 << 25


@pytest.mark.parametrize("args,expect", [
    (["equity", "AsAh", "KsKh", "--categories", "--json"], '"wins": 1410336'),
    (["equity", "AhAd", "KsKc", "QhQs", "--json"], '"boards": 1370754'),
    (["percentile", "As Ad", "--board", "Ac 2d 8c", "--json"], "1018071"),
    (["draw", "Js Jd 2c 5h 9s", "--json"], "1.5365"),
])
def test_heavy_commands_in_a_fresh_process(args, expect):
    """Kernels loaded from the disk cache in a new interpreter (the fast load that
    skips Numba's registry refresh, see the kernel cache's fast load) give the same
    answers; run twice so the second run certainly loads from the cache."""
    for _ in range(2):
        r = run_subprocess(*args)
        assert r.returncode == 0, r.stderr
        assert expect in r.stdout
    batch = run_subprocess("rank", "-", input="As Ks Qs Js Ts\n2c 3d 4h 5s 7c 8d 9h\n")
    assert batch.returncode == 0 and batch.stdout.splitlines()[0].split("\t")[1] == "1"


def test_cached_kernels_load_without_numba_typing_registries():
    """A heavy command whose kernels are cached never loads Numba's typing
    registries (numba.np.arraymath, which imports SciPy when installed): that is
    most of the start-up time _jit._load_cached saves."""
    code = ("import sys\n"
            "sys.argv = ['pokercli', 'equity', 'AsAh', 'KsKh', '--categories', '--json']\n"
            "from pokercli.cli import main\n"
            "try:\n"
            "    main()\n"
            "except SystemExit:\n"
            "    pass\n"
            "print('no-numba' if 'numba' not in sys.modules else\n"
            "      'arraymath' if 'numba.np.arraymath' in sys.modules else 'light')\n")
    for _ in range(2):  # the first run may compile; the second loads from the cache
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert '"wins": 1410336' in r.stdout
    assert r.stdout.split()[-1] == "light"


def test_no_color_takes_the_colour_away_and_keeps_the_layout(cli, monkeypatch):
    """no-color.org: NO_COLOR removes colour only; the terminal view stays a table
    (it once switched to the pipeline format: one 2,031-character line)."""
    import re

    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = cli("equity", "AsAh", "KsKh", terminal=True, columns=140)
    assert code == 0 and "┃" in out and "82.637" in out
    sgr = [p for m in re.findall(r"\x1b\[([0-9;]*)m", out) for p in m.split(";") if p]
    assert not [p for p in sgr if p in ("38", "48") or 30 <= int(p) <= 37 or 90 <= int(p) <= 97
                or 40 <= int(p) <= 47], sgr
    monkeypatch.delenv("NO_COLOR")
    code, out, _ = cli("equity", "AsAh", "KsKh", terminal=True, columns=140)
    assert re.search(r"\x1b\[[0-9;]*3[0-7]m", out)  # with colour (the bars), for contrast


def test_every_help_fits_80_columns(cli, monkeypatch):
    """Each command's --help, the root's too, at 80 columns (long --game choices once
    made 93- and 112-column lines: the choices are in the help text now)."""
    import typer.main

    from pokercli.cli import app

    monkeypatch.setenv("COLUMNS", "80")
    names = [[]] + [[name] for name in typer.main.get_command(app).commands]
    assert len(names) > 10
    for name in names:
        code, out, _ = cli(*name, "--help")
        long = [line for line in out.splitlines() if len(line) > 80]
        assert code == 0 and not long, (name, long)


@pytest.mark.parametrize("args", [
    ["equity", "AsAh", "KsKh"], ["equity", "AsAh"], ["equity", "--help"], ["equity", "AsAh", "KsKh", "--nope"],
    ["rank", "AsAhKsKhQs", "--json"], ["deal", "--seed", "3", "--players", "3"], ["encode", "--help"],
])
def test_a_named_command_alone_answers_as_the_whole_app(args):
    """main() registers only the command its first word names (Typer builds
    every registered command at each start): the same output, errors and exit
    status as the whole app; other first words get the whole app."""
    from pokercli.cli import app_for

    one = app_for(args)
    assert one is not app and [c.callback.__name__ for c in one.registered_commands] == [args[0]]
    assert len(app.registered_commands) > 10  # the app itself is left whole
    whole, alone = (CliRunner().invoke(a, args) for a in (app, one))

    def timeless(text: str) -> str:  # a job's own seconds differ from run to run
        return re.sub(r'in \d+\.\d+ s|"seconds": [\d.e-]+', "<seconds>", text)

    assert (alone.exit_code, timeless(alone.stdout), alone.stderr) == \
        (whole.exit_code, timeless(whole.stdout), whole.stderr)
    for words in ([], ["--version"], ["nosuch"], ["--debug", "equity", "AsAh", "KsKh"]):
        assert app_for(words) is app


def test_a_shell_completion_gets_the_whole_app(monkeypatch):
    from pokercli.cli import app_for

    monkeypatch.setenv("_POKERCLI_COMPLETE", "complete_bash")
    assert app_for(["equity"]) is app
