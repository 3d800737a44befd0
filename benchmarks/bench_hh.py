"""Hand histories' speed: hands a second through reading, replaying,
all-in equity and JSON (``pokercli hh``'s work per hand), for PHH, PokerStars
and Open Hand History, beside pokerkit reading and playing out the same PHH
(its ``HandHistory``) in the same run.

    python benchmarks/bench_hh.py [HANDS]

The hands are no-limit hold'em hands that pokerkit deals and plays (2-6
players), written as PHH by pokerkit and as PokerStars and OHH text by the
test suite's writers, in two mixes: random legal actions (random stacks; most
hands end in an all-in with cards to come, many of them multiway) and typical
play (:func:`typical`: mostly folds, few all-ins). One process, one thread; the first
hands warm the kernels up.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests" / "histories"))
from _common import cpu, peer, row  # noqa: E402


def typical(rng, players: int):
    """A no-limit hold'em hand pokerkit deals and plays the way tables mostly
    go, unlike the test suite's uniformly random actions (70 % all-ins): facing
    a bet, fold 55 %, call 35 %, raise 10 %; else check 70 %, bet 30 %; a bet or
    raise to the minimum 60 %, a third of the way to all in 35 %, all in 5 %.
    (the game, its final state, the starting stacks)."""
    import pokerkit
    from pokerkit import Automation as A

    auto = (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING, A.CARD_BURNING,
            A.HOLE_DEALING, A.BOARD_DEALING, A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING,
            A.CHIPS_PUSHING, A.CHIPS_PULLING)
    stacks = [rng.choice([100, 150, 200, 250]) for _ in range(players)]
    game = pokerkit.NoLimitTexasHoldem(auto, True, 0, (1, 2), 2)
    state = game(stacks, players)
    while state.status:
        facing = state.can_check_or_call() and state.checking_or_calling_amount > 0
        x = rng.random()
        if facing and x < 0.55 and state.can_fold():
            state.fold()
        elif (facing and x < 0.90) or (not facing and x < 0.70) or not state.can_complete_bet_or_raise_to():
            state.check_or_call()
        else:
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            y = rng.random()
            state.complete_bet_or_raise_to(lo if y < 0.6 else lo + (hi - lo) // 3 if y < 0.95 else hi)
    return game, state, stacks


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(f"CPU: {cpu()}, {os.cpu_count()} cores")
    pk = peer("pokerkit")
    if pk is None:
        print("pokerkit is needed to deal the hands: pip install '.[bench]'")
        return
    from pokerkit import HandHistory
    from test_ohh import ohh_hand
    from test_phh_oracle import played
    from test_stars_oracle import stars_text

    from pokercli.histories import read_text
    from pokercli.render import json_text

    rng = random.Random(1)
    random.seed(1)
    for mix, deal in (("random legal actions", lambda k: played(rng, "NT", rng.randint(2, 6))),
                      ("typical play (see typical())", lambda k: typical(rng, rng.randint(2, 6)))):
        phh, stars, ohh = [], [], []
        for k in range(count):
            game, state, stacks = deal(k)
            phh.append(f"[{k + 1}]\n" + HandHistory.from_game_state(game, state).dumps())
            stars.append(stars_text(state, stacks, "NT", k + 1))
            ohh.append(json.dumps(ohh_hand(state, stacks, "NT", k + 1)))
        texts = {"PHH (.phhs)": "\n".join(phh), "PokerStars": "".join(stars),
                 "Open Hand History": "\n\n".join(ohh)}
        list(read_text(texts["PHH (.phhs)"][:20000]))  # load the kernels first
        print(f"{count:,} no-limit hold'em hands, {mix}: read, replayed, all-in equity, JSON")
        for name, text in texts.items():
            t0 = time.perf_counter()
            allins = 0
            for hand in read_text(text, "bench"):
                json_text(hand.to_dict())
                allins += hand.allin is not None
            t = time.perf_counter() - t0
            row(f"pokercli {name}", f"{count / t:9,.0f} hands/s ({allins:,} all-ins)")
        t0 = time.perf_counter()
        for hh in HandHistory.loads_all(texts["PHH (.phhs)"]):
            list(hh)  # every state: pokerkit plays the hand out
        t = time.perf_counter() - t0
        row("pokerkit PHH, read and played out (no equity)", f"{count / t:9,.0f} hands/s")


if __name__ == "__main__":
    main()
