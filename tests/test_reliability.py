"""Nothing a user types or the machine does may crash, hang, corrupt or be lost (issue 12).

Subprocess tests run ``python -m pokercli`` with their own cache directory; as
root (where chmod cannot make a directory read-only) a read-only cache is
simulated by making pokercli's writability probe fail, and the tests check that
nothing in the directory changes.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import run_subprocess

import pokercli
from pokercli import engine as G
from pokercli import equity as Q
from pokercli import table as T

PACKAGE = Path(pokercli.__file__).parent
AA_KK = '"wins": 1410336'


def strict_json(text: str):
    """Parse JSON refusing NaN and Infinity, as strict parsers do."""
    def bad(constant):
        raise ValueError(f"{constant} is not JSON")
    return json.loads(text, parse_constant=bad)


def beside_sources() -> set:
    return {p for p in PACKAGE.rglob("*") if p.suffix in (".nbi", ".nbc")}


def tree(path: Path) -> dict:
    """Every file below ``path`` with its size and modification time."""
    return {str(p.relative_to(path)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in path.rglob("*") if p.is_file()}


def run_with(env: dict, *args, patch: str = ""):
    """``pokercli ARGS`` in a fresh interpreter with ``env``; ``patch`` is Python
    run first (to simulate what root cannot: a read-only directory)."""
    code = (f"{patch}\nimport sys\nsys.argv = ['pokercli', *{list(map(str, args))!r}]\n"
            "from pokercli.cli import main\nmain()\n")
    full = {k: v for k, v in os.environ.items() if k not in ("POKERCLI_CACHE_DIR", "NUMBA_CACHE_DIR")}
    full.update(env)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full,
                          timeout=600)


READ_ONLY = ("import pokercli.paths as P\n"
             "P._try_writable = lambda path: 'Read-only file system'\n")
NO_TEMP = READ_ONLY + "P._private_temp = lambda: None\n"


@pytest.fixture(scope="module")
def warm_cache(tmp_path_factory) -> Path:
    """A cache directory the heavy commands of these tests have filled."""
    path = tmp_path_factory.mktemp("warm")
    env = {"POKERCLI_CACHE_DIR": str(path)}
    for args in (("equity", "AsAh", "KsKh"), ("draw", "As Ks Qs Js 2d")):
        assert run_with(env, *args).returncode == 0
    return path


def seeded(warm: Path, path: Path, *, tables: bool = True) -> Path:
    """``path`` holding a copy of the warm cache (compiled kernels), with or
    without the lookup tables, so that a test compiles only what it is about."""
    import shutil

    shutil.copytree(warm, path, dirs_exist_ok=True)
    if not tables:
        (path / "tables-v2.npz").unlink()
    return path


# --- 1. an unusable cache directory ---------------------------------------------------

def test_uncreatable_cache_falls_back_to_a_private_temporary_directory(tmp_path, warm_cache):
    before = beside_sources()
    private = tmp_path / f"pokercli-{os.getuid()}"
    private.mkdir(mode=0o700)
    seeded(warm_cache, private, tables=False)
    env = {"POKERCLI_CACHE_DIR": "/dev/null/pokercli", "TMPDIR": str(tmp_path)}
    for _ in range(2):  # the first run builds the tables there, the second reads them
        r = run_with(env, "equity", "AsAh", "KsKh", "--json")
        assert r.returncode == 0 and AA_KK in r.stdout, r.stderr
        warnings = [l for l in r.stderr.splitlines() if "warning" in l]
        assert len(warnings) == 1 and "/dev/null/pokercli" in warnings[0]
        assert str(private) in warnings[0] and "Traceback" not in r.stderr
        assert (private / "tables-v2.npz").exists()
    assert "compiling" not in r.stderr and "building" not in r.stderr
    assert beside_sources() == before


def test_a_temporary_directory_someone_else_can_write_is_not_used(tmp_path):
    """A ``pokercli-<uid>`` that others can write (planted cache files would be
    unpickled) is refused: everything is built in memory instead."""
    private = tmp_path / f"pokercli-{os.getuid()}"
    private.mkdir()
    private.chmod(0o777)
    r = run_with({"POKERCLI_CACHE_DIR": "/dev/null/pokercli", "TMPDIR": str(tmp_path)},
                 "rank", "As Ks Qs Js Ts", "--json")
    assert r.returncode == 0 and "in memory" in r.stderr and list(private.iterdir()) == []


def test_missing_home_directory_is_not_created(tmp_path, warm_cache):
    private = tmp_path / f"pokercli-{os.getuid()}"
    private.mkdir(mode=0o700)
    seeded(warm_cache, private)
    home = tmp_path / "gone" / "home"
    env = {"HOME": str(home), "XDG_CACHE_HOME": "", "TMPDIR": str(tmp_path)}
    r = run_with(env, "equity", "AsAh", "KsKh", "--json")
    assert r.returncode == 0 and AA_KK in r.stdout and f"{home} does not exist" in r.stderr
    assert not (tmp_path / "gone").exists()


def _read_only(path: Path):
    """Make ``path`` read-only for real (not root) or by patching pokercli's probe
    (root, whom chmod does not stop). Returns (patch, restore)."""
    if os.geteuid() == 0:
        return READ_ONLY, lambda: None
    modes = {p: p.stat().st_mode for p in [path, *path.rglob("*")] if p.is_dir()}
    for p in modes:
        p.chmod(0o555)
    return "", lambda: [p.chmod(m) for p, m in modes.items()]


def test_read_only_complete_cache_is_used_as_it_is(warm_cache):
    before = tree(warm_cache)
    patch, restore = _read_only(warm_cache)
    try:
        r = run_with({"POKERCLI_CACHE_DIR": str(warm_cache)}, "equity", "AsAh", "KsKh", "--json",
                     patch=patch)
    finally:
        restore()
    assert r.returncode == 0 and AA_KK in r.stdout
    assert r.stderr == ""  # complete: nothing to say, nothing compiled
    assert tree(warm_cache) == before


def test_read_only_incomplete_cache_compiles_in_memory(tmp_path):
    cache = tmp_path / "empty"
    cache.mkdir()
    patch, restore = _read_only(cache)
    try:
        r = run_with({"POKERCLI_CACHE_DIR": str(cache), "TMPDIR": str(tmp_path)},
                     "equity", "AsAh", "KsKh", "--json", patch=patch)
    finally:
        restore()
    assert r.returncode == 0 and AA_KK in r.stdout, r.stderr
    warnings = [l for l in r.stderr.splitlines() if "warning" in l]
    assert len(warnings) == 1 and "read-only" in warnings[0] and "in memory" in warnings[0]
    assert "this run only" in r.stderr
    assert tree(cache) == {}


def test_no_usable_directory_at_all_compiles_in_memory(tmp_path):
    before = beside_sources()
    r = run_with({"POKERCLI_CACHE_DIR": str(tmp_path / "x"), "TMPDIR": str(tmp_path)},
                 "equity", "AsAh", "KsKh", "--json", patch=NO_TEMP)
    assert r.returncode == 0 and AA_KK in r.stdout
    warnings = [l for l in r.stderr.splitlines() if "warning" in l]
    assert len(warnings) == 1 and "in memory" in warnings[0]
    assert tree(tmp_path) == {} and beside_sources() == before


# --- 5. a damaged cache ---------------------------------------------------------------

def _garble(path: Path, cut: bool) -> None:
    data = bytearray(path.read_bytes())
    if cut:
        path.write_bytes(bytes(data[:len(data) // 3]))
    else:
        data[len(data) // 2] ^= 0x5A
        path.write_bytes(bytes(data))


@pytest.mark.parametrize("victim,cut", [("*headsup_boards5*.nbi", True), ("*headsup_boards5*.nbc", False),
                                        ("tables-v2.npz", False), ("tables-v2.npz", True)])
def test_damaged_cache_files_are_rebuilt_and_said_once(tmp_path, warm_cache, victim, cut):
    env = {"POKERCLI_CACHE_DIR": str(seeded(warm_cache, tmp_path))}
    files = sorted(tmp_path.rglob(victim))
    assert files
    for f in files:
        _garble(f, cut)
    r = run_with(env, "equity", "AsAh", "KsKh", "--json")
    assert r.returncode == 0 and AA_KK in r.stdout, r.stderr
    assert len([l for l in r.stderr.splitlines() if "damaged; rebuilding" in l]) == 1
    again = run_with(env, "equity", "AsAh", "KsKh", "--json")
    assert again.returncode == 0 and again.stderr == ""  # rebuilt and saved


def test_damaged_score_list_is_detected_even_when_it_still_parses(tmp_path, warm_cache):
    """One digit changed in the list of 7,462 values: the checksum notices."""
    env = {"POKERCLI_CACHE_DIR": str(seeded(warm_cache, tmp_path))}
    f = tmp_path / "scores-v2.txt"
    text = f.read_text()
    f.write_text(text.replace("\n6", "\n7", 1))
    r = run_with(env, "rank", "As Ks Qs Js Ts", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["class"] == 1
    assert "damaged" in r.stderr and f.read_text() == text


# --- 2 and 4. Monte Carlo that cannot (or can barely) deal ----------------------------

@pytest.mark.parametrize("args,fragment", [
    (("AA", "AA", "AA", "--mc"), "no deal is possible"),
    (("AA", "AA", "AA"), "no deal is possible"),
    (tuple(["AA,KK,QQ,JJ,TT"] * 10) + ("--mc", "--seed", "1"), "almost never fit together"),
])
def test_impossible_and_nearly_impossible_deals_are_refused(cli, args, fragment):
    code, out, err = cli("equity", *args)
    assert code == 2 and out == "" and fragment in err and len(err.splitlines()) == 1


def test_many_random_players_are_sampled(cli):
    code, out, err = cli("equity", *["random"] * 14, "--samples", "100000", "--seed", "3", "--json")
    assert code == 0, err
    doc = strict_json(out)
    assert doc["samples"] == 100_000
    assert abs(sum(p["equity"] for p in doc["players"]) - 1) < 1e-9
    for p in doc["players"]:
        assert abs(p["equity"] - 1 / 14) < 4 * p["stderr"] + 1e-9
    code, out, _ = cli("equity", *["random"] * 23, "--samples", "20000", "--json")
    assert code == 0 and len(strict_json(out)["players"]) == 23


def job(hands, board="", dead=""):
    from pokercli import cards as C

    players = [Q.parse_player(h, i + 1) for i, h in enumerate(hands)]
    return Q.prepare(players, C.parse_cards(board, allow_empty=True), C.parse_cards(dead, allow_empty=True))


@pytest.mark.parametrize("hands,dead_suits", [
    (["As Ks", "random", "random"], "sh"),               # dead: the other spades and hearts
    (["QQ+,AKs", "random", "JJ-99:0.5,AQs"], "cd"),     # dead: the other clubs and diamonds
])
def test_random_players_dealt_from_the_deck_match_exact(hands, dead_suits):
    """Random players are dealt from the deck, not drawn as combos: each
    player's equity stays within 4 standard errors of the exact one (dead cards
    keep the exact enumeration short)."""
    from pokercli import cards as C

    board = "2c 7d 9h Jc"
    kept = set(C.parse_cards(board + " " + hands[0] if " " in hands[0] else board))
    dead = C.format_cards(c for c in range(52) if C.card_suit(c) in dead_suits and c not in kept)
    j = job(hands, board, dead)
    assert any(Q.is_random_player(j, p) for p in j.players)
    exact = Q.exact(j, force=True)
    mc = Q.monte_carlo(j, samples=1_000_000, seed=17)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr


def test_seeds_use_every_bit(cli):
    def equity(seed):
        code, out, err = cli("equity", "AsAh", "random", "--samples", "20000", "--seed", seed, "--json")
        assert code == 0, err
        return [p["equity"] for p in json.loads(out)["players"]]

    assert equity(1) != equity(1 + 2 ** 32) and equity(1) == equity(1)
    assert equity(2 ** 64 - 1)
    code, _, err = cli("equity", "AsAh", "random", "--samples", "2000", "--seed", 2 ** 64)
    assert code == 2 and "2**64" in err


def test_sample_cap_before_the_target_is_said(cli):
    code, out, err = cli("equity", "AsAh", "random", "--samples", "20000", "--stderr", "0.00001",
                         "--seed", "1", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["target_reached"] is False and "stopped at the cap" in doc["note"]
    code, out, _ = cli("equity", "AsAh", "random", "--stderr", "0.01", "--seed", "1", "--json")
    assert json.loads(out)["target_reached"] is True and "note" not in json.loads(out)


CHILD = ("import signal, sys\n"
         "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
         "sys.argv = ['pokercli', *sys.argv[1:]]\n"
         "from pokercli.cli import main\nmain()\n")


def _interrupt_after(args, ready, grace: float = 10.0):
    """Start pokercli with SIGINT handled as Python does by default (a child of a
    shell job may inherit it ignored), wait until ``ready(proc)``, send SIGINT,
    and return (exit status, seconds it took to stop, stdout, stderr)."""
    proc = subprocess.Popen([sys.executable, "-c", CHILD, *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        ready(proc)
        proc.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        out, err = proc.communicate(timeout=grace)
        return proc.returncode, time.monotonic() - t0, out, err
    finally:
        proc.kill()


def test_ctrl_c_stops_monte_carlo_that_would_run_for_hours():
    code, took, out, err = _interrupt_after(
        ["equity", *["random"] * 16, "--mc", "--samples", 10 ** 12, "--json"], lambda p: time.sleep(6))
    assert code == 130 and took < 5, err
    doc = strict_json(out)
    assert doc["interrupted"] is True and doc["samples"] > 0 and "Traceback" not in err


def test_ctrl_c_stops_a_chunk_between_kernel_calls():
    """A chunk that would never end (it calls a short kernel forever) stops at its
    next kernel call after a Ctrl-C, whichever thread the signal reaches."""
    import numpy as np

    from pokercli._kernels import combinator as K
    from pokercli._kernels.jit import call

    def endless(_):
        idx = np.arange(3, dtype=np.int64)
        while True:  # steps through the 120 combinations of 3 out of 10, again and again
            if not call(K.next_combination, idx, 10):
                idx[:] = [0, 1, 2]

    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    t0 = time.monotonic()
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            for _ in G.LocalEngine(2).run(endless, {0: (0,), 1: (1,), 2: (2,)}):
                pass
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, old)
    assert time.monotonic() - t0 < 5


# --- 3. kernel entries that could index out of bounds ---------------------------------

def test_draw_with_too_few_cards_left(cli):
    from pokercli import cards as C

    hand = C.parse_cards("As Ks Qs Js 2d")
    rest = [c for c in range(52) if c not in hand]
    for dead in (43, 47):
        code, out, err = cli("draw", "As Ks Qs Js 2d", "--dead", C.format_cards(rest[:dead]))
        assert code == 2 and "too few cards left to draw" in err
    code, out, _ = cli("draw", "As Ks Qs Js 2d", "--dead", C.format_cards(rest[:42]), "--json")
    assert code == 0 and strict_json(out)["holds"][0]["draws"] >= 1


@pytest.mark.parametrize("rows,fragment", [
    ([[0, 1, 2, 3, 52]], "0..51"), ([[0, 1, 2, 3, -2]], "0..51"), ([[0, 1, 2, 3, 3]], "same card"),
    ([[0, 1, 2, 3, -1]], "at least 5"), ([[0, 1, 2, 3, 4, -1, 6]], "only pads"),
    ([[0, 1, 2, 3]], "5 <= k <= 7"), ([[0.5] * 5], "integer"),
])
def test_evaluator_batches_are_checked_before_the_kernel(rows, fragment):
    import numpy as np

    from pokercli import evaluate as E
    from pokercli.errors import InputError

    with pytest.raises(InputError, match=fragment):
        E.scores(np.array(rows))
    with pytest.raises(InputError, match="52-bit card set of 5 to 7"):
        E.scores_of_masks(np.array([1 << 52 | 31]))
    with pytest.raises(InputError, match="52-bit card set of 5 to 7"):
        E.scores_of_masks(np.array([0b1111]))


# --- 6. weights and strict JSON -------------------------------------------------------

@pytest.mark.parametrize("args", [("AA:1e-300", "KK:1e-300"), ("AA:1e308", "KK"),
                                  ("AA:1e308", "KK", "--mc", "--samples", "1000"), ("AA:nan", "KK"),
                                  ("AA:inf", "KK")])
def test_extreme_weights_are_refused(cli, args):
    code, out, err = cli("equity", *args, "--json")
    assert code == 2 and out == "" and "a weight is a number from 0.000001 to 1000000" in err


def test_weights_at_the_bounds_give_strict_json(cli):
    code, out, _ = cli("equity", "AA:0.000001,KK", "QQ:1000000,JJ:0.000001", "AKs:1000000", "--json")
    doc = strict_json(out)
    assert code == 0 and abs(sum(p["equity"] for p in doc["players"]) - 1) < 1e-9


@pytest.mark.parametrize("pays", ["nan 50 25 9 6 4 3 2 1", "inf 50 25 9 6 4 3 2 1", "800 -1 25 9 6 4 3 2 1"])
def test_pay_tables_must_be_finite(cli, pays):
    code, out, err = cli("draw", "Js Jd 2c 5h 9s", "--pay", pays, "--json")
    assert code == 2 and out == "" and "finite number >= 0" in err


# --- 7. checkpoints -------------------------------------------------------------------

EQ = ("equity", "TT+,AK", "99-77,AQ", "--json")


@pytest.fixture(scope="module")
def whole_checkpoint(tmp_path_factory):
    """A finished checkpoint of a 7-chunk exact job, and the job's answer."""
    from typer.testing import CliRunner

    from pokercli.cli import app

    path = tmp_path_factory.mktemp("ck") / "eq.jsonl"
    r = CliRunner().invoke(app, [*EQ, "--checkpoint", str(path)])
    assert r.exit_code == 0, r.stderr
    return path.read_bytes(), json.loads(r.stdout)


def test_a_file_that_is_not_a_checkpoint_is_refused_untouched(cli, tmp_path):
    victim = tmp_path / "notes.txt"
    victim.write_bytes(b"my precious notes\nsecond line without an end")
    before = victim.read_bytes()
    code, out, err = cli(*EQ, "--checkpoint", victim, "--resume")
    assert code == 2 and "is not a pokercli checkpoint" in err
    assert victim.read_bytes() == before


def _damage(lines: list[bytes], how: str) -> list[bytes]:
    doc = json.loads(lines[3])
    if how == "utf8":
        lines[3] = lines[3][:20] + b"\xff\xfe" + lines[3][20:]
    elif how == "other job":
        doc["job"] = "0123456789abcdef"
        lines[3] = json.dumps(doc).encode()
    elif how == "null":
        doc["result"] = None
        lines[3] = json.dumps(doc).encode()
    elif how == "short rows":
        doc["result"] = [doc["result"][0][:1], doc["result"][1]]
        lines[3] = json.dumps(doc).encode()
    elif how == "nested":
        lines[3] = b"[" * 100_000 + b"]" * 100_000
    elif how == "edited counts":
        doc["result"][0][0][1] += 1000
        lines[3] = json.dumps(doc).encode()
    elif how == "cut":
        lines[-2] = lines[-2][:15]
        return lines[:-1]  # the last line half written, no newline after it
    return lines


@pytest.mark.parametrize("how", ["utf8", "other job", "null", "short rows", "nested", "edited counts", "cut"])
def test_damaged_checkpoint_lines_are_recomputed(cli, tmp_path, whole_checkpoint, how):
    data, answer = whole_checkpoint
    lines = data.split(b"\n")
    ck = tmp_path / "eq.jsonl"
    ck.write_bytes(b"\n".join(_damage(lines, how)))
    code, out, err = cli(*EQ, "--checkpoint", ck, "--resume")
    assert code == 0, err
    doc = json.loads(out)
    assert [p["wins"] for p in doc["players"]] == [p["wins"] for p in answer["players"]]
    assert [p["ties"] for p in doc["players"]] == [p["ties"] for p in answer["players"]]
    assert "6 chunks resumed" in doc["note"]
    if how != "cut":
        assert "1 damaged line(s) skipped" in err and len(err.splitlines()) == 1
    # a second resume finds every chunk whole
    code, out, err = cli(*EQ, "--checkpoint", ck, "--resume")
    assert code == 0 and "7 chunks resumed" in json.loads(out)["note"]


def test_checkpoint_messages(cli, tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    code, _, err = cli(*EQ, "--checkpoint", empty, "--resume")
    assert code == 2 and "is empty" in err
    code, _, err = cli(*EQ, "--checkpoint", tmp_path, "--resume")
    assert code == 2 and "is a directory" in err
    code, _, err = cli(*EQ, "--checkpoint", tmp_path)
    assert code == 2 and "is a directory" in err
    code, _, err = cli("equity", "AA", "KK", "--resume")
    assert code == 2 and "--resume needs --checkpoint" in err


# --- 8. Dask schedulers that are not there, die, or lose their workers ----------------

def test_a_server_that_is_not_dask_is_refused_in_time(monkeypatch):
    pytest.importorskip("distributed")
    import http.server

    from pokercli.errors import InputError

    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setattr(G, "CONNECT_TIMEOUT", 2.0)
    t0 = time.monotonic()
    try:
        with pytest.raises(InputError, match="cannot reach a Dask scheduler at .* no answer in 2 s"):
            G.DaskEngine(f"tcp://127.0.0.1:{server.server_address[1]}")
    finally:
        server.shutdown()
    assert time.monotonic() - t0 < 30


def _dask(*args, cwd) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", *args], cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def _wait_for(predicate, what: str, seconds: float = 120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def scheduler(tmp_path):
    """A Dask scheduler process on loopback (no dashboard); yields (address, process)."""
    pytest.importorskip("distributed")
    info = tmp_path / "scheduler.json"
    proc = _dask("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                 "--no-dashboard", "--scheduler-file", str(info), cwd=tmp_path)
    try:
        _wait_for(lambda: info.exists() and info.stat().st_size > 0, "the scheduler")
        time.sleep(0.5)
        yield json.loads(info.read_text())["address"], proc
    finally:
        proc.kill()
        proc.wait()


def test_a_cluster_without_workers_gives_up_after_a_while(scheduler, monkeypatch):
    address, _ = scheduler
    monkeypatch.setattr(G, "NO_WORKERS_TIMEOUT", 2.0)
    engine = G.DaskEngine(address)
    try:
        with pytest.raises(G.EngineLost, match="no workers for 2 s"):
            T.compute(T.make_job(None, "AA,KK", 2), engine, None)
    finally:
        engine.close()


def test_a_scheduler_that_dies_mid_job(scheduler, tmp_path):
    address, proc = scheduler
    worker = _dask("distributed.cli.dask_worker", address, "--no-nanny", "--nthreads", "1",
                   "--no-dashboard", "--local-directory", str(tmp_path), cwd=tmp_path)
    ck = tmp_path / "t.jsonl"
    classes = "QQ+,AKs,T9s,72o,KQo,JTs,A5s,65s,22,K9o,AJo,T8s,54s,33"
    job = subprocess.Popen([sys.executable, "-m", "pokercli", "table", "--classes", classes, "--json",
                            "--scheduler", address, "--checkpoint", str(ck)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(lambda: ck.exists() and len(ck.read_text().splitlines()) >= 3, "two chunks")
        proc.kill()
        out, err = job.communicate(timeout=120)
    finally:
        job.kill()
        worker.kill()
        worker.wait()
    assert job.returncode == 1 and out == ""
    assert err.count("\n") == 1 and "lost the connection to the Dask scheduler" in err
    assert "--resume" in err and "Traceback" not in err
    r = run_subprocess("table", "--classes", classes, "--json", "--checkpoint", ck, "--resume")
    whole = run_subprocess("table", "--classes", classes, "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["counts"] == json.loads(whole.stdout)["counts"]


# --- also -----------------------------------------------------------------------------

@pytest.mark.parametrize("args,fragment", [
    (("table", "--hand", ""), "--hand is empty"),
    (("table", "--classes", " "), "--classes is empty"),
    (("table", "--classes", "AA", "-o", "."), "it is a directory"),
    (("table", "--classes", "AA", "--resume"), "--resume needs --checkpoint"),
    (("equity", "AA", "KK", "--resume"), "--resume needs --checkpoint"),
    (("draw", "As Ks Qs Js 2d", "--top", "0"), "--top must be at least 1"),
    (("draw", "As Ks Qs Js 2d", "--top", "-1"), "--top must be at least 1"),
    (("combos", "As Ah", "--beats", ""), "no --beats combination given"),
    (("equity", "AsAh", "KsKh", "--board", ",,,"), "board ',,,' has no cards"),
    (("percentile", "AsAh", "--board", " , "), "has no cards"),
    (("equity", "AsAs", "QsQh"), "duplicate card 'As' in hand 1"),
])
def test_empty_and_mistaken_values_are_errors(cli, args, fragment):
    code, out, err = cli(*args)
    assert code == 2 and out == "" and fragment in err and len(err.splitlines()) == 1


def test_an_empty_board_means_preflop(cli):
    code, out, _ = cli("equity", "AsAh", "KsKh", "--board", "", "--json")
    assert code == 0 and json.loads(out)["boards"] == 1_712_304


def test_bad_thread_count_is_a_warning(cli, monkeypatch):
    monkeypatch.setenv("POKERCLI_THREADS", "abc")
    from pokercli import paths

    monkeypatch.setattr(paths, "_warned", set())
    code, out, err = cli("equity", "AsAh", "KsKh", "--json")
    assert code == 0 and AA_KK in out
    assert err.count("\n") == 1 and "POKERCLI_THREADS='abc'" in err


@pytest.mark.parametrize("args", [
    ["equity", "AsAh", "KsKh", "-u"], ["encode", "A♠ 10♡", "-u"], ["rank", "A♠ K♠ Q♠ J♠ T♠", "-u"],
    ["percentile", "AsAd", "--board", "Ac 2d 8c", "-u"], ["draw", "As Ks Qs Js 2d", "-u"],
    ["range", "QQ+,AKs"], ["deal", "--seed", "1", "-u"], ["combos", "As Ah Ks", "-u"],
    ["equity", "AsAh", "KsKh", "-u", "--json"]])
@pytest.mark.parametrize("terminal", ["0", "1"])
def test_an_ascii_only_stdout_gets_letters(args, terminal):
    env = {"PYTHONIOENCODING": "ascii", "COLUMNS": "100"}
    if terminal == "1":
        env["POKERCLI_TERMINAL"] = "1"
    r = subprocess.run([sys.executable, "-m", "pokercli", *args], capture_output=True,
                       env={**os.environ, **env}, timeout=600)
    assert r.returncode == 0, r.stderr
    r.stdout.decode("ascii")  # nothing but ASCII
    assert b"Traceback" not in r.stderr and b"?" not in r.stdout.replace(b"(?", b"")


def test_batch_skips_a_byte_order_mark(cli):
    code, out, err = cli("rank", "-", input="\ufeffAs Ks Qs Js Ts\n2c 3d 4h 5s 7c\n")
    assert code == 0 and err == "" and out.splitlines()[0].startswith("As Ks Qs Js Ts\t1\t")


def test_a_huge_bad_token_is_not_echoed_whole(cli):
    code, out, err = cli("rank", "-", input="X" * 1_000_000 + "\n")
    assert code == 1 and len(err) < 400 and "(1000000 characters)" in err
    code, out, err = cli("equity", "Z" * 100_000, "KK")
    assert code == 2 and len(err) < 400


def test_hearts_reads_what_deal_writes(cli):
    code, one, _ = cli("deal", "--game", "hearts", "--seed", "5", "--json")
    code, out, err = cli("hearts", "-", "--json", input=one)
    assert code == 0 and json.loads(out)["state"] == json.loads(one)["hearts"]["state"]
    code, many, _ = cli("deal", "--game", "hearts", "--seed", "5", "--count", "3", "--json")
    code, out, err = cli("hearts", "-", "--json", "--view", "2", input=many)
    states = [json.loads(l) for l in out.splitlines()]
    assert code == 0 and len(states) == 3 and all(s["view"] == 2 for s in states)
    lines = many.splitlines()
    code, out, err = cli("hearts", "-", "--json", input="\n".join([lines[0], "{bad", lines[2]]) + "\n")
    assert code == 1 and len(out.splitlines()) == 2 and "line 2:" in err


# --- the fuzz test --------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

VALUES = ["As", "AsKs", "As Ks Qs Js Ts", "As Ks Qs Js 2d", "Ah Kd 7c", "Ah Kd 7c 2s", "2c 3d 4h 5s 7c 9d",
          "AA", "QQ+,AKs", "AA:0.5", "random", "AsAs", "A♠ 10♡", "Xx", "", " ", ",,,", "-", "0", "-1", "7",
          "2", "1e308", "nan", "1.5", "99999999999999999999999", "AKs", "T9o", "72o", "all", "{", "[1,2]",
          "ÿ\x00", "\u202e", "x" * 300]
OPTIONS = {
    "encode": ["--as", "mask52", "ck32", "ranks", "--json", "-u"],
    "deal": ["--game", "holdem", "draw", "hearts", "bigtwo", "--players", "--seed", "--dead", "--count",
             "--round", "--view", "--json", "-u"],
    "rank": ["--board", "--score", "--json", "-u"],
    "equity": ["--board", "--dead", "--exact", "--mc", "--samples", "--stderr", "--seed", "--categories",
               "--json", "-u"],
    "percentile": ["--board", "--vs", "--dead", "--json", "-u"],
    "range": ["--json"],
    "table": ["--hand", "--players", "--format", "csv", "json", "--json"],
    "hearts": ["--view", "--json"],
    "combos": ["--beats", "--json", "-u"],
    "draw": ["--pay", "--dead", "--top", "--json", "-u"],
}


@st.composite
def invocation(draw):
    command = draw(st.sampled_from(sorted(OPTIONS)))
    pool = OPTIONS[command] + VALUES
    args = [command] + draw(st.lists(st.sampled_from(pool), max_size=6))
    if command in ("deal", "equity"):  # 10**23 deals or samples: a long answer, not a bug
        args = [a if a != "99999999999999999999999" else "3" for a in args]
    if command == "table":  # small tables only: the full one takes minutes
        args += ["--classes", draw(st.sampled_from(["AA,KK", "QQ+", "AKs,T9s", "", "ZZ", "random"]))]
    return args


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(invocation())
def test_fuzz_every_subcommand(args):
    """Random arguments: a documented exit status, never a traceback or an
    internal error, and valid JSON whenever --json succeeds. Work limits are
    lowered so that every invocation stays short."""
    from typer.testing import CliRunner

    from pokercli.cli import app

    limits = {"EXACT_DEFAULT_LIMIT": 2e6, "EXACT_MAX": 2e6, "DEFAULT_MAX_SAMPLES": 20_000}
    saved = {k: getattr(Q, k) for k in limits}
    saved_classes = T.classes_of_range
    try:
        for k, v in limits.items():
            setattr(Q, k, v)
        T.classes_of_range = lambda text: saved_classes(text)[:4]
        result = CliRunner().invoke(app, args)
    finally:
        for k, v in saved.items():
            setattr(Q, k, v)
        T.classes_of_range = saved_classes
    assert result.exit_code in (0, 1, 2, 130), (args, result.exit_code, result.stderr)
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, (args, result.stderr)
    if "--json" in args and result.exit_code == 0 and result.stdout.strip():
        text = result.stdout.strip()
        docs = text.splitlines() if text.startswith("{") and "\n{" in text else [text]
        for doc in docs:
            strict_json(doc)
