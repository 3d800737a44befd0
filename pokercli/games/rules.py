"""The parts a game is made of: how it deals, how it values a hand, how the pot
is shared, which functions compute it, and its starting-hand classes.

Light on purpose (no NumPy, no Numba): ``--help`` and one-hand commands read
these. What is heavy (an engine's functions, a kernel table, a shipped
starting-hand table) is named here as ``"module:function"`` and imported on
first use.

>>> from pokercli.games import game
>>> g = game("omaha-hilo")
>>> g.dealing.hole_cards, g.rule.hole_used, g.pot.parts
(4, 2, ('high', 'low'))
>>> STANDARD.describe(STANDARD.best_five([0, 1, 2, 3, 4])[0])
'Straight flush, six high'
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable, Optional, Sequence

from pokercli import reference as R


def load(target: str) -> Callable[..., Any]:
    """The function ``"module:name"`` names, imported now."""
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)


@dataclass(frozen=True)
class Draws:
    """A draw game's draws: how many a hand has (a spot may have up to this many
    to come), and the default discard policy of the draws between
    (:mod:`pokercli.equity_calc.draws`): stand pat on a made hand ``pat`` high or
    lower, else keep the cards ``keep`` and lower."""

    count: int
    pat: str = "9"
    keep: str = "8"
    #: The ace is the highest rank (deuce-to-seven), not the lowest.
    ace_high: bool = False


@dataclass(frozen=True)
class Dealing:
    """How a game deals: cards per hand, the board, how many players."""

    #: Cards each player holds.
    hole_cards: int
    #: Cards on a complete board (0: no board).
    board_cards: int = 0
    #: The boards a spot may show (a hold'em spot: preflop, flop, turn, river).
    board_sizes: tuple[int, ...] = (0,)
    #: Players dealt when none are asked for; a layout dealt to exactly ``fixed_players``.
    players: int = 2
    fixed_players: Optional[int] = None
    #: Where one deal's state comes from (Hearts), as "module:function" of
    #: (hands, round_number, view); None: deals are hands and a board only.
    state: Optional[str] = None
    #: The cards a spot's hand may show so far (stud: three to seven, the rest
    #: dealt by equity); empty: a spot's hands are complete (``hole_cards``).
    hand_sizes: tuple[int, ...] = ()
    #: "module:function" of (text, what) -> card ids that reads a hand in the
    #: game's own notation (stud's down cards in parentheses); None: plain cards.
    notation: Optional[str] = None
    #: Where a dealt hand's face-down cards are, in the order dealt (stud: the
    #: first two and the seventh), written in parentheses as that notation
    #: reads them; ``deal`` then keeps the order dealt. Empty: a dealt hand is
    #: plain cards, sorted high to low.
    down_cards: tuple[int, ...] = ()
    #: "module:function" of (text, what) -> the hands a player's range stands for
    #: (a comma list; a bare rank is any suit), or None when the text is one hand;
    #: None here: a player is one hand.
    ranges: Optional[str] = None

    #: What a spot with each of ``hand_sizes`` cards is called (``fifth street``, ``pat``).
    street_names: tuple[str, ...] = ()
    #: A draw game's draws (None: not a draw game).
    draws: Optional["Draws"] = None
    #: Whether the last card, when the deck cannot give every player one, is one
    #: community card that serves every player (seven-card stud's rule).
    community_last: bool = False

    def street_name(self, cards: int) -> str:
        """The name of a spot whose hands show ``cards`` cards."""
        return dict(zip(self.hand_sizes, self.street_names)).get(cards, f"{cards} cards")

    @property
    def most_cards(self) -> int:
        """The most cards a hand is valued from (with the board): 4 (badugi) to 7."""
        return min(7, self.hole_cards + self.board_cards)

    @property
    def fewest_cards(self) -> int:
        """The fewest cards a hand is valued from: five, or all a badugi hand has."""
        return min(5, self.hole_cards + self.board_cards)

    def valued_sizes(self) -> tuple[int, ...]:
        """The numbers of cards a hand is valued from (``rank``): 5 to 7, or 4."""
        return tuple(range(self.fewest_cards, self.most_cards + 1))

    def valued_sizes_text(self) -> str:
        """``5 to 7``, ``5``, ``4``."""
        low, high = self.fewest_cards, self.most_cards
        return str(low) if low == high else f"{low} to {high}"

    @property
    def streets(self) -> tuple[tuple[int, int], ...]:
        """The (cards each hand shows, board cards) a spot may have, the last
        one complete: a board game's boards, or a stud game's hand sizes."""
        if self.hand_sizes:
            return tuple((n, 0) for n in self.hand_sizes)
        return tuple((self.hole_cards, b) for b in self.board_sizes)

    def hand_counts(self) -> tuple[int, ...]:
        """How many cards a spot's hand may have."""
        return self.hand_sizes or (self.hole_cards,)


class Ranking:
    """How five cards rank: the seed's hold'em ranking (:data:`STANDARD`) or a
    short deck one (:class:`pokercli.games.shortdeck.ShortDeckRanking`).

    ``key`` is the name the kernel tables know the ranking by
    (:func:`pokercli._kernels.lookup.kernel_tables`)."""

    key: str = "standard"
    #: Distinct five-card values: classes run 1 (a royal flush) to ``class_count``.
    class_count: int = 7462
    #: How the kernels value five cards: ``"high"`` (hold'em's order), ``"ace-to-five"``
    #: (razz's low) or ``"deuce-to-seven"`` (the lowest high hand wins).
    value_rule: str = "high"
    #: "module:function" of (cards, game, value_map) valuing a batch of hands in a
    #: ranking the hold'em tables do not hold (a low); None: the tables do.
    batch: Optional[str] = None
    #: Whether the ranking's evaluator tables are cached on disk, so that a small
    #: spot can be counted from them without NumPy (:mod:`pokercli.postflop_pairs`).
    cached_tables: bool = True

    def best_five(self, cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
        """(score, the five cards that make it) of 5 to 7 card ids."""
        return R.best_five(cards)

    def score(self, cards: Sequence[int]) -> int:
        return R.score(cards)

    def hand_class(self, score: int) -> int:
        return R.hand_class(score)

    def type_name(self, score: int) -> str:
        return R.type_name(score)

    def describe(self, score: int) -> str:
        return R.describe(score)

    def type_names(self) -> dict[int, str]:
        """Hand type strength (the score's type field) -> name."""
        return R.TYPE_NAMES

    def all_scores(self) -> tuple[int, ...]:
        """Every five-card score, strongest first (class ``i`` is entry ``i - 1``)."""
        return R.all_scores()

    def score_fields(self, score: int) -> dict[str, Any]:
        """What ``rank --json`` adds of a score: its bit fields and the rank sets
        of its made part and kickers."""
        from pokercli import cards as C

        strength, primary, secondary = R.partition_score(score)
        return {"score_binary": f"{strength:04b} | {primary:013b} | {secondary:013b}",
                "primary": C.rank_set_names(primary), "secondary": C.rank_set_names(secondary)}

    def display_key(self, card: int):
        """The order a hand's best five are shown in: higher ranks first."""
        return (-(card % 13), card)

    def reductions(self, cards: Sequence[int]) -> Optional[dict[str, Any]]:
        """The seed's eight reductions of a five-card hand (SPEC §3a), where the
        ranking has them."""
        if len(cards) != 5:
            return None
        from pokercli.cards import card_mask

        return dict(zip(REDUCTIONS, R.reductions(card_mask(cards))))

    def __repr__(self) -> str:
        return f"Ranking({self.key!r})"


class RuleRanking(Ranking):
    """A ranking given by plain functions of :mod:`pokercli.lowball` (the lows:
    ace-to-five, deuce-to-seven, badugi), whose scores have no rank fields and
    no seed reductions."""

    cached_tables = False

    def __init__(self, key: str, class_count: int, value_rule: str, batch: str, *,
                 best_five: Callable, hand_class: Callable, type_name: Callable, describe: Callable,
                 type_names: Callable, all_scores: Callable, display_key: Callable):
        self.key, self.class_count, self.value_rule, self.batch = key, class_count, value_rule, batch
        self._best_five, self._hand_class, self._type_name = best_five, hand_class, type_name
        self._describe, self._type_names, self._all_scores = describe, type_names, all_scores
        self._display_key = display_key

    def best_five(self, cards: Sequence[int]):
        return self._best_five(cards)

    def score(self, cards: Sequence[int]) -> int:
        return self._best_five(cards)[0]

    def hand_class(self, score: int) -> int:
        return self._hand_class(score)

    def type_name(self, score: int) -> str:
        return self._type_name(score)

    def describe(self, score: int) -> str:
        return self._describe(score)

    def type_names(self) -> dict[int, str]:
        return self._type_names()

    def all_scores(self) -> tuple[int, ...]:
        return self._all_scores()

    def score_fields(self, score: int) -> dict[str, Any]:
        return {}  # a low's score has no primary and secondary rank sets

    def display_key(self, card: int):
        return self._display_key(card)

    def reductions(self, cards: Sequence[int]) -> Optional[dict[str, Any]]:
        return None  # the seed's reductions describe hold'em's ranking


#: The names of the seed's eight reductions of a five-card set (SPEC §3a).
REDUCTIONS = ("flush", "hand_ranks", "quads", "odd_ranks", "trips", "five_high", "straight",
              "rank_count")

#: Hold'em's ranking (and Omaha's): the seed's.
STANDARD = Ranking()


@dataclass(frozen=True)
class HandRule:
    """How a hand is valued: its best five cards in ``ranking``, using exactly
    ``hole_used`` hole cards (and the rest from the board), or any of them (0)."""

    description: str
    ranking: Ranking = STANDARD
    hole_used: int = 0

    @property
    def key(self) -> str:
        """The kernel tables' name of the ranking."""
        return self.ranking.key

    @property
    def class_count(self) -> int:
        return self.ranking.class_count


@dataclass(frozen=True)
class Pot:
    """How the pot is shared: to the best high hand, or half to the best high
    and half to the best qualifying ``low`` (the whole pot to the high when no
    hand qualifies)."""

    low: Optional[str] = None

    @property
    def parts(self) -> tuple[str, ...]:
        """The pot's parts: ``("high",)`` or ``("high", "low")``."""
        return ("high",) if self.low is None else ("high", "low")

    @property
    def split(self) -> bool:
        """Whether a low takes half the pot."""
        return self.low is not None


class Engine:
    """A family's functions, each named ``"module:function"`` and imported on
    first use: ``game.engine.showdown(hands, board, game)``.

    Every engine has these, each taking the :class:`~pokercli.games.Game` last:
    ``rank(cards, game)``, ``showdown(hands, board, game)``, ``equity(spot,
    job, game)``, ``percentile(hand, board, dead, vs, game)``,
    ``evaluate(rows, value_map, game, lows)`` and ``rank_stream(stream, out,
    as_json, game)``. Engines of games with a board may have
    ``runs_sample(spot, hands, deck, k, runs, samples, seed, stderr)``: Monte
    Carlo of runs in a kernel, stopping early once every player's "takes all"
    standard error is at most ``stderr`` when it is given
    (:mod:`pokercli.equity_calc.runs`; NumPy without it), and
    ``runs_ranges(spot, deck, k, runs, samples, seed, stderr)``: the same where
    players hold ranges (``deck`` holding the fixed hands' cards too). An engine
    may have ``combo_counts(combos, seat, others, board, dead, game)``: each
    combo's exact counts in ``seat`` against players who hold hands or lists
    of hands (:func:`pokercli.equity_calc.by_combo.player_counts`), without an
    exact job a combo, or None for a spot it does not take."""

    OPERATIONS = ("rank", "showdown", "equity", "percentile", "evaluate", "rank_stream")

    def __init__(self, family: str, **targets: str):
        missing = set(self.OPERATIONS) - set(targets)
        if missing:
            raise TypeError(f"engine {family} lacks {sorted(missing)}")
        self.family = family
        self._targets = targets

    def __getattr__(self, operation: str) -> Callable[..., Any]:
        try:
            target = self.__dict__["_targets"][operation]
        except KeyError:
            raise AttributeError(operation) from None
        return load(target)

    def __repr__(self) -> str:
        return f"Engine({self.family!r})"


@dataclass(frozen=True)
class StartingHands:
    """A game's starting-hand classes (``AKs``, ``T9o``, ``77``) and where
    their equities against a random hand come from."""

    #: How many classes there are (169 in hold'em, 81 with a short deck's nine ranks).
    count: int
    #: "module:function" of (game) -> {class: {"equity": ...}}.
    table: str
    #: The shipped exact counts of every heads-up preflop deal, where the game has them.
    headsup_counts: Optional[str] = None

    def equities(self, game) -> dict[str, dict]:
        """Class -> its row, with its ``equity`` against a random hand."""
        return load(self.table)(game)
