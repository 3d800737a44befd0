"""Write the generated parts of docs/: the table of games in docs/games.md,
from pokercli.games.GAMES (run after adding a game).

    python scripts/gen_docs.py          # rewrite the table
    python scripts/gen_docs.py --check  # exit 1 if the page is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "docs" / "games.md"
START, END = "<!-- games table: scripts/gen_docs.py -->", "<!-- end of games table -->"


def page_with_table(text: str) -> str:
    from pokercli.games import markdown_table

    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    return f"{head}{START}\n{markdown_table()}{END}{tail}"


def main(argv: list[str]) -> int:
    text = PAGE.read_text()
    if START not in text or END not in text:
        print(f"{PAGE} lacks the markers {START} ... {END}")
        return 1
    new = page_with_table(text)
    if "--check" in argv:
        if new != text:
            print(f"out of date: {PAGE} (run python scripts/gen_docs.py)")
            return 1
        return 0
    PAGE.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
