"""PokerStars histories against pokerkit: random hands pokerkit dealt and
played (random stacks and antes, 2-6 players, random legal actions) are written as
PokerStars text by a plain writer here (seats, blinds, streets, bets and
raises to amounts, the showdown after the river, as PokerStars writes them),
and pokercli's reader must give every player the net pokerkit played.
(pokerkit's own PokerStars reader does not read the showdown of this text
back: it keeps the cards unknown, so it is no oracle for it.)"""

from __future__ import annotations


import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokercli.histories import read_histories  # noqa: E402
from test_phh_oracle import check_nets, written  # noqa: E402

TITLES = {"NT": "Hold'em No Limit", "PO": "Omaha Pot Limit", "FT": "Hold'em Limit",
          "FO/8": "Omaha Hi/Lo Limit"}
#: A limit game's header names its small and big bets (pokerkit's games here: blinds 1/2, bets 2/4).
STAKES = {"NT": "$1/$2", "PO": "$1/$2", "FT": "$2/$4", "FO/8": "$2/$4"}
STUD_TITLES = {"F7S": "7 Card Stud Limit", "F7S/8": "7 Card Stud Hi/Lo Limit", "FR": "Razz Limit"}
STUD_MARKS = {3: "*** 3rd STREET ***", 4: "*** 4th STREET ***", 5: "*** 5th STREET ***",
              6: "*** 6th STREET ***", 7: "*** RIVER ***"}


def showing(op, names, shows: list, summary: list) -> None:
    """A player's cards shown (or mucked) at the showdown, and in the summary."""
    p = op.player_index
    cards = " ".join(repr(c) for c in op.hole_cards)
    shows.append(f"{names[p]}: shows [{cards}]" if op.hole_cards else f"{names[p]}: mucks hand")
    if op.hole_cards:
        summary.append(f"Seat {p + 1}: {names[p]} showed [{cards}]")


def ending(lines: list, shows: list, summary: list) -> str:
    """The hand's text: its lines, the showdown and the summary."""
    if shows:
        lines += ["*** SHOW DOWN ***", *shows]
    lines += ["*** SUMMARY ***", *summary]
    return "\n".join(lines) + "\n\n"


def stars_text(state, stacks, variant: str, number: int) -> str:
    """The hand as PokerStars writes it: seats 1..n in PHH order (the button
    last), forced bets, streets, bets and raises to amounts, the showdown."""
    n = len(stacks)
    names = [f"player{i + 1}" for i in range(n)]
    lines = [f"PokerStars Hand #{number}: {TITLES[variant]} ({STAKES[variant]} USD) - 2026/01/01 0:00:00 ET",
             f"Table 'Test' 9-max Seat #{n} is the button"]
    lines += [f"Seat {i + 1}: {names[i]} (${stacks[i]} in chips)" for i in range(n)]
    street_max, board, shows, summary, hole_done = 0, [], [], [], False
    street_bets = [0] * n
    blinds: list = []
    for op in state.operations:
        kind = type(op).__name__
        if kind == "AntePosting":
            lines.append(f"{names[op.player_index]}: posts the ante ${op.amount}")
        elif kind == "BlindOrStraddlePosting":  # the small blind first, as PokerStars writes them
            word = "small blind" if op.amount == 1 else "big blind"
            blinds.append((op.amount, f"{names[op.player_index]}: posts {word} ${op.amount}"))
            street_bets[op.player_index] = op.amount
            street_max = max(street_max, op.amount)
            continue
        if blinds:
            lines += [line for _, line in sorted(blinds)]
            blinds.clear()
        elif kind in ("Folding", "CheckingOrCalling", "CompletionBettingOrRaisingTo") and not hole_done:
            lines.append("*** HOLE CARDS ***")
            hole_done = True
        if kind == "BoardDealing":
            if not hole_done:
                lines.append("*** HOLE CARDS ***")
                hole_done = True
            new = [repr(c) for c in op.cards]
            name = {0: "FLOP", 3: "TURN", 4: "RIVER"}[len(board)]
            before = f"[{' '.join(board)}] " if board else ""
            board += new
            lines.append(f"*** {name} *** {before}[{' '.join(new)}]")
            street_max, street_bets = 0, [0] * n
        elif kind == "Folding":
            lines.append(f"{names[op.player_index]}: folds")
        elif kind == "CheckingOrCalling":
            lines.append(f"{names[op.player_index]}: " + (f"calls ${op.amount}" if op.amount else "checks"))
            street_bets[op.player_index] += op.amount
        elif kind == "CompletionBettingOrRaisingTo":
            p = op.player_index
            lines.append(f"{names[p]}: bets ${op.amount}" if street_max == 0 else
                         f"{names[p]}: raises ${op.amount - street_max} to ${op.amount}")
            street_bets[p] = op.amount
            street_max = op.amount
        elif kind == "HoleCardsShowingOrMucking":  # after the river, as PokerStars writes it
            showing(op, names, shows, summary)
    return ending(lines, shows, summary)


def stars_stud_text(state, stacks, variant: str, number: int) -> str:
    """A stud hand as PokerStars writes it for player1 (who sees their own
    down cards; the others' up cards only, their down cards at the showdown):
    antes, the streets' ``Dealt to`` lines, the bring-in, completions, bets and
    raises to amounts, the showdown's seven cards in the order dealt."""
    n = len(stacks)
    names = [f"player{i + 1}" for i in range(n)]
    lines = [f"PokerStars Game #{number}:  {STUD_TITLES[variant]} ($2/$4 USD) - 2026/01/01 0:00:00 ET",
             "Table 'Test' 8-max"]
    lines += [f"Seat {i + 1}: {names[i]} (${stacks[i]} in chips)" for i in range(n)]
    held = [[] for _ in range(n)]  # (card, face up) as dealt
    pending: dict = {}
    street, level, completing, shows, summary = 0, 0, False, [], []

    def seen(p, cards):  # what player1 sees of a player's cards
        return [c for c, up in cards if up or p == 0]

    def dealt_lines():
        for p in sorted(pending):
            new, before = pending[p], held[p][:len(held[p]) - len(pending[p])]
            if street == 3:
                lines.append(f"Dealt to {names[p]} [{' '.join(seen(p, new))}]")
            elif seen(p, new):
                lines.append(f"Dealt to {names[p]} [{' '.join(seen(p, before))}] [{' '.join(seen(p, new))}]")
        pending.clear()

    for op in state.operations:
        kind = type(op).__name__
        if kind == "HoleDealing":
            p = op.player_index
            for card, up in zip(op.cards, op.statuses):
                held[p].append((repr(card), up))
                pending.setdefault(p, []).append((repr(card), up))
            now = max(3, len(held[p]))
            if now != street:
                street, level, completing = now, 0, False
                lines.append(STUD_MARKS[street])
            continue
        if pending:
            dealt_lines()
        p = getattr(op, "player_index", None)
        if kind == "AntePosting":
            lines.append(f"{names[p]}: posts the ante ${op.amount}")
        elif kind == "BringInPosting":
            lines.append(f"{names[p]}: brings in for ${op.amount}")
            level, completing = op.amount, True
        elif kind == "CompletionBettingOrRaisingTo":
            lines.append(f"{names[p]}: completes it to ${op.amount}" if completing else
                         f"{names[p]}: bets ${op.amount}" if level == 0 else
                         f"{names[p]}: raises ${op.amount - level} to ${op.amount}")
            level, completing = op.amount, False
        elif kind == "CheckingOrCalling":
            lines.append(f"{names[p]}: " + (f"calls ${op.amount}" if op.amount else "checks"))
        elif kind == "Folding":
            lines.append(f"{names[p]}: folds")
        elif kind == "HoleCardsShowingOrMucking":
            showing(op, names, shows, summary)
    if pending:
        dealt_lines()
    return ending(lines, shows, summary)


DRAW_TITLES = {"F2L3D": "Triple Draw 2-7 Lowball Limit", "N2L1D": "Single Draw 2-7 Lowball No Limit",
               "FB": "Badugi Limit"}
DRAW_STAKES = {"F2L3D": "$2/$4", "N2L1D": "$1/$2", "FB": "$2/$4"}


def stars_draw_text(state, stacks, variant: str, number: int) -> str:
    """A draw game's hand as PokerStars writes it for player1 (the button
    last): blinds, ``*** DEALING HANDS ***`` with player1's cards, the others'
    discards as a count, player1's by name with the cards dealt for them
    (``Dealt to player1 [kept] [new]``), standing pat, bets and raises to
    amounts, the last cards shown at the showdown."""
    n = len(stacks)
    names = [f"player{i + 1}" for i in range(n)]
    lines = [f"PokerStars Hand #{number}: {DRAW_TITLES[variant]} ({DRAW_STAKES[variant]} USD) - "
             "2026/01/01 0:00:00 ET", f"Table 'Test' 6-max Seat #{n} is the button"]
    lines += [f"Seat {i + 1}: {names[i]} (${stacks[i]} in chips)" for i in range(n)]
    mine: list = []  # player1's cards
    dealt, level, blinds, shows, summary = False, 0, [], [], []
    rounds = iter(("FIRST", "SECOND", "THIRD"))
    drawing = False
    for op in state.operations:
        kind = type(op).__name__
        p = getattr(op, "player_index", None)
        if kind == "BlindOrStraddlePosting":
            word = "small blind" if not blinds else "big blind"
            blinds.append(f"{names[p]}: posts {word} ${op.amount}")
            level = max(level, op.amount)
            continue
        if blinds:
            lines += blinds
            blinds.clear()
        if kind == "HoleDealing":
            if not dealt:
                mine += [repr(c) for c in op.cards] if p == 0 else []
            elif p == 0:
                new = [repr(c) for c in op.cards]
                lines.append(f"Dealt to {names[0]} [{' '.join(mine)}] [{' '.join(new)}]")
                mine += new
            continue
        if kind in ("Folding", "CheckingOrCalling", "CompletionBettingOrRaisingTo", "StandingPatOrDiscarding") \
                and not dealt:
            lines += ["*** DEALING HANDS ***", f"Dealt to {names[0]} [{' '.join(mine)}]"]
            dealt = True
        if kind == "StandingPatOrDiscarding":
            if not drawing:
                lines.append(f"*** {next(rounds, 'NEXT')} DRAW ***")
                drawing, level = True, 0
            gone = [repr(c) for c in op.cards]
            if not gone:
                lines.append(f"{names[p]}: stands pat" + (f" on [{' '.join(mine)}]" if p == 0 else ""))
            elif p == 0:
                lines.append(f"{names[p]}: discards {len(gone)} card{'s' * (len(gone) > 1)} [{' '.join(gone)}]")
                mine = [c for c in mine if c not in gone]
            else:
                lines.append(f"{names[p]}: discards {len(gone)} card{'s' * (len(gone) > 1)}")
            continue
        if kind in ("Folding", "CheckingOrCalling", "CompletionBettingOrRaisingTo"):
            drawing = False
        if kind == "AntePosting":
            lines.append(f"{names[p]}: posts the ante ${op.amount}")
        elif kind == "Folding":
            lines.append(f"{names[p]}: folds")
        elif kind == "CheckingOrCalling":
            lines.append(f"{names[p]}: " + (f"calls ${op.amount}" if op.amount else "checks"))
        elif kind == "CompletionBettingOrRaisingTo":
            lines.append(f"{names[p]}: bets ${op.amount}" if level == 0 else
                         f"{names[p]}: raises ${op.amount - level} to ${op.amount}")
            level = op.amount
        elif kind == "HoleCardsShowingOrMucking":
            showing(op, names, shows, summary)
    return ending(lines, shows, summary)


def mixed_hands(variant: str, write) -> list:
    """150 random hands of ``variant`` (2 to 6 players) that pokerkit played,
    written by ``write`` and read back, every player's net checked against pokerkit's."""
    import random

    from test_phh_oracle import played

    rng = random.Random("stars" + variant)
    random.seed("stars" + variant)
    texts, nets = [], []
    for k in range(150):
        _, state, stacks = played(rng, variant, rng.randint(2, 6))
        texts.append(write(state, stacks, variant, 5000 + k))
        nets.append([a - b for a, b in zip(state.stacks, stacks)])
    hands = list(read_histories("".join(texts)))
    check_nets(hands, nets, "pokerstars")
    return hands


@pytest.mark.parametrize("variant", ["F2L3D", "N2L1D", "FB"])
def test_draw_games_nets_are_pokerkits(variant):
    """2-7 triple and single draw and badugi as PokerStars writes them (the
    others' discards a count, player1's named, standing pat, the deck dealt
    again from the discards when it runs out): every player's net is
    pokerkit's, on 150 random hands of 2 to 6 players each."""
    hands = mixed_hands(variant, stars_draw_text)
    game = {"F2L3D": "27-triple", "N2L1D": "27-single", "FB": "badugi"}[variant]
    assert all(h.game == game for h in hands)
    assert sum(any(len(p.contenders) > 1 for p in h.pots) for h in hands) >= 20  # showdowns


@pytest.mark.parametrize("variant", ["F7S", "F7S/8", "FR"])
def test_stud_razz_and_stud_hi_lo_nets_are_pokerkits(variant):
    """Stud games as PokerStars writes them (``Dealt to`` lines street by
    street, the bring-in, completions, the seven cards shown): every player's
    net is pokerkit's, on 150 random hands of 2 to 6 players each."""
    hands = mixed_hands(variant, stars_stud_text)
    game = {"F7S": "stud", "F7S/8": "stud-hilo", "FR": "razz"}[variant]
    assert all(h.game == game and h.fields["bring_in"] == 1 for h in hands)
    assert all((h.fields["small_bet"], h.fields["big_bet"]) == (2, 4) for h in hands)
    # the all-ins before the seventh street are judged where every hand was shown
    assert sum(h.allin is not None and h.allin_ev() is not None and h.allin.reason is None for h in hands) >= 3


@pytest.mark.parametrize("variant", ["NT", "PO", "FT", "FO/8"])
def test_every_players_net_is_pokerkits(variant):
    texts, nets = written(variant, lambda game, state, stacks, k: stars_text(state, stacks, variant, k))
    check_nets(list(read_histories("".join(texts))), nets, "pokerstars")  # one file of them all
