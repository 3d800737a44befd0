"""Exact equity combo by combo: each combo of a range against the other
players, over every runout (``hits --vs``, ``equity --distribution``).

Heads-up on a flop, turn or river, one kernel pass counts every pair of
combos over every runout (:func:`pokercli.equity_calc.matchup.pair_counts`);
where the game's engine has ``combo_counts`` (Omaha), each combo's deals go
to its exact chunks; otherwise (preflop, three or more players) each combo
is its own exact job on the exact engine (:func:`pokercli.equity` with that
combo as a fixed hand).
Either way, summing the counts of a range's combos, weighted by their
weights, gives the range's own exact counts to the count (tested).
"""

from __future__ import annotations

from typing import Sequence

from pokercli import cards as C
from pokercli._stop import check as check_stop


def _value(player):
    """A player of :mod:`pokercli.equity_calc.spot` as the engine takes it again:
    a fixed hand's cards, a two-card range as a Range, a range of larger hands
    (Omaha) as its comma list with weights, a random player as ``random``."""
    from pokercli.ranges import Range

    if player.fixed:
        return list(player.cards)
    if not player.combos:
        return "random"
    if len(player.combos[0][0]) != 2:
        return ",".join(f"{C.format_cards(combo).replace(' ', '')}:{w!r}" for combo, w in player.combos)
    return Range(player.text, tuple(((C.Card(a), C.Card(b)), w) for (a, b), w in player.combos))


def player_counts(combos: Sequence[tuple[int, ...]], seat: int, others: Sequence, board, dead,
                  game: str = "holdem") -> list[tuple[float, float, float, float]]:
    """For each combo, put in seat ``seat`` among the ``others`` (players of
    :mod:`pokercli.equity_calc.spot`): its (wins, ties, total, equity) over
    every runout, counts weighted by the others' weights; a combo no deal
    allows (all the others' combos collide with it) gives zeros."""
    from pokercli.equity_calc import equity
    from pokercli.errors import PokerError
    from pokercli.games import game as _game

    if len(others) == 1 and len(board) >= 3 and _game(game).hole_cards == 2 and combos:
        return _headsup(combos, others[0], board, dead, game)
    values = [_value(p) for p in others]
    own = getattr(_game(game).engine, "combo_counts", None)  # (an engine's own way, where it has one)
    if own is not None and combos and all(p.combos for p in others):  # (a random player lists no hands)
        counts = own(combos, seat, values, board, dead, game)
        if counts is not None:  # (None: the spot is not one it takes)
            return counts
    out = []
    for combo in combos:
        check_stop()
        players = values[:seat] + [list(combo)] + values[seat:]
        try:
            r = equity(players, board=list(board), dead=list(dead), game=game, method="exact")
        except PokerError as e:
            if "no deal" in str(e) or "left" in str(e):
                out.append((0.0, 0.0, 0.0, 0.0))
                continue
            raise
        p = r.players[seat]
        out.append((p.wins, p.ties, p.total, p.equity))
    return out


def _headsup(combos, other, board, dead, game):
    from pokercli.equity_calc.matchup import combo_rows, pair_counts

    check_stop()
    pairs = pair_counts(combos, [c for c, _ in other.combos], list(board), list(dead), game)
    return combo_rows(pairs, [w for _, w in other.combos])


def counts(combos: Sequence[tuple[int, int]], vs, board, dead) -> list[tuple[float, float, float]]:
    """Heads-up: each combo's (wins, ties, total) against the player ``vs``."""
    return [(w, t, n) for w, t, n, _ in player_counts(combos, 0, [vs], board, dead)]
