"""Simulations with the advisor's strategy land on the published edges."""

from __future__ import annotations

import multiprocessing

import pytest

from cardtable.thunderjack import PUBLISHED, kernel, preset
from cardtable.thunderjack.rules import Published, published_edge
from cardtable.thunderjack.kernel import STAT_COUNT
from cardtable.thunderjack.simulate import CHUNK, DONE, FREE, TAKEN, Plan, _help, _play_next, play_chunk, simulate

ROUNDS = 4_000_000
"""About 0.06% standard error: seconds of compiled play per rule set."""


@pytest.mark.parametrize("published", PUBLISHED, ids=[p.rules.name for p in PUBLISHED])
def test_the_edge_is_within_three_standard_errors_of_the_published_figure(published: Published) -> None:
    result = simulate(published.rules, ROUNDS, seed=2026)
    assert result.rounds == ROUNDS
    assert abs(result.edge - published.edge) < 3 * result.standard_error, result.report()


def test_every_preset_and_listed_rule_change_with_a_published_figure_is_compared() -> None:
    assert {p.rules.name for p in PUBLISHED} >= {"six-deck-s17", "six-deck-h17", "six-deck-no-surrender", "single-deck"}
    assert published_edge(preset("six-deck-s17").but(name="mine", dealer_hits_soft_17=True)) == PUBLISHED[1]
    assert published_edge(preset("six-deck-h17").but(resplit_aces=True)).text == "-0.459%"  # type: ignore[union-attr]
    assert published_edge(preset("single-deck")).text == "+0.041%"  # type: ignore[union-attr]
    assert published_edge(preset("six-deck-6to5")) is None


def test_the_simulation_plays_as_many_hands_as_the_table() -> None:
    rounds = 1_000_000
    one, three = (simulate(preset("six-deck-s17"), rounds, seed=4, hands=n) for n in (1, 3))
    assert three.hands == 3 and "3 hands each" in three.report()
    natural = 2 * 24 / 312 * 96 / 311
    spread = 4 * (3 * natural / rounds) ** 0.5
    assert three.count(kernel.BLACKJACKS) / rounds == pytest.approx(3 * natural, abs=spread)
    assert one.count(kernel.BLACKJACKS) / rounds == pytest.approx(natural, abs=spread)
    assert abs(three.edge - -0.0033) < 3 * three.standard_error  # each hand's edge is the one hand's
    with pytest.raises(ValueError, match="1 to 3 hands"):
        simulate(preset("six-deck-s17"), 10, hands=4)


def test_thunderjack_favours_the_player_by_roughly_two_percent() -> None:
    result = simulate(preset("thunderjack"), ROUNDS, seed=2026)
    assert 0.01 < result.edge - 3 * result.standard_error and result.edge + 3 * result.standard_error < 0.05


def test_a_run_is_the_same_whatever_the_number_of_workers() -> None:
    alone = simulate(preset("thunderjack"), 600_000, seed=5)
    shared = simulate(preset("thunderjack"), 600_000, seed=5, workers=2)
    assert alone == shared and alone != simulate(preset("thunderjack"), 600_000, seed=6)


def test_six_to_five_costs_the_player_about_one_and_a_third_percent() -> None:
    better, worse = (simulate(preset(n), ROUNDS, seed=3).edge for n in ("six-deck-s17", "six-deck-6to5"))
    assert better - worse == pytest.approx(0.0136, abs=0.003)


def test_naturals_are_counted_as_dealt_even_when_the_dealer_pushes_them() -> None:
    result = simulate(preset("thunderjack"), ROUNDS, seed=8)
    aces, tens, cards = 16, 64, 208  # four decks
    natural = 2 * aces / cards * tens / (cards - 1)
    suited = 2 * aces / cards * 12 / (cards - 1)  # an Ace with a Jack, Queen or King of its suit
    blackjacks = result.count(kernel.BLACKJACKS) / result.rounds
    thunderjacks = result.count(kernel.THUNDERJACKS) / result.rounds
    spread = 4 * (natural / ROUNDS) ** 0.5
    assert blackjacks == pytest.approx(natural - suited, abs=spread)
    assert thunderjacks == pytest.approx(suited, abs=spread)


def test_progress_rises_to_every_round_with_helpers() -> None:
    seen: list[int] = []
    simulate(preset("six-deck-s17"), 3 * CHUNK + 7, seed=4, workers=2, progress=lambda done, total: seen.append(done))
    assert seen == sorted(set(seen)) and seen[-1] == 3 * CHUNK + 7


def test_with_no_chunk_free_this_process_plays_one_a_helper_has_not_finished() -> None:
    rules = preset("six-deck-s17")
    plan = Plan(rules, 1, ((1_000, 11), (500, 12), (700, 13)))
    spawn = multiprocessing.get_context("spawn")
    states, totals = spawn.Array("i", [TAKEN, FREE, DONE]), spawn.Array("d", 3 * STAT_COUNT, lock=False)
    assert _play_next(plan, states, totals, unfinished=True) and states[:] == [TAKEN, DONE, DONE]
    assert not _play_next(plan, states, totals), "a helper takes only free chunks"
    assert _play_next(plan, states, totals, unfinished=True) and states[:] == [DONE, DONE, DONE]
    assert totals[:STAT_COUNT] == list(play_chunk(rules, 1_000, 11))
    assert not _play_next(plan, states, totals, unfinished=True)


def test_a_helper_plays_every_free_chunk_as_this_process_would() -> None:
    rules = preset("six-deck-s17")
    plan = Plan(rules, 1, ((1_000, 11), (500, 12)))
    states = multiprocessing.get_context("spawn").Array("i", [FREE, FREE])
    totals = multiprocessing.get_context("spawn").Array("d", 2 * STAT_COUNT, lock=False)
    _help(plan, states, totals)
    assert states[:] == [DONE, DONE]
    assert totals[:STAT_COUNT] == list(play_chunk(rules, 1_000, 11)) and totals[STAT_COUNT:] == list(play_chunk(rules, 500, 12))
