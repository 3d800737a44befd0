"""Where a hand stands: hand percentile now, and with the cards to come (SPEC §6–7).

Against every two-card hand the opponent could hold (the unseen cards, or a
range with card removal and weights):

* **hand strength** ``hs`` = share of opponent hands we beat now, plus half
  the share we tie (``beats``, ``ties``, ``loses`` are the three shares);
* on the flop and turn, over every opponent hand **and every runout**:
  ``equity`` (the effective percentile: the share won at showdown, ties half),
  the **positive potential** ``ppot`` (behind or tied now, ahead at showdown),
  the **negative potential** ``npot`` (ahead or tied now, behind at showdown)
  and the **effective hand strength** ``ehs = hs·(1−npot) + (1−hs)·ppot``
  (Billings, Papp, Schaeffer and Szafron's definitions, ties counted half);
* on the river nothing is to come: the effective figures equal the current ones;
* preflop: the hand's exact equity against a random hand and its place among
  the 169 starting-hand classes (from ``data/preflop_headsup.npz``; short
  deck: the 81 classes of ``data/shortdeck_preflop.json``); there
  ``beats``/``ties``/``loses`` compare the hand's class with the classes of all
  other two-card hands by that equity.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Optional, Sequence

from pokercli import cards as C
from pokercli import ranges as RG
from pokercli.errors import PokerError, shown
from pokercli.games import Game, GameName, game as _game


@dataclass
class PercentileResult:
    """Where a hand stands against every opponent hand (and every runout).

    ``opponents`` is the number of opponent hands (combos) and
    ``opponent_weight`` their summed weights (equal unless ``vs`` has weights);
    the shares are weighted. ``hp[now][final]`` is the potential matrix: the
    weighted (opponent hand, runout) pairs by state now and at showdown (0
    ahead, 1 tied, 2 behind).
    """

    hand: list[int]
    board: list[int]
    dead: list[int]
    vs: str
    street: str
    opponents: int = 0
    opponent_weight: float = 0.0
    beats: Optional[float] = None
    ties: Optional[float] = None
    loses: Optional[float] = None
    hs: Optional[float] = None
    equity: Optional[float] = None
    ppot: Optional[float] = None
    npot: Optional[float] = None
    ehs: Optional[float] = None
    hp: Optional[list[list[float]]] = None   # [now][final], 0 ahead, 1 tied, 2 behind
    field: dict = field(default_factory=dict)  # hand type -> [beats, ties, loses] (weights)
    class_name: Optional[str] = None
    class_rank: Optional[int] = None
    note: str = ""
    game: str = "holdem"

    @property
    def classes(self) -> int:
        """Starting-hand classes of the game: 169 in hold'em, 81 in short deck."""
        return _game(self.game).classes.count

    def to_dict(self) -> dict:
        """The ``percentile --json`` document."""
        doc = _game(self.game).in_json
        doc |= {"hand": [C.card_name(c) for c in self.hand],
               "board": [C.card_name(c) for c in self.board],
               "dead": [C.card_name(c) for c in self.dead], "vs": self.vs, "street": self.street,
               "opponent_hands": self.opponents, "opponent_weight": _num(self.opponent_weight),
               "hs": self.hs, "beats": self.beats, "ties": self.ties, "loses": self.loses}
        if self.street in ("flop", "turn", "river"):
            doc.update(equity=self.equity, ppot=self.ppot, npot=self.npot, ehs=self.ehs)
        if self.hp is not None:
            doc["potential_matrix"] = {now: dict(zip(("ahead", "tied", "behind"), map(_num, row)))
                                       for now, row in zip(("ahead", "tied", "behind"), self.hp)}
        if self.field:
            doc["field"] = {t: dict(zip(("we_beat", "we_tie", "we_lose"), map(_num, v)))
                            for t, v in self.field.items()}
        if self.street == "preflop":
            doc["equity"] = self.equity
            if self.class_name is not None:
                doc.update({"class": self.class_name, "class_rank": self.class_rank})
        if self.note:
            doc["note"] = self.note
        return doc


#: The note of a river spot.
RIVER_NOTE = "on the river no cards are to come: the effective figures equal the current ones"


def _num(x: float):
    return int(x) if float(x).is_integer() else x


def parse_hand(value, preflop: bool) -> list[int]:
    """Two cards (text or a sequence); preflop also a starting-hand class
    (``AKs`` stands for ``As Ks``)."""
    if not isinstance(value, str):
        return [int(c) for c in C.as_cards(value, "hand", count=2)]
    try:
        return C.parse(value, count=2, what="hand")
    except PokerError as not_cards:
        try:
            cards = RG.class_representative(value.strip())
        except PokerError:
            raise not_cards from None
        if preflop:
            return cards
        example = C.format_cards(cards).replace(" ", "")
        raise PokerError(f"hand {shown(value.strip())} is a starting-hand class, which stands for a hand "
                         f"preflop only: with a board give its cards, such as {example}", "hand") from None


def opponent_combos(hand: Sequence[int], board: Sequence[int], dead: Sequence[int],
                    vs, left_out: Sequence[int] = ()) -> list[tuple[tuple[int, int], float]]:
    """The opponent's combos (``vs``: range text, a Range, or None for any two
    unseen cards) that our hand, the board, the dead cards and the cards the
    game leaves out (``left_out``) leave possible."""
    blocked = C.card_mask(list(hand) + list(board) + list(dead) + list(left_out))
    if vs is None:
        combos = RG.parse_range("random")
    elif isinstance(vs, RG.Range):
        combos = vs
    elif isinstance(vs, str):
        try:
            combos = RG.parse_range(vs)
        except PokerError as e:
            raise PokerError(f"vs: {e}", "vs") from None
    else:
        raise PokerError(f"vs must be a range, not {type(vs).__name__}", "vs")
    out = [((int(a), int(b)), w) for (a, b), w in combos if not C.card_mask((a, b)) & blocked]
    if not out:
        text = vs.text if isinstance(vs, RG.Range) else vs
        raise PokerError(f"vs {shown(text)} is empty once our hand, the board and dead cards are "
                         "removed", "vs")
    return out


def percentile(hand, board=(), dead=(), *, vs=None, game: GameName = "holdem") -> PercentileResult:
    """Where ``hand`` stands on ``board`` against every hand an opponent could
    hold (``vs``: a range, or None for any two unseen cards): the shares it
    beats, ties and loses to now, its hand strength, and on the flop and turn
    its equity, positive and negative potentials and effective hand strength
    over every runout. Preflop: its exact equity against a random hand and its
    place among the 169 classes (``hand`` may be a class: ``"AKs"``). In the
    Omaha games (``game="omaha"`` ...) see :mod:`pokercli.omaha_strength`.

    >>> p = percentile("As Ad", board="Ac 2d 8c")
    >>> p.hs, round(p.equity, 6), p.hp[0]
    (1.0, 0.951299, [1018071.0, 0.0, 52119.0])
    """
    g = _game(game)
    board_cards = [int(c) for c in C.as_cards(board, "board", count=g.board_sizes)]
    dead_cards = [int(c) for c in C.as_cards(dead, "dead")]
    return g.engine.percentile(hand, board_cards, dead_cards, vs, g)


def percentile_two_cards(hand, board: list[int], dead: list[int], vs, g: Game) -> PercentileResult:
    """:func:`percentile` in a game of two hole cards (hold'em, short deck)."""
    return compute(parse_hand(hand, preflop=not board), board, dead, vs, g.name)


def compute(hand: Sequence[int], board: Sequence[int] = (), dead: Sequence[int] = (),
            vs=None, game: str = "holdem") -> PercentileResult:
    """:func:`percentile` on card ids already parsed."""
    g = _game(game)
    hand, board, dead = list(hand), list(board), list(dead)
    if len(hand) != 2:
        raise PokerError(f"hand: a hold'em hand has 2 cards, not {len(hand)}", "hand")
    if len(board) not in (0, 3, 4, 5):
        raise PokerError(f"board: a board has 0, 3, 4 or 5 cards, not {len(board)}", "board")
    C.check_disjoint([("hand", hand), ("board", board), ("dead", dead)])
    for what, cards in (("hand", hand), ("board", board), ("dead", dead)):
        g.check_deck(cards, what, what)
    opps = opponent_combos(hand, board, dead, vs, g.left_out)
    street = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}[len(board)]
    label = vs.text if isinstance(vs, RG.Range) else (vs or "random")
    result = PercentileResult(hand, board, dead, label, street, game=g.name)
    result.opponents = len(opps)
    if street == "preflop":
        return _preflop(result, opps, g)
    if street != "flop" and _light(result, opps, g):
        return result
    hero, opp_scores = _current(result, opps, g)
    if street == "river":
        result.equity, result.ppot, result.npot, result.ehs = result.hs, 0.0, 0.0, result.hs
        result.note = RIVER_NOTE
    else:
        _potentials(result, opps, hero, opp_scores, g)
    return result


#: Whether a turn or river percentile may be counted in plain Python (tests switch it off).
LIGHT = True


def _light(result: PercentileResult, opps, g: Game) -> bool:
    """A turn or river percentile counted in plain Python from the evaluator's
    tables (:mod:`pokercli.postflop_pairs`), early in a process (before NumPy is
    loaded, within :data:`pokercli.timing.LIGHT_BUDGET`): on the turn 44 runouts
    by about a thousand hands, some 20 ms where loading the kernels costs about
    0.25 s. Every weight must be 1 (a random opponent, a range without weights),
    so that each sum is a whole number and the figures are the kernels' to the
    last bit (tested). False: the kernels take the job."""
    import sys

    from pokercli.timing import LIGHT_SPENT, Clock, light_allowed

    if not (LIGHT and g.rule.ranking.cached_tables and "numpy" not in sys.modules and light_allowed()
            and all(w == 1.0 for _, w in opps)):
        return False
    t0 = Clock()
    count_light(result, opps, g)
    LIGHT_SPENT[0] += t0.seconds()
    return True


def count_light(result: PercentileResult, opps, g: Game) -> None:
    """:func:`_light`'s count, whatever NumPy's state: every weight 1, a board of 4 or 5."""
    from pokercli.postflop_pairs import KEY_INIT, scorer, tables

    keys, value = tables()[0], scorer()
    board_key = KEY_INIT + sum(keys[c] for c in result.board)
    board_mask = C.card_mask(result.board)
    a, b = result.hand
    hero_key, hero_mask = board_key + keys[a] + keys[b], board_mask | C.card_mask(result.hand)
    hero = value(hero_key, hero_mask)
    hands = [(keys[x] + keys[y], (1 << x) | (1 << y)) for (x, y), _ in opps]
    now = [value(board_key + k, board_mask | m) for k, m in hands]
    state = [0 if s < hero else 1 if s == hero else 2 for s in now]
    counts = [state.count(0), state.count(1), state.count(2)]
    total = float(len(opps))
    result.opponent_weight = total
    result.beats, result.ties, result.loses = (float(n) / total for n in counts)
    result.hs = result.beats + result.ties / 2
    names = g.rule.ranking.type_names()
    for t in range(9, 0, -1):
        field_ = [0.0, 0.0, 0.0]
        for s, st in zip(now, state):
            if s >> 26 == t:
                field_[st] += 1.0
        if any(field_):
            result.field[names[t]] = field_
    if len(result.board) == 5:
        result.equity, result.ppot, result.npot, result.ehs = result.hs, 0.0, 0.0, result.hs
        result.note = RIVER_NOTE
    else:
        removed = set(result.hand) | set(result.board) | set(result.dead)
        hp = [[0.0] * 3 for _ in range(3)]
        for river in (c for c in g.deck if c not in removed):
            bit, key = 1 << river, keys[river]
            mine = value(hero_key + key, hero_mask | bit)
            for (k, m), st in zip(hands, state):
                if not m & bit:
                    s = value(board_key + k + key, board_mask | m | bit)
                    hp[st][0 if mine > s else 1 if mine == s else 2] += 1.0
        total_hp = sum(map(sum, hp))
        result.equity = (sum(row[0] for row in hp) + sum(row[1] for row in hp) / 2) / total_hp
        set_potentials(result, hp)


def _current(result: PercentileResult, opps, g: Game):
    """Beats/ties/loses on the current board, and the field by opponent hand type.

    Returns our score and the opponents' scores now.
    """
    import numpy as np

    from pokercli import evaluate as E

    rows = np.full((len(opps) + 1, 7), -1, np.int8)
    n = 2 + len(result.board)
    rows[0, :n] = result.hand + result.board
    for i, ((a, b), _) in enumerate(opps, 1):
        rows[i, :n] = [a, b] + result.board
    scores = E.scores(rows, g.name)
    hero, opp = int(scores[0]), scores[1:].astype(np.int64)
    w = np.array([wt for _, wt in opps])
    total = w.sum()
    beat, tie = w[opp < hero].sum(), w[opp == hero].sum()
    result.opponent_weight = float(total)
    result.beats, result.ties = float(beat / total), float(tie / total)
    result.loses = float(w[opp > hero].sum() / total)
    result.hs = result.beats + result.ties / 2
    names = g.rule.ranking.type_names()
    for t in range(9, 0, -1):
        sel = (opp >> 26) == t
        if sel.any():
            result.field[names[t]] = [float(w[sel & (opp < hero)].sum()),
                                              float(w[sel & (opp == hero)].sum()),
                                              float(w[sel & (opp > hero)].sum())]
    return hero, opp


def _potentials(result: PercentileResult, opps, hero: int, opp, g: Game) -> None:
    import numpy as np

    from pokercli._kernels import potentials as K
    from pokercli import evaluate as E
    from pokercli._kernels.jit import call
    from pokercli._kernels.evaluator import KEY_INIT

    keys, offsets, (rank_score, flush_score), _ = E.kernel_tables(g.rule.key)
    removed = set(result.hand) | set(result.board) | set(result.dead)
    deck = [c for c in g.deck if c not in removed]
    k = 5 - len(result.board)
    runouts = list(combinations(deck, k))
    rows = np.full((len(runouts), 7), -1, np.int8)
    base = result.hand + result.board
    for i, ro in enumerate(runouts):
        rows[i, :len(base) + k] = base + list(ro)
    hero_final = E.scores(rows, g.name)
    runout_keys = np.array([sum(int(keys[c]) for c in ro) for ro in runouts], np.int64)
    runout_masks = np.array([C.card_mask(ro) for ro in runouts], np.int64)
    opp_keys = np.array([int(keys[a]) + int(keys[b]) for (a, b), _ in opps], np.int64)
    opp_masks = np.array([(1 << a) | (1 << b) for (a, b), _ in opps], np.int64)
    opp_w = np.array([w for _, w in opps], np.float64)
    state = np.where(opp < hero, 0, np.where(opp == hero, 1, 2)).astype(np.int64)
    base_key = int(KEY_INIT) + sum(int(keys[c]) for c in result.board)
    hp = np.zeros((3, 3), np.float64)
    call(K.potentials, hero_final, runout_keys, runout_masks, opp_keys, opp_masks, opp_w, state,
         base_key, C.card_mask(result.board), keys, offsets, rank_score, flush_score, hp)
    total = hp.sum()
    result.equity = float((hp[:, 0].sum() + hp[:, 1].sum() / 2) / total)
    set_potentials(result, hp)


def set_potentials(result: PercentileResult, hp) -> None:
    """``hp`` (float[3, 3], by state now and at showdown) and the potentials
    and effective hand strength that follow from it and ``result.hs``."""
    hp = hp.tolist() if hasattr(hp, "tolist") else [list(row) for row in hp]
    result.hp = hp
    ahead, tied, behind = (sum(row) for row in hp)
    ppot_den = behind + tied / 2
    npot_den = ahead + tied / 2
    result.ppot = float((hp[2][0] + hp[2][1] / 2 + hp[1][0] / 2) / ppot_den) if ppot_den else 0.0
    result.npot = float((hp[0][2] + hp[1][2] / 2 + hp[0][1] / 2) / npot_den) if npot_den else 0.0
    result.ehs = result.hs * (1 - result.npot) + (1 - result.hs) * result.ppot


@lru_cache(maxsize=1)
def preflop_table() -> dict[str, dict]:
    """Exact equity of each of the 169 classes against a random hand, from the
    shipped table of heads-up deals (:func:`pokercli.preflop_lookup.vs_random`),
    derived once and cached as JSON: later runs load no NumPy for it."""
    import json

    from pokercli.paths import data_digest, read_cached

    def build() -> bytes:
        from pokercli.preflop_lookup import vs_random

        return json.dumps(vs_random()).encode()

    return read_cached(f"preflop-vs-random-{data_digest('preflop_headsup.npz')}.json", json.loads, build, "equity of each class against a random hand")


def class_order(game: str = "holdem") -> list[str]:
    table = _class_table(game)
    return sorted(table, key=lambda n: -table[n]["equity"])


def _class_table(game: str) -> dict[str, dict]:
    """Each starting-hand class's equity against a random hand in ``game``."""
    g = _game(game)
    return g.classes.equities(g)


def holdem_class_equities(g: Game) -> dict[str, dict]:
    """Hold'em's starting-hand classes: :func:`preflop_table`."""
    return preflop_table()


def _preflop(result: PercentileResult, opps, g: Game) -> PercentileResult:
    table = _class_table(g.name)
    name = RG.class_name(tuple(sorted(result.hand)))
    order = class_order(g.name)
    result.class_name = name
    result.class_rank = order.index(name) + 1
    mine = table[name]["equity"]
    total = beat = tie = lose = 0.0
    for combo, w in opps:
        e = table[RG.class_name(combo)]["equity"]
        total += w
        beat += w if e < mine else 0.0
        tie += w if e == mine else 0.0
        lose += w if e > mine else 0.0
    result.opponent_weight = total
    # each share summed on its own: 1 - beats - ties left 1e-17 where nothing loses
    result.beats, result.ties, result.loses = beat / total, tie / total, lose / total
    result.hs = result.beats + result.ties / 2
    if result.vs == "random" and not result.dead:
        result.equity = mine
    else:
        result.note = ("equity against the given range (or with dead cards) comes from "
                       "`pokercli equity`; the class rank is by equity against a random hand")
    return result
