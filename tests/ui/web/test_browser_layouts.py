"""How the page lays out each family, in a real browser: rows of fans that fit a desktop
window, Black Hole's fans round the hole, Tri-Peaks as three peaks and Pyramid as a
pyramid (placed from what covers what), a phone's width with every pile on screen and
moves made by tapping, and the redeal of games that gather their columns."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cardtable.solitaire import Move, MoveKind, PileKind, State, apply, get_variant, legal_moves, variants
from tests.solitaire.conformance import chosen_variants
from tests.ui.web.test_browser import browser, moves_said, page, server, settle, start  # noqa: F401  (fixtures)
from tests.ui.web.test_browser_games import _card, _place

PHONES = ({"width": 375, "height": 667}, {"width": 400, "height": 800})
Box = dict[str, float]


def _slot(page: Page, pile: str) -> Box:  # noqa: F811  (page: the fixture's name)
    box = page.locator(f'#table .slot[data-pile="{pile}"]').bounding_box()
    assert box is not None, pile
    return box


def _cards(page: Page, pile: str) -> list[Box]:  # noqa: F811
    cards = page.locator(f'#table .card[data-pile="{pile}"]')
    return [b for b in (cards.nth(n).bounding_box() for n in range(cards.count())) if b is not None]


def _no_sideways_scroll(page: Page) -> bool:  # noqa: F811
    return bool(page.evaluate(
        "() => { const m = document.querySelector('main');"
        " return m.scrollWidth <= m.clientWidth && document.documentElement.scrollWidth <= innerWidth; }"
    ))


def _wait_for_cards_as_wide_as(page: Page, least: float) -> None:  # noqa: F811
    """Wait until the table's places are ``least`` px wide or more. A line the footer takes
    for a while (a message that wraps) draws the table smaller until it goes: once, under
    the whole suite's load, this read found every place 33 px wide. If they never get
    there, say how the page's height was shared out."""
    widths = "[...document.querySelectorAll('#table .slot')].map((s) => s.getBoundingClientRect().width)"
    try:
        page.wait_for_function(f"(least) => {widths}.every((w) => w >= least)", arg=least, timeout=5000)
    except PlaywrightTimeout:
        shared = page.evaluate(
            "() => ({ header: document.querySelector('header').clientHeight, main: document.querySelector('main').clientHeight,"
            " footer: document.querySelector('footer').clientHeight, said: document.querySelector('footer').innerText,"
            f" widths: [...new Set({widths}.map(Math.round))] }})"
        )
        raise AssertionError(f"places narrower than {least} px: {shared}") from None


def _tap_move(state: State) -> Move | None:
    """A move made with two taps: a card (or run) and where it goes, or two cards that pair."""
    return next((m for m in legal_moves(state) if m.kind in (MoveKind.MOVE, MoveKind.PAIR) and m.target is not None), None)


def test_fans_lie_in_rows_spreading_right_and_fit_a_desktop_window(page: Page) -> None:  # noqa: F811
    start(page, "la-belle-lucie", 3)
    variant = get_variant("la-belle-lucie")
    tableau = [variant.pile_names[i] for i in variant.piles_of(PileKind.TABLEAU)]
    rows: dict[float, list[float]] = {}
    for name in tableau:
        cards = _cards(page, name)
        assert len({round(c["y"]) for c in cards}) == 1, name  # a fan spreads across, not down
        xs = [c["x"] for c in cards]
        assert xs == sorted(xs) and len(set(xs)) == len(xs), name
        rows.setdefault(round(_slot(page, name)["y"]), []).append(_slot(page, name)["x"])
    assert len(rows) >= 3 and all(len(xs) >= 4 for xs in rows.values())  # several fans to a row
    assert _no_sideways_scroll(page)
    bottom = max(c["y"] + c["height"] for name in tableau for c in _cards(page, name))
    assert bottom <= page.viewport_size["height"]  # type: ignore[index]  # and no scrolling down either
    foundations = [_slot(page, f"f{n}") for n in range(1, 5)]
    assert all(f["y"] < min(_slot(page, name)["y"] for name in tableau) for f in foundations)


def test_black_holes_fans_lie_round_the_hole(page: Page) -> None:  # noqa: F811
    start(page, "black-hole", 3)
    hole = _slot(page, "f1")
    fans = [_slot(page, f"t{n}") for n in range(1, 18)]
    left = [f for f in fans if f["x"] + f["width"] <= hole["x"]]
    right = [f for f in fans if f["x"] >= hole["x"] + hole["width"]]
    above = [f for f in fans if f["y"] + f["height"] <= hole["y"]]
    below = [f for f in fans if f["y"] >= hole["y"] + hole["height"]]
    assert left and right and above and below
    assert _no_sideways_scroll(page)


def test_tri_peaks_stands_as_three_peaks_and_pyramid_as_a_pyramid(page: Page) -> None:  # noqa: F811
    start(page, "tri-peaks", 3)
    tips, second, open_row = ([_slot(page, f"t{n}") for n in names] for names in (range(1, 4), range(4, 10), range(19, 29)))
    assert len({round(t["y"]) for t in tips}) == 1 and len({round(t["y"]) for t in open_row}) == 1
    assert tips[0]["y"] < second[0]["y"] < open_row[0]["y"]
    step = open_row[1]["x"] - open_row[0]["x"]
    # Each tip stands over the middle of its own peak, with a gap between the peaks.
    for tip, middle in zip(tips, (1.5, 4.5, 7.5)):
        assert tip["x"] == pytest.approx(open_row[0]["x"] + middle * step, abs=1.5)
    gaps = [second[n + 1]["x"] - second[n]["x"] for n in range(5)]
    assert gaps[1] > 1.5 * gaps[0] and gaps[3] > 1.5 * gaps[2]
    start(page, "pyramid", 3)
    apex, bottom = _slot(page, "t1"), [_slot(page, f"t{n}") for n in range(22, 29)]
    assert apex["x"] == pytest.approx(bottom[3]["x"], abs=1.5) and apex["y"] < bottom[3]["y"]
    for row, first in enumerate((1, 2, 4, 7, 11, 16, 22)):  # each row one wider, centred under the last
        cells = [_slot(page, f"t{first + n}") for n in range(row + 1)]
        centre = (cells[0]["x"] + cells[-1]["x"]) / 2
        assert centre == pytest.approx(bottom[3]["x"], abs=1.5)


@pytest.fixture(params=PHONES, ids=lambda size: f"{size['width']}x{size['height']}")
def phone(browser: Browser, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context(viewport=request.param, has_touch=True, is_mobile=True, device_scale_factor=2)
    opened = context.new_page()
    opened.on("dialog", lambda dialog: dialog.accept())
    opened.goto(server)
    expect(opened.locator("#status")).to_contain_text("deal")
    yield opened
    context.close()


@pytest.mark.parametrize("game", ["klondike", "freecell", "spider", "la-belle-lucie", "pyramid"])
def test_a_phones_width_shows_every_pile_and_a_tap_moves_a_card(phone: Page, game: str) -> None:
    variant = get_variant(game)
    deal = variant.deal.deal_numbers.start + 3
    phone.select_option("#game-picker", game)
    _by_hand(phone)
    start(phone, game, deal)
    size = phone.viewport_size
    assert size is not None and _no_sideways_scroll(phone)
    for name in variant.pile_names:
        box = _slot(phone, name)
        assert 0 <= box["x"] and box["x"] + box["width"] <= size["width"], name
        assert 0 <= box["y"] and box["y"] + box["height"] <= size["height"], name
        assert box["width"] >= 28, name  # big enough to tap
    state = variant.start(deal)
    move = _tap_move(state)
    turned = 0
    while move is None:  # nothing to move yet: tap the stock
        phone.tap(_place(state, variant.piles_of(PileKind.STOCK)[0]))
        state = apply(state, next(m for m in legal_moves(state) if m.kind in (MoveKind.DEAL, MoveKind.REDEAL)))
        turned += 1
        expect(phone.locator("#status")).to_contain_text(f" {moves_said(turned)} ·")
        settle(phone)
        move = _tap_move(state)
    assert move.source is not None and move.target is not None
    if move.kind is MoveKind.PAIR:
        phone.tap(_place(state, move.source))
    else:
        phone.tap(_card(state, move.source, len(state.piles[move.source]) - move.count), position={"x": 6, "y": 4})
    phone.tap(_place(state, move.target))
    expect(phone.locator("#status")).to_contain_text(f" {moves_said(turned + 1)} ·")


PHONE_SHARES = 4
"""The games (and the games the options make) are looked at in this many shares, one
test each, so the test processes share them out."""


@pytest.mark.parametrize("share", range(PHONE_SHARES))
def test_every_game_fits_a_phones_width(browser: Browser, server: str, share: int) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True)
    opened = context.new_page()
    opened.on("dialog", lambda dialog: dialog.accept())
    opened.goto(server)
    expect(opened.locator("#status")).to_contain_text("deal")
    off = []
    for variant in [*variants(), *chosen_variants()][share::PHONE_SHARES]:
        # Dealt through the API, then opened as the player's game in progress: this test
        # is about the table's fit, one page load per game.
        deal = variant.deal.deal_numbers.start + 3
        made = context.request.post(f"{server}/api/games", data={"game": variant.id, "deal": deal})
        assert made.status == 201, made.text()
        opened.goto(server)
        expect(opened.locator("#status")).to_contain_text(f"{variant.name} · deal {deal} ·")
        settle(opened)
        edges = opened.evaluate(
            "() => [...document.querySelectorAll('#table .slot')].map((s) => s.getBoundingClientRect())"
            ".map((b) => [b.left, b.right, b.width])"
        )
        if not all(0 <= left and right <= 375 and width >= 24 for left, right, width in edges):
            off.append(variant.id)
    context.close()
    assert off == []


def _by_hand(page: Page) -> None:  # noqa: F811
    """Auto-build off, so the page counts the player's own moves only."""
    page.click("#show-settings")
    if page.locator("#setting-auto-build").is_visible():  # offered only where cards go home one by one
        page.uncheck("#setting-auto-build")
    page.click("#settings-done")


def test_la_belle_lucie_redeals_from_a_control_on_the_table(page: Page) -> None:  # noqa: F811
    page.select_option("#game-picker", "la-belle-lucie")
    _by_hand(page)
    start(page, "la-belle-lucie", 3)
    redeal = page.locator("#redeal")
    expect(redeal).to_be_visible()
    expect(redeal).to_have_text("Redeal (2 left)")
    expect(redeal).to_be_enabled()
    before = [page.locator(f'#table .card[data-pile="t{n}"]').last.get_attribute("data-card") for n in range(1, 19)]
    redeal.click()
    expect(page.locator("#status")).to_contain_text(" 1 move ·")
    settle(page)
    after = [page.locator(f'#table .card[data-pile="t{n}"]').last.get_attribute("data-card") for n in range(1, 19)]
    assert after != before  # gathered, shuffled and dealt again
    expect(redeal).to_have_text("Redeal (1 left)")
    redeal.click()
    expect(page.locator("#status")).to_contain_text(" 2 moves")
    expect(page.locator("#redeal")).to_have_text("Redeal (0 left)")
    expect(page.locator("#redeal")).to_be_disabled()
    page.click("#undo")
    expect(page.locator("#redeal")).to_have_text("Redeal (1 left)")


def _laid_out(page: Page, view: dict[str, object], width: int, room: int, tall: float = 1e9) -> dict[str, object]:  # noqa: F811
    """The page's own layout code run on ``view``: where each pile's cards lie, the table's
    width and height (``tall``), and a card's height."""
    result: dict[str, object] = page.evaluate(
        """async ([view, width, room, tall]) => {
          const { layout, cardSpot, cardHeight } = await import('/static/layout.js');
          const spots = layout(view, width, room, tall);
          const piles = {};
          for (const pile of view.piles) {
            piles[pile.name] = pile.cards.map((_, n) => cardSpot(pile, n, spots.place[pile.name], width));
          }
          return { piles, width: spots.width, tall: spots.height, card_height: cardHeight(width) };
        }""",
        [view, width, room, tall],
    )
    return result


def _pile(name: str, kind: str, cards: int) -> dict[str, object]:
    return {"name": name, "kind": kind, "cards": [{"card": "AS"}] * cards, "covered_by": []}


def test_a_long_row_of_the_castle_closes_up_within_its_wing(page: Page) -> None:  # noqa: F811
    # Beleaguered Castle's rows grow to 16 cards and more; on a phone a row that kept its
    # spacing ran off the screen, its playable card out of reach.
    start(page, "beleaguered-castle", 1)
    rows = [_pile(f"t{n}", "tableau", 18 if n in (2, 6) else 3) for n in range(1, 9)]
    view = {"layout": "wings", "piles": [*(_pile(f"f{n}", "foundation", 1) for n in range(1, 5)), *rows]}
    for width, room in ((40, 359), (96, 1900)):
        laid = _laid_out(page, view, width, room)
        xs = [spot["x"] for spots in laid["piles"].values() for spot in spots]  # type: ignore[union-attr]
        assert min(xs) >= 0 and max(xs) + width <= laid["width"], (width, min(xs), max(xs), laid["width"])
        short = laid["piles"]["t1"]  # type: ignore[index]
        assert abs(short[0]["x"] - short[1]["x"]) == pytest.approx(0.3 * width)  # short rows keep their spacing


def test_a_fanned_waste_keeps_its_room_before_the_next_pile(page: Page) -> None:  # noqa: F811
    # Canfield turns three: its waste spreads over the place after it, where the reserve lay.
    start(page, "canfield", 1)
    page.keyboard.press("d")
    expect(page.locator('#table .card[data-pile="waste"]')).to_have_count(3)
    settle(page)
    waste, reserve = _cards(page, "waste"), _cards(page, "r1")
    assert len(waste) >= 3 and reserve
    assert waste[-1]["x"] + waste[-1]["width"] <= reserve[0]["x"], (waste[-1], reserve[0])


def test_a_pyramid_place_leaves_no_outline_once_its_card_is_gone(page: Page) -> None:  # noqa: F811
    start(page, "pyramid", 1)  # deal 1 has a King free on the bottom row, at t26
    page.dblclick('#table .card[data-pile="t26"]')
    expect(page.locator('#table .card[data-pile="t26"]')).to_have_count(0)
    gone = page.locator('#table .slot[data-pile="t26"]')
    expect(gone).to_have_class("slot tableau gone")
    assert gone.evaluate("(s) => getComputedStyle(s).borderTopColor") == "rgba(0, 0, 0, 0)"


def test_in_a_row_fanned_sideways_only_the_top_card_wears_a_mark(page: Page) -> None:  # noqa: F811
    start(page, "beleaguered-castle", 1)
    variant = get_variant("beleaguered-castle")
    for i in variant.piles_of(PileKind.TABLEAU):
        name = variant.pile_names[i]
        marked = page.locator(f'#table .card.violation[data-pile="{name}"]')
        count = page.locator(f'#table .card[data-pile="{name}"]').count()
        assert all(marked.nth(k).get_attribute("data-position") == str(count - 1) for k in range(marked.count()))
    start(page, "freecell", 617)  # columns fanned down keep a mark on every card out of order
    assert page.locator("#table .card.violation").count() > 8
    # Each mark lies inside its own card's corner, not astride the edge it shares with the card above.
    mark = page.locator("#table .card.violation").first.evaluate(
        "(c) => { const s = getComputedStyle(c, '::before'); return [parseFloat(s.top), parseFloat(s.height)]; }")
    step = page.evaluate("""() => { const cards = [...document.querySelectorAll('#table .card[data-pile="t1"]')];
        return cards[1].getBoundingClientRect().top - cards[0].getBoundingClientRect().top; }""")
    assert mark[0] >= 0 and mark[0] + mark[1] <= step


def test_a_table_is_as_tall_as_its_deepest_column_face_down_cards_lying_closer(page: Page) -> None:  # noqa: F811
    # Counting face-down cards at a face-up card's spacing made Spider scroll for nothing
    # and pushed Clock's second row of piles off a 1080-pixel screen.
    start(page, "spider", 1)
    down = {"down": True}
    columns = [{"name": f"t{n}", "kind": "tableau", "cards": [down] * 5 + [{"card": "KS"}] * n, "covered_by": []}
               for n in range(1, 11)]
    view = {"layout": "columns", "draw": 1, "piles": [_pile("stock", "stock", 50), *columns]}
    laid = _laid_out(page, view, 80, 1200)
    bottom = max(spot["y"] for spots in laid["piles"].values() for spot in spots) + laid["card_height"]  # type: ignore[union-attr,operator]
    assert laid["tall"] == pytest.approx(bottom)


def test_a_long_column_closes_up_to_stay_above_the_window_s_edge(page: Page) -> None:  # noqa: F811
    # Yukon's columns grow past twenty cards: at a fixed spacing one ran below the footer.
    start(page, "yukon", 1)
    columns = [{"name": f"t{n}", "kind": "tableau", "cards": [{"card": "KS"}] * (24 if n == 3 else 4), "covered_by": []}
               for n in range(1, 8)]
    view = {"layout": "columns", "draw": 1, "piles": [*(_pile(f"f{n}", "foundation", 0) for n in range(1, 5)), *columns]}
    roomy, short = _laid_out(page, view, 96, 1900), _laid_out(page, view, 96, 1900, tall=1000)
    assert roomy["tall"] > 1000 >= short["tall"]  # type: ignore[operator]
    long, other = short["piles"]["t3"], short["piles"]["t1"]  # type: ignore[index]
    assert long[-1]["y"] + short["card_height"] <= 1000  # type: ignore[operator]
    assert other[1]["y"] - other[0]["y"] == roomy["piles"]["t1"][1]["y"] - roomy["piles"]["t1"][0]["y"]  # type: ignore[index]


def test_a_large_screen_gets_larger_cards_that_still_fit_its_height(browser: Browser, server: str) -> None:  # noqa: F811
    # Cards stopped at 96 px, leaving most of a large screen empty felt.
    for size, game in (({"width": 1920, "height": 1080}, "klondike"), ({"width": 1920, "height": 1080}, "spider"),
                       ({"width": 2560, "height": 1440}, "freecell")):
        context = browser.new_context(viewport=size)
        large = context.new_page()
        large.on("dialog", lambda dialog: dialog.accept())
        large.goto(server)
        start(large, game, 1)
        width = large.evaluate("() => document.querySelector('#table .card').getBoundingClientRect().width")
        assert width > 120, (game, width)
        assert large.evaluate("() => { const m = document.querySelector('main'); return m.scrollHeight <= m.clientHeight; }")
        context.close()


@pytest.mark.parametrize("game", ["bisley", "bakers-dozen"])
def test_thirteen_columns_stand_in_two_rows_on_a_phone(phone: Page, game: str) -> None:
    # In one row thirteen columns left cards 24-26 px wide on a phone, most of the screen empty.
    start(phone, game, 3)
    variant = get_variant(game)
    tableau = [variant.pile_names[i] for i in variant.piles_of(PileKind.TABLEAU)]
    first, second = tableau[:7], tableau[7:]
    assert all(_slot(phone, name)["width"] >= 40 for name in tableau)
    assert len({round(_slot(phone, name)["y"]) for name in first}) == 1
    assert len({round(_slot(phone, name)["y"]) for name in second}) == 1
    lowest = max(card["y"] + card["height"] for name in first for card in _cards(phone, name))
    assert all(_slot(phone, name)["y"] > lowest for name in second)  # clear of the first row's deepest card
    assert _no_sideways_scroll(phone)


def test_a_second_row_of_columns_moves_down_as_the_first_grows(page: Page) -> None:  # noqa: F811
    start(page, "bisley", 1)
    columns = [_pile(f"t{n}", "tableau", 12 if n == 2 else 4) for n in range(1, 14)]
    view = {"layout": "columns", "draw": 1, "piles": [*(_pile(f"f{n}", "foundation", 1) for n in range(1, 9)), *columns]}
    phone, wide = _laid_out(page, view, 44, 359, tall=650), _laid_out(page, view, 96, 1900)
    spots = phone["piles"]  # type: ignore[index]
    assert {spots[f"t{n}"][0]["y"] for n in range(1, 8)} == {spots["t1"][0]["y"]}  # type: ignore[index]
    assert spots["t8"][0]["y"] > spots["t2"][-1]["y"] + phone["card_height"]  # type: ignore[index,operator]
    assert spots["t8"][0]["y"] == spots["t13"][0]["y"] and phone["tall"] <= 650  # type: ignore[index,operator]
    assert len({spots_[0]["y"] for spots_ in wide["piles"].values()}) == 2  # type: ignore[union-attr]  # a wide screen: one row


@pytest.mark.parametrize(("game", "piles"), [("cruel", ["t1", "t2"]), ("la-belle-lucie", ["t1"]), ("beleaguered-castle", ["t1", "t5"])])
def test_a_card_covered_in_a_fan_across_still_shows_its_rank_and_suit(page: Page, game: str, piles: list[str]) -> None:  # noqa: F811
    # A fan of four showed a quarter of each card: the rank and only half of its suit.
    start(page, game, 2)
    for pile in piles:
        shown = page.evaluate(
            """(pile) => {
              const cards = [...document.querySelectorAll(`#table .card[data-pile="${pile}"]`)];
              return cards.slice(0, -1).map((card, n) => {
                const next = cards[n + 1].getBoundingClientRect();
                const [rank, suit] = card.querySelectorAll("svg > text");
                const left = next.left > card.getBoundingClientRect().left;  // covered from the right, or the left
                return [rank, suit].every((t) => {
                  const b = t.getBoundingClientRect();
                  return left ? b.right <= next.left + 0.5 : b.left >= next.right - 0.5;
                });
              });
            }""",
            pile,
        )
        assert shown and all(shown), (game, pile, shown)


@pytest.mark.parametrize("game", ["pyramid", "monte-carlo", "tri-peaks", "clock"])
def test_a_table_that_never_grows_fits_a_laptops_window_without_scrolling(browser: Browser, server: str, game: str) -> None:  # noqa: F811
    # At 1280x800 Pyramid's bottom row and Monte Carlo's fifth lay under the footer.
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    opened = context.new_page()
    opened.on("dialog", lambda dialog: dialog.accept())
    opened.goto(server)
    start(opened, game, 2)
    assert opened.evaluate("() => { const m = document.querySelector('main'); return m.scrollHeight <= m.clientHeight; }")
    width = opened.evaluate("() => document.querySelector('#table .slot').getBoundingClientRect().width")
    assert width >= 60, width  # smaller, yet far from the smallest
    context.close()


@pytest.mark.parametrize("game", ["montana", "accordion"])
def test_a_grid_splits_its_rows_over_two_lines_on_a_phone(phone: Page, game: str) -> None:
    # In rows of thirteen, Montana's and Accordion's cards were 24 px wide on a phone.
    start(phone, game, 3)
    _wait_for_cards_as_wide_as(phone, 35)  # the height bounds it
    slots = {n: _slot(phone, f"t{n}") for n in range(1, 53)}
    ys = [round(slots[n]["y"]) for n in range(1, 53)]
    for row in range(4):  # each row of thirteen: seven places, then six on the line below
        first, second = ys[13 * row : 13 * row + 7], ys[13 * row + 7 : 13 * row + 13]
        assert len(set(first)) == 1 and len(set(second)) == 1 and second[0] > first[0]
        assert [slots[13 * row + n + 1]["x"] for n in range(6)] == [slots[13 * row + n + 8]["x"] for n in range(6)]
    gap_in_row = ys[7] - ys[0]
    assert ys[13] - ys[7] > gap_in_row  # rows stand further apart than a row's two lines
    assert _no_sideways_scroll(phone)


def test_an_empty_column_that_takes_one_rank_shows_it_as_a_foundation_does(page: Page) -> None:  # noqa: F811
    marked = "(name) => getComputedStyle(document.querySelector(`#table .slot[data-pile='${name}']`), '::after').content"
    for game, pile, shown in (("yukon", "t1", '"K"'), ("scorpion", "t2", '"K"'), ("freecell", "t1", '""'), ("klondike", "f1", '"A"')):
        start(page, game, 1)
        assert page.evaluate(marked, pile) == shown, game


def test_the_clocks_piles_stand_at_their_hours_beside_their_foundations(page: Page) -> None:  # noqa: F811
    # They stood in two rows below a dial of empty foundations: no pile could be told by its hour.
    start(page, "clock", 1)
    for hour in range(1, 14):
        pile, home = _slot(page, f"t{hour}"), _slot(page, f"f{hour}")
        assert pile["y"] == pytest.approx(home["y"], abs=1) and pile["x"] < home["x"] < pile["x"] + 1.5 * pile["width"]
    tops = {hour: _slot(page, f"f{hour}")["y"] for hour in range(1, 13)}
    assert min(tops, key=tops.__getitem__) == 12 and max(tops, key=tops.__getitem__) == 6  # twelve at the top
    expect(page.locator('#table .count[data-pile="t1"]')).to_have_text("4")  # a squared pile says its cards


def test_on_a_phone_the_clocks_piles_lie_over_their_foundations_leaving_the_hour_in_sight(phone: Page) -> None:
    start(phone, "clock", 1)
    for hour in range(1, 14):
        pile, home = _slot(phone, f"t{hour}"), _slot(phone, f"f{hour}")
        assert pile["x"] == pytest.approx(home["x"], abs=1) and home["y"] + home["height"] / 2 < pile["y"] < home["y"] + home["height"]
    assert _no_sideways_scroll(phone)


def test_on_a_phone_grandfathers_clocks_columns_go_below_the_face_at_a_size_to_tap(phone: Page) -> None:
    """Beside the face, eight columns left a phone's cards at the smallest width, the
    marks over their corners and most of the screen empty."""
    start(phone, "grandfathers-clock", 1)
    face = [_slot(phone, f"f{hour}") for hour in range(1, 13)]
    columns = [_slot(phone, f"t{n}") for n in range(1, 9)]
    assert min(c["y"] for c in columns) > max(f["y"] + f["height"] for f in face) - 1
    assert min(c["width"] for c in columns) >= 36  # half again the smallest card (24), which they were
    assert _no_sideways_scroll(phone)


def test_calculations_foundations_say_the_rank_each_takes_next(page: Page) -> None:  # noqa: F811
    start(page, "calculation", 2)
    expect(page.locator('#table .wants[data-pile="f4"]')).to_have_text("next 8")
    expect(page.locator('#table .wants[data-pile="f1"]')).to_have_count(0)


LAPTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 780}


@pytest.fixture(params=(LAPTOP, PHONE), ids=lambda size: f"{size['width']}x{size['height']}")
def window(browser: Browser, server: str, request: pytest.FixtureRequest) -> Iterator[Page]:  # noqa: F811
    """A laptop's window or a phone's, opened on the page."""
    mobile = request.param["width"] < 600
    context = browser.new_context(viewport=request.param, has_touch=mobile, is_mobile=mobile, device_scale_factor=2 if mobile else 1)
    opened = context.new_page()
    opened.on("dialog", lambda dialog: dialog.accept())
    opened.goto(server)
    expect(opened.locator("#status")).to_contain_text("deal")
    yield opened
    context.close()


def _grown(page: Page, server: str, game: str, deal: int) -> tuple[str, int]:  # noqa: F811
    """Deal ``game`` and grow its longest tableau pile while a move makes it longer still
    (the move making it longest first); open it on the page. Returns that pile's name and
    length."""
    variant = get_variant(game)
    tableau = variant.piles_of(PileKind.TABLEAU)
    state, path = variant.start(deal), []
    while True:
        longest = max(len(state.piles[i]) for i in tableau)
        longer = [m for m in legal_moves(state) if m.kind is MoveKind.MOVE and m.target in tableau
                  and len(state.piles[m.target]) + m.count > longest]
        if not longer:
            break
        move = max(longer, key=lambda m: len(state.piles[m.target]) + m.count)
        state, path = apply(state, move), [*path, move]
    return _played(page, server, game, deal, path)


def _played(page: Page, server: str, game: str, deal: int, path: list[Move]) -> tuple[str, int]:  # noqa: F811
    """Deal ``game`` through the API, play ``path`` there, and open it on the page. Returns
    the name and length of its longest tableau pile."""
    variant = get_variant(game)
    tableau = variant.piles_of(PileKind.TABLEAU)
    names = variant.pile_names
    made = page.request.post(f"{server}/api/games", data={"game": game, "deal": deal, "options": {"auto_build": False}})
    assert made.status == 201, made.text()
    view, state = made.json(), variant.start(deal)
    for move in path:
        assert move.source is not None and move.target is not None
        answer = page.request.post(f"{server}/api/games/{view['id']}/actions", data={
            "action": "move", "version": view["version"], "pile": names[move.source],
            "position": len(state.piles[move.source]) - move.count, "target": names[move.target]})
        assert answer.ok and answer.json()["ok"], answer.text()
        view, state = answer.json()["view"], apply(state, move)
    page.goto(server)
    expect(page.locator("#status")).to_contain_text(f"{variant.name} · deal {deal} ·")
    settle(page)
    pile = max(tableau, key=lambda i: len(state.piles[i]))
    return names[pile], len(state.piles[pile])


def test_a_column_closed_up_as_far_as_it_goes_takes_smaller_cards_rather_than_scroll(window: Page, server: str) -> None:
    # Scorpion's columns pass thirty cards as runs are built: closed up as far as a card's
    # index allows, the longest ran below the footer and the page scrolled.
    name, length = _grown(window, server, "scorpion", 151)
    assert length >= 30
    main = window.evaluate("() => { const m = document.querySelector('main'); return [m.scrollHeight, m.clientHeight]; }")
    assert main[0] <= main[1], main
    cards = _cards(window, name)
    face_up = [i for i in range(len(cards)) if window.locator(f'#table .card[data-pile="{name}"]').nth(i).get_attribute("data-card")]
    steps = [cards[i + 1]["y"] - cards[i]["y"] for i in face_up[:-1]]
    assert min(steps) >= 0.2 * cards[0]["height"]  # each covered card's index still shows whole
    assert cards[0]["width"] >= 40  # and the cards are still easy to read and tap


def test_a_foundation_stays_marked_as_one_with_a_card_on_it(window: Page) -> None:
    # Penguin's foundations start with cards on them, and on a phone they stand in the rows
    # of free cells: a card at home looked like a card in a cell.
    start(window, "penguin", 1)
    rings = window.evaluate(
        """() => [...document.querySelectorAll('#table .slot')].map((slot) => {
          const s = getComputedStyle(slot);
          const around = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 1 && parseFloat(s.outlineOffset) >= 0;
          return [slot.dataset.pile, slot.classList.contains("foundation"), around];
        })"""
    )
    assert [pile for pile, foundation, around in rings if foundation] == ["f1", "f2", "f3", "f4"]
    assert all(around == foundation for _, foundation, around in rings), rings  # round each foundation's place, a card on it or not


def _dealt(page: Page, server: str, game: str, deal: int) -> None:  # noqa: F811
    """Deal ``game`` through the API and open it on the page."""
    made = page.request.post(f"{server}/api/games", data={"game": game, "deal": deal})
    assert made.status == 201, made.text()
    page.goto(server)
    expect(page.locator("#status")).to_contain_text(f"{get_variant(game).name} · deal {deal} ·")
    settle(page)


@pytest.mark.parametrize("game", ["la-belle-lucie", "crescent"])
def test_every_card_of_a_long_fan_across_shows_its_rank_and_suit(window: Page, server: str, game: str) -> None:
    # Crescent deals fans of six, and La Belle Lucie's grow as cards build on them: closed
    # up within a fixed room, a covered card showed a sliver, its index cut off by the next.
    if game == "crescent":
        _dealt(window, server, game, 1)
    else:
        assert _grown(window, server, game, 84)[1] >= 7
    variant = get_variant(game)
    hidden = window.evaluate(
        """(piles) => piles.flatMap((pile) => {
          const cards = [...document.querySelectorAll(`#table .card[data-pile="${pile}"]`)];
          return cards.slice(0, -1).filter((card, n) => {
            const next = cards[n + 1].getBoundingClientRect();
            return [...card.querySelectorAll("svg > text")].slice(0, 2).some((t) => t.getBoundingClientRect().right > next.left + 0.5);
          }).map((card) => `${pile}:${card.dataset.card}`);
        })""",
        [variant.pile_names[i] for i in variant.piles_of(PileKind.TABLEAU)],
    )
    assert hidden == [], hidden
    assert _no_sideways_scroll(window)
    assert window.evaluate("() => { const m = document.querySelector('main'); return m.scrollHeight <= m.clientHeight; }")
    width = window.evaluate("() => document.querySelector('#table .card').getBoundingClientRect().width")
    assert width >= 36, width  # readable, and large enough to tap


@pytest.mark.parametrize("game", ["penguin", "freecell"])
def test_a_hints_places_stay_lit_while_the_player_carries_it_out(window: Page, game: str) -> None:
    # A hint names its places in words ("column 1 to free cell 1") that the table does not
    # label; it lit them, but picking up the card (or turning the phone) put the lights out,
    # leaving only the words to find the place by.
    start(window, game, 2)
    with window.expect_response("**/actions") as answer:
        window.click("#hint")
    hint = answer.value.json()["hint"]
    assert hint["source"] and hint["target"], hint
    lit = "(pile) => document.querySelectorAll(`#table .hinted[data-pile='${pile}']`).length"
    assert window.evaluate(lit, hint["source"]) == hint.get("count", 1) and window.evaluate(lit, hint["target"]) == 1
    window.locator(f'#table .card.hinted[data-pile="{hint["source"]}"]').first.click(position={"x": 6, "y": 4})
    expect(window.locator(f'#table .card.selected[data-pile="{hint["source"]}"]')).not_to_have_count(0)
    assert window.evaluate(lit, hint["target"]) == 1  # where it goes, still lit
    size = window.viewport_size
    assert size is not None
    window.set_viewport_size({"width": size["width"] - 30, "height": size["height"]})  # the table is drawn again
    expect(window.locator(f'#table .hinted[data-pile="{hint["target"]}"]')).to_have_count(1)
    window.locator(f'#table .card[data-pile="{hint["target"]}"], #table .slot[data-pile="{hint["target"]}"]').last.click()
    expect(window.locator("#status")).not_to_contain_text(" 0 moves ·")  # (with the cards it sent home)
    expect(window.locator("#table .hinted")).to_have_count(0)  # the move made, the hint is done with


def _lengthened(page: Page, server: str, game: str, deal: int, goal: int) -> tuple[str, int]:  # noqa: F811
    """Deal ``game`` through the API and play the fewest moves found (best first, longest
    tableau pile first) that make one tableau pile ``goal`` cards long; open it on the page.
    Returns that pile's name and length."""
    variant = get_variant(game)
    tableau = variant.piles_of(PileKind.TABLEAU)
    longest = lambda state: max(len(state.piles[i]) for i in tableau)  # noqa: E731
    start_state = variant.start(deal)
    order = itertools.count()
    heap: list[tuple[int, int, int, State, list[Move]]] = [(-longest(start_state), 0, next(order), start_state, [])]
    seen: set[str] = set()
    while True:
        assert heap, (game, deal, goal)
        _, depth, _, state, path = heapq.heappop(heap)
        key = repr(state.piles)
        if key in seen:
            continue
        seen.add(key)
        if longest(state) >= goal:
            break
        for move in legal_moves(state):
            if move.kind is MoveKind.MOVE and move.target in tableau:
                after = apply(state, move)
                heapq.heappush(heap, (-longest(after), depth + 1, next(order), after, [*path, move]))
    return _played(page, server, game, deal, path)


def test_every_card_of_a_long_row_of_the_castle_shows_its_rank_and_suit(window: Page, server: str) -> None:
    # Beleaguered Castle's rows pass fourteen cards as they are built down: closed up within
    # the wing's fixed room, a covered card's index was cut off by the card on it.
    name, length = _lengthened(window, server, "beleaguered-castle", 7, 17)
    assert length >= 17
    hidden = window.evaluate(
        """(pile) => {
          const cards = [...document.querySelectorAll(`#table .card[data-pile="${pile}"]`)];
          return cards.slice(0, -1).filter((card, n) => {
            if (!card.dataset.card) return false;
            const next = cards[n + 1].getBoundingClientRect();
            const left = next.left > card.getBoundingClientRect().left;  // covered from the right, or the left
            return [...card.querySelectorAll("svg > text")].slice(0, 2).some((t) => {
              const b = t.getBoundingClientRect();
              return left ? b.right > next.left + 0.5 : b.left < next.right - 0.5;
            });
          }).map((card) => card.dataset.card);
        }""",
        name,
    )
    assert hidden == [], (name, length, hidden)
    assert _cards(window, name)[0]["width"] >= 24  # smaller cards, still large enough to tap
    assert _no_sideways_scroll(window)
    assert window.evaluate("() => { const m = document.querySelector('main'); return m.scrollHeight <= m.clientHeight; }")


def test_on_a_phone_a_long_dialog_opens_at_its_title(browser: Browser, server: str) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 360, "height": 420}, has_touch=True, is_mobile=True)  # held sideways
    phone = context.new_page()
    phone.goto(server)
    expect(phone.locator("#status")).to_contain_text("deal")
    start(phone, "spider", 1)
    phone.click("#show-rules")
    dialog = phone.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    assert dialog.evaluate("d => d.scrollHeight > d.clientHeight")  # longer than the screen: it scrolls
    assert dialog.evaluate("d => d.scrollTop") == 0  # its title in sight, not scrolled down to Close
    expect(phone.locator("#rules-title")).to_be_in_viewport()
    context.close()
