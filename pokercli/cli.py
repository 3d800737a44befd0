"""The Typer app: parse arguments, call the library, render.

Heavy modules (NumPy, Numba and the kernels) are imported inside the commands
that need them, so ``--help``, completion, ``encode``, ``deal`` and one-hand
``rank`` start fast.

Exit status: 0 success, 1 unexpected internal error (or, in a batch, some
lines were bad), 2 bad input or usage, 130 interrupted.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from typer.core import TyperGroup

try:  # typer >= 0.29 carries its own copy of click
    from typer._click import exceptions as _cx
except ImportError:  # pragma: no cover - older typer on top of click
    from click import exceptions as _cx

from pokercli.errors import InputError

_DEBUG = {"on": False}


class _Group(TyperGroup):
    """Turns every failure into one line on stderr and a documented exit code."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra: Any):
        try:
            rv = super().main(args, prog_name or "pokercli", complete_var,
                              standalone_mode=False, **extra)
        except _cx.NoArgsIsHelpError as e:
            sys.stdout.write(e.ctx.get_help() + "\n")
            rv = 0
        except _cx.UsageError as e:
            where = e.ctx.command_path if e.ctx is not None else "pokercli"
            sys.stderr.write(f"{where}: {e.format_message()} (see --help)\n")
            rv = 2
        except _cx.ClickException as e:
            sys.stderr.write(f"pokercli: {e.format_message()}\n")
            rv = e.exit_code
        except typer.Abort:
            sys.stderr.write("pokercli: interrupted\n")
            rv = 130
        if not standalone_mode:
            return rv
        sys.exit(rv if isinstance(rv, int) else 0)


app = typer.Typer(
    cls=_Group,
    name="pokercli",
    help="A poker calculator: card encodings, hand ranks, equity and percentiles.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _run(fn, *args, **kwargs):
    """Call the library; turn errors into one stderr line and an exit code."""
    try:
        return fn(*args, **kwargs)
    except InputError as e:
        sys.stderr.write(f"pokercli: error: {e}\n")
        raise typer.Exit(e.exit_code) from None
    except (typer.Exit, typer.Abort):
        raise
    except KeyboardInterrupt:
        sys.stderr.write("pokercli: interrupted\n")
        raise typer.Exit(130) from None
    except BrokenPipeError:
        # the reader went away (`| head`): stop quietly, as Unix tools do
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise typer.Exit(0) from None
    except Exception as e:  # noqa: BLE001 - the one place internal errors are caught
        if _DEBUG["on"]:
            raise
        sys.stderr.write(f"pokercli: internal error: {type(e).__name__}: {e} "
                         "(rerun with --debug for the traceback)\n")
        raise typer.Exit(1) from None


class NumberKind(str, Enum):
    mask52 = "mask52"
    ck32 = "ck32"
    ranks = "ranks"


class Game(str, Enum):
    holdem = "holdem"
    draw = "draw"
    hearts = "hearts"
    bigtwo = "bigtwo"


JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables/text.")]
UnicodeOpt = Annotated[bool, typer.Option("--unicode", "-u", help="Show suits as ♠ ♡ ♢ ♣.")]


def _version(value: bool) -> None:
    if value:
        from pokercli import __version__

        sys.stdout.write(f"pokercli {__version__}\n")
        raise typer.Exit()


@app.callback()
def _root(
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks of internal errors.")] = False,
    version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True,
                                                    help="Print the version and exit.")] = None,
) -> None:
    """A poker calculator: card encodings, hand ranks, equity and percentiles."""
    _DEBUG["on"] = debug


@app.command()
def encode(
    cards: Annotated[list[str], typer.Argument(help="Cards (As Kh, AsKh, A♠ 10♡) or one integer.")],
    as_: Annotated[NumberKind, typer.Option("--as", help="Read an integer as a 52-bit set, "
                                            "a 32-bit card word or a 13-bit rank set.")] = NumberKind.mask52,
    as_json: JsonOpt = False,
    unicode: UnicodeOpt = False,
) -> None:
    """Show cards in every representation (52-bit set, card words, indices, matrix)."""
    from pokercli import encode as E
    from pokercli.cards import parse_cards
    from pokercli.output import Output

    def job():
        text = " ".join(cards).strip()
        if text.lstrip("-").replace("_", "").isdigit() or text.lower().startswith(("0x", "0b")):
            decoded = E.decode_number(text, as_.value)
            doc = decoded if isinstance(decoded, dict) else E.encode_cards(decoded)
        else:
            doc = E.encode_cards(parse_cards(text))
        E.render(doc, Output.choose(as_json, unicode))

    _run(job)


@app.command()
def deal(
    game: Annotated[Game, typer.Option("--game", "-g", help="The game to deal.")] = Game.holdem,
    players: Annotated[Optional[int], typer.Option("--players", "-p", help="Players (holdem/draw; default 2).")] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", "-s", help="Seed for a reproducible deal.")] = None,
    dead: Annotated[Optional[str], typer.Option("--dead", help="Cards kept out of the deck.")] = None,
    count: Annotated[int, typer.Option("--count", "-n", help="Number of independent deals.")] = 1,
    round_: Annotated[int, typer.Option("--round", help="Hearts: round number (pass type 1, 2, 3, none, ...).")] = 1,
    view: Annotated[Optional[int], typer.Option("--view", help="Hearts: show the state as player 1-4 sees it.")] = None,
    as_json: JsonOpt = False,
    unicode: UnicodeOpt = False,
) -> None:
    """Deal hands (and a board) from a shuffled deck; Hearts deals also show the game state."""
    from pokercli import deal as D
    from pokercli.cards import format_cards, parse_cards
    from pokercli.output import Output

    def job():
        out = Output.choose(as_json, unicode)
        dead_cards = parse_cards(dead, what="--dead") if dead else []
        if game.value != "hearts" and (round_ != 1 or view is not None):
            raise InputError("--round and --view are for --game hearts")
        deals = D.deal(game.value, players, seed, dead_cards, count)
        if game.value == "hearts":
            from pokercli import hearts as H

            states = [H.from_hands(d.hands, pass_type_=H.pass_type(round_)) for d in deals]
            if view is not None:
                states = [st.masked(view) for st in states]
            for d, st in zip(deals, states):
                if out.json:
                    out.emit_json(d.to_json() | {"hearts": st.to_json()}, indent=None if count > 1 else 2)
                else:
                    H.render(st, out)
            deals = []
        if out.json:
            for d in deals:
                out.emit_json(d.to_json(), indent=None if count > 1 else 2)
        elif out.rich:
            from rich.table import Table

            for d in deals:
                t = Table(title=f"{game.value} deal {d.index} (seed {d.seed})", title_justify="left")
                t.add_column("player")
                t.add_column("cards")
                for i, h in enumerate(d.hands, 1):
                    t.add_row(f"P{i}", format_cards(h, out.unicode))
                if d.game == "holdem":
                    t.add_row("board", format_cards(d.board, out.unicode), style="bold")
                out.emit(t)
        else:
            for d in deals:
                fields = [format_cards(h, out.unicode) for h in d.hands]
                if d.game == "holdem":
                    fields.append(format_cards(d.board, out.unicode))
                out.line("\t".join(fields))
        if seed is None and deals:
            from pokercli.output import warn

            warn(f"seed {deals[0].seed} (pass --seed {deals[0].seed} to deal the same again)")

    _run(job)


@app.command()
def rank(
    hands: Annotated[Optional[list[str]], typer.Argument(
        help="A hand of 5-7 cards; with --board, one hand per argument; '-' reads one hand per line from stdin.")] = None,
    board: Annotated[Optional[str], typer.Option("--board", "-b", help="Board cards for a showdown.")] = None,
    score: Annotated[Optional[int], typer.Option("--score", help="Translate a 30-bit score.")] = None,
    file: Annotated[Optional[Path], typer.Option("--file", "-f", help="Read one hand per line from a file.",
                                                 dir_okay=False)] = None,
    as_json: JsonOpt = False,
    unicode: UnicodeOpt = False,
) -> None:
    """Rank a hand (type, class 1..7462, score), a showdown, a score, or a stream of hands."""
    from pokercli.output import Output

    def job():
        out = Output.choose(as_json, unicode)
        words = hands or []
        if file is not None or words == ["-"]:
            if board or score is not None or (file is not None and words):
                raise InputError("batch mode (- or --file) takes no other hands, --board or --score")
            return _rank_batch(file, as_json)
        from pokercli import rank as RK
        from pokercli.cards import parse_cards

        if score is not None:
            if words or board:
                raise InputError("--score takes no hands or --board")
            return RK.render_score(RK.score_doc(score), out)
        if not words:
            raise InputError("give a hand of 5-7 cards, hands with --board, --score N, or - for stdin")
        if board is not None:
            board_cards = parse_cards(board, count=(0, 3, 4, 5), what="board", allow_empty=True)
            parsed = [parse_cards(w, what=f"hand {i + 1}") for i, w in enumerate(words)]
            return RK.render_showdown(RK.showdown_doc(board_cards, parsed), out)
        from pokercli.verdict import value_of

        cards = parse_cards(words, count=(5, 6, 7), what="hand")
        RK.render_hand(RK.hand_doc(value_of(cards)), out)

    code = _run(job)
    if code:
        raise typer.Exit(code)


def _rank_batch(file: Optional[Path], as_json: bool) -> int:
    from pokercli.batch import rank_stream

    try:
        stream = open(file, "rb") if file is not None else sys.stdin.buffer
    except OSError as e:
        raise InputError(f"cannot read {file}: {e.strerror}") from None
    with stream:
        report = rank_stream(stream, sys.stdout.buffer, as_json)
    sys.stdout.flush()
    if report.bad:
        sys.stderr.write(f"pokercli: {report.bad} bad line(s) skipped, {report.hands} hands ranked\n")
        return 1
    return 0


@app.command()
def equity(
    hands: Annotated[list[str], typer.Argument(
        help="Two or more players: hands (AsAh) or ranges (QQ+,AKs, 'random'), one per argument.")],
    board: Annotated[Optional[str], typer.Option("--board", "-b", help="Board: 0, 3, 4 or 5 cards.")] = None,
    dead: Annotated[Optional[str], typer.Option("--dead", "-d", help="Dead cards, out of the deck.")] = None,
    exact: Annotated[bool, typer.Option("--exact", help="Enumerate every runout, however long.")] = False,
    monte_carlo: Annotated[bool, typer.Option("--monte-carlo", "--mc", help="Sample instead of enumerating.")] = False,
    samples: Annotated[Optional[int], typer.Option("--samples", "-n", help="Monte Carlo: this many samples.")] = None,
    stderr: Annotated[Optional[float], typer.Option("--stderr", help="Monte Carlo: stop when every "
                                                    "player's equity has this standard error (e.g. 0.0005).")] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", "-s", help="Monte Carlo seed (reproducible).")] = None,
    categories: Annotated[bool, typer.Option("--categories", help="How often each player ends with each hand type.")] = False,
    scheduler: Annotated[Optional[str], typer.Option(
        "--scheduler", help="Exact range jobs of 64+ distinct deals: run on this Dask cluster "
        "(tcp://HOST:PORT, or set POKERCLI_SCHEDULER).")] = None,
    checkpoint: Annotated[Optional[Path], typer.Option(
        "--checkpoint", help="Exact: run in chunks, saving each finished chunk to FILE.")] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Continue the exact job saved in --checkpoint.")] = False,
    as_json: JsonOpt = False,
    unicode: UnicodeOpt = False,
) -> None:
    """Equity of hands or ranges: exact when feasible, Monte Carlo otherwise."""
    from pokercli.output import Output

    def job():
        from pokercli import equity as Q
        from pokercli import render_equity as RE
        from pokercli.cards import parse_cards

        out = Output.choose(as_json, unicode)
        if exact and monte_carlo:
            raise InputError("choose --exact or --monte-carlo, not both")
        _checkpoint_flags(checkpoint, resume)
        if samples is not None and samples < 1:
            raise InputError(f"--samples must be at least 1, not {samples}")
        if stderr is not None and not 0 < stderr < 1:
            raise InputError(f"--stderr must be between 0 and 1, not {stderr}")
        if seed is not None and seed < 0:
            raise InputError(f"--seed must be a non-negative integer, not {seed}")
        players = [Q.parse_player(h, i + 1) for i, h in enumerate(hands)]
        board_cards = parse_cards(board or "", count=(0, 3, 4, 5), what="board", allow_empty=True)
        dead_cards = parse_cards(dead or "", what="--dead", allow_empty=True)
        job_ = Q.prepare(players, board_cards, dead_cards, with_types=categories)
        method = "exact" if exact else ("monte-carlo" if monte_carlo else "auto")
        with _saving_hint(checkpoint), _progress(out) as progress:
            result = Q.compute(job_, method, samples, stderr, seed, progress, scheduler,
                               checkpoint, resume)
        if result.interrupted:
            sys.stderr.write("pokercli: interrupted: the result below is from the samples so far\n")
        RE.render(result, out, categories)
        if result.interrupted:
            raise typer.Exit(130)

    _run(job)


@app.command()
def percentile(
    hand: Annotated[str, typer.Argument(help="Our two hole cards (preflop also a class: AKs, QQ, T9o).")],
    board: Annotated[Optional[str], typer.Option("--board", "-b", help="Board: 0, 3, 4 or 5 cards.")] = None,
    vs: Annotated[Optional[str], typer.Option("--vs", help="Opponent range (default: any two unseen cards).")] = None,
    dead: Annotated[Optional[str], typer.Option("--dead", "-d", help="Dead cards, out of the deck.")] = None,
    as_json: JsonOpt = False,
    unicode: UnicodeOpt = False,
) -> None:
    """Hand strength now, and with the cards to come (potentials, effective strength)."""
    from pokercli.output import Output

    def job():
        from pokercli import percentile as P
        from pokercli.cards import parse_cards

        board_cards = parse_cards(board or "", count=(0, 3, 4, 5), what="board", allow_empty=True)
        dead_cards = parse_cards(dead or "", what="--dead", allow_empty=True)
        hand_cards = P.parse_hand(hand, preflop=not board_cards)
        P.render(P.compute(hand_cards, board_cards, dead_cards, vs), Output.choose(as_json, unicode))

    _run(job)


@app.command()
def hearts(
    state: Annotated[list[str], typer.Argument(help="52 location codes (comma/space separated, a JSON list, "
                                                     "or a JSON object with state, scores, pass_type); '-' reads stdin.")],
    view: Annotated[Optional[int], typer.Option("--view", help="Mask the state for player 1-4.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Check and show a Hearts game state (seed 002), optionally as one player sees it."""
    from pokercli.output import Output

    def job():
        from pokercli import hearts as H

        text = sys.stdin.read() if state == ["-"] else " ".join(state)
        lines = [(i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip()]
        out = Output.choose(as_json)
        if len(lines) < 2 or not all(line.lstrip("\ufeff \t").startswith("{") for _, line in lines):
            st = H.parse_state(text)
            H.render(st.masked(view) if view is not None else st, out)
            return 0
        # JSON Lines (`deal --game hearts --count N --json`): one state per line
        bad = 0
        for number, line in lines:
            try:
                st = H.parse_state(line)
                st = st.masked(view) if view is not None else st
            except InputError as e:
                if "--view" in str(e):
                    raise
                sys.stderr.write(f"pokercli: line {number}: {e}\n")
                bad += 1
                continue
            if out.json:
                out.emit_json(st.to_json(), indent=None)
            else:
                H.render(st, out)
        return 1 if bad else 0

    code = _run(job)
    if code:
        raise typer.Exit(code)


@app.command()
def combos(
    hand: Annotated[list[str], typer.Argument(help="A Big Two hand of up to 13 cards.")],
    beats: Annotated[Optional[str], typer.Option("--beats", help="Only combinations that beat this one.")] = None,
    as_json: JsonOpt = False,
    unicode: UnicodeOpt = False,
) -> None:
    """Big Two: every playable combination in a hand (or those that beat --beats)."""
    from pokercli.output import Output

    def job():
        from pokercli import bigtwo as B
        from pokercli.cards import parse_cards

        cards = parse_cards(hand, what="hand")
        found = B.all_combos(cards)
        target = B.parse_target(beats) if beats is not None else None
        if target is not None:
            found = [x for x in found if B.beats(x, target)]
        B.render(cards, found, target, Output.choose(as_json, unicode))

    _run(job)


@app.command()
def draw(
    hand: Annotated[list[str], typer.Argument(help="A five-card hand.")],
    pay: Annotated[Optional[str], typer.Option("--pay", help="9 pays per unit: royal, straight flush, quads, "
                                               "full house, flush, straight, trips, two pair, jacks or better.")] = None,
    dead: Annotated[Optional[str], typer.Option("--dead", "-d", help="Cards known to be out of the deck.")] = None,
    top: Annotated[int, typer.Option("--top", help="How many holds to show (text output).")] = 8,
    as_json: JsonOpt = False,
    unicode: UnicodeOpt = False,
) -> None:
    """Five-card draw: every hold, exact over every draw, best expected return first."""
    from pokercli.output import Output

    def job():
        from pokercli import draw as DR
        from pokercli.cards import parse_cards

        if top < 1:
            raise InputError(f"--top must be at least 1, not {top}")
        cards = parse_cards(hand, count=5, what="hand")
        dead_cards = parse_cards(dead or "", what="--dead", allow_empty=True)
        pays = DR.parse_paytable(pay) if pay else DR.JACKS_OR_BETTER_9_6
        DR.render(cards, DR.analyse(cards, dead_cards, pays), pays, Output.choose(as_json, unicode), top)

    _run(job)


@app.command("range")
def range_(
    text: Annotated[list[str], typer.Argument(help="A range: QQ+, AKs, A2s+, TT-77, AhKh, AA:0.5, random.")],
    as_json: JsonOpt = False,
) -> None:
    """Show a range as the 13x13 grid (pairs on the diagonal, suited above, offsuit below)."""
    from pokercli.output import Output

    def job():
        from pokercli import ranges as RG
        from pokercli.render_equity import render_range

        joined = ",".join(text)
        render_range(joined, RG.parse_range(joined), Output.choose(as_json))

    _run(job)


def _checkpoint_flags(checkpoint: Optional[Path], resume: bool) -> None:
    """The library's checkpoint rules, said in flags (it says them in parameters)."""
    if resume and checkpoint is None:
        raise InputError("--resume needs --checkpoint FILE")
    if checkpoint is not None and not resume and checkpoint.is_file() and checkpoint.stat().st_size:
        raise InputError(f"checkpoint {checkpoint} already exists: add --resume to continue it, "
                         "or remove it to start over")


class _saving_hint:
    """When a chunked job stops early (Ctrl-C, a lost Dask scheduler), say where
    its finished chunks are and how to continue."""

    def __init__(self, checkpoint: Optional[Path]):
        self.checkpoint = checkpoint

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        from pokercli.engine import EngineLost

        if self.checkpoint is None:
            return False
        hint = (f"finished chunks are saved in {self.checkpoint}; "
                "run the same command with --resume to continue")
        if kind is KeyboardInterrupt:
            from pokercli.output import warn

            warn(f"interrupted: {hint}")
        elif isinstance(error, EngineLost):
            raise EngineLost(f"{error}; {hint}") from None
        return False


class TableFormat(str, Enum):
    csv = "csv"
    json = "json"


@app.command()
def table(
    hand: Annotated[Optional[str], typer.Option(
        "--hand", help="One class's row (e.g. AKs): its equity against all 169 classes.")] = None,
    classes: Annotated[Optional[str], typer.Option(
        "--classes", help="Only the classes of this range, as rows and columns (e.g. 'QQ+,AKs').")] = None,
    players: Annotated[int, typer.Option("--players", help="Players per matchup (2; three-way later).")] = 2,
    output: Annotated[Optional[Path], typer.Option(
        "--output", "-o", help="Write the table to FILE (.json or .csv, or see --format).")] = None,
    fmt: Annotated[Optional[TableFormat], typer.Option(
        "--format", help="Format of --output (default: from its extension, else csv).")] = None,
    scheduler: Annotated[Optional[str], typer.Option(
        "--scheduler", help="Run on a Dask cluster: tcp://HOST:PORT (or set POKERCLI_SCHEDULER). "
        "Needs pip install 'pokercli[cluster]'.")] = None,
    checkpoint: Annotated[Optional[Path], typer.Option(
        "--checkpoint", help="Save every finished chunk to FILE as it completes.")] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Continue the job saved in --checkpoint, skipping finished chunks.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Exact heads-up preflop equity of starting-hand classes against each other (169 x 169)."""
    from pokercli.output import Output

    def job():
        import json
        import os

        from pokercli import table as T
        from pokercli.engine import engine_for
        from pokercli.output import json_text, warn

        out = Output.choose(as_json)
        _checkpoint_flags(checkpoint, resume)
        tjob = T.make_job(hand, classes, players)
        # say so now, not after a long job
        if output is not None and output.is_dir():
            raise InputError(f"cannot write {output}: it is a directory")
        if output is not None and not (output.parent.is_dir() and os.access(output.parent, os.W_OK)):
            raise InputError(f"cannot write {output}: its folder does not exist or is not writable")
        engine = engine_for(scheduler)
        try:
            with _saving_hint(checkpoint), _progress(out, "table", "chunks") as progress:
                result = T.compute(tjob, engine, checkpoint, resume, progress)
        finally:
            engine.close()
        if result.resumed:
            warn(f"resumed: {result.resumed} of {result.chunks} chunks came from {checkpoint}")
        if output is not None:
            kind = (fmt.value if fmt else "json" if output.suffix.lower() == ".json" else "csv")
            text = (json_text(result.to_json()) + "\n") if kind == "json" else result.to_csv()
            try:
                output.write_text(text, encoding="utf-8")
            except OSError as e:
                raise InputError(f"cannot write {output}: {e.strerror}") from None
            warn(f"wrote {output} ({kind})")
        if out.json:
            out.emit_json(result.to_json(), indent=None)
        elif out.rich:
            from pokercli.render_equity import render_table

            render_table(result, out, T.parse_class(hand) if hand else None)
        elif output is None:
            sys.stdout.write(result.to_csv())

    _run(job)


class _progress:
    """A Rich progress bar on stderr for long jobs, only when stderr is a terminal."""

    def __init__(self, out, label: str = "equity", unit: str = ""):
        from pokercli.output import stderr_is_terminal

        self.enabled = stderr_is_terminal() and not out.json
        self.bar = None
        self.task = None
        self.label = label
        self.unit = unit

    def __enter__(self):
        return self.update if self.enabled else None

    def update(self, done, total, stderr=None):
        if self.bar is None:
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

            counted = f"{{task.completed:.0f}}/{{task.total:.0f}} {self.unit}" if self.unit else ""
            self.bar = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                                TextColumn("{task.percentage:>3.0f}%"), TextColumn(counted),
                                TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        desc = f"{self.label} (stderr {stderr:.5f})" if stderr is not None else self.label
        self.bar.update(self.task, completed=done, total=total, description=desc)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False


def main() -> None:
    from pokercli.output import guard_stdout

    guard_stdout()
    app()
