"""The advisor works its values out from the rules; known charts follow from them."""

from __future__ import annotations

import pytest

from cardtable.thunderjack import Action, preset
from cardtable.thunderjack.advisor import advise, odds
from cardtable.thunderjack.chart import chart
from tests.thunderjack.tables import ONE, stacked_round


def rows(text: str) -> dict[str, list[str]]:
    return {line.split()[0]: line.split()[1:] for line in text.splitlines() if line[:5].strip() and line[5:6] == " "}


def test_dealer_outcomes_are_probabilities_and_a_six_busts_most() -> None:
    for up in range(1, 11):
        finals = odds(preset("six-deck-s17"), up).dealer
        assert sum(finals.values()) == pytest.approx(1.0)
    bust = {up: odds(preset("six-deck-s17"), up).dealer[22] for up in range(1, 11)}
    assert max(bust, key=lambda up: bust[up]) == 6 and bust[6] == pytest.approx(0.423, abs=0.002)


def test_the_six_deck_chart_is_the_published_basic_strategy() -> None:
    s17 = rows(chart(preset("six-deck-s17")))
    assert s17["11"] == ["D"] * 9 + ["H"]
    assert s17["12"] == ["H", "H", "S", "S", "S", "H", "H", "H", "H", "H"]
    assert s17["16"] == ["S"] * 5 + ["H", "H", "R", "R", "R"]
    assert s17["A,7"] == ["S", "Ds", "Ds", "Ds", "Ds", "S", "S", "H", "H", "H"]
    assert s17["9,9"] == ["P"] * 5 + ["S", "P", "P", "S", "S"]
    assert s17["A,A"] == ["P"] * 10 and s17["T,T"] == ["S"] * 10
    h17 = rows(chart(preset("six-deck-h17")))
    assert h17["11"] == ["D"] * 10 and h17["A,7"][0] == "Ds" and h17["17"][-1] == "Rs" and h17["8,8"][-1] == "R"


def test_without_surrender_the_chart_never_surrenders() -> None:
    assert "R" not in chart(preset("six-deck-no-surrender")).split()


def test_blitz_makes_hitting_soft_hands_and_five_card_hands_worth_more() -> None:
    with_blitz, without = odds(preset("thunderjack"), 10), odds(preset("thunderjack").but(blitz_cards=None), 10)
    assert with_blitz.hit(9, False, 5) > without.hit(9, False, 5)
    assert with_blitz.hit(16, False, 5) > 1.0  # 5 cards on 16: an Ace to a Five makes a Blitz
    assert without.hit(16, False, 5) < 0.0


def test_advice_ranks_the_legal_actions_and_says_why() -> None:
    game = stacked_round({ONE: "6C 5D"}, "6D 9C")
    advice = advise(game)
    assert advice.best is Action.DOUBLE
    assert {a for a, _ in advice.choices} == {Action.HIT, Action.STAND, Action.DOUBLE, Action.SURRENDER}
    values = [v for _, v in advice.choices]
    assert values == sorted(values, reverse=True)
    assert advice.explain().startswith("Double: expected +") and "better than hit" in advice.explain()
    assert advise(stacked_round({ONE: "8C 8D"}, "6D 9C")).best is Action.SPLIT
