"""Write the shell completion scripts in completions/ (run after changing the CLI).

    python scripts/gen_completions.py          # rewrite completions/
    python scripts/gen_completions.py --check  # exit 1 if they are out of date

The scripts call back into ``pokercli`` at completion time (Typer/Click
completion protocol), so they only change when the program name or Typer's
completion protocol changes; a test checks they match.
"""

from __future__ import annotations

import sys
from pathlib import Path

SHELLS = {"bash": "pokercli.bash", "zsh": "_pokercli", "fish": "pokercli.fish"}
OUT = Path(__file__).resolve().parent.parent / "completions"


def scripts() -> dict[str, str]:
    from typer._completion_shared import get_completion_script

    return {name: get_completion_script(prog_name="pokercli", complete_var="_POKERCLI_COMPLETE",
                                        shell=shell).rstrip("\n") + "\n"
            for shell, name in SHELLS.items()}


def main(argv: list[str]) -> int:
    stale = []
    for name, text in scripts().items():
        path = OUT / name
        if "--check" in argv:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
        else:
            OUT.mkdir(exist_ok=True)
            path.write_text(text)
    if stale:
        print(f"out of date: {', '.join(stale)} (run python scripts/gen_completions.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
