"""The CUDA kernels typed and lowered as numba-cuda does for a real device.

Numba's CUDA simulator runs a kernel as Python, so it takes code that the
device compiler refuses (a local array sized by an expression, for one). Here
each kernel is called through the engine's own host code with the device calls
stood in for: the launch records its arguments, and the kernel is then typed
and lowered to LLVM IR for an sm_90 device with those arguments' types, as a
launch on a GPU would compile it (no device or NVVM needed).
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba.cuda")

from pokercli import gpu  # noqa: E402


class _OnHost(np.ndarray):
    """A "device array": a NumPy array with ``copy_to_host``."""

    def copy_to_host(self):
        return np.asarray(self).copy()


class _Recorder:
    """Stands in for a built kernel: each launch's arguments, recorded."""

    def __init__(self, kernel):
        self.kernel = kernel
        self.launches: list[tuple] = []

    def __getitem__(self, config):
        return lambda *args: self.launches.append(args)


def _numba_type(x):
    from numba import typeof

    return typeof(np.asarray(x) if isinstance(x, np.ndarray) else x)


def _lower(recorder: _Recorder) -> None:
    from numba.cuda import compiler

    assert recorder.launches, "the host code launched nothing"
    for args in {tuple(map(_numba_type, a)): a for a in recorder.launches}:
        cres = compiler.compile_cuda(recorder.kernel.py_func, None, args, debug=False, lineinfo=False,
                                     cc=(9, 0))
        assert "define" in str(cres.library.get_llvm_str())


@pytest.fixture
def fake_device(monkeypatch):
    """numba.cuda's device calls on the host: arrays stay NumPy arrays."""
    from numba import cuda

    monkeypatch.setattr(cuda, "to_device", lambda a: np.array(a).view(_OnHost))
    monkeypatch.setattr(cuda, "synchronize", lambda: None)
    monkeypatch.setattr(gpu, "_sm_count", lambda: 132)
    monkeypatch.setattr(gpu, "simulated", lambda: False)


@pytest.mark.parametrize("game, players", [
    ("razz", ["As 2d 3h 4c 9h", "Kd 3d 4s 6h 7h"]),
    ("stud-hilo", ["As 2d 3h 4c 9h", "Kd 3d 4s 6h 7h", "Qc Qs 2c 8d 8h"]),
    ("badugi", ["As 2d 3h", "Ac 4d 5h"]),
    ("27-single", ["7s 5d 4h 3c", "8s 6h 4d 2c"]),
])
def test_the_stud_kernel_compiles_for_a_device(fake_device, monkeypatch, game, players):
    from pokercli._kernels import gpu_stud
    from pokercli.equity_calc import stud as S
    from pokercli.equity_calc.spot import make_spot

    spot = make_spot(players, game=game, with_types=True)
    g = spot.game
    recorder = _Recorder(gpu_stud.build())
    monkeypatch.setattr(gpu_stud, "build", lambda: recorder)
    hands, sizes, pool, missing = S.layout(spot)
    gpu.stud_exact(hands, sizes, pool, S.places(missing), S.kernel_tables(g), True,
                   list(S.split_tallies(len(players))))
    _lower(recorder)


def test_the_four_handed_push_fold_kernel_compiles_for_a_device(fake_device, monkeypatch):
    from pokercli import push_fold_table as T
    from pokercli._kernels import gpu_pushfold

    recorder = _Recorder(gpu_pushfold.build())
    monkeypatch.setattr(gpu_pushfold, "build", lambda: recorder)
    game = T._Game4([10, 7, 12, 4], 0.125, None, 300, 3, gpu=True)
    rng = np.random.default_rng(1)
    game.values({(d.player, d.history): rng.random(169) for d in game.decisions})
    _lower(recorder)
