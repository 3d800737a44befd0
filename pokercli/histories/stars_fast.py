"""``pokercli hh``'s JSON of a plain PokerStars board-game hand in one pass.

The reference reader (:mod:`pokercli.histories.stars`; both read the lines
with the patterns of :mod:`pokercli.histories.stars_lines`) turns a hand into PHH
fields and replays them (:func:`pokercli.histories.hand.replay`) in exact
fractions: one code path for every format, but about 250 µs a hand. Most
hands of a big file are plain: hold'em or Omaha high, no run-it-twice, no
all-in with cards to come, nothing that does not add up. This module reads
such a hand's lines once, keeps every amount in whole cents, and writes the
same document :meth:`Hand.to_dict` would, key for key and number for number
(``tests/histories/test_stars_fast.py`` compares the two on every test hand).

An all-in with cards to come is judged here too, each pot's equity from
:func:`pokercli.equity` as the reference reader asks it (two hands before the
flop read from the shipped table, in the same floats). Whatever this path is
not sure of it does not answer: :func:`hand_doc` returns None and the
reference reader reads the hand (and names what is wrong with it): a hand
that needs a problem reported, a hand run twice, a dead blind, any line or
amount it does not know. Antes, a big blind ante included, are dead money in
the main pot here as there.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Optional

from pokercli import cards as C
from pokercli.histories import stars_lines as S

#: The variants read here: hold'em and four-card Omaha, valued high only.
_FAST = {"NT": ("holdem", "no-limit"), "PT": ("holdem", "pot-limit"), "FT": ("holdem", "fixed-limit"),
         "PO": ("omaha", "pot-limit"), "NO": ("omaha", "no-limit"), "FO": ("omaha", "fixed-limit")}
_NAMES = [C.card_name(c) for c in range(52)]
_CENTS: dict[str, int] = {}
_BRACKET = re.compile(r"\[([^\]]*)\]")


class _Unsure(Exception):
    """Something this path leaves to the reference reader."""


def _cents(text: str) -> int:
    """An amount as written (``1,000.50``) in cents; more decimals: unsure."""
    x = _CENTS.get(text)
    if x is None:
        plain = text.replace(",", "")
        whole, dot, part = plain.partition(".")
        if len(part) > 2 or not whole.isdigit() or (part and not part.isdigit()):
            raise _Unsure
        x = int(whole) * 100 + (int(part.ljust(2, "0")) if part else 0)
        if len(_CENTS) < 4096:
            _CENTS[text] = x
    return x


def _out(x) -> Any:
    """An amount in cents (an int, or a Fraction after a split) as the JSON has it:
    an integer when whole chips, else a float."""
    if type(x) is int:
        return x // 100 if x % 100 == 0 else x / 100
    v = x / 100
    return int(v) if v.denominator == 1 else float(v)


def _chips(x: Fraction) -> Any:
    return int(x) if x.denominator == 1 else float(x)


def _cards(text: str) -> list[int]:
    out = []
    for word in text.split():
        card = C.SPELLINGS.get(word)
        if card is None or len(word) != 2:
            raise _Unsure
        out.append(card)
    return out


def hand_doc(lines: list[str], source: str, hand_id: str, rest: Optional[str] = None,
             record: bool = False):
    """The JSON document of one hand's lines, or None where the reference reader
    must read it (``rest``: the header after the hand's id, if matched).
    ``record``: the hand's summary record instead
    (:func:`pokercli.histories.summary.record`: names, exact nets, exact
    EV-adjusted nets or None, the players of a judged all-in)."""
    try:
        return _read(lines, source, hand_id, rest, record)
    except (_Unsure, ValueError, KeyError, IndexError, AttributeError):
        return None


_GAME_OF: dict[str, Optional[tuple]] = {}
#: A header's date and time at its end, after its last " - ": no lower-case letter,
#: comma or parenthesis, so no game's name or stakes (the part before it is what
#: :func:`_game_of` keeps).
_DATE_TAIL = re.compile(r"[0-9/: A-Z\[\]-]*")


def _game_of(rest: str) -> Optional[tuple]:
    """(variant, holes, game, betting, the stakes' small and big amounts as the
    JSON has them) of a header's game and stakes (kept by the header's text
    less its date: a file's hands share them); None for a game this path does
    not read."""
    at = rest.rfind(" - ")
    key = rest[:at] if at >= 0 and _DATE_TAIL.fullmatch(rest, at + 3) else rest
    if key in _GAME_OF:
        return _GAME_OF[key]
    for pattern, variant, holes in S.GAMES:
        if pattern in rest:
            break
    else:
        variant = None
    got = None
    if variant in _FAST:
        small, big = S.stakes(rest)
        got = (variant, holes, *_FAST[variant], None if small is None else _chips(small),
               None if big is None else _chips(big))
    if len(_GAME_OF) < 256:
        _GAME_OF[key] = got
    return got


#: Each line read before, as :func:`_line` reads it (a file's lines repeat: "X: folds").
_LINES: dict[str, tuple] = {}
#: Each seat line read before: (seat, name, stack in cents, sitting out).
_SEATS: dict[str, tuple] = {}


def _line(line: str) -> tuple:
    """What a line before the summary (not a ``***`` line) says, as the
    reference reader takes it, in the order it tries: ``("d", name, cards)``
    dealt, ``("$", name, cents)`` collected, ``("-",)`` nothing, or a player's
    ``(kind, name, amount or cards)``: ``f`` folds, ``c`` checks or calls,
    ``r`` bets or raises to cents, ``a`` ante, ``b`` blind or straddle, ``s``
    shows cards, ``m`` mucks, ``o`` nothing this path counts, ``x`` something
    it leaves to the reference; ``("X",)``: an amount it does not read."""
    try:
        if line.startswith("Dealt to "):
            m = S.DEALT.match(line)
            if m:
                return ("d", m.group(1), m.group(2))
        if " collected " in line:
            m = S.COLLECTED.match(line)
            if m:
                return ("$", m.group(1), _cents(m.group(2)))
        if line.startswith("Uncalled bet (") and S.UNCALLED.match(line):
            return ("-",)
        name, sep, what = line.partition(": ")
        if not sep:
            return ("-",)
        what = what.replace(" and is all-in", "").strip()
        first = what[:1]
        if first == "f" and (what == "folds" or what.startswith("folds ")):
            return ("f", name, 0)
        if first == "c" and what.startswith(("checks", "calls")):
            return ("c", name, 0)
        if (first == "b" and what.startswith("bets")) or (first == "r" and what.startswith("raises")):
            m = S.BET_TO.search(what)
            return ("r", name, _cents(m.group(1))) if m else ("x", name)
        if first == "p" and what.startswith("posts "):
            m = S.TAIL_AMOUNT.search(what)
            if what.startswith("posts the ante"):
                return ("a", name, _cents(m.group(1)))
            if what.startswith(("posts small blind", "posts big blind", "posts straddle")):
                return ("b", name, _cents(m.group(1)))
            return ("x", name)  # small & big blinds at once (a dead small blind): the reference's
        if first == "s" and what.startswith("shows"):
            m = _BRACKET.search(what)
            return ("s", name, m.group(1)) if m else ("o", name)
        if what.startswith(("mucks", "doesn't show")):
            return ("m", name)
        if what.startswith(("brings in", "completes", "discards", "stands pat")):
            return ("x", name)
        return ("o", name)
    except (_Unsure, AttributeError):
        return ("X",)  # an amount this path does not read


def _read(lines: list[str], source: str, hand_id: str, rest: Optional[str], record: bool = False):
    if rest is None:
        rest = S.HEADER.match(lines[0]).group(2)
    got = _game_of(rest)
    if got is None:
        return None
    variant, holes, game, betting, small, big = got
    button = S.BUTTON.search(lines[1]) if len(lines) > 1 else None
    seats = []
    body = 2
    for k in range(2, len(lines)):
        seat = _SEATS.get(lines[k])
        if seat is None:
            m = S.SEAT.match(lines[k])
            if not m:
                break
            seat = (int(m.group(1)), m.group(2), _cents(m.group(3)), "sitting out" in m.group(4))
            if len(_SEATS) >= 65536:
                _SEATS.clear()
            _SEATS[lines[k]] = seat
        seats.append(seat)
        body = k + 1
    names = {s[1] for s in seats}
    if any(s[3] for s in seats):  # a player sitting out is in the hand only when they act
        acted = {line.split(": ", 1)[0] for line in lines[body:] if ": " in line}
        seats = [s for s in seats if not s[3] or s[1] in acted]
    if not 2 <= len(seats) <= 23:
        return None
    start = int(button.group(1)) if button else seats[-1][0]
    seats = [s for s in seats if s[0] > start] + [s for s in seats if s[0] <= start]
    n = len(seats)
    order = [s[1] for s in seats]
    index = {name: i for i, name in enumerate(order)}
    if len(index) != n:
        return None
    stacks = [s[2] for s in seats]
    if min(stacks) <= 0:
        return None
    antes = [0] * n
    blinds = [0] * n
    paid = [0] * n
    rake = 0
    known: dict[int, str] = {}
    board_text: list[str] = []
    folded = [False] * n
    mucked = [False] * n
    # the money: the forced bets are paid before any action (the replay's order)
    moves: list[tuple] = []  # ("b", board cards so far) / (player, kind, amount to)
    stage = 0  # 0 before the summary, 1 in it
    for line in lines[body:]:
        if line.startswith("*** "):
            if line.startswith("*** SUMMARY"):
                stage = 1
                continue
            m = S.STREET.match(line)
            if m:
                if m.group(1) is not None:
                    return None  # run it twice
                found = _BRACKET.findall(m.group(3))
                if found:
                    board_text.append(found[-1])
                    moves.append(("b",))
            continue
        if stage:
            if line.startswith("Total pot"):
                m = S.TOTAL.match(line)
                if m:
                    rake = _cents(m.group(2))
                continue
            if line.startswith("Seat ") and ("showed [" in line or "mucked [" in line):
                m = S.SHOWED.match(line)
                if m and m.group(1) in index:
                    known.setdefault(index[m.group(1)], m.group(2))
            continue
        got = _LINES.get(line)
        if got is None:
            got = _line(line)
            if len(_LINES) >= 65536:
                _LINES.clear()
            _LINES[line] = got
        kind = got[0]
        if kind == "-":
            continue
        if kind == "d":  # Dealt to
            known[index[got[1]]] = got[2]
            continue
        if kind == "$":  # collected
            paid[index[got[1]]] += got[2]
            continue
        if kind == "X":
            return None
        name = got[1]
        if name not in names:
            continue
        p = index[name]
        if kind == "f":
            moves.append((p, "f", 0))
            folded[p] = True
        elif kind == "c":
            moves.append((p, "c", 0))
        elif kind == "r":
            moves.append((p, "r", got[2]))
        elif kind == "a":
            antes[p] += got[2]
        elif kind == "b":
            blinds[p] += got[2]
        elif kind == "s":
            known[p] = got[2]
            moves.append((p, "s", 0))
        elif kind == "m":
            if n - sum(folded) > 1:
                moves.append((p, "m", 0))
        elif kind == "x":
            return None
    # the cards: each player's as the hand came to know them
    cards: list[Optional[list[int]]] = [None] * n
    seen: set[int] = set()
    for i, text in known.items():
        got = _cards(text)
        if len(got) != holes:
            return None
        cards[i] = got
        seen.update(got)
    board: list[int] = []
    for text in board_text:
        board += _cards(text)
    if len(seen) + len(board) != len(seen | set(board)) or len(seen) != holes * len(known):
        return None
    # the replay, in cents
    left = list(stacks)
    put = [0] * n
    street = [0] * n
    dead = [0] * n  # the antes: dead money in the main pot (as the reference reader's side_pots)
    for i in range(n):
        a = min(antes[i], left[i])
        left[i] -= a
        put[i] += a
        dead[i] = a
    for i in range(n):
        b = min(blinds[i], left[i])
        left[i] -= b
        put[i] += b
        street[i] = b
    top = max(street)
    seen_bet = False
    out = [False] * n
    last_board = -1  # the board's length at the last betting action
    dealt = 0
    for move in moves:
        if move[0] == "b":
            if seen_bet:
                street = [0] * n
                top = 0
                seen_bet = False
            dealt += 1
            continue
        p, kind, to = move
        if kind in "fcr":
            if out[p]:
                return None
            seen_bet = True
            if kind == "f":
                out[p] = True
            elif kind == "c":
                amount = min(top - street[p], left[p])
                left[p] -= amount
                put[p] += amount
                street[p] += amount
            else:
                amount = to - street[p]
                if amount <= 0 or (to <= top and amount < left[p]) or amount > left[p]:
                    return None
                left[p] -= amount
                put[p] += amount
                street[p] = to
                top = max(top, to)
            last_board = dealt
        elif kind == "m":
            mucked[p] = True
    # an all-in with cards to come: the board then and the players still in
    allin_board = None
    if last_board >= 0:
        live = [i for i in range(n) if not out[i]]
        if len(live) >= 2 and sum(1 for i in live if left[i] > 0) <= 1:
            then = sum(len(t.split()) for t in board_text[:last_board])
            if then < 5:
                allin_board = board[:then]
    # the pots (side pots apart): the antes' dead money first, which every player still
    # in may win, then one per level of what each put in above it; a level only one
    # player reached goes back. (hand.side_pots written out for cents: calling it, an
    # object a seat, read bench_hh.py's typical play 5-10 % slower on 2026-11-29.)
    live_put = [x - d for x, d in zip(put, dead)]
    pots: list[list] = []  # [amount, contenders, returned]
    if any(dead):
        pots.append([sum(dead), tuple(i for i in range(n) if not out[i]), False])
    levels = sorted({x for x in live_put if x > 0})
    below = 0
    for level in levels:
        amount = reached = 0
        inside = []
        for i in range(n):
            x = live_put[i]
            if x > below:
                amount += (x if x < level else level) - below
                if x >= level:
                    reached += 1
                    if not out[i]:
                        inside.append(i)
        contenders = tuple(inside)
        below = level
        if not contenders:
            if pots:
                pots[-1][0] += amount
            continue
        back = reached == 1
        if pots and pots[-1][1] == contenders and pots[-1][2] == back:
            pots[-1][0] += amount
        else:
            pots.append([amount, contenders, back])
    returned = [(p[1][0], p[0]) for p in pots if p[2]]
    for i, amount in returned:
        put[i] -= amount
    pots = [p for p in pots if not p[2]]
    # who won: the pots settled as the reference settles them
    won: list = [0] * n
    shares: list[Optional[list]] = []
    settled = True
    values = None
    for amount, contenders, _ in pots:
        live_ = tuple(i for i in contenders if not mucked[i]) or contenders
        if len(live_) == 1:
            shares.append([1 if i == live_[0] else 0 for i in contenders])
            won[live_[0]] += amount
            continue
        if any(cards[i] is None for i in live_) or len(board) < 5:
            settled = False
            shares.append(None)
            continue
        if values is None:
            values = _values(cards, board, game)
            if values is None:
                return None
        best = max(values[i] for i in live_)
        winners = [i for i in live_ if values[i] == best]
        share = [Fraction(1, len(winners)) if i in winners else 0 for i in contenders]
        shares.append(share)
        for i, s in zip(contenders, share):
            if s:
                won[i] += amount * s
    if any(paid):  # what the site paid stands (after its rake)
        total = sum(p[0] for p in pots)
        if sum(paid) + rake != total:
            return None
        if settled and rake == 0 and won != paid:
            return None
        won = paid
    elif not settled:
        return None
    # the document, as Hand.to_dict writes it
    players = []
    for i, seat in enumerate(seats):
        players.append({"seat": seat[0], "name": seat[1], "stack": _out(stacks[i]),
                        "cards": [_NAMES[c] for c in cards[i]] if cards[i] is not None else ["??"] * holes,
                        "put_in": _out(put[i]), "net": _out(won[i] - put[i])})
    if n == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    stakes: dict[str, Any] = {"antes": [_out(x) for x in antes], "blinds_or_straddles": [_out(x) for x in blinds]}
    if big is not None:
        if variant.startswith("F"):
            stakes["small_bet"], stakes["big_bet"] = small, big
        else:
            stakes["min_bet"] = big
    pot_docs = []
    for (amount, contenders, _), share in zip(pots, shares):
        doc: dict[str, Any] = {"amount": _out(amount), "contenders": [order[i] for i in contenders]}
        if share is not None:
            doc["won"] = [_out(amount * s) for s in share]
        pot_docs.append(doc)
    doc = {"source": source, "hand": hand_id, "site": "pokerstars", "variant": variant, "game": game,
           "betting": betting, "stakes": stakes, "players": players, "board": [_NAMES[c] for c in board],
           "pots": pot_docs, "returned": [{"to": order[i], "amount": _out(a)} for i, a in returned]}
    if rake and any(paid):
        doc["rake"] = _out(rake)
    doc["allin"] = None
    ev = None
    if allin_board is not None:
        doc["allin"], ev = _allin(doc, game, cards, out, allin_board, pots, put, rake if any(paid) else 0)
    if record:
        ev_net = None if ev is None else [(e - x) / 100 for e, x in zip(ev, put)]
        return (order, [Fraction(w - x) / 100 for w, x in zip(won, put)], ev_net,
                frozenset(i for i in range(n) if not out[i]) if ev is not None else frozenset())
    return doc


_STREETS = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}


def _headsup_preflop(a: list[int], b: list[int]) -> list[float]:
    """Two hold'em hands' exact preflop equities from the shipped table's row,
    in the floats :func:`pokercli.equity_calc.lookup.headsup_preflop` gives
    (the same operations on the same counts), without its spot and result."""
    from pokercli.preflop_pairs import BOARDS, pair_counts

    wins_a, wins_b, ties = pair_counts(tuple(a), tuple(b))
    total = float(1.0 * BOARDS)
    t = float(ties) * 1.0
    return [float((float(w) * 1.0 + t / 2) / total) for w in (wins_a, wins_b)]


def _allin(doc: dict, game: str, cards, out, board: list[int], pots, put, rake: int) -> tuple:
    """(the all-in spot's document, what each player's share of the pots was
    worth in cents, or None where the spot is not judged): each pot's equity
    and each player's EV-adjusted net (added to ``doc``'s players), worked out
    as :func:`pokercli.histories.hand._work_out_ev` works them out."""
    n = len(cards)
    live = [i for i in range(n) if not out[i]]
    names = [p["name"] for p in doc["players"]]
    spot: dict[str, Any] = {"street": _STREETS.get(len(board), f"{len(board)} board cards"),
                            "board": [_NAMES[c] for c in board],
                            "hands": {names[i]: [_NAMES[c] for c in cards[i]] if cards[i] is not None else []
                                      for i in live}}
    unknown = [names[i] for i in live if cards[i] is None]
    pot_docs = [{"amount": _out(amount), "contenders": [names[i] for i in contenders]}
                for amount, contenders, _ in pots]
    spot["pots"] = pot_docs
    if unknown:
        spot["not_judged"] = f"the cards of {', '.join(unknown)} are not known"
        return spot, None
    from pokercli.equity_calc import equity
    from pokercli.errors import PokerError

    from pokercli.games import game as game_def
    from pokercli.games.rules import STANDARD

    g = game_def(game)
    classes = g.classes
    shipped = classes is not None and classes.headsup_counts is not None  # every heads-up preflop deal's counts
    total = sum(p[0] for p in pots)
    kept = 1 - Fraction(rake, total) if total else Fraction(1)
    ev: list = [Fraction(0)] * n
    methods = set()
    shown = [c for i in range(n) if cards[i] is not None for c in cards[i]]
    # before the flop in hold'em, the pots of three or more players, or with cards out of the deck:
    # every pot of two or more counted in one enumeration of the boards
    multi = [c for _, c, _ in pots if len(c) >= 2]
    together = None
    if not board and g.rule.hole_used == 0 and g.rule.ranking is STANDARD and g.hole_cards == 2 \
            and any(len(c) > 2 or len(shown) > 4 for c in multi):
        together = dict(zip(multi, preflop_pots(cards, shown, multi)))
    for (amount, contenders, _), pdoc in zip(pots, pot_docs):
        if len(contenders) == 1:
            pdoc["equity"] = [1.0]
            ev[contenders[0]] += amount * kept
            continue
        theirs = {c for i in contenders for c in cards[i]}
        dead = sorted(set(shown) - theirs)
        if together is not None:
            eq = together[contenders]
            methods.add("exact")
        elif shipped and not board and not dead and len(contenders) == 2:
            eq = _headsup_preflop(cards[contenders[0]], cards[contenders[1]])
            methods.add("exact")
        else:
            try:
                r = equity([C.format_cards(cards[i]) for i in contenders], list(board), dead, game=game,
                           method="auto", seed=1)
            except PokerError as e:
                for p in pot_docs:
                    p.pop("equity", None)
                spot["not_judged"] = str(e)
                return spot, None
            methods.add(r.method)
            eq = [p.equity for p in r.players]
        pdoc["equity"] = eq
        shares = [Fraction(e) for e in eq[:-1]]
        shares.append(1 - sum(shares))
        for i, share in zip(contenders, shares):
            ev[i] += amount * share * kept
    spot["method"] = "exact" if methods <= {"exact"} else "monte-carlo (seed 1)"
    for i, player in enumerate(doc["players"]):
        player["ev_net"] = float((ev[i] - put[i]) / 100)
    return spot, ev


def preflop_pots(cards, shown: list[int], pots: list[tuple[int, ...]]) -> list[list[float]]:
    """Each pot's exact hold'em equities among its players (``pots``: each pot's
    players, two or more), before the flop, every other card ``shown`` out of
    the deck: all pots from one enumeration of the boards
    (:func:`pokercli._kernels.rankboards.rank_boards5_pots`), in the floats
    :func:`pokercli.equity` gives each pot asked alone (the same counts, and
    :func:`pokercli.equity_calc.tally.result_from_counts`'s operations on them)."""
    from math import comb

    import numpy as np

    from pokercli._kernels.jit import call
    from pokercli._kernels.lookup import strength_tables
    from pokercli._kernels.rankboards import rank_boards5_pots
    from pokercli.equity_calc.exact import kernel_args

    players = sorted({i for c in pots for i in c})
    at = {p: k for k, p in enumerate(players)}
    keys, offsets = kernel_args()[:2]
    rank_tab, flush_tab = strength_tables()
    hand_keys = np.array([int(keys[cards[p][0]]) + int(keys[cards[p][1]]) for p in players], np.int64)
    suit_bits = np.zeros((len(players), 4), np.int64)
    for k, p in enumerate(players):
        for c in cards[p]:
            suit_bits[k, c // 13] |= 1 << (c % 13)
    gone = set(shown)
    avail = sum(1 << c for c in range(52) if c not in gone)
    masks = np.array([sum(1 << at[i] for i in c) for c in pots], np.int64)
    counts = np.zeros((len(pots), len(players), len(players) + 1), np.int64)
    call(rank_boards5_pots, hand_keys, suit_bits, np.int64(avail), keys, offsets, rank_tab, flush_tab, masks,
         counts)
    total = comb(52 - len(gone), 5)
    out = []
    for q, pot in enumerate(pots):
        eq = []
        for i in pot:
            row = counts[q, at[i]].astype(np.float64).tolist()
            share = row[1] + sum(row[n] / n for n in range(2, len(pot) + 1))
            eq.append(float(share / total))
        out.append(eq)
    return out


_TABLES: list = []


def _holdem_tables() -> tuple:
    """The evaluator's tables as Python lists (card keys, row offsets, rank and
    flush scores: :func:`pokercli._kernels.lookup.kernel_tables`)."""
    if not _TABLES:
        from pokercli._kernels.lookup import kernel_tables

        keys, offsets, (rank, flush), _ = kernel_tables()
        _TABLES.append((keys.tolist(), offsets.tolist(), rank.tolist(), flush.tolist()))
    return _TABLES[0]


def holdem_score(cards: list[int]) -> int:
    """The score of five to seven hold'em cards, read as the kernels read it
    (:func:`pokercli._kernels.evaluator.hand_value`) but in Python: a
    showdown's few hands without a kernel call's set-up (about 100 µs)."""
    keys, offsets, rank, flush = _holdem_tables()
    key = 0x3333 << 32  # KEY_INIT
    mask = 0
    for c in cards:
        key += keys[c]
        mask |= 1 << c
    suited = (key >> 35) & 0x1111
    if suited:
        suit = ((suited & 0x1110) != 0) + ((suited & 0x1100) != 0) + ((suited & 0x1000) != 0)
        return flush[(mask >> (13 * suit)) & 0x1FFF]
    k = key & 0xFFFFFFFF
    return rank[(k & 4095) + offsets[k >> 12]]


def _values(cards, board, game) -> Optional[list]:
    """Each shown hand's high value (larger wins): hold'em's read here, Omaha's
    by the evaluator's batch call."""
    from pokercli.games import game as game_def
    from pokercli.games.rules import STANDARD

    rule = game_def(game).rule
    if rule.hole_used == 0 and rule.ranking is STANDARD:  # the best five of any cards: hold'em's scores
        return [holdem_score(c + board) if c is not None else None for c in cards]
    import numpy as np

    from pokercli import evaluate as E
    from pokercli.errors import PokerError

    who = [i for i, c in enumerate(cards) if c is not None]
    rows = np.array([cards[i] + board for i in who], np.uint8)
    try:
        high = E.scores(rows, game).tolist()
    except PokerError:
        return None
    values = [None] * len(cards)
    for i, v in zip(who, high):
        values[i] = v
    return values
