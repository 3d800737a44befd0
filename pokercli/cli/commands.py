"""One thin function per subcommand: options -> the API -> the render layer.

Validation lives in the API; a command only chooses the output mode, reads
batch input, and says where an interrupted job's finished chunks are.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from pokercli import games
from pokercli.cli.app import ExitStatus, app, run
from pokercli.cli.options import (DEAL_HELP, Board, Checkpoint, CommunityBoard, Dead, DealGame, Engine, EngineKind,
                                  File, Game, Json, PokerGame, Resume, Scheduler, Seed, Unicode)
from pokercli.errors import PokerError, counted, shown


def _out(as_json: bool, unicode: bool = False):
    from pokercli.render import Output

    return Output.choose(as_json, unicode)


class RangeFormat(str, Enum):
    pio = "pio"
    weights = "weights"
    brackets = "brackets"


class HistoryFormat(str, Enum):
    phh = "phh"
    json = "json"


class NumberKind(str, Enum):
    mask52 = "mask52"
    ck32 = "ck32"
    ranks = "ranks"


@app.command()
def encode(
    value: Annotated[list[str], typer.Argument(help="Cards (As Kh, AsKh, A♠ 10♡) or one integer.")],
    kind: Annotated[NumberKind, typer.Option("--as", help="Read an integer as a 52-bit set, "
                                             "a 32-bit card word or a 13-bit rank set.")] = NumberKind.mask52,
    as_json: Json = False,
    unicode: Unicode = False,
) -> None:
    """Show cards in every representation (52-bit set, card words, indices, matrix)."""
    def job():
        from pokercli.representations import encode as encode_
        from pokercli.render import emit

        emit(encode_(" ".join(value).strip(), kind.value), _out(as_json, unicode))

    run(job)


@app.command()
def deal(
    game: Annotated[DealGame, typer.Option("--game", "-g", help=DEAL_HELP, metavar="GAME")] = DealGame.holdem,
    players: Annotated[Optional[int], typer.Option("--players", "-p", help="Players (all but hearts/bigtwo; default 2).")] = None,
    seed: Seed = None,
    dead: Dead = None,
    count: Annotated[int, typer.Option("--count", "-n", help="Number of independent deals.")] = 1,
    round_number: Annotated[int, typer.Option("--round", help="Hearts: round number (pass type 1, 2, 3, none, ...).")] = 1,
    view: Annotated[Optional[int], typer.Option("--view", help="Hearts: show the state as player 1-4 sees it.")] = None,
    as_json: Json = False,
    unicode: Unicode = False,
) -> None:
    """Deal hands (and a board) from a shuffled deck; Hearts deals also show the game state."""
    def job():
        from pokercli.dealing import deal as deal_
        from pokercli.render import emit, warn

        deals = deal_(game.value, players, seed, dead or (), count, round_number=round_number, view=view)
        emit(deals, _out(as_json, unicode))
        if not deals.seed_given:
            warn(f"seed {deals.seed} (pass --seed {deals.seed} to deal the same again)")

    run(job)


@app.command()
def rank(
    hands: Annotated[Optional[list[str]], typer.Argument(
        help="A hand of 5-7 cards; with --board, one hand per argument; '-' reads one hand per line "
             "from stdin (Omaha: the hole cards, then a five-card board).")] = None,
    board: CommunityBoard = None,
    score: Annotated[Optional[int], typer.Option("--score", help="Translate a 30-bit score.")] = None,
    file: File = None,
    game: Game = PokerGame.holdem,
    as_json: Json = False,
    unicode: Unicode = False,
) -> None:
    """Rank a hand (type, class 1..7462, score), a showdown (Omaha: with the pot split), a score, or a stream of hands."""
    def job():
        from pokercli import hands as H
        from pokercli.render import emit

        words = hands or []
        if file is not None or words == ["-"]:
            if board is not None or score is not None or (file is not None and words):
                raise PokerError("batch mode (- or --file) takes no other hands, --board or --score")
            return _rank_batch(file, as_json, game.value)
        out = _out(as_json, unicode)
        if score is not None:
            if words or board is not None:
                raise PokerError("--score takes no hands or --board")
            return emit(H.score_info(score), out)
        if not words:
            raise PokerError("give a hand of 5-7 cards, hands with --board, --score N, or - for stdin")
        if board is not None or _hands_each(words, game.value):
            return emit(H.showdown(words, board or "", game.value), out)
        emit(H.rank(" ".join(words), game.value), out)

    run(job)


def _hands_each(words: list[str], game: str) -> bool:
    """Whether, in a game without a board (stud), the words are two or more whole
    hands (a showdown) rather than the cards of one."""
    from pokercli import cards as C

    g = games.game(game)
    if g.has_board or len(words) < 2:
        return False
    try:
        return all(len(C.as_cards(g.read_hand(w, "hand"), "hand")) >= g.dealing.fewest_cards for w in words)
    except PokerError:
        return False


def _open(file: Optional[Path]):
    """The batch input: a file, or stdin (binary)."""
    try:
        return open(file, "rb") if file is not None else sys.stdin.buffer
    except OSError as e:
        raise PokerError(f"cannot read {file}: {e.strerror}") from None


def _rank_batch(file: Optional[Path], as_json: bool, game: str = "holdem") -> int:
    g = games.game(game)
    with _open(file) as stream:  # the game's lines: a hand (Omaha: and its board) per line
        report = g.engine.rank_stream(stream, sys.stdout.buffer, as_json, game=g.name)
    sys.stdout.flush()
    if report.bad:
        sys.stderr.write(f"pokercli: {counted(report.bad, 'bad line')} skipped, "
                         f"{counted(report.hands, 'hand')} ranked\n")
        return ExitStatus.FAILED
    return ExitStatus.OK


class _saving_hint:
    """When a chunked job stops early (Ctrl-C, a lost Dask scheduler), say where
    its finished chunks are and how to continue."""

    def __init__(self, checkpoint: Optional[Path]):
        self.checkpoint = checkpoint

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        from pokercli.jobs import EngineLost

        if self.checkpoint is None:
            return False
        hint = (f"finished chunks are saved in {self.checkpoint}; "
                "run the same command with --resume to continue")
        if kind is KeyboardInterrupt:
            from pokercli.render import warn

            warn(f"interrupted: {hint}")
        elif isinstance(error, EngineLost):
            raise EngineLost(f"{error}; {hint}") from None
        return False


@app.command()
def equity(
    hands: Annotated[Optional[list[str]], typer.Argument(
        help="Two or more players: hands (AsAh) or ranges (QQ+,AKs, 'random'), one per argument; "
             "'-' reads one spot per line from stdin (see --file).")] = None,
    board: CommunityBoard = None,
    dead: Dead = None,
    exact: Annotated[bool, typer.Option("--exact", help="Enumerate every runout, however long.")] = False,
    monte_carlo: Annotated[bool, typer.Option("--monte-carlo", "--mc", help="Sample instead of enumerating.")] = False,
    samples: Annotated[Optional[int], typer.Option("--samples", "-n", help="Monte Carlo: this many samples.")] = None,
    stderr: Annotated[Optional[float], typer.Option("--stderr", help="Monte Carlo: stop when every "
                                                    "player's equity has this standard error (e.g. 0.0005); "
                                                    "with --runs or --boards, every takes-all figure.")] = None,
    seed: Seed = None,
    categories: Annotated[bool, typer.Option("--categories", help="How often each player ends with each hand type.")] = False,
    engine: Engine = EngineKind.auto,
    scheduler: Scheduler = None,
    checkpoint: Checkpoint = None,
    resume: Resume = False,
    file: File = None,
    distribution: Annotated[bool, typer.Option("--distribution", help="Each ranged player's equity combo by "
                                               "combo (exact): the sorted curve and a histogram.")] = False,
    next_card: Annotated[bool, typer.Option("--next-card", help="On a flop or turn: each player's exact "
                                            "equity after each card that can come next.")] = False,
    runs: Annotated[Optional[int], typer.Option(
        "--runs", help="Run the cards to come 2 or 3 times (hands or ranges): equity, and how often "
                       "each player takes the whole pot and nothing.")] = None,
    boards: Annotated[Optional[int], typer.Option(
        "--boards", help="2: double board, two whole boards dealt from the deck, half the pot each.")] = None,
    draws: Annotated[Optional[int], typer.Option(
        "--draws", help="Draw games: draws to come (1 to 3 in triple draw and badugi); past the next, "
                        "discards follow --pat and --keep, by Monte Carlo.")] = None,
    pat: Annotated[Optional[str], typer.Option(
        "--pat", help="With --draws: a made hand this high or lower stands pat (default 9; badugi K).")] = None,
    keep: Annotated[Optional[str], typer.Option(
        "--keep", help="With --draws: otherwise keep the lowest cards of different ranks this high or "
                       "lower (default 8).")] = None,
    game: Game = PokerGame.holdem,
    as_json: Json = False,
    unicode: Unicode = False,
) -> None:
    """Equity of hands or ranges: exact when feasible, Monte Carlo otherwise."""
    def job():
        from pokercli.equity_calc import equity as equity_
        from pokercli.render import emit, progress_bar, warn

        if exact and monte_carlo:
            raise PokerError("choose --exact or --monte-carlo, not both")
        if distribution or next_card:
            return _analysis()
        method = "exact" if exact else ("monte-carlo" if monte_carlo else "auto")
        if runs is not None or boards is not None:
            return _runs(method)
        if draws is not None or pat is not None or keep is not None:
            return _draws(method)
        options = dict(method=method, samples=samples, stderr=stderr, seed=seed, game=game.value,
                       categories=categories, engine=engine.value, scheduler=scheduler)
        players = hands or []
        if file is not None or players == ["-"]:
            if board is not None or dead is not None or checkpoint is not None or resume or \
                    players != (["-"] if file is None else []):
                raise PokerError("batch mode (- or --file) reads the players, board and dead cards of "
                                 "each spot from its line: no other players, --board, --dead or "
                                 "--checkpoint")
            return _batch("equity", file, options)
        if not players:
            raise PokerError("give two or more players (hands or ranges), or - to read spots from stdin")
        out = _out(as_json, unicode)
        with _saving_hint(checkpoint), progress_bar(out) as progress:
            result = equity_(players, board or (), dead or (), checkpoint=checkpoint, resume=resume,
                             progress=progress, **options)
        if result.interrupted:
            warn("interrupted: the result below is from the samples so far")
        emit(result, out, categories=categories)
        return ExitStatus.INTERRUPTED if result.interrupted else ExitStatus.OK

    def _runs(method: str):
        from pokercli.equity_calc.runs import equity_runs
        from pokercli.render import emit, warn

        clash = {"--categories": categories, "--checkpoint": checkpoint is not None,
                 "--resume": resume, "--scheduler": scheduler is not None, "--engine gpu": engine is EngineKind.gpu,
                 "--runs with --boards": runs is not None and boards is not None,
                 "--draws, --pat or --keep": draws is not None or pat is not None or keep is not None}
        given = [name for name, on in clash.items() if on]
        if given:
            raise PokerError(f"--runs and --boards take hands, a board, --samples, --stderr and --seed: "
                             f"not {', '.join(given)}")
        if boards is not None and boards != 2:
            raise PokerError(f"--boards must be 2 (double board), not {boards}")
        if file is not None or hands == ["-"]:  # every line run so, but those that say otherwise
            if board is not None or dead is not None or hands != (["-"] if file is None else []):
                raise PokerError("batch mode (- or --file) reads the players, board and dead cards of "
                                 "each spot from its line: no other players, --board or --dead")
            options = dict(method=method, samples=samples, stderr=stderr, seed=seed, game=game.value)
            options.update({"runs": runs} if runs is not None else {"boards": boards})
            return _batch("equity", file, options)
        result = equity_runs(hands or [], board or (), dead or (), runs=2 if boards else runs, game=game.value,
                             method=method, samples=samples, seed=seed, double_board=boards is not None,
                             stderr=stderr)
        if result.interrupted:
            warn("interrupted: the result below is from the samples so far")
        emit(result, _out(as_json, unicode))
        return ExitStatus.INTERRUPTED if result.interrupted else ExitStatus.OK

    def _draws(method: str):
        from pokercli.equity_calc.draws import equity_draws
        from pokercli.render import emit, progress_bar, warn

        clash = {"--board": board is not None, "--checkpoint": checkpoint is not None, "--resume": resume,
                 "--scheduler": scheduler is not None, "--engine gpu": engine is EngineKind.gpu}
        given = [name for name, on in clash.items() if on]
        if given:
            raise PokerError(f"--draws takes hands, --dead, --pat, --keep and the Monte Carlo options: "
                             f"not {', '.join(given)}")
        if draws is None:
            raise PokerError("--pat and --keep choose the discards of later draws: give --draws 2 or more")
        if file is not None or hands == ["-"]:
            if dead is not None or hands != (["-"] if file is None else []):
                raise PokerError("batch mode (- or --file) reads the players and dead cards of each spot "
                                 "from its line: no other players or --dead")
            options = dict(method=method, samples=samples, stderr=stderr, seed=seed, game=game.value,
                           categories=categories, draws=draws)
            options.update({k: v for k, v in (("pat", pat), ("keep", keep)) if v is not None})
            return _batch("equity", file, options)
        if not hands or len(hands) < 2:
            raise PokerError("give two or more players' kept cards")
        out = _out(as_json, unicode)
        with progress_bar(out) as progress:
            result = equity_draws(hands, dead or (), game=game.value, draws=draws, pat=pat, keep=keep,
                                  method=method, samples=samples, stderr=stderr, seed=seed,
                                  categories=categories, progress=progress)
        if result.interrupted:
            warn("interrupted: the result below is from the samples so far")
        emit(result, out, categories=categories)
        return ExitStatus.INTERRUPTED if result.interrupted else ExitStatus.OK

    def _analysis():
        from pokercli import analysis
        from pokercli.render import emit, progress_bar

        if distribution and next_card:
            raise PokerError("give --distribution or --next-card, not both")
        others = {"--monte-carlo": monte_carlo, "--samples": samples is not None, "--stderr": stderr is not None,
                  "--seed": seed is not None, "--categories": categories, "--checkpoint": checkpoint is not None,
                  "--resume": resume, "--file": file is not None, "--scheduler": scheduler is not None,
                  "--engine gpu": engine is EngineKind.gpu, "--runs": runs is not None,
                  "--boards": boards is not None, "--draws": draws is not None, "--pat": pat is not None,
                  "--keep": keep is not None, "-": hands == ["-"]}
        clash = [name for name, given in others.items() if given]
        if clash:
            raise PokerError(f"--distribution and --next-card are exact, one spot at a time: "
                             f"not with {', '.join(clash)}")
        players = hands or []
        if len(players) < 2:
            raise PokerError("give two or more players (hands or ranges)")
        out = _out(as_json, unicode)
        if distribution:
            result = analysis.distribution(players, board or (), dead or (), game=game.value)
        else:
            with progress_bar(out, "next card", "cards") as progress:
                result = analysis.next_card(players, board or (), dead or (), game=game.value,
                                            progress=progress)
        emit(result, out)

    run(job)


@app.command()
def outs(
    hand: Annotated[str, typer.Argument(help="Our two hole cards.")],
    board: Annotated[str, typer.Option("--board", "-b", help="The flop or turn: 3 or 4 cards.")],
    vs: Annotated[str, typer.Option("--vs", help="The opponent: a hand or a range.")],
    dead: Dead = None,
    as_json: Json = False,
    unicode: Unicode = False,
) -> None:
    """The next cards that put a hand ahead (or tie), grouped by what they make, with the odds."""
    def job():
        from pokercli.analysis import outs as outs_
        from pokercli.render import emit

        emit(outs_(hand, board, vs, dead or ()), _out(as_json, unicode))

    run(job)


def _batch(kind: str, file: Optional[Path], options: dict) -> int:
    from pokercli import batch as B

    with _open(file) as stream:
        report = B.spot_stream(kind, stream, sys.stdout, options)
    answered = counted(report.answered, "line" if kind == "icm" else "spot") + " answered"
    if report.interrupted_line is not None:
        bad = f"; {counted(report.bad, 'bad line')} skipped" if report.bad else ""
        sys.stderr.write(f"pokercli: interrupted at line {report.interrupted_line}: its answer is from the "
                         f"samples so far, and no later line was read ({answered}{bad})\n")
        return ExitStatus.INTERRUPTED
    if report.bad:
        sys.stderr.write(f"pokercli: {counted(report.bad, 'bad line')} skipped, {answered}\n")
        return ExitStatus.FAILED
    return ExitStatus.OK


@app.command()
def percentile(
    hand: Annotated[Optional[str], typer.Argument(help="Our two hole cards (preflop also a class: AKs, QQ, T9o); "
                                                       "'-' reads one spot per line from stdin (see --file).")] = None,
    board: Board = None,
    vs: Annotated[Optional[str], typer.Option("--vs", help="Opponent range (default: any two unseen cards).")] = None,
    dead: Dead = None,
    file: File = None,
    game: Game = PokerGame.holdem,
    as_json: Json = False,
    unicode: Unicode = False,
) -> None:
    """Hand strength now, and with the cards to come (potentials, effective strength)."""
    def job():
        from pokercli.hand_strength import percentile as percentile_
        from pokercli.render import emit

        if file is not None or hand == "-":
            if board is not None or dead is not None or vs is not None or hand != ("-" if file is None else None):
                raise PokerError("batch mode (- or --file) reads the hand, board, range and dead cards "
                                 "of each spot from its line: no --board, --vs or --dead")
            return _batch("percentile", file, {"game": game.value})
        if hand is None:
            raise PokerError("give our two hole cards, or - to read spots from stdin")
        emit(percentile_(hand, board or (), dead or (), vs=vs, game=game.value), _out(as_json, unicode))

    run(job)


@app.command()
def hearts(
    state: Annotated[list[str], typer.Argument(help="52 location codes (comma/space separated, a JSON list, "
                                                     "or a JSON object with state, scores, pass_type); '-' reads stdin.")],
    view: Annotated[Optional[int], typer.Option("--view", help="Mask the state for player 1-4.")] = None,
    as_json: Json = False,
) -> None:
    """Check and show a Hearts game state (seed 002), optionally as one player sees it."""
    def job():
        from pokercli.hearts import read_states
        from pokercli.render import emit

        text = sys.stdin.read() if state == ["-"] else " ".join(state)
        out = _out(as_json)
        bad = 0
        for number, st in read_states(text, view):
            if number is None:  # one state: its error is the command's
                if isinstance(st, PokerError):
                    raise st
                return emit(st, out)
            if isinstance(st, PokerError):
                sys.stderr.write(f"pokercli: line {number}: {st}\n")
                bad += 1
            elif out.json:
                out.emit_json(st.to_dict(), indent=None)
            else:
                emit(st, out)
        return ExitStatus.FAILED if bad else ExitStatus.OK

    run(job)


@app.command()
def combos(
    hand: Annotated[list[str], typer.Argument(help="A Big Two hand of up to 13 cards.")],
    beats: Annotated[Optional[str], typer.Option("--beats", help="Only combinations that beat this one.")] = None,
    as_json: Json = False,
    unicode: Unicode = False,
) -> None:
    """Big Two: every playable combination in a hand (or those that beat --beats)."""
    def job():
        from pokercli.bigtwo import combos as combos_
        from pokercli.render import emit

        emit(combos_(" ".join(hand), beats), _out(as_json, unicode))

    run(job)


@app.command()
def draw(
    hand: Annotated[list[str], typer.Argument(help="A five-card hand.")],
    pays: Annotated[Optional[str], typer.Option("--pay", help="9 pays per unit: royal, straight flush, quads, "
                                                "full house, flush, straight, trips, two pair, jacks or better.")] = None,
    dead: Dead = None,
    top: Annotated[int, typer.Option("--top", help="How many holds to show (text output).")] = 8,
    as_json: Json = False,
    unicode: Unicode = False,
) -> None:
    """Five-card draw: every hold, exact over every draw, best expected return first."""
    def job():
        from pokercli.five_card_draw import draw as draw_
        from pokercli.render import emit

        if top < 1:
            raise PokerError(f"--top must be at least 1, not {top}")
        emit(draw_(" ".join(hand), dead or (), pays=pays), _out(as_json, unicode), top=top)

    run(job)


@app.command()
def icm(
    stacks: Annotated[Optional[list[str]], typer.Argument(
        help="Each player's chips ('50,30,20' or 50 30 20); '-' reads one list of stacks per line.")] = None,
    payouts: Annotated[str, typer.Option("--payouts", "-p", help="The prizes from first place down: amounts "
                                         "(70,30) or percentages of the pool (50%,30%,20%).")] = "",
    bubble: Annotated[bool, typer.Option("--bubble", help="Add every pair's bubble factor and risk premium.")] = False,
    call: Annotated[Optional[tuple[int, int]], typer.Option(
        "--call", metavar="CALLER SHOVER", help="The equity a call of an all-in needs (players from 1).")] = None,
    pot: Annotated[float, typer.Option("--pot", help="With --call: chips already in the middle (blinds, "
                                       "antes).")] = 0.0,
    samples: Annotated[Optional[int], typer.Option("--samples", help="Monte Carlo: this many finishing "
                                                   "orders (exact otherwise, while feasible).")] = None,
    seed: Seed = None,
    file: File = None,
    as_json: Json = False,
) -> None:
    """Tournament prize equity (ICM) of chip stacks; bubble factors; what a call needs."""
    def job():
        from pokercli.tournament import icm as icm_
        from pokercli.render import emit

        if not payouts:
            raise PokerError("give the prizes: --payouts 50,30,20 (or 50%,30%,20%)")
        words = stacks or []
        options = dict(bubble=bubble, call=call, pot=pot, samples=samples, seed=seed)
        if file is not None or words == ["-"]:
            if file is not None and words:
                raise PokerError("--file takes no stacks")
            return _batch("icm", file, options | {"payouts": payouts})
        if not words:
            raise PokerError("give the stacks: pokercli icm 50,30,20 --payouts 70,30")
        emit(icm_(" ".join(words), payouts, **options), _out(as_json))

    run(job)



@app.command()
def pushfold(
    stack: Annotated[Optional[float], typer.Option(
        "--stack", help="The effective stack in big blinds, before posting (blinds 0.5 and 1).")] = None,
    ante: Annotated[float, typer.Option("--ante", help="Each player's ante, in big blinds.")] = 0.0,
    chart: Annotated[bool, typer.Option("--chart", help="The largest stack at which each hand pushes "
                                        "and calls, over --stacks.")] = False,
    stacks: Annotated[Optional[str], typer.Option(
        "--stacks", help="Three stacks BTN,SB,BB or four CO,BTN,SB,BB (three- or four-handed); with "
        "--chart: FIRST:LAST:STEP or a list (default 1:20:0.05).")] = None,
    payouts: Annotated[Optional[str], typer.Option(
        "--payouts", help="Three- or four-handed under ICM: the prizes, amounts or percentages "
        "(50,30,20).")] = None,
    tolerance: Annotated[Optional[float], typer.Option(
        "--tolerance", help="Three- or four-handed: the exploitability to reach, a hand (bb, or prizes "
        "under ICM; default 2e-5 bb three-handed, 1e-3 bb four-handed).")] = None,
    deals: Annotated[Optional[int], typer.Option(
        "--deals", help="Four-handed: the sampled deals the game is solved on (default 1,048,576).")] = None,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", help="Four-handed: the seed of those deals (default 1).")] = None,
    engine: Engine = EngineKind.auto,
    as_json: Json = False,
) -> None:
    """Push/fold: the Nash equilibrium of jam-or-fold heads-up (exact), three- or four-handed, or the
    heads-up chart."""
    def job():
        from pokercli.render import emit, progress_bar

        out = _out(as_json)
        four = False
        if stacks is not None and not chart:
            from pokercli.tournament import parse_numbers

            given = parse_numbers(stacks, "stacks", False)[0]
            four = len(given) == 4
            if len(given) == 1 and stack is None:
                raise PokerError(f"stacks: one stack is heads-up: pokercli pushfold --stack {given[0]:g} "
                                 "(--stacks takes three or four)", "stacks")
        if not four and (deals is not None or seed is not None):
            what = "deals" if deals is not None else "seed"
            raise PokerError(f"{what}: only four-handed push/fold is solved on sampled deals; give four "
                             "stacks (--stacks CO,BTN,SB,BB)", what)
        if not four and engine.value == "gpu":
            raise PokerError("engine: the GPU engine serves four-handed push/fold; heads-up and three-handed "
                             "run on the CPU", "engine")
        if chart:
            from pokercli.push_fold import pushfold_chart

            if stack is not None:
                raise PokerError("stack: --chart solves every stack of --stacks; leave --stack out", "stack")
            if payouts is not None or tolerance is not None:
                what = "payouts" if payouts is not None else "tolerance"
                raise PokerError(f"{what}: the chart is heads-up, solved exactly; --{what} is for three or "
                                 "four stacks", what)
            with progress_bar(out, "chart", "stacks") as progress:
                result = pushfold_chart(stacks, ante=ante, progress=progress)
            emit(result, out)
            return
        if stacks is not None:
            from pokercli.push_fold_table import FOUR_DEALS, FOUR_SEED, pushfold_table

            if stack is not None:
                raise PokerError("stack: table stacks are --stacks BTN,SB,BB or CO,BTN,SB,BB; leave --stack "
                                 "out", "stack")
            what = ("sampled deals", "deals") if four else ("three-way table (once)", "class triples")
            with progress_bar(out, *what) as progress:
                result = pushfold_table(stacks, payouts=payouts, ante=ante, tolerance=tolerance,
                                        deals=FOUR_DEALS if deals is None else deals,
                                        seed=FOUR_SEED if seed is None else seed, engine=engine.value,
                                        progress=progress)
            emit(result, out)
            return
        if payouts is not None:
            raise PokerError("payouts: heads-up push/fold is chip EV; give three or four stacks (--stacks "
                             "10,8,5) for ICM", "payouts")
        if tolerance is not None:
            raise PokerError("tolerance: the heads-up equilibrium is solved exactly; --tolerance is for "
                             "three or four stacks", "tolerance")
        if stack is None:
            raise PokerError("give the effective stack: pokercli pushfold --stack 10 (or --chart, or "
                             "--stacks 10,8,5, or --stacks 10,10,8,5)", "stack")
        from pokercli.push_fold import pushfold as pushfold_

        emit(pushfold_(stack, ante=ante), out)

    run(job)

@app.command()
def hh(
    files: Annotated[list[str], typer.Argument(
        help="Hand history files: PHH (.phh, .phhs), PokerStars text or Open Hand History JSON, told "
             "apart by their first line; '-' reads stdin.")],
    summary: Annotated[bool, typer.Option(
        "--summary", help="Totals instead of one JSON line per hand: each player's hands, all-ins, net, "
                          "all-in EV-adjusted net and luck.")] = False,
    hero: Annotated[Optional[str], typer.Option(
        "--hero", help="With --summary: this player alone, and a plot of its cumulative net against "
                       "its EV-adjusted net.")] = None,
    plot: Annotated[Optional[Path], typer.Option(
        "--plot", help="With --summary --hero: also write the hero's cumulative net and EV-adjusted "
                       "net as an SVG chart to FILE (.svg).")] = None,
    to: Annotated[Optional[HistoryFormat], typer.Option(
        "--to", help="Write the hands read in this format instead: phh (one hand as a .phh file, "
                     "several as a .phhs file), or json (JSON Lines, the default).")] = None,
    as_json: Json = False,
) -> None:
    """Read hand histories: each hand's players, pots and net, and its all-in spot with each
    player's exact equity in each pot and EV-adjusted net (JSON Lines); --summary totals them."""
    def job():
        import contextlib
        import os
        import stat

        from pokercli.histories import read_docs_lines, read_lines
        from pokercli.histories.parallel import json_lines, starts_stars, stars_blocks, workers_for
        from pokercli.histories.summary import summarize_records
        from pokercli.render import emit, json_text, progress_bar

        if hero is not None and not summary:
            raise PokerError("--hero goes with --summary")
        if summary and to is not None:
            raise PokerError("--to writes the hands, --summary their totals: give one")
        if plot is not None and (hero is None or not summary):
            raise PokerError("--plot goes with --summary --hero NAME")
        if plot is not None and plot.suffix.lower() != ".svg":
            raise PokerError(f"--plot writes SVG: give a file name ending in .svg, not {shown(plot.name)}")
        to_phh = to is HistoryFormat.phh
        unread = 0

        def size(name: str) -> int:
            try:
                return os.stat(name).st_size if name != "-" else 0
            except (OSError, ValueError):  # named on opening it
                return 0

        for name in files:  # every file named before any is read: a wrong name costs no work and one line
            try:
                folder = name != "-" and stat.S_ISDIR(os.stat(name).st_mode)
            except OSError as e:
                raise PokerError(f"cannot read {shown(name)}: {e.strerror}") from None
            except ValueError:  # a NUL in the name
                raise PokerError(f"cannot read {shown(name)}: not a file name") from None
            if folder:
                raise PokerError(f"cannot read {shown(name)}: Is a directory")
        total = sum(size(name) for name in files)
        done = [0]

        def lines_of(stream, name: str):
            """A file's lines, decoded one at a time (its bytes counted for the progress bar)."""
            for number, raw in enumerate(stream, 1):
                done[0] += len(raw)
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise PokerError(f"{shown(name)} is not UTF-8 text (line {number})") from None
                yield line.lstrip("\ufeff") if number == 1 else line

        @contextlib.contextmanager
        def opened(name: str):
            """A file's bytes (stdin's for '-', left open)."""
            try:
                stream = sys.stdin.buffer if name == "-" else open(name, "rb")
            except OSError as e:
                raise PokerError(f"cannot read {shown(name)}: {e.strerror}") from None
            except ValueError:  # a NUL in the name
                raise PokerError(f"cannot read {shown(name)}: not a file name") from None
            with stream if name != "-" else contextlib.nullcontext():
                yield stream

        def no_hand(name: str) -> None:
            """A blank file holds no hand: not an error, but said (a wrong file name is likelier)."""
            sys.stderr.write(f"pokercli: warning: {'stdin' if name == '-' else name} holds no hand\n")  # named as a bad hand's file is

        def hands_read(report, reader=read_lines):
            nonlocal unread
            count = 0
            for name in files:
                with opened(name) as stream:
                    before = count
                    for item in reader(lines_of(stream, name), "stdin" if name == "-" else name):
                        count += 1
                        if report is not None and total and count % 50 == 0:
                            report(min(done[0], total), total)
                        if isinstance(item, PokerError):
                            unread += 1
                            where = f"{item.source}: hand {item.hand_id}" if item.hand_id else item.source
                            if item.line:
                                where += f", line {item.line}"
                            sys.stderr.write(f"pokercli: {where}: {item}\n")
                            continue
                        yield item
                    if count == before:
                        no_hand(name)

        def items_read(report, as_summary: bool):
            """A big file's hands read on several processes: each hand's JSON line,
            or its summary record; a bad hand named on stderr."""
            nonlocal unread
            count = 0
            for name in files:
                with opened(name) as stream:
                    before = count
                    source = "stdin" if name == "-" else name

                    def read_bytes(n: int) -> None:
                        done[0] += n

                    # a PokerStars file goes to the workers in blocks of bytes, not line by line
                    blocks = stars_blocks(stream, name, read_bytes) if starts_stars(stream) else None
                    for item in json_lines(lines_of(stream, name), source, workers_for(total), as_summary,
                                           blocks):
                        count += 1
                        if report is not None and total and count % 50 == 0:
                            report(min(done[0], total), total)
                        if item[0] == "error":
                            unread += 1
                            sys.stderr.write(f"pokercli: {item[1]}: {item[2]}\n")
                            continue
                        yield item[1]
                    if count == before:
                        no_hand(name)

        out = _out(as_json)
        parallel = workers_for(total) > 1  # a big file: read on several processes
        with progress_bar(out, "reading", "") as report:
            if summary and parallel:
                totals = summarize_records(items_read(report, True), hero)
                totals.named = unread
            elif summary:
                totals = summarize_records(hands_read(report, lambda *a: read_docs_lines(*a, records=True)), hero)
                totals.named = unread
            elif to_phh:
                from pokercli.histories.phh import dump_hand

                first = None
                for k, hand in enumerate(hands_read(report), 1):
                    if k == 1:
                        first = hand  # one hand is a .phh file; more, a .phhs file
                        continue
                    if k == 2:
                        sys.stdout.write(dump_hand(first, 1) + "\n")
                    sys.stdout.write(dump_hand(hand, k) + "\n")
                    sys.stdout.flush()
                if first is not None and k == 1:
                    sys.stdout.write(dump_hand(first))
            elif parallel:
                for line in items_read(report, False):
                    sys.stdout.write(line + "\n")
                    sys.stdout.flush()
            else:
                for doc in hands_read(report, read_docs_lines):
                    sys.stdout.write(json_text(doc) + "\n")
                    sys.stdout.flush()
        if summary:
            emit(totals, out)
            if plot is not None:
                from pokercli.render.hh import svg

                try:
                    plot.write_text(svg(totals.curve, f"{hero}: cumulative net and EV-adjusted net"),
                                    encoding="utf-8")
                except OSError as e:
                    raise PokerError(f"cannot write {shown(str(plot))}: {e.strerror}") from None
        if unread:
            sys.stderr.write(f"pokercli: {counted(unread, 'hand')} could not be read and "
                             f"{'was' if unread == 1 else 'were'} skipped\n")
            return ExitStatus.FAILED
        return ExitStatus.OK

    run(job)


#: ``warmup``'s worker processes at most by default (one a core below that):
#: each holds up to about 0.7 GB while it compiles.
WARMUP_JOBS = 4


@app.command()
def warmup(
    jobs: Annotated[Optional[int], typer.Option(
        "--jobs", "-j", min=1, help="Worker processes sharing the work (default: one a core, at most "
        f"{WARMUP_JOBS}; never more than the cores; 1: one process).")] = None,
    as_json: Json = False,
) -> None:
    """Compile (or load from the cache) every kernel now, so later commands start warm."""
    def job():
        from pokercli.jobs import threads
        from pokercli.render import emit, progress_bar
        from pokercli.warmup import warmup as warmup_

        out = _out(as_json)
        with progress_bar(out, "compiling", "steps") as report:
            result = warmup_(None if report is None else lambda done, total, step: report(done, total),
                             jobs=jobs or min(threads(), WARMUP_JOBS))
        emit(result, out)

    run(job)


def _one_range(words: list[str]) -> str:
    """A range written as several words, as one text, as if quoted: the range
    text reads spaces as eval7 does (``top 15%``, ``AA : 0.5``, ``AK s``: they
    were joined with commas, which made ``top`` and ``s`` parts of their own,
    and ``QQ+, AK`` ``QQ+,,AK``)."""
    return " ".join(words)


@app.command("range")
def range_(
    text: Annotated[list[str], typer.Argument(help="A range: QQ+, AKs, A2s+, TT-77, T9s-65s, AhKh, AA:0.5, "
                                                   "0.5(AA,KK), 15%, 5%-15%, random.")],
    order: Annotated[int, typer.Option("--order", min=1, max=9, help="Top-X% parts (15%) follow the equity "
                                       "against this many random hands (1-9; '15%@3' in the text also).")] = 1,
    to: Annotated[Optional[RangeFormat], typer.Option(
        "--to", help="Print the range in another tool's format: pio (AA,KK:0.5), weights (PioSOLVER's "
        "1326 numbers), brackets ([50]AKs[/50], GTO+/Flopzilla/Equilab).")] = None,
    source: Annotated[Optional[RangeFormat], typer.Option(
        "--from", help="Read RANGE in that format ('-' reads stdin).")] = None,
    as_json: Json = False,
) -> None:
    """Show a range as the 13x13 grid (pairs on the diagonal, suited above, offsuit below)."""
    def job():
        from pokercli import range_formats
        from pokercli.ranges import parse_range
        from pokercli.render import emit

        raw = sys.stdin.read() if text == ["-"] else _one_range(text)
        if source is not None:
            if order != 1:
                raise PokerError("--order is for pokercli's own range text, not --from")
            r = range_formats.read(raw if text == ["-"] else " ".join(text), source.value)
        else:
            r = parse_range(raw, order=order)
        out = _out(as_json)
        if to is None:
            return emit(r, out)
        converted = range_formats.write(r, to.value)
        if out.json:
            out.emit_json({"format": to.value, "text": converted, "combos": len(r), "weighted": r.weighted})
        else:
            sys.stdout.write(converted + "\n")

    run(job)


@app.command()
def hits(
    text: Annotated[list[str], typer.Argument(help="A hold'em range (QQ+,AK,T9s-65s, 15%): what it hits.")],
    board: Annotated[str, typer.Option("--board", "-b", help="The flop, turn or river: 3, 4 or 5 cards.")],
    vs: Annotated[Optional[str], typer.Option("--vs", help="An opponent hand or range: each category's "
                                              "exact equity against it over every runout.")] = None,
    dead: Dead = None,
    order: Annotated[int, typer.Option("--order", min=1, max=9, help="Top-X% parts follow the equity "
                                       "against this many random hands.")] = 1,
    as_json: Json = False,
    unicode: Unicode = False,
) -> None:
    """What a range hits on a board: made hands and draws, each with its combos and share."""
    def job():
        from pokercli.board_hits import hits as hits_
        from pokercli.render import emit

        emit(hits_(_one_range(text), board, dead or (), vs=vs, order=order), _out(as_json, unicode))

    run(job)


class TableFormat(str, Enum):
    csv = "csv"
    json = "json"


@app.command()
def table(
    hand: Annotated[Optional[str], typer.Option(
        "--hand", help="One class's row (e.g. AKs): its equity against all 169 classes.")] = None,
    classes: Annotated[Optional[str], typer.Option(
        "--classes", help="Only the classes of this range, as rows and columns (e.g. 'QQ+,AKs').")] = None,
    players: Annotated[int, typer.Option("--players", help="Players per matchup: 2, or 3 (each class "
                                         "against each pair of classes; always enumerated).")] = 2,
    vs: Annotated[Optional[str], typer.Option(
        "--vs", help="Three-way with --hand: one opponent class; the grid shows the third.")] = None,
    output: Annotated[Optional[Path], typer.Option(
        "--output", "-o", help="Write the table to FILE (.json or .csv, or see --format).")] = None,
    fmt: Annotated[Optional[TableFormat], typer.Option(
        "--format", help="Format of --output (default: from its extension, else csv).")] = None,
    engine: Engine = EngineKind.auto,
    scheduler: Scheduler = None,
    checkpoint: Checkpoint = None,
    resume: Resume = False,
    compute: Annotated[bool, typer.Option(
        "--compute", help="Enumerate every board instead of summing the shipped exact results "
        "of every heads-up deal (minutes for the whole table; implied by --checkpoint and "
        "--scheduler).")] = False,
    as_json: Json = False,
) -> None:
    """Exact heads-up preflop equity of starting-hand classes against each other (169 x 169)."""
    def job():
        from pokercli.preflop_table import table as table_
        from pokercli.render import emit, progress_bar, warn
        from pokercli.render.table import check_output, write_table

        out = _out(as_json)
        kind = None if output is None else check_output(output, fmt.value if fmt else None)  # said now
        with _saving_hint(checkpoint), progress_bar(out, "table", "chunks") as progress:
            result = table_(hand, classes, players=players, engine=engine.value, scheduler=scheduler,
                            checkpoint=checkpoint, resume=resume, progress=progress, compute=compute,
                            vs=vs, announce=lambda text: warn(f"three-way table: {text}"))
        if result.resumed:
            warn(f"resumed: {result.resumed} of {result.chunks} chunks came from {checkpoint}")
        if output is not None:
            write_table(result, output, kind)
            warn(f"wrote {output} ({kind})")
        if out.json or out.rich or output is None:
            emit(result, out, hand=None if hand is None or players == 3 else result.rows[0])

    run(job)
