"""Hand histories in, results and all-in EV out (``pokercli hh``).

Formats, told apart by their first line: PHH (``.phh``: one hand; ``.phhs``: a
table per hand), the open TOML format of the pokerkit authors
(:mod:`pokercli.histories.phh`), PokerStars text histories
(:mod:`pokercli.histories.stars`) and Open Hand History JSON
(:mod:`pokercli.histories.ohh`). Each hand is
replayed from its actions (:mod:`pokercli.histories.hand`).

>>> text = '''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 100", "p1 cc", "d db 2c7d9h", "d db Tc", "d db Kd"]
... '''
>>> (hand,) = read_histories(text)
>>> [float(s.net) for s in hand.seats], hand.allin.street
([-100.0, 100.0], 'preflop')
>>> [round(float(x), 2) for x in hand.ev_net()]
[65.27, -65.27]
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, Iterator, Union

from pokercli.errors import PokerError
from pokercli.histories.hand import AllIn, Hand, Pot, Seat

__all__ = ["AllIn", "Hand", "Pot", "Seat", "read_histories", "read_lines", "read_text"]


def read_text(text: str, source: str = "-") -> Iterator[Union[Hand, PokerError]]:
    """Every hand of a history's text: a :class:`Hand`, or the
    :class:`PokerError` that names why one could not be read (its ``source``,
    ``hand_id`` and ``line``), so a reader can go on to the next."""
    from pokercli.histories import ohh, phh, stars

    if not text.strip("\ufeff \t\r\n"):
        return  # blank: no hand (an empty file is not a bad one)
    if text.lstrip("\ufeff \t\r\n").startswith("PokerStars"):
        yield from stars.read(text, source)
    elif ohh.looks_like(text):
        yield from ohh.read(text, source)
    else:
        yield from phh.read(text, source)


def read_lines(lines: Iterable[str], source: str = "-") -> Iterator[Union[Hand, PokerError]]:
    """:func:`read_text` of a file read a line at a time: one hand in memory at
    once (a ``.phhs`` file is cut at its ``[table]`` lines, PokerStars at each
    hand's first line, Open Hand History at the end of each JSON object); a
    single ``.phh`` hand is read whole."""
    reader, chunks = chunked(lines)
    count = 0
    for start, text in chunks:
        for item in reader(text, source, count + 1):
            count += 1
            if isinstance(item, PokerError):
                if getattr(item, "line", None):
                    item.line += start - 1
            else:
                item.index = count
            yield item


def read_docs_lines(lines: Iterable[str], source: str = "-",
                    records: bool = False) -> Iterator[Union[dict, tuple, None, PokerError]]:
    """:func:`read_lines`'s hands as their JSON documents (:meth:`Hand.to_dict`;
    a plain PokerStars hand read in one pass, :func:`stars.read_docs`), or
    with ``records`` their summary records (:func:`summary.record`)."""
    from pokercli.histories import stars
    from pokercli.histories.summary import record

    reader, chunks = chunked(lines)
    count = 0
    for start, text in chunks:
        plain = reader is stars.read
        items = stars.read_docs(text, source, count + 1, records) if plain else reader(text, source, count + 1)
        for item in items:
            count += 1
            if isinstance(item, PokerError):
                if getattr(item, "line", None):
                    item.line += start - 1
            elif not plain:
                item.index = count
                item = record(item) if records else item.to_dict()
            yield item


#: The readers of :func:`chunked`, by name (a worker process is told the name).
def readers() -> dict:
    from pokercli.histories import ohh, phh, stars

    return {"stars": stars.read, "ohh": ohh.read, "phh": phh.read}


def chunked(lines: Iterable[str]):
    """(the format's reader, an iterator of (first line number, text) of each
    hand's lines) of a file's lines, its format told by its first line that is
    not blank: the cuts :func:`read_lines` reads (none when every line is blank)."""
    import itertools
    import re

    from pokercli.histories import ohh, phh, stars

    lines = iter(lines)
    head: list[str] = []
    for line in lines:
        head.append(line)
        if line.strip():
            break
    first = next((x for x in head if x.strip()), "").lstrip("\ufeff")
    rest = itertools.chain(head, lines)
    if not first.strip():
        return phh.read, iter(())  # blank: no hand
    if first.startswith("PokerStars"):
        # (a hand's first line starts so: the test that skips the header's pattern on the others)
        return stars.read, _cut(rest, lambda line: line.startswith("PokerStars") and stars.starts_hand(line))
    if first.lstrip().startswith("{"):
        return ohh.read, _json_objects(rest)
    if re.match(r"\[[^\]]+\]\s*$", first):
        return phh.read, _cut(rest, lambda line: re.match(r"\[[^\]]+\]\s*$", line) is not None)
    return phh.read, iter([(1, "".join(rest))])


def _cut(lines: Iterable[str], starts) -> Iterator[tuple[int, str]]:
    """(first line number, text) of each run of lines that ``starts(line)``
    begins; blank lines before the first are no hand (they are skipped)."""
    chunk: list[str] = []
    begin = 1
    for number, line in enumerate(lines, 1):
        if starts(line.lstrip("\ufeff")) and chunk:
            if any(x.strip() for x in chunk):
                yield begin, "".join(chunk)
            chunk, begin = [], number
        elif not chunk:
            begin = number
        chunk.append(line)
    if chunk:
        yield begin, "".join(chunk)


def _json_objects(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """(first line number, text) of each top-level JSON value of the lines
    (braces and brackets counted outside strings); what is left at the end
    comes as it is, for the reader to name."""
    chunk: list[str] = []
    depth, in_string, escaped, begin = 0, False, False, 1
    for number, line in enumerate(lines, 1):
        if not chunk and not line.strip():
            continue
        if not chunk:
            begin = number
        chunk.append(line)
        for ch in line:
            if in_string:
                if escaped:
                    escaped = False
                elif ch == "\\":
                    escaped = True
                elif ch == '"':
                    in_string = False
            elif ch == '"':
                in_string = True
            elif ch in "{[":
                depth += 1
            elif ch in "}]":
                depth -= 1
        if depth <= 0 and not in_string:
            yield begin, "".join(chunk)
            chunk, depth = [], 0
    if chunk:
        yield begin, "".join(chunk)


def read_histories(source: Union[str, os.PathLike], *, strict: bool = True) -> Iterator[Hand]:
    """The hands of a hand history: ``source`` is a path (str or Path) of a
    PHH, PokerStars or Open Hand History file (read a line at a time: one
    hand in memory at once), or the text itself (a str that names no file).
    A hand that cannot be read raises :class:`PokerError` (``strict=False``:
    it is skipped)."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source
                                           and os.path.isfile(source)):
        path = Path(source)
        try:
            f = open(path, encoding="utf-8-sig")
        except (OSError, ValueError) as e:  # ValueError: a NUL in the name
            raise PokerError(f"source: cannot read {path}: {e}", "source") from None
        with f:
            for item in _checked(read_lines(_utf8(f, path), str(path)), strict):
                yield item
        return
    if not isinstance(source, str):
        raise PokerError("source must be a path or the text of a hand history", "source")
    yield from _checked(read_text(source, "-"), strict)


def _utf8(f, path) -> Iterator[str]:
    try:
        yield from f
    except UnicodeDecodeError:
        raise PokerError(f"source: {path} is not UTF-8 text", "source") from None


def _checked(items, strict: bool) -> Iterator[Hand]:
    for item in items:
        if isinstance(item, PokerError):
            if strict:
                raise item
            continue
        yield item
