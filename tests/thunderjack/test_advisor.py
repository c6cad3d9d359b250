"""The advisor works its values out from the rules; known charts follow from them."""

from __future__ import annotations

import pytest

from cardtable.thunderjack import Action, preset
from cardtable.thunderjack.advisor import action_values, advise, odds
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


def test_two_card_decisions_take_the_players_cards_out_of_the_shoe() -> None:
    single = rows(chart(preset("single-deck")))  # the published single-deck strategy, where removal counts
    assert single["8"][3:5] == ["D", "D"] and single["11"][-1] == "D" and single["6,6"][0] == "P"
    assert single["A,6"][0] == "D" and single["A,8"][4] == "Ds"
    rules = preset("single-deck")
    twenty = action_values(rules, 6, 20, False, 2, (Action.STAND,))[Action.STAND]  # only Ten, Ten makes it
    assert twenty == odds(rules, 6, (10, 10)).stand(20) != odds(rules, 6).stand(20)
    nine = action_values(rules, 6, 9, False, 2, (Action.HIT,))[Action.HIT]  # 2+7, 3+6, 4+5, by how often dealt
    ways = {(2, 7): 32, (3, 6): 24, (4, 5): 32}  # one Six is the up card
    assert nine == pytest.approx(sum(n * odds(rules, 6, pair).hit(9, False, 2) for pair, n in ways.items()) / 88)

def test_a_split_is_worth_more_where_the_rules_allow_resplits() -> None:
    to_four, no_resplit = preset("six-deck-s17"), preset("six-deck-s17").but(split_hands=2)
    eights = [odds(rules, 10, (8, 8)).split(8) for rules in (to_four, no_resplit)]
    assert eights[0] > eights[1]
    assert odds(to_four, 10, (1, 1)).split(1) == odds(no_resplit, 10, (1, 1)).split(1)  # Aces are not resplit
