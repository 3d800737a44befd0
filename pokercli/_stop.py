"""A process-wide request to stop long jobs: Ctrl-C sets it, every kernel call checks it.

Kernel calls are kept short (well under a second each); a job on worker threads
that is interrupted sets the flag before it waits for its workers, so each
worker stops at its next kernel call instead of finishing its chunk.
"""

from __future__ import annotations

import threading

_requested = threading.Event()


class Stopped(Exception):
    """Raised in a worker thread by :func:`check` once a stop was requested."""


def check() -> None:
    if _requested.is_set():
        raise Stopped()


#: Seconds the main thread waits on workers before it looks for a pending Ctrl-C.
POLL = 0.2


def result(future):
    """A worker's result, waited for in short steps: the signal of a Ctrl-C may
    reach a worker thread, and the main thread runs Python's handler (raising
    KeyboardInterrupt) only when its wait returns."""
    from concurrent.futures import TimeoutError as Pending

    while True:
        try:
            return future.result(timeout=POLL)
        except Pending:
            continue


def shutdown(pool, interrupted: bool) -> None:
    """Shut a thread pool down; when interrupted, ask its running work to stop
    at its next kernel call and wait for that (not for the work to finish)."""
    if not interrupted:
        pool.shutdown(wait=True)
        return
    outermost = not _requested.is_set()  # a pool inside a stopping job leaves the flag to it
    _requested.set()
    try:
        pool.shutdown(wait=True, cancel_futures=True)
    finally:
        if outermost:
            _requested.clear()
