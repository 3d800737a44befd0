import json
import logging
import os
import subprocess
import sys
import time

# Two test processes share two cores: NumPy's BLAS (the push/fold solves' matrix
# products) would start a thread per core in each, and OpenBLAS's threads spin
# between calls, taking CPU the other process needs (measured on
# tests/api/test_pushfold_table.py: 36 s of CPU with two threads, 28 s with one,
# about the same wall time; the tests pass either way, though a three-handed
# solve's mixed frequency can move in its fourth decimal, docs/icm.md). Set
# before NumPy is first imported here; the tests' subprocesses inherit it. A
# user's own setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from pokercli.cli import app  # noqa: E402

# The property tests draw the same examples on every run, so that CI's answer
# is the code's, not the draw's (a random draw once met a three-way table of
# hours). HYPOTHESIS_PROFILE=explore draws fresh examples, to hunt for bugs.
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(scope="session", autouse=True)
def _a_folder_the_test_processes_share(tmp_path_factory):
    """Under pytest-xdist, a folder every worker of this run sees (pytest's own
    temporary folder of the run, which it removes a few runs later), for work
    done once and read by all: tests/histories' pokerkit corpus."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        os.environ["POKERCLI_TESTS_SHARED"] = str(tmp_path_factory.getbasetemp().parent)


class _NoFirstRunNotes(logging.Filter):
    """Drops the library's progress notices (INFO: compiling a kernel, building
    lookup tables). On an empty cache the first command to need a kernel or a
    table prints them, and which test's command that is depends on the order
    the tests run in (CI starts with an empty cache)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno != logging.INFO


@pytest.fixture
def cli(monkeypatch):
    """Run the CLI in-process: returns (exit_code, stdout, stderr), the stderr
    as on a warm cache (no first-run notices: :class:`_NoFirstRunNotes`)."""
    monkeypatch.delenv("POKERCLI_TERMINAL", raising=False)

    def run(*args, input=None, terminal=False, columns=140):
        if terminal:
            monkeypatch.setenv("POKERCLI_TERMINAL", "1")
            monkeypatch.setenv("COLUMNS", str(columns))
        else:
            monkeypatch.delenv("POKERCLI_TERMINAL", raising=False)
        log, quiet = logging.getLogger("pokercli"), _NoFirstRunNotes()
        log.addFilter(quiet)
        try:
            result = CliRunner().invoke(app, [str(a) for a in args], input=input)
        finally:
            log.removeFilter(quiet)
        return result.exit_code, result.stdout, result.stderr

    return run


def load_kernels() -> None:
    """Load Numba and the Monte Carlo kernels in this process, as a process that
    has run a heavy job has them (with the light paths' budget spent meanwhile,
    these calls take the kernels): from then on the kernels and the quick paths
    (:func:`pokercli.timing.kernels_ready`) answer small jobs, not NumPy."""
    import pokercli
    from pokercli import timing

    spent = timing.LIGHT_SPENT[0]
    timing.LIGHT_SPENT[0] = timing.LIGHT_BUDGET
    try:
        pokercli.equity(["AsAh", "KsKh"], samples=1000, seed=1, method="monte-carlo")
        pokercli.equity(["AhKh", "QsQd"], "Jh Th 2c", samples=1000, seed=1, method="monte-carlo")
    finally:
        timing.LIGHT_SPENT[0] = spent
    assert timing.kernels_ready()


def run_subprocess(*args, input=None, env=None):
    """Run ``python -m pokercli`` in a fresh interpreter."""
    full_env = dict(os.environ, **(env or {}))
    return subprocess.run([sys.executable, "-m", "pokercli", *map(str, args)], input=input,
                          capture_output=True, text=True, env=full_env, timeout=600)


#: ``python -c`` code that runs pokercli with SIGINT raising KeyboardInterrupt, as
#: Python's default handler does: a child started from a job that ignores SIGINT
#: (a shell's background job, some CI runners) inherits it ignored, and a Ctrl-C
#: test would then pass without testing anything.
WITH_SIGINT = ("import signal, sys\n"
               "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
               "sys.argv = ['pokercli', *sys.argv[1:]]\n"
               "from pokercli.cli import main\nmain()\n")


def pokercli_with_sigint(*args) -> list[str]:
    """The command line of a pokercli child whose SIGINT handler is Python's default."""
    return [sys.executable, "-c", WITH_SIGINT, *map(str, args)]


def interrupt_after(args, ready, grace: float = 10.0, env=None):
    """Start pokercli with SIGINT handled as Python does by default (a child of a
    shell job may inherit it ignored), wait until ``ready(proc)``, send SIGINT,
    and return (exit status, seconds it took to stop, stdout, stderr)."""
    import signal

    proc = subprocess.Popen(pokercli_with_sigint(*args), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        ready(proc)
        proc.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        out, err = proc.communicate(timeout=grace)
        return proc.returncode, time.monotonic() - t0, out, err
    finally:
        proc.kill()


def dask_process(*args, cwd) -> subprocess.Popen:
    """``python -m ARGS`` (a Dask scheduler or worker), quiet, in ``cwd``."""
    return subprocess.Popen([sys.executable, "-m", *args], cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def wait_for(predicate, what: str, seconds: float = 120):
    """Poll ``predicate`` until it is true; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def scheduler(tmp_path):
    """A Dask scheduler process on loopback (no dashboard); yields (address, process)."""
    pytest.importorskip("distributed")
    info = tmp_path / "scheduler.json"
    proc = dask_process("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                 "--no-dashboard", "--scheduler-file", str(info), cwd=tmp_path)
    try:
        wait_for(lambda: info.exists() and info.stat().st_size > 0, "the scheduler")
        time.sleep(0.5)
        yield json.loads(info.read_text())["address"], proc
    finally:
        proc.kill()
        proc.wait()
