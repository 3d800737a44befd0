"""pokercli hh on several processes (a file of 4 MiB or more): the very
output of a one-process read, line for line -- hands without ids numbered in
order, bad hands named by file, hand and line, blank lines before the first
hand skipped -- and Ctrl-C stops it within a second."""

from __future__ import annotations

import json
import os
import random
import time

import pytest

pokerkit = pytest.importorskip("pokerkit")

import pokercli.histories.parallel as P  # noqa: E402
from pokercli.histories import read_docs_lines, read_histories  # noqa: E402
from conftest import interrupt_after  # noqa: E402
from test_ohh import ohh_hand  # noqa: E402
from test_phh_oracle import played  # noqa: E402
from test_stars_oracle import stars_text  # noqa: E402


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """A .phhs, a PokerStars and an OHH file of the same 120 random hands,
    each with bad hands in it, and a single .phh hand without an id."""
    rng = random.Random(7)
    random.seed(7)
    phh, stars, ohh = [], [], []
    for k in range(120):
        game, state, stacks = played(rng, "NT", rng.randint(2, 6))
        phh.append(f"[{k + 1}]\n" + pokerkit.HandHistory.from_game_state(game, state).dumps())
        stars.append(stars_text(state, stacks, "NT", k + 1))
        doc = ohh_hand(state, stacks, "NT", k + 1)
        if k % 7 == 0:
            del doc["ohh"]["game_number"]  # numbered by its place in the file
        ohh.append(json.dumps(doc, indent=1 if k % 2 else None))
    phh[7] = phh[7].replace(" cbr ", " cbr x ", 1)
    stars[5] = stars[5].replace("(", "[", 1)  # a seat line that does not read
    stars[9] = stars[9].replace("Hold'em No Limit", "5 Card Draw Limit", 1)
    ohh[9] = ohh[9].replace('"players"', '"pleyers"', 1)
    root = tmp_path_factory.mktemp("hh")
    out = {"phhs": root / "many.phhs", "stars": root / "many.txt", "ohh": root / "many.ohh",
           "phh": root / "one.phh"}
    out["phhs"].write_text("\n\n" + "\n".join(phh))
    out["stars"].write_text("\n\n" + "".join(stars))
    out["ohh"].write_text("\n".join(ohh) + "\n{\"ohh\": {")
    out["phh"].write_text(phh[3].split("\n", 1)[1])
    for path in out.values():  # the kernels compiled or loaded first: no notice in the runs compared
        list(read_histories(path, strict=False))
        for hand in read_histories(path, strict=False):
            hand.to_dict()
        list(read_docs_lines(path.read_text().splitlines(keepends=True)))  # the one-pass reader's too
    return out


@pytest.mark.parametrize("kind", ["phhs", "stars", "ohh", "phh"])
def test_several_processes_print_what_one_prints(cli, monkeypatch, files, kind):
    serial = cli("hh", files[kind])
    monkeypatch.setattr(P, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(P, "BATCH", 16)  # several batches in flight
    monkeypatch.setattr(P, "BLOCK", 3000)  # (a PokerStars file's: several blocks)
    monkeypatch.setenv("POKERCLI_THREADS", "2")
    called = []
    real = P.json_lines
    monkeypatch.setattr(P, "json_lines", lambda *a: called.append((a[2], a[4] is not None)) or real(*a))
    parallel = cli("hh", files[kind])
    assert called == [(2, kind == "stars")]  # the processes' path was taken (a PokerStars file in blocks)
    assert parallel == serial
    code, out, err = serial
    assert out.count("\n") >= 1 and (code == 0) == (kind == "phh")
    if kind != "phh":
        assert "could not be read" in err and all(json.loads(line) for line in out.splitlines())


@pytest.mark.parametrize("kind", ["phhs", "stars", "ohh"])
@pytest.mark.parametrize("options", [("--summary", "--json"), ("--summary",), ("--summary", "--hero", "p2"),
                                     ("--summary", "--hero", "player2", "--json")])
def test_summaries_on_several_processes_are_the_same(cli, monkeypatch, files, kind, options):
    """--summary (and --hero) from the hands' records sent back by the worker
    processes: the very totals, curve and named bad hands of one process."""
    serial = cli("hh", files[kind], *options)
    monkeypatch.setattr(P, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(P, "BATCH", 16)
    monkeypatch.setattr(P, "BLOCK", 3000)
    monkeypatch.setenv("POKERCLI_THREADS", "2")
    called = []
    real = P.json_lines
    monkeypatch.setattr(P, "json_lines", lambda *a: called.append(a[3]) or real(*a))
    assert cli("hh", files[kind], *options) == serial and called == [True]
    code, out, err = serial
    hero = "--hero" in options
    known = (options[2] in out) if hero else "hands" in out
    assert known or "no hand has a player named" in err


def test_no_worker_processes_is_one_warning_and_the_same_output(cli, monkeypatch, files):
    """Where processes cannot be started, one warning line, then the same
    hands read in this process."""
    import multiprocessing

    serial = cli("hh", files["stars"])
    monkeypatch.setattr(P, "PARALLEL_BYTES", 0)
    monkeypatch.setenv("POKERCLI_THREADS", "2")

    class NoProcesses:
        def Pool(self, *args, **kwargs):
            raise OSError(38, "Function not implemented")

    monkeypatch.setattr(multiprocessing, "get_context", lambda method: NoProcesses())
    code, out, err = cli("hh", files["stars"])
    assert (code, out) == serial[:2]
    warnings = [line for line in err.splitlines() if "cannot start worker processes" in line]
    assert len(warnings) == 1 and err.replace(warnings[0] + "\n", "") == serial[2]


def test_a_small_file_is_read_in_one_process(monkeypatch):
    monkeypatch.setenv("POKERCLI_THREADS", "2")
    assert P.workers_for(P.PARALLEL_BYTES - 1) == 1 and P.workers_for(P.PARALLEL_BYTES) == 2


def test_ctrl_c_stops_the_processes_within_a_second(tmp_path, files):
    """A 5 MiB file of PokerStars hands read on two processes: interrupted
    once hands are printed, it stops within a second with one line, no
    traceback."""
    hand = files["stars"].read_text().split("\n\n\n")[-1]
    big = tmp_path / "big.txt"
    with open(big, "w") as f:
        for k in range(1 + (5 << 20) // len(hand)):
            f.write(hand.replace("Hand #", f"Hand #{k}0", 1) + "\n\n\n")
    def printing(proc):  # the workers have started and answered
        assert json.loads(proc.stdout.readline())["site"] == "pokerstars"

    code, took, out, err = interrupt_after(("hh", big), printing, 10, {**os.environ, "POKERCLI_THREADS": "2"})
    assert code == 130 and took < 1.5, err
    assert err.strip().splitlines()[-1] == "pokercli: interrupted" and "Traceback" not in err


def test_a_pokerstars_files_blocks_are_cut_as_its_lines_are():
    """The blocks of bytes a PokerStars file is handed out in, cut into hands
    by the worker, are the hands and first line numbers a line-by-line read
    cuts: a byte order mark, blank lines first, Windows line ends, a line
    that looks like a hand's start and is not, a hand longer than a block."""
    import io

    from pokercli.histories import chunked, stars

    hand = ('''PokerStars Hand #{k}: Hold'em No Limit ($1/$2 USD) - 2026/01/01 0:00:00 ET
Table 'T' 6-max Seat #2 is the button
Seat 1: a ($100 in chips)
Seat 2: b ($100 in chips)
a: posts small blind $1
b: posts big blind $2
PokerStars is not a hand's start here
*** HOLE CARDS ***
a: folds
*** SUMMARY ***
''')
    long = "".join(f"a said hello {i} times\n" for i in range(100))  # hand 7: longer than a block of 700
    text = "\ufeff\n\n" + "\n".join(hand.format(k=k) + long * (k == 7) for k in range(40))
    for form in (text, text.replace("\n", "\r\n")):
        data = form.encode()
        lines = list(io.StringIO(form, newline=""))
        lines[0] = lines[0].lstrip("\ufeff")  # as the command reads a file's first line
        reader, cuts = chunked(lines)
        want = [(line, chunk) for line, chunk in cuts if chunk.strip()]
        assert reader is stars.read and len(want) == 40 and P.starts_stars(io.BufferedReader(io.BytesIO(data)))
        for block in (64, 700, 1 << 17):
            P.BLOCK = block
            try:
                got = [c for b in P.stars_blocks(io.BytesIO(data), "f") for c in P.stars_chunks(*b)]
            finally:
                P.BLOCK = 1 << 17
            got = [(line, chunk.lstrip("\ufeff") if line == 1 else chunk) for line, chunk in got]
            assert [(line, chunk) for line, chunk in got if chunk.strip()] == want


def test_bytes_that_are_not_utf8_stop_both_reads_alike(cli, monkeypatch, files, tmp_path):
    """A byte that is not UTF-8 in the middle of a PokerStars file: the hands
    before the one holding it printed, then one line naming the file's line,
    exit 2 -- on one process and on several alike."""
    data = files["stars"].read_bytes()
    at = data.index(b"PokerStars Hand #40:")
    at = data.index(b"posts big blind", at)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(data[:at] + b"\xff" + data[at:])
    serial = cli("hh", bad)
    monkeypatch.setattr(P, "PARALLEL_BYTES", 0)
    monkeypatch.setattr(P, "BLOCK", 3000)
    monkeypatch.setenv("POKERCLI_THREADS", "2")
    parallel = cli("hh", bad)
    code, out, err = serial
    number = data[:at].count(b"\n") + 1
    assert code == 2 and err.strip().splitlines()[-1].endswith(f"is not UTF-8 text (line {number})")
    assert [json.loads(x)["hand"] for x in out.splitlines()][-1] == "39"
    assert parallel == serial


def test_stopping_the_workers_waits_half_a_second_at_most():
    """``Pool.terminate`` waits for the thread that hands the workers their
    batches, which can be stuck for good sending a batch to a worker just
    stopped; ``stop`` gives it ``STOP_WAIT`` seconds and goes on."""
    import threading

    class StuckPool:
        def __init__(self):
            self.called = threading.Event()

        def terminate(self):
            self.called.set()
            threading.Event().wait()  # never returns, as the stuck pool's does

    pool = StuckPool()
    t0 = time.monotonic()
    P.stop(pool)
    assert pool.called.is_set() and time.monotonic() - t0 < P.STOP_WAIT + 0.5
