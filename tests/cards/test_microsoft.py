"""Microsoft FreeCell deals against the published layouts."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.cards import ALL_CARDS, MAX_DEAL, microsoft_deal
from cardtable.solitaire import get_variant

PUBLISHED = Path(__file__).parents[1] / "fixtures" / "freecell" / "microsoft-deals.txt"


def _published() -> dict[int, list[list[str]]]:
    deals: dict[int, list[list[str]]] = {}
    for line in PUBLISHED.read_text().splitlines():
        if line.startswith("deal "):
            current = deals.setdefault(int(line.split()[1]), [])
        elif line and not line.startswith("#"):
            current.append(line.split())
    return deals


@pytest.mark.parametrize("deal", [1, 617, 11982])
def test_layout_matches_the_published_one_card_for_card(deal: int) -> None:
    rows = _published()[deal]
    state = get_variant("freecell").start(deal)
    columns = [state.piles[state.variant.index_of_name(f"t{n}")] for n in range(1, 9)]
    for r, row in enumerate(rows):
        assert [columns[c][r].code for c in range(len(row))] == row
    assert sum(len(c) for c in columns) == 52 == sum(len(r) for r in rows)


def test_dealing_order_is_a_permutation_of_the_deck() -> None:
    assert sorted(microsoft_deal(123456)) == list(range(52))
    assert sorted(microsoft_deal(MAX_DEAL)) == list(range(52))
    assert ALL_CARDS[microsoft_deal(1)[0]].code == "JD"


@pytest.mark.parametrize("deal", [0, -5, MAX_DEAL + 1])
def test_deal_numbers_outside_the_range_are_refused(deal: int) -> None:
    with pytest.raises(ValueError, match="run from 1"):
        microsoft_deal(deal)
