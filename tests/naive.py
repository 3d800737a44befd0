"""Slow, obviously right versions of the calculators, for the tests.

Everything here uses the seed's five-card method (best of every five-card
subset) and plain itertools enumeration.
"""

from itertools import combinations, product

from pokercli import reference as R


def showdown_shares(holes, board):
    """Pot share of each player on a complete board."""
    scores = [R.score(list(h) + list(board)) for h in holes]
    best = max(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    return [1 / len(winners) if i in winners else 0.0 for i in range(len(holes))], winners


def equity(ranges, board=(), dead=()):
    """ranges: per player a list of ((c1, c2), weight). Returns (equities, wins, ties, total)."""
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
        deck = [c for c in range(52) if c not in set(cards) | set(board) | set(dead)]
        for rest in combinations(deck, 5 - len(board)):
            shares, winners = showdown_shares([combo for combo, _ in deal], list(board) + list(rest))
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


def percentile(hand, board, opps, dead=()):
    """(beats, ties, loses, hp) by plain enumeration; opps: list of ((c1, c2), weight)."""
    hero_now = R.score(list(hand) + list(board)) if len(board) >= 3 else None
    beats = ties = loses = 0.0
    hp = [[0.0] * 3 for _ in range(3)]
    deck = [c for c in range(52) if c not in set(hand) | set(board) | set(dead)]
    hero_final = {}
    for ro in combinations(deck, 5 - len(board)):
        hero_final[ro] = R.score(list(hand) + list(board) + list(ro))
    for (a, b), w in opps:
        s = R.score([a, b] + list(board))
        now = 0 if hero_now > s else (1 if hero_now == s else 2)
        beats += w * (now == 0)
        ties += w * (now == 1)
        loses += w * (now == 2)
        for ro, h in hero_final.items():
            if a in ro or b in ro:
                continue
            f = R.score([a, b] + list(board) + list(ro))
            hp[now][0 if h > f else (1 if h == f else 2)] += w
    return beats, ties, loses, hp
