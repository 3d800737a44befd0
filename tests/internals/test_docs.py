"""The documentation: README and docs/ link to what exists, and the generated
parts are up to date. (Their Python examples run in tests/api/test_readme_api.py.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def anchors(path: Path) -> set[str]:
    """GitHub's anchors of a Markdown file's headings."""
    out, fenced = set(), False
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_relative_link_reaches_a_file_and_a_heading(page):
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    checked = 0
    for link in links:
        if re.match(r"[a-z]+://", link):
            continue
        target, _, anchor = link.partition("#")
        path = (page.parent / target) if target else page
        assert path.exists(), f"{page.name}: {link} (no such file)"
        if anchor:
            assert anchor in anchors(path), f"{page.name}: {link} (no such heading)"
        checked += 1
    assert page.name != "README.md" or checked >= 10


def test_the_readme_is_the_front_door():
    """The two set-up commands first, then a page of what pokercli does; the rest is in docs/."""
    lines = (ROOT / "README.md").read_text().splitlines()
    assert lines[2:6] == ["```sh", "pip install . && pokercli equity AsAh KsKh",
                          "pip install '.[test]' && python -m pytest", "```"]
    assert len(lines) <= 200


def test_the_generated_games_table_is_up_to_date():
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_docs.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout
