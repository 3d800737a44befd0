"""Streaming batches: ``rank -`` (one hand per line), ``equity -`` and ``percentile -`` (one spot per line).

``rank -`` is a compiled kernel over chunks of bytes (below). ``equity -``
and ``percentile -`` (:func:`spot_stream`) read one spot per line — a JSON
object or a plain-text form — and answer each with one JSON line, in order,
as soon as it is computed; memory stays bounded whatever the input's length.

Ranking:

The input is read in chunks of whole lines (bounded memory, about
``CHUNK_BYTES`` at a time). Each chunk goes through one compiled kernel call
(:mod:`pokercli._batch_kernel`) that parses, evaluates and formats every line
written in the common notation (a rank byte then a suit byte: ``As Ks``,
``AsKs``, ``as,ks``). A line it does not take — a comment, a blank line,
``10s``, ``A♠``, a mistake — goes to the ordinary parser of
:mod:`pokercli.cards`, which reads it or names what is wrong with its line
number. No Python code runs per line on the common path.

Output, one line per hand in input order: ``hand<TAB>class<TAB>type<TAB>score``,
or with ``--json`` ``{"hand": ..., "class": ..., "type": ..., "score": ...}``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import BinaryIO, Optional

import numpy as np

from pokercli import cards as C
from pokercli.errors import PokerError, card_count, shown

CHUNK_BYTES = 1 << 22
BOM = b"\xef\xbb\xbf"
#: Longest answer line (JSON, 7 cards) with room to spare.
_MAX_ANSWER = 128

_TSV = ("", "\t", "\t", "\t", "\n")
_JSON = ('{"hand": "', '", "class": ', ', "type": "', '", "score": ', "}\n")


@dataclass
class BatchReport:
    hands: int = 0
    bad: int = 0


@lru_cache(maxsize=3)
def _luts(game: str = "holdem"):
    """Byte tables of the kernel. A rank the game's deck lacks (short deck: two
    to five) reads as no rank, so its line goes to the Python parser, which
    names the card."""
    from pokercli.games import game as game_of

    rules = game_of(game)
    ranks = {C.card_rank(c) for c in rules.deck}
    rank = np.full(256, 255, np.uint8)
    suit = np.full(256, 255, np.uint8)
    sep = np.zeros(256, np.bool_)
    for i, ch in enumerate(C.RANK_CHARS):
        if i in ranks:
            rank[ord(ch)] = rank[ord(ch.lower())] = i
    for g, ch in enumerate(C.GROUP_SUITS):
        suit[ord(ch)] = suit[ord(ch.upper())] = g
    for ch in " \t,\r":
        sep[ord(ch)] = True
    names = np.array([list(C.card_name(c).encode()) for c in range(52)], np.uint8)
    type_names = np.zeros((10, 16), np.uint8)
    type_lens = np.zeros(10, np.int64)
    for s, name in rules.rule.ranking.type_names().items():
        type_names[s, :len(name)] = list(name.encode())
        type_lens[s] = len(name)
    return rank, suit, sep, names, type_names, type_lens


def _fields(as_json: bool) -> tuple[np.ndarray, ...]:
    return tuple(np.frombuffer(t.encode(), np.uint8) for t in (_JSON if as_json else _TSV))


def answer_line(cards: list[int], hand_class: int, score: int, as_json: bool, game: str = "holdem") -> bytes:
    """The answer for one hand, byte for byte as the kernel writes it."""
    from pokercli.games import game as game_of

    parts = _JSON if as_json else _TSV
    kind = game_of(game).rule.ranking.type_names()[score >> 26]
    values = (C.format_cards(cards), str(hand_class), kind, str(score))
    return "".join(p + v for p, v in zip(parts, values)).encode() + parts[4].encode()


class _Ranker:
    def __init__(self, as_json: bool, game: str = "holdem"):
        from pokercli._kernels import rank_lines as K
        from pokercli import evaluate as E
        from pokercli._kernels.jit import call
        from pokercli.games import game as game_of

        self.call = call
        self.kernel = K.rank_lines
        self.game = game_of(game)
        ranking = self.game.rule.key
        keys, offsets, _, (rank_class, flush_class) = E.kernel_tables(ranking)
        score_of_class = self.score_of_class = E.score_of_class(ranking)
        rank, suit, sep, names, type_names, type_lens = _luts(game)
        self.tables = (rank, suit, sep, keys, offsets, rank_class, flush_class, score_of_class,
                       names, type_names, type_lens, *_fields(as_json))
        self.as_json = as_json
        self.classes = E.classes

    def run(self, data: bytes):
        buf = np.frombuffer(data, np.uint8)
        n_lines = data.count(b"\n")
        out = np.empty(n_lines * _MAX_ANSWER, np.uint8)
        status = np.empty(n_lines, np.uint8)
        out_end = np.empty(n_lines, np.int64)
        _, used = self.call(self.kernel, buf, *self.tables, out, status, out_end)
        return out[:used], status, out_end


def _line_texts(data: bytes, lines: np.ndarray) -> list[tuple[int, Optional[str]]]:
    """(index, text) of the ``lines`` of ``data``; the text None for a line that is not UTF-8."""
    starts = np.concatenate(([0], np.flatnonzero(np.frombuffer(data, np.uint8) == 10) + 1))
    texts = []
    for i in lines:
        try:
            texts.append((int(i), data[starts[i]:starts[i + 1] - 1].decode("utf-8")))
        except UnicodeDecodeError:
            texts.append((int(i), None))
    return texts


def rank_stream(stream: BinaryIO, out: BinaryIO, as_json: bool = False,
                chunk_bytes: int = CHUNK_BYTES, err=None, game: str = "holdem") -> BatchReport:
    """Rank every hand of ``stream`` (one per line) into ``out``; bad lines to
    ``err``. ``game``: hold'em or a short deck game (five to seven cards)."""
    err = err if err is not None else sys.stderr
    report = BatchReport()
    ranker = _Ranker(as_json, game)
    first_line = 1
    rest = b""
    start = True
    while True:
        block = stream.read(chunk_bytes)
        if start:
            start = False
            if block.startswith(BOM):  # a UTF-8 byte-order mark is not part of line 1
                block = block[len(BOM):] or stream.read(chunk_bytes)
        data = rest + block
        if block:
            cut = data.rfind(b"\n") + 1
            data, rest = data[:cut], data[cut:]
        elif data and not data.endswith(b"\n"):
            data += b"\n"
        if data:
            answers, status, out_end = ranker.run(data)
            report.hands += int((status == 0).sum())
            slow = np.flatnonzero(status)
            if len(slow) == 0:
                out.write(answers.tobytes())
            else:
                pos = 0
                for i, text in _line_texts(data, slow):
                    cut_at = int(out_end[i])
                    out.write(answers[pos:cut_at].tobytes())
                    pos = cut_at
                    answer = _slow_line(text, first_line + i, ranker, report, err)
                    if answer:
                        out.write(answer)
                out.write(answers[pos:].tobytes())
            first_line += len(status)
        if not block:
            break
    return report


def _slow_line(text: Optional[str], line_no: int, ranker: _Ranker, report: BatchReport, err) -> bytes:
    if text is None:  # (as the spot batches name such a line: read_lines)
        report.bad += 1
        err.write(f"pokercli: line {line_no}: the line is not UTF-8 text\n")
        return b""
    body = text.split("#", 1)[0].strip()
    if not body:
        return b""
    try:
        if body.count("|") > 1:
            raise PokerError("a rank line is one hand: its cards, or its hole cards | its board "
                             "(a showdown of several hands: pokercli rank --board BOARD HAND HAND ...)")
        if "|" in body:  # the hole cards | the board, as an Omaha line may be written
            hole_text, _, board_text = body.partition("|")
            hole, board = C.parse(hole_text, what="hole"), C.parse(board_text, what="board")
            C.check_disjoint([("hole", hole), ("board", board)])
            cards = hole + board
            if len(cards) not in (5, 6, 7):
                raise PokerError(f"hand {shown(body)} has {card_count(len(cards))}, expected 5 or 6 or 7")
        else:
            cards = C.parse(body, count=(5, 6, 7), what="hand")
        ranker.game.check_deck(cards, "hand", "hand")
    except PokerError as e:
        report.bad += 1
        err.write(f"pokercli: line {line_no}: {e}\n")
        return b""
    row = np.full((1, 7), -1, np.int8)
    row[0, :len(cards)] = cards
    hand_class = int(ranker.classes(row, ranker.game.name)[0])
    report.hands += 1
    return answer_line(cards, hand_class, int(ranker.score_of_class[hand_class]), ranker.as_json,
                       ranker.game.name)


# --- Omaha: a hand and its board per line ------------------------------------------

#: Omaha lines evaluated per kernel call (bounded memory).
OMAHA_BLOCK = 1 << 16


def omaha_rank_stream(stream: BinaryIO, out: BinaryIO, as_json: bool = False, game: str = "omaha",
                      err=None) -> BatchReport:
    """Rank every Omaha hand of ``stream``: one per line, the game's hole cards
    then a five-card board (``As Ah Ks Kh Ad 7c 2s 3h 9d``), optionally split
    by ``|`` (``As Ah Ks Kh | Ad 7c 2s 3h 9d``). Answers in input order, one
    line each: ``hole<TAB>board<TAB>class<TAB>type<TAB>score``, hi-lo games
    adding ``<TAB>low`` (``8-6-4-2-A low`` or ``no low``); with ``as_json``
    JSON Lines with the keys ``hole``, ``board``, ``class``, ``type``,
    ``score`` (and ``low``: the description, or null). Lines are parsed one by
    one and evaluated ``OMAHA_BLOCK`` at a time by one kernel call
    (:func:`pokercli.evaluate.classes`, ``lows``); a bad line is reported on
    ``err`` with its number and skipped; blank lines and ``#`` comments are
    skipped silently."""
    from pokercli.games import game as game_of

    rules = game_of(game)
    return in_blocks(stream, lambda body: _omaha_line(body, rules),
                     lambda block, report: _write_omaha(block, rules, as_json, out, report), err)


def in_blocks(stream: BinaryIO, parse, write, err=None, size: int = OMAHA_BLOCK) -> BatchReport:
    """Read ``stream`` a line at a time: ``parse(text)`` each line (a
    :class:`PokerError` names a bad line on ``err`` with its number, and the
    line is skipped; blank lines and ``#`` comments are skipped silently), and
    ``write(block, report)`` the parsed lines ``size`` at a time and before
    each bad line's message, in input order; ``write`` empties the block and
    counts its hands in the report."""
    err = err if err is not None else sys.stderr
    report = BatchReport()
    block: list = []
    for number, text in read_lines(stream):
        bad = isinstance(text, PokerError)
        body = "" if bad else text.split("#", 1)[0].strip()
        if not bad and not body:
            continue
        try:
            if bad:
                raise text
            block.append(parse(body))
        except PokerError as e:
            report.bad += 1
            write(block, report)
            err.write(f"pokercli: line {number}: {e}\n")
            continue
        if len(block) == size:
            write(block, report)
    write(block, report)
    return report


def _omaha_line(body: str, rules) -> tuple[list[int], list[int]]:
    """(hole, board) of one Omaha line: a clean line (cards as separate tokens,
    each once, in the deck) is read a token at a time; anything else is read by
    the full parser, which names what is wrong."""
    h = rules.hole_cards
    quick = C.quick_parse(body.replace("|", " "))
    if quick is not None and len(quick) == h + 5 and len(set(quick)) == h + 5 \
            and not set(quick) & set(rules.left_out):
        return quick[:h], quick[h:]
    if "|" in body:
        hole_text, _, board_text = body.partition("|")
        hole = C.parse(hole_text, count=h, what="hole")
        board = C.parse(board_text, count=5, what="board")
        C.as_cards(hole + board, "hand")  # a card in both
    else:
        cards = C.parse(body, count=h + 5, what=f"hand ({h} hole cards, then a five-card board)")
        hole, board = cards[:h], cards[h:]
    rules.check_deck(hole + board, "hand", "hand")
    return [int(c) for c in hole], [int(c) for c in board]


def _write_omaha(block: list, rules, as_json: bool, out: BinaryIO, report: BatchReport) -> None:
    """Evaluate the lines gathered in ``block`` in one call, write their answers, empty it."""
    if not block:
        return
    from pokercli import evaluate as E

    rows = np.array([hole + board for hole, board in block], np.uint8)
    # one kernel call for the high hands and, in hi-lo, the lows (as classes and lows give them)
    split = rules.pot.split
    highs, low_sets = rules.engine.evaluate(rows, rules, E.identity_classes(rules.rule.key), lows=split)
    classes = highs.tolist()
    lows = low_sets.tolist() if split else [None] * len(block)
    score_of = E.score_of_class(rules.rule.key)
    kinds = rules.rule.ranking.type_names()
    lines = []
    for (hole, board), cls, low in zip(block, classes, lows):
        score = int(score_of[cls])
        fields = {"hole": C.format_cards(hole), "board": C.format_cards(board), "class": cls,
                  "type": kinds[score >> 26], "score": score}
        if split:
            fields["low"] = low_text(low)
        lines.append(fields)
    write_answers(lines, as_json, out, report, block)


def low_text(low: int) -> Optional[str]:
    """An eight-or-better low's 8-bit rank set (ace = bit 0) as ``8-6-4-2-A low``, or None."""
    from pokercli.showdowns import low_name

    return low_name([r for r in range(8, 0, -1) if low >> (r - 1) & 1]) if low else None


def write_answers(answers: list[dict], as_json: bool, out: BinaryIO, report: BatchReport, block: list) -> None:
    """Write a block's answers (JSON Lines, or tab-separated with ``no low`` for a
    missing low), count them, empty the block."""
    lines = [json.dumps(a) if as_json else "\t".join("no low" if v is None else str(v) for v in a.values())
             for a in answers]
    out.write(("\n".join(lines) + "\n").encode())
    report.hands += len(block)
    block.clear()


# --- equity and percentile, one spot per line -----------------------------------

#: The fields of a spot's JSON object, for each batch (``True``: required).
SPOT_FIELDS = {
    "equity": {"players": True, "board": False, "dead": False, "game": False, "draws": False, "pat": False,
               "keep": False, "runs": False, "boards": False},
    "percentile": {"hand": True, "board": False, "vs": False, "dead": False, "game": False},
}
#: Labels of the plain-text form's fields (``AsAh | QQ+,AKs | board Kd7c2h``).
_LABELS = ("board", "dead", "vs", "game", "draws", "pat", "keep", "runs", "boards")
#: The fields that may be a JSON number (the others are text or lists of cards).
_NUMBERS = ("draws", "runs", "boards")


@dataclass
class SpotReport:
    answered: int = 0
    bad: int = 0
    #: The line whose Monte Carlo a Ctrl-C stopped (its answer is from the
    #: samples so far, and no later line was read), or None.
    interrupted_line: Optional[int] = None


def parse_spot(kind: str, text: str) -> dict:
    """The API arguments of one line: a JSON object with the fields of
    ``SPOT_FIELDS[kind]``, or the plain form whose ``|``-separated parts are
    the players (``equity``) or the hand (``percentile``), and ``board ...``,
    ``dead ...``, ``vs ...``, ``game ...`` parts.

    >>> parse_spot("equity", 'AsAh | QQ+,AKs | board Kd7c2h')
    {'players': ['AsAh', 'QQ+,AKs'], 'board': 'Kd7c2h'}
    >>> parse_spot("percentile", '{"hand": "AsAd", "board": "Ac 2d 8c"}')
    {'hand': 'AsAd', 'board': 'Ac 2d 8c'}
    """
    fields = SPOT_FIELDS[kind]
    if text.lstrip().startswith(("{", "[")):
        twice: list[str] = []

        def pairs(items: list) -> dict:  # JSON allows a name twice and keeps the last: a spot names each once
            names = [k for k, _ in items]
            twice.extend(k for i, k in enumerate(names) if k in names[:i])
            return dict(items)

        try:
            doc = json.loads(text, object_pairs_hook=pairs)
        except (ValueError, RecursionError):
            raise PokerError("not a valid JSON object") from None
        if not isinstance(doc, dict):
            raise PokerError("a spot is a JSON object")
        if twice:
            raise PokerError(f"the field {shown(twice[0])} is given twice")
        unknown = [k for k in doc if k not in fields]
        if unknown:
            raise PokerError(f"unknown field {shown(unknown[0])} (fields: {', '.join(fields)})")
        for name, required in fields.items():
            if required and name not in doc:
                raise PokerError(f"the field {name!r} is missing")
        if kind == "equity" and not (isinstance(doc["players"], list)
                                     and all(isinstance(p, str) for p in doc["players"])):
            raise PokerError("players is a list of hands or ranges, each a string")
        for name, value in doc.items():
            if name in _NUMBERS and value is not None:
                if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
                    continue
                raise PokerError(f"{name} is a whole number (or its digits as text), not {type(value).__name__}")
            if name != "players" and value is not None and not isinstance(value, (str, list)):
                raise PokerError(f"{name} is text (or a list of cards), not {type(value).__name__}")
        return {k: v for k, v in doc.items() if v is not None}
    args: dict = {}
    main = []
    for part in (p.strip() for p in text.split("|")):
        label, _, rest = part.partition(" ")
        if label.lower() in _LABELS and label.lower() in fields:
            if label.lower() in args:
                raise PokerError(f"the part {label.lower()!r} is given twice")
            args[label.lower()] = rest.strip()
        elif label.lower() in _LABELS:  # an equity line's part on a percentile line: named, not read as a hand
            raise PokerError(f"a {kind} line has no {label.lower()!r} part "
                             f"(its parts: {', '.join(k for k in fields if k in _LABELS)})")
        elif part:
            main.append(part)
    if kind == "equity":
        if len(main) < 2:  # (the command line's spaces between players are '|' on a line)
            raise PokerError("a spot's players are separated by '|' (AsAh | QQ+,AKs | board Kd7c2h); "
                             f"this line has {len(main)}" + (f": {shown(main[0])}" if main else ""))
        args = {"players": main, **args}
    else:
        if len(main) != 1:
            raise PokerError(f"a percentile spot has one hand, not {len(main)} (use 'vs RANGE' for the range)")
        args = {"hand": main[0], **args}
    return args


#: The longest line (bytes) the line-by-line readers take; a longer one is named
#: and skipped a block at a time, never held whole (a 45 MB line once cost 1.5 GB).
MAX_LINE = 1 << 20


def read_lines(stream: BinaryIO):
    """(line number, text) of each line, read one at a time (bounded memory); a
    UTF-8 byte-order mark before the first line is skipped. A line that is not
    UTF-8, or is longer than :data:`MAX_LINE` bytes, comes as the
    :class:`PokerError` that names it instead of its text. ``stream`` is a
    binary file, or any iterable of byte lines."""
    readline = getattr(stream, "readline", None)
    if readline is None:  # an iterable of lines, each already whole
        lines = iter(stream)

        def readline(limit: int) -> bytes:
            return next(lines, b"")
    number = 0
    while True:
        raw = readline(MAX_LINE + 1)
        if not raw:
            return
        number += 1
        if len(raw.rstrip(b"\r\n")) > MAX_LINE:
            while not raw.endswith(b"\n"):  # the rest of the line, a block at a time
                raw = readline(MAX_LINE)
                if not raw:
                    break
            yield number, PokerError(f"the line is longer than {MAX_LINE:,} bytes")
            continue
        if number == 1 and raw.startswith(BOM):
            raw = raw[len(BOM):]
        try:
            yield number, raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            yield number, PokerError("the line is not UTF-8 text")


def spot_stream(kind: str, stream: BinaryIO, out, options: dict, err=None) -> SpotReport:
    """Answer each spot of ``stream`` (``kind``: equity or percentile) with its
    ``--json`` document plus ``"line"``, one JSON line each, in order. A bad
    line is reported on ``err`` with its number and skipped; blank lines and
    ``#`` comments are skipped silently. ``options`` (the method options of
    ``equity``, and the default ``game``) apply to every line. ``kind`` icm:
    :func:`icm_stream`."""
    if kind == "icm":
        return icm_stream(stream, out, options, err)
    if kind == "equity":
        from pokercli.equity_calc import equity as compute
    else:
        from pokercli.hand_strength import percentile as compute

    def answer(text: str) -> dict:
        line = parse_spot(kind, text)
        args = {**options, **line}
        main = args.pop("players" if kind == "equity" else "hand")
        if kind == "equity" and {"runs", "boards"} & set(args):
            return _runs(main, args, line).to_dict()
        if kind == "equity" and {"draws", "pat", "keep"} & set(args):
            return _draws(main, args).to_dict()
        try:
            return compute(main, **args).to_dict()
        except PokerError as e:
            raise _board_hint(e, kind, text, line) from None

    return _answer_lines(stream, out, answer, err, lambda text: not text.strip() or text.lstrip().startswith("#"))


def _board_hint(error: PokerError, kind: str, text: str, line: dict) -> PokerError:
    """``error`` with a hint when a plain equity line's last part, which the
    error is about, is three to five cards, the line names no board and two
    players are left without it: the board written as a player
    (``AsAh | KsKh | Jh Th 2c``)."""
    if kind != "equity" or "board" in line or text.lstrip().startswith(("{", "[")) \
            or len(line.get("players", ())) < 3:  # (two players would be left)
        return error
    last = line["players"][-1]
    try:
        count = len(C.parse(last))
    except PokerError:
        return error
    if not 3 <= count <= 5 or shown(last) not in str(error):
        return error
    return PokerError(f"{error}; on a line, the board is a part of its own: 'board {last}'", error.param)


def _draws(players, args: dict):
    """A draw game's spot with draws to come (:func:`pokercli.equity_draws`): a
    line's ``draws`` is text (``draws 3``) or a JSON number."""
    from pokercli.equity_calc.draws import equity_draws

    if args.pop("board", None):
        raise PokerError("a draw game's spot has no board")
    if args.pop("engine", None) == "gpu" or args.pop("scheduler", None) is not None:
        raise PokerError("draws to come run on this machine's CPU: no GPU engine or scheduler")
    return equity_draws(players, draws=_whole_field(args.pop("draws", 1), "draws"), **args)


def _whole_field(value, name: str) -> int:
    """A line's whole-number field: text (``runs 2``) or a JSON number."""
    if isinstance(value, str):
        if not value.strip().isdigit():
            raise PokerError(f"{name} must be a whole number, not {shown(value)}", name)
        return int(value)
    return value


def _runs(players, args: dict, line: dict):
    """A spot run two or three times, or on two boards (:func:`pokercli.equity_runs`):
    a line's ``runs`` or ``boards`` (``runs 2``, ``boards 2``, or JSON numbers), else
    the command line's (which then runs every line so). Runs take the players,
    board, dead cards, game, method, samples, stderr and seed (the command
    line's draws are not a run line's); a line's draws, or the command line's
    --categories, --engine gpu or --scheduler, are refused."""
    from pokercli.equity_calc.runs import equity_runs

    if {"draws", "pat", "keep"} & set(line):
        raise PokerError("a spot is run twice (runs, boards) or has draws to come, not both")
    if "runs" in line and "boards" in line:
        raise PokerError("give runs or boards 2, not both")
    if "runs" in line or "boards" in line:  # the line's, in place of the command line's
        args.pop("runs" if "boards" in line else "boards", None)
    for name in ("draws", "pat", "keep"):
        args.pop(name, None)
    refused = {"categories": bool(args.pop("categories", False)), "engine gpu": args.pop("engine", None) == "gpu",
               "scheduler": args.pop("scheduler", None) is not None}
    clash = [name for name, on in refused.items() if on]
    if clash:
        raise PokerError(f"runs and boards take the players, board, dead cards, game, method, samples, stderr "
                         f"and seed: not {', '.join(clash)}")
    boards = args.pop("boards", None)
    runs = args.pop("runs", None)
    if boards is not None:
        boards = _whole_field(boards, "boards")
        if boards != 2:
            raise PokerError(f"boards must be 2 (double board), not {boards}", "boards")
        return equity_runs(players, double_board=True, **args)
    return equity_runs(players, runs=_whole_field(runs, "runs"), **args)


def icm_stream(stream: BinaryIO, out, options: dict, err=None) -> SpotReport:
    """``icm -``: each line's stacks (a ``#`` starts a comment) answered with the
    ``icm --json`` document plus ``"line"``; ``options`` are :func:`pokercli.icm`'s
    keyword arguments, ``payouts`` among them, for every line."""
    from pokercli.tournament import icm

    options = dict(options)
    payouts = options.pop("payouts")
    return _answer_lines(stream, out, lambda text: icm(text.split("#", 1)[0].strip(), payouts, **options).to_dict(),
                         err, lambda text: not text.split("#", 1)[0].strip())


def _answer_lines(stream: BinaryIO, out, answer, err, skip) -> SpotReport:
    """One JSON line per line of ``stream`` (``answer(text)``, plus ``"line"``),
    in order; a bad line is named on ``err`` and skipped, and lines ``skip(text)``
    says are empty are skipped silently. An answer that a Ctrl-C cut short
    (``"interrupted": true``: a Monte Carlo's samples so far) is written and
    ends the stream; a Ctrl-C during any other answer raises KeyboardInterrupt."""
    from pokercli.render import json_text

    err = err if err is not None else sys.stderr
    report = SpotReport()
    for number, text in read_lines(stream):
        if isinstance(text, str) and skip(text):
            continue
        try:
            if isinstance(text, PokerError):
                raise text
            doc = answer(text)
        except PokerError as e:
            report.bad += 1
            err.write(f"pokercli: line {number}: {e}\n")
            continue
        doc["line"] = number
        out.write(json_text(doc) + "\n")
        out.flush()
        report.answered += 1
        if doc.get("interrupted"):  # Ctrl-C: this line's samples so far, and no more lines
            report.interrupted_line = number
            break
    return report
