"""The advisor works its values out from the rules; known charts follow from them."""

from __future__ import annotations

import pytest

from cardtable.thunderjack import Action, act, preset
from cardtable.thunderjack.advisor import advise, dealer_finals, hand_values, total_values
from cardtable.thunderjack.chart import LEGEND, chart
from tests.thunderjack.tables import ONE, stacked_round


def rows(text: str) -> dict[str, list[str]]:
    return {line.split()[0]: line.split()[1:] for line in text.splitlines() if line[:5].strip() and line[5:6] == " "}


def test_dealer_outcomes_are_probabilities_and_a_six_busts_most() -> None:
    for up in range(1, 11):
        finals = dealer_finals(preset("six-deck-s17"), up)
        assert sum(finals.values()) == pytest.approx(1.0) and finals[23] == 0.0  # the dealer checked for Blackjack
    bust = {up: dealer_finals(preset("six-deck-s17"), up)[22] for up in range(1, 11)}
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
    assert h17["11"] == ["D"] * 10 and h17["A,7"][0] == "Ds" and h17["17"][-1] == "Rs"
    assert h17["8,8"][-1] == "Rp"  # surrender, else split: "R" said else hit, which no chart says of 8,8


def test_without_surrender_the_chart_never_surrenders() -> None:
    printed = chart(preset("six-deck-no-surrender"))
    codes = printed.removesuffix(LEGEND).split()  # (the codes' legend names them all)
    assert printed.endswith(LEGEND) and not {"R", "Rs", "Rp"} & set(codes)


def test_blitz_makes_hitting_soft_hands_and_five_card_hands_worth_more() -> None:
    with_blitz, without = preset("thunderjack"), preset("thunderjack").but(blitz_cards=None)
    five_nine, five_sixteen = [2, 2, 2, 2, 1], [2, 3, 3, 4, 4]
    hit = [hand_values(rules, 10, cards, (Action.HIT,))[Action.HIT] for rules in (with_blitz, without) for cards in
           (five_nine, five_sixteen)]
    assert hit[0] > hit[2]
    assert hit[1] > 1.0  # 5 cards on 16: an Ace to a Five makes a Blitz
    assert hit[3] < 0.0


def test_advice_ranks_the_legal_actions_and_says_why() -> None:
    game = stacked_round({ONE: "6C 5D"}, "6D 9C")
    advice = advise(game)
    assert advice.best is Action.DOUBLE
    assert {a for a, _ in advice.choices} == {Action.HIT, Action.STAND, Action.DOUBLE, Action.SURRENDER}
    values = [v for _, v in advice.choices]
    assert values == sorted(values, reverse=True)
    assert advice.explain().startswith("Double: expected +") and "better than hit" in advice.explain()
    for action, value in advice.choices:  # every legal action's value is given
        assert f"{action.value} ({value:+.3f})" in advice.explain() or f"{action.value} {value:+.3f}" in advice.explain() or action is advice.best
    assert advise(stacked_round({ONE: "8C 8D"}, "6D 9C")).best is Action.SPLIT


def test_decisions_are_made_with_the_hands_own_cards_out_of_the_shoe() -> None:
    single = rows(chart(preset("single-deck")))  # the published single-deck strategy, where removal counts
    assert single["8"][3:5] == ["D", "D"] and single["11"][-1] == "D" and single["6,6"][0] == "P"
    assert single["A,6"][0] == "D" and single["A,8"][4] == "Ds"
    rules = preset("single-deck")
    twenty = total_values(rules, 6, 20, False, (Action.STAND,))[Action.STAND]  # only Ten, Ten makes it
    assert twenty == hand_values(rules, 6, [10, 10], (Action.STAND,))[Action.STAND]
    # Single deck: 7-7 stands against a ten and A-7 against an Ace, where a fixed shoe would hit.
    assert advise(stacked_round({ONE: "7C 7D"}, "TD 9C", rules=rules)).best is Action.STAND
    assert advise(stacked_round({ONE: "AC 7D"}, "AD 9C", rules=rules)).best is Action.STAND
    # More cards count too: 16 of 10-6 hits against a ten in six decks, of 4-4-4-4 it stands.
    six = preset("six-deck-s17").but(surrender=False)
    assert advise(stacked_round({ONE: "TC 6D"}, "TD 9C", rules=six)).best is Action.HIT
    four_fours = act(act(stacked_round({ONE: "4C 4D"}, "TD 9C", draws="4H 4S", rules=six), Action.HIT), Action.HIT)
    assert four_fours.hands[0].total == 16 and advise(four_fours).best is Action.STAND


def test_a_split_is_worth_more_where_the_rules_allow_resplits() -> None:
    to_four, no_resplit = preset("six-deck-s17"), preset("six-deck-s17").but(split_hands=2)
    eights = [hand_values(rules, 10, [8, 8], (Action.SPLIT,))[Action.SPLIT] for rules in (to_four, no_resplit)]
    assert eights[0] > eights[1]
    aces = [hand_values(rules, 10, [1, 1], (Action.SPLIT,))[Action.SPLIT] for rules in (to_four, no_resplit)]
    assert aces[0] == aces[1]  # Aces are not resplit
