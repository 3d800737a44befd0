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


