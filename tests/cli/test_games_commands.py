"""`hearts`, `deal --game hearts`, `combos` and `draw` on the command line."""

import json
import os
import subprocess
import sys

import pytest

import pokercli

from tests.api.test_games_api import seed_state


def test_state_json_object_and_cli(cli):
    text = json.dumps({"state": seed_state(), "scores": [3, 0, 20, 3], "pass_type": 2})
    code, out, _ = cli("hearts", text, "--view", "1", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["state"][:5] == [13, 0, 1, 24, 31] and doc["scores"] == [3, 0, 20, 3]
    assert doc["pass"] == "counter-clockwise" and doc["view"] == 1
    code, out, _ = cli("hearts", str(seed_state()))
    assert code == 0 and "player 3\thand:" in out
    code, out, _ = cli("hearts", str(seed_state()), terminal=True)
    assert "6c*" in out


@pytest.mark.parametrize("mutate,fragment", [
    (lambda s: s[:51], "52 codes, not 51"),
    (lambda s: [5] + s[1:], "code 5 for 2c is not a location"),
    (lambda s: s[:5] + [32] + s[6:], "cards are marked as led"),
    (lambda s: [1] + s[1:], "won tricks hold a multiple of 4"),
    (lambda s: s[:4] + [21] + s[5:], "no lead card"),
    (lambda s: s[:8] + [2] + s[9:], "player 1 holds 10 cards"),
])
def test_invalid_states(cli, mutate, fragment):
    text = ",".join(map(str, mutate(seed_state())))
    code, out, err = cli("hearts", text)
    assert code == 2 and out == "" and fragment in err and len(err.strip().splitlines()) == 1


def test_deal_hearts_prints_state(cli):
    code, out, _ = cli("deal", "--game", "hearts", "--seed", "5", "--round", "3", "--json")
    doc = json.loads(out)
    st = doc["hearts"]
    assert st["pass_type"] == 3 and sorted(st["state"]) == sorted([1, 2, 3, 4] * 13)
    for p, hand in enumerate(doc["hands"], 1):
        assert sorted(st["players"][str(p)]["hand"]) == sorted(hand)
    code, out, _ = cli("deal", "--game", "hearts", "--seed", "5", "--view", "2", "--json")
    st = json.loads(out)["hearts"]
    assert st["state"].count(0) == 39 and st["state"].count(2) == 13
    code, out, err = cli("deal", "--round", "2")
    assert code == 2 and "--game hearts" in err


def test_combos_cli(cli):
    code, out, _ = cli("combos", "As Ah Ad Ac Ks Qs Js Ts 3d 4d 5d 6d 7c", "--json")
    doc = json.loads(out)
    assert doc["counts"]["four of a kind"] == 9 and doc["counts"]["straight flush"] == 1
    assert doc["total"] == sum(doc["counts"].values())
    code, out, _ = cli("combos", "As Ah Ad Ac Ks Qs Js Ts 3d 4d 5d 6d 7c", "--beats", "Kh Kd Kc Ks 2c", "--json")
    doc = json.loads(out)
    assert doc["counts"]["four of a kind"] == 9 and doc["counts"]["straight flush"] == 1 and doc["total"] == 10
    code, out, _ = cli("combos", "As Ah Ks", "--beats", "Qd Qc")
    assert "pair\t1\tAs Ah" in out
    code, out, err = cli("combos", "As Ah Ks", "--beats", "Qd Kc")
    assert code == 2 and "not a Big Two combination" in err
    code, out, err = cli("combos", " ".join(str(pokercli.Card(c)) for c in range(14)))
    assert code == 2 and "1 to 13 cards" in err
    code, out, _ = cli("combos", "As Ah Ks", terminal=True)
    assert "\x1b[" in out and "pair" in out


def test_paytable_option(cli):
    code, out, _ = cli("draw", "Jh Jd 7c 4s 2h", "--pay", "250 50 25 9 6 4 3 2 1", "--json")
    doc = json.loads(out)
    assert len(doc["holds"]) == 32 and doc["pays"]["royal flush"] == 250
    assert sorted(doc["holds"][0]["hold"]) == ["Jd", "Jh"]
    code, out, err = cli("draw", "Jh Jd 7c 4s 2h", "--pay", "1 2 3")
    assert code == 2 and "--pay: 9 pays are needed" in err
    code, out, err = cli("draw", "Jh Jd 7c 4s")
    assert code == 2 and "has 4 cards" in err
    code, out, _ = cli("draw", "Ah Kh Qh Jh 2c", terminal=True)
    assert "\x1b[" in out and "18.5532" in out


@pytest.fixture(scope="module")
def warmed():
    """`pokercli warmup --json --jobs 2` run once in this process, for the tests
    below: (exit code, stdout, stderr), the stderr as the `cli` fixture gives it."""
    import logging

    from typer.testing import CliRunner

    from pokercli.cli import app
    from conftest import _NoFirstRunNotes

    log, quiet = logging.getLogger("pokercli"), _NoFirstRunNotes()
    log.addFilter(quiet)
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.delenv("POKERCLI_TERMINAL", raising=False)
            result = CliRunner().invoke(app, ["warmup", "--json", "--jobs", "2"])
    finally:
        log.removeFilter(quiet)
    return result.exit_code, result.stdout, result.stderr


def test_warmup_runs_every_game_through_its_engine(warmed):
    """`pokercli warmup` compiles or loads every kernel up front: a step per
    engine operation for each game of the registry, then hold'em's own commands."""
    from pokercli.games import equity_games

    code, out, err = warmed
    doc = json.loads(out)
    names = [s["step"] for s in doc["steps"]]
    # stderr holds nothing but compile notices (a cold cache compiles what earlier tests did not)
    assert code == 0 and all(line.startswith(("pokercli: compil", "pokercli: building"))
                             for line in err.splitlines()), err
    for g in equity_games():
        for part in ("batch evaluation", "rank -", "showdown", "exact equity", "Monte Carlo", "percentile"):
            assert f"{g.name}: {part}" in names
        assert (f"{g.name}: runs" in names) == (g.board_cards == 5)  # run it twice: the games with a board
    # each step and the total are rounded to the millisecond: up to half of one off each
    assert {"hits", "draw", "holdem: Monte Carlo of flush draws", "exact double board"} <= set(names) and doc["seconds"] == pytest.approx(
        sum(s["seconds"] for s in doc["steps"]), abs=0.0005 * (len(names) + 1) + 1e-9)
    assert doc["jobs"] == min(2, os.cpu_count()) and doc["elapsed"] > 0
    # the workers filled the cache: a warmup in a fresh process of its own, one step after another, loads
    # every kernel and compiles none (a compile would say so on stderr)
    r = subprocess.run([sys.executable, "-m", "pokercli", "warmup", "--jobs", "1"], capture_output=True,
                       text=True, timeout=600)
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and lines[0] == "step\tseconds" and lines[-1].startswith("total\t"), r.stderr
    assert [line.split("\t")[0] for line in lines[1:-1]] == names and "compil" not in r.stderr, r.stderr


def test_warmup_workers_cache_where_the_main_process_does(warmed, tmp_path):
    """With the usual cache directory unusable, the main process falls back to
    a private temporary one and says so once; its workers cache there too
    (not each where it would look for itself), and say nothing more. Seeded
    with the suite's compiled kernels (a warmup of its own first), the
    workers load them all: nothing is compiled."""
    import shutil

    from pokercli._kernels import jit
    from pokercli.paths import cache

    assert warmed[0] == 0  # the suite's cache holds every kernel of a warmup
    private = tmp_path / f"pokercli-{os.getuid()}"
    private.mkdir(mode=0o700)
    shutil.copytree(jit._NUMBA_DIR, private / "numba" / jit._NUMBA_DIR.name)
    for table in cache().path.glob("*.*"):
        shutil.copy(table, private)
    env = {**os.environ, "POKERCLI_CACHE_DIR": "/dev/null/pokercli", "TMPDIR": str(tmp_path)}
    r = subprocess.run([sys.executable, "-m", "pokercli", "warmup", "--jobs", "2", "--json"], capture_output=True,
                       text=True, timeout=600, env=env)
    assert r.returncode == 0 and json.loads(r.stdout)["jobs"] == min(2, os.cpu_count()), r.stderr
    said = r.stderr.splitlines()
    assert len(said) == 1 and said[0].startswith("pokercli: warning: cannot use the cache directory "
                                                 "/dev/null/pokercli") and f"caching in {private}" in said[0], said


def test_warmup_runs_here_when_workers_would_be_no_use_or_cannot_start(monkeypatch):
    """A cache that cannot be written keeps nothing a worker compiles: the steps
    run in this process. Where no worker process starts, one warning line, and
    the same."""
    import logging
    import multiprocessing

    from pokercli import paths
    from pokercli import warmup as W

    ran = []
    monkeypatch.setattr(W, "_steps", lambda: [(n, lambda n=n: ran.append(n)) for n in ("a", "b", "c")])

    class ReadOnly:
        path, writable = None, False

    real_cache = paths.cache
    monkeypatch.setattr(paths, "cache", ReadOnly)
    monkeypatch.setattr(W, "_in_workers", lambda *args: pytest.fail("worker processes started"))
    r = W.warmup(jobs=2)
    assert ran == ["a", "b", "c"] and r.jobs == 1 and [n for n, _ in r.steps] == ran
    monkeypatch.undo()

    class NoProcesses:
        def __init__(self, real):
            self.real = real

        def Queue(self):
            return self.real.Queue()

        def Pool(self, *args, **kwargs):
            raise OSError("no semaphores here")

    real = multiprocessing.get_context("spawn")
    monkeypatch.setattr(multiprocessing, "get_context", lambda kind=None: NoProcesses(real))
    monkeypatch.setattr(W, "_steps", lambda: [(n, lambda n=n: ran.append(n)) for n in ("d", "e")])
    monkeypatch.setattr(paths, "_warned", set())
    assert real_cache().writable  # (the suite's cache)
    said = []
    handler = logging.Handler()
    handler.emit = lambda record: said.append(record.getMessage())
    paths.LOG.addHandler(handler)
    try:
        r = W.warmup(jobs=2)
    finally:
        paths.LOG.removeHandler(handler)
    assert ran[3:] == ["d", "e"] and r.jobs == 1
    assert said == ["warning: cannot start worker processes (no semaphores here): warming up in one process"]


def test_warmup_starts_no_more_workers_than_cores_or_steps(monkeypatch):
    """`--jobs 1000` starts one worker a core (each holds up to 0.7 GB, and a
    worker more than the cores compiles nothing sooner), and never more than
    there are steps; with one core, none: the steps run here."""
    from pokercli import jobs
    from pokercli import warmup as W

    started = []

    def workers(n, total, progress):
        started.append(n)
        return W.WarmupResult(steps=[(str(i), 0.0) for i in range(total)], jobs=n)

    monkeypatch.setattr(W, "_in_workers", workers)
    for cores, steps, want in ((2, 5, 2), (16, 3, 3), (16, 40, 16)):
        monkeypatch.setattr(jobs, "cores", lambda cores=cores: cores)
        monkeypatch.setattr(W, "_steps", lambda steps=steps: [(str(i), lambda: None) for i in range(steps)])
        assert W.warmup(jobs=1000).jobs == want and started[-1] == want
    monkeypatch.setattr(jobs, "cores", lambda: 1)
    ran = []
    monkeypatch.setattr(W, "_steps", lambda: [(n, lambda n=n: ran.append(n)) for n in ("a", "b")])
    r = W.warmup(jobs=1000)
    assert r.jobs == 1 and ran == ["a", "b"] and len(started) == 3


def test_warmup_takes_a_number_of_processes(cli):
    code, out, err = cli("warmup", "--jobs", "0")
    assert code == 2 and "--jobs" in err and out == ""
    from pokercli import PokerError
    from pokercli.warmup import warmup

    for bad in (0, -1, 1.5, True):
        with pytest.raises(PokerError, match="^jobs must be a whole number") as e:
            warmup(jobs=bad)
        assert e.value.param == "jobs"
