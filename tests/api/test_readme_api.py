"""The Python examples of the README and of docs/python.md run, and each line
commented with a literal result gives that result."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def example(path: Path = README, marker: str = "Use from Python") -> str:
    text = path.read_text()
    section = text[text.index(marker):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.mark.parametrize("path,least,marker", [
    (README, 8, "Use from Python"), (ROOT / "docs" / "python.md", 8, "Use from Python"),
    (ROOT / "docs" / "icm.md", 2, "Use from Python"), (ROOT / "docs" / "icm.md", 3, "Push/fold from Python")],
    ids=["README", "docs/python.md", "docs/icm.md", "docs/icm.md pushfold"])
def test_python_example_runs_and_says_true(path, least, marker):
    code = example(path, marker)
    namespace: dict = {}
    checked = 0
    for line in code.splitlines():
        stmt, _, comment = line.partition("  # ")
        if not stmt.strip() or stmt.startswith("#"):
            continue
        try:
            expected = ast.literal_eval(comment.strip()) if comment.strip() else None
        except (ValueError, SyntaxError):
            expected = None
        if line.startswith((" ", "except", "try")) or stmt.rstrip().endswith(":"):
            continue  # a compound statement: run below with the whole block
        try:
            tree = ast.parse(stmt.strip(), mode="eval")
        except SyntaxError:
            exec(stmt, namespace)  # an assignment or an import
            continue
        value = eval(compile(tree, "README", "eval"), namespace)
        if expected is not None:
            assert value == expected, f"{stmt.strip()} gives {value!r}, the README says {expected!r}"
            checked += 1
    exec(code, {})  # the whole block, compound statements included
    assert checked >= least  # the page's results are checked, not just run
