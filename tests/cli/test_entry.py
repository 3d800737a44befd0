"""The entry point's own answer to ``pokercli equity`` of two hands
(pokercli/entry.py), before Typer is imported: the same output as the Typer
command in every mode, nothing printed for what it leaves to Typer, and a
fresh process that imports neither Typer nor NumPy."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from conftest import load_kernels
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
    ["equity", "AsAh", "KsKh", "--exact"],
    ["equity", "AsAh", "KsKh", "-n", "1000", "-s", "4"],
    ["equity", "AsAh", "KsKh", "--monte-carlo", "--seed", "3"],
    ["equity", "AsAh", "KsKh", "--mc", "-s", "7", "-n", "20000", "--json"],
    ["equity", "AhKh", "QsQd", "-b", "Jh Th 2c", "--mc", "--seed=2", "--stderr", "0.002", "-u"],
    ["equity", "AhKh", "QsQd", "--samples=30000", "--monte-carlo", "--board", "Jh Th 2c 5s", "--seed", "11"],
]


@pytest.fixture(scope="module", autouse=True)
def kernels_loaded():
    """Numba and the Monte Carlo kernels loaded first, so that neither path
    prints a compile notice or samples by the NumPy twins while the other does not."""
    load_kernels()


@pytest.mark.parametrize("terminal", ["0", "1"])
@pytest.mark.parametrize("words", TAKEN)
def test_its_answer_is_the_typer_commands(words, terminal, capsys, monkeypatch):
    monkeypatch.setenv("POKERCLI_TERMINAL", terminal)
    monkeypatch.setenv("COLUMNS", "80")
    # each path run once first: a kernel the spot needs beyond the fixture's (the
    # flop's exact runouts) is compiled on an empty cache, with its notice, by the
    # path that asks first, and loaded silently by the other
    quick_equity(words)
    CliRunner().invoke(app, words)
    capsys.readouterr()
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
    ["equity", "AsAh", "KsKh", "--exact", "--mc"], ["equity", "AsAh", "KsKh", "-n", "abc"],
    ["equity", "AsAh", "KsKh", "-n1000"], ["equity", "AsAh", "KsKh", "--samples", "0"],
    ["equity", "AsAh", "KsKh", "--mc", "--monte-carlo"], ["equity", "AsAh", "KsKh", "--seed"],
    ["equity", "AsAh", "KsKh", "--json=1"], ["equity", "AsAh", "KsKh", "--stderr", "x"],
    ["equity", "AsAh", "KsKh", "--mc", "--categories"], ["equity", "AsAh", "KsKh", "--seed", "-1"],
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


@pytest.mark.parametrize("words, unloaded, shown", [
    (["--board", "Jh Th 2c"], ("typer", "numpy", "numba", "rich"), "As Ah\t90.0000"),
    (["--monte-carlo", "--seed", "1"], ("typer", "numba"), "monte-carlo: 600,000 samples (seed 1)"),
])
def test_a_fresh_process_leaves_the_heavy_libraries_unloaded(words, unloaded, shown):
    code = (f"import sys\nsys.argv = ['pokercli', 'equity', 'AsAh', 'KsKh', *{words!r}]\n"
            "from pokercli.entry import main\nmain()\n"
            f"print(sorted(m for m in {unloaded!r} if m in sys.modules), file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and shown in r.stdout
    assert r.stderr.strip().splitlines()[-1] == "[]"


def test_a_fresh_process_refuses_in_one_line():
    r = subprocess.run([sys.executable, "-m", "pokercli", "equity", "AsAh", "AsKh"], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.startswith("pokercli: error:")


@pytest.mark.parametrize("words", [["equity", "AsAh", "KsKh"], ["equity", "AsAh", "KsKh", "--json"],
                                   ["rank", "As Ks Qs Js Ts"], ["--version"], ["encode", "As"], ["--help"],
                                   ["equity", "--help"]])
def test_a_reader_that_went_away_ends_it_quietly(words):
    """stdout's reader closed before anything is written (``| true``): exit 0, nothing on
    stderr, on the entry point's own answer as on the Typer command's."""
    p = subprocess.Popen([sys.executable, "-m", "pokercli", *words], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    p.stdout.close()  # the child writes into a pipe no one reads: EPIPE
    err = p.stderr.read()
    assert p.wait(timeout=120) == 0 and err == b""


FULL_DISK = [["equity", "AsAh", "KsKh"], ["equity", "AsAh", "KsKh", "--json"], ["--version"], ["--help"],
             ["rank", "As Ks Qs Js Ts"], ["range", "QQ+,AKs"], ["equity", "AsAh", "KsKh", "QsQh"]]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full (a full disk) on this system")
@pytest.mark.parametrize("words", FULL_DISK, ids=[" ".join(w) for w in FULL_DISK])
def test_stdout_on_a_full_disk_is_one_line(words):
    """``> /dev/full``: every write fails with ENOSPC. One line naming it, exit 1,
    no traceback, no "internal error" (the entry point's own answer, Click's
    --version and --help and the Typer commands alike wrote a traceback or
    called it an internal error until 2026-11-29)."""
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "pokercli", *words], stdout=full, stderr=subprocess.PIPE,
                           text=True, timeout=120)
    assert r.returncode == 1
    assert r.stderr.splitlines() == ["pokercli: error: cannot write the output: No space left on device"], r.stderr


@pytest.mark.parametrize("fd,words,code", [(1, ["equity", "AsAh", "KsKh"], 0), (1, ["--version"], 0),
                                           (1, ["rank", "As Ks Qs Js Ts"], 0), (2, ["rank", "As Ks Qs Js"], 2),
                                           (0, ["equity", "-"], 0), (0, ["rank", "-"], 0)])
def test_a_stream_the_shell_closed_is_the_null_device(fd, words, code):
    """``<&-``, ``>&-`` or ``2>&-``: Python starts with that stream None; stdin
    reads as empty, what would go to stdout or stderr is dropped, the exit
    status is the command's (until 2026-11-29: an AttributeError, a traceback
    or an "internal error")."""
    r = subprocess.run([sys.executable, "-m", "pokercli", *words], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=120, preexec_fn=lambda: os.close(fd))
    assert r.returncode == code, r
    assert "Traceback" not in r.stdout + r.stderr and r.stdout == "" and (fd == 2 or r.stderr == ""), r


def test_ctrl_c_while_it_samples_prints_the_samples_so_far(capsys):
    """A real SIGINT sent to this process while the entry point samples (the
    handler set here: a test started with SIGINT ignored would test nothing):
    the result so far, the Typer command's warning, exit status 130."""
    import os
    import signal
    import threading

    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(SystemExit) as e:
            quick_equity(["equity", "AsAh", "KsKh", "--samples", "2000000000", "--seed", "3", "--json"])
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, old)
    assert e.value.code == 130
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["interrupted"] is True and 0 < doc["samples"] < 2_000_000_000
    assert err == "pokercli: interrupted: the result below is from the samples so far\n"


@pytest.mark.parametrize("words", [["equity", "AsAh", "KsKh", "--json"], ["rank", "As Ks Qs Js Ts"]])
def test_the_last_garbage_collection_is_skipped_at_exit(words):
    """The command line freezes the garbage collector at exit, after every other
    exit handler (this one, registered before main, runs after the freeze), so
    the collector's last passes do not hold the exit up; the output is whole."""
    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0, file=sys.stderr))\n"
            f"sys.argv = ['pokercli', *{words!r}]\n"
            "from pokercli.entry import main\nmain()\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stderr.strip().splitlines()[-1] == "frozen True", r.stderr
    if "--json" in words:
        assert json.loads(r.stdout)["players"][0]["hand"] == "As Ah"


@pytest.mark.parametrize("words,status", [(["rank", "As Ks Qs Js Ts", "--json"], 0),
                                          (["equity", "AsAh", "KsKh", "--json"], 0),
                                          (["rank", "As Ks Qs Js"], 2)])
def test_a_compile_left_behind_ends_the_process_without_its_teardown(words, status):
    """A Ctrl-C can leave a kernel compiling on its own thread; the interpreter's
    teardown under it crashed the process (SIGSEGV). With such a thread alive
    (here a stand-in of that name), the command ends at once: its status and
    its whole output kept, no exit handler run (this one would print)."""
    code = ("import atexit, sys, threading\n"
            "from pokercli._stop import COMPILE_THREAD\n"
            "atexit.register(lambda: print('teardown', file=sys.stderr))\n"
            "threading.Thread(target=threading.Event().wait, name=COMPILE_THREAD, daemon=True).start()\n"
            f"sys.argv = ['pokercli', *{words!r}]\n"
            "from pokercli.entry import main\nmain()\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == status and "teardown" not in r.stderr, r.stderr
    if status == 0:
        assert json.loads(r.stdout)
    else:
        assert r.stderr.startswith("pokercli: error:") and r.stderr.count("\n") == 1
    plain = subprocess.run([sys.executable, "-c", code.replace("name=COMPILE_THREAD", "name='other'")],
                           capture_output=True, text=True, timeout=120)
    assert plain.returncode == status and plain.stderr.strip().splitlines()[-1] == "teardown"
