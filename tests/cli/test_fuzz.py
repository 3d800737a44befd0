"""Fuzzing every subcommand in-process (issue 12): a documented exit status, never a
traceback or an internal error, strict JSON whenever --json succeeds.

The work limits of ``equity`` and the size of a table are lowered while the
fuzzer runs (module constants), so that no random invocation runs for minutes.
"""

import json

from hypothesis import HealthCheck, given, settings, strategies as st

VALUES = ["As", "AsKs", "As Ks Qs Js Ts", "As Ks Qs Js 2d", "Ah Kd 7c", "Ah Kd 7c 2s", "2c 3d 4h 5s 7c 9d",
          "AA", "QQ+,AKs", "AA:0.5", "random", "AsAs", "A♠ 10♡", "Xx", "", " ", ",,,", "-", "0", "-1", "7",
          "2", "1e308", "nan", "1.5", "99999999999999999999999", "AKs", "T9o", "72o", "all", "{", "[1,2]",
          "ÿ\x00", "\u202e", "x" * 300]
OPTIONS = {
    "encode": ["--as", "mask52", "ck32", "ranks", "--json", "-u"],
    "deal": ["--game", "holdem", "draw", "hearts", "bigtwo", "--players", "--seed", "--dead", "--count",
             "--round", "--view", "--json", "-u"],
    "rank": ["--board", "--score", "--json", "-u"],
    "equity": ["--board", "--dead", "--exact", "--mc", "--samples", "--stderr", "--seed", "--categories",
               "--json", "-u"],
    "percentile": ["--board", "--vs", "--dead", "--json", "-u"],
    "range": ["--json"],
    "table": ["--hand", "--players", "--format", "csv", "json", "--json"],
    "hearts": ["--view", "--json"],
    "combos": ["--beats", "--json", "-u"],
    "draw": ["--pay", "--dead", "--top", "--json", "-u"],
}


@st.composite
def invocation(draw):
    command = draw(st.sampled_from(sorted(OPTIONS)))
    pool = OPTIONS[command] + VALUES
    args = [command] + draw(st.lists(st.sampled_from(pool), max_size=6))
    if command in ("deal", "equity"):  # 10**23 deals or samples: a long answer, not a bug
        args = [a if a != "99999999999999999999999" else "3" for a in args]
    if command == "table":  # small tables only: the full one takes minutes
        args += ["--classes", draw(st.sampled_from(["AA,KK", "QQ+", "AKs,T9s", "", "ZZ", "random"]))]
    return args


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(invocation())
def test_fuzz_every_subcommand(args):
    """Random arguments: a documented exit status, never a traceback or an
    internal error, and valid JSON whenever --json succeeds. Work limits are
    lowered so that every invocation stays short."""
    from typer.testing import CliRunner

    from pokercli.cli import app

    from pokercli import preflop_table as T
    from pokercli.equity_calc import exact as X
    from pokercli.equity_calc import montecarlo as M

    limits = [(X, "EXACT_DEFAULT_LIMIT", 2e6), (X, "EXACT_MAX", 2e6), (M, "DEFAULT_MAX_SAMPLES", 20_000),
              (T, "classes_of_range", lambda text, full=T.classes_of_range: full(text)[:4])]
    saved = [(module, name, getattr(module, name)) for module, name, _ in limits]
    try:
        for module, name, value in limits:
            setattr(module, name, value)
        result = CliRunner().invoke(app, args)
    finally:
        for module, name, value in saved:
            setattr(module, name, value)
    assert result.exit_code in (0, 1, 2, 130), (args, result.exit_code, result.stderr)
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, (args, result.stderr)
    if "--json" in args and result.exit_code == 0 and result.stdout.strip():
        text = result.stdout.strip()
        docs = text.splitlines() if text.startswith("{") and "\n{" in text else [text]
        for doc in docs:
            strict_json(doc)


def strict_json(text: str):
    def bad(constant):
        raise ValueError(f"{constant} is not JSON")
    return json.loads(text, parse_constant=bad)
