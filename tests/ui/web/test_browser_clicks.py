"""Clicks in a real browser while the cards are still moving: a press means the place the
player aimed at, where the cards are going, not a card on its way out of it."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.ui.web.test_browser import browser, moves_said, page, server, start  # noqa: F401  (fixtures)

SLOW_SLIDES = """() => {
  const slide = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) { return slide.call(this, frames, { ...options, duration: 600000 }); };
}"""


UNDER = "([x, y]) => document.elementFromPoint(x, y)?.closest('.card, .slot')?.dataset.pile ?? null"


def _covered(page: Page, x: float, y: float) -> None:
    """Wait until a card sliding away lies over the waste at the point: a slide starts with
    the browser's next frame, which a busy machine can hold back past the move's status."""
    page.wait_for_function(f"([x, y]) => ({UNDER})([x, y]) !== 'waste'", arg=[x, y], timeout=10000)


def test_a_double_click_where_a_card_is_still_sliding_away_plays_the_card_under_it(page: Page) -> None:
    # Clock's turned card, sent to its hour, slides there over the card turned up in its
    # place: a quick double-click went to the card leaving, and was refused.
    start(page, "clock", 1)
    box = page.locator('#table .card[data-pile="waste"]').last.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.evaluate(SLOW_SLIDES)  # each slide lasts ten minutes: the card leaving stays over the waste
    for played in (1, 2, 3):
        page.mouse.dblclick(x, y)
        expect(page.locator("#status")).to_contain_text(f" {moves_said(played)} ·")
        _covered(page, x, y)  # the card on its way out covers the one turned up
    expect(page.locator("#message")).to_have_text("")


def test_a_tap_where_a_card_is_still_sliding_away_plays_the_card_under_it_once(browser: Browser, server: str) -> None:
    # A tap's click is found where the cards lie once the slides end: it comes once, not
    # again from the page (each click plays Clock's turned card: twice would play two).
    context = browser.new_context(viewport={"width": 900, "height": 800}, has_touch=True)
    phone = context.new_page()
    phone.on("dialog", lambda dialog: dialog.accept())
    phone.goto(server)
    start(phone, "clock", 2)
    waste = phone.locator('#table .card[data-pile="waste"]').last
    box = waste.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    phone.evaluate(SLOW_SLIDES)
    waste.tap()  # the table's only move: played at the tap, and sent to its hour slowly
    expect(phone.locator("#status")).to_contain_text(f" {moves_said(1)} ·")
    _covered(phone, x, y)
    phone.wait_for_timeout(800)  # a tap of its own, not the second of a double tap (which only repeats the first)
    phone.touchscreen.tap(x, y)
    expect(phone.locator("#status")).to_contain_text(f" {moves_said(2)} ·")
    phone.wait_for_timeout(300)
    expect(phone.locator("#status")).to_contain_text(f" {moves_said(2)} ·")
    expect(phone.locator("#message")).to_have_text("")
    context.close()
