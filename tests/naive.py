"""Slow, obviously right versions of the calculators, for the tests.

Everything here uses the seed's five-card method (best of every five-card
subset) and plain itertools enumeration.
"""

from functools import lru_cache
from itertools import combinations, permutations, product

from pokercli import reference as R


def showdown_shares(holes, board, score=R.score):
    """Pot share of each player on a complete board (``score``: of 5-7 cards)."""
    scores = [score(list(h) + list(board)) for h in holes]
    best = max(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    return [1 / len(winners) if i in winners else 0.0 for i in range(len(holes))], winners


def equity(ranges, board=(), dead=(), score=R.score, deck=range(52)):
    """ranges: per player a list of ((c1, c2), weight). Returns (equities, wins, ties, total).
    ``score`` values 5-7 cards; boards come from ``deck``."""
    players = len(ranges)
    eq = [0.0] * players
    wins = [0.0] * players
    ties = [0.0] * players
    total = 0.0
    for deal in product(*ranges):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) < len(cards) or set(cards) & (set(board) | set(dead)):
            continue
        weight = 1.0
        for _, w in deal:
            weight *= w
        left = [c for c in deck if c not in set(cards) | set(board) | set(dead)]
        for rest in combinations(left, 5 - len(board)):
            shares, winners = showdown_shares([combo for combo, _ in deal], list(board) + list(rest), score)
            total += weight
            for i in range(players):
                eq[i] += weight * shares[i]
                if i in winners:
                    if len(winners) == 1:
                        wins[i] += weight
                    else:
                        ties[i] += weight
    return [e / total for e in eq], wins, ties, total


def combination_index(combo, n):
    """Lexicographic index of a k-subset of range(n), by counting what precedes it."""
    k = len(combo)
    for i, c in enumerate(combinations(range(n), k)):
        if c == tuple(combo):
            return i
    raise ValueError(combo)


def percentile(hand, board, opps, dead=(), score=R.score, deck=range(52)):
    """(beats, ties, loses, hp) by plain enumeration; opps: list of ((c1, c2), weight);
    ``score`` values 5-7 cards; runouts come from ``deck``."""
    hero_now = score(list(hand) + list(board)) if len(board) >= 3 else None
    beats = ties = loses = 0.0
    hp = [[0.0] * 3 for _ in range(3)]
    deck = [c for c in deck if c not in set(hand) | set(board) | set(dead)]
    hero_final = {}
    for ro in combinations(deck, 5 - len(board)):
        hero_final[ro] = score(list(hand) + list(board) + list(ro))
    for (a, b), w in opps:
        s = score([a, b] + list(board))
        now = 0 if hero_now > s else (1 if hero_now == s else 2)
        beats += w * (now == 0)
        ties += w * (now == 1)
        loses += w * (now == 2)
        for ro, h in hero_final.items():
            if a in ro or b in ro:
                continue
            f = score([a, b] + list(board) + list(ro))
            hp[now][0 if h > f else (1 if h == f else 2)] += w
    return beats, ties, loses, hp


# --- Omaha: exactly two hole cards and three board cards ---------------------------

def omaha_high(hole, board):
    """Best score of two hole and three board cards, every choice tried."""
    from pokercli import cards as C

    return max(R.score5(C.card_mask(list(p) + list(t)))
               for p in combinations(hole, 2) for t in combinations(board, 3))


def omaha_low(hole, board):
    """Best eight-or-better low of two hole and three board cards, as the five
    ranks high to low (ace = 1); None when none qualifies. Lower is better."""
    def low_rank(c):
        r = c % 13
        return 1 if r == 12 else r + 2  # two = 2 .. eight = 8

    best = None
    for p in combinations(hole, 2):
        for t in combinations(board, 3):
            ranks = sorted((low_rank(c) for c in p + t), reverse=True)
            if ranks[0] <= 8 and len(set(ranks)) == 5 and (best is None or ranks < best):
                best = ranks
    return best


def omaha_equity(ranges, board=(), dead=(), hilo=False, deck=range(52)):
    """Pot shares as Fractions by plain enumeration: ranges are per player lists of
    (hole cards, weight); returns (equities, total weight of boards, no-low weight)."""
    from fractions import Fraction

    players = len(ranges)
    eq = [Fraction(0)] * players
    total = Fraction(0)
    no_low = Fraction(0)
    for deal in product(*ranges):
        cards = [c for hole, _ in deal for c in hole]
        if len(set(cards)) < len(cards) or set(cards) & (set(board) | set(dead)):
            continue
        weight = Fraction(1)
        for _, w in deal:
            weight *= Fraction(w)
        rest = [c for c in deck if c not in set(cards) | set(board) | set(dead)]
        for more in combinations(rest, 5 - len(board)):
            full = list(board) + list(more)
            total += weight
            highs = [omaha_high(hole, full) for hole, _ in deal]
            hw = [i for i, s in enumerate(highs) if s == max(highs)]
            lows = [omaha_low(hole, full) for hole, _ in deal] if hilo else [None] * players
            qualified = [x for x in lows if x is not None]
            if not qualified:
                no_low += weight
                for i in hw:
                    eq[i] += weight / len(hw)
                continue
            lw = [i for i, x in enumerate(lows) if x == min(qualified)]
            for i in hw:
                eq[i] += weight / (2 * len(hw))
            for i in lw:
                eq[i] += weight / (2 * len(lw))
    return [e / total for e in eq], total, no_low


def omaha_percentile(hero, opps, board, dead=(), hilo=False, deck=range(52)):
    """``percentile`` in Omaha by plain enumeration, in Fractions: our pot share
    against each opponent hand (``opps``: (hole, weight)) now and on every
    runout; a state is 0 ahead, 1 tied, 2 behind as the share is above, at or
    below one half. Returns (now weights by state, hp[now][final], weighted
    share now, weighted share at showdown, weight of the (opponent, runout) pairs)."""
    from fractions import Fraction

    def share(a, b, full):
        ha, hb = omaha_high(a, full), omaha_high(b, full)
        high = Fraction(1) if ha > hb else Fraction(1, 2) if ha == hb else Fraction(0)
        la, lb = (omaha_low(a, full), omaha_low(b, full)) if hilo else (None, None)
        if la is None and lb is None:
            return high
        low = (Fraction(1) if lb is None or (la is not None and la < lb)
               else Fraction(1, 2) if la == lb else Fraction(0))
        return (high + low) / 2

    def state(x):
        return 0 if x > Fraction(1, 2) else 1 if x == Fraction(1, 2) else 2

    now = [Fraction(0)] * 3
    hp = [[Fraction(0)] * 3 for _ in range(3)]
    share_now = share_final = pairs = Fraction(0)
    for hole, w in opps:
        w = Fraction(w)
        s = share(hero, hole, board)
        now[state(s)] += w
        share_now += w * s
        rest = [c for c in deck if c not in set(hero) | set(hole) | set(board) | set(dead)]
        for more in combinations(rest, 5 - len(board)):
            f = share(hero, hole, list(board) + list(more))
            hp[state(s)][state(f)] += w
            share_final += w * f
            pairs += w
    return now, hp, share_now, share_final, pairs


# --- short deck -----------------------------------------------------------------

SHORTDECK_ORDER = {
    "shortdeck": ["high card", "pair", "two pair", "straight", "trips", "full house", "flush",
                  "quads", "straight flush"],
    "shortdeck-straight": ["high card", "pair", "two pair", "trips", "straight", "full house",
                           "flush", "quads", "straight flush"],
}
SHORTDECK_DECK = [c for c in range(52) if c % 13 >= 4]


def shortdeck_category5(cards):
    """(category name, tie-break ranks) of five short deck cards, by counting."""
    ranks = [c % 13 for c in cards]
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    tiebreak = [r for r, _ in groups]
    flush = len({c // 13 for c in cards}) == 1
    distinct = sorted(counts)
    high = None
    if len(distinct) == 5 and distinct[-1] - distinct[0] == 4:
        high = distinct[-1]
    if distinct == [4, 5, 6, 7, 12]:  # A 6 7 8 9: the ace plays low, nine high
        high = 7
    if high is not None and flush:
        return "straight flush", [high]
    if shape == [4, 1]:
        return "quads", tiebreak
    if flush:
        return "flush", tiebreak
    if shape == [3, 2]:
        return "full house", tiebreak
    if high is not None:
        return "straight", [high]
    if shape == [3, 1, 1]:
        return "trips", tiebreak
    if shape == [2, 2, 1]:
        return "two pair", tiebreak
    if shape == [2, 1, 1, 1]:
        return "pair", tiebreak
    return "high card", tiebreak


def shortdeck_value(cards, ranking="shortdeck"):
    """Comparable value of 5-7 short deck cards: the best five, by category then ranks."""
    best = None
    for five in combinations(sorted(cards), 5):
        value = _shortdeck_five(five, ranking)
        if best is None or value > best:
            best = value
    return best


@lru_cache(maxsize=1 << 18)
def _shortdeck_five(five, ranking):
    """The value of five cards (sorted, so that a set is one key): remembered,
    since an enumeration meets the same five cards in many hands."""
    name, tiebreak = shortdeck_category5(five)
    return SHORTDECK_ORDER[ranking].index(name), tiebreak


# --- every game: the pot on a complete board ----------------------------------------

def _high_only(value):
    """Pot shares (Fractions) when the best ``value(hole, board)`` takes the pot."""
    from fractions import Fraction

    def shares(holes, board):
        values = [value(h, board) for h in holes]
        winners = [i for i, v in enumerate(values) if v == max(values)]
        return [Fraction(1, len(winners)) if i in winners else Fraction(0) for i in range(len(holes))]

    return shares


def _high_low(high, low):
    """Pot shares when half goes to the best high and half to the best
    qualifying low (lower is better; None does not qualify), the whole pot to
    the high when no hand qualifies."""
    from fractions import Fraction

    def shares(holes, board):
        out = _high_only(high)(holes, board)
        lows = [low(h, board) for h in holes]
        qualified = [x for x in lows if x is not None]
        if not qualified:
            return out
        winners = [i for i, x in enumerate(lows) if x == min(qualified)]
        return [s / 2 + (Fraction(1, 2 * len(winners)) if i in winners else 0) for i, s in enumerate(out)]

    return shares


def _any_five(value):
    return lambda hole, board: value(list(hole) + list(board))


def eight_low(cards):
    """The best eight-or-better low of any five of ``cards``, as the five ranks
    high to low (ace = 1); None when none qualifies. Lower is better."""
    best = None
    for five in combinations(cards, 5):
        ranks = sorted((1 if c % 13 == 12 else c % 13 + 2 for c in five), reverse=True)
        if ranks[0] <= 8 and len(set(ranks)) == 5 and (best is None or ranks < best):
            best = ranks
    return best


def deuce_seven_value(cards):
    """The deuce-to-seven low of five cards (the best of any five, given more):
    a five is its shape of rank counts, whether it is a straight (five ranks in
    a row, the ace only high) and a flush, then its ranks by count and height,
    ace high; the worst such high hand is the best low, so the value returned
    is the high hand's negation (larger wins)."""
    from collections import Counter

    def high(c5):
        ranks = [c % 13 for c in c5]  # two 0 .. ace 12
        counts = Counter(ranks)
        order = sorted(counts, key=lambda r: (-counts[r], -r))
        shape = sorted(counts.values(), reverse=True)
        straight = len(counts) == 5 and max(ranks) - min(ranks) == 4
        flush = len({c // 13 for c in c5}) == 1
        category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6,
                    (4, 1): 7}[tuple(shape)]
        if straight or flush:
            category = 8 if straight and flush else 5 if flush else 4
        return category, order

    def value(c5):
        category, order = high(c5)
        return -category, tuple(-r for r in order)

    return max(value(c5) for c5 in combinations(cards, 5))


def badugi_value(cards):
    """A badugi hand's value: of every set of its cards with no two of a suit or a
    rank, the largest, then the one whose ranks (ace low), highest first, are
    lowest; returned as (size, negated ranks) so that larger wins."""
    best = None
    for size in range(1, len(cards) + 1):
        for sub in combinations(cards, size):
            if len({c // 13 for c in sub}) == size and len({c % 13 for c in sub}) == size:
                ranks = sorted(((c % 13 + 1) % 13 for c in sub), reverse=True)
                value = (size, tuple(-r for r in ranks))
                best = value if best is None or value > best else best
    return best


def razz_value(cards):
    """The ace-to-five low of 5 to 7 cards, every five tried: a five's value is
    the shape of its rank counts (no pair, pair, two pair, trips, full house,
    quads) then its ranks by count and height, ace low; the smallest wins, so
    the value returned is its negation (larger wins, as every value here)."""
    from collections import Counter

    def five(c5):
        counts = Counter((c % 13 + 1) % 13 for c in c5)  # ace 0, two 1 .. king 12
        shape = sorted(counts.values(), reverse=True)
        order = sorted(counts, key=lambda r: (-counts[r], -r))
        return tuple(-x for x in shape), tuple(-r for r in order)

    return max(five(c5) for c5 in combinations(cards, 5))


def tally_runs(shares, unit, units, whole, nothing):
    """Add one deal's runs, ``shares`` (a list of each run's pot shares,
    Fractions), into each player's share ``units`` (of ``unit`` a pot), deals
    taken whole (every run alone) and deals of nothing (no part of any run)."""
    for p in range(len(units)):
        units[p] += sum(int(s[p] * unit) for s in shares)
        whole[p] += all(s[p] == 1 for s in shares)
        nothing[p] += all(s[p] == 0 for s in shares)


#: game -> (holes, complete board) -> each player's share of the pot: the plain
#: rule of every game of pokercli.games.GAMES that has an equity (the contract
#: test fails for a game without one here).
POT_SHARES = {
    "holdem": _high_only(_any_five(R.score)),
    "shortdeck": _high_only(_any_five(lambda c: shortdeck_value(c, "shortdeck"))),
    "shortdeck-straight": _high_only(_any_five(lambda c: shortdeck_value(c, "shortdeck-straight"))),
    "omaha": _high_only(omaha_high),
    "omaha5": _high_only(omaha_high),
    "omaha6": _high_only(omaha_high),
    "omaha-hilo": _high_low(omaha_high, omaha_low),
    "omaha5-hilo": _high_low(omaha_high, omaha_low),
    "stud": _high_only(_any_five(R.score)),
    "stud-hilo": _high_low(_any_five(R.score), lambda hole, board: eight_low(list(hole) + list(board))),
    "razz": _high_only(_any_five(razz_value)),
    "27-single": _high_only(_any_five(deuce_seven_value)),
    "27-triple": _high_only(_any_five(deuce_seven_value)),
    "a5-triple": _high_only(_any_five(razz_value)),
    "badugi": _high_only(_any_five(badugi_value)),
}

#: game -> comparable value of 5 to 7 cards, or None where a hand is valued only with its board.
HAND_VALUE = {
    "holdem": R.score,
    "shortdeck": lambda c: shortdeck_value(c, "shortdeck"),
    "shortdeck-straight": lambda c: shortdeck_value(c, "shortdeck-straight"),
    "omaha": None, "omaha5": None, "omaha6": None, "omaha-hilo": None, "omaha5-hilo": None,
    "stud": R.score,
    "stud-hilo": R.score,
    "razz": razz_value,
    "27-single": deuce_seven_value,
    "27-triple": deuce_seven_value,
    "a5-triple": razz_value,
    "badugi": badugi_value,
}


def runouts(holes, board, dead, deck, hand_cards, board_cards):
    """Every completion of a spot: each hand dealt up to ``hand_cards`` (in
    player order), then the board up to ``board_cards``, from the cards no hand,
    board or dead card holds; yields (hands, board)."""
    used = {c for h in holes for c in h} | set(board) | set(dead)
    rest = [c for c in deck if c not in used]

    def deal(i, left, done):
        if i == len(holes):
            for more in combinations(left, board_cards - len(board)):
                yield done, list(board) + list(more)
            return
        for mine in combinations(left, hand_cards - len(holes[i])):
            yield from deal(i + 1, [c for c in left if c not in mine], done + [list(holes[i]) + list(mine)])

    yield from deal(0, rest, [])


def game_equity(game, holes, board=(), dead=(), deck=range(52), hand_cards=None, board_cards=5):
    """Each hand's share of the pot over every completion of the spot
    (Fractions), and the number of completions: the board dealt to
    ``board_cards`` cards and, where hands show fewer than ``hand_cards``
    (stud), each hand dealt the rest."""
    from fractions import Fraction

    shares = POT_SHARES[game]
    hand_cards = hand_cards if hand_cards is not None else len(holes[0])
    total, count = [Fraction(0)] * len(holes), 0
    for hands, full in runouts(holes, board, dead, deck, hand_cards, board_cards):
        count += 1
        for i, s in enumerate(shares(hands, full)):
            total[i] += s
    return [t / count for t in total], count


#: game -> comparable value of the high hand of (hole, complete board): what a
#: batch evaluation and ``rank -`` give (the low of hi-lo aside).
HIGH_VALUE = {
    "holdem": _any_five(R.score),
    "shortdeck": _any_five(lambda c: shortdeck_value(c, "shortdeck")),
    "shortdeck-straight": _any_five(lambda c: shortdeck_value(c, "shortdeck-straight")),
    "omaha": omaha_high, "omaha5": omaha_high, "omaha6": omaha_high,
    "omaha-hilo": omaha_high, "omaha5-hilo": omaha_high,
    "stud": _any_five(R.score),
    "stud-hilo": _any_five(R.score),
    "razz": _any_five(razz_value),
    "27-single": _any_five(deuce_seven_value),
    "27-triple": _any_five(deuce_seven_value),
    "a5-triple": _any_five(razz_value),
    "badugi": _any_five(badugi_value),
}


# --- draw games with more than one draw to come: the discard policy ---------------

def draw_lowness(card, game):
    """A card's place in the policy's order of ranks: deuce-to-seven's two 0 ..
    ace 12; ace-to-five's and badugi's ace 0 .. king 12."""
    return card % 13 if game.startswith("27") else (card % 13 + 1) % 13


def draw_keeps(cards, game, pat, keep):
    """The cards the discard policy keeps, by its documented words: stand pat
    on a made hand (five different ranks; in 2-7 no straight, the ace only
    high, and no flush; in badugi four cards of different suits and ranks)
    whose top card's lowness is at most ``pat``; else keep the lowest cards of
    different ranks whose lowness is at most ``keep`` (the lowest card id of a
    rank; in badugi only the cards its value counts, of equal sets the one with
    the smallest sum of 2**card), at most one fewer than the hand."""
    full = len(cards)
    if game == "badugi":
        value = badugi_value(cards)
        sets = [sub for size in range(1, full + 1) for sub in combinations(cards, size)
                if len({c // 13 for c in sub}) == size and len({c % 13 for c in sub}) == size
                and (size, tuple(sorted((-((c % 13 + 1) % 13) for c in sub)))) == value]
        best = min(sets, key=lambda sub: sum(1 << c for c in sub))
        if len(best) == full and max(draw_lowness(c, game) for c in best) <= pat:
            return set(cards)
        candidates = best
    else:
        ranks = [c % 13 for c in cards]
        made = len(set(ranks)) == 5
        if game.startswith("27") and made:
            straight = max(ranks) - min(ranks) == 4
            flush = len({c // 13 for c in cards}) == 1
            made = not straight and not flush
        if made and max(draw_lowness(c, game) for c in cards) <= pat:
            return set(cards)
        candidates = [min(c for c in cards if draw_lowness(c, game) == r)
                      for r in sorted({draw_lowness(c, game) for c in cards})]
    low = sorted((c for c in candidates if draw_lowness(c, game) <= keep), key=lambda c: draw_lowness(c, game))
    return set(low[:full - 1])


def draw_game_equity(game, kept, dead, draws, pat, keep, full):
    """Each player's expected share of the pot (Fractions) over every way the
    draws can go: players draw in order, each later draw's discards chosen by
    :func:`draw_keeps`, every set of cards from the stub equally likely; when
    the stub runs out, the discards so far (the dead cards first among them),
    not the drawing player's own of this draw, are the new stub."""
    from fractions import Fraction

    value = HAND_VALUE[game]
    players = len(kept)
    used = {c for h in kept for c in h} | set(dead)
    stub0 = tuple(c for c in range(52) if c not in used)

    def showdown(hands):
        vals = [value(list(h)) for h in hands]
        best = max(vals)
        winners = [i for i, v in enumerate(vals) if v == best]
        return [Fraction(1, len(winners)) if i in winners else Fraction(0) for i in range(players)]

    def step(r, p, hands, stub, muck):
        if r == draws:
            return showdown(hands)
        if p == players:
            return step(r + 1, 0, hands, stub, muck)
        if r == 0:
            mine, thrown = tuple(kept[p]), ()
        else:
            keeps = draw_keeps(hands[p], game, pat, keep)
            mine = tuple(c for c in hands[p] if c in keeps)
            thrown = tuple(c for c in hands[p] if c not in keeps)
        need = full - len(mine)
        outcomes = []
        if need <= len(stub):
            for got in combinations(stub, need):
                outcomes.append((got, tuple(c for c in stub if c not in got), muck))
        else:
            rest = need - len(stub)
            for got in combinations(muck, rest):
                outcomes.append((stub + got, tuple(c for c in muck if c not in got), ()))
        total = [Fraction(0)] * players
        for got, new_stub, new_muck in outcomes:
            new_hands = list(hands)
            new_hands[p] = mine + got
            for i, s in enumerate(step(r, p + 1, new_hands, new_stub, new_muck + thrown)):
                total[i] += s
        return [t / len(outcomes) for t in total]

    return step(0, 0, [tuple(h) for h in kept], stub0, tuple(dead))


# --- tournaments: ICM by every finishing order ------------------------------------

def icm_places(stacks):
    """``[i][m]``: the chance player ``i`` finishes in place ``m + 1`` under the
    Malmuth-Harville model, summed over every finishing order (Fractions when the
    stacks are integers): the order's chance is the product, place by place, of
    the placed player's stack over the chips of the players not yet placed."""
    from fractions import Fraction
    from itertools import permutations

    n = len(stacks)
    out = [[Fraction(0)] * n for _ in range(n)]
    total = sum(stacks)
    for order in permutations(range(n)):
        p, rest = Fraction(1), total
        for i in order:
            p *= Fraction(stacks[i], rest)
            rest -= stacks[i]
        for place, i in enumerate(order):
            out[i][place] += p
    return out


def icm_equity(stacks, payouts):
    """Each player's prize equity: the place chances times the payouts (players
    with no chips take the places after the others, sharing them equally)."""
    from fractions import Fraction

    alive = [i for i, s in enumerate(stacks) if s > 0]
    places = icm_places([stacks[i] for i in alive])
    pay = list(payouts) + [0] * len(stacks)
    out = [Fraction(0)] * len(stacks)
    for i, row in zip(alive, places):
        out[i] = sum(p * pay[m] for m, p in enumerate(row))
    busted = [i for i, s in enumerate(stacks) if s <= 0]
    for i in busted:
        out[i] = Fraction(sum(pay[len(alive):len(alive) + len(busted)]), len(busted))
    return out


# --- three-handed push/fold: each decision's values, terminal by terminal ---------

def pushfold3_values(stacks, ante, payouts, strategy, samples):
    """For each decision of the three-handed jam-or-fold game (``BTN push``,
    ``SB call BTN``, ``SB push``, ``BB call BTN``, ``BB call BTN+SB``,
    ``BB call SB``) and each class of its player, (value of push or call,
    value of fold), summed over the other two seats' classes weighted by their
    deals and by how often they act as each ending needs; and the deals in
    all. Written out ending by ending, a hero class at a time, from the same
    inputs the solver reads: the deal counts, the heads-up chances and the
    sampled three-way orders (``samples`` a triple), and ``final_stacks`` /
    ``prize_equity`` for what each ending pays."""
    import numpy as np

    from pokercli import push_fold_table as T

    deals = T.triple_deals().astype(np.float64)
    win, tie = T.pair_chances()
    counts = T.triple_outcomes(samples).astype(np.float64)
    chances = counts / np.maximum(counts.sum(axis=1, keepdims=True), 1)
    tri = T.sorted_triples()
    index = np.full((169, 169, 169), -1, np.int64)
    index[tri[:, 0], tri[:, 1], tri[:, 2]] = np.arange(len(tri))
    orders3 = list(product(range(3), repeat=3))
    orders3 = [o for o in orders3 if sorted(set(o)) == list(range(len(set(o))))]

    def pay(history, places):
        final = T.final_stacks(stacks, ante, history, places)
        if payouts is None:
            return [f - s for f, s in zip(final, stacks)]
        return T.prize_equity(final, stacks, payouts)

    def expected(history, a, b, c):
        """[seat][169, 169]: each seat's payoff for BTN class a, SB classes b
        (rows) and BB c (cols)."""
        players = [i for i, x in enumerate(history) if x == "P"] or [2]
        cls = [np.full((169, 169), a), np.broadcast_to(b[:, None], (169, 169)),
               np.broadcast_to(c[None, :], (169, 169))]
        if len(players) == 1:
            return [np.full((169, 169), v) for v in pay(history, (0,))]
        if len(players) == 2:
            j, k = players
            w, t = win[cls[j], cls[k]], tie[cls[j], cls[k]]
            first, tied, second = pay(history, (0, 1)), pay(history, (0, 0)), pay(history, (1, 0))
            return [w * first[s] + t * tied[s] + (1 - w - t) * second[s] for s in range(3)]
        stack3 = np.stack(cls, axis=-1)
        srt = np.sort(stack3, axis=-1)
        rows = index[srt[..., 0], srt[..., 1], srt[..., 2]]
        by_code = np.zeros((27, 3))
        for o in orders3:
            by_code[9 * o[0] + 3 * o[1] + o[2]] = pay(history, o)
        out = np.zeros((3, 169, 169))
        ways = np.zeros((169, 169))
        for perm in permutations(range(3)):  # member m sits in seat perm[m], where the classes agree
            fits = np.ones((169, 169), bool)
            for m in range(3):
                fits &= stack3[..., perm[m]] == srt[..., m]
            ways += fits
            for k, o in enumerate(orders3):
                seat = [0, 0, 0]
                for m in range(3):
                    seat[perm[m]] = o[m]
                weight = fits * chances[rows, k]
                value = by_code[9 * seat[0] + 3 * seat[1] + seat[2]]
                for s in range(3):
                    out[s] += weight * value[s]
        return list(out / ways)

    s = {k: np.asarray(v, np.float64) for k, v in strategy.items()}
    p0, s1, s2, b3, b4, b5 = (s[k] for k in ("BTN push", "SB call BTN", "SB push", "BB call BTN",
                                             "BB call BTN+SB", "BB call SB"))
    classes = np.arange(169)
    values = {k: (np.zeros(169), np.zeros(169)) for k in s}
    for a in range(169):
        w = deals[a]  # [b, c]
        u = {h: expected(h, a, classes, classes) for h in ("PFF", "PFP", "PPF", "PPP", "FPF", "FPP", "FF")}
        B1, C3, C4, C5 = s1[:, None], b3[None, :], b4[None, :], b5[None, :]
        S2 = s2[:, None]
        # BTN with class a
        push = ((1 - B1) * (1 - C3) * u["PFF"][0] + (1 - B1) * C3 * u["PFP"][0]
                + B1 * (1 - C4) * u["PPF"][0] + B1 * C4 * u["PPP"][0])
        fold = S2 * (1 - C5) * u["FPF"][0] + S2 * C5 * u["FPP"][0] + (1 - S2) * u["FF"][0]
        values["BTN push"][0][a] = (w * push).sum()
        values["BTN push"][1][a] = (w * fold).sum()
        # SB with class b (rows), BTN a fixed: sum over c
        values["SB call BTN"][0][:] += p0[a] * (w * ((1 - C4) * u["PPF"][1] + C4 * u["PPP"][1])).sum(axis=1)
        values["SB call BTN"][1][:] += p0[a] * (w * ((1 - C3) * u["PFF"][1] + C3 * u["PFP"][1])).sum(axis=1)
        values["SB push"][0][:] += (1 - p0[a]) * (w * ((1 - C5) * u["FPF"][1] + C5 * u["FPP"][1])).sum(axis=1)
        values["SB push"][1][:] += (1 - p0[a]) * (w * u["FF"][1]).sum(axis=1)
        # BB with class c (cols): sum over b
        values["BB call BTN"][0][:] += p0[a] * (w * (1 - B1) * u["PFP"][2]).sum(axis=0)
        values["BB call BTN"][1][:] += p0[a] * (w * (1 - B1) * u["PFF"][2]).sum(axis=0)
        values["BB call BTN+SB"][0][:] += p0[a] * (w * B1 * u["PPP"][2]).sum(axis=0)
        values["BB call BTN+SB"][1][:] += p0[a] * (w * B1 * u["PPF"][2]).sum(axis=0)
        values["BB call SB"][0][:] += (1 - p0[a]) * (w * S2 * u["FPP"][2]).sum(axis=0)
        values["BB call SB"][1][:] += (1 - p0[a]) * (w * S2 * u["FPF"][2]).sum(axis=0)
    return values, float(deals.sum())


# --- four-handed push/fold on sampled deals: each decision's values, deal by deal --

_MASK = (1 << 64) - 1
_GOLDEN, _M1, _M2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _splitmix(z):
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


#: SplitMix64 on Python integers: the kernels' counter step and output function (``mix64``).
GAMMA = _GOLDEN
mix64 = _splitmix


def sampled_runs(game, players, board, fixed_mask, pool, k, runs, samples, seed, *, hole, hashed, two_a_number,
                 max_redraws, unit):
    """A runs kernel's Monte Carlo (``range_runouts.runs_sample``: ``hashed``
    seed, ``two_a_number``; ``omaha.deals.omaha_runs``: neither) written the
    plain way, on the same random numbers: (share units, takes all, nothing,
    deals taken, redrawn deals).

    ``players``: each a fixed hand (a tuple of ``hole`` cards), ``None`` (a
    random player) or a range as a dict of ``combos``, alias ``keep`` and
    ``other`` (rows of ``combos``): per deal each
    range, in seat order, takes a 64-bit number whose top 32 bits times the
    combos, shifted down 32, pick a column, kept when its low 32 bits are below
    keep[column], else other[column]; a combo that meets the board, dead
    cards, a fixed hand or an earlier combo throws the whole deal away (and
    counts a redraw). Then each random player's cards and ``runs * k``
    cards, in that order, are dealt from ``pool`` (a list, kept shuffled from deal to
    deal) by a partial Fisher-Yates shuffle: place ``i`` takes the card at
    ``i + (top 32 bits * (n - i) >> 32)``, a card a range holds drawn again
    from a fresh number. Each run's pot is shared by :data:`POT_SHARES`."""
    shares_of = POT_SHARES[game]
    pool = list(pool)
    n = len(pool)
    state = [mix64(seed) if hashed else seed]

    def number():
        state[0] = (state[0] + GAMMA) & _MASK
        return mix64(state[0])

    def below(r, size):
        return ((r >> 32) * size) >> 32

    fixed = {c for p in players if isinstance(p, tuple) for c in p} | {c for c in range(52) if fixed_mask >> c & 1}
    randoms = [i for i, p in enumerate(players) if p is None]
    units, whole, nothing = [0] * len(players), [0] * len(players), [0] * len(players)
    taken = redraws = 0
    while taken < samples:
        hands = [p if isinstance(p, tuple) else None for p in players]
        used = set(fixed)
        ok = True
        for i, p in enumerate(players):
            if not isinstance(p, dict):
                continue
            combos, keep, other = p["combos"], p["keep"], p["other"]
            r = number()
            col = below(r, len(combos))
            pick = col if (r & 0xFFFFFFFF) < keep[col] else other[col]
            if used & set(combos[pick]):
                ok = False
                break
            used |= set(combos[pick])
            hands[i] = tuple(combos[pick])
        if not ok:
            redraws += 1
            if redraws >= max_redraws:
                break
            continue
        r = 0
        first = hole * len(randoms)  # the random players' cards, then the runs'
        for i in range(first + runs * k):
            if two_a_number and i % 2:
                r = (r << 32) & _MASK
            else:
                r = number()
            j = i + below(r, n - i)
            while pool[j] in used:
                j = i + below(number(), n - i)
            pool[i], pool[j] = pool[j], pool[i]
        for q, i in enumerate(randoms):
            hands[i] = tuple(pool[hole * q: hole * (q + 1)])
        shares = [shares_of([list(h) for h in hands], list(board) + pool[first + r * k:first + (r + 1) * k])
                  for r in range(runs)]
        tally_runs(shares, unit, units, whole, nothing)
        taken += 1
    return units, whole, nothing, taken, redraws


def pushfold4_deals(seed, first, count, boards):
    """The four-handed solver's deals ``first .. first + count`` dealt again in
    plain Python: each a list of four two-card hands and ``boards`` boards.
    Every card comes from one 64-bit number (splitmix64 of a counter that
    starts at splitmix64 of the seed times the golden ratio XOR the deal
    number + 1 times the second multiplier, and steps by the golden ratio):
    the top 32 bits times 52, shifted down 32; a card already dealt to the
    hands (or this board) is drawn again."""
    out = []
    for n in range(first, first + count):
        x = _splitmix(((seed * _GOLDEN) & _MASK) ^ (((n + 1) * _M2) & _MASK))

        def draw(taken):
            nonlocal x
            while True:
                x = (x + _GOLDEN) & _MASK
                card = ((_splitmix(x) >> 32) * 52) >> 32
                if card not in taken:
                    taken.append(card)
                    return card

        hole = []
        for _ in range(8):
            draw(hole)
        dealt = []
        for _ in range(boards):
            board = list(hole)
            for _ in range(5):
                draw(board)
            dealt.append(board[8:])
        out.append(([hole[2 * s:2 * s + 2] for s in range(4)], dealt))
    return out


def pushfold4_values(stacks, ante, payouts, strategy, deals):
    """For each decision of the four-handed jam-or-fold game (named ``CO
    push``, ``BTN call CO``, ..., ``BB call CO+BTN+SB``) and each class of
    its player, (value of push or call, value of fold), summed over the
    ``deals`` (:func:`pushfold4_deals`) weighted by how often the other seats
    act as each ending needs; and each seat's payoff summed the same way over
    everybody's actions. Written with plain loops: every history of pushes
    and folds played out seat by seat, the pots paid by ``final_stacks`` /
    ``prize_equity``, two-way showdowns at their classes' exact chances,
    three- and four-way ones averaged over the deal's boards, each valued by
    the reference evaluator."""
    import numpy as np

    from pokercli import push_fold_table as T
    from pokercli.ranges import class_name, starting_classes

    names = ("CO", "BTN", "SB", "BB")
    index = {name: i for i, name in enumerate(starting_classes())}
    win, tie = T.pair_chances()

    def name(seat, history):
        facing = [names[i] for i, a in enumerate(history) if a == "P"]
        return f"{names[seat]} push" if not facing else f"{names[seat]} call " + "+".join(facing)

    def pay(history, order):
        final = T.final_stacks(stacks, ante, history, order)
        if payouts is None:
            return [f - s for f, s in zip(final, stacks)]
        return T.prize_equity(final, stacks, payouts)

    def histories(h=""):
        if len(h) == 4 or (len(h) == 3 and "P" not in h):
            yield h
            return
        yield from histories(h + "P")
        yield from histories(h + "F")

    out = {}
    ev = [0.0] * 4
    for holes, boards in deals:
        c = [index[class_name(tuple(sorted(h)))] for h in holes]
        scores = [[R.score(list(h) + list(b)) for h in holes] for b in boards]
        for h in histories():
            players = [i for i, a in enumerate(h) if a == "P"] or [3]
            if len(players) == 1:
                u = pay(h, (0,))
            elif len(players) == 2:
                j, k = players
                w, t = float(win[c[j], c[k]]), float(tie[c[j], c[k]])
                first, tied, second = pay(h, (0, 1)), pay(h, (0, 0)), pay(h, (1, 0))
                u = [w * first[s] + t * tied[s] + (1 - w - t) * second[s] for s in range(4)]
            else:
                u = [0.0] * 4
                for row in scores:
                    mine = [row[i] for i in players]
                    got = pay(h, tuple(len({x for x in mine if x > y}) for y in mine))
                    u = [a + b / len(boards) for a, b in zip(u, got)]
            q = []
            for s, a in enumerate(h):
                p = float(strategy[name(s, h[:s])][c[s]])
                q.append(p if a == "P" else 1 - p)
            q += [1.0] * (4 - len(h))
            for s in range(4):
                ev[s] += float(np.prod(q)) * u[s]
            for s, a in enumerate(h):
                got = out.setdefault(name(s, h[:s]), (np.zeros(169), np.zeros(169)))
                others = float(np.prod([q[r] for r in range(4) if r != s]))
                got[0 if a == "P" else 1][c[s]] += others * u[s]
    return out, ev
