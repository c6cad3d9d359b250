"""Where a search's time goes inside the compiled kernels, by kernel, sampled with perf.

Run: .venv/bin/python bench/kernel_profile.py GAME [--deals 1-200] [--nodes 100000] [--depth-first] [--top 30]

perf sees compiled kernels as bare addresses. This bench compiles the kernels afresh in
a cache of its own (a minute or two), so that numba still holds each kernel's code and
names, writes perf's map of them (``/tmp/perf-PID.map``), then runs the deals' solves
(``--depth-first``: the depth-first search alone, as ``bench/solve_cpu.py`` runs it)
under ``perf record`` and prints the share of samples per kernel, Python and the rest.
The first deal is solved once before sampling, so no compiling is sampled. perf is
Debian's linux-perf.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def perf_map() -> int:
    """Write perf's map of every compiled kernel of cardtable's loaded so far; how many."""
    from numba.core.registry import CPUDispatcher

    addresses: dict[int, str] = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("cardtable"):
            continue
        for kernel in [v for v in vars(module).values() if isinstance(v, CPUDispatcher)]:
            for compiled in kernel.overloads.values():
                library = compiled.library  # type: ignore[attr-defined]
                engine = library._codegen._engine
                for function in library._final_module.functions:
                    if not function.is_declaration and (at := engine.get_function_address(function.name)):
                        addresses[at] = _short(function.name)
    ordered = sorted(addresses.items())
    with open(f"/tmp/perf-{os.getpid()}.map", "w", encoding="utf-8") as out:
        for k, (at, name) in enumerate(ordered):
            size = ordered[k + 1][0] - at if k + 1 < len(ordered) else 4096
            out.write(f"{at:x} {min(size, 1 << 20):x} {name}\n")
    return len(ordered)


def _short(mangled: str) -> str:
    """``cardtable.solver.depth.dive`` from numba's mangled name (its parts, each
    written as its length then its text, up to the type's tag)."""
    words, text = [], mangled.removeprefix("_ZN")
    while (found := re.match(r"\d+", text)) is not None:
        start, length = len(found.group()), int(found.group())
        words.append(text[start : start + length])
        text = text[start + length :]
    return ".".join(words) or mangled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--deals", default="1-200")
    parser.add_argument("--nodes", type=int, default=100_000, help="positions each search may store")
    parser.add_argument("--depth-first", action="store_true", help="the depth-first search alone")
    parser.add_argument("--top", type=int, default=30, help="kernels listed")
    args = parser.parse_args()
    if not shutil.which("perf"):
        sys.exit("perf is not installed: apt-get install linux-perf")
    cache = os.environ.get(FRESH_CACHE)
    if cache is None:  # compile afresh, so numba keeps each kernel's code and names
        cache = tempfile.mkdtemp(prefix="cardtable-profile-")
        os.environ["NUMBA_CACHE_DIR"] = os.environ[FRESH_CACHE] = cache
        os.execv(sys.executable, [sys.executable, *sys.argv])
    try:
        profile(args)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        Path(f"/tmp/perf-{os.getpid()}.map").unlink(missing_ok=True)


FRESH_CACHE = "CARDTABLE_PROFILE_CACHE"
"""The environment variable naming the cache this bench compiled into (set when it
starts itself again with numba's cache there)."""


def profile(args: argparse.Namespace) -> None:
    """Solve the deals under ``perf record`` and print each kernel's share."""
    from cardtable.commands.deal_ranges import parse_deals
    from cardtable.solitaire import get_variant
    from cardtable.solver import Budget, running, solve

    variant = get_variant(args.game)
    deals = parse_deals(args.deals)

    def one(deal: int) -> int:
        if args.depth_first:
            return running.dive(variant.start(deal), args.nodes, float("inf")).nodes
        return solve(variant.start(deal), Budget(nodes=args.nodes, seconds=3600)).nodes

    print("compiling the kernels afresh (a minute or two) ...", file=sys.stderr)
    one(deals[0])
    print(f"{perf_map()} kernels mapped", file=sys.stderr)
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "perf.data"
        recorder = subprocess.Popen(["perf", "record", "-F", "2000", "-p", str(os.getpid()), "-o", str(data)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1)  # perf attaches
        began = time.process_time()
        positions = sum(one(deal) for deal in deals)
        cpu = time.process_time() - began
        recorder.send_signal(signal.SIGINT)
        recorder.wait()
        report = subprocess.run(["perf", "report", "-i", str(data), "--no-children", "--sort", "dso,sym", "--stdio",
                                 "--field-separator", "|"], capture_output=True, text=True).stdout
    print(f"{args.game} deals {args.deals}{' depth first' if args.depth_first else ''}: "
          f"CPU {cpu:.2f} s, {positions:,} positions")
    shares: dict[str, float] = {}
    for line in report.splitlines():
        fields = line.split("|")
        if len(fields) < 3 or not fields[0].strip().endswith("%"):
            continue
        share, dso, symbol = float(fields[0].strip()[:-1]), fields[1].strip(), fields[2].strip().removeprefix("[.]").strip()
        if dso.startswith("[JIT]") or dso.startswith("perf-"):
            name = symbol if symbol.startswith("cardtable") or symbol.startswith("NRT") else "compiled, unnamed"
        elif "python" in dso:
            name = "Python (the interpreter)"
        else:
            name = f"other ({dso})"
        shares[name] = shares.get(name, 0.0) + share
    for name, share in sorted(shares.items(), key=lambda item: -item[1])[: args.top]:
        print(f"{share:6.2f}%  {name}")


if __name__ == "__main__":
    main()
