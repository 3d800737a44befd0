import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from pokercli.cli import app


@pytest.fixture
def cli(monkeypatch):
    """Run the CLI in-process: returns (exit_code, stdout, stderr)."""
    monkeypatch.delenv("POKERCLI_TERMINAL", raising=False)

    def run(*args, input=None, terminal=False, columns=140):
        if terminal:
            monkeypatch.setenv("POKERCLI_TERMINAL", "1")
            monkeypatch.setenv("COLUMNS", str(columns))
        else:
            monkeypatch.delenv("POKERCLI_TERMINAL", raising=False)
        result = CliRunner().invoke(app, [str(a) for a in args], input=input)
        return result.exit_code, result.stdout, result.stderr

    return run


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
