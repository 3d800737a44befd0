"""percentile and draw speed (compute on warm kernels, and the whole command).

    python benchmarks/bench_percentile_draw.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of, pokercli_cmd, row, wall  # noqa: E402

from pokercli import cards as C  # noqa: E402
from pokercli import five_card_draw as DR  # noqa: E402
from pokercli import hand_strength as P  # noqa: E402


def main() -> None:
    hand, board = C.parse("As Ad"), C.parse("Ac 2d 8c")
    P.compute(hand, board)
    t = best_of(lambda: P.compute(hand, board), 5)
    row("percentile flop, 1,081 hands x 990 runouts", f"{1000 * t:8.1f} ms", "compute; goal <= 50 ms")
    turn = C.parse("Ac 2d 8c Kh")
    t = best_of(lambda: P.compute(hand, turn), 5)
    row("percentile turn, 1,035 hands x 44 runouts", f"{1000 * t:8.1f} ms", "compute")
    tw = wall([*pokercli_cmd(), "percentile", "AsAd", "--board", "Ac 2d 8c"], repeat=5)
    row("pokercli percentile AsAd --board 'Ac 2d 8c'", f"{tw:8.2f} s", "whole command; goal <= 1 s")

    draw_hand = C.parse("Jh Jd 7c 4s 2h")
    DR.analyse(draw_hand)
    t = best_of(lambda: DR.analyse(draw_hand), 5)
    row("draw: all 32 holds (2,598,960 final hands)", f"{1000 * t:8.1f} ms", "compute; goal <= 500 ms")
    tw = wall([*pokercli_cmd(), "draw", "Jh Jd 7c 4s 2h"], repeat=5)
    row("pokercli draw Jh Jd 7c 4s 2h", f"{tw:8.2f} s", "whole command")


if __name__ == "__main__":
    main()
