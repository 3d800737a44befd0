"""Run by tests/gpu/test_gpu_engine.py in a subprocess with NUMBA_ENABLE_CUDASIM=1:
tiny jobs on the GPU engine (Numba's CUDA simulator), printed as one JSON document."""

import json
import warnings

warnings.simplefilter("ignore")  # the simulator's NumPy scalars warn of wrapping uint64 arithmetic

import pokercli  # noqa: E402
from pokercli import gpu  # noqa: E402

# 34 dead cards leave 10 or so: a handful of boards per deal, fit for the simulator
DEAD = "2c 3c 4c 5c 6c 7c 8c 9c Tc 2d 3d 4d 5d 6d 7d 8d 9d Td 2h 3h 4h 5h 6h 7h 8h 9h Th 2s 3s 4s 5s 6s 7s 8s"


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
        "short deck": counts(pokercli.equity(["AsKs", "JhJd"], dead="6c 7c 8c 9c 6d 7d 8d 9d 6h 7h 8h 6s 7s 8s",
                                             game="shortdeck", method="exact", engine="gpu")),
    }
    r = pokercli.equity(["AsAh", "QQ,JJ", "random"], board="2c 7d 9h", samples=3000, seed=11, engine="gpu")
    again = pokercli.equity(["AsAh", "QQ,JJ", "random"], board="2c 7d 9h", samples=3000, seed=11, engine="gpu")
    out["monte carlo"] = {"equity": [p.equity for p in r.players], "stderr": [p.stderr for p in r.players],
                          "again": [p.equity for p in again.players], "samples": r.samples, "note": r.note}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
