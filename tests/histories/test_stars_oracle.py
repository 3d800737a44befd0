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


def stars_text(state, stacks, variant: str, number: int) -> str:
    """The hand as PokerStars writes it: seats 1..n in PHH order (the button
    last), forced bets, streets, bets and raises to amounts, the showdown."""
    n = len(stacks)
    names = [f"player{i + 1}" for i in range(n)]
    lines = [f"PokerStars Hand #{number}: {TITLES[variant]} ($1/$2 USD) - 2026/01/01 0:00:00 ET",
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
            p = op.player_index
            cards = " ".join(repr(c) for c in op.hole_cards)
            shows.append(f"{names[p]}: shows [{cards}]" if op.hole_cards else f"{names[p]}: mucks hand")
            if op.hole_cards:
                summary.append(f"Seat {p + 1}: {names[p]} showed [{cards}]")
    if shows:
        lines += ["*** SHOW DOWN ***", *shows]
    lines += ["*** SUMMARY ***", *summary]
    return "\n".join(lines) + "\n\n"


@pytest.mark.parametrize("variant", ["NT", "PO", "FT", "FO/8"])
def test_every_players_net_is_pokerkits(variant):
    texts, nets = written(variant, lambda game, state, stacks, k: stars_text(state, stacks, variant, k))
    check_nets(list(read_histories("".join(texts))), nets, "pokerstars")  # one file of them all
