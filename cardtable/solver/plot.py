"""A batch as a picture: seconds per deal (log scale), one colour per verdict."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from pathlib import Path

from cardtable.solver.batch import DealResult
from cardtable.solver.search import Outcome

COLOURS = {Outcome.SOLVED: "#2a9d4b", Outcome.UNWINNABLE: "#c0392b", Outcome.UNKNOWN: "#8e8e8e"}
WIDTH, HEIGHT, MARGIN = 900, 420, 60


def plot(results: Sequence[DealResult], title: str, path: Path) -> None:
    """Write the picture to ``path``: ``.svg`` is drawn here, ``.png`` through matplotlib."""
    suffix = path.suffix.lower()
    if suffix == ".svg":
        path.write_text(svg(results, title), encoding="utf-8")
    elif suffix == ".png":
        _png(results, title, path)
    else:
        raise ValueError(f"a plot is written as .svg or .png, not {path.name}")


def svg(results: Sequence[DealResult], title: str) -> str:
    """The picture as SVG text.

    >>> from cardtable.solver.search import Outcome
    >>> text = svg([DealResult("freecell", 1, Outcome.SOLVED, 90, 500, 0.05, False)], "FreeCell")
    >>> text.startswith("<svg") and "deal 1: solved" in text
    True
    """
    deals = [r.deal for r in results] or [0]
    low_deal, high_deal = min(deals), max(max(deals), min(deals) + 1)
    seconds = [max(r.seconds, 1e-4) for r in results] or [1.0]
    low = math.floor(math.log10(min(seconds)))
    high = max(math.ceil(math.log10(max(seconds))), low + 1)

    def x(deal: int) -> float:
        return MARGIN + (deal - low_deal) / (high_deal - low_deal) * (WIDTH - 2 * MARGIN)

    def y(time: float) -> float:
        return HEIGHT - MARGIN - (math.log10(max(time, 1e-4)) - low) / (high - low) * (HEIGHT - 2 * MARGIN)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="24" text-anchor="middle" font-size="15">{_escape(title)}</text>',
        f'<text x="{WIDTH / 2}" y="{HEIGHT - 14}" text-anchor="middle">deal</text>',
        f'<text x="16" y="{HEIGHT / 2}" transform="rotate(-90 16 {HEIGHT / 2})" text-anchor="middle">seconds</text>',
    ]
    for power in range(low, high + 1):
        level = y(10.0**power)
        parts.append(f'<line x1="{MARGIN}" x2="{WIDTH - MARGIN}" y1="{level:.1f}" y2="{level:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{MARGIN - 6}" y="{level + 4:.1f}" text-anchor="end">{10.0**power:g}</text>')
    for deal in deal_ticks(low_deal, high_deal):
        parts.append(f'<line x1="{x(deal):.1f}" x2="{x(deal):.1f}" y1="{HEIGHT - MARGIN}" y2="{HEIGHT - MARGIN + 4}" stroke="#999"/>')
        parts.append(f'<text x="{x(deal):.1f}" y="{HEIGHT - MARGIN + 16}" text-anchor="middle">{deal}</text>')
    for r in results:
        parts.append(
            f'<circle cx="{x(r.deal):.1f}" cy="{y(r.seconds):.1f}" r="2.5" fill="{COLOURS[r.outcome]}">'
            f"<title>deal {r.deal}: {r.outcome.value}, {r.seconds:.3f} s</title></circle>"
        )
    for n, (outcome, colour) in enumerate(COLOURS.items()):
        count = sum(r.outcome is outcome for r in results)
        left = MARGIN + n * 160
        parts.append(f'<circle cx="{left}" cy="44" r="5" fill="{colour}"/>')
        parts.append(f'<text x="{left + 10}" y="48">{outcome.value} ({count})</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def deal_ticks(low: int, high: int, most: int = 8) -> list[int]:
    """Deal numbers to label an axis from ``low`` to ``high`` with: its ends, and between
    them round numbers (steps of 1, 2 or 5 times a power of ten), at most ``most`` in all.

    >>> deal_ticks(1, 32000)
    [1, 5000, 10000, 15000, 20000, 25000, 30000, 32000]
    >>> deal_ticks(200, 240), deal_ticks(1, 3)
    ([200, 210, 220, 230, 240], [1, 2, 3])
    """
    steps = (m * 10**k for k in range(20) for m in (1, 2, 5))
    step = next(s for s in steps if len(range((low // s + 1) * s, high, s)) <= most - 2)
    inner = range((low // step + 1) * step, high, step)
    close = step * 0.4  # (a round number too near an end would write over it)
    return [low, *(d for d in inner if d - low >= close and high - d >= close), high]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _png(results: Sequence[DealResult], title: str, path: Path) -> None:
    figure = drawing(results, title)
    figure.savefig(path, dpi=100)
    import matplotlib.pyplot as plt

    plt.close(figure)


def drawing(results: Sequence[DealResult], title: str) -> Any:
    """The picture as a matplotlib figure (ValueError where matplotlib is missing)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FuncFormatter, MaxNLocator, NullFormatter
    except ImportError:
        raise ValueError("a PNG plot needs matplotlib (pip install 'cardtable[plots]'); .svg needs nothing") from None
    figure, axes = plt.subplots(figsize=(9, 4.2))
    for outcome, colour in COLOURS.items():
        chosen = [r for r in results if r.outcome is outcome]
        axes.scatter(
            [r.deal for r in chosen], [max(r.seconds, 1e-4) for r in chosen], s=6, color=colour,
            label=f"{outcome.value} ({len(chosen)})",
        )
    axes.set_yscale("log")
    plain = FuncFormatter(lambda seconds, _: f"{seconds:g}")  # 0.3, not 3x10^-1: as the SVG writes seconds
    axes.yaxis.set_major_formatter(plain)
    times = [max(r.seconds, 1e-4) for r in results] or [1.0]
    if max(times) < 10 * min(times):  # within a decade: 0.2 0.3 ...
        axes.yaxis.set_minor_formatter(plain)
    elif max(times) < 1000 * min(times):  # up to three decades: 0.02 0.05 0.1 0.2 0.5 ..., else the decades alone
        axes.yaxis.set_minor_formatter(FuncFormatter(lambda seconds, _: f"{seconds:g}" if _leading(seconds) in (2, 5) else ""))
    else:
        axes.yaxis.set_minor_formatter(NullFormatter())
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))  # deals are whole numbers
    axes.set_xlabel("deal")
    axes.set_ylabel("seconds")
    axes.set_title(title)
    # Beside the plot, not on it: a corner of the plot may hold the very deals it counts.
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)
    figure.tight_layout()
    return figure


def _leading(value: float) -> int:
    """The first digit of a positive ``value``: 2 for 0.02 and for 200."""
    return round(value / 10.0 ** math.floor(math.log10(value)))
