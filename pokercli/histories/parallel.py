"""Reading a big hand history on several processes: ``pokercli hh``'s JSON
Lines, the hands read, replayed, judged and written as JSON by worker
processes, in batches of hands, and printed in the file's order.

The main process cuts the file into hands (:func:`pokercli.histories.chunked`,
the cuts a one-process read makes) and hands each worker a batch; a
PokerStars file is handed out as blocks of its bytes cut where a hand starts
(:func:`stars_blocks`: no work a line in this process), which the worker cuts
into hands as :func:`pokercli.histories.chunked` would; a worker
reads each hand as a one-process read does, with one difference: it cannot
know how many hands came before its batch, so it numbers a batch's items from
``SENTINEL`` and the main process puts each item's number in its place (the
number of a hand without an id, in its JSON's ``"hand"``; the hand named by
an error). The output is the one-process output, line for line. At most
``IN_FLIGHT`` batches a worker are read ahead, so memory stays bounded
whatever the file's size. Workers ignore Ctrl-C; the main process stops them
at once (:func:`stop`: without waiting on the pool's own threads). Where no worker process can be started (no semaphores, a process
limit), one warning line says so and the batches are read in this process.
"""

from __future__ import annotations

import os
import re
from collections import deque
from typing import Iterable, Iterator, Optional

#: Numbers a worker gives the items of a batch: ``SENTINEL + k`` for the k-th
#: (negative: no real hand number or hand id written as a number is negative).
SENTINEL = -10 ** 12
#: Hands in a batch.
BATCH = 200
#: Batches waiting or under way for each worker.
IN_FLIGHT = 3


def start_worker() -> None:
    """A worker process of a pool (this module's, ``warmup``'s): Ctrl-C is the
    main process's to handle; one thread each for the kernels (the workers
    share the cores)."""
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
    plain = reader is stars.read  # PokerStars: the JSON documents or summary records straight away
    if plain:
        reader = lambda *args: stars.read_docs(*args, records=summary)  # noqa: E731
    out = []
    for start, text in chunks:
        items = []
        for k, item in enumerate(reader(text, source, SENTINEL)):
            if plain and not isinstance(item, PokerError):  # a PokerStars hand: its id is its number's place
                items.append(("hand", item if summary else json_text(item), None))
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


def _read_block(source: str, block: tuple[int, str], summary: bool = False) -> list:
    """:func:`_read_batch` of a block of a PokerStars file (:func:`stars_blocks`),
    cut into hands here: one list of its items, where each run of hands' JSON
    lines is one string, ``("hands", text, how many)`` (a PokerStars hand has
    its id: no number to put in)."""
    first_line, text = block
    if _UNUSUAL_BREAK.search(text):
        answers = _read_batch("stars", source, list(stars_chunks(first_line, text)), summary)
        if summary:
            return answers
        items = [item for chunk in answers for item in chunk]
    else:  # lines broken at newlines only: the block's lines are the file's, cut at each hand's first
        from pokercli.errors import PokerError
        from pokercli.histories import stars, stars_lines
        from pokercli.render import json_text

        lines = text.splitlines()
        if _TRAILING.search(text):  # (most files: no line needs stripping)
            lines = [line.rstrip() for line in lines]
        if "\ufeff" in text:
            lines = [line.lstrip("\ufeff") for line in lines]
        heads = [(k, m) for k, line in enumerate(lines)
                 if line.startswith("PokerStars") and (m := stars_lines.HEADER.match(line))]
        items = []
        for at, (k, m) in enumerate(heads):
            end = heads[at + 1][0] if at + 1 < len(heads) else len(lines)
            item = stars.hand_doc(first_line + k, list(filter(None, lines[k:end])), source, SENTINEL + at, m,
                                  record=summary)
            if isinstance(item, PokerError):
                items.append(("error", item.hand_id, item.line, str(item)))
            else:
                items.append(("hand", item if summary else json_text(item), None))
        if summary:
            return [items]
    merged: list = []
    run: list[str] = []
    for item in items:
        if item[0] == "hand" and item[2] is None:
            run.append(item[1])
            continue
        if run:
            merged.append(("hands", "\n".join(run), len(run)))
            run = []
        merged.append(item)
    if run:
        merged.append(("hands", "\n".join(run), len(run)))
    return [merged]


#: White space a line of the block may end with (which str.rstrip takes off).
_TRAILING = re.compile(r"[^\S\n]$", re.M)
#: A line break other than a newline (or carriage return and newline): str.splitlines
#: breaks there, a file's lines do not.
_UNUSUAL_BREAK = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]|\r(?!\n)")


#: A hand's first line in a block, and what may come before it.
_STARTS = re.compile("^\ufeff*PokerStars", re.M)


def stars_chunks(first_line: int, text: str) -> Iterator[tuple[int, str]]:
    """(first line number, text) of each hand of a block of a PokerStars file
    whose first line is ``first_line``: the cuts :func:`pokercli.histories.chunked`
    makes (a line that starts a hand starts a chunk)."""
    from pokercli.histories import stars

    cuts = [0]
    for m in _STARTS.finditer(text):
        at = m.start()
        end = text.find("\n", at)
        line = text[at:] if end < 0 else text[at:end + 1]
        if at and stars.starts_hand(line.lstrip("\ufeff")):
            cuts.append(at)
    cuts.append(len(text))
    line = first_line
    for a, b in zip(cuts, cuts[1:]):
        if b > a:
            yield line, text[a:b]
            line += text.count("\n", a, b)


#: Bytes of a PokerStars file read at once for one worker's block (a few hundred hands).
BLOCK = 1 << 17
_HEAD = b"\nPokerStars"


def _last_start(data: bytes, before: int) -> int:
    """Where the last line before ``before`` that starts a PokerStars hand begins
    (after its newline), or 0."""
    from pokercli.histories import stars

    at = data.rfind(_HEAD, 0, before)
    while at >= 0:
        end = data.find(b"\n", at + 1)
        line = data[at + 1:] if end < 0 else data[at + 1:end + 1]
        if stars.starts_hand(line.decode("utf-8", "replace")):
            return at + 1
        at = data.rfind(_HEAD, 0, at)
    return 0


def stars_blocks(stream, name: str, count=None) -> Iterator[tuple[int, str]]:
    """(first line number, text) of blocks of about ``BLOCK`` bytes of a
    PokerStars file, each cut where a hand starts (``count(n)``: told of the
    bytes read). Bytes that are not UTF-8: the blocks of the hands read before
    the one holding them, as a line-by-line read gives them, then the error."""
    from pokercli.errors import PokerError, shown

    carry = b""
    line = 1
    while True:
        data = stream.read(BLOCK)
        if count is not None:
            count(len(data))
        buf = carry + data
        if data:
            cut = _last_start(buf, len(buf))
            if cut == 0:  # no hand starts in it yet (past its first line): read on
                carry = buf
                continue
        elif not buf:
            return
        else:
            cut = len(buf)
        piece, carry = buf[:cut], buf[cut:]
        try:
            text = piece.decode("utf-8")
        except UnicodeDecodeError as e:
            bad = piece.rfind(b"\n", 0, e.start) + 1  # the bad line's start
            good = _last_start(piece, bad)
            if good:
                yield line, piece[:good].decode("utf-8")
            number = line + piece.count(b"\n", 0, bad)
            raise PokerError(f"{shown(name)} is not UTF-8 text (line {number})") from None
        yield line, text
        line += piece.count(b"\n")


def starts_stars(stream) -> bool:
    """Whether a binary stream's first line that is not blank starts a
    PokerStars hand (as :func:`pokercli.histories.chunked` tells a file's
    format), told from its buffer without reading it (False where it cannot
    be told so)."""
    peek = getattr(stream, "peek", None)
    if peek is None:
        return False
    try:
        head = peek(1 << 16)
    except (OSError, ValueError):
        return False
    for line in head.decode("utf-8", "replace").lstrip("\ufeff").split("\n")[:-1]:
        if line.strip():
            return line.lstrip("\ufeff").startswith("PokerStars")
    return False


def json_lines(lines: Iterable[str], source: str, workers: int, summary: bool = False,
               blocks: Optional[Iterator[tuple[int, str]]] = None) -> Iterator[tuple]:
    """``("hand", JSON line)`` (``summary``: its summary record,
    :func:`pokercli.histories.summary.record`) or ``("error", where,
    message)`` of each hand of a file's lines, in order, read on ``workers``
    processes (``where``: the file, hand and line, as a one-process read names
    them). ``blocks``: a PokerStars file's :func:`stars_blocks` instead of its
    lines. An error reading the file comes after the hands read before it."""
    import multiprocessing

    from pokercli.errors import PokerError
    from pokercli.histories import chunked, readers

    if blocks is not None:
        name, work, units = "stars", _read_block, blocks
    else:
        reader, chunks = chunked(lines)
        name = next(k for k, v in readers().items() if v is reader)
        work, units = _read_batch, _batches(chunks)
    try:
        pool = multiprocessing.get_context("spawn").Pool(workers, initializer=start_worker)
    except (OSError, ValueError, RuntimeError, ImportError) as e:  # no processes to be had here
        from pokercli.paths import warn_once

        warn_once("hh-workers", f"cannot start worker processes ({e}): reading in one process")
        pool = None
    pending: deque = deque()
    count = 0
    failed: Optional[PokerError] = None
    args = (source,) if blocks is not None else (name, source)
    try:
        done = False
        while True:
            while not done and len(pending) < (workers * IN_FLIGHT if pool is not None else 1):
                try:
                    batch = next(units, None)
                except PokerError as e:  # the file cannot be read on: the hands before it first
                    failed, batch = e, None
                if batch is None:
                    done = True
                    break
                pending.append(pool.apply_async(work, (*args, batch, summary)) if pool is not None
                               else batch)
            if not pending:
                break
            result = pending.popleft()
            if pool is None:  # the same batches, read here
                answers = work(*args, result, summary)
            else:
                while True:  # wait in slices: Ctrl-C reaches the main process within a second
                    result.wait(0.2)
                    if result.ready():
                        break
                answers = result.get()
            for items in answers:
                k = 0  # the place of the item's hand in its chunk
                for item in items:
                    if item[0] == "hands":  # the JSON lines of several hands
                        count += item[2]
                        k += item[2]
                        yield "hand", item[1]
                        continue
                    count += 1
                    at = SENTINEL + k  # the number the worker gave it
                    k += 1
                    if item[0] == "hand":
                        text = item[1]
                        if item[2] == "number":  # the hand's number stands in for its id
                            text = text.replace(f'"hand": {at},', f'"hand": {count},', 1)
                        elif item[2] == "id":
                            text = text.replace(f'"hand": "{at}",', f'"hand": "{count}",', 1)
                        yield "hand", text
                    else:
                        _, hand_id, line, message = item
                        if hand_id == str(at):
                            hand_id = str(count)
                        where = f"{source}: hand {hand_id}" if hand_id else source
                        if line:
                            where += f", line {line}"
                        yield "error", where, message
        if pool is not None:
            pool.close()
        if failed is not None:
            raise failed
    except BaseException:  # Ctrl-C, an error, or the reader closed early: stop the workers at once
        if pool is not None:
            stop(pool)
            pool = None
        raise
    finally:
        if pool is not None:  # every batch read: nothing is on its way to a worker
            pool.terminate()
            pool.join()


#: Seconds :func:`stop` waits for a pool's workers to be stopped.
STOP_WAIT = 0.5


def stop(pool) -> None:
    """Stop a pool's workers on Ctrl-C or an error without waiting on them for
    more than :data:`STOP_WAIT` seconds: ``Pool.terminate`` runs in a daemon
    thread. It stops the workers and then waits for the pool's thread that
    hands them their batches, and that thread can be stuck for good sending
    a batch to a worker just stopped (CPython's pool never frees it: the
    main process hung in 1 of 16 interrupts of a 5 MiB file on a loaded
    machine). The workers are daemonic: whatever is left of them is stopped
    when the process exits."""
    import threading

    stopper = threading.Thread(target=pool.terminate, name="pokercli-stop-workers", daemon=True)
    stopper.start()
    stopper.join(STOP_WAIT)


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
