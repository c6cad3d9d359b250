"""The solver beside Freecell Solver on the same Microsoft deals, in one run.

Run: .venv/bin/python bench/solver.py [--deals 1-1000] [--workers 2] [--seconds 60]

Freecell Solver (Debian's freecell-solver-bin, installed here when missing, as ./test.sh
installs Chromium) solves the range in-process with its ``-l lg`` preset, split over the
same number of processes as cardtable, on the same machine at the same time of day; the
bench prints each side's wall time, verdicts and mean solution length, and the ratio.
Solution lengths count every move, foundation moves included, on both sides.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cardtable.commands.deal_ranges import parse_deals
from cardtable.solitaire import get_variant
from cardtable.solitaire.formats import freecell_board_to_fcs, parse_moves, replay_steps
from cardtable.solver import Budget, Outcome
from cardtable.solver.batch import DealResult, classify
from cardtable.solver.summary import summarize

MOVE = re.compile(r"^[1-8a-h][1-8a-h](v[0-9a-f]+)?$")


def fc_solve_range(first: int, last: int, workers: int) -> tuple[float, int]:
    """Wall seconds for Freecell Solver to solve deals first..last, and how many it solved."""
    share = (last - first + 1 + workers - 1) // workers
    parts = [(low, min(last, low + share - 1)) for low in range(first, last + 1, share)]
    began = time.perf_counter()
    with ThreadPoolExecutor(len(parts)) as pool:
        outputs = list(pool.map(lambda p: subprocess.run(
            ["freecell-solver-range-parallel-solve", str(p[0]), str(p[1]), "1000000", "-l", "lg"],
            capture_output=True, text=True, check=True).stdout, parts))
    seconds = time.perf_counter() - began
    unsolved = sum(out.count("Unsolved") + out.count("Intractable") for out in outputs)
    return seconds, last - first + 1 - unsolved


def fc_solve_lengths(deals: list[int]) -> list[int]:
    """Freecell Solver's solution length (``-l lg``) for each deal, one process a deal."""
    variant = get_variant("freecell")
    lengths = []
    with tempfile.TemporaryDirectory() as folder:
        board = Path(folder) / "board.txt"
        for deal in deals:
            board.write_text(freecell_board_to_fcs(variant.start(deal)))
            out = subprocess.run(["fc-solve", "-l", "lg", "-m", "-sn", str(board)], capture_output=True, text=True).stdout
            moves = [w for w in out.split() if MOVE.match(w)]
            if moves:
                lengths.append(len(moves))
    return lengths


def replay_seconds(results: list[DealResult]) -> float:
    """CPU seconds, in this one process, to play the solutions found through the engine's
    ``check`` and ``apply`` again, as every solve does before it answers: a part of
    cardtable's time that no speed of its search takes away."""
    variant = get_variant("freecell")
    lines = [(variant.start(r.deal), parse_moves(variant, r.solution)) for r in results if r.outcome is Outcome.SOLVED]
    began = time.process_time()
    for start, moves in lines:
        for _ in replay_steps(start, moves):
            pass
    return time.process_time() - began


def install_freecell_solver() -> None:
    """Install Debian's freecell-solver-bin (with sudo unless root); exit saying how when
    it can't be."""
    how = "apt-get install freecell-solver-bin"
    if not shutil.which("apt-get"):
        sys.exit(f"Freecell Solver is not installed, and this is no Debian system to install it on ({how})")
    print("installing Debian's freecell-solver-bin for the comparison", file=sys.stderr)
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "freecell-solver-bin"]):
        if subprocess.run(sudo + command, stdout=subprocess.DEVNULL).returncode != 0:
            sys.exit(f"Freecell Solver could not be installed: {how}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-1000", help="Microsoft deal numbers, as a range (default 1-1000)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60.0, help="cardtable's budget per deal")
    parser.add_argument("--lengths", type=int, default=200, help="deals whose fc-solve solution length is measured")
    args = parser.parse_args()
    deals = parse_deals(args.deals)
    if deals != list(range(deals[0], deals[-1] + 1)):
        sys.exit("give one contiguous range of deals")
    if not shutil.which("freecell-solver-range-parallel-solve"):
        install_freecell_solver()
    print(f"python {platform.python_version()} on {platform.machine()}, deals {args.deals}, {args.workers} workers")
    fc_seconds, fc_solved = fc_solve_range(deals[0], deals[-1], args.workers)
    fc_lengths = fc_solve_lengths(deals[: args.lengths])
    began = time.perf_counter()
    results = list(classify("freecell", deals, Budget(seconds=args.seconds), workers=args.workers))
    ours = time.perf_counter() - began
    summary = summarize(results)
    unwinnable = sorted(r.deal for r in results if r.outcome is Outcome.UNWINNABLE)
    unknown = sorted(r.deal for r in results if r.outcome is Outcome.UNKNOWN)
    ours_lengths = [r.moves for r in sorted(results, key=lambda r: r.deal)[: args.lengths] if r.outcome is Outcome.SOLVED]
    print(f"fc-solve -l lg: {fc_seconds:8.2f} s wall, {fc_solved} solved, "
          f"mean solution {sum(fc_lengths) / max(len(fc_lengths), 1):.1f} moves (first {len(fc_lengths)} deals)")
    print(f"cardtable:      {ours:8.2f} s wall, {summary.solved} solved, {summary.unwinnable} proven unwinnable "
          f"{unwinnable[:10]}, {summary.unknown} unknown {unknown[:10]}, mean solution {summary.mean_moves:.1f} moves "
          f"(first {args.lengths}: {sum(ours_lengths) / max(len(ours_lengths), 1):.1f})")
    print(f"per deal: median {summary.median_seconds * 1000:.1f} ms, p99 {summary.p99_seconds * 1000:.1f} ms")
    print(f"ratio (cardtable / fc-solve wall time): {ours / fc_seconds:.1f}")
    replayed = replay_seconds(results) / args.workers
    print(f"of which replaying the solutions through the engine, as each solve does: about {replayed:.2f} s of the "
          f"workers' wall time, {replayed / fc_seconds:.1f} times fc-solve's whole time")


if __name__ == "__main__":
    main()
