"""A process-wide request to stop long jobs: Ctrl-C sets it, every kernel call checks it.

Kernel calls are kept short (well under a second each); a job on worker threads
that is interrupted sets the flag before it waits for its workers, so each
worker stops at its next kernel call instead of finishing its chunk.
"""

from __future__ import annotations

import os
import sys
import threading

_requested = threading.Event()
#: A Ctrl-C the command line has seen and pokercli has not yet acted on: the
#: KeyboardInterrupt that Python raises may land inside a library's import
#: (numba importing NumPy's random module swallowed one, and the job then ran
#: on), so the main thread's waits also look here.
_pending = threading.Event()


class Stopped(Exception):
    """Raised in a worker thread by :func:`check` once a stop was requested."""


def check() -> None:
    """Raise :class:`Stopped` in a worker once a stop was requested, and
    KeyboardInterrupt in the main thread for a Ctrl-C not yet acted on."""
    if _pending.is_set() and threading.current_thread() is threading.main_thread():
        raise KeyboardInterrupt
    if _requested.is_set():
        raise Stopped()


def _on_sigint(signum, frame) -> None:
    _pending.set()
    raise KeyboardInterrupt


def install() -> None:
    """The command line's Ctrl-C handler: Python's (a KeyboardInterrupt), which
    also notes the Ctrl-C so that a job's waits end even when the exception was
    lost. Only where Python's own handler is in place (never over a host's)."""
    import signal

    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _on_sigint)


def handled() -> None:
    """A KeyboardInterrupt was caught and acted on: the noted Ctrl-C is done."""
    _pending.clear()


def interrupt_pending() -> None:
    """KeyboardInterrupt if a Ctrl-C was noted and not acted on (main thread)."""
    if _pending.is_set():
        raise KeyboardInterrupt


#: The name of the thread a kernel loads or compiles on (:func:`pokercli._kernels.jit.ensure`).
COMPILE_THREAD = "pokercli-compile"


def compiles_left_behind() -> list:
    """The kernel compiles still running on their threads, left behind by a
    Ctrl-C (their callers stopped waiting)."""
    return [t for t in threading.enumerate() if t.name == COMPILE_THREAD and t.is_alive()]


def exit_past_compiles(code) -> None:
    """End the process at once, its output flushed, when a Ctrl-C left a
    kernel compiling on a thread of its own (:func:`compiles_left_behind`):
    an ordinary exit tears the interpreter and LLVM's globals down while the
    compile still uses them, and crashed the process (SIGSEGV, seen on
    ``equity AsKs random --runs 2`` interrupted 10 s into an empty cache)."""
    if not compiles_left_behind() or not (code is None or isinstance(code, int)):
        return  # (an exit with a message to print is left to Python; the command line's give numbers)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a reader gone, a closed stream: nothing more to say
            pass
    os._exit(code or 0)


#: Seconds the main thread waits on workers before it looks for a pending Ctrl-C.
POLL = 0.2


def result(future):
    """A worker's result, waited for in short steps: the signal of a Ctrl-C may
    reach a worker thread, and the main thread runs Python's handler (raising
    KeyboardInterrupt) only when its wait returns; a Ctrl-C noted but lost
    (:func:`install`) ends the wait too."""
    from concurrent.futures import TimeoutError as Pending

    while True:
        interrupt_pending()
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
