"""pokercli: a poker calculator — hand values, exact and Monte Carlo equity,
percentiles, range tables, and the seeds' card encodings — for the command
line and for Python.

Importing ``pokercli`` is light (no NumPy, no Numba): each name below is
imported when it is first used (PEP 562). Every function checks its input and
raises :class:`PokerError` (a ``ValueError``) naming the parameter at fault.

>>> import pokercli
>>> pokercli.rank("As Ks Qs Js Ts").description
'Royal flush'
>>> r = pokercli.equity(["AsAh", "KsKh"])
>>> round(r.players[0].equity, 4), r.to_dict()["players"][0]["wins"]
(0.8264, 1410336)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: Public name -> the module that defines it.
_EXPORTS = {
    "PokerError": "pokercli.errors",
    "Card": "pokercli.cards", "parse_cards": "pokercli.cards",
    "Range": "pokercli.ranges", "parse_range": "pokercli.ranges",
    "HandValue": "pokercli.hands", "Showdown": "pokercli.showdowns", "ScoreInfo": "pokercli.hands",
    "rank": "pokercli.hands", "showdown": "pokercli.hands", "score_info": "pokercli.hands",
    "equity": "pokercli.equity_calc", "EquityResult": "pokercli.equity_calc",
    "PlayerResult": "pokercli.equity_calc",
    "percentile": "pokercli.hand_strength", "PercentileResult": "pokercli.hand_strength",
    "draw": "pokercli.five_card_draw", "DrawResult": "pokercli.five_card_draw",
    "combos": "pokercli.bigtwo", "CombosResult": "pokercli.bigtwo",
    "table": "pokercli.preflop_table", "TableResult": "pokercli.class_table",
    "deal": "pokercli.dealing", "Deals": "pokercli.dealing",
    "hearts_state": "pokercli.hearts", "HeartsState": "pokercli.hearts",
    "encode": "pokercli.representations",
    "Game": "pokercli.games", "GAMES": "pokercli.games",
    "hits": "pokercli.board_hits", "HitsResult": "pokercli.board_hits",
    "icm": "pokercli.tournament", "ICMResult": "pokercli.tournament",
    "pushfold": "pokercli.push_fold", "PushFoldResult": "pokercli.push_fold",
    "pushfold_chart": "pokercli.push_fold", "PushFoldChart": "pokercli.push_fold",
    "pushfold_table": "pokercli.push_fold_table", "TablePushFoldResult": "pokercli.push_fold_table",
    "read_histories": "pokercli.histories", "Hand": "pokercli.histories",
    "equity_runs": "pokercli.equity_calc.runs", "RunsResult": "pokercli.equity_calc.runs",
    "equity_draws": "pokercli.equity_calc.draws",
}

__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'pokercli' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # next time, a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


if TYPE_CHECKING:  # for type checkers and editors; at run time the names load lazily
    from pokercli.bigtwo import CombosResult, combos  # noqa: F401
    from pokercli.board_hits import HitsResult, hits  # noqa: F401
    from pokercli.cards import Card, parse_cards  # noqa: F401
    from pokercli.dealing import Deals, deal  # noqa: F401
    from pokercli.equity_calc import EquityResult, PlayerResult, equity  # noqa: F401
    from pokercli.errors import PokerError  # noqa: F401
    from pokercli.five_card_draw import DrawResult, draw  # noqa: F401
    from pokercli.games import GAMES, Game  # noqa: F401
    from pokercli.hand_strength import PercentileResult, percentile  # noqa: F401
    from pokercli.hands import HandValue, ScoreInfo, rank, score_info, showdown  # noqa: F401
    from pokercli.showdowns import Showdown  # noqa: F401
    from pokercli.hearts import HeartsState, hearts_state  # noqa: F401
    from pokercli.tournament import ICMResult, icm  # noqa: F401
    from pokercli.push_fold import PushFoldChart, PushFoldResult, pushfold, pushfold_chart  # noqa: F401
    from pokercli.push_fold_table import TablePushFoldResult, pushfold_table  # noqa: F401
    from pokercli.class_table import TableResult  # noqa: F401
    from pokercli.preflop_table import table  # noqa: F401
    from pokercli.equity_calc.runs import RunsResult, equity_runs  # noqa: F401
    from pokercli.equity_calc.draws import equity_draws  # noqa: F401
    from pokercli.histories import Hand, read_histories  # noqa: F401
    from pokercli.ranges import Range, parse_range  # noqa: F401
    from pokercli.representations import encode  # noqa: F401
