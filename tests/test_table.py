"""`pokercli table`: exact class-against-class equity, engines, checkpoints."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from pokercli import engine as G
from pokercli import table as T
from pokercli import ranges as RG

SLICE = "QQ+,AKs,T9s,72o"  # AA, AKs, KK, QQ, T9s, 72o: 21 class pairs


@pytest.fixture(scope="module")
def five_of_48() -> np.ndarray:
    """Every 5-card subset of 48 positions, listed by itertools (1,712,304 rows)."""
    return np.array(list(combinations(range(48), 5)), np.int8)


def reference_pair(a: str, b: str, five_of_48: np.ndarray) -> list[int]:
    """[wins a, wins b, ties, boards] by brute force: every combo pair that shares
    no card, every board listed explicitly, both hands scored by the batch evaluator
    (no suit grouping, no symmetric boards, no flush shortcuts)."""
    from pokercli import evaluate as E

    out = np.zeros(4, np.int64)
    for ca, _ in RG.parse_range(a):
        for cb, _ in RG.parse_range(b):
            if set(ca) & set(cb):
                continue
            deck = np.array([c for c in range(52) if c not in (*ca, *cb)], np.int8)
            boards = deck[five_of_48]
            sa = E.scores(np.hstack([np.tile(np.array(ca, np.int8), (len(boards), 1)), boards]))
            sb = E.scores(np.hstack([np.tile(np.array(cb, np.int8), (len(boards), 1)), boards]))
            out += [(sa > sb).sum(), (sb > sa).sum(), (sa == sb).sum(), len(boards)]
    return out.tolist()


@pytest.mark.parametrize("a,b", [("AKs", "QQ"), ("T9s", "76s"), ("AA", "AKo")])
def test_class_pair_equals_brute_force_reference(a, b, five_of_48):
    i, j = T.classes().index(a), T.classes().index(b)
    assert T.pair_counts(i, j) == reference_pair(a, b, five_of_48)


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


def test_row_adds_up_to_the_equity_against_a_random_hand():
    """A class's row over all 169 columns is its equity against a random hand:
    the counts equal the preflop table shipped with pokercli (computed there
    with a 'random' range), times the class's number of combos."""
    data = json.loads((Path(T.__file__).parent / "data" / "preflop_vs_random.json").read_text())
    for name in ("T9s", "72o"):
        result = T.compute(T.make_job(name, None, 2), G.LocalEngine(), None)
        wins = sum(result.cell(name, c)[0] for c in result.columns)
        ties = sum(result.cell(name, c)[2] for c in result.columns)
        boards = sum(result.cell(name, c)[3] for c in result.columns)
        combos = len(RG.parse_range(name))
        ref = data["classes"][name]
        assert (wins, ties, boards) == (ref["wins"] * combos, ref["ties"] * combos, ref["total"] * combos)


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
    code, _, err = cli("table", "--players", "3", "--classes", "AA")
    assert code == 2 and "heads-up" in err
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


def _slice_counts(engine) -> dict:
    return T.compute(T.make_job(None, SLICE, 2), engine, None).counts


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A Dask LocalCluster with 2 worker processes (its scratch files in a temporary folder)."""
    distributed = pytest.importorskip("distributed")
    import dask

    tmp = tmp_path_factory.mktemp("dask")
    with dask.config.set({"temporary-directory": str(tmp)}), distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
            local_directory=str(tmp)) as c:
        yield c


def test_dask_local_cluster_equals_local_engine(cluster, cli):
    local = _slice_counts(G.LocalEngine())
    engine = G.DaskEngine(cluster.scheduler_address)
    try:
        assert "2 worker(s)" in engine.description
        assert _slice_counts(engine) == local
    finally:
        engine.close()
    code, out, err = cli("table", "--classes", SLICE, "--json", "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["engine"].startswith("Dask scheduler")
    ref = T.Table(doc["rows"], doc["columns"], local)
    assert doc["counts"] == [[list(ref.cell(r, c)) for c in doc["columns"]] for r in doc["rows"]]


def test_dask_worker_crash_loses_nothing(cluster):
    """A worker process that dies mid-job: Dask runs its chunks again elsewhere and
    the table is the same as the local one."""
    import threading

    local = _slice_counts(G.LocalEngine())
    engine = G.DaskEngine(cluster.scheduler_address)
    victim = sorted(engine.client.scheduler_info()["workers"])[0]
    pid = engine.client.run(os.getpid, workers=[victim])[victim]
    killed = threading.Event()

    def kill_one_worker(done, total):
        if done >= 1 and not killed.is_set():
            killed.set()
            os.kill(pid, signal.SIGKILL)  # the nanny starts a new worker

    try:
        result = T.compute(T.make_job(None, SLICE, 2), engine, None, progress=kill_one_worker)
    finally:
        engine.close()
    assert killed.is_set() and result.counts == local


def test_wide_range_equity_on_engines_equals_threads(cluster, cli, monkeypatch):
    """A range job big enough for the engine gives, in chunks on this machine or on
    the cluster, exactly the counts of the plain thread pool."""
    from pokercli import equity as Q

    players = [Q.parse_player("TT+,AK", 1), Q.parse_player("99-77,AQ", 2)]  # 97 distinct deals
    job = Q.prepare(players, [], [])
    monkeypatch.setattr(Q, "ENGINE_MIN_DEALS", 10**9)
    plain = Q.exact(job)
    assert plain.note == ""
    monkeypatch.setattr(Q, "ENGINE_MIN_DEALS", 64)
    local = Q.exact(job)
    assert "chunks on this machine" in local.note
    code, out, err = cli("equity", "TT+,AK", "99-77,AQ", "--json", "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    doc = json.loads(out)
    assert "Dask scheduler" in doc["note"]
    for p, a, b in zip(doc["players"], plain.players, local.players):
        assert p["wins"] == a.wins == b.wins and p["ties"] == a.ties == b.ties
        assert p["total"] == a.total == b.total


def _popen_table(checkpoint: Path, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, POKERCLI_THREADS="1")
    return subprocess.Popen([sys.executable, "-m", "pokercli", "table", "--classes", SLICE + ",KQo,JTs,A5s,65s,22,K9o",
                             "--json", "--checkpoint", str(checkpoint), *extra],
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


def test_checkpoint_ignores_a_line_cut_short(tmp_path):
    ck = tmp_path / "ck.jsonl"
    job = T.make_job(None, "AA,KK,QQ", 2)
    first = T.compute(job, G.LocalEngine(), ck)
    lines = ck.read_text().splitlines()
    ck.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:7])  # last chunk half written
    seen = []
    again = T.compute(job, G.LocalEngine(), ck, resume=True, progress=lambda d, n: seen.append((d, n)))
    assert again.counts == first.counts and again.resumed == first.chunks - 1
    # the progress callback starts from the chunks already saved and ends at all of them
    assert seen[0] == (first.chunks - 1, first.chunks) and seen[-1] == (first.chunks, first.chunks)


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
