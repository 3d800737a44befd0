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
from typing import Iterator, Union

from pokercli.errors import PokerError
from pokercli.histories.hand import AllIn, Hand, Pot, Seat

__all__ = ["AllIn", "Hand", "Pot", "Seat", "read_histories", "read_text"]


def read_text(text: str, source: str = "-") -> Iterator[Union[Hand, PokerError]]:
    """Every hand of a history's text: a :class:`Hand`, or the
    :class:`PokerError` that names why one could not be read (its ``source``,
    ``hand_id`` and ``line``), so a reader can go on to the next."""
    from pokercli.histories import ohh, phh, stars

    if text.lstrip("\ufeff \t\r\n").startswith("PokerStars"):
        yield from stars.read(text, source)
    elif ohh.looks_like(text):
        yield from ohh.read(text, source)
    else:
        yield from phh.read(text, source)


def read_histories(source: Union[str, os.PathLike], *, strict: bool = True) -> Iterator[Hand]:
    """The hands of a hand history: ``source`` is a path (str or Path) of a
    ``.phh`` or ``.phhs`` file, or the text itself (a str that names no file).
    A hand that cannot be read raises :class:`PokerError` (``strict=False``:
    it is skipped)."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source
                                           and os.path.isfile(source)):
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, ValueError) as e:  # ValueError: not UTF-8, or a NUL in the name
            raise PokerError(f"source: cannot read {path}: {e}", "source") from None
        name = str(path)
    elif isinstance(source, str):
        text, name = source, "-"
    else:
        raise PokerError("source must be a path or the text of a hand history", "source")
    for item in read_text(text, name):
        if isinstance(item, PokerError):
            if strict:
                raise item
            continue
        yield item
