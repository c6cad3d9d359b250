"""The batch's picture: its axes say where the deals and the seconds are."""

from __future__ import annotations

from cardtable.solver.batch import DealResult
from cardtable.solver.plot import drawing, svg
from cardtable.solver.search import Outcome


def _results(seconds: list[float], first: int = 200) -> list[DealResult]:
    return [DealResult("pyramid", first + n, Outcome.SOLVED, 10, 100, s, False) for n, s in enumerate(seconds)]


def test_seconds_over_a_decade_or_two_are_labelled_between_the_decades() -> None:
    figure = drawing(_results([0.004, 0.03, 0.2] * 14), "Pyramid")
    figure.canvas.draw()
    axes = figure.axes[0]
    labels = {t.get_text() for t in axes.yaxis.get_majorticklabels() + axes.yaxis.get_minorticklabels()} - {""}
    assert {"0.01", "0.1", "0.02", "0.05", "0.2"} <= labels, labels


def test_the_svg_labels_round_deal_numbers_between_its_ends() -> None:
    text = svg(_results([0.01] * 41), "Pyramid")
    assert all(f'text-anchor="middle">{deal}</text>' in text for deal in (200, 210, 220, 230, 240))
