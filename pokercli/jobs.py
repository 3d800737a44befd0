"""Where big exact jobs run, on this machine (every core) or on a Dask cluster, and their checkpoints.

A job is a list of independent chunks; a chunk is a call of a module-level
function (so a Dask worker can import it) that returns exact integer counts.
Engines yield ``(chunk index, result)`` as chunks finish, in any order; callers
merge the results by chunk index, so the answer does not depend on the engine,
the number of workers or the order in which chunks finished.

Every finished chunk goes to a :class:`pokercli.checkpoint.Checkpoint` (a JSON
Lines file, written at once), so an interrupted job resumes without
recomputing what is done.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator, Optional, Sequence

from pokercli.checkpoint import Checkpoint
from pokercli.errors import EngineLost, PokerError, counted, shown

#: Environment variable naming a Dask scheduler (the default ``engine``).
SCHEDULER_ENV = "POKERCLI_SCHEDULER"
#: Environment variable limiting the threads kernels run on.
THREADS_ENV = "POKERCLI_THREADS"


@lru_cache(maxsize=1)
def cores() -> int:
    """The machine's cores, as the operating system counts them."""
    return os.cpu_count() or 1


def threads() -> int:
    """Threads for kernels: ``POKERCLI_THREADS`` (0 or unset: every core); a
    value that is not a whole number is one warning line, and every core."""
    every = cores()
    text = os.environ.get(THREADS_ENV, "").strip()
    try:
        wanted = int(text or "0")
        if wanted < 0:
            raise ValueError
    except ValueError:
        from pokercli.errors import shown
        from pokercli.paths import warn_once

        warn_once("threads", f"warning: {THREADS_ENV}={shown(text)} is not a whole number "
                             f"(0 for every core); using {every}")
        wanted = 0
    return max(1, min(every, wanted or every))

Chunk = tuple  # positional arguments of the chunk function


#: Chunks per call of a chunk function's ``many`` on this machine's GPU.
GPU_GROUP = 160


class LocalEngine:
    """Chunks on this machine, one thread per core.

    The kernels release the GIL, so threads share one copy of the compiled
    kernels and tables and keep both cores busy. ``benchmarks/bench_table.py``
    compares them with worker processes: on 2 cores, 2 threads ran a table
    sample 1.76-1.99x as fast as one thread, 2 processes 1.66-1.79x.
    """

    def __init__(self, workers: Optional[int] = None, description: Optional[str] = None,
                 gpu: bool = False):
        self.workers = workers or threads()
        self.description = description or f"this machine, {counted(self.workers, 'thread')}"
        self.gpu = gpu

    def run(self, fn: Callable, chunks: dict[int, Chunk]) -> Iterator[tuple[int, Any]]:
        from pokercli._stop import POLL, interrupt_pending, shutdown

        many = getattr(fn, "many", None)
        if self.gpu and many is not None:
            # the GPU takes many chunks per call (one chunk is too small to fill it):
            # each group's results are yielded, and saved, as soon as it is done
            items = list(chunks.items())
            for k in range(0, len(items), GPU_GROUP):
                group = items[k:k + GPU_GROUP]
                for (index, _), result in zip(group, many([args for _, args in group])):
                    yield index, result
            return
        pool = ThreadPoolExecutor(max_workers=self.workers)
        pending = {}
        todo = iter(chunks.items())
        interrupted = True
        try:
            # keep a short queue per worker so Ctrl-C does not wait for a long backlog
            for _ in range(2 * self.workers):
                self._submit(pool, fn, todo, pending)
            while pending:
                # short waits, so that a Ctrl-C is handled at once (see pokercli._stop.result)
                interrupt_pending()
                done, _ = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
                for fut in done:
                    index = pending.pop(fut)
                    self._submit(pool, fn, todo, pending)
                    yield index, fut.result()
            interrupted = False
        finally:
            shutdown(pool, interrupted)

    @staticmethod
    def _submit(pool, fn, todo, pending) -> None:
        item = next(todo, None)
        if item is not None:
            index, args = item
            pending[pool.submit(fn, *args)] = index

    def close(self) -> None:
        pass


#: Seconds to wait for a Dask scheduler to answer before giving up.
CONNECT_TIMEOUT = 10.0
#: Seconds a Dask cluster may have no workers before the job gives up.
NO_WORKERS_TIMEOUT = 30.0


def _quiet_dask() -> None:
    """Dask's client logs every lost connection as a traceback on stderr;
    pokercli says what happened in one line instead."""
    import logging

    for name in ("distributed", "distributed.client", "distributed.comm", "distributed.core",
                 "distributed.batched", "tornado"):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _reachable(address: str, timeout: float) -> None:
    """A plain TCP connection to a ``tcp://`` address first: a refused or
    unreachable port is said at once (Dask's connect retries until its
    timeout, 10 s)."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    if parts.scheme != "tcp" or parts.hostname is None or parts.port is None:
        return  # tls:// and others: Dask's own connect says what is wrong
    try:
        socket.create_connection((parts.hostname, parts.port), timeout=min(timeout, 5.0)).close()
    except ConnectionRefusedError:
        raise PokerError(f"cannot reach a Dask scheduler at {address}: the connection was refused "
                         "(nothing listens on that port)") from None
    except OSError as e:
        raise PokerError(f"cannot reach a Dask scheduler at {address}: {e.strerror or e}") from None


def _probe(address: str, timeout: float) -> None:
    """Ask ``address`` who it is, with a deadline on every step: Dask's own
    connect waits forever for the handshake of a server that is not Dask (an
    HTTP server, the dashboard port 8787), and reads an HTTP answer as frame
    lengths (an allocation of exabytes): any failure to read Dask's answer
    means the server is not a Dask scheduler."""
    import asyncio

    from distributed.comm import connect

    _reachable(address, timeout)

    async def identity():
        comm = await connect(address, timeout=timeout)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            await comm.close()

    try:
        reply = asyncio.run(asyncio.wait_for(identity(), timeout))
    except (asyncio.TimeoutError, TimeoutError):
        raise PokerError(f"cannot reach a Dask scheduler at {address}: no answer in "
                         f"{timeout:g} s (is it a Dask scheduler's address?)") from None
    except (OSError, ValueError, TypeError) as e:
        raise PokerError(f"cannot reach a Dask scheduler at {address}: {e}") from None
    except (MemoryError, OverflowError, Exception) as e:  # noqa: BLE001 - bytes that are not Dask's
        raise PokerError(f"{address} is not a Dask scheduler (its answer is not Dask's protocol: "
                         f"{type(e).__name__})") from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        kind = reply.get("type") if isinstance(reply, dict) else None
        raise PokerError(f"{address} is not a Dask scheduler" + (f" (it is a {kind})" if kind else ""))


class DaskEngine:
    """Chunks on an existing Dask distributed cluster (``tcp://HOST:PORT``).

    Every worker needs pokercli installed (the chunk functions are imported
    there, not shipped as code). Dask re-runs the chunks of a worker that dies.
    A scheduler that does not answer within ``CONNECT_TIMEOUT`` seconds is
    refused; a scheduler lost during the job, or a cluster left without
    workers for ``NO_WORKERS_TIMEOUT`` seconds, ends the job with
    :class:`EngineLost`.
    """

    def __init__(self, address: str):
        try:
            from distributed import Client
        except ImportError:
            raise PokerError("a Dask scheduler needs Dask distributed: "
                             "pip install 'pokercli[cluster]'", "engine") from None
        _quiet_dask()
        self.address = address
        _probe(address, CONNECT_TIMEOUT)
        try:
            self.client = Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as e:
            raise PokerError(f"cannot reach a Dask scheduler at {address}: {e}") from None
        workers = len(self.client.scheduler_info().get("workers", {}))
        self.description = f"Dask scheduler {address}, {counted(workers, 'worker')}"

    def _workers(self) -> Optional[int]:
        try:
            return len(self.client.scheduler_info().get("workers", {}))
        except Exception:  # noqa: BLE001 - a scheduler that does not answer: no count
            return None

    def run(self, fn: Callable, chunks: dict[int, Chunk]) -> Iterator[tuple[int, Any]]:
        from concurrent.futures import CancelledError

        from distributed.comm.core import CommClosedError

        futures = {}
        for index, args in chunks.items():
            futures[self.client.submit(fn, *args, pure=False)] = index
        pending = set(futures)
        idle_since = None
        last_check = time.monotonic()
        try:
            while pending:
                finished = [f for f in pending if f.done()]
                for fut in finished:
                    pending.discard(fut)
                    try:
                        result = fut.result()
                    except (CancelledError, CommClosedError):  # cancelled, or cut off mid-transfer
                        raise EngineLost(f"lost the connection to the Dask scheduler at "
                                         f"{self.address}") from None
                    yield futures[fut], result
                if finished:
                    idle_since = None
                    continue
                time.sleep(0.1)
                now = time.monotonic()
                if now - last_check < 1.0:
                    continue
                last_check = now
                if self.client.status not in ("running", "connecting", "newly-created"):
                    raise EngineLost(f"lost the connection to the Dask scheduler at {self.address}")
                if self._workers() == 0:
                    idle_since = idle_since or now
                    if now - idle_since >= NO_WORKERS_TIMEOUT:
                        raise EngineLost(f"the Dask cluster at {self.address} has had no workers "
                                         f"for {NO_WORKERS_TIMEOUT:g} s")
                else:
                    idle_since = None
        finally:
            try:
                self.client.cancel([f for f in futures if not f.done()])
            except Exception:  # noqa: BLE001 - a lost scheduler cannot cancel anything
                pass

    def close(self) -> None:
        try:
            self.client.close(timeout=2)
        except Exception:  # noqa: BLE001 - closing a client of a lost scheduler
            pass


def where(engine: Optional[str], scheduler: Optional[str] = None) -> tuple[str, Optional[str]]:
    """(device, scheduler) of the API's ``engine=`` and ``scheduler=``.

    ``engine``: ``"auto"`` (None), ``"cpu"`` or ``"gpu"`` (:mod:`pokercli.gpu`);
    for compatibility ``"local"`` (this machine, whatever ``POKERCLI_SCHEDULER``
    says) and a Dask scheduler address are still read as the scheduler.
    ``scheduler``: a Dask scheduler address, ``"local"``, or None (the
    ``POKERCLI_SCHEDULER`` variable, else this machine).
    """
    from pokercli.gpu import DEVICES

    if scheduler is not None:
        check_address(scheduler, "scheduler")
    if engine is None or engine in DEVICES:
        return engine or "auto", scheduler
    if not isinstance(engine, str) or not (engine == "local" or ":" in engine):
        raise PokerError(f"engine must be 'auto', 'cpu' or 'gpu' (or a Dask scheduler address), "
                         f"not {shown(engine)}", "engine")
    if scheduler is not None:
        raise PokerError(f"engine must be 'auto', 'cpu' or 'gpu' when scheduler= is given, not "
                         f"{shown(engine)}", "engine")
    check_address(engine, "engine")
    return "auto", engine


def check_address(value, param: str) -> str:
    """``value`` when it is ``"local"`` or a well-formed scheduler address
    (``tcp://HOST:PORT``, or ``HOST:PORT``; a port of 1 to 65535, an IP
    address's numbers each 0 to 255); :class:`PokerError` naming ``param``
    otherwise. Nothing is contacted here."""
    import ipaddress
    from urllib.parse import urlsplit

    what = f"{param} must be 'local' or a Dask scheduler address (tcp://HOST:PORT), not {shown(value)}"
    if not isinstance(value, str):
        raise PokerError(what, param)
    if value == "local":
        return value
    try:
        parts = urlsplit(value if "://" in value else f"tcp://{value}")
        host, port = parts.hostname, parts.port
    except ValueError:  # a port that is not a number from 0 to 65535
        raise PokerError(what, param) from None
    if not host or port is None or port == 0 or parts.path not in ("", "/"):
        raise PokerError(what, param)
    if all(p.isdigit() for p in host.split(".")):  # looks like an IPv4 address: it must be one
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            raise PokerError(f"{what}: {host} is not an IP address", param) from None
    return value


def local_engine(device: str, workers: Optional[int] = None):
    """This machine's engine for ``device``: one thread feeding the GPU, or a
    thread per core."""
    if device == "gpu":
        from pokercli.gpu import status

        return LocalEngine(1, f"this machine's GPU ({status()[1]})", gpu=True)
    return LocalEngine(workers)


def cluster_address(scheduler: Optional[str]) -> Optional[str]:
    """The Dask scheduler a job goes to: ``scheduler`` when one is named
    (None for ``"local"``), else the one ``POKERCLI_SCHEDULER`` names, or None
    (this machine).

    A named ``scheduler`` is the caller's input: one that cannot be reached
    fails the job later, in one line (:class:`DaskEngine`). The variable is
    the environment's: an address there that is malformed, unreachable or not
    a Dask scheduler's (or Dask not installed) gives one warning line and
    this machine does the work; it is checked once a process. Unset, empty
    or ``"local"``: this machine, with no warning.
    """
    if scheduler is not None:
        if not scheduler.strip():
            raise PokerError("engine is empty: say 'local' or a Dask scheduler address", "engine")
        return None if scheduler == "local" else scheduler
    address = os.environ.get(SCHEDULER_ENV, "").strip()
    if not address or address == "local":
        return None
    problem = _env_problem(address)
    if problem is None:
        return address
    from pokercli.paths import warn_once

    warn_once("scheduler", f"warning: {SCHEDULER_ENV} is {shown(address)}, but {problem}; "
                           "working on this machine instead")
    return None


@lru_cache(maxsize=None)
def _env_problem(address: str) -> Optional[str]:
    """Why ``POKERCLI_SCHEDULER``'s ``address`` cannot take jobs (None: it can),
    asked once a process (a scheduler that does not answer costs up to
    ``CONNECT_TIMEOUT`` seconds)."""
    try:
        check_address(address, SCHEDULER_ENV)
    except PokerError:
        return "that is not a Dask scheduler address (tcp://HOST:PORT)"
    try:
        import distributed  # noqa: F401
    except ImportError:
        return "Dask distributed is not installed (pip install 'pokercli[cluster]')"
    _quiet_dask()
    try:
        _probe(address, CONNECT_TIMEOUT)
    except PokerError as e:
        return str(e)
    return None


def engine_for(engine: Optional[str], device: str = "cpu"):
    """The engine named by ``engine``: ``"local"`` (this machine), a Dask
    scheduler address (``tcp://HOST:PORT``), or None: the scheduler named by
    ``POKERCLI_SCHEDULER`` when it is set and answers, else this machine
    (:func:`cluster_address`)."""
    address = cluster_address(engine)
    return DaskEngine(address) if address is not None else local_engine(device)


def run_saved(fn: Callable, chunks: Sequence[Chunk], engine, path: Optional[Path], header: dict,
              resume: bool, validate: Callable[[int, Any], bool], progress=None) -> tuple[list[Any], int, float]:
    """:func:`run_job` with its :class:`Checkpoint` at ``path`` (None: none)
    opened and closed here: (every chunk's result, chunks resumed, seconds)."""
    from pokercli.timing import Clock

    checkpoint = Checkpoint(path, header, resume, validate)
    resumed = len(checkpoint.done)
    t0 = Clock()
    try:
        results = run_job(fn, chunks, engine, checkpoint, progress)
    finally:
        checkpoint.close()
    return results, resumed, t0.seconds()


def run_job(fn: Callable, chunks: Sequence[Chunk], engine, checkpoint: Checkpoint,
            progress: Optional[Callable[[int, int], None]] = None) -> list[Any]:
    """Every chunk's result, in chunk order; finished chunks go to the checkpoint.

    Chunks already in the checkpoint are not computed again. Ctrl-C stops the
    job (KeyboardInterrupt propagates) with every finished chunk saved.
    """
    done = {i: r for i, r in checkpoint.done.items() if i < len(chunks)}
    todo = {i: args for i, args in enumerate(chunks) if i not in done}
    if progress:
        progress(len(chunks) - len(todo), len(chunks))
    for index, result in engine.run(fn, todo):
        checkpoint.add(index, result)
        done[index] = result
        if progress:
            progress(len(done), len(chunks))
    return [done[i] for i in range(len(chunks))]
