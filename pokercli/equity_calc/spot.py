"""A spot: the players (hands or ranges), the board and the dead cards, checked.

Every combo a ranged player holds that touches the board, a dead card or a
fixed hand is dropped here, so the engines only ever see possible combos.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress
from typing import Optional, Sequence

from pokercli import cards as C
from pokercli import ranges as RG
from pokercli.errors import PokerError, shown, card_count
from pokercli.games import Game, equity_games, game as _game

Combo = tuple[int, ...]


@dataclass
class Player:
    """One player of a spot: ``combos`` with their weights; a fixed hand is one combo."""

    text: str
    combos: list[tuple[Combo, float]]
    fixed: bool
    cards: tuple[int, ...] = ()
    #: How the game writes the hand (stud's down cards in parentheses), when it has its own notation.
    written: str = ""
    #: A parsed range's facts, kept with it: each card's combos (indices) and whether one weight serves all.
    facts: Optional["RangeFacts"] = field(default=None, repr=False, compare=False)
    #: The cards the hand shows, unseen ones (stud's ``x``) included; 0: its known cards alone.
    shows: int = 0

    @property
    def label(self) -> str:
        """A fixed hand in canonical notation, in the order given; a range as typed."""
        if self.written:
            return self.written
        return C.format_cards(self.cards) if self.fixed else self.text


def parse_player(value, index: int, hole: int = 2, dealing=None) -> Player:
    """A player given as text (two cards are a hand, anything else a range), as a
    :class:`pokercli.Range`, or as a sequence of two cards. In a game of
    ``hole`` cards other than two: ``hole`` cards are a hand, ``random`` a
    random hand (no combos listed), anything else a comma list of hands
    (:func:`pokercli.ranges.parse_hand_list`). A game whose spots show hands
    so far (stud: ``dealing.hand_sizes``) takes one hand of those sizes, in its
    notation."""
    if dealing is not None and dealing.hand_sizes:
        return _parse_shown(value, index, dealing)
    if hole != 2:
        return _parse_other(value, index, hole)
    if isinstance(value, RG.Range):
        return Player(value.text, [((int(a), int(b)), w) for (a, b), w in value], False)
    if not isinstance(value, str):
        cards = C.as_cards(value, f"hand {index}", count=2)
        return Player(C.format_cards(cards), [((min(cards), max(cards)), 1.0)], True, tuple(cards))
    if value.strip().lower() in RG.RANDOM_WORDS:  # no cards: the range at once, no failed card parse
        facts = _range_facts(RG.parse_range(value))
        return Player(value, list(facts.combos), False, facts=facts)
    duplicate = None
    try:
        cards: Optional[list[int]] = C.parse(value, what=f"hand {index}")
    except C.DuplicateCard as e:
        cards, duplicate = None, e
    except PokerError:
        cards = None
    if cards is not None and len(cards) == 2:
        return Player(value, [((min(cards), max(cards)), 1.0)], True, tuple(cards))
    if cards is not None and 3 <= len(cards) <= 6 and "," not in value and ":" not in value:
        raise PokerError(f"hand {index} {shown(value.strip())} has {card_count(len(cards))}, expected 2"
                         f"{_other_games(len(cards))}; a range of two-card hands is written with commas "
                         "(AsAh,KsKh)", "players")
    try:
        combos = RG.parse_range(value)
    except PokerError as e:
        if cards is not None:
            raise PokerError(f"hand {index} {shown(value.strip())} has {card_count(len(cards))}, "
                             "expected 2", "players") from None
        if duplicate is not None:
            raise PokerError(str(duplicate), "players") from None
        raise PokerError(f"player {index}: {e}", "players") from None
    facts = _range_facts(combos)
    return Player(value, list(facts.combos), False, facts=facts)


@dataclass(frozen=True)
class RangeFacts:
    """A parsed range's combos as plain int pairs, the combos (indices) holding
    each card, and the weights it uses."""

    combos: tuple[tuple[Combo, float], ...]
    by_card: dict
    weights: frozenset
    _holding: Optional[dict] = field(default=None, compare=False, repr=False)

    @property
    def everything(self) -> int:
        """Every combo, as the integer whose byte ``i`` (little-endian) is 1."""
        return int.from_bytes(b"\x01" * len(self.combos), "little")

    @property
    def holding(self) -> dict:
        """The combos holding each card, as :attr:`everything` has them (worked out once)."""
        found = self._holding
        if found is None:
            found = {}
            for c, held in self.by_card.items():
                row = bytearray(len(self.combos))
                for i in held:
                    row[i] = 1
                found[c] = int.from_bytes(row, "little")
            object.__setattr__(self, "_holding", found)
        return found

    @property
    def uniform(self) -> bool:
        return len(self.weights) <= 1

    def without(self, blocked: Sequence[int]) -> list[tuple[Combo, float]]:
        """The combos that hold none of the ``blocked`` cards."""
        drop = 0
        for c in blocked:
            drop |= self.holding.get(c, 0)
        if not drop:
            return list(self.combos)
        # one byte a combo, 1 where it is kept: a few big-integer operations and a
        # compress, a fifth of the time of testing each combo in Python
        keep = (self.everything & ~drop).to_bytes(len(self.combos), "little")
        return list(compress(self.combos, keep))


@lru_cache(maxsize=64)
def _range_facts(r: RG.Range) -> RangeFacts:
    """(kept for the next spot: a parsed range is immutable)"""
    combos = tuple(((int(a), int(b)), w) for (a, b), w in r)
    by_card: dict[int, list[int]] = {}
    for i, (combo, _) in enumerate(combos):
        for c in combo:
            by_card.setdefault(c, []).append(i)
    return RangeFacts(combos, {c: tuple(v) for c, v in by_card.items()}, frozenset(w for _, w in combos))


def _other_games(hole: int) -> str:
    """`` (a hand of game='omaha' ...)`` for the games whose hands have ``hole`` cards, or ""."""
    names = [g.name for g in equity_games() if hole in g.dealing.hand_counts()]
    return f" ({hole} cards are a hand of {' or '.join(f'game={n!r}' for n in names)})" if names else ""


def _parse_shown(value, index: int, dealing) -> Player:
    """One hand of the cards dealt so far (stud), in the game's notation; its
    unknown down cards (``x``) are dealt by equity as the cards to come are."""
    from pokercli.games.rules import load

    what = f"hand {index}"
    if isinstance(value, str) and dealing.ranges and value.strip().lower() not in RG.RANDOM_WORDS:
        try:
            hands = load(dealing.ranges)(value, what)
        except PokerError as e:
            raise PokerError(str(e), "players") from None
        if hands is not None:  # a range: every hand it stands for, each one combo
            shows = len(hands[0].cards) + hands[0].unknown
            if shows not in dealing.hand_counts():
                sizes = dealing.hand_counts()
                raise PokerError(f"{what} {shown(value.strip())}: its hands show {card_count(shows)}; a hand "
                                 f"here shows {sizes[0]} to {sizes[-1]}", "players")
            return Player(value, [(tuple(sorted(h.cards)), 1.0) for h in hands], False,
                          written=value.strip(), shows=shows)
    if isinstance(value, RG.Range) or (isinstance(value, str) and "," in value):
        raise PokerError(f"{what}: a player here is one hand of the cards dealt so far, not a range",
                         "players")
    if isinstance(value, str):
        if value.strip().lower() in RG.RANDOM_WORDS:
            raise PokerError(f"{what}: a player here is the cards dealt so far, not {shown(value.strip())}",
                             "players")
        try:
            if dealing.notation:  # its known cards, written back, and its unknown (x) cards
                cards, written, unknown = load(dealing.notation)(value, what)
            else:
                cards, written, unknown = C.parse(value, what=what), "", 0
        except PokerError as e:  # the notation's message, naming this parameter
            raise PokerError(str(e), "players") from None
    else:
        cards, written, unknown = [int(c) for c in C.as_cards(value, what)], "", 0
    sizes = dealing.hand_counts()
    if len(cards) + unknown not in sizes:
        raise PokerError(f"{what} {shown(value if isinstance(value, str) else C.format_cards(cards))} has "
                         f"{card_count(len(cards) + unknown)}; a hand here shows {sizes[0]} to {sizes[-1]}", "players")
    return Player(value if isinstance(value, str) else C.format_cards(cards),
                  [(tuple(sorted(int(c) for c in cards)), 1.0)], True, tuple(int(c) for c in cards),
                  written or C.format_cards(cards), shows=len(cards) + unknown)


def _parse_other(value, index: int, hole: int) -> Player:
    if isinstance(value, RG.Range):
        raise PokerError(f"player {index}: a Range holds two-card hands; this game's hands have "
                         f"{hole} cards", "players")
    if not isinstance(value, str):
        cards = C.as_cards(value, f"hand {index}", count=hole)
        return Player(C.format_cards(cards), [(tuple(sorted(cards)), 1.0)], True, tuple(cards))
    if value.strip().lower() in RG.RANDOM_WORDS:
        return Player(value, [], False)
    try:
        cards = C.parse(value, what=f"hand {index}")
    except PokerError:
        cards = None
    if cards is not None and len(cards) == hole:
        return Player(value, [(tuple(sorted(int(c) for c in cards)), 1.0)], True, tuple(cards))
    if cards is not None and "," not in value and ":" not in value:
        raise PokerError(f"hand {index} {shown(value.strip())} has {card_count(len(cards))}, "
                         f"expected {hole}", "players")
    try:
        return Player(value, RG.parse_hand_list(value, hole), False)
    except PokerError as e:
        raise PokerError(f"player {index}: {e}", "players") from None


@dataclass
class Spot:
    """Players whose combos are all possible, on a board of 0, 3, 4 or 5 cards."""

    players: list[Player]
    board: list[int]
    dead: list[int]
    game: Game
    with_types: bool = False
    random_players: list[bool] = field(default_factory=list)
    #: Whether every player's last card is one community card: the deck cannot give
    #: each player one (seven-card stud's rule, ``Dealing.community_last``).
    community: bool = False

    @property
    def to_come(self) -> int:
        return self.game.board_cards - len(self.board)

    @property
    def removed(self) -> list[int]:
        """The dead cards and the cards the game's deck leaves out: no board is dealt from them."""
        return self.dead + list(self.game.left_out)


#: The refusal of a board written as a double board's two (``Kd 7c 2h / As 9s 3d``) where one board is asked.
DOUBLE_BOARD_TEXT = "board: '/' separates a double board's two boards (double_board=True)"


def make_spot(players: Sequence, board=(), dead=(), game: str = "holdem",
              with_types: bool = False) -> Spot:
    """Check a spot and remove the combos that touch the board, dead cards or fixed hands."""
    g = _game(game)
    if isinstance(players, (str, RG.Range)) or not isinstance(players, Sequence):
        raise PokerError("players must be a list of hands or ranges, one per player", "players")
    parsed = [p if isinstance(p, Player) else parse_player(p, i + 1, g.hole_cards, g.dealing)
              for i, p in enumerate(players)]
    if len(parsed) < 2:
        raise PokerError("equity needs at least 2 players", "players")
    if isinstance(board, str) and "/" in board:
        raise PokerError(DOUBLE_BOARD_TEXT, "board")
    # a seven-card stud board is the community card, when one serves every player (Dealing.community_last);
    # "x" announces one to come (an unseen card, as in stud's hands)
    to_come = g.dealing.community_last and isinstance(board, str) and board.strip().lower() == "x"
    board_cards = [] if to_come else [int(c) for c in C.as_cards(board, "board", count=g.given_board_sizes)]
    dead_cards = [int(c) for c in C.as_cards(dead, "dead")]
    groups = [("board", board_cards), ("dead", dead_cards)]
    groups += [(f"hand {i + 1}", p.combos[0][0]) for i, p in enumerate(parsed) if p.fixed]
    C.check_disjoint(groups)
    for what, cards in groups:
        g.check_deck(cards, what, "players" if what.startswith("hand") else what)
    available = len(g.deck) - len(board_cards) - len(dead_cards)
    need = g.hole_cards * len(parsed) + g.board_cards - len(board_cards)
    if g.dealing.community_last:  # the last card one community card: the board's, or the deck short of one each
        community = to_come or bool(board_cards) or (need > available and need - len(parsed) + 1 <= available)
        if community and any((p.shows or len(p.cards)) >= g.hole_cards for p in parsed):
            raise PokerError(f"a community card is every player's last card: a hand here shows at most "
                             f"{g.hole_cards - 1} cards", "players")
        if community:
            need = (g.hole_cards - 1) * len(parsed) + (0 if board_cards else 1)
    else:
        community = False
    if need > available:
        board = " and the board" if g.has_board else ""
        note = "" if community else g.players_note(len(parsed))
        raise PokerError(f"{len(parsed)} players{board} need {need} cards, "
                         f"but only {available} are left in the deck{note}", "players")
    blocked = C.card_mask(board_cards + dead_cards + list(g.left_out))
    for p in parsed:
        if p.fixed:
            blocked |= C.card_mask(p.combos[0][0])
    out = []
    for i, p in enumerate(parsed):
        if p.fixed or (g.hole_cards != 2 and not p.combos):  # a fixed hand, or an Omaha `random`
            out.append(p)
            continue
        if p.facts is not None and g.hole_cards == 2:
            combos = p.facts.without(C.mask_cards(blocked))
        else:
            combos = [(c, w) for c, w in p.combos if not (C.card_mask(c) & blocked)]
        if not combos:
            raise PokerError(f"the range of player {i + 1} ({shown(p.text)}) is empty once the "
                             "board, dead cards and other hands are removed"
                             + (f" (and the cards {g.name} leaves out)" if g.left_out else ""), "players")
        out.append(dataclasses.replace(p, combos=combos))
    spot = Spot(out, board_cards, dead_cards, g, with_types, community=community)
    left = available - g.hole_cards * sum(p.fixed for p in out)
    if g.hole_cards != 2:
        spot.random_players = [not p.fixed and not p.combos for p in out]
        return spot
    spot.random_players = [not p.fixed and len(p.combos) == math.comb(left, 2)
                           and (p.facts.uniform if p.facts is not None else len({w for _, w in p.combos}) == 1)
                           for p in out]
    return spot
