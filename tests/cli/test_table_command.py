"""`pokercli table`: CSV and JSON output, errors, Ctrl-C and resume, equity checkpoints."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import pokercli_with_sigint

SLICE = "QQ+,AKs,T9s,72o"  # AA, AKs, KK, QQ, T9s, 72o: 21 class pairs


def test_class_pair_equals_equity_subcommand(cli):
    code, out, _ = cli("equity", "AKs", "QQ", "--json")
    eq = json.loads(out)
    code2, out2, _ = cli("table", "--hand", "aks", "--json")
    assert code == 0 and code2 == 0
    doc = json.loads(out2)
    col = doc["columns"].index("QQ")
    wins, losses, ties, boards = doc["counts"][0][col]
    assert [wins, losses, ties, boards] == [eq["players"][0]["wins"], eq["players"][1]["wins"],
                                            eq["players"][0]["ties"], eq["boards"]]
    assert doc["equity"][0][col] == eq["players"][0]["equity"]
    assert len(doc["columns"]) == 169 and doc["rows"] == ["AKs"]


def test_slice_is_antisymmetric_and_outputs_csv(cli, tmp_path):
    code, out, err = cli("table", "--classes", SLICE)
    assert code == 0, err
    lines = out.strip().splitlines()
    assert lines[0] == "class,AA,AKs,KK,QQ,T9s,72o"
    grid = {row.split(",")[0]: [float(x) for x in row.split(",")[1:]] for row in lines[1:]}
    names = lines[0].split(",")[1:]
    for r, row in grid.items():
        for c, e in zip(names, row):
            assert abs(e + grid[c][names.index(r)] - 1) < 1e-8 or (r == c and abs(e - 0.5) < 0.02)
    assert abs(grid["AA"][names.index("KK")] - 0.81946) < 5e-6  # the AA vs all KK figure
    code, _, err = cli("table", "--classes", SLICE, "--output", tmp_path / "t.json")
    doc = json.loads((tmp_path / "t.json").read_text())
    assert code == 0 and "wrote" in err and doc["columns"] == names
    code, out, _ = cli("table", "--classes", SLICE, terminal=True)
    assert code == 0 and "AKs" in out and "\x1b[" in out


def test_table_errors(cli, tmp_path):
    code, _, err = cli("table", "--hand", "AK")
    assert code == 2 and "AKs" in err and "AKo" in err and "Traceback" not in err
    code, _, err = cli("table", "--hand", "AKx")
    assert code == 2 and "not a starting-hand class" in err
    code, _, err = cli("table", "--players", "3", "--classes", "AA", "--engine", "cpu")
    assert code == 2 and "no class triple can be dealt" in err  # AA three times: 6 aces
    code, _, err = cli("table", "--players", "4")
    assert code == 2 and "--players must be 2 or 3" in err
    code, _, err = cli("table", "--output", tmp_path / "missing" / "t.csv")
    assert code == 2 and "cannot write" in err  # refused before the 169 x 169 job starts
    code, _, err = cli("table", "--classes", "AA", "--resume")
    assert code == 2 and "--checkpoint" in err
    code, _, err = cli("table", "--classes", "AA", "--checkpoint", tmp_path / "none.jsonl", "--resume")
    assert code == 2 and "nothing to resume" in err
    ck = tmp_path / "ck.jsonl"
    assert cli("table", "--classes", "AA,KK", "--checkpoint", ck)[0] == 0
    code, _, err = cli("table", "--classes", "AA,KK", "--checkpoint", ck)
    assert code == 2 and "--resume" in err
    code, _, err = cli("table", "--classes", "AA,QQ", "--checkpoint", ck, "--resume")
    assert code == 2 and "another job" in err


def test_scheduler_without_dask_says_what_to_install(cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    code, _, err = cli("table", "--classes", "AA", "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 2 and "pip install 'pokercli[cluster]'" in err


def _popen_table(checkpoint: Path, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, POKERCLI_THREADS="1")
    return subprocess.Popen(pokercli_with_sigint("table", "--classes", SLICE + ",KQo,JTs,A5s,65s,22,K9o",
                                                 "--json", "--checkpoint", checkpoint, *extra),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def _wait_for_lines(path: Path, n: int, proc: subprocess.Popen) -> None:
    deadline = time.time() + 300
    while time.time() < deadline and proc.poll() is None:
        if path.exists() and len(path.read_text().splitlines()) >= n:
            return
        time.sleep(0.05)
    raise AssertionError(f"the job did not write {n} checkpoint lines")


@pytest.mark.parametrize("how", ["kill", "ctrl-c"])
def test_interrupted_and_resumed_equals_uninterrupted(tmp_path, how):
    whole = _popen_table(tmp_path / "whole.jsonl")
    out_whole, err = whole.communicate(timeout=600)
    assert whole.returncode == 0, err
    ck = tmp_path / "ck.jsonl"
    proc = _popen_table(ck)
    _wait_for_lines(ck, 4, proc)  # header + 3 chunks
    proc.send_signal(signal.SIGKILL if how == "kill" else signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    if how == "ctrl-c":
        assert proc.returncode == 130 and "--resume" in err and "Traceback" not in err
    saved = len(ck.read_text().splitlines()) - 1
    total = len(json.loads(ck.read_text().splitlines()[0])["rows"])
    assert total == 12
    resumed = _popen_table(ck, "--resume")
    out, err = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, err
    a, b = json.loads(out), json.loads(out_whole)
    assert a["counts"] == b["counts"] and a["equity"] == b["equity"]
    assert a["resumed_chunks"] == saved > 0 and saved < a["chunks"]
    assert f"resumed: {saved} of {a['chunks']} chunks" in err


def test_equity_checkpoint_and_resume(cli, tmp_path):
    """An exact range job with --checkpoint runs in chunks; resuming after losing
    the last chunk recomputes only that one and gives the same counts."""
    ck = tmp_path / "eq.jsonl"
    args = ("equity", "TT+,AK", "99-77,AQ", "--json")
    code, out, err = cli(*args, "--checkpoint", ck)
    assert code == 0, err
    doc = json.loads(out)
    lines = ck.read_text().splitlines()
    assert len(lines) == 1 + 7 and "97 distinct deals in 7 chunks" in doc["note"]
    ck.write_text("\n".join(lines[:-1]) + "\n")
    code, out, err = cli(*args, "--checkpoint", ck, "--resume")
    assert code == 0, err
    again = json.loads(out)
    assert "6 chunks resumed" in again["note"]
    plain = json.loads(cli(*args)[1])
    for a, b, c in zip(doc["players"], again["players"], plain["players"]):
        assert a["wins"] == b["wins"] == c["wins"] and a["ties"] == b["ties"] == c["ties"]
    code, _, err = cli("equity", "AA", "KK", "--samples", "1000", "--checkpoint", tmp_path / "x.jsonl")
    assert code == 2 and "exact jobs" in err
    code, _, err = cli("equity", "AA", "KK", "--checkpoint", ck, "--resume")
    assert code == 2 and "another job" in err
