"""The shell examples of the README and docs/ run: every ``pokercli`` line of a
``sh`` block, in-process, exits 0, and a figure its comment gives (``# exact:
1,712,304 boards``, ``# 9-4-3-2-A, class 57``) is in its output.

An example that needs what a test machine has not (a GPU, a Dask cluster), or
a job of minutes (an enumerated table), is named in ``NOT_RUN`` with why; a
test checks that list against the docs, so an example can neither vanish
from it unnoticed nor be skipped silently. Files an example reads are made
in a temporary directory first (``INPUTS``).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: Examples not run here, each with the reason.
NOT_RUN = {
    "pokercli table --engine gpu -o t.csv": "needs a GPU",
    "pokercli table --players 3 -o t3.csv": "hours on a CPU (the three-way table)",
    'pokercli equity "QQ+,AKs" "JJ-99,AQs+" "AK,AQ" --exact --engine gpu': "needs a GPU",
    "pokercli equity AsAh KsKh --samples 10000000000 --seed 1 --engine gpu": "needs a GPU",
    "pokercli table --compute -o table.csv --checkpoint table.ckpt": "about a minute of enumeration",
    "pokercli table --compute -o table.csv --checkpoint table.ckpt --resume": "continues the one above",
    "pokercli table --scheduler tcp://10.0.0.5:8786 -o table.json": "needs a Dask cluster",
    "pokercli pushfold --stacks 20,15,10,5 --deals 4000000 --seed 7 --json":
        "about 45 s and 0.5 GB (four million deals); the same solve at fewer deals runs "
        "above and in tests/api/test_pushfold_four.py",
}

#: Files the examples read, made before they run.
INPUTS = {
    "spots.jsonl": '{"players": ["AsAh", "KsKh"], "board": "Kd 7c 2h"}\n',
    "spots.txt": "AsAd | board Ac 2d 8c\n",
    "hands.txt": "As Ks Qs Js Ts\nAh Kd 7c 2s 3h 9d 9c\n",
    # docs/hh.md: phh-std's million-dollar pot, and a hand the same three fold to the big blind
    "session.phhs": ('[1]\nvariant = "NT"\nantes = [500, 500, 500]\nblinds_or_straddles = [1000, 2000, 0]\n'
                     'min_bet = 2000\nstarting_stacks = [1125600, 2000000, 553500]\nplayers = ["Ivey", '
                     '"Antonius", "Dwan"]\nactions = ["d dh p1 Ac2d", "d dh p2 ????", "d dh p3 7h6h", '
                     '"p3 cbr 7000", "p1 cbr 23000", "p2 f", "p3 cc", "d db Jc3d5c", "p1 cbr 35000", "p3 cc", '
                     '"d db 4h", "p1 cbr 90000", "p3 cbr 232600", "p1 cbr 1067100", "p3 cc", "p1 sm Ac2d", '
                     '"p3 sm 7h6h", "d db Jh"]\n'
                     '[2]\nvariant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1000, 2000, 0]\n'
                     'min_bet = 2000\nstarting_stacks = [100000, 100000, 100000]\nplayers = ["Ivey", '
                     '"Antonius", "Dwan"]\nactions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", '
                     '"p3 f", "p1 f"]\n'),
}


def examples() -> list[tuple[str, str, str]]:
    """(page, command, comment) of every pokercli line of a sh block."""
    found = []
    for page in PAGES:
        for block in re.findall(r"```sh\n(.*?)```", page.read_text(), re.S):
            for line in block.splitlines():
                command, comment = _split_comment(line)
                if command.startswith("pokercli") or "| pokercli" in command:
                    found.append((page.name, command, comment.strip()))
    return found


def _split_comment(line: str) -> tuple[str, str]:
    """(command, comment) of a shell line: the comment starts at a ``#`` outside quotes."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].strip(), line[i + 1:].strip()
    return line.strip(), ""


EXAMPLES = examples()


def test_the_list_of_examples_not_run_is_the_docs():
    commands = {c for _, c, _ in EXAMPLES}
    assert set(NOT_RUN) <= commands, sorted(set(NOT_RUN) - commands)
    assert len(commands - set(NOT_RUN)) >= 50


def _figures(comment: str) -> list[str]:
    """The figures a comment promises: numbers with a thousands comma, and the
    words of a hand's description (``Straight, nine high``; ``9-4-3-2-A``)."""
    wanted = re.findall(r"\d{1,3}(?:,\d{3})+", comment)
    wanted += re.findall(r"\b\d+(?:-[\dAKQJT]+){4}\b", comment)
    wanted += re.findall(r"class \d+", comment)
    for phrase in ("Straight, nine high", "THREE_OF_A_KIND"):
        if phrase in comment:
            wanted.append(phrase)
    return wanted


@pytest.mark.parametrize("page,command,comment", [e for e in EXAMPLES if e[1] not in NOT_RUN],
                         ids=[f"{p}:{c[:60]}" for p, c, _ in EXAMPLES if c not in NOT_RUN])
def test_example_runs(cli, tmp_path, monkeypatch, page, command, comment):
    monkeypatch.chdir(tmp_path)
    for name, text in INPUTS.items():
        (tmp_path / name).write_text(text)
    stdin = None
    if command.startswith("printf"):
        produce, _, rest = command.rpartition("| pokercli")
        stdin = shlex.split(produce)[1].encode().decode("unicode_escape")
        command = "pokercli" + rest
    words = shlex.split(command)
    if "<" in words:  # pokercli ... < file [> file]
        i = words.index("<")
        stdin = (tmp_path / words[i + 1]).read_text()
        words = words[:i] + words[i + 2:]
    if ">" in words:
        words = words[:words.index(">")]
    assert words[0] == "pokercli"
    code, out, err = cli(*words[1:], input=stdin)
    assert code == 0, f"{command}: exit {code}: {err}"
    text = out.replace("\u00a0", " ")
    for figure in _figures(comment):
        if "class" in figure:
            assert figure.split()[1] in text, f"{command}: {figure!r} not in the output"
        else:
            assert figure in text or figure.replace(",", "") in text, f"{command}: {figure!r} not in the output"
