"""Where big exact jobs run: on this machine (every core) or on a Dask cluster.

A job is a list of independent chunks; a chunk is a call of a module-level
function (so a Dask worker can import it) that returns exact integer counts.
Engines yield ``(chunk index, result)`` as chunks finish, in any order; callers
merge the results by chunk index, so the answer does not depend on the engine,
the number of workers or the order in which chunks finished.

:class:`Checkpoint` writes every finished chunk to a JSON Lines file at once,
so an interrupted job (Ctrl-C, a killed process, a crashed worker) resumes
without recomputing what is done.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any, Callable, Iterator, Optional, Sequence

from pokercli.errors import InputError

#: Environment variable naming a Dask scheduler (same as ``--scheduler``).
SCHEDULER_ENV = "POKERCLI_SCHEDULER"

Chunk = tuple  # positional arguments of the chunk function


class LocalEngine:
    """Chunks on this machine, one thread per core.

    The kernels release the GIL, so threads share one copy of the compiled
    kernels and tables and keep both cores busy. ``benchmarks/bench_table.py``
    compares them with worker processes: on 2 cores, 2 threads ran a table
    sample 1.76-1.99x as fast as one thread, 2 processes 1.66-1.79x.
    """

    def __init__(self, workers: Optional[int] = None):
        from pokercli.equity import _threads

        self.workers = workers or _threads()
        self.description = f"this machine, {self.workers} thread(s)"

    def run(self, fn: Callable, chunks: dict[int, Chunk]) -> Iterator[tuple[int, Any]]:
        from pokercli._stop import shutdown

        pool = ThreadPoolExecutor(max_workers=self.workers)
        pending = {}
        todo = iter(chunks.items())
        interrupted = True
        try:
            # keep a short queue per worker so Ctrl-C does not wait for a long backlog
            for _ in range(2 * self.workers):
                self._submit(pool, fn, todo, pending)
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
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


class DaskEngine:
    """Chunks on an existing Dask distributed cluster (``tcp://HOST:PORT``).

    Every worker needs pokercli installed (the chunk functions are imported
    there, not shipped as code). Dask re-runs the chunks of a worker that dies.
    """

    def __init__(self, address: str):
        try:
            from distributed import Client
        except ImportError:
            raise InputError("--scheduler needs Dask distributed: pip install 'pokercli[cluster]'") from None
        try:
            self.client = Client(address, timeout=10)
        except (OSError, TimeoutError, ValueError) as e:
            raise InputError(f"cannot reach the Dask scheduler at {address}: {e}") from None
        workers = len(self.client.scheduler_info().get("workers", {}))
        self.description = f"Dask scheduler {address}, {workers} worker(s)"

    def run(self, fn: Callable, chunks: dict[int, Chunk]) -> Iterator[tuple[int, Any]]:
        from distributed import as_completed

        futures = {}
        for index, args in chunks.items():
            futures[self.client.submit(fn, *args, pure=False)] = index
        try:
            for fut in as_completed(list(futures)):
                yield futures[fut], fut.result()
        finally:
            self.client.cancel([f for f in futures if not f.done()])

    def close(self) -> None:
        self.client.close()


def engine_for(scheduler: Optional[str]):
    """The Dask engine when a scheduler is named (option or environment), else local."""
    address = scheduler or os.environ.get(SCHEDULER_ENV)
    if address:
        return DaskEngine(address)
    return LocalEngine()


class Checkpoint:
    """Finished chunks of one job in a JSON Lines file: a header, then a line per chunk.

    The header identifies the job; resuming from a file written for another
    job is refused. A line cut short by a crash is ignored (that chunk is
    computed again).
    """

    def __init__(self, path: Optional[Path], header: dict, resume: bool):
        self.path = path
        self.header = header
        self.done: dict[int, Any] = {}
        self._file = None
        if path is None:
            if resume:
                raise InputError("--resume needs --checkpoint FILE")
            return
        if path.exists() and path.stat().st_size > 0:
            if not resume:
                raise InputError(f"checkpoint {path} already exists: add --resume to continue it, "
                                 "or remove it to start over")
            self._load()
        elif resume:
            raise InputError(f"nothing to resume: checkpoint {path} does not exist")
        try:
            new = not path.exists() or path.stat().st_size == 0
            self._file = open(path, "a", encoding="utf-8")
            if new:
                self._write(header)
        except OSError as e:
            raise InputError(f"cannot write checkpoint {path}: {e.strerror}") from None

    def _load(self) -> None:
        text = self.path.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            # the last line was cut short by a crash: drop it so that new lines start clean
            text = text[:text.rfind("\n") + 1]
            self.path.write_text(text, encoding="utf-8")
        lines = text.splitlines()
        try:
            header = json.loads(lines[0])
        except (IndexError, json.JSONDecodeError):
            raise InputError(f"{self.path} is not a pokercli checkpoint") from None
        if header != self.header:
            raise InputError(f"checkpoint {self.path} was written for another job "
                             f"({header.get('job', '?')}); this job is {self.header.get('job')}")
        for line in lines[1:]:
            try:
                doc = json.loads(line)
                self.done[int(doc["chunk"])] = doc["result"]
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                continue  # a line cut short by a crash: that chunk is computed again

    def _write(self, doc: dict) -> None:
        self._file.write(json.dumps(doc, separators=(",", ":")) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def add(self, index: int, result: Any) -> None:
        self.done[index] = result
        if self._file is not None:
            self._write({"chunk": index, "result": result})

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def run_job(fn: Callable, chunks: Sequence[Chunk], engine, checkpoint: Checkpoint,
            progress: Optional[Callable[[int, int], None]] = None) -> list[Any]:
    """Every chunk's result, in chunk order; finished chunks go to the checkpoint.

    Chunks already in the checkpoint are not computed again. Ctrl-C stops the
    job (KeyboardInterrupt propagates) with every finished chunk saved.
    """
    todo = {i: args for i, args in enumerate(chunks) if i not in checkpoint.done}
    if progress:
        progress(len(chunks) - len(todo), len(chunks))
    for index, result in engine.run(fn, todo):
        checkpoint.add(index, result)
        if progress:
            progress(len(checkpoint.done), len(chunks))
    return [checkpoint.done[i] for i in range(len(chunks))]
