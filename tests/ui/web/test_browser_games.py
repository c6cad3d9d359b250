"""Every game in a real browser: dealt by number, every pile laid out on the page where
it can be seen, and a first move played by clicking, as a player would."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from cardtable.solitaire import Move, MoveKind, PileKind, State, Variant, apply, legal_moves, variants
from tests.ui.web.test_browser import browser, moves_said, page, server, settle  # noqa: F401  (fixtures)

DEAL = 3


@pytest.fixture(scope="module")
def one_page(browser: Browser, server: str) -> Iterator[Page]:  # noqa: F811
    """One page for every game's test, as a player going from game to game: each test
    deals its own game (the one before is given up), so a page load per game is saved."""
    context = browser.new_context(viewport={"width": 1100, "height": 850})
    opened = context.new_page()
    opened.on("dialog", lambda dialog: dialog.accept())  # yes, give the game in progress up
    opened.goto(server)
    expect(opened.locator("#status")).to_contain_text("deal")
    yield opened
    context.close()


def _first_move(state: State) -> Move | None:
    """A move a player makes with the mouse: a card (or run) onto a pile, or a pair."""
    moves = legal_moves(state)
    return next((m for m in moves if m.kind in (MoveKind.MOVE, MoveKind.PAIR)), None)


def _card(state: State, pile: int, position: int) -> str:
    return f'#table .card[data-pile="{state.variant.pile_names[pile]}"][data-position="{position}"]'


def _played_by_its_click(state: State, move: Move) -> bool:
    """Whether the page plays ``move`` on the click that picks its card up: a column's
    card whose one place is the waste (Golf, Tri-Peaks), or the table's only move (Clock)."""
    variant = state.variant
    if legal_moves(state) == (move,):
        return True
    places = {m.target for m in legal_moves(state) if m.source == move.source and m.count == move.count}
    return variant.piles[move.source].kind is PileKind.TABLEAU and places == {variant.tables.waste}


def _place(state: State, pile: int) -> str:
    """The top card of a pile, or its empty place."""
    cards = state.piles[pile]
    name = state.variant.pile_names[pile]
    return _card(state, pile, len(cards) - 1) if cards else f'#table .slot[data-pile="{name}"]'


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_every_game_is_laid_out_and_played_by_clicking(one_page: Page, variant: Variant) -> None:
    page = one_page
    deal = variant.deal.deal_numbers.start + DEAL
    page.select_option("#game-picker", variant.id)
    page.click("#show-settings")  # every move the player's own: the page's state follows the engine's here
    if page.locator("#setting-auto-build").is_visible():  # offered only where cards go home one by one
        page.uncheck("#setting-auto-build")
    page.click("#settings-done")
    page.fill("#deal-number", str(deal))
    page.click("#new-game")
    # The game's name too: the game before may have been dealt the same number.
    expect(page.locator("#status")).to_contain_text(f"{variant.name} · deal {deal} · {moves_said(0)} ·")
    settle(page)
    table = page.locator("#table").bounding_box()
    assert table is not None and table["x"] + table["width"] <= page.viewport_size["width"]  # type: ignore[index]
    corners = set()
    for name in variant.pile_names:
        box = page.locator(f'#table .slot[data-pile="{name}"]').bounding_box()
        assert box is not None, name
        assert table["x"] <= box["x"] and box["x"] + box["width"] <= table["x"] + table["width"] + 1, name
        corners.add((round(box["x"]), round(box["y"])))
    assert len(corners) == len(variant.pile_names)  # no two piles in one place
    state = variant.start(deal)
    moves_before = 0
    while _first_move(state) is None and moves_before < 30:  # nothing to move yet: turn the stock
        stock = state.variant.tables.stock
        assert stock is not None, f"{variant.id} deal {deal}: no move and no stock"
        page.click(_place(state, stock))
        state = apply(state, next(m for m in legal_moves(state) if m.kind in (MoveKind.DEAL, MoveKind.REDEAL)))
        moves_before += 1
        expect(page.locator("#status")).to_contain_text(f" {moves_said(moves_before)} ·")
        settle(page)
    move = _first_move(state)
    assert move is not None and move.source is not None
    if move.kind is MoveKind.PAIR and move.target is None:
        page.dblclick(_place(state, move.source))  # a card that goes alone (a King)
    elif move.kind is MoveKind.PAIR:
        page.click(_place(state, move.source))
        # (Monte Carlo's said "a card that goes alone: the foundation", where none does)
        expect(page.locator("#message")).to_contain_text("the card it pairs with")
        expect(page.locator("#message")).not_to_contain_text("alone")
        page.click(_place(state, move.target))
    else:
        assert move.target is not None
        # A card with others on it shows only its top edge: that is where a player clicks.
        page.click(_card(state, move.source, len(state.piles[move.source]) - move.count), position={"x": 10, "y": 4})
        if not _played_by_its_click(state, move):  # (a second click would land on the card just played)
            page.click(_place(state, move.target))
    expect(page.locator("#status")).not_to_contain_text(f" {moves_said(moves_before)} ·")


def test_an_accordion_pile_of_several_cards_moves_by_its_top_card_and_shows_its_count(page: Page) -> None:  # noqa: F811
    # Its cards lie squarely on one another, so only the top card can be clicked: it stands for the pile.
    accordion = variants()[[v.id for v in variants()].index("accordion")]
    state = accordion.start(1)
    page.select_option("#game-picker", "accordion")
    page.fill("#deal-number", "1")
    page.click("#new-game")
    expect(page.locator("#status")).to_contain_text("deal 1 ·")
    played = 0
    while not any(m.kind is MoveKind.MOVE and m.count > 1 for m in legal_moves(state)):
        move = next((m for m in legal_moves(state) if m.kind is MoveKind.MOVE), legal_moves(state)[0])
        if move.kind is MoveKind.DEAL:
            page.keyboard.press("d")
        else:
            assert move.source is not None and move.target is not None
            page.click(_place(state, move.source))
            page.click(_place(state, move.target))
        state = apply(state, move)
        played += 1
        expect(page.locator("#status")).to_contain_text(f" {moves_said(played)} ·")
        settle(page)
    whole = next(m for m in legal_moves(state) if m.kind is MoveKind.MOVE and m.count > 1)
    assert whole.source is not None and whole.target is not None
    source = accordion.pile_names[whole.source]
    expect(page.locator(f'#table .count[data-pile="{source}"]')).to_have_text(str(whole.count))
    page.click(_place(state, whole.source))
    page.click(_place(state, whole.target))
    expect(page.locator("#status")).to_contain_text(f" {moves_said(played + 1)} ·")
    after = apply(state, whole)
    target = accordion.pile_names[whole.target]
    expect(page.locator(f'#table .card[data-pile="{target}"]')).to_have_count(len(after.piles[whole.target]))
