"""The batch on a Dask cluster beside the same batch in local processes, in one run.

Run: .venv/bin/python bench/cluster.py [GAME] [--deals 1-2000] [--workers 2] [--seconds 60]

Starts a ``distributed.LocalCluster`` with ``--workers`` worker processes of one thread
each (no dashboard), classifies the deals on it through the scheduler's address, as
``cardtable solve --scheduler`` does, then the same deals with ``--workers`` local
processes; both after a warm-up that compiles the search in each process. Prints each
side's wall time, the verdicts (which must agree) and the ratio: what the cluster path
costs over the local one, where the cluster is this machine.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections import Counter

from cardtable.commands.deal_ranges import parse_deals
from cardtable.solver import Budget
from cardtable.solver.batch import classify
from cardtable.solver.cluster import classify_on_cluster


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="freecell")
    parser.add_argument("--deals", default="1-2000", help="deal numbers, as a range (default 1-2000)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes on each side (default 2)")
    parser.add_argument("--seconds", type=float, default=60.0, help="at most this long a deal (default 60)")
    args = parser.parse_args()
    import distributed

    deals = parse_deals(args.deals)
    budget = Budget(seconds=args.seconds)
    print(f"python {platform.python_version()} on {platform.machine()}, {args.game} deals {args.deals}, {args.workers} workers")
    with distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        list(classify_on_cluster(cluster.scheduler_address, args.game, range(1, 2 * args.workers + 1), budget))
        began = time.perf_counter()
        remote = {r.deal: r.outcome for r in classify_on_cluster(cluster.scheduler_address, args.game, deals, budget)}
        on_cluster = time.perf_counter() - began
    list(classify(args.game, range(1, 2 * args.workers + 1), budget, args.workers))
    began = time.perf_counter()
    local = {r.deal: r.outcome for r in classify(args.game, deals, budget, args.workers)}
    in_processes = time.perf_counter() - began
    verdicts = dict(Counter(o.value for o in local.values()))
    print(f"local processes: {in_processes:7.2f} s wall, {verdicts}")
    print(f"Dask cluster:    {on_cluster:7.2f} s wall, verdicts {'the same' if remote == local else 'DIFFERENT'}")
    print(f"ratio (cluster / local wall time): {on_cluster / in_processes:.2f}")


if __name__ == "__main__":
    main()
