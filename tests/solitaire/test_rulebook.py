"""Rules pages: written from the declarations, in the atoms' own words, and the copies in
docs/games kept current."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.solitaire import PileKind, Variant, get_variant, variants
from cardtable.solitaire.rulebook import rule_lines, rules_index, rules_page

PAGES = Path(__file__).parents[2] / "docs" / "games"


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_the_page_speaks_in_the_atoms_words(variant: object) -> None:
    from cardtable.solitaire import Variant

    assert isinstance(variant, Variant)
    page = rules_page(variant)
    assert page.startswith(f"# {variant.name}\n\n{variant.summary}\n")
    for spec in variant.piles:
        if spec.build is not None:
            assert spec.build.phrase in page, spec.id.name
        if spec.group is not None and spec.kind is PileKind.TABLEAU:
            assert spec.group.phrase_in(variant) in page, spec.id.name
    if variant.pairs is not None:
        assert variant.pairs.phrase[1:] in page
    stock = variant.piles_of(PileKind.STOCK)
    assert (f"Stock: {variant.stock.phrase}" in page) == bool(stock)


def test_layouts_and_bases_read_as_a_player_would_say_them() -> None:
    klondike = rule_lines(get_variant("klondike"))
    assert any("7 columns: dealt 1, 2, 3, 4, 5, 6, 7 cards, the last face up" in line for line in klondike)
    assert any(line.startswith("The 24 cards left over form the stock") for line in klondike)
    bisley = "\n".join(rule_lines(get_variant("bisley")))
    assert "build down by one in suit; an empty one takes only the King of its suit; cards stay there." in bisley
    assert "Every Ace starts a foundation before the deal." in bisley
    yukon = "\n".join(rule_lines(get_variant("yukon")))
    assert "face up on top: 1, 5, 5, 5, 5, 5, 5" in yukon
    spider = "\n".join(rule_lines(get_variant("spider")))
    assert "8 foundations: no card is played there by hand." in spider
    assert "goes to a foundation by itself" in spider


def test_sheets_say_what_a_deck_a_short_deal_a_discard_pile_and_a_closing_row_are() -> None:
    sheet = {g: "\n".join(rule_lines(get_variant(g))) for g in (
        "spider-1suit", "besieged-fortress", "scorpion", "aces-up", "accordion", "citadel", "klondike-vegas")}
    assert "104 cards (1 suit, 8 of each card)." in sheet["spider-1suit"]
    assert "36 cards (one deck, Aces and Sixes to Kings only)." in sheet["besieged-fortress"]
    assert "Stock: deal one card to every column; its 3 cards reach only the first 3 columns." in sheet["scorpion"]
    assert "1 foundation: discarded cards go here." in sheet["aces-up"]
    assert "an empty one takes no card by a move" in sheet["accordion"] and "stays empty" not in sheet["accordion"]
    assert "dealt 6 cards each, face up (fewer where cards went home as they were dealt)" in sheet["citadel"]
    assert "Scored in Vegas points" in sheet["klondike-vegas"]


def test_docs_games_holds_the_current_page_of_every_game() -> None:
    """If this fails, run `cardtable rules --write docs/games`."""
    expected = {f"{v.id}.md": rules_page(v) for v in variants()}
    expected["README.md"] = rules_index(variants())
    found = {p.name: p.read_text(encoding="utf-8") for p in PAGES.glob("*.md")}
    assert sorted(found) == sorted(expected)
    stale = [name for name, text in expected.items() if found[name] != text]
    assert not stale, f"stale pages: {stale}"


def test_the_readme_games_table_names_every_game() -> None:
    """A game added to the collection is added to the README's table too."""
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Games", 1)[1].split("\n\n", 2)[1]
    rows = table.splitlines()[2:]  # past the header and its rule
    listed = {name for row in rows for name in row.split("|")[1].replace("`", "").replace(",", " ").split()}
    assert listed == {variant.id for variant in variants()}


@pytest.mark.parametrize("variant", [v for v in variants() if v.piles_of(PileKind.TABLEAU)], ids=lambda v: v.id)
def test_messages_call_the_tableau_piles_what_the_games_rules_call_them(variant: Variant) -> None:
    # Beleaguered Castle's rules speak of rows, Fan's of fans: so must its rules page, its
    # refusals and its hints. "place" is the neutral word for a spot in a grid or a pyramid.
    word = variant.tableau_word
    assert word == "place" or word in variant.summary.lower()
    tableau = variant.piles[variant.piles_of(PileKind.TABLEAU)[0]]
    assert tableau.id.title == f"{word} 1"


def test_sheets_account_for_every_card_and_for_columns_the_stock_deals_into() -> None:
    sheet = {g: "\n".join(rule_lines(get_variant(g))) for g in ("pyramid", "clock", "agnes-sorel", "golf")}
    for game in ("pyramid", "clock"):  # the card the deal turns onto the waste is named with the rest
        assert "1 waste: dealt 1 card, face up" in sheet[game]
    # Agnes Sorel's stock deals into an empty column: it does not stay empty.
    assert "an empty one takes no card by a move, only the stock's deals" in sheet["agnes-sorel"]
    assert "stays empty" not in sheet["agnes-sorel"]
    assert "1 waste: dealt 1 card, face up; build up or down by one regardless of suit." in sheet["golf"]


def test_whether_a_foundation_card_may_come_back_is_said_either_way() -> None:
    # Rule sheets of King Albert, Fan or Eight Off differ on it, so the page says which.
    assert "4 foundations: build up by one in suit; an empty one takes only an Ace; cards stay there." in rules_page(get_variant("king-albert"))
    assert "the top card may come back into play." in rules_page(get_variant("whitehead"))
