"""Nothing a user types or the machine does may crash, hang, corrupt or be lost (issue 12).

Subprocess tests run ``python -m pokercli`` with their own cache directory; as
root (where chmod cannot make a directory read-only) a read-only cache is
simulated by making pokercli's writability probe fail, and the tests check that
nothing in the directory changes.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from conftest import dask_process, interrupt_after, pokercli_with_sigint, run_subprocess, wait_for


AA_KK = '"wins": 1410336'

def strict_json(text: str):
    """Parse JSON refusing NaN and Infinity, as strict parsers do."""
    def bad(constant):
        raise ValueError(f"{constant} is not JSON")
    return json.loads(text, parse_constant=bad)


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


_interrupt_after = interrupt_after


def test_ctrl_c_stops_monte_carlo_that_would_run_for_hours():
    code, took, out, err = _interrupt_after(
        ["equity", *["random"] * 16, "--mc", "--samples", 10 ** 12, "--json"], lambda p: time.sleep(6))
    assert code == 130 and took < 5, err
    doc = strict_json(out)
    assert doc["interrupted"] is True and doc["samples"] > 0 and "Traceback" not in err


# --- 3. kernel entries that could index out of bounds ---------------------------------

def test_draw_with_too_few_cards_left(cli):
    from pokercli import cards as C

    hand = C.parse("As Ks Qs Js 2d")
    rest = [c for c in range(52) if c not in hand]
    for dead in (43, 47):
        code, out, err = cli("draw", "As Ks Qs Js 2d", "--dead", C.format_cards(rest[:dead]))
        assert code == 2 and "too few cards left to draw" in err
    code, out, _ = cli("draw", "As Ks Qs Js 2d", "--dead", C.format_cards(rest[:42]), "--json")
    assert code == 0 and strict_json(out)["holds"][0]["draws"] >= 1


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
    assert code == 2 and out == "" and "a pay is a finite number from 0 to 1e+12" in err


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
        assert "1 damaged line skipped; its chunk is computed again" in err and len(err.splitlines()) == 1
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

def test_a_scheduler_that_dies_mid_job(scheduler, tmp_path):
    address, proc = scheduler
    worker = dask_process("distributed.cli.dask_worker", address, "--no-nanny", "--nthreads", "1",
                   "--no-dashboard", "--local-directory", str(tmp_path), cwd=tmp_path)
    ck = tmp_path / "t.jsonl"
    classes = "QQ+,AKs,T9s,72o,KQo,JTs,A5s,65s,22,K9o,AJo,T8s,54s,33"
    job = subprocess.Popen([sys.executable, "-m", "pokercli", "table", "--classes", classes, "--json",
                            "--scheduler", address, "--checkpoint", str(ck)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: ck.exists() and len(ck.read_text().splitlines()) >= 3, "two chunks")
        proc.kill()
        proc.wait()  # the event: the scheduler is gone; then the job must end by itself
        # a bound only against a hang (the job's own limits end it within a minute; a loaded
        # machine once took longer than a fixed 120 s to get there)
        out, err = job.communicate(timeout=900)
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
    (("combos", "As Ah", "--beats", ""), "--beats is empty"),
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


def test_bad_thread_count_is_a_warning():
    # hand types counted: the spot is enumerated on threads, not read from the shipped table;
    # its kernels loaded here first, so that a fresh cache's compile notice is not the child's
    import pokercli

    pokercli.equity(["AsAh", "KsKh"], categories=True)
    r = run_subprocess("equity", "AsAh", "KsKh", "--categories", "--json", env={"POKERCLI_THREADS": "abc"})
    assert r.returncode == 0 and AA_KK in r.stdout
    # a compile notice may still come: the other test worker can rewrite a kernel's cache index meanwhile
    lines = [x for x in r.stderr.splitlines() if not x.startswith(("pokercli: compiling ", "pokercli: compiled "))]
    assert len(lines) == 1 and "POKERCLI_THREADS='abc'" in lines[0] and lines[0].startswith("pokercli: warning: ")


@pytest.mark.parametrize("value", ["0", "-2"])
def test_a_numba_thread_count_numba_cannot_start_with_is_a_warning(value):
    """``NUMBA_NUM_THREADS=0`` makes ``import numba`` itself fail ("Number of
    threads specified must be > 0"): it was an internal error; now it is set
    aside with one warning line and the kernels run on every core."""
    import pokercli

    pokercli.equity(["AsAh", "KsKh"], categories=True)  # the kernels compiled here (see above)
    r = run_subprocess("equity", "AsAh", "KsKh", "--categories", "--json", env={"NUMBA_NUM_THREADS": value})
    assert r.returncode == 0 and AA_KK in r.stdout, r.stderr
    lines = [x for x in r.stderr.splitlines() if not x.startswith(("pokercli: compiling ", "pokercli: compiled "))]
    assert lines == [f"pokercli: warning: NUMBA_NUM_THREADS={value} is not a number of threads (1 and up); ignored"]


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
    # a line that is not JSON at all is named too, and the others are answered
    code, out, err = cli("hearts", "-", "--json", input="\n".join([lines[0], "not json", lines[2]]) + "\n")
    assert code == 1 and len(out.splitlines()) == 2 and err.startswith("pokercli: line 2:")
    assert err.count("\n") == 1


def test_ctrl_c_stops_the_first_build_of_the_evaluator_tables(tmp_path):
    """On an empty cache the first command builds the evaluator's lookup
    tables; placing their rows took 2.4 s in one kernel call, and a Ctrl-C
    then waited for it. Sent once the placing kernel is compiled (its rows
    being placed), the Ctrl-C stops the command within a second, and no
    table is left behind."""
    env = dict(os.environ, POKERCLI_CACHE_DIR=str(tmp_path))
    seen = []

    def placing(proc):
        for line in proc.stderr:  # the notices, a line at a time, until the placing starts
            seen.append(line)
            if line.startswith("pokercli: compiled place_rows"):
                return
        raise AssertionError("".join(seen))

    code, took, out, err = _interrupt_after(["equity", "AsKs", "QhQd", "--board", "2c 7d 9h"], placing, env=env)
    assert code == 130 and took < 1, (took, "".join(seen) + err)
    assert err.strip().splitlines()[-1] == "pokercli: interrupted" and "Traceback" not in err
    assert not (tmp_path / "tables-v2.npz").exists()


def test_ctrl_c_stops_a_job_whose_kernel_is_compiling(tmp_path):
    """The first Omaha Monte Carlo compiles its kernel (5 to 7 s) on the job's
    worker threads, and a Ctrl-C used to wait for the compile (4 s measured).
    Sent while it compiles, the Ctrl-C now stops the command within a second,
    and nothing half-compiled is saved. The evaluator's tables are copied in
    when the suite's cache has them (they are not what is tested)."""
    from pokercli.paths import cache

    for table in (cache().path or tmp_path).glob("*.npz"):
        shutil.copy(table, tmp_path)
    env = dict(os.environ, POKERCLI_CACHE_DIR=str(tmp_path))
    seen = []

    def compiling(proc):
        for line in proc.stderr:
            seen.append(line)
            if line.startswith("pokercli: compiling omaha_monte_carlo"):
                time.sleep(0.5)  # well inside the compile
                return
        raise AssertionError("".join(seen))

    code, took, out, err = _interrupt_after(["equity", "--game", "omaha", "AsKsQdJd", "random", "--samples",
                                             "100000"], compiling, env=env)
    assert code == 130 and took < 1, (took, "".join(seen) + err)
    assert err.strip().splitlines()[-1] == "pokercli: interrupted" and "Traceback" not in err
    assert "compiled omaha_monte_carlo" not in err
    assert not [p for p in (tmp_path / "numba").rglob("*omaha_monte_carlo*") if p.suffix in (".nbi", ".nbc")]


def test_ctrl_c_stops_an_omaha_percentile(monkeypatch):
    """Six-card Omaha on the flop scores a sample of 225,225 hands x 666 runouts
    (about 5 s on one thread of a fast machine; on two threads the later
    session's machine finished before 4 s): interrupted after 3 s, it stops at
    once, one line."""
    monkeypatch.setenv("POKERCLI_THREADS", "1")
    code, took, out, err = _interrupt_after(
        ["percentile", "--game", "omaha6", "As Ah Ks Kh Qd Jd", "--board", "2c 7h 9s"],
        lambda p: time.sleep(3))
    assert code == 130 and took < 5 and out == "", err
    assert err.strip().splitlines()[-1] == "pokercli: interrupted" and "Traceback" not in err


def test_a_malformed_scheduler_address_is_refused_even_for_a_small_job(cli):
    """A small hold'em job never contacts the scheduler, but the address is still checked."""
    code, out, err = cli("equity", "AsAh", "KsKh", "--scheduler", "tcp://256.1.1.1:8786")
    assert code == 2 and out == "" and err.count("\n") == 1 and "256.1.1.1 is not an IP address" in err


def test_a_tiny_stderr_target_samples_to_the_cap(cli):
    """1e-300 squared is 0.0: the target asks for every sample up to the cap, no division by zero."""
    code, out, err = cli("equity", "AsAh", "KsKh", "--stderr", "1e-300", "--samples", "20000", "--seed", "3",
                         "--json")
    doc = json.loads(out)
    assert code == 0 and doc["samples"] == 20000 and doc["target_reached"] is False


def test_deal_streams_a_huge_count():
    """`deal --count 10**12` writes its first deal at once and holds one deal at a
    time (it once built every deal first: 65 s and 1 GB for a million); the API's
    Deals is read lazily and deals the same cards again from the seed."""
    import pokercli

    deals = pokercli.deal(count=10**12, seed=4)
    assert len(deals) == 10**12 and deals[1].to_dict() == list(zip(range(2), deals))[1][1].to_dict()
    p = subprocess.Popen([sys.executable, "-m", "pokercli", "deal", "--count", str(10**12), "--seed", "4",
                          "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = json.loads(p.stdout.readline())
    finally:
        p.kill()
        p.communicate()
    assert first == deals[0].to_dict() and first["deal"] == 1


def test_a_line_longer_than_the_limit_is_named_and_skipped_unread(cli):
    """A line over batch.MAX_LINE bytes is refused by number without being held
    whole, and the lines after it are still answered."""
    from pokercli.batch import MAX_LINE

    text = "AsAh | " + "K" * (3 * MAX_LINE) + "\nAsAh | KsKh\n"
    code, out, err = cli("equity", "-", input=text)
    assert code == 1 and err.startswith(f"pokercli: line 1: the line is longer than {MAX_LINE:,} bytes")
    assert [json.loads(l)["line"] for l in out.splitlines()] == [2]


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads the process table in /proc")
def test_ctrl_c_stops_a_warmup_on_worker_processes_and_its_workers(tmp_path):
    """`warmup --jobs 2` on an empty cache compiles on two worker processes;
    a Ctrl-C while they compile stops the command within a second, with one
    line, and its workers with it."""
    env = dict(os.environ, POKERCLI_CACHE_DIR=str(tmp_path))
    seen, workers = [], []

    def compiling(proc):
        for line in proc.stderr:  # the workers' notices, relayed by the main process
            seen.append(line)
            if line.startswith("pokercli: compiling"):
                workers.extend(_children(proc.pid))
                return
        raise AssertionError("".join(seen))

    code, took, out, err = interrupt_after(["warmup", "--jobs", "2"], compiling, env=env)
    assert code == 130 and took < 1, (took, "".join(seen) + err)
    assert err.strip().splitlines()[-1] == "pokercli: interrupted" and "Traceback" not in err
    assert len(workers) >= 2  # the two workers (and multiprocessing's resource tracker)
    wait_for(lambda: not any(map(_alive, workers)), "the workers to stop", seconds=10)


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads the process table in /proc")
def test_a_warmup_worker_killed_ends_the_warmup_with_one_line(tmp_path):
    """A worker killed mid-step (the out-of-memory killer, say) takes its step
    with it, and the pool puts a fresh worker in its place: the warmup says
    so and stops, where it would have waited for the lost step for ever."""
    env = dict(os.environ, POKERCLI_CACHE_DIR=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "pokercli", "warmup", "--jobs", "2"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        seen = []
        for line in proc.stderr:  # a worker is compiling
            seen.append(line)
            if line.startswith("pokercli: compiling"):
                break
        workers = [pid for pid in _children(proc.pid)
                   if "resource_tracker" not in open(f"/proc/{pid}/cmdline").read()]
        assert len(workers) == 2, "".join(seen)
        os.kill(workers[0], signal.SIGKILL)
        out, err = proc.communicate(timeout=120)  # a bound against a hang only
    finally:
        proc.kill()
    assert proc.returncode == 1 and out == "", err
    assert err.strip().splitlines()[-1] == ("pokercli: error: --jobs: a worker process was stopped by signal 9 "
                                             "(as the system stops one when memory runs out); fewer jobs hold "
                                             "less memory")
    assert "Traceback" not in err
    wait_for(lambda: not _alive(workers[1]), "the other worker to stop", seconds=10)
