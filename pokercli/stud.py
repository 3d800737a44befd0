"""The stud games' notation, and the standing and batches of the games whose
hands are completed from the deck (stud, razz, the draw games).

**Notation.** A stud hand is its cards in the order dealt: two down, four up,
the seventh down. Parentheses mark the down cards and are optional::

    (As Kd) 7h          third street
    (As Kd) 7h 7c 9s    fifth street
    (As Kd) 7h 7c 9s Ts (2d)

Without parentheses the same order is assumed (``As Kd 7h`` is the hand
above). With them they must sit where the down cards are: the first group
holds the first two cards, a second group only the seventh; anything else
(``(As Kd 7h) 7c``, ``As (Kd) 7h``) is refused with one line, as is an
unbalanced parenthesis. A down card you have not seen is ``x`` (``(x x) 7h
8c 9d``): equity deals it from the unseen cards, as it deals the cards to
come; ``rank`` and ``percentile`` need every card.

**Standing** (``percentile``): the cards dealt so far (five to seven)
against every opponent hand of as many cards (the unseen cards', or a
listed comma list), by the best five of each now.

**Batches** (``rank -``): one hand of five to seven cards a line.
"""

from __future__ import annotations

import math
import re
from itertools import product
from typing import BinaryIO, NamedTuple, Optional, Sequence

from pokercli import cards as C
from pokercli.errors import PokerError, shown, card_count
from pokercli.games import Game

#: The positions of a stud hand's down cards: the first two and the seventh.
DOWN = (0, 1, 6)


class StudHand(NamedTuple):
    """A stud hand as written: its known cards in the order dealt, the hand
    written back (down cards in parentheses, ``x`` for each unknown one), and
    how many down cards are unknown."""

    cards: list[int]
    written: str
    unknown: int = 0


#: Characters that stand for an unknown down card.
UNKNOWN = "xX?"


def parse_hand(text: str, what: str = "hand") -> StudHand:
    """One stud hand (see the module): its known cards, the hand written back,
    and its unknown down cards (``x`` inside the parentheses: an opponent's
    down cards you have not seen)."""
    if not isinstance(text, str):
        raise PokerError(f"{what} must be text, not {type(text).__name__}", "hand")
    groups = _groups(text, what)
    slots: list[tuple[bool, Optional[int]]] = []  # (down, card id or None: unknown), in the order dealt
    for down, part in groups:
        for token in part.replace(",", " ").split():
            if all(ch in UNKNOWN for ch in token):
                if not down:
                    raise PokerError(f"{what} {shown(text.strip())}: only a down card, in parentheses, "
                                     "can be unknown (x): up cards are seen", "hand")
                slots += [(True, None)] * len(token)
            else:
                slots += [(down, int(c)) for c in C.parse(token, what=what)]
    cards = [c for _, c in slots if c is not None]
    if len(set(cards)) < len(cards):
        C.parse(" ".join(C.card_name(c) for c in cards), what=what)  # names the card given twice
    _check_down(groups, [d for d, _ in slots], text, what)
    return StudHand(cards, write([c for _, c in slots]), sum(c is None for _, c in slots))


def _check_down(groups, downs: list[bool], text: str, what: str) -> None:
    """Refuse parentheses anywhere but around the down cards (the first two, the seventh)."""
    if any(down for down, _ in groups) and downs != [i in DOWN for i in range(len(downs))]:
        raise PokerError(f"{what} {shown(text.strip())}: the down cards are the first two and the "
                         "seventh, in parentheses: (As Kd) 7h 7c 9s Ts (2d)", "hand")


def _groups(text: str, what: str) -> list[tuple[bool, str]]:
    """The text cut at its parentheses: (down, text) in order."""
    groups: list[tuple[bool, str]] = []  # (down, text)
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            if depth:
                raise PokerError(f"{what} {shown(text.strip())}: parentheses inside parentheses", "hand")
            groups.append((False, text[start:i]))
            depth, start = 1, i + 1
        elif ch == ")":
            if not depth:
                raise PokerError(f"{what} {shown(text.strip())}: ')' without '('", "hand")
            groups.append((True, text[start:i]))
            depth, start = 0, i + 1
    if depth:
        raise PokerError(f"{what} {shown(text.strip())}: '(' without ')'", "hand")
    groups.append((False, text[start:]))
    return groups


# --- ranges: hands with bare ranks, comma lists ------------------------------------

#: The most hands a range of stud or draw hands may stand for.
MOST_RANGE_HANDS = 100_000
_RANK_OF = {ch: i for i, ch in enumerate(C.RANK_CHARS)} | {ch.lower(): i for i, ch in enumerate(C.RANK_CHARS)}


def _too_many(what: str, text: str) -> PokerError:
    """The refusal of a range of more than :data:`MOST_RANGE_HANDS` hands."""
    return PokerError(f"{what} {shown(text.strip())} stands for more than {MOST_RANGE_HANDS:,} hands: "
                      "narrow it", "hand")


def is_range(text) -> bool:
    """Whether a player's text is a range of hands (see :func:`expand_range`):
    a comma list, or a hand with a card written as a bare rank."""
    if not isinstance(text, str):
        return False
    if "," in text:
        return True
    try:
        return any(kind == "rank" for _, part in _groups(text, "hand") for token in part.split()
                   for kind, _ in _tokens(token, "hand", text))
    except PokerError:
        return False


def read_range(text: str, what: str = "hand") -> Optional[list[StudHand]]:
    """The hands a stud player's range stands for (:func:`expand_range`), or
    None when the text is one hand (no comma, no bare rank)."""
    return expand_range(text, what) if is_range(text) else None


def read_plain_range(text: str, what: str = "hand") -> Optional[list[StudHand]]:
    """:func:`read_range` of a draw game's kept cards (plain cards, no parentheses)."""
    return expand_range(text, what, notation=False) if is_range(text) else None


#: ``87-``: every made hand this low or lower (the highest ranks, in the game's order).
_PAT = re.compile(r"^\s*(10|[2-9TJQKA]){1,5}-\s*$", re.IGNORECASE)
_PAT_RANKS = re.compile(r"10|[2-9TJQKA]", re.IGNORECASE)


def _read_lowball(text: str, what: str, made: "Made") -> Optional[list[StudHand]]:
    """A draw game's range: parts ``87-`` (:func:`pat_hands`) and parts of
    cards and bare ranks (:func:`expand_range`), in one list."""
    if not isinstance(text, str) or not (is_range(text) or any(_PAT.match(p) for p in text.split(","))):
        return None
    out: list[StudHand] = []
    seen: set[frozenset] = set()
    for part in text.split(","):
        hands = pat_hands(part, what, made) if _PAT.match(part) else expand_range(part, what, False)
        for h in hands:
            key = frozenset(h.cards)
            if key not in seen:
                seen.add(key)
                out.append(h)
    sizes = {len(h.cards) + h.unknown for h in out}
    if len(sizes) > 1:
        raise PokerError(f"{what} {shown(text.strip())}: every hand of a range shows as many cards "
                         f"(not {' and '.join(str(n) for n in sorted(sizes))})", "hand")
    if len(out) > MOST_RANGE_HANDS:
        raise _too_many(what, text)
    return out


def read_27_range(text: str, what: str = "hand") -> Optional[list[StudHand]]:
    """:func:`_read_lowball` in deuce-to-seven (``87-``: made 8-7 lows, no straight or flush)."""
    return _read_lowball(text, what, Made(5, ace_high=True, straights=True, flushes=True))


def read_a5_range(text: str, what: str = "hand") -> Optional[list[StudHand]]:
    """:func:`_read_lowball` in ace-to-five (``87-``: five different ranks, ace low)."""
    return _read_lowball(text, what, Made(5))


def read_badugi_range(text: str, what: str = "hand") -> Optional[list[StudHand]]:
    """:func:`_read_lowball` in badugi (``87-``: four-card badugis, ace low)."""
    return _read_lowball(text, what, Made(4, suits_differ=True))


class Made(NamedTuple):
    """What a draw game counts as a made hand: ``size`` different ranks, and
    (deuce-to-seven) no straight or flush with the ace only high, or (badugi)
    every card of its own suit; the ace low unless ``ace_high``."""

    size: int
    ace_high: bool = False
    straights: bool = False
    flushes: bool = False
    suits_differ: bool = False


def pat_hands(text: str, what: str, made: Made) -> list[StudHand]:
    """Every made hand (:class:`Made`) whose ranks, highest first in the
    game's order, are at most those written (``87-``: 8-7-6-5-3 and every
    lower hand; ``9-``: every nine-high or lower)."""
    from itertools import combinations

    size, ace_high = made.size, made.ace_high
    order = list(range(13)) if ace_high else [12] + list(range(12))  # card ranks, lowest first
    place = {r: i for i, r in enumerate(order)}
    limit = [place[_RANK_OF[t] if t != "10" else 8] for t in _PAT_RANKS.findall(text.strip()[:-1])]
    if limit != sorted(limit, reverse=True) or len(set(limit)) < len(limit) or len(limit) > size:
        raise PokerError(f"{what} {shown(text.strip())}: a made hand's ranks from the highest down, "
                         "each lower than the one before (87-, 9-)", "hand")
    rank_sets = []
    for places_ in combinations(range(13), size):
        top = sorted(places_, reverse=True)
        if top[:len(limit)] > limit:
            continue
        if made.straights and (top[0] - top[-1] == size - 1):
            continue  # a straight (the ace only high: A-5-4-3-2 is not one)
        rank_sets.append([order[i] for i in places_])
    suit_sets = [suits for suits in product(range(4), repeat=size)
                 if not ((made.flushes and len(set(suits)) == 1) or (made.suits_differ and len(set(suits)) < size))]
    if len(rank_sets) * len(suit_sets) > MOST_RANGE_HANDS:  # counted before any is listed
        raise _too_many(what, text)
    out = []
    for ranks in rank_sets:
        for suits in suit_sets:
            cards = [13 * g + r for g, r in zip(suits, ranks)]
            out.append(StudHand(cards, C.format_cards(cards), 0))
    if not out:
        raise PokerError(f"{what} {shown(text.strip())} stands for no made hand", "hand")
    return out


def _tokens(token: str, what: str, text: str) -> list[tuple[str, Optional[int]]]:
    """One token's cards, bare ranks and unknown cards in order: ("card", id),
    ("rank", 0..12) or ("unknown", None)."""
    out: list[tuple[str, Optional[int]]] = []
    pos = 0
    while pos < len(token):
        for width in (3, 2):
            cid = C.SPELLINGS.get(token[pos:pos + width])
            if cid is not None:
                out.append(("card", cid))
                pos += width
                break
        else:
            if token[pos:pos + 2] == "10":
                out.append(("rank", 8))
                pos += 2
            elif token[pos] in _RANK_OF:
                out.append(("rank", _RANK_OF[token[pos]]))
                pos += 1
            elif token[pos] in UNKNOWN:
                out.append(("unknown", None))
                pos += 1
            else:
                raise PokerError(f"{what} {shown(text.strip())}: {shown(token)} is not cards or ranks "
                                 "(a rank alone, A or 7, stands for any suit)", "hand")
    return out


def expand_range(text: str, what: str = "hand", notation: bool = True) -> list[StudHand]:
    """Every hand a range stands for: a comma list of hands in which a card
    may be a bare rank, any suit (``(A2) 3h`` is every ace and deuce down
    under the 3h; ``(A23)`` every three cards of those ranks; in a draw game
    ``7 5 4 3`` every four such cards). Hands holding a card twice are left
    out, and a set of cards met again is listed once. ``notation``: stud's
    (parentheses around the down cards); else plain cards. Every hand of a
    range shows as many cards."""
    out: list[StudHand] = []
    seen: set[frozenset] = set()
    for part_text in text.split(","):
        if not part_text.strip():
            raise PokerError(f"{what} {shown(text.strip())}: an empty hand between commas", "hand")
        groups = _groups(part_text, what) if notation else [(False, part_text)]
        if not notation and any(ch in part_text for ch in "()"):
            raise PokerError(f"{what} {shown(part_text.strip())}: parentheses mark stud's down cards; "
                             "a hand here is plain cards", "hand")
        slots: list[tuple[bool, str, Optional[int]]] = []
        for down, part in groups:
            for token in part.split():
                for kind, value in _tokens(token, what, part_text):
                    if kind == "unknown" and not down:
                        raise PokerError(f"{what} {shown(part_text.strip())}: only a down card, in "
                                         "parentheses, can be unknown (x): up cards are seen", "hand")
                    slots.append((down, kind, value))
        if len(slots) > 7:  # (before the product of their suits: 4**13 picks for 13 bare ranks)
            raise PokerError(f"{what} {shown(part_text.strip())} has {card_count(len(slots))}; no hand here "
                             "has more than 7", "hand")
        if notation and len(slots) == 3 and all(d for d, _, _ in slots):
            # (A23): a razz or stud starting hand, whichever card is up (equity does not ask)
            slots = [(i < 2, k, v) for i, (_, k, v) in enumerate(slots)]
        if notation:
            _check_down(groups, [d for d, _, _ in slots], part_text, what)
        if out and len(slots) != len(out[0].cards) + out[0].unknown:
            raise PokerError(f"{what} {shown(text.strip())}: every hand of a range shows as many cards "
                             f"({len(out[0].cards) + out[0].unknown}, not {len(slots)})", "hand")
        choices = [[v] if k != "rank" else [13 * g + v for g in range(4)] for _, k, v in slots]
        for picked in product(*choices):
            known = [c for c in picked if c is not None]
            key = frozenset(known)
            if len(key) < len(known) or key in seen:
                continue
            seen.add(key)
            out.append(StudHand(known, write(list(picked)) if notation else C.format_cards(known),
                                sum(c is None for c in picked)))
            if len(out) > MOST_RANGE_HANDS:
                raise _too_many(what, text)
    if not out:
        raise PokerError(f"{what} {shown(text.strip())} stands for no hand (a card twice in each)", "hand")
    return out


def write(cards: Sequence[Optional[int]]) -> str:
    """A stud hand with its down cards (the first two, the seventh) in
    parentheses, as ``deal`` writes one (:func:`pokercli.dealing.written`);
    None is an unknown card, written ``x``."""
    from pokercli.dealing import written

    def name(c: Optional[int]) -> str:
        return "x" if c is None else C.card_name(c)

    return written(cards, DOWN, name) if len(cards) >= 2 else " ".join(name(c) for c in cards)


def showdown(hands, board, g: Game):
    """:func:`pokercli.hands.showdown` in a stud game: each hand's best five of its
    own cards; in hi-lo also its eight-or-better low, and the pot split
    (:func:`pokercli.omaha_hands.split_showdown`)."""
    from pokercli.hands import checked_hands, showdown_any_five

    if not g.pot.split:
        return showdown_any_five(hands, board, g)
    from pokercli.omaha_hands import split_showdown

    board_cards, parsed = checked_hands(hands, board, g)
    return split_showdown(parsed, board_cards, g)


def valued_hand(hand, g: Game) -> list[int]:
    """One hand to value (text in the game's notation, or cards): as many cards
    as the game values a hand from (5 to 7 in stud, 5 in 2-7, 4 in badugi),
    each in the game's deck."""
    cards = [int(c) for c in C.as_cards(g.read_hand(hand, "hand"), "hand")]
    if len(cards) not in g.dealing.valued_sizes():
        text = hand if isinstance(hand, str) else C.format_cards(cards)
        article = "an" if g.name[0] in "aeiou8" else "a"  # an a5-triple, an omaha hand
        raise PokerError(f"hand {shown(text.strip())} has {card_count(len(cards))}; {article} {g.name} hand is "
                         f"valued from {g.dealing.valued_sizes_text()} cards", "hand")
    g.check_deck(cards, "hand", "hand")
    return cards


def _hands(vs: str, size: int, blocked: int, g: Game) -> list[tuple[tuple[int, ...], float]]:
    """The opponent hands (``hand[:weight], range[:weight], ...``) of ``size``
    cards that touch none of the ``blocked`` cards. A part may be a range in the
    game's notation (:func:`expand_range`, ``87-`` in a draw game): each of its
    hands at the part's weight, a hand met again kept at its first weight."""
    from pokercli.games.rules import load

    out = []
    seen: set[frozenset] = set()
    for i, item in enumerate(vs.split(","), 1):
        body, _, weight = item.partition(":")
        try:
            w = float(weight) if weight.strip() else 1.0
        except ValueError:
            raise PokerError(f"vs: hand {i} has weight {shown(weight.strip())}, not a number", "vs") from None
        if not (w >= 0 and math.isfinite(w)):
            raise PokerError(f"vs: hand {i} has weight {shown(weight.strip())}; weights are 0 or more", "vs")
        what = f"vs hand {i}"
        try:
            hands = load(g.dealing.ranges)(body, what) if g.dealing.ranges else None
            if hands is None:
                hands = [StudHand([int(c) for c in C.as_cards(g.read_hand(body, what), what)], body.strip(), 0)]
        except PokerError as e:
            raise PokerError(f"{e} (the opponents are hands or ranges of {size} cards, as many as ours)",
                             "vs") from None
        shows = len(hands[0].cards) + hands[0].unknown
        if shows != size:
            raise PokerError(f"vs: hand {i} {shown(body.strip())} has {card_count(shows)}; hands of as "
                             f"many cards as ours ({size}) are compared", "vs")
        if hands[0].unknown:
            raise PokerError(f"vs: hand {i} {shown(body.strip())} has an unknown card (x); percentile "
                             "compares the cards shown, so write each card (a bare rank is any suit)", "vs")
        for h in hands:
            key = frozenset(h.cards)
            if w > 0 and key not in seen and not C.card_mask(h.cards) & blocked:
                seen.add(key)
                out.append((tuple(h.cards), w))
    if not out:
        raise PokerError(f"vs {shown(vs)} is empty once our hand and the dead cards are removed", "vs")
    return out


def percentile(hand, board: Sequence[int], dead: Sequence[int], vs, g: Game):
    """:func:`pokercli.hand_strength.percentile` in a stud game: where the cards
    dealt so far stand now against every opponent hand of as many cards."""
    import numpy as np

    from pokercli.hand_strength import PercentileResult
    from pokercli.ranges import RANDOM_WORDS

    cards = valued_hand(hand, g)
    dead = [int(c) for c in dead]
    C.check_disjoint([("hand", cards), ("dead", dead)])
    blocked = C.card_mask(cards + dead)
    random_vs = vs is None or (isinstance(vs, str) and vs.strip().lower() in RANDOM_WORDS)
    if not random_vs and not isinstance(vs, str):
        raise PokerError(f"vs must be a list of {g.name} hands (text), not {type(vs).__name__}", "vs")
    label = "random" if random_vs else vs
    result = PercentileResult(cards, [], dead, label, g.dealing.street_name(len(cards)), game=g.name)
    opps = None if random_vs else _hands(vs, len(cards), blocked, g)  # (read before any kernel runs)
    hero, hero_low = (int(x[0]) for x in _values(np.array([cards], np.uint8), g))
    names = g.rule.ranking.type_names()
    now = np.zeros(3)
    field = np.zeros((16, 3))
    if random_vs:
        pool = np.array([c for c in g.deck if not blocked >> c & 1], np.int64)
        result.opponents = math.comb(len(pool), len(cards))
        quarters = _standing_all(hero, hero_low, pool, len(cards), g, now, field)
    else:
        result.opponents = len(opps)
        rows = np.array([h for h, _ in opps], np.uint8)
        weights = np.array([w for _, w in opps])
        values, lows = _values(rows, g)
        q = _quarters(hero, hero_low, values, lows)
        for j, col in enumerate((q > 2, q == 2, q < 2)):
            now[j] = weights[col].sum()
            for t in names:
                field[t, j] = weights[((values >> 26) == t) & col].sum()
        quarters = float((weights * q).sum())
    result.opponent_weight = float(now.sum())
    result.beats, result.ties, result.loses = (float(x / now.sum()) for x in now)
    result.hs = quarters / 4 / float(now.sum())
    for t in sorted(names, reverse=True):
        if field[t].any():
            result.field[names[t]] = [float(x) for x in field[t]]
    result.note = ("the standing of the cards dealt so far, by their value now" if len(cards) < g.hole_cards
                   else f"{result.street}: no cards are to come")
    return result


def _values(rows, g: Game):
    """(each row's score, its eight-or-better low as the kernels compare it:
    larger is better, 0 for none; zeros outside hi-lo), int64, by the game's
    batch evaluator."""
    import numpy as np

    from pokercli.equity_calc.stud import kernel_tables

    high, low_sets = _evaluate(rows, g)
    if low_sets is None:
        return high.astype(np.int64), np.zeros(len(high), np.int64)
    nopair = kernel_tables(g)[6]
    sets = low_sets.astype(np.int64)
    return high.astype(np.int64), np.where(sets > 0, nopair[sets], 0)


def _evaluate(rows, g: Game):
    """(each row's score, int64; its eight-or-better low as an 8-bit rank set in
    hi-lo, else None): one call of the game's batch evaluator."""
    import numpy as np

    from pokercli import evaluate as E

    high, low_sets = g.engine.evaluate(rows, g, E.score_of_class(g.rule.key).astype(np.uint32), lows=True)
    return high.astype(np.int64), low_sets


def _quarters(hero: int, hero_low: int, values, lows):
    """Our share of a heads-up pot against each hand, in quarters (as the
    kernel's :func:`pokercli._kernels.stud.stud_standing`)."""
    import numpy as np

    q = np.where(hero > values, 4, np.where(hero == values, 2, 0))
    split = (hero_low > 0) | (lows > 0)
    low_half = np.where(hero_low > lows, 2, np.where(hero_low == lows, 1, 0))
    return np.where(split, q // 2 + low_half, q)


def _standing_all(hero: int, hero_low: int, pool, size: int, g: Game, now, field) -> float:
    """Add into ``now`` and ``field`` the hands of ``size`` cards of ``pool``
    against which we take more, as much or less than half a heads-up pot, in
    chunks (Ctrl-C is answered); our share summed, in quarters of a pot."""
    import numpy as np

    from pokercli._kernels import stud as K
    from pokercli._kernels.jit import call
    from pokercli.equity_calc.stud import kernel_tables

    total = math.comb(len(pool), size)
    chunk = 2_000_000
    quarters = 0
    for start in range(0, total, chunk):
        part_now = np.zeros(3, np.int64)
        part_field = np.zeros((16, 3), np.int64)
        shares = np.zeros(1, np.int64)
        call(K.stud_standing, hero, hero_low, pool, size, start, min(chunk, total - start),
             *kernel_tables(g), part_now, part_field, shares)
        now += part_now
        field += part_field
        quarters += int(shares[0])
    return float(quarters)


def rank_stream(stream: BinaryIO, out: BinaryIO, as_json: bool = False, game: str = "razz",
                err=None):
    """Rank every stud hand of ``stream`` (one per line, 5 to 7 cards, the
    notation of :func:`parse_hand`; in stud ``hand | card``: a hand of up to six
    and the community card) into ``out``: ``hand<TAB>class<TAB>type<TAB>score``
    (hi-lo adds ``<TAB>low``: ``8-6-4-2-A low`` or ``no low``), or JSON Lines
    with those keys (``low``: the description or null). A bad line is named on ``err`` with its
    number and skipped; blank lines and ``#`` comments are skipped silently."""
    import numpy as np

    from pokercli.batch import in_blocks, low_text, write_answers
    from pokercli.games import game as game_of

    g = game_of(game)

    def parse(body: str) -> list[int]:
        hand, bar, community = body.partition("|")
        if not bar or not g.dealing.community_last:
            return valued_hand(body, g)
        # stud's community card after '|' (as `rank --board`): every hand's last card
        cards = [int(c) for c in C.as_cards(g.read_hand(hand, "hand"), "hand")]
        if len(cards) >= g.hole_cards:
            raise PokerError(f"hand {shown(hand.strip())} has {card_count(len(cards))}; with a community card "
                             f"a hand shows at most {g.hole_cards - 1}", "hand")
        cards += [int(c) for c in C.as_cards(community, "community card", count=1)]
        C.check_disjoint([("hand", cards[:-1]), ("community card", cards[-1:])])
        return valued_hand(cards, g)

    def write(block: list, report) -> None:
        if not block:
            return
        rows = np.full((len(block), g.dealing.most_cards), 255, np.uint8)
        for i, cards in enumerate(block):
            rows[i, :len(cards)] = cards
        ranking = g.rule.ranking
        values, low_sets = _evaluate(rows, g)
        answers = []
        for i, (cards, score) in enumerate(zip(block, values.tolist())):
            fields = {"hand": C.format_cards(cards), "class": ranking.hand_class(score),
                      "type": ranking.type_name(score), "score": score}
            if low_sets is not None:
                fields["low"] = low_text(int(low_sets[i]))
            answers.append(fields)
        write_answers(answers, as_json, out, report, block)

    return in_blocks(stream, parse, write, err)
