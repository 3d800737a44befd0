"""Streaming batch ranking: one hand per input line, one answer per hand.

The input is read in chunks of whole lines (bounded memory, about
``CHUNK_BYTES`` at a time). Each chunk goes through one compiled kernel call
(:mod:`pokercli._batch_kernel`) that parses, evaluates and formats every line
written in the common notation (a rank byte then a suit byte: ``As Ks``,
``AsKs``, ``as,ks``). A line it does not take — a comment, a blank line,
``10s``, ``A♠``, a mistake — goes to the ordinary parser of
:mod:`pokercli.cards`, which reads it or names what is wrong with its line
number. No Python code runs per line on the common path.

Output, one line per hand in input order: ``hand<TAB>class<TAB>type<TAB>score``,
or with ``--json`` ``{"hand": ..., "class": ..., "type": ..., "score": ...}``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import BinaryIO

import numpy as np

from pokercli import cards as C
from pokercli import reference as R
from pokercli.errors import InputError

CHUNK_BYTES = 1 << 22
BOM = b"\xef\xbb\xbf"
#: Longest answer line (JSON, 7 cards) with room to spare.
_MAX_ANSWER = 128

_TSV = ("", "\t", "\t", "\t", "\n")
_JSON = ('{"hand": "', '", "class": ', ', "type": "', '", "score": ', "}\n")


@dataclass
class BatchReport:
    hands: int = 0
    bad: int = 0


@lru_cache(maxsize=1)
def _luts():
    rank = np.full(256, 255, np.uint8)
    suit = np.full(256, 255, np.uint8)
    sep = np.zeros(256, np.bool_)
    for i, ch in enumerate(C.RANK_CHARS):
        rank[ord(ch)] = rank[ord(ch.lower())] = i
    for g, ch in enumerate(C.GROUP_SUITS):
        suit[ord(ch)] = suit[ord(ch.upper())] = g
    for ch in " \t,\r":
        sep[ord(ch)] = True
    names = np.array([list(C.card_name(c).encode()) for c in range(52)], np.uint8)
    type_names = np.zeros((10, 16), np.uint8)
    type_lens = np.zeros(10, np.int64)
    for s, name in R.TYPE_NAMES.items():
        type_names[s, :len(name)] = list(name.encode())
        type_lens[s] = len(name)
    return rank, suit, sep, names, type_names, type_lens


def _fields(as_json: bool) -> tuple[np.ndarray, ...]:
    return tuple(np.frombuffer(t.encode(), np.uint8) for t in (_JSON if as_json else _TSV))


def answer_line(cards: list[int], hand_class: int, score: int, as_json: bool) -> bytes:
    """The answer for one hand, byte for byte as the kernel writes it."""
    parts = _JSON if as_json else _TSV
    values = (C.format_cards(cards), str(hand_class), R.type_name(score), str(score))
    return "".join(p + v for p, v in zip(parts, values)).encode() + parts[4].encode()


class _Ranker:
    def __init__(self, as_json: bool):
        from pokercli._kernels import rank_lines as K
        from pokercli import evaluate as E
        from pokercli._kernels.jit import call

        self.call = call
        self.kernel = K.rank_lines
        keys, offsets, _, (rank_class, flush_class) = E._args()
        score_of_class = self.score_of_class = E.score_of_class()
        rank, suit, sep, names, type_names, type_lens = _luts()
        self.tables = (rank, suit, sep, keys, offsets, rank_class, flush_class, score_of_class,
                       names, type_names, type_lens, *_fields(as_json))
        self.as_json = as_json
        self.classes = E.classes

    def run(self, data: bytes):
        buf = np.frombuffer(data, np.uint8)
        n_lines = data.count(b"\n")
        out = np.empty(n_lines * _MAX_ANSWER, np.uint8)
        status = np.empty(n_lines, np.uint8)
        out_end = np.empty(n_lines, np.int64)
        _, used = self.call(self.kernel, buf, *self.tables, out, status, out_end)
        return out[:used], status, out_end


def _line_texts(data: bytes, lines: np.ndarray) -> list[tuple[int, str]]:
    starts = np.concatenate(([0], np.flatnonzero(np.frombuffer(data, np.uint8) == 10) + 1))
    return [(int(i), data[starts[i]:starts[i + 1] - 1].decode("utf-8", "replace")) for i in lines]


def rank_stream(stream: BinaryIO, out: BinaryIO, as_json: bool = False,
                chunk_bytes: int = CHUNK_BYTES, err=None) -> BatchReport:
    """Rank every hand of ``stream`` (one per line) into ``out``; bad lines to ``err``."""
    err = err if err is not None else sys.stderr
    report = BatchReport()
    ranker = _Ranker(as_json)
    first_line = 1
    rest = b""
    start = True
    while True:
        block = stream.read(chunk_bytes)
        if start:
            start = False
            if block.startswith(BOM):  # a UTF-8 byte-order mark is not part of line 1
                block = block[len(BOM):] or stream.read(chunk_bytes)
        data = rest + block
        if block:
            cut = data.rfind(b"\n") + 1
            data, rest = data[:cut], data[cut:]
        elif data and not data.endswith(b"\n"):
            data += b"\n"
        if data:
            answers, status, out_end = ranker.run(data)
            report.hands += int((status == 0).sum())
            slow = np.flatnonzero(status)
            if len(slow) == 0:
                out.write(answers.tobytes())
            else:
                pos = 0
                for i, text in _line_texts(data, slow):
                    cut_at = int(out_end[i])
                    out.write(answers[pos:cut_at].tobytes())
                    pos = cut_at
                    answer = _slow_line(text, first_line + i, ranker, report, err)
                    if answer:
                        out.write(answer)
                out.write(answers[pos:].tobytes())
            first_line += len(status)
        if not block:
            break
    return report


def _slow_line(text: str, line_no: int, ranker: _Ranker, report: BatchReport, err) -> bytes:
    body = text.split("#", 1)[0].strip()
    if not body:
        return b""
    try:
        cards = C.parse_cards(body, count=(5, 6, 7), what="hand")
    except InputError as e:
        report.bad += 1
        err.write(f"pokercli: line {line_no}: {e}\n")
        return b""
    row = np.full((1, 7), -1, np.int8)
    row[0, :len(cards)] = cards
    hand_class = int(ranker.classes(row)[0])
    report.hands += 1
    return answer_line(cards, hand_class, int(ranker.score_of_class[hand_class]), ranker.as_json)
