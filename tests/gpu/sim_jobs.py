"""Run by tests/gpu/test_gpu_engine.py in a subprocess with NUMBA_ENABLE_CUDASIM=1:
tiny jobs on the GPU engine (Numba's CUDA simulator), printed as one JSON document."""

import json
import warnings

warnings.simplefilter("ignore")  # the simulator's NumPy scalars warn of wrapping uint64 arithmetic

import numpy as np  # noqa: E402

import pokercli  # noqa: E402
from pokercli import gpu  # noqa: E402
from pokercli._kernels.lookup import KEY_INIT  # noqa: E402

# 34 dead cards leave 10 or so: a handful of boards per deal, fit for the simulator
DEAD = "2c 3c 4c 5c 6c 7c 8c 9c Tc 2d 3d 4d 5d 6d 7d 8d 9d Td 2h 3h 4h 5h 6h 7h 8h 9h Th 2s 3s 4s 5s 6s 7s 8s"


# short deck: 18 dead cards leave 14 (2,002 boards)
SHORT_DEAD = "6c 7c 8c 9c 6d 7d 8d 9d 6h 7h 8h 9h 6s 7s 8s 9s Tc Td"
FIXED_SPOTS = [(["AsAh", "KsKh"], "", "2c"), (["AhAd", "KsKc", "QhQs"], "", ""),
               (["AsKs", "QhJh"], "Ts 9h 2s", "")]


# the stud and draw games on the GPU engine: a card or two to come each, many dead cards
STUD_DEAD = "5c 5d 5s 5h 6c 6d 6s 7c 7d 7s 8c 8h 8s 9c 9d 9s Tc Td Ts Th"
STUD_SPOTS = {
    "razz": ("razz", ["As 2d 3h 4c Qh Kd", "Kc 3d 4s 6h 2h Jd"], STUD_DEAD),
    "razz ranges": ("razz", ["As 2d 3h 4c Q K", "Kc 3d 4s 6h 2h J"], STUD_DEAD),  # a bare rank: any suit
    "stud three": ("stud", ["As Ad 3h 4c 9h Kd", "Kc Ks 4s 6h 7h 8d", "2c 2h Qc Qd Jc Jd"], STUD_DEAD),
    "stud-hilo": ("stud-hilo", ["As 2d 3h 4c 9h", "Kc 3d 4s 6h 7h"], STUD_DEAD + " Jc Jd Js Jh Qc Qd"),
    "27-single": ("27-single", ["As 4d 3h 2c", "7s 6d 5c 3s", "8h 6h 4h 2h"],
                  "Kd Kc Ks Kh Qd Qc Qs Qh Jd Jc Js Jh Td Tc Ts Th 9d 9c 9s 9h 8d 8c 8s 7d 7c 7h 6s 6c"),
    # the deck short of a seventh card each: one community card (three unseen cards, six deals)
    "razz community": ("razz", ["As 2d 3h 4c Qh", "Kc 3d 4s 6h 2h"],
                       "4h 5h 7h 8h 9h Th Kh Ah 2s 3s 5s 6s 7s 8s 9s Ts Js Qs 2c 3c 5c 6c 7c 8c 9c Tc Jc Qc Ac "
                       "4d 5d 6d 7d 8d Td Jd Qd Kd Ad"),
    "badugi": ("badugi", ["As 2d 3h", "Ac 4d 5h"], "Kd Kc Ks Kh Qd Qc Qs Qh Jd Jc Js Jh Td Tc Ts Th 9d 9c 9s "
               "9h 8d 8c 8s 7d 7c 7h 6s 6c"),
}


def doc(r):
    d = r.to_dict()
    d.pop("seconds", None)
    return d


def counts(r):
    return [[p.wins, p.ties, p.total] for p in r.players]


def main() -> None:
    out = {"status": list(gpu.status())}
    out["exact"] = {
        "class pair": counts(pokercli.equity(["AKs", "QQ"], dead=DEAD, method="exact", engine="gpu")),
        "class triple": counts(pokercli.equity(["AKs", "QQ", "JJ"], dead=DEAD, method="exact", engine="gpu")),
        "four hands": counts(pokercli.equity(["AsKs", "QhQd", "JcJd", "Js9s"], dead=DEAD.replace(" 8s", ""),
                                             method="exact", engine="gpu")),
        "flop ranges": counts(pokercli.equity(["AA,KK", "QQ,JJ"], board="Ac Kd Qs", dead=DEAD[:-6],
                                              method="exact", engine="gpu")),
        "short deck": counts(pokercli.equity(["AsKs", "JhJd"], dead=SHORT_DEAD,
                                             game="shortdeck", method="exact", engine="gpu")),
    }
    # many random preflop deals (two groups of 32, one padded) of 2 and 3 players on a
    # 10-card deck: the preflop kernel with its tables in shared memory and in device
    # memory, and the general kernel, each deal's boards by winner pattern
    rng = np.random.default_rng(5)
    out["deals"] = {}
    for players in (2, 3):
        cards = np.array([rng.permutation(52)[:2 * players + 10] for _ in range(45)])
        hands = cards[:, :2 * players].reshape(45, players, 2).astype(np.int64)
        decks = np.sort(cards[:, 2 * players:], axis=1).astype(np.int8)
        got = {"cards": cards.tolist(), "shared": gpu.deal_patterns("standard", hands, decks, 5, KEY_INIT, 0)}
        gpu.USE_SHARED = False
        got["device memory"] = gpu.deal_patterns("standard", hands, decks, 5, KEY_INIT, 0)
        gpu.USE_SHARED = True
        got["general"] = gpu.board_patterns("standard", hands, decks, 5, KEY_INIT, 0)
        out["deals"][players] = {key: np.asarray(v).tolist() for key, v in got.items()}
    gpu.USE_SHARED = False
    r = pokercli.equity(["AsAh", "QQ,JJ", "random"], board="2c 7d 9h", samples=3000, seed=11, engine="gpu")
    gpu.USE_SHARED = True
    out["monte carlo device memory"] = [p.equity for p in r.players]
    r = pokercli.equity(["AsAh", "QQ,JJ", "random"], board="2c 7d 9h", samples=3000, seed=11, engine="gpu")
    again = pokercli.equity(["AsAh", "QQ,JJ", "random"], board="2c 7d 9h", samples=3000, seed=11, engine="gpu")
    out["monte carlo"] = {"equity": [p.equity for p in r.players], "stderr": [p.stderr for p in r.players],
                          "again": [p.equity for p in again.players], "samples": r.samples, "note": r.note}
    # every hand fixed: the board a uniform subset of the cards left (Floyd's algorithm)
    out["monte carlo fixed"] = []
    for players, board, dead in FIXED_SPOTS:
        runs = [pokercli.equity(players, board, dead, samples=4000, seed=5, engine="gpu") for _ in range(2)]
        gpu.USE_SHARED = False
        runs.append(pokercli.equity(players, board, dead, samples=4000, seed=5, engine="gpu"))
        gpu.USE_SHARED = True
        out["monte carlo fixed"].append({
            "players": players, "board": board, "dead": dead, "equity": [p.equity for p in runs[0].players], "stderr": [p.stderr for p in runs[0].players],
            "again": [p.equity for p in runs[1].players], "device memory": [p.equity for p in runs[2].players],
            "samples": runs[0].samples})
    out["stud exact"] = {name: doc(pokercli.equity(players, dead=dead, game=game, method="exact", engine="gpu"))
                         for name, (game, players, dead) in STUD_SPOTS.items()}
    cap, gpu.STUD_LAUNCH_HANDS = gpu.STUD_LAUNCH_HANDS, 64  # launches of 16 combinations: the tallies add up
    for name in ("razz", "stud-hilo"):
        game, players, dead = STUD_SPOTS[name]
        out["stud exact"][f"{name}, short launches"] = doc(pokercli.equity(players, dead=dead, game=game,
                                                                           method="exact", engine="gpu"))
    gpu.STUD_LAUNCH_HANDS = cap
    game, players, dead = STUD_SPOTS["stud three"]
    out["stud exact"]["stud three, types"] = doc(pokercli.equity(players, dead=dead, game=game, method="exact",
                                                                 engine="gpu", categories=True))
    out["pushfold four"] = pushfold_four()
    print(json.dumps(out))


#: Four-handed push/fold on the GPU engine: (stacks, ante, payouts), 300 deals, seed 3
PUSHFOLD_SPOTS = [([10, 7, 12, 4], 0.125, None), ([10, 7, 12, 4], 0.1, [50, 30, 20])]


def pushfold_strategy(game):
    rng = np.random.default_rng(1)
    return {(d.player, d.history): rng.random(169) for d in game.decisions}


def pushfold_four():
    """Each spot's values of a random strategy on the GPU kernel, and a short
    solve on the GPU engine."""
    from pokercli import push_fold_table as T

    got = {"values": []}
    for stacks, ante, payouts in PUSHFOLD_SPOTS:
        game = T._Game4(stacks, ante, payouts, 300, 3, gpu=True)
        values, ev = game.values(pushfold_strategy(game))
        got["values"].append({"out": values.tolist(), "ev": ev.tolist()})
    r = pokercli.pushfold_table([10, 10, 8, 5], deals=1000, max_iterations=2, engine="gpu")
    got["solve"] = [d.frequencies for d in r.ranges]
    return got


if __name__ == "__main__":
    main()
