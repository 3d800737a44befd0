"""Fuzzing every subcommand in-process (issue 12): a documented exit status, never a
traceback or an internal error, strict JSON whenever --json succeeds.

The work limits of ``equity`` and the size of a table are lowered while the
fuzzer runs (module constants), so that no random invocation runs for minutes.
"""

import json
import os
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

VALUES = ["As", "AsKs", "As Ks Qs Js Ts", "As Ks Qs Js 2d", "Ah Kd 7c", "Ah Kd 7c 2s", "2c 3d 4h 5s 7c 9d",
          "AA", "QQ+,AKs", "AA:0.5", "random", "AsAs", "A♠ 10♡", "Xx", "", " ", ",,,", "-", "0", "-1", "7",
          "2", "1e308", "nan", "1.5", "99999999999999999999999", "AKs", "T9o", "72o", "all", "{", "[1,2]",
          "ÿ\x00", "\u202e", "x" * 300]
#: Commands left out of the fuzzing, and why.
LEFT_OUT = {"warmup": "takes no input: a fixed list of small jobs (its own test runs it)"}


def _options() -> dict[str, list[str]]:
    """Every command of the Typer app with its flags and their fixed choices, read
    from the app itself, so a new command, flag or game is fuzzed without an edit here."""
    import typer.main

    from pokercli.cli import app

    out = {}
    for name, command in typer.main.get_command(app).commands.items():
        if name in LEFT_OUT:
            continue
        words = []
        for param in command.params:  # typer may carry its own copy of click: read by duck type
            if param.param_type_name == "option":
                words += [*param.opts, *param.secondary_opts]
                words += [str(c) for c in getattr(param.type, "choices", None) or ()]
        out[name] = words
    return out


OPTIONS = _options()


def test_the_fuzzer_knows_every_command_and_flag():
    assert {"hits", "outs", "warmup"} - set(LEFT_OUT) <= set(OPTIONS)
    assert {"--game", "--file", "--distribution", "--next-card", "omaha-hilo"} <= set(OPTIONS["equity"])


@st.composite
def invocation(draw):
    command = draw(st.sampled_from(sorted(OPTIONS)))
    pool = OPTIONS[command] + VALUES
    args = [command] + draw(st.lists(st.sampled_from(pool), max_size=6))
    if command in ("deal", "equity"):  # 10**23 deals or samples: a long answer, not a bug
        args = [a if a != "99999999999999999999999" else "3" for a in args]
    if "--engine" in args or "--scheduler" in args:  # no GPU or cluster here: refused, quickly
        args = [a for a in args if a not in ("--engine", "--scheduler")]
    if command == "table":  # small tables only: the full one takes minutes
        args += ["--classes", draw(st.sampled_from(["AA,KK", "QQ+", "AKs,T9s", "", "ZZ", "random"]))]
    return args


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(invocation())
def test_fuzz_every_subcommand(args):
    """Random arguments: a documented exit status, never a traceback or an
    internal error, and valid JSON whenever --json succeeds. Work limits are
    lowered so that every invocation stays short."""
    from pokercli import classes as T
    from pokercli.equity_calc import exact as X
    from pokercli.equity_calc import montecarlo as M

    limits = [(X, "EXACT_DEFAULT_LIMIT", 2e6), (X, "EXACT_MAX", 2e6), (M, "DEFAULT_MAX_SAMPLES", 20_000),
              (T, "classes_of_range", lambda text, full=T.classes_of_range: full(text)[:4])]
    saved = [(module, name, getattr(module, name)) for module, name, _ in limits]
    try:
        for module, name, value in limits:
            setattr(module, name, value)
        result = _in_scratch(args)
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


def _in_scratch(args):
    """The command run in-process from an empty temporary folder (--checkpoint, --output: files go there)."""
    from typer.testing import CliRunner

    from pokercli.cli import app

    with tempfile.TemporaryDirectory() as scratch:
        here = os.getcwd()
        os.chdir(scratch)
        try:
            return CliRunner().invoke(app, args)
        finally:
            os.chdir(here)


def strict_json(text: str):
    def bad(constant):
        raise ValueError(f"{constant} is not JSON")
    return json.loads(text, parse_constant=bad)


@pytest.mark.parametrize("args", [["percentile", "--file", "\xff\x00"], ["hh", "a\x00"],
                                  ["table", "-o", "x\x00.csv"], ["equity", "AsAh", "KsKh", "--checkpoint", "c\x00"]])
def test_a_nul_in_an_argument_is_one_line_and_exit_2(args):
    """A program (not a shell) can pass a NUL; a file name holding one made the
    standard library raise ValueError inside a command: now one line, exit 2."""
    from typer.testing import CliRunner

    from pokercli.cli import app

    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert result.stderr.count("\n") == 1 and "NUL character" in result.stderr


@pytest.mark.parametrize("args", [["table", "--classes", "AA,KK", "--output", "x" * 300],
                                  ["table", "--classes", "AA,KK", "--checkpoint", "x" * 300],
                                  ["equity", "AsAh", "KsKh", "--exact", "--checkpoint", "x" * 300],
                                  ["equity", "--game", "razz", "(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h",
                                   "--checkpoint", "x" * 300],
                                  ["hh", "x" * 300], ["percentile", "--file", "x" * 300]])
def test_a_file_name_too_long_is_one_line_and_exit_2(args):
    """A name longer than the file system takes (found by the fuzzer: ``table --output``
    stopped on an internal error) is refused in one line, exit 2."""
    result = _in_scratch(args)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.stderr
    first_run = ("pokercli: compil", "pokercli: built ", "pokercli: building ")  # a fresh cache's notes
    lines = [x for x in result.stderr.splitlines() if not x.startswith(first_run)]
    assert len(lines) == 1 and "too long" in lines[0]
