"""Reading a big hand history on several processes: ``pokercli hh``'s JSON
Lines, the hands read, replayed, judged and written as JSON by worker
processes, in batches of hands, and printed in the file's order.

The main process cuts the file into hands (:func:`pokercli.histories.chunked`,
the cuts a one-process read makes) and hands each worker a batch; a worker
reads each hand as a one-process read does, with one difference: it cannot
know how many hands came before its batch, so it numbers a batch's items from
``SENTINEL`` and the main process puts each item's number in its place (the
number of a hand without an id, in its JSON's ``"hand"``; the hand named by
an error). The output is the one-process output, line for line. At most
``IN_FLIGHT`` batches a worker are read ahead, so memory stays bounded
whatever the file's size. Workers ignore Ctrl-C; the main process stops them
at once. Where no worker process can be started (no semaphores, a process
limit), one warning line says so and the batches are read in this process.
"""

from __future__ import annotations

import os
from collections import deque
from typing import Iterable, Iterator, Optional

#: Numbers a worker gives the items of a batch: ``SENTINEL + k`` for the k-th
#: (negative: no real hand number or hand id written as a number is negative).
SENTINEL = -10 ** 12
#: Hands in a batch.
BATCH = 200
#: Batches waiting or under way for each worker.
IN_FLIGHT = 3


def _start_worker() -> None:
    """A worker: Ctrl-C is the main process's to handle; one thread each for
    the equity kernels (the workers share the cores)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ["POKERCLI_THREADS"] = "1"


def _read_batch(reader_name: str, source: str, chunks: list, summary: bool = False) -> list:
    """Each chunk's items, as ``("hand", JSON text, where the number shows)``
    (``summary``: ``("hand", its summary record, None)``) or ``("error", hand
    id, line, message)``; numbers from ``SENTINEL`` on."""
    from pokercli.errors import PokerError
    from pokercli.histories import readers
    from pokercli.histories.summary import record
    from pokercli.render import json_text

    from pokercli.histories import stars

    reader = readers()[reader_name]
    if reader is stars.read and not summary:  # their JSON documents straight away
        reader = stars.read_docs
    out = []
    for start, text in chunks:
        items = []
        for k, item in enumerate(reader(text, source, SENTINEL)):
            if isinstance(item, dict):  # a PokerStars hand: its id is its number's place
                items.append(("hand", json_text(item), None))
            elif isinstance(item, PokerError):
                line = getattr(item, "line", None)
                if line:
                    line += start - 1
                items.append(("error", item.hand_id, line, str(item)))
            elif summary:
                items.append(("hand", record(item), None))
            else:
                item.index = SENTINEL + k
                # where the hand's number shows: as its number, or as its id (an OHH hand without one)
                shows = "number" if item.hand_id is None else "id" if item.hand_id == str(SENTINEL + k) else None
                items.append(("hand", json_text(item.to_dict()), shows))
        out.append(items)
    return out


def json_lines(lines: Iterable[str], source: str, workers: int, summary: bool = False) -> Iterator[tuple]:
    """``("hand", JSON line)`` (``summary``: its summary record,
    :func:`pokercli.histories.summary.record`) or ``("error", where,
    message)`` of each hand of a file's lines, in order, read on ``workers``
    processes (``where``: the file, hand and line, as a one-process read names
    them)."""
    import multiprocessing

    from pokercli.histories import chunked, readers

    reader, chunks = chunked(lines)
    name = next(k for k, v in readers().items() if v is reader)
    try:
        pool = multiprocessing.get_context("spawn").Pool(workers, initializer=_start_worker)
    except (OSError, ValueError, RuntimeError, ImportError) as e:  # no processes to be had here
        from pokercli.paths import warn_once

        warn_once("hh-workers", f"cannot start worker processes ({e}): reading in one process")
        pool = None
    pending: deque = deque()
    count = 0
    try:
        batches = _batches(chunks)
        done = False
        while True:
            while not done and len(pending) < (workers * IN_FLIGHT if pool is not None else 1):
                batch = next(batches, None)
                if batch is None:
                    done = True
                    break
                pending.append(pool.apply_async(_read_batch, (name, source, batch, summary)) if pool is not None
                               else batch)
            if not pending:
                break
            result = pending.popleft()
            if pool is None:  # the same batches, read here
                answers = _read_batch(name, source, result, summary)
            else:
                while True:  # wait in slices: Ctrl-C reaches the main process within a second
                    result.wait(0.2)
                    if result.ready():
                        break
                answers = result.get()
            for items in answers:
                for k, item in enumerate(items):
                    count += 1
                    if item[0] == "hand":
                        text = item[1]
                        if item[2] == "number":  # the hand's number stands in for its id
                            text = text.replace(f'"hand": {SENTINEL + k},', f'"hand": {count},', 1)
                        elif item[2] == "id":
                            text = text.replace(f'"hand": "{SENTINEL + k}",', f'"hand": "{count}",', 1)
                        yield "hand", text
                    else:
                        _, hand_id, line, message = item
                        if hand_id == str(SENTINEL + k):
                            hand_id = str(count)
                        where = f"{source}: hand {hand_id}" if hand_id else source
                        if line:
                            where += f", line {line}"
                        yield "error", where, message
        if pool is not None:
            pool.close()
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()


def _batches(chunks) -> Iterator[list]:
    batch: list = []
    for chunk in chunks:
        batch.append(chunk)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def workers_for(total_bytes: int, threshold: Optional[int] = None) -> int:
    """How many processes read a history of ``total_bytes``: one below
    ``PARALLEL_BYTES`` (starting a worker costs about half a second), else the
    kernels' thread count (``POKERCLI_THREADS``, or every core)."""
    from pokercli.jobs import threads

    if total_bytes < (PARALLEL_BYTES if threshold is None else threshold):
        return 1
    return max(1, threads())


#: Files of at least this many bytes in all are read on several processes.
PARALLEL_BYTES = 4 << 20
