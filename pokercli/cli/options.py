"""Options shared by several commands, declared once.

Each command's parameter is named as the API's (``board``, ``dead``,
``seed``, ``engine``, ``checkpoint``...), so the error boundary can turn the
library's parameter names into these flags.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from pokercli.games import GAMES, equity_games, help_text

Json = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables/text.")]
Unicode = Annotated[bool, typer.Option("--unicode", "-u", help="Show suits as ♠ ♡ ♢ ♣.")]
Board = Annotated[Optional[str], typer.Option(
    "--board", "-b", help="Board: 0, 3, 4 or 5 cards (empty: preflop).")]
#: ``equity`` and ``rank``: stud's community card too.
CommunityBoard = Annotated[Optional[str], typer.Option(
    "--board", "-b", help="Board: 0, 3, 4 or 5 cards (empty: preflop); in stud the community card (equity: x "
    "for one to come).")]
Dead = Annotated[Optional[str], typer.Option("--dead", "-d", help="Dead cards, out of the deck.")]
Seed = Annotated[Optional[int], typer.Option("--seed", "-s", help="Seed, for a reproducible answer.")]
Scheduler = Annotated[Optional[str], typer.Option(
    "--scheduler", help="Run exact chunks on this Dask cluster: tcp://HOST:PORT (or set "
    "POKERCLI_SCHEDULER). Needs pip install 'pokercli[cluster]'.")]
EngineKind = Enum("EngineKind", {"auto": "auto", "cpu": "cpu", "gpu": "gpu"}, type=str)
Engine = Annotated[EngineKind, typer.Option(
    "--engine", help="auto: a GPU for big jobs when one is present (said on stderr); cpu; gpu "
    "(needs an NVIDIA GPU and pip install 'pokercli[gpu]').")]
Checkpoint = Annotated[Optional[Path], typer.Option(
    "--checkpoint", help="Exact jobs: save every finished chunk to FILE as it completes.")]
Resume = Annotated[bool, typer.Option(
    "--resume", help="Continue the job saved in --checkpoint, skipping finished chunks.")]
File = Annotated[Optional[Path], typer.Option(
    "--file", "-f", help="Read one item per line from FILE (as '-' reads stdin).", dir_okay=False)]


#: The games of ``rank``, ``equity`` and ``percentile``: the games of pokercli.games with an engine.
PokerGame = Enum("PokerGame", {g.name.replace("-", "_"): g.name for g in equity_games()}, type=str)


#: The games of ``deal``: every entry of pokercli.games.GAMES, deal layouts too.
DealGame = Enum("DealGame", {name.replace("-", "_"): name for name in GAMES}, type=str)

GAME_HELP = help_text()
# the choices are in the help text: as a metavar they make a 93-column line
Game = Annotated[PokerGame, typer.Option("--game", "-g", help=GAME_HELP, metavar="GAME")]
DEAL_HELP = f"The game or layout to deal: {', '.join(GAMES)}."
