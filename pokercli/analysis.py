"""Range analysis on the exact engine: equity distributions (``equity
--distribution``), each next card's equities (``equity --next-card``) and outs
(``pokercli outs``).

* :func:`distribution`: each combo of each ranged player, put alone in its
  seat against the other players, gets its exact equity over every runout
  (:func:`pokercli.equity_calc.by_combo.player_counts`). The player's equity is
  the mean of its combos' equities weighted by each combo's weight times its
  weighted count of boards (``total``): the engine's own figure, to the count.
  The sorted curve and histogram weight each combo by its range weight
  (Equilab's graph); against a fixed hand every combo has the same count of
  boards, and the two weightings agree.
* :func:`next_card`: on a flop or turn, every card that can come next and each
  player's exact equity once it has come; cards in the board, dead cards or a
  fixed hand cannot come and are listed as such.
* :func:`outs`: on a flop or turn, the next cards after which HAND is ahead or
  tied: against a hand, its best hand on the board with that card beats or
  ties the opponent's; against a range, it beats or ties at least half of the
  opponent's weighted combos that the card leaves (ties count half). Grouped
  by the hand type HAND then holds, with the chance of one of them coming by
  the river.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Callable, Optional, Sequence

from pokercli import cards as C
from pokercli.games import GameName
from pokercli.errors import PokerError

BINS = 10


@dataclass(frozen=True)
class ComboEquity:
    cards: tuple[int, int]
    weight: float
    wins: float
    ties: float
    total: float
    equity: float


@dataclass(frozen=True)
class PlayerDistribution:
    """One ranged player's combos (best equity first) and their equities."""

    seat: int
    label: str
    combos: tuple[ComboEquity, ...]

    @property
    def mean(self) -> float:
        """The mean equity, each combo weighted by its weight times its boards: the player's equity."""
        den = sum(c.weight * c.total for c in self.combos)
        return sum(c.weight * c.total * c.equity for c in self.combos) / den

    def histogram(self, bins: int = BINS) -> list[float]:
        """The share of the range's weight with equity in each of ``bins`` equal bins
        (the last bin holds 100 %)."""
        total = sum(c.weight for c in self.combos)
        out = [0.0] * bins
        for c in self.combos:
            out[min(int(c.equity * bins), bins - 1)] += c.weight / total
        return out

    def curve(self, points: int) -> list[float]:
        """The sorted curve sampled at ``points`` evenly spaced shares of the
        range's weight: the equity of the combo at that share, best first."""
        total = sum(c.weight for c in self.combos)
        out, acc, i = [], 0.0, 0
        for k in range(points):
            target = (k + 0.5) / points * total
            while i < len(self.combos) - 1 and acc + self.combos[i].weight < target:
                acc += self.combos[i].weight
                i += 1
            out.append(self.combos[i].equity)
        return out

    def to_dict(self) -> dict:
        return {"player": self.seat + 1, "range": self.label, "mean_equity": self.mean,
                "histogram": [{"from": k / BINS, "to": (k + 1) / BINS, "share": s}
                              for k, s in enumerate(self.histogram())],
                "combos": [{"combo": C.format_cards(c.cards).replace(" ", ""), "weight": c.weight,
                            "equity": c.equity, "wins": _num(c.wins), "ties": _num(c.ties),
                            "total": _num(c.total)} for c in self.combos]}


def _num(x: float):
    return int(x) if float(x).is_integer() else x


@dataclass(frozen=True)
class DistributionResult:
    """The spot's exact equity and the distribution of each ranged player's combos."""

    equity: object  # EquityResult
    players: tuple[PlayerDistribution, ...]

    def to_dict(self) -> dict:
        return {**self.equity.to_dict(), "distribution": [p.to_dict() for p in self.players]}


def distribution(players: Sequence, board=(), dead=(), *, game: GameName = "holdem") -> DistributionResult:
    """Each ranged player's equity combo by combo (see the module docstring),
    with the spot's exact equity; a player given as a hand has no distribution.

    >>> d = distribution(["AsAh", "KK,QQ"], board="Kd 7c 2h")
    >>> [round(c.equity, 4) for c in d.players[0].combos][2:4], round(d.players[0].mean, 6)
    ([0.9141, 0.0838], 0.360606)
    """
    from pokercli.equity_calc.spot import make_spot

    spot = make_spot(players, board, dead, game)
    if not any(p.combos and not p.fixed for p in spot.players):
        raise PokerError("a distribution needs a player given as a range of listed hands", "players")
    if _headsup(spot):
        main, rows = _headsup_rows(spot)
    else:
        main, rows = _engine_rows(spot, players, board, dead, game)
    out = []
    for seat, p in enumerate(spot.players):
        if p.fixed or not p.combos:  # a hand, or an Omaha `random` (its hands are not listed)
            continue
        combos = [ComboEquity(tuple(c), w, *row) for (c, w), row in zip(p.combos, rows[seat]) if row[2] > 0]
        combos.sort(key=lambda c: (-c.equity, c.cards))
        out.append(PlayerDistribution(seat, p.text, tuple(combos)))
    return DistributionResult(main, tuple(out))


def _headsup(spot) -> bool:
    """Heads-up on a flop, turn or river of a two-card game: the pair counts serve."""
    return len(spot.players) == 2 and spot.game.hole_cards == 2 and len(spot.board) >= 3


def _pairs(spot, board):
    """Every pair of the two players' combos counted over every runout of ``board``,
    and the weight of each pair (the product of the two combos' weights)."""
    import numpy as np

    from pokercli.equity_calc.matchup import pair_counts

    first, second = spot.players
    pairs = pair_counts([c for c, _ in first.combos], [c for c, _ in second.combos], board,
                        spot.dead, spot.game.name)
    return pairs, np.array([w for _, w in first.combos]), np.array([w for _, w in second.combos])


def _headsup_result(spot, board, pairs, wa, wb):
    """The spot's exact result on ``board`` from its pair counts (None when no deal is left)."""
    import numpy as np

    from pokercli.equity_calc.tally import result_from_counts

    weights = np.outer(wa, wb)
    wins, ties, total = (float((pairs[:, :, k] * weights).sum()) for k in range(3))
    if total == 0:
        return None
    outcome = np.array([[0.0, wins, ties], [0.0, total - wins - ties, ties]])
    result = result_from_counts(spot, outcome, np.zeros((2, 10)), total, "exact")
    result.board = list(board)
    result.deals = int((pairs[:, :, 2] > 0).sum())
    return result


def _headsup_rows(spot):
    """The spot's exact result and each combo's (wins, ties, total, equity), from
    one pass over every pair of combos."""
    from pokercli.equity_calc.matchup import combo_rows

    pairs, wa, wb = _pairs(spot, spot.board)
    main = _headsup_result(spot, spot.board, pairs, wa, wb)
    return main, [combo_rows(pairs, wb), combo_rows(pairs, wa, second=True)]


def _exact(players, board, dead, game):
    """The spot's exact equity; past the exact limits, one error that says these
    analyses are exact only (the engine's own suggests sampling, which they refuse)."""
    from pokercli.equity_calc import equity

    try:
        return equity(players, board, dead, game=game, method="exact")
    except PokerError as e:
        if e.param != "method":
            raise
        why = str(e).split("; sample instead")[0]
        raise PokerError(f"{why}; the distribution and the next card are exact only: narrow the ranges",
                         "players") from None


def _engine_rows(spot, players, board, dead, game):
    """Preflop or multiway: each combo of each ranged player an exact job of its own."""
    from pokercli.equity_calc.by_combo import player_counts

    main = _exact(players, board, dead, game)
    rows = {}
    for seat, p in enumerate(spot.players):
        if p.combos and not p.fixed:
            others = spot.players[:seat] + spot.players[seat + 1:]
            rows[seat] = player_counts([c for c, _ in p.combos], seat, others, spot.board, spot.dead, game)
    return main, rows


@dataclass(frozen=True)
class NextCardResult:
    """Each card that can come next and the spot's exact result after it."""

    equity: object  # EquityResult: now
    after: tuple[tuple[int, object], ...]  # (card, EquityResult with that card on the board)
    blocked: tuple[int, ...]

    @property
    def cards(self) -> tuple[tuple[int, tuple[float, ...]], ...]:
        """(card, each player's equity after it)."""
        return tuple((c, tuple(p.equity for p in r.players)) for c, r in self.after)

    def to_dict(self) -> dict:
        doc = self.equity.to_dict()
        doc["next_card"] = [{"card": C.card_name(c), "equity": [p.equity for p in r.players],
                             "wins": [_num(p.wins) for p in r.players],
                             "ties": [_num(p.ties) for p in r.players], "total": _num(r.players[0].total)}
                            for c, r in self.after]
        doc["cannot_come"] = [C.card_name(c) for c in self.blocked]
        return doc


def next_card(players: Sequence, board, dead=(), *, game: GameName = "holdem",
              progress: Optional[Callable[[int, int], None]] = None) -> NextCardResult:
    """On a flop or turn: every card that can come next, and each player's exact
    equity with it on the board (a card every combo of some range holds is
    left out: no deal has it come). ``progress(done, total)`` is called as the
    work goes. Three or more players: one pass over the runouts, each kept
    apart, gives the spot and every card after it (the sum over the runouts
    that hold the card); heads-up, the pair counts of each card; past the
    pass's limit (wide ranges, ``random``), one exact job per card.

    >>> r = next_card(["AsAh", "KsKh"], "Kd 7c 2h")
    >>> after = dict((C.card_name(c), round(e[0], 4)) for c, e in r.cards)
    >>> after["Ad"], after["Qs"], len(after)  # only the last king beats the aces' set
    (0.9773, 0.0455, 45)
    """
    from pokercli._stop import check as check_stop
    from pokercli.equity_calc.spot import make_spot

    spot = make_spot(players, board, dead, game)
    if len(spot.board) not in (3, 4) or spot.game.board_cards != 5:
        raise PokerError("board must be a flop or a turn (3 or 4 cards) for the next card", "board")
    taken = set(spot.board) | set(spot.removed)
    for p in spot.players:
        if p.fixed:
            taken |= set(p.cards if p.cards else p.combos[0][0])
    headsup = _headsup(spot)
    if progress is not None and not callable(progress):
        raise PokerError("progress must be a function of (done, total)", "progress")
    if not headsup:
        grouped = _next_cards_in_one_pass(spot, players, dead, taken, progress)
        if grouped is not None:
            return grouped
    if headsup:
        pairs, wa, wb = _pairs(spot, spot.board)
        now = _headsup_result(spot, spot.board, pairs, wa, wb)
    else:
        now = _exact(players, board, dead, game)
    rows, blocked = [], []
    cards = sorted(spot.game.deck)
    for done, card in enumerate(cards):
        if progress is not None:
            progress(done, len(cards))
        if card in taken:
            if card not in spot.game.left_out:
                blocked.append(card)
            continue
        check_stop()
        after = list(spot.board) + [card]
        if headsup:
            r = _headsup_result(spot, after, *_pairs(spot, after))
        else:
            try:
                r = _exact(players, after, dead, game)
            except PokerError as e:  # a range left empty, or no deal left, by this card
                if "empty" not in str(e) and "no deal is possible" not in str(e):
                    raise
                r = None
        if r is None:
            blocked.append(card)  # a range holds this card in every combo
            continue
        rows.append((card, r))
    return NextCardResult(now, tuple(rows), tuple(sorted(blocked)))


def _next_cards_in_one_pass(spot, players: Sequence, dead, taken: set, progress) -> Optional[NextCardResult]:
    """:func:`next_card` from one pass over the spot's runouts
    (:func:`pokercli.equity_calc.runouts.patterns_by_runout`); None where that
    pass does not take the spot (then each card is its own exact job)."""
    import numpy as np

    from pokercli.equity_calc import exact as X
    from pokercli.equity_calc import runouts as RO
    from pokercli.equity_calc.spot import make_spot
    from pokercli.equity_calc.tally import add_patterns, result_from_counts
    from pokercli.jobs import threads
    from pokercli.timing import Clock

    seats = len(spot.players)
    if not RO.applies(spot) or RO.random_case(spot):
        return None
    work = X.work_per_deal(spot)
    cap = X.EXACT_DEFAULT_LIMIT / (work * seats)
    arrays = RO.deal_rows(spot, cap)
    if arrays is None:
        return None
    deals, _ = RO.deal_count(arrays)
    if not deals or deals * work * seats > X.EXACT_DEFAULT_LIMIT:
        return None
    clock = Clock()
    runs, patterns = RO.patterns_by_runout(spot, arrays, threads(), progress)

    def result(sp, pats) -> object:
        outcome = add_patterns(pats.sum(axis=0), np.zeros((seats, seats + 1), np.int64))
        return result_from_counts(sp, outcome.astype(np.float64), np.zeros((seats, 10)),
                                  float(pats.sum()), "exact")

    now = result(spot, patterns)
    now.deals, now.seconds, now.evaluations = deals, clock.seconds(), float(len(runs) * deals * seats)
    rows, blocked = [], []
    for card in sorted(spot.game.deck):
        if card in taken:
            if card not in spot.game.left_out:
                blocked.append(card)
            continue
        holds = (runs == card).any(axis=1)
        mine = patterns[holds]
        if not mine.any():
            blocked.append(card)  # a range holds this card in every combo
            continue
        after = make_spot(players, list(spot.board) + [card], dead, spot.game.name)
        rows.append((card, result(after, mine)))
    return NextCardResult(now, tuple(rows), tuple(sorted(blocked)))


@dataclass(frozen=True)
class OutsResult:
    """The cards after which ``hand`` is ahead or tied, by the hand they make."""

    hand: tuple[int, int]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    vs: str
    ahead_now: bool
    share_now: float
    unseen: int
    outs: tuple[tuple[int, str, float], ...]  # (card, hand type made, share against vs)

    @property
    def by_river(self) -> float:
        """The chance that one of the outs comes by the river."""
        n, u = len(self.outs), self.unseen
        if len(self.board) == 4:
            return n / u
        return 1 - comb(u - n, 2) / comb(u, 2)

    @property
    def next_card(self) -> float:
        return len(self.outs) / self.unseen

    def groups(self) -> list[tuple[str, list[int]]]:
        from pokercli.reference import HAND_TYPES

        names = sorted({t for _, t, _ in self.outs}, key=lambda t: -HAND_TYPES[t])
        return [(t, [c for c, tt, _ in self.outs if tt == t]) for t in names]

    def to_dict(self) -> dict:
        return {"hand": C.format_cards(self.hand), "board": C.format_cards(self.board),
                "dead": C.format_cards(self.dead), "vs": self.vs, "ahead_now": self.ahead_now,
                "share_now": self.share_now, "unseen": self.unseen, "outs": len(self.outs),
                "next_card": self.next_card, "by_river": self.by_river,
                "groups": [{"makes": t, "cards": [C.card_name(c) for c in cards], "count": len(cards)}
                           for t, cards in self.groups()],
                "cards": [{"card": C.card_name(c), "makes": t, "share": s} for c, t, s in self.outs]}


def _share(hero_score: int, opp_scores, weights) -> float:
    """Hero's showdown share against weighted opponent scores: wins, and ties as halves."""
    total = sum(weights)
    won = sum(w for s, w in zip(opp_scores, weights) if hero_score > s)
    tied = sum(w for s, w in zip(opp_scores, weights) if hero_score == s)
    return (won + tied / 2) / total


def outs(hand, board, vs, dead=()) -> OutsResult:
    """The cards that put ``hand`` ahead (or tie) on the next card against ``vs``
    (a hand or a range), on a flop or turn (see the module docstring).

    >>> r = outs("Ah Kh", "Qh 7h 2c", "Qs Qd")
    >>> len(r.outs), r.ahead_now, round(r.by_river, 4)  # hearts but the 2h, which fills the queens
    (8, False, 0.3273)
    """
    from pokercli.equity_calc.matchup import values_on
    from pokercli.equity_calc.spot import parse_player
    from pokercli.reference import score as score_of, type_name

    hero = C.as_cards(hand, "hand", count=2)
    board_cards = C.as_cards(board, "board", count=(3, 4))
    dead_cards = C.as_cards(dead, "dead")
    opp = parse_player(vs, 2)
    groups = [("hand", hero), ("board", board_cards), ("dead", dead_cards)]
    if opp.fixed:
        groups.append(("vs", list(opp.cards)))
    C.check_disjoint(groups)
    seen = set(hero) | set(board_cards) | set(dead_cards)
    opp_combos = [(c, w) for c, w in opp.combos if not (set(c) & seen)]
    if not opp_combos:
        raise PokerError(f"vs {opp.text!r} has no combo left once the hand, board and dead cards "
                         "are removed", "vs")
    known = seen | (set(opp.cards) if opp.fixed else set())
    unseen = [c for c in range(52) if c not in known]
    hands = [tuple(int(x) for x in hero)] + [c for c, _ in opp_combos]
    weights = [w for _, w in opp_combos]

    def share(cards_on_board):
        values = values_on(hands, [int(c) for c in cards_on_board]).tolist()
        live = [(v, w) for v, w in zip(values[1:], weights) if v >= 0]
        return score_of(list(hero) + list(cards_on_board)), _share(values[0], [v for v, _ in live],
                                                                  [w for _, w in live])

    _, now = share(list(board_cards))
    found = []
    for card in unseen:
        made, s = share(list(board_cards) + [card])
        if s >= 0.5:
            found.append((card, type_name(made), s))
    return OutsResult(tuple(hero), tuple(board_cards), tuple(dead_cards), opp.label, now >= 0.5, now,
                      len(unseen), tuple(found))
