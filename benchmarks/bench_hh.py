"""Hand histories' speed: hands a second through reading, replaying,
all-in equity and JSON (``pokercli hh``'s work per hand), for PHH, PokerStars
and Open Hand History, beside pokerkit reading and playing out the same PHH
(its ``HandHistory``) in the same run.

    python benchmarks/bench_hh.py [HANDS]

The hands are random no-limit hold'em hands that pokerkit deals and plays
(2-6 players, random stacks, random legal actions: about one in six ends in
an all-in with cards to come), written as PHH by pokerkit and as PokerStars
and OHH text by the test suite's writers. One process, one thread; the first
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
    phh, stars, ohh = [], [], []
    for k in range(count):
        game, state, stacks = played(rng, "NT", rng.randint(2, 6))
        phh.append(f"[{k + 1}]\n" + HandHistory.from_game_state(game, state).dumps())
        stars.append(stars_text(state, stacks, "NT", k + 1))
        ohh.append(json.dumps(ohh_hand(state, stacks, "NT", k + 1)))
    texts = {"PHH (.phhs)": "\n".join(phh), "PokerStars": "".join(stars), "Open Hand History": "\n\n".join(ohh)}
    list(read_text(texts["PHH (.phhs)"][:20000]))  # load the kernels first
    print(f"{count:,} no-limit hold'em hands: read, replayed, all-in equity, JSON")
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
