"""The entry point's own answer to ``pokercli equity`` of two hands
(pokercli/entry.py), before Typer is imported: the same output as the Typer
command in every mode, nothing printed for what it leaves to Typer, and a
fresh process that imports neither Typer nor NumPy."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from pokercli.cli import app
from pokercli.entry import quick_equity


def timeless(text: str) -> str:
    """The output without a job's own seconds (they differ from run to run)."""
    return re.sub(r'in \d+\.\d+ s|"seconds": [\d.e-]+|\d+\.\d+ s\b', "<seconds>", text)


TAKEN = [
    ["equity", "AsAh", "KsKh"],
    ["equity", "As Ah", "kd kh"],
    ["equity", "AsAh", "KsKh", "--json"],
    ["equity", "AsAh", "KsKh", "-u"],
    ["equity", "--json", "AsAh", "--unicode", "KsKh"],
    ["equity", "AhKh", "QsQd", "--board", "Jh Th 2c"],
    ["equity", "AhKh", "QsQd", "-b", "JhTh2c5s", "--json"],
    ["equity", "AhKh", "QsQd", "--board=Jh Th 2c 5s 9d"],
    ["equity", "7c2d", "AhAs", "--board", ""],
]


@pytest.mark.parametrize("terminal", ["0", "1"])
@pytest.mark.parametrize("words", TAKEN)
def test_its_answer_is_the_typer_commands(words, terminal, capsys, monkeypatch):
    monkeypatch.setenv("POKERCLI_TERMINAL", terminal)
    monkeypatch.setenv("COLUMNS", "80")
    assert quick_equity(words) is True
    mine = capsys.readouterr()
    theirs = CliRunner().invoke(app, words)
    assert theirs.exit_code == 0
    assert timeless(mine.out) == timeless(theirs.stdout) and mine.err == theirs.stderr
    if "--json" in words:
        json.loads(mine.out)


@pytest.mark.parametrize("words", [
    ["equity", "AsAh"], ["equity", "AsAh", "KsKh", "QsQh"], ["equity", "QQ+", "AKs"],
    ["equity", "AsAh", "random"], ["equity", "AsAh", "KsKh", "--dead", "2c"],
    ["equity", "AsAh", "KsKh", "--exact"], ["equity", "AsAh", "KsKh", "-n", "1000"],
    ["equity", "AsAh", "KsKh", "--board", "Jh Th 2c", "-b", "Jh Th 2c"], ["equity", "-"],
    ["equity", "AsAh", "KsKh", "--game", "shortdeck"], ["equity", "AsAh", "KsKh", "--help"],
    ["equity", "AsAs", "KsKh"], ["equity", "AsAh", "AsKh"], ["equity", "AsAh", "KsKh", "--board", "Jh Th"],
    ["equity", "AsAh", "KsKh", "--board"], ["rank", "AsAh", "KsKh"], ["equity", "AsAh", "KsKh", "--"],
])
def test_what_it_leaves_to_typer_prints_nothing(words, capsys):
    assert quick_equity(words) is False
    assert capsys.readouterr() == ("", "")


def test_a_refusal_is_the_typer_commands(capsys):
    """A spot the library refuses (a card twice) is left to Typer, which names it."""
    assert quick_equity(["equity", "AsAh", "AsKh"]) is False
    r = CliRunner().invoke(app, ["equity", "AsAh", "AsKh"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "As" in r.stderr


def test_a_fresh_process_imports_neither_typer_nor_numpy():
    code = ("import sys\nsys.argv = ['pokercli', 'equity', 'AsAh', 'KsKh', '--board', 'Jh Th 2c']\n"
            "from pokercli.entry import main\nmain()\n"
            "print(sorted(m for m in ('typer', 'numpy', 'numba', 'rich') if m in sys.modules), file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "As Ah\t90.0000" in r.stdout
    assert r.stderr.strip().splitlines()[-1] == "[]"
    r = subprocess.run([sys.executable, "-m", "pokercli", "equity", "AsAh", "AsKh"], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.startswith("pokercli: error:")


@pytest.mark.parametrize("words", [["equity", "AsAh", "KsKh"], ["equity", "AsAh", "KsKh", "--json"],
                                   ["rank", "As Ks Qs Js Ts"]])
def test_a_reader_that_went_away_ends_it_quietly(words):
    """stdout's reader closed before anything is written (``| true``): exit 0, nothing on
    stderr, on the entry point's own answer as on the Typer command's."""
    p = subprocess.Popen([sys.executable, "-m", "pokercli", *words], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    p.stdout.close()  # the child writes into a pipe no one reads: EPIPE
    err = p.stderr.read()
    assert p.wait(timeout=120) == 0 and err == b""
