"""``import pokercli`` is light: no NumPy, no Numba (nor Typer or Rich), and neither do
the functions that need no kernel."""

import subprocess
import sys

import pytest

CODE = ("import sys\nimport pokercli\n{stmt}\n"
        "print(' '.join(sorted(m for m in ('numpy', 'numba', 'llvmlite', 'typer', 'rich') if m in sys.modules)))")


@pytest.mark.parametrize("stmt,allowed", [
    ("pass", set()),
    ("pokercli.rank('As Ks Qs Js Ts 2c 3d')", set()),
    ("pokercli.showdown(['AsAc', 'KhKs'], board='Ah Kd 7c 2s 3h')", set()),
    ("pokercli.score_info(270536708)", set()),
    ("pokercli.parse_cards('AsKd'), pokercli.parse_range('QQ+,AKs')", set()),
    ("pokercli.encode('TH AH QS 9D JD'), pokercli.encode(640, kind='ranks')", set()),
    ("pokercli.deal('hearts', seed=1), pokercli.deal(players=9, count=3)", set()),
    ("pokercli.hearts_state([1, 2, 3, 4] * 13, view=2)", set()),
    ("pokercli.combos('As Ah Ad Ac Ks Qs Js Ts 3d 4d 5d 6d 7c')", set()),
    ("dir(pokercli), pokercli.__all__", set()),
    # a hand against a hand reads one row of the shipped table with the standard library
    ("pokercli.equity(['AsAh', 'KsKh'])", set()),
    ("pokercli.icm('50,30,20', '70,30', bubble=True, call=(3, 1))", set()),
    # a hand against a hand after the flop: the evaluator's tables read with the standard library
    ("pokercli.equity(['AsAh', 'KsKh'], board='2c 3d 4h')", set()),
    # ... until the light paths have spent their budget: then the kernels take over
    ("pokercli.equity(['AsAh', 'KsKh'], board='2c 3d 4h')\n"
     "from pokercli import timing\ntiming.LIGHT_SPENT[0] = timing.LIGHT_BUDGET\n"
     "pokercli.equity(['AsAh', 'KsKh'], board='2c 3d 4h')", {"numpy", "numba", "llvmlite"}),
    ("pokercli.rank('(As 2d) 3h 4c 5s 9d (Kd)', game='razz')", set()),
    # Omaha hands after the flop, first in the process: plain Python from the same tables
    ("pokercli.equity(['AsAhKsKh', 'QdQcJdJc'], board='2c 3d 4h', game='omaha')", set()),
    ("pokercli.equity(['As2hKsKh', 'QdQc3cJc', '7h8h9cTc'], board='2c 3d 4h 9s', game='omaha-hilo')", set()),
    ("pokercli.equity(['AsAhKsKh', 'QdQcJdJc'], board='2c 3d 4h', game='omaha', categories=True)",
     {"numpy", "numba", "llvmlite"}),
    # the stud and draw games' small spots too (sixth street, a draw to come); fifth street's
    # 671,580 deals go to the kernels
    ("pokercli.equity(['(As 2d) 3h 4c 9h Th', '(Kd 3d) 4s 6h 7h 8c'], game='razz')", set()),
    ("pokercli.equity(['(As 2d) 3h 4c 9h Th', '(Kd 3d) 4s 6h 7h 8c'], game='stud-hilo')", set()),
    ("pokercli.equity(['7s 5d 4h 2c', '8s 6d 3h 2d'], game='27-single')", set()),
    ("pokercli.equity(['As 2d 3h', 'Ks 2c 4h 7d'], game='badugi')", set()),
    ("pokercli.equity(['(As 2d) 3h 4c 9h', '(Kd 3d) 4s 6h 7h'], game='razz')", {"numpy", "numba", "llvmlite"}),
    # a turn or river percentile in plain Python; on the flop, or with weights, the kernels
    ("pokercli.percentile('AsKs', '2c 3d 4h 5s'), pokercli.percentile('AsKs', '2c 3d 4h 5s 9h', vs='QQ+')",
     set()),
    ("pokercli.percentile('AsKs', '2c 3d 4h 5s', vs='QQ+:0.5')", {"numpy", "numba", "llvmlite"}),
    ("pokercli.percentile('AsKs', '2c 3d 4h')", {"numpy", "numba", "llvmlite"}),
    # ranges against the table: NumPy, no kernel, no Numba

    ("pokercli.equity(['AsAh', 'QQ+,AKs'])", {"numpy"}),
    # a small heads-up range spot on a flop, first in the process: NumPy, no kernel
    ("pokercli.equity(['AsAh', 'KK,QQ'], board='2c 3d 4h')", {"numpy"}),
    # two ranges on a flop, and a hand against random: NumPy counts them (about 20 ms at most)
    ("pokercli.equity(['QQ+,AKs', 'JJ-99,AQs+'], board='Kd 7c 2h')", {"numpy"}),
    ("pokercli.equity(['AsKs', 'random'], board='Kd 7c 2h')", {"numpy"}),
    ("import numpy\nfrom pokercli import timing\ntiming.LIGHT_SPENT[0] = timing.LIGHT_BUDGET\n"
     "pokercli.equity(['AsAh', 'KK,QQ'], board='2c 3d 4h')", {"numpy", "numba", "llvmlite"}),
    ("pokercli.pushfold(10)", {"numpy"}),
    # Monte Carlo of fixed hands: the kernels' NumPy twins, up to 2 M samples; past them, the kernels
    ("pokercli.equity(['AsAh', 'KsKh'], method='monte-carlo', seed=1)", {"numpy"}),
    ("pokercli.equity(['AsAh', 'KsKh', '7c 2d'], board='Qs Jd 3c', method='monte-carlo', samples=300_000)",
     {"numpy"}),
    ("pokercli.equity(['AsAh', 'KsKh'], method='monte-carlo', samples=3_000_000)", {"numpy", "numba", "llvmlite"}),
    # three fixed hands on a flop: NumPy too; past NumPy's limits, the kernels
    ("pokercli.equity(['AsAh', 'KsKh', 'Qd Jd'], board='2c 3d 4h')", {"numpy"}),
    ("pokercli.equity(['22+,A2s+,K9o+', 'QQ+,AK', 'JJ-99'], board='Kd 7c 2h')", {"numpy", "numba", "llvmlite"}),
])
def test_light_functions_load_no_heavy_module(stmt, allowed):
    r = subprocess.run([sys.executable, "-c", CODE.format(stmt=stmt)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    loaded = set(r.stdout.split())
    assert loaded <= allowed, f"{stmt} loaded {loaded - allowed}"
    if allowed:
        assert allowed <= loaded  # the heavy call really is heavy: the check can fail


def test_every_exported_name_resolves():
    import pokercli

    for name in pokercli.__all__:
        assert getattr(pokercli, name) is not None, name
    with pytest.raises(AttributeError):
        pokercli.no_such_thing  # noqa: B018
