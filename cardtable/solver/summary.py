"""What a batch of verdicts adds up to: the winnable share with its interval, and times."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.solver.batch import DealResult
from cardtable.solitaire import get_variant
from cardtable.solver.search import Outcome, foreseen


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> low, high = wilson(81, 100)
    >>> round(low, 3), round(high, 3)
    (0.722, 0.875)
    >>> wilson(200, 200)[1], wilson(0, 20)[0]
    (1.0, 0.0)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    middle = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    # Exact at the ends: rounding leaves an all-won share's upper bound a hair off 1.
    low = 0.0 if successes == 0 else max(0.0, (middle - spread) / scale)
    return low, 1.0 if successes == trials else min(1.0, (middle + spread) / scale)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) by nearest rank; 0 for no values.

    >>> percentile([1, 2, 3, 4], 50), percentile([1, 2, 3, 4], 99)
    (2, 4)
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True)
class Summary:
    """Counts, the winnable share of the deals decided, and the time percentiles."""

    deals: int
    solved: int
    unwinnable: int
    unknown: int
    median_seconds: float
    p99_seconds: float
    total_seconds: float
    mean_moves: float
    thoughtful: bool
    foresaw: str = ""
    """What the solver saw that a player can't (``search.foreseen``), where ``thoughtful``."""

    @property
    def decided(self) -> int:
        """Deals with a verdict (solved or proven unwinnable)."""
        return self.solved + self.unwinnable

    @property
    def share(self) -> float | None:
        """The winnable share of the decided deals (None when none was decided)."""
        return self.solved / self.decided if self.decided else None

    @property
    def interval(self) -> tuple[float, float] | None:
        """The share's 95% Wilson interval (None when no deal was decided)."""
        return wilson(self.solved, self.decided) if self.decided else None

    def text(self) -> str:
        """A few lines for a person.

        >>> print(Summary(60, 17, 6, 37, 0.3, 0.3, 0.6, 90.0, False).text().splitlines()[1])
        winnable: 28.33% to 90.00%, counting the 37 unknown as lost or won; 73.91% of those decided (95% interval 53.53% to 87.45%)
        >>> print(Summary(2, 0, 0, 2, 0.3, 0.3, 0.6, 0.0, False).text())
        2 deals: 0 solved, 0 proven unwinnable, 2 unknown
        winnable: no deal was decided (every search ran out of budget)
        time per deal: median 0.300 s, p99 0.300 s, searching 0.6 s in all; no solution to measure
        """
        if self.share is None or self.interval is None:
            winnable = "winnable: no deal was decided" + (" (every search ran out of budget)" if self.unknown else "")
        else:
            low, high = self.interval
            winnable = f"winnable: {100 * self.share:.2f}% of those decided (95% interval {100 * low:.2f}% to {100 * high:.2f}%)"
        moves = f"mean solution {self.mean_moves:.1f} moves" if self.solved else "no solution to measure"
        lines = [
            f"{plural(self.deals, 'deal')}: {self.solved} solved, {self.unwinnable} proven unwinnable, {self.unknown} unknown",
            winnable,
            f"time per deal: median {self.median_seconds:.3f} s, p99 {self.p99_seconds:.3f} s, "
            f"searching {self.total_seconds:.1f} s in all; {moves}",
        ]
        if self.unknown and self.decided:
            bounds = f"{100 * self.solved / self.deals:.2f}% to {100 * (self.solved + self.unknown) / self.deals:.2f}%"
            if self.unknown * 10 > self.deals:  # many unknown: the share of the decided ones alone would mislead
                lines[1] = (f"winnable: {bounds}, counting the {self.unknown} unknown as lost or won; "
                            f"{lines[1].removeprefix('winnable: ')}")
            else:
                lines[1] += f"; counting the unknown as lost or won: {bounds}"
        if self.thoughtful:
            lines.append(
                f"the solver knew {self.foresaw or 'every face-down card'} (thoughtful play): these are the deals "
                "as dealt, not the share a player without that knowledge would win"
            )
        return "\n".join(lines)


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, with an s unless there is one.

    >>> plural(1, "deal"), plural(3, "verdict"), plural(0, "position")
    ('1 deal', '3 verdicts', '0 positions')
    """
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def summarize(results: Sequence[DealResult]) -> Summary:
    """The summary of a batch's results."""
    solved = [r for r in results if r.outcome is Outcome.SOLVED]
    times = [r.seconds for r in results]
    return Summary(
        deals=len(results),
        solved=len(solved),
        unwinnable=sum(r.outcome is Outcome.UNWINNABLE for r in results),
        unknown=sum(r.outcome is Outcome.UNKNOWN for r in results),
        median_seconds=percentile(times, 50),
        p99_seconds=percentile(times, 99),
        total_seconds=sum(times),
        mean_moves=sum(r.moves for r in solved) / len(solved) if solved else 0.0,
        thoughtful=any(r.thoughtful for r in results),
        foresaw=_foresaw(results),
    )


def _foresaw(results: Sequence[DealResult]) -> str:
    """What the solver saw of the batch's deals that a player can't ('' for nothing)."""
    seen = next((r for r in results if r.thoughtful), None)
    return "" if seen is None else foreseen(get_variant(seen.game).start(seen.deal))
