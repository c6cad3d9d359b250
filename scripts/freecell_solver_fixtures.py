"""Regenerate the Freecell Solver fixtures: its solutions to a few hundred Microsoft
FreeCell deals, in standard notation (``fc-solve -m -sn``) and in the extended one
(``-snx``), one file per notation, one deal a line (``deal: moves``).

Needs ``fc-solve`` (Debian's freecell-solver-bin); the tests only read the files.

    .venv/bin/python scripts/freecell_solver_fixtures.py [--deals 300]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
from pathlib import Path

from cardtable.solitaire import get_variant
from cardtable.solitaire.formats import freecell_board_to_fcs

FIXTURES = Path(__file__).parents[1] / "tests" / "fixtures" / "freecell"
NOTATIONS = {"sn": "standard", "snx": "extended"}
SEED = 15
"""The sample of deals is drawn from the classic 32,000 with this seed."""


def solve(board: str, notation: str) -> list[str] | None:
    """Freecell Solver's moves for a board (default settings), or None if it finds none."""
    result = subprocess.run(
        ["fc-solve", "-m", f"-{notation}", "-"],
        input=board,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "FREECELL_SOLVER_QUIET": "1"},
    )
    if "This game is solveable." not in result.stdout:
        return None
    moves = result.stdout.split("This game is solveable.")[0].split("-=-=-=-=-=-=-=-=-=-=-=-")[-1]
    return moves.split()


def version() -> str:
    """Freecell Solver's version line."""
    lines = subprocess.run(["fc-solve", "--version"], capture_output=True, text=True, check=True).stdout.splitlines()
    return next((line for line in lines if "version" in line), lines[-1]).strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="how many deals (default 300)")
    args = parser.parse_args()
    variant = get_variant("freecell")
    candidates = iter(random.Random(SEED).sample(range(1, 32001), 2 * args.deals))
    lines: dict[str, list[str]] = {notation: [] for notation in NOTATIONS}
    unsolved = []
    while len(lines["sn"]) < args.deals:
        deal = next(candidates)
        board = freecell_board_to_fcs(variant.start(deal))
        solutions = {notation: solve(board, notation) for notation in NOTATIONS}
        if any(moves is None for moves in solutions.values()):
            unsolved.append(deal)
            continue
        for notation, moves in solutions.items():
            assert moves is not None
            lines[notation].append(f"{deal}: {' '.join(moves)}")
    for notation, name in NOTATIONS.items():
        header = [
            f"# Freecell Solver's solutions in its {name} notation: fc-solve -m -{notation} (default settings,",
            f"# {version()}), for {args.deals} Microsoft FreeCell deals. Made by scripts/freecell_solver_fixtures.py.",
        ]
        if unsolved:
            header.append(f"# Left out, no solution found: {' '.join(map(str, sorted(unsolved)))}")
        path = FIXTURES / f"fc-solve-{notation}.txt"
        path.write_text("\n".join(header + sorted(lines[notation], key=lambda line: int(line.split(":")[0]))) + "\n")
        print(f"{path}: {args.deals} deals")


if __name__ == "__main__":
    main()
