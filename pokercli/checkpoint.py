"""The checkpoint file of a chunked job: what a finished chunk leaves on disk.

A JSON Lines file: a header naming the job (its description and a key derived
from it), then one line per finished chunk with the job's key, the chunk's
number, its result and a checksum. :class:`Checkpoint` writes each line at once
(flushed and synced), so an interrupted job (Ctrl-C, a killed process, a
crashed worker) resumes without recomputing what is done; ``jobs.run_job``
feeds it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, Optional

from pokercli.errors import PokerError, counted, shown

CHECKPOINT_FORMAT = 2


def _digest(*parts: str) -> str:
    import hashlib

    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]


def _canonical(doc: Any) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), allow_nan=False)


class Checkpoint:
    """Finished chunks of one job in a JSON Lines file: a header, then a line per chunk.

    The header identifies the job (its description and a key derived from it);
    resuming from a file written for another job, or from a file that is not
    a pokercli checkpoint, is refused, and a refused file is never modified.
    Every chunk line carries the job's key, the chunk number and a checksum of
    its result, and ``validate(chunk, result)`` checks the result's shape: a
    line that fails any check (cut short by a crash, edited, garbled, from
    another job) is skipped with one warning, and its chunk is computed again.
    """

    def __init__(self, path: Optional[Path], header: dict, resume: bool,
                 validate: Callable[[int, Any], bool] = lambda index, result: True):
        self.path = path
        self.header = {**header, "format": CHECKPOINT_FORMAT}
        self.key = _digest(_canonical(self.header))
        self.header["key"] = self.key
        self.validate = validate
        self.done: dict[int, Any] = {}
        self.skipped = 0
        self._file = None
        if path is None:
            if resume:
                raise PokerError("resume=True needs checkpoint=", "resume")
            return
        try:
            folder, exists = path.is_dir(), path.exists()
            size = path.stat().st_size if exists else 0
        except OSError as e:  # a name too long for the file system, say
            raise PokerError(f"cannot use checkpoint {shown(str(path))}: {e.strerror}", "checkpoint") from None
        if folder:
            raise PokerError(f"checkpoint {path} is a directory, not a file", "checkpoint")
        if resume and not exists:
            raise PokerError(f"nothing to resume: checkpoint {path} does not exist", "checkpoint")
        if resume and size == 0:
            raise PokerError(f"nothing to resume: checkpoint {path} is empty", "checkpoint")
        if size and not resume:
            raise PokerError(f"checkpoint {path} already exists: continue it with resume=True, or "
                             "remove it to start over", "checkpoint")
        if resume:
            self._load()
        try:
            self._file = open(path, "a", encoding="utf-8")
            if size == 0:
                self._write(self.header)
        except OSError as e:
            raise PokerError(f"cannot write checkpoint {path}: {e.strerror}") from None

    def _load(self) -> None:
        try:
            data = self.path.read_bytes()
        except OSError as e:
            raise PokerError(f"cannot read checkpoint {self.path}: {e.strerror}") from None
        lines = data.split(b"\n")
        header = self._json(lines[0])
        if not isinstance(header, dict) or header.get("format") != CHECKPOINT_FORMAT \
                or not isinstance(header.get("key"), str):
            raise PokerError(f"{self.path} is not a pokercli checkpoint", "checkpoint")
        if header != self.header:
            raise PokerError(f"checkpoint {self.path} was written for another job "
                             f"({_short(header.get('job'))}); this job is {self.header.get('job')}",
                             "checkpoint")
        # the file is ours: a last line cut short by a crash goes, so new lines start clean
        if not data.endswith(b"\n"):
            try:
                if len(lines) == 1:  # the header alone, whole but for its newline
                    with open(self.path, "ab") as f:
                        f.write(b"\n")
                else:
                    os.truncate(self.path, len(data) - len(lines[-1]))
            except OSError as e:
                raise PokerError(f"cannot write checkpoint {self.path}: {e.strerror}") from None
        for raw in lines[1:]:
            if not raw:
                continue
            doc = self._json(raw)
            if self._accept(doc):
                self.done[doc["chunk"]] = doc["result"]
            else:
                self.skipped += 1
        if self.skipped:
            from pokercli.render import warn

            warn(f"warning: checkpoint {self.path}: {counted(self.skipped, 'damaged line')} skipped; "
                 f"{'its chunk is' if self.skipped == 1 else 'their chunks are'} computed again")

    @staticmethod
    def _json(raw: bytes) -> Any:
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return None

    def _check(self, index: int, result: Any) -> str:
        return _digest(self.key, str(index), _canonical(result))

    def _accept(self, doc: Any) -> bool:
        if not isinstance(doc, dict) or set(doc) != {"job", "chunk", "result", "check"}:
            return False
        index = doc["chunk"]
        if doc["job"] != self.key or type(index) is not int or index < 0:
            return False
        try:
            if doc["check"] != self._check(index, doc["result"]):
                return False
            return bool(self.validate(index, doc["result"]))
        except (TypeError, ValueError, IndexError, KeyError, RecursionError):
            return False

    def _write(self, doc: dict) -> None:
        self._file.write(json.dumps(doc, separators=(",", ":"), allow_nan=False) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def add(self, index: int, result: Any) -> None:
        self.done[index] = result
        if self._file is not None:
            self._write({"job": self.key, "chunk": index, "result": result,
                         "check": self._check(index, result)})

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def _short(text: Any, limit: int = 80) -> str:
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "…"
