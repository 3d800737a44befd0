"""The batch ranking kernel of `rank -`: against the reference on random lines, chunked, bounded."""

import io

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from pokercli import batch as B
from pokercli import cards as C
from pokercli import reference as R


def random_lines(rng, n):
    lines = []
    for _ in range(n):
        k = int(rng.integers(5, 8))
        cards = rng.choice(52, k, replace=False).tolist()
        sep = [" ", ",", "", ", "][int(rng.integers(0, 4))]
        names = [C.card_name(c) for c in cards]
        if rng.random() < 0.3:
            names = [x.upper() if rng.random() < 0.5 else x.lower() for x in names]
        lines.append((cards, sep.join(names)))
    return lines


@pytest.mark.parametrize("chunk", [64, 1000, B.CHUNK_BYTES])
def test_batch_matches_reference_across_chunk_sizes(chunk):
    rng = np.random.default_rng(chunk)
    lines = random_lines(rng, 800)
    text = "\n".join(l for _, l in lines) + "\n"
    out, err = io.BytesIO(), io.StringIO()
    report = B.rank_stream(io.BytesIO(text.encode()), out, chunk_bytes=chunk, err=err)
    assert report.bad == 0 and report.hands == 800 and err.getvalue() == ""
    got = [l.split("\t") for l in out.getvalue().decode().splitlines()]
    for (cards, _), row in zip(lines, got):
        s = R.score(cards)
        assert row == [C.format_cards(cards), str(R.hand_class(s)), R.type_name(s), str(s)]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="AKQJT98765432shdcSHDCx1♠♡ ,\t#\r", max_size=30))
def test_batch_line_never_crashes_and_agrees_with_parser(line):
    out, err = io.BytesIO(), io.StringIO()
    report = B.rank_stream(io.BytesIO((line + "\n").encode()), out, err=err)
    try:
        stripped = line.strip()
        cards = None if (not stripped or stripped.startswith("#")) else \
            C.parse(line.split("#", 1)[0], count=(5, 6, 7))
    except Exception:
        assert report.bad == 1 and out.getvalue() == b""
        return
    if cards is None:
        assert report.bad == 0 and out.getvalue() == b""
    else:
        assert report.bad == 0
        assert out.getvalue().decode().split("\t")[3].strip() == str(R.score(cards))


def test_batch_memory_is_bounded_by_chunks():
    """A stream is consumed chunk by chunk: the reader never asks for more than a chunk."""
    sizes = []

    class Spy(io.BytesIO):
        def read(self, n=-1):
            sizes.append(n)
            return super().read(n)

    data = ("As Ks Qs Js Ts 2c 3d\n" * 5000).encode()
    out = io.BytesIO()
    report = B.rank_stream(Spy(data), out, chunk_bytes=4096)
    assert report.hands == 5000 and all(0 < s <= 4096 for s in sizes) and len(sizes) > 20
