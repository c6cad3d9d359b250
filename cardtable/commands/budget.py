"""A solve's budget from its options: time, positions, and memory within the machine's."""

from __future__ import annotations

import argparse
import math
import os

from cardtable.commands import UserError
from cardtable.solver import Budget

DEFAULT_MEMORY = 1536
"""MB for a deal's store when --memory is not given (less on a machine that has less)."""


def _machine_mb() -> int | None:
    """The machine's memory in MB (its physical pages); None where that can't be asked."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") >> 20
    except (AttributeError, ValueError, OSError):  # (no sysconf: Windows)
        return None


def budget_of(args: argparse.Namespace) -> Budget:
    """The budget a solve's options ask for (``--seconds``, ``--nodes``, ``--memory``),
    UserError for one out of range."""
    machine = _machine_mb()
    wrong = [what for what, bad in (
        (f"--seconds must be a finite number above 0, not {args.seconds:g}" + (" (--nodes caps a long search)" if args.seconds == math.inf else ""),
         not math.isfinite(args.seconds) or args.seconds <= 0),
        (f"--nodes must be at least 16, not {args.nodes}", args.nodes < 16),
        (f"--memory must be at least 64 (MB), not {args.memory}", args.memory is not None and args.memory < 64),
        (f"--memory {args.memory} (MB) is more than this machine has ({machine or 0:,} MB)",
         args.memory is not None and machine is not None and args.memory > machine),
    ) if bad]
    if wrong:
        raise UserError("; ".join(wrong))
    memory = args.memory if args.memory is not None else max(64, min(DEFAULT_MEMORY, (machine or DEFAULT_MEMORY) // 2))
    return Budget(nodes=args.nodes, seconds=args.seconds, memory_mb=memory)
