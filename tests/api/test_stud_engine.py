"""Exact stud and draw jobs in chunks: with a checkpoint file (saved, resumed,
a damaged line computed again), the same integers as on the threads. On a
Dask cluster: tests/internals/test_jobs.py."""

from __future__ import annotations

import json

import pytest

import pokercli
from pokercli.equity_calc import stud as S
from pokercli.errors import PokerError

SPOT = (["(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h"], "5c 5d")


def _counts(r) -> list:
    return [(p.wins, p.ties, p.equity) for p in r.players]


@pytest.fixture
def small_calls(monkeypatch):
    monkeypatch.setattr(S, "DEALS_PER_CALL", 60_000)  # 548,340 deals: 10 kernel calls, 5 chunks


def test_a_checkpoint_saves_and_resumes_the_same_counts(tmp_path, small_calls):
    players, dead = SPOT
    plain = pokercli.equity(players, dead=dead, game="razz")
    path = tmp_path / "razz.ckpt"
    saved = pokercli.equity(players, dead=dead, game="razz", checkpoint=str(path))
    assert _counts(saved) == _counts(plain) and saved.boards == plain.boards == 548_340
    assert "5 chunks on this machine" in saved.note
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + 5  # the header, then a line a chunk
    resumed = pokercli.equity(players, dead=dead, game="razz", checkpoint=str(path), resume=True)
    assert _counts(resumed) == _counts(plain) and "(5 resumed from the checkpoint)" in resumed.note
    # a run cut short: two chunks saved, one of them garbled; the rest computed again
    garbled = json.loads(lines[2])
    garbled["result"][0][0][0] = -1
    path.write_text("\n".join([lines[0], lines[1], json.dumps(garbled)]) + "\n")
    again = pokercli.equity(players, dead=dead, game="razz", checkpoint=str(path), resume=True)
    assert _counts(again) == _counts(plain) and "(1 resumed from the checkpoint)" in again.note


def test_ranges_and_draw_games_in_chunks(tmp_path, small_calls):
    for players, game in ((["(A 2d) 7h 8h Kc 9d", "(3d 4) 6s 7c Qc Tc"], "stud-hilo"),
                          (["7s 5d 4h", "8s 6d 4d 2s"], "27-single")):
        plain = pokercli.equity(players, game=game)
        chunked = pokercli.equity(players, game=game, checkpoint=str(tmp_path / f"{game}.ckpt"))
        assert _counts(chunked) == _counts(plain) and "chunks on this machine" in chunked.note


def test_a_sampled_job_takes_no_checkpoint(tmp_path):
    players, _ = SPOT
    with pytest.raises(PokerError, match="checkpoint"):
        pokercli.equity(["(As 2d) 3h", "(Kd 3d) 4s"], game="razz", checkpoint=str(tmp_path / "x"))
    with pytest.raises(PokerError, match="checkpoint"):
        pokercli.equity(players, game="razz", samples=1000, checkpoint=str(tmp_path / "x"))
