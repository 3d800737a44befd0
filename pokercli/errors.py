"""The one exception the library raises for a mistake in its input, and how messages quote input.

Every message names the parameter it concerns in the API's words (``board``,
``seed``, ``method='exact'``), never a command-line flag; the CLI, which knows
its flags, puts them in when it prints the message (exit status 2).
"""

from __future__ import annotations

from typing import Optional


class PokerError(ValueError):
    """Bad input: a card, a range, a parameter out of its domain, an impossible deal.

    ``param`` names the parameter at fault when there is one; a message about
    one parameter starts with its name.

    >>> import pokercli
    >>> try:
    ...     pokercli.equity(["AsAh", "KsKh"], method="exakt")
    ... except pokercli.PokerError as e:
    ...     print(e.param, "|", e)
    method | method must be 'auto', 'exact' or 'monte-carlo', not 'exakt'
    """

    #: The exit status the CLI gives this error.
    exit_code = 2

    def __init__(self, message: str, param: Optional[str] = None):
        super().__init__(message)
        self.param = param


class DuplicateCard(PokerError):
    """The same card twice where each card is one card (``AsAs``)."""


class EngineLost(PokerError):
    """The Dask scheduler went away, or the cluster has no workers: the job
    cannot go on (exit status 1; the finished chunks stay in the checkpoint)."""

    exit_code = 1


class TooMuchWork(PokerError):
    """An exact job over its work limit: ``evaluations`` is the estimate (the
    engine then samples instead, or refuses under ``method='exact'``)."""

    def __init__(self, evaluations: float):
        self.evaluations = evaluations
        super().__init__(f"about {evaluations:.2g} hand evaluations", "method")


#: Longest piece of the user's input a message repeats.
QUOTE_LIMIT = 40


def shown(text: object) -> str:
    """The user's input quoted for a message, cut to ``QUOTE_LIMIT`` characters
    (a 64 MB token is not echoed back whole).

    >>> shown("AsKs")
    "'AsKs'"
    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    """
    text = str(text)
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    return f"{text[:QUOTE_LIMIT]!r}"[:-1] + f"...' ({len(text)} characters)"


def counted(n: int, what: str) -> str:
    """A count for a message, its noun singular for one: ``1 spot``, ``0 spots``.

    >>> counted(1, "spot"), counted(4, "spot"), counted(2, "bad line")
    ('1 spot', '4 spots', '2 bad lines')
    """
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def card_count(n: int) -> str:
    """A count of cards for a message: ``1 card``, ``0 cards``, ``7 cards``.

    >>> card_count(1), card_count(7)
    ('1 card', '7 cards')
    """
    return counted(n, "card")
