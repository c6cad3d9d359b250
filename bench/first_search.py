"""A new process's first search: what a server's searching process, a test worker or
`cardtable solve` pays before its first position is searched.

Run: .venv/bin/python bench/first_search.py [--runs 3] [GAME]

Each run is a fresh Python process (numba's kernels already on disk, as after
scripts/warm_kernels.py): it times the imports, the game's compiled rules
(``program_of``, the struct the kernels take, made by a kernel kept in numba's cache),
and a first small search. For comparison it then builds the same struct a second way,
with numba's own constructor called from Python, which numba compiles anew in every
process (what ``program_of`` did before 2026-12-03).
"""

from __future__ import annotations

import argparse
import subprocess
import sys

_RUN = """
import time
began = time.perf_counter()
from cardtable.solitaire import get_variant
from cardtable.solver import Budget, solve
import cardtable.solitaire.compiled.program as program
from cardtable.solitaire.compiled.rules import Rules
imported = time.perf_counter()
arrays = []
kept = program.made
program.made = lambda *given: arrays.append(given) or kept(*given)
program.program_of(get_variant({game!r}))
ruled = time.perf_counter()
solve(get_variant({game!r}).start(1), Budget(nodes=2_000, seconds=60.0))
searched = time.perf_counter()
Rules(*arrays[0])
proxied = time.perf_counter()
print(imported - began, ruled - imported, searched - ruled, proxied - searched)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh processes to time")
    parser.add_argument("game", nargs="?", default="freecell")
    args = parser.parse_args()
    print(f"{'run':>3} {'imports':>8} {'rules':>8} {'1st search':>11}   numba's own constructor")
    for run in range(1, args.runs + 1):
        out = subprocess.run([sys.executable, "-c", _RUN.format(game=args.game)], capture_output=True, text=True, check=True)
        imports, rules, search, proxy = (float(x) for x in out.stdout.split())
        print(f"{run:>3} {imports:>7.2f}s {rules:>7.2f}s {search:>10.2f}s   {proxy:.2f} s")


if __name__ == "__main__":
    main()
