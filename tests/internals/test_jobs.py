"""Engines of pokercli.jobs: a Dask LocalCluster against the local threads, a worker that dies."""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import pytest

import pokercli

from pokercli import jobs as G
from pokercli import preflop_table as T

SLICE = "QQ+,AKs,T9s,72o"  # AA, AKs, KK, QQ, T9s, 72o: 21 class pairs


def _slice_counts(engine) -> dict:
    return T.compute_chunks(T.make_job(None, SLICE, 2), engine, None).counts


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A Dask LocalCluster with 2 worker processes (its scratch files in a temporary folder)."""
    distributed = pytest.importorskip("distributed")
    import dask

    tmp = tmp_path_factory.mktemp("dask")
    with dask.config.set({"temporary-directory": str(tmp)}), distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
            local_directory=str(tmp)) as c:
        yield c


def test_dask_local_cluster_equals_local_engine(cluster, cli):
    local = _slice_counts(G.LocalEngine())
    engine = G.DaskEngine(cluster.scheduler_address)
    try:
        assert "2 workers" in engine.description
        assert _slice_counts(engine) == local
    finally:
        engine.close()
    code, out, err = cli("table", "--classes", SLICE, "--json", "--scheduler", cluster.scheduler_address)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["engine"].startswith("Dask scheduler")
    ref = T.TableResult(doc["rows"], doc["columns"], local)
    assert doc["counts"] == [[list(ref.cell(r, c)) for c in doc["columns"]] for r in doc["rows"]]


def test_dask_worker_crash_loses_nothing(cluster):
    """A worker process that dies mid-job: Dask runs its chunks again elsewhere and
    the table is the same as the local one."""
    import threading

    local = _slice_counts(G.LocalEngine())
    engine = G.DaskEngine(cluster.scheduler_address)
    victim = sorted(engine.client.scheduler_info()["workers"])[0]
    pid = engine.client.run(os.getpid, workers=[victim])[victim]
    killed = threading.Event()

    def kill_one_worker(done, total):
        if done >= 1 and not killed.is_set():
            killed.set()
            os.kill(pid, signal.SIGKILL)  # the nanny starts a new worker

    try:
        result = T.compute_chunks(T.make_job(None, SLICE, 2), engine, None, progress=kill_one_worker)
    finally:
        engine.close()
    assert killed.is_set() and result.counts == local


def test_wide_range_equity_on_engines_equals_threads(cluster, cli, monkeypatch):
    """A range job big enough for the engine gives, in chunks on this machine or on
    the cluster, exactly the counts of the plain thread pool (a flop keeps
    it off the shipped table of heads-up preflop deals)."""
    from pokercli.equity_calc import exact as X
    from pokercli.equity_calc import runouts
    from pokercli.equity_calc.spot import make_spot

    job = make_spot(["TT+,AK", "99-77,AQ"], board="2c 3d 4h")  # enough distinct deals for chunks
    one_pass = X.exact(job)  # a local postflop range job: one pass over the runouts
    monkeypatch.setattr(runouts, "applies", lambda spot: False)  # deal by deal from here on
    monkeypatch.setattr(X, "ENGINE_MIN_DEALS", 10**9)
    plain = X.exact(job)
    assert plain.note == ""
    monkeypatch.setattr(X, "ENGINE_MIN_DEALS", 64)
    local = X.exact(job)
    assert "chunks on this machine" in local.note
    code, out, err = cli("equity", "TT+,AK", "99-77,AQ", "--board", "2c 3d 4h", "--json", "--scheduler",
                         cluster.scheduler_address)
    assert code == 0, err
    doc = json.loads(out)
    assert "Dask scheduler" in doc["note"]
    for p, a, b, c in zip(doc["players"], plain.players, local.players, one_pass.players):
        assert p["wins"] == a.wins == b.wins == c.wins and p["ties"] == a.ties == b.ties == c.ties
        assert p["total"] == a.total == b.total == c.total




# --- Dask schedulers that are not there, or lose their workers (issue 12) ----------


def test_a_server_that_is_not_dask_is_refused_in_time(monkeypatch):
    pytest.importorskip("distributed")
    import http.server

    from pokercli.errors import PokerError

    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setattr(G, "CONNECT_TIMEOUT", 2.0)
    t0 = time.monotonic()
    try:
        with pytest.raises(PokerError, match="cannot reach a Dask scheduler at .* no answer in 2 s"):
            G.DaskEngine(f"tcp://127.0.0.1:{server.server_address[1]}")
    finally:
        server.shutdown()
    assert time.monotonic() - t0 < 30


def test_a_server_that_answers_in_another_protocol_is_refused_in_one_line(cli):
    """An HTTP server that answers at once: its answer once read as Dask frame
    lengths (MemoryError: 3.07 EiB), an internal error; now one line, exit 2."""
    pytest.importorskip("distributed")
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()

    def serve():
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            with conn:
                conn.recv(65536)
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 11\r\n\r\nBad Request")

    threading.Thread(target=serve, daemon=True).start()
    try:
        code, out, err = cli("table", "--classes", "AA,KK", "--scheduler",
                             f"tcp://127.0.0.1:{listener.getsockname()[1]}")
    finally:
        listener.close()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "is not a Dask scheduler (its answer is not Dask's protocol" in err


def test_a_refused_connection_is_said_without_waiting_for_the_timeout(cli):
    """Nothing listens on the port: the plain TCP connection is refused and said so
    (Dask's own connect would retry until its 10 s timeout)."""
    pytest.importorskip("distributed")
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    code, out, err = cli("table", "--classes", "AA,KK", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert code == 2 and out == "" and "the connection was refused" in err


def test_a_cluster_without_workers_gives_up_after_a_while(scheduler, monkeypatch):
    address, _ = scheduler
    monkeypatch.setattr(G, "NO_WORKERS_TIMEOUT", 2.0)
    engine = G.DaskEngine(address)
    try:
        with pytest.raises(G.EngineLost, match="no workers for 2 s"):
            T.compute_chunks(T.make_job(None, "AA,KK", 2), engine, None)
    finally:
        engine.close()


def test_spot_stream_answers_each_line_before_reading_the_next():
    """Streaming with bounded memory: the reader takes one line at a time, and a
    line's answer is written (and flushed) before the next line is read."""
    import io

    from pokercli import batch as B

    out = io.StringIO()
    lines = [b'{"players": ["AsAh", "KsKh"], "board": "2c 3c 4d"}\n', b"AsAh | QsQh | board 2c 3c 4d\n",
             b"AsAh | JsJh | board 2c 3c 4d\n"]

    def stream():
        for i, line in enumerate(lines):
            assert out.getvalue().count("\n") == i  # every earlier line answered already
            yield line

    report = B.spot_stream("equity", stream(), out, {})
    assert report.answered == 3 and report.bad == 0
    assert [json.loads(l)["line"] for l in out.getvalue().splitlines()] == [1, 2, 3]


def test_omaha_exact_on_engines_and_checkpoints_equals_threads(cluster, tmp_path):
    """An Omaha hi-lo range job: on the cluster, on this machine's engine and
    through a checkpoint (cut short and resumed), the same integer tallies as
    the plain thread pool; an Omaha checkpoint does not resume as another game."""
    from pokercli.equity_calc import omaha as O
    from pokercli.equity_calc.spot import make_spot

    players = ["AsAhKsKh, AdAcKdKc, QsQhJsJh, 9s8s7h6h", "QdQcJdTc, TdTc9d9c, 5s4s3h2h, Ts9h8d7c"]
    board = "Ah 7c 2d"
    spot = make_spot(players, board, (), "omaha-hilo")
    plain = O.exact(spot, threads=2)
    for engine in (cluster.scheduler_address, "local"):
        r = pokercli.equity(players, board=board, game="omaha-hilo", engine=engine)
        assert [p.wins for p in r.players] == [p.wins for p in plain.players]
        assert [p.hilo for p in r.players] == [p.hilo for p in plain.players]
    ck = tmp_path / "omaha.ckpt"
    O.ENGINE_CHUNK_DEALS, chunk = 4, O.ENGINE_CHUNK_DEALS
    O.ENGINE_CHUNK_WORK, chunk_work = 0, O.ENGINE_CHUNK_WORK  # chunks of 4 deals, however small
    try:
        first = pokercli.equity(players, board=board, game="omaha-hilo", checkpoint=ck)
        lines = ck.read_text().splitlines()
        chunks = -(-plain.deals // 4)  # 12 deals: As Ah Ks Kh holds the board's ace
        assert chunks == 3 and len(lines) == 1 + chunks and f"{plain.deals} distinct deals in {chunks} chunks" in first.note
        ck.write_text("\n".join(lines[:-1]) + "\n")
        again = pokercli.equity(players, board=board, game="omaha-hilo", checkpoint=ck, resume=True)
        assert f"{chunks - 1} chunks resumed" in again.note
        saved = ck.read_bytes()
        with pytest.raises(pokercli.PokerError) as e:
            pokercli.equity(players, board=board, game="omaha", checkpoint=ck, resume=True)
        assert e.value.param == "checkpoint" and ck.read_bytes() == saved
    finally:
        O.ENGINE_CHUNK_DEALS, O.ENGINE_CHUNK_WORK = chunk, chunk_work
    for r in (first, again):
        assert [p.wins for p in r.players] == [p.wins for p in plain.players]
        assert [p.equity for p in r.players] == [p.equity for p in plain.players]


def test_three_way_table_on_a_dask_cluster_equals_local(cluster):
    local = pokercli.table(players=3, classes="AA,KK,72o", engine="cpu")
    remote = pokercli.table(players=3, classes="AA,KK,72o", engine="cpu", scheduler=cluster.scheduler_address)
    assert remote.counts == local.counts and "Dask" in remote.engine


def test_a_stud_job_on_the_cluster_equals_the_threads(cluster, cli, monkeypatch):
    """Exact razz and a 2-7 draw range in chunks of kernel calls on Dask workers:
    the integers the local threads count, and the note says where."""
    from pokercli.equity_calc import stud as S

    monkeypatch.setattr(S, "DEALS_PER_CALL", 60_000)
    players, dead = ["(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h"], "5c 5d"
    local = pokercli.equity(players, dead=dead, game="razz")
    remote = pokercli.equity(players, dead=dead, game="razz", scheduler=cluster.scheduler_address)
    assert "chunks on Dask scheduler" in remote.note and local.note == ""
    assert [(p.wins, p.ties) for p in remote.players] == [(p.wins, p.ties) for p in local.players]
    code, out, err = cli("equity", "--game", "27-single", "7 5 4 3s", "8s 6d 4d 2s", "--json", "--scheduler",
                         cluster.scheduler_address)
    assert code == 0, err
    doc = json.loads(out)
    plain = pokercli.equity(["7 5 4 3s", "8s 6d 4d 2s"], game="27-single")
    assert "Dask scheduler" in doc["note"]
    assert [p["wins"] for p in doc["players"]] == [p.wins for p in plain.players]


# --- a scheduler the environment names (POKERCLI_SCHEDULER) --------------------


def _fresh_scheduler_check(monkeypatch, address):
    """POKERCLI_SCHEDULER set to ``address``, checked anew (once a process otherwise)."""
    from pokercli import paths

    monkeypatch.setenv("POKERCLI_SCHEDULER", address)
    G._env_problem.cache_clear()
    paths._warned.discard("scheduler")


@pytest.mark.parametrize("kind", ["refused", "malformed"])
def test_a_scheduler_the_environment_names_that_cannot_take_jobs_is_one_warning(cli, monkeypatch, tmp_path, kind):
    """The variable is the environment's, not the command's: an address there that
    is refused or is no address gives one warning line, once a process, and the job
    runs on this machine with the same integers. The same address given as
    --scheduler is the user's input, and still refused (exit 2)."""
    pytest.importorskip("distributed")
    import socket

    if kind == "refused":
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            address, why = f"tcp://127.0.0.1:{s.getsockname()[1]}", "the connection was refused"
    else:
        address, why = "not-a-scheduler", "that is not a Dask scheduler address"
    monkeypatch.delenv("POKERCLI_SCHEDULER", raising=False)
    plain = pokercli.equity(["AsKs", "QQ+"])
    _fresh_scheduler_check(monkeypatch, address)
    code, out, err = cli("equity", "AsKs", "QQ+", "--json", "--checkpoint", tmp_path / "a.json")
    assert code == 0, err
    doc = json.loads(out)
    assert [(p["wins"], p["ties"]) for p in doc["players"]] == [(p.wins, p.ties) for p in plain.players]
    assert "chunks on this machine" in doc["note"]
    (line,) = [x for x in err.splitlines() if "POKERCLI_SCHEDULER" in x]
    assert why in line and line.endswith("working on this machine instead")
    code, out, err = cli("equity", "AsKs", "QQ+", "--json", "--checkpoint", tmp_path / "b.json")
    assert code == 0 and "POKERCLI_SCHEDULER" not in err  # once a process
    code, out, err = cli("equity", "AsKs", "QQ+", "--checkpoint", tmp_path / "c.json", "--scheduler", address)
    assert code == 2 and out == "" and err.count("\n") == 1


def test_a_scheduler_the_environment_names_takes_the_jobs_when_it_answers(cluster, monkeypatch, tmp_path):
    """POKERCLI_SCHEDULER naming a live cluster: the job goes there, no warning;
    "local" or empty: this machine."""
    plain = pokercli.equity(["AsKs", "QQ+"])
    _fresh_scheduler_check(monkeypatch, cluster.scheduler_address)
    remote = pokercli.equity(["AsKs", "QQ+"], checkpoint=tmp_path / "a.json")
    assert "Dask scheduler" in remote.note
    assert [(p.wins, p.ties) for p in remote.players] == [(p.wins, p.ties) for p in plain.players]
    for value in ("local", "", "  "):
        _fresh_scheduler_check(monkeypatch, value)
        here = pokercli.equity(["AsKs", "QQ+"], checkpoint=tmp_path / f"b{len(value)}.json")
        assert "chunks on this machine" in here.note
