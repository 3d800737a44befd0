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

    def run(*args, input=None, terminal=False):
        if terminal:
            monkeypatch.setenv("POKERCLI_TERMINAL", "1")
            monkeypatch.setenv("COLUMNS", "140")
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
