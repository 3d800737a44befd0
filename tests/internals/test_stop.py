"""Ctrl-C reaches a job on worker threads whichever thread the signal lands on."""

import os
import signal
import threading
import time

import pytest

from pokercli import jobs as G


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




def test_a_ctrl_c_lost_inside_a_library_still_stops_the_job():
    """The command line's handler notes each Ctrl-C: a KeyboardInterrupt that a
    library swallowed (one was lost inside numba's import of NumPy's random
    module, and a three-way Monte Carlo then ran on) still ends the job's wait,
    at once, and the next job runs normally."""
    from pokercli import _stop
    from pokercli.equity_calc import equity

    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        _stop.install()
        assert signal.getsignal(signal.SIGINT) is _stop._on_sigint
        try:  # a library that swallows the exception
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        t0 = time.monotonic()
        with pytest.raises(KeyboardInterrupt):  # no sample was added: nothing to report
            equity(["AsKs", "QQ", "random"], method="monte-carlo", samples=10**12, seed=1)
        assert time.monotonic() - t0 < 5
        _stop.handled()  # what the command line's error boundary does with it
        r = equity(["AsKs", "QQ"], method="monte-carlo", samples=20_000, seed=1)
        assert r.samples == 20_000 and not r.interrupted
    finally:
        signal.signal(signal.SIGINT, old)
        _stop.handled()


def test_install_leaves_a_hosts_handler_alone():
    """A program that set its own SIGINT handler keeps it."""
    from pokercli import _stop

    def mine(signum, frame):
        pass

    old = signal.signal(signal.SIGINT, mine)
    try:
        _stop.install()
        assert signal.getsignal(signal.SIGINT) is mine
    finally:
        signal.signal(signal.SIGINT, old)


def test_a_ctrl_c_while_a_kernel_compiles_is_answered_at_once():
    """A kernel's first compile (up to about 7 s) runs on a thread of its own
    while the caller waits in short steps: in the main thread a Ctrl-C raises
    KeyboardInterrupt at once; a worker of a stopping job raises Stopped; the
    compile's own failure reaches the caller. (The work here stands in for a
    compile: it waits, without Python's lock, until the test lets it go.)"""
    from pokercli import _stop
    from pokercli._kernels.jit import _stoppable

    release = threading.Event()
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    t0 = time.monotonic()
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            _stoppable(release.wait, 30)
        main_took = time.monotonic() - t0
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, old)
        release.set()

    release.clear()
    caught = []

    def worker():
        try:
            _stoppable(release.wait, 30)
        except _stop.Stopped:
            caught.append(time.monotonic())

    thread = threading.Thread(target=worker)
    thread.start()
    time.sleep(0.3)
    try:
        _stop._requested.set()
        asked = time.monotonic()
        thread.join(5)
    finally:
        _stop._requested.clear()
        release.set()
    assert main_took < 1.3 and caught and caught[0] - asked < 1, (main_took, caught)

    def broken():
        raise ValueError("no such signature")

    with pytest.raises(ValueError, match="no such signature"):
        _stoppable(broken)


def test_a_program_using_the_library_waits_at_exit_for_a_compile_left_behind(tmp_path):
    """Outside the command line, a compile a Ctrl-C left running is waited for
    at exit (ending under it crashed the process): a stand-in compile thread
    that writes a file after 1 s has written it when the program has ended."""
    import subprocess
    import sys

    mark = tmp_path / "finished"
    code = ("import sys, threading, time, pathlib\n"
            "import pokercli._kernels.jit\n"
            "from pokercli._stop import COMPILE_THREAD\n"
            f"def work():\n    time.sleep(1)\n    pathlib.Path({str(mark)!r}).write_text('done')\n"
            "threading.Thread(target=work, name=COMPILE_THREAD, daemon=True).start()\n"
            "sys.exit(3)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 3 and mark.read_text() == "done", r.stderr


@pytest.mark.parametrize("keyed_by", ["fingerprint", "typeof"])
def test_a_kernel_called_with_other_argument_types_is_prepared_again(monkeypatch, keyed_by):
    """A kernel is known ready by its arguments' types, not by the kernel
    alone: a call with another dtype or a read-only array goes through the
    loading and compiling path again (on the compile thread, where a Ctrl-C is
    answered at once and two processes share the compile), not through a
    compile in Numba's dispatch in the calling thread, which nothing stops;
    and types seen before are not prepared twice. The same with the types
    told apart by ``numba.typeof``, as where Numba lacks its fingerprints."""
    import numba
    import numpy as np

    from pokercli._kernels import jit as J
    from pokercli._stop import COMPILE_THREAD

    if keyed_by == "typeof":
        monkeypatch.setattr(J, "_fingerprint", numba.typeof)

    @numba.njit
    def first_plus_one(a):
        return a[0] + 1

    seen = []
    real = J._load_or_compile

    def record(kernel, args):
        seen.append((threading.current_thread().name, args[0].dtype.name, args[0].flags.writeable))
        real(kernel, args)

    monkeypatch.setattr(J, "_load_or_compile", record)
    a64, a32, frozen = np.array([4], np.int64), np.array([4], np.int32), np.array([4], np.int64)
    frozen.setflags(write=False)
    for a in (a64, a32, frozen, a64, a32, frozen):
        assert J.call(first_plus_one, a) == 5
    assert [s[1:] for s in seen] == [("int64", True), ("int32", True), ("int64", False)]
    assert {s[0] for s in seen} == {COMPILE_THREAD}
    assert len(first_plus_one.overloads) == 3
