"""Rule atoms in isolation: words, tables and limits."""

from __future__ import annotations

import pytest

from cardtable.cards import SHORT_RANKS, DeckSpec, Rank, Suit, parse_card
from cardtable.solitaire.rules import (
    alt_color,
    any_suit,
    base,
    down,
    kings_only,
    nothing,
    same_suit,
    to_tableau,
    to_waste,
    up,
    up_or_down,
)
from cardtable.solitaire.rules.groups import supermove_limit

DECK = DeckSpec()


@pytest.mark.parametrize(
    ("rule", "below", "above", "allowed"),
    [
        (down & alt_color, "8S", "7H", True),
        (down & alt_color, "8S", "7C", False),
        (down & alt_color, "8S", "6H", False),
        (up & same_suit, "AH", "2H", True),
        (up & same_suit, "AH", "2D", False),
        (up_or_down & same_suit, "5C", "4C", True),
        (up_or_down & same_suit, "5C", "6C", True),
        (up_or_down & same_suit, "5C", "7C", False),
        (down & any_suit, "KD", "QD", True),
        (down & any_suit, "AD", "KD", False),
    ],
)
def test_build_rules(rule: object, below: str, above: str, allowed: bool) -> None:
    from cardtable.solitaire.rules import BuildRule

    assert isinstance(rule, BuildRule)
    assert rule.allows(DECK, parse_card(below), parse_card(above)) is allowed
    assert (parse_card(above).index in rule.table(DECK)[parse_card(below).index]) is allowed


def test_short_deck_counts_six_as_one_above_ace() -> None:
    short = DeckSpec(ranks=SHORT_RANKS)
    rule = up & same_suit
    assert rule.allows(short, parse_card("AS"), parse_card("6S"))
    assert not rule.allows(DECK, parse_card("AS"), parse_card("6S"))


def test_combined_rules_explain_themselves() -> None:
    assert (down & alt_color).phrase == "build down by one in alternating colours"
    assert (up & same_suit).phrase == "build up by one in suit"


def test_empty_rules() -> None:
    king, queen = parse_card("KS"), parse_card("QS")
    assert kings_only.accepts(king) and not kings_only.accepts(queen)
    assert nothing.takes_nothing and not nothing.accepts(king)
    assert base(Rank.KING, Suit.HEARTS).phrase == "only the King of hearts"
    assert not base(Rank.KING, Suit.HEARTS).accepts(king)


@pytest.mark.parametrize(
    ("cells", "columns", "to_empty", "limit"),
    [(4, 0, False, 5), (0, 0, False, 1), (1, 1, False, 4), (1, 1, True, 2), (4, 2, False, 20), (4, 2, True, 10)],
)
def test_supermove_limit(cells: int, columns: int, to_empty: bool, limit: int) -> None:
    assert supermove_limit(cells, columns, to_empty) == limit


def test_stock_policies() -> None:
    assert to_waste(3, passes=3).redeals_allowed == 2
    assert to_waste(1).redeals_allowed is None
    assert "only when no column is empty" in to_tableau().phrase
    with pytest.raises(ValueError):
        to_waste(0)
    with pytest.raises(ValueError):
        to_waste(1, passes=0)
