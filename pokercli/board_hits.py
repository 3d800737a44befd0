"""What a hold'em range hits on a board: made hands and draws, Flopzilla's
categories (``pokercli hits``).

Pure Python (no NumPy, no Numba): one combo is classified by its best five
cards (:func:`pokercli.reference.best_five`) and the ranks and suits of its
hole cards and the board. With ``vs``, each category's exact equity comes
from the per-combo counts of :func:`pokercli.equity_calc.by_combo.counts`.

Definitions (the README repeats them):

* A combo is in exactly one **made** category, the first that holds in
  :data:`MADE` order. A made hand the board makes alone (board trips, a board
  pair, two pair on the board) counts by what the hole cards add: ace high or
  no made hand.
* **Nut flush**: no two other unseen cards make a higher flush of that suit
  (straight flushes aside). **Nut straight**: no two other unseen cards make a
  higher straight (flushes aside).
* **Set**: a pocket pair and one board card of its rank; **trips**: one hole
  card and a board pair of its rank.
* **Two pair**: *both hole cards* pair two board cards; *one hole card* pairs a
  board card and the other pair is on the board; *pocket pair and board pair*.
* Pairs are placed by the distinct board ranks, highest first. **Overpair**:
  a pocket pair above every board card; **pocket pair between top and
  second**: above the second board rank, below the top; **underpair**: a
  pocket pair below the second board rank. **Top pair** pairs the highest
  board rank; its kicker is **top** when no better kicker exists (the highest
  rank neither on the board nor the pair's), **good** when it is one of the
  next three such ranks, **weak** otherwise. **Second pair** pairs the second
  board rank, **third or bottom pair** a lower one.
* **Ace high**: no made hand and an ace in the hole; else **no made hand**.

Draws (none on the river; a combo may hold several, and any made hand):

* **Flush draw**: four cards of a suit, one or both in the hole, no flush made;
  **nut** when its best hole card of the suit is the highest card of that suit
  not on the board (the king with the ace on board). **Backdoor flush draw**
  (flop only): three cards of a suit, one or both in the hole, no flush draw.
* Straight draws count the ranks whose next card gives a straight better than
  the board alone would with that card, when no straight or better is made:
  **open-ended**: two such ranks around four ranks in a row (8-7-6-5 needs a 9
  or a 4); **double gutshot**: two or more such ranks otherwise (T-8-7-6-4);
  **gutshot**: one (A-K-Q-J and A-2-3-4 too). **Backdoor straight draw** (flop
  only): none of those, and two more cards can give such a straight.
* **Two overcards**: no made hand (ace high included) and both hole cards
  above every board card.
* **Combo draw**: a flush draw (nut or not) and a straight draw (open-ended,
  double gutshot or gutshot).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Optional, Sequence

from pokercli import cards as C
from pokercli import reference as R

#: Made categories, best first: (key, label).
MADE = (
    ("straight-flush", "straight flush"),
    ("quads", "four of a kind"),
    ("full-house", "full house"),
    ("nut-flush", "nut flush"),
    ("flush", "flush, not the nuts"),
    ("nut-straight", "nut straight"),
    ("straight", "straight, not the nuts"),
    ("set", "set"),
    ("trips", "trips"),
    ("two-pair-both", "two pair, both hole cards"),
    ("two-pair-one", "two pair, one hole card + board pair"),
    ("two-pair-pocket", "two pair, pocket pair + board pair"),
    ("overpair", "overpair"),
    ("top-pair-top-kicker", "top pair, top kicker"),
    ("top-pair-good-kicker", "top pair, good kicker"),
    ("top-pair-weak-kicker", "top pair, weak kicker"),
    ("pocket-pair-below-top", "pocket pair between top and second"),
    ("second-pair", "second pair"),
    ("low-pair", "third or bottom pair"),
    ("underpair", "underpair"),
    ("ace-high", "ace high"),
    ("nothing", "no made hand"),
)
#: Draw categories: (key, label).
DRAWS = (
    ("combo-draw", "combo draw (flush + straight draw)"),
    ("nut-flush-draw", "nut flush draw"),
    ("flush-draw", "flush draw, not the nuts"),
    ("open-ended", "open-ended straight draw"),
    ("double-gutshot", "double gutshot"),
    ("gutshot", "gutshot"),
    ("backdoor-flush-draw", "backdoor flush draw"),
    ("backdoor-straight-draw", "backdoor straight draw"),
    ("two-overcards", "two overcards"),
)
LABELS = dict(MADE + DRAWS)
_STRAIGHT_TYPES = {"STRAIGHT", "FLUSH", "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH"}


def straight_top(ranks: int) -> int:
    """The top rank (0 = 2 .. 12 = A) of the best straight in a 13-bit rank set;
    the wheel's top is 3 (the five); -1 without a straight.

    >>> straight_top(0b1000000001111), straight_top(0b1111100000000), straight_top(0b1011)
    (3, 12, -1)
    """
    m = (ranks << 1) | ((ranks >> 12) & 1)  # bit r + 1 is rank r; bit 0 the ace as one
    runs = m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)
    return runs.bit_length() + 2 if runs else -1


def _mask(ranks) -> int:
    out = 0
    for r in ranks:
        out |= 1 << r
    return out


def _counts(cards) -> list[int]:
    out = [0] * 13
    for c in cards:
        out[C.card_rank(c)] += 1
    return out


def _flush_made(hole, board, five, dead=()) -> str:
    suit = C.card_suit(five[0])
    mine = sorted((C.card_rank(c) for c in five), reverse=True)
    on_board = {C.card_rank(c) for c in board if C.card_suit(c) == suit}
    seen = list(hole) + list(dead)  # neither the hole nor a dead card is another player's
    others = sorted((r for r in range(13) if r not in on_board
                     and not any(C.card_rank(h) == r and C.card_suit(h) == suit for h in seen)),
                    reverse=True)[:2]
    best = sorted(on_board | set(others), reverse=True)[:5] if len(on_board) >= 3 else []
    return "nut-flush" if len(best) < 5 or mine >= best else "flush"


def _straight_made(hole, board, dead=()) -> str:
    seen = _counts(list(hole) + list(board) + list(dead))
    mine = straight_top(_mask(C.card_rank(c) for c in list(hole) + list(board)))
    board_ranks = _mask(C.card_rank(c) for c in board)
    free = [r for r in range(13) if seen[r] < 4]
    best = max((straight_top(board_ranks | 1 << a | 1 << b) for a in free for b in free
                if a != b or seen[a] <= 2), default=-1)
    return "nut-straight" if mine >= best else "straight"


def _high(hole) -> str:
    return "ace-high" if any(C.card_rank(c) == 12 for c in hole) else "nothing"


def made_category(hole: Sequence[int], board: Sequence[int], dead: Sequence[int] = ()) -> str:
    """The made category of two hole cards on a board of 3 to 5 cards (a key of
    :data:`MADE`); ``dead`` cards are seen: no other player holds them."""
    score, five = R.best_five(list(hole) + list(board))
    kind = R.type_name(score)
    h = sorted((C.card_rank(c) for c in hole), reverse=True)
    board_count = _counts(board)
    distinct = sorted({C.card_rank(c) for c in board}, reverse=True)
    if kind == "STRAIGHT_FLUSH":
        return "straight-flush"
    if kind == "FOUR_OF_A_KIND":
        return "quads"
    if kind == "FULL_HOUSE":
        return "full-house"
    if kind == "FLUSH":
        return _flush_made(hole, board, five, dead)
    if kind == "STRAIGHT":
        return _straight_made(hole, board, dead)
    if kind == "THREE_OF_A_KIND":
        if h[0] == h[1] and board_count[h[0]] == 1:
            return "set"
        if any(board_count[r] == 2 for r in h):
            return "trips"
        return _high(hole)
    five_count = _counts(five)
    if kind == "TWO_PAIR":
        pairs = [r for r in range(13) if five_count[r] == 2]
        if h[0] == h[1] and h[0] in pairs:
            return "two-pair-pocket"
        from_hole = [r for r in pairs if r in h]
        if len(from_hole) == 2:
            return "two-pair-both"
        if len(from_hole) == 1:
            return "two-pair-one"
        return _high(hole)
    if kind == "PAIR":
        p = next(r for r in range(13) if five_count[r] == 2)
        if h[0] == h[1] == p:
            if p > distinct[0]:
                return "overpair"
            return "pocket-pair-below-top" if p > distinct[1] else "underpair"
        if p not in h:
            return _high(hole)
        place = distinct.index(p)
        if place == 0:
            kicker = h[1] if h[0] == p else h[0]
            better = [r for r in range(12, -1, -1) if r not in distinct]
            if kicker == better[0]:
                return "top-pair-top-kicker"
            return "top-pair-good-kicker" if kicker in better[1:4] else "top-pair-weak-kicker"
        return "second-pair" if place == 1 else "low-pair"
    assert kind == "HIGH_CARD", kind
    return _high(hole)


def _completing(hole, board, seen) -> set[int]:
    """Ranks whose one card gives a straight better than the board alone would."""
    mine = _mask(C.card_rank(c) for c in list(hole) + list(board))
    board_ranks = _mask(C.card_rank(c) for c in board)
    return {r for r in range(13) if seen[r] < 4
            and straight_top(mine | 1 << r) > straight_top(board_ranks | 1 << r)}


def draws(hole: Sequence[int], board: Sequence[int], made: Optional[str] = None,
          dead: Sequence[int] = ()) -> list[str]:
    """The draw categories (keys of :data:`DRAWS`) of two hole cards on a flop
    or turn; ``dead`` cards are seen (a nut flush draw's best free card is not one)."""
    if len(board) >= 5:
        return []
    made = made_category(hole, board, dead) if made is None else made
    score, _ = R.best_five(list(hole) + list(board))
    kind = R.type_name(score)
    out: list[str] = []
    cards = list(hole) + list(board)
    flush_draw = None
    if kind not in ("FLUSH", "STRAIGHT_FLUSH"):
        backdoor = False
        for suit in "shdc":
            mine = [C.card_rank(c) for c in hole if C.card_suit(c) == suit]
            n = sum(C.card_suit(c) == suit for c in cards)
            if n == 4 and mine:
                top_free = max(r for r in range(13) if not any(
                    C.card_rank(b) == r and C.card_suit(b) == suit for b in list(board) + list(dead)))
                flush_draw = "nut-flush-draw" if max(mine) == top_free else "flush-draw"
            elif n == 3 and mine and len(board) == 3:
                backdoor = True
        if flush_draw:
            out.append(flush_draw)
        elif backdoor:
            out.append("backdoor-flush-draw")
    straight_draw = None
    if kind not in _STRAIGHT_TYPES:
        seen = _counts(cards)
        outs = _completing(hole, board, seen)
        present = {C.card_rank(c) for c in cards}
        pos = present | ({-1} if 12 in present else set())
        outs_pos = outs | ({-1} if 12 in outs else set())
        open_ended = any(r + 5 in outs_pos and all(r + i in pos for i in range(1, 5)) for r in outs_pos)
        if open_ended:
            straight_draw = "open-ended"
        elif len(outs) >= 2:
            straight_draw = "double-gutshot"
        elif outs:
            straight_draw = "gutshot"
        if straight_draw:
            out.append(straight_draw)
        elif len(board) == 3:
            mine = _mask(present)
            board_ranks = _mask(C.card_rank(c) for c in board)
            free = [r for r in range(13) if seen[r] < 4]
            if any(straight_top(mine | 1 << a | 1 << b) > straight_top(board_ranks | 1 << a | 1 << b)
                   for a, b in combinations(free, 2)):
                out.append("backdoor-straight-draw")
    if made in ("ace-high", "nothing") and min(C.card_rank(c) for c in hole) > max(
            C.card_rank(c) for c in board):
        out.append("two-overcards")
    if flush_draw and straight_draw:
        out.insert(0, "combo-draw")
    return out


class _HeadsUp:
    """Exact heads-up counts (boards won, tied, in all; weighted) and the equity they give."""

    wins: float
    ties: float
    total: float

    @property
    def equity(self) -> Optional[float]:
        return (self.wins + self.ties / 2) / self.total if self.total else None


@dataclass(frozen=True)
class ComboHit(_HeadsUp):
    """One combo of the range: its cards, weight, made category, draws, and
    with an opponent its exact counts (wins, ties, total boards; weighted by
    the opponent's weights) and equity."""

    cards: tuple[C.Card, C.Card]
    weight: float
    made: str
    draws: tuple[str, ...]
    wins: float = 0.0
    ties: float = 0.0
    total: float = 0.0


@dataclass(frozen=True)
class Category(_HeadsUp):
    """One category's weighted combos, share of the range and (with an
    opponent) exact equity over every runout."""

    key: str
    label: str
    group: str  # "made" or "draw"
    combos: int
    weighted: float
    share: float
    wins: float = 0.0
    ties: float = 0.0
    total: float = 0.0


@dataclass(frozen=True)
class HitsResult:
    """What ``range`` hits on ``board``: every category (empty ones too) and every combo."""

    range: str
    board: tuple[C.Card, ...]
    dead: tuple[C.Card, ...]
    vs: Optional[str]
    combos: tuple[ComboHit, ...]
    categories: tuple[Category, ...] = field(default=())

    @property
    def weighted(self) -> float:
        return sum(c.weight for c in self.combos)

    def category(self, key: str) -> Category:
        return next(c for c in self.categories if c.key == key)

    def to_dict(self) -> dict:
        with_vs = self.vs is not None
        return {
            "range": self.range, "board": C.format_cards(self.board), "dead": C.format_cards(self.dead),
            "vs": self.vs, "combos": len(self.combos), "weighted_combos": self.weighted,
            "categories": [{"category": c.key, "label": c.label, "group": c.group, "combos": c.combos,
                            "weighted_combos": c.weighted, "share": c.share,
                            **({"equity": c.equity, "wins": c.wins, "ties": c.ties, "total": c.total}
                               if with_vs else {})}
                           for c in self.categories],
            "combo_list": [{"combo": C.format_cards(h.cards).replace(" ", ""), "weight": h.weight,
                            "made": h.made, "draws": list(h.draws),
                            **({"equity": h.equity, "wins": h.wins, "ties": h.ties, "total": h.total}
                               if with_vs else {})}
                           for h in self.combos],
        }


def _categories(hits: Sequence[ComboHit]) -> tuple[Category, ...]:
    total = sum(h.weight for h in hits)
    out = []
    for group, table in (("made", MADE), ("draw", DRAWS)):
        for key, label in table:
            members = [h for h in hits if (h.made == key if group == "made" else key in h.draws)]
            weighted = sum(h.weight for h in members)
            out.append(Category(key, label, group, len(members), weighted,
                                weighted / total if total else 0.0,
                                sum(h.weight * h.wins for h in members),
                                sum(h.weight * h.ties for h in members),
                                sum(h.weight * h.total for h in members)))
    return tuple(out)


def hits(range_, board, dead=(), *, vs=None, order: int = 1) -> HitsResult:
    """Classify every combo of a hold'em range on a board of 3 to 5 cards.

    ``range_``: range text or a :class:`pokercli.Range`; combos that use a
    board or dead card (or the cards of a ``vs`` hand) are left out. ``vs``:
    an opponent hand or range; then every combo and category gets its exact
    equity over every runout (counts weighted by both players' weights).

    >>> r = hits("AK,QQ", "Ah 7c 2d")
    >>> r.category("top-pair-top-kicker").combos, r.category("underpair").combos
    (12, 0)
    """
    from pokercli.errors import PokerError
    from pokercli.ranges import Range, parse_range

    board_cards = C.as_cards(board, "board", count=(3, 4, 5))
    dead_cards = C.as_cards(dead, "dead")
    C.check_disjoint([("board", board_cards), ("dead", dead_cards)])
    r = range_ if isinstance(range_, Range) else parse_range(range_, order=order)
    vs_text, blocked = None, set(board_cards) | set(dead_cards)
    vs_player = None
    if vs is not None:
        from pokercli.equity_calc.spot import parse_player

        vs_player = parse_player(vs, 2)
        vs_text = vs_player.label
        if vs_player.fixed:
            C.check_disjoint([("board", board_cards), ("dead", dead_cards), ("vs", vs_player.cards)])
            blocked |= set(vs_player.cards)
    kept = [((a, b), w) for (a, b), w in r if a not in blocked and b not in blocked]
    if not kept:
        raise PokerError(f"range {r.text!r} has no combo left on this board"
                         + (" and dead cards" if dead_cards else ""), "range_")
    counts = [(0.0, 0.0, 0.0)] * len(kept)
    if vs_player is not None:
        from pokercli.equity_calc.by_combo import counts as combo_counts

        counts = combo_counts([c for c, _ in kept], vs_player, board_cards, dead_cards)
    out = []
    for ((a, b), w), (won, tied, total) in zip(kept, counts):
        made = made_category((a, b), board_cards, dead_cards)
        out.append(ComboHit((a, b), w, made, tuple(draws((a, b), board_cards, made, dead_cards)), won, tied,
                            total))
    return HitsResult(r.text, tuple(board_cards), tuple(dead_cards), vs_text, tuple(out),
                      _categories(out))
