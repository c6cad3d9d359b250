"""The page's draw one / draw three choice, offered from the catalogue's traits (no game
ids in the page): it switches between the games of a family that differ only in it."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from tests.ui.web.test_browser import browser, page, server, start  # noqa: F401  (fixtures)


def test_the_draw_choice_switches_within_the_family_and_hides_elsewhere(page: Page) -> None:  # noqa: F811
    page.select_option("#game-picker", "klondike")
    page.click("#show-settings")
    expect(page.locator("#draw-choice")).not_to_have_attribute("hidden", "")
    expect(page.locator("#setting-draw")).to_have_value("1")
    page.select_option("#setting-draw", "3")
    expect(page.locator("#game-picker")).to_have_value("klondike-draw3")
    page.select_option("#setting-draw", "1")
    expect(page.locator("#game-picker")).to_have_value("klondike")
    page.keyboard.press("Escape")
    page.select_option("#game-picker", "klondike-vegas")
    page.click("#show-settings")
    expect(page.locator('#game-options select[name="passes"]')).to_have_value("1")
    page.select_option('#game-options select[name="columns"]', "8")  # a choice of the player's: kept
    page.select_option("#setting-draw", "3")
    expect(page.locator("#game-picker")).to_have_value("klondike-draw3-vegas")
    expect(page.locator('#game-options select[name="passes"]')).to_have_value("3")  # the game now picked: what is dealt
    expect(page.locator('#game-options select[name="columns"]')).to_have_value("8")
    page.click("#settings-done")
    page.fill("#deal-number", "2")
    page.click("#new-game")
    expect(page.locator("#status")).to_contain_text("deal 2 ·")
    page.click("#show-rules")
    expect(page.locator("#rules-title")).to_have_text("Klondike (draw 3, three passes, 8 columns)")
    page.keyboard.press("Escape")
    page.select_option("#game-picker", "freecell")
    page.click("#show-settings")
    expect(page.locator("#draw-choice")).to_have_attribute("hidden", "")


def test_triangle_and_wings_layouts_lay_out_every_pile(page: Page) -> None:  # noqa: F811
    for game in ("pyramid", "besieged-fortress"):
        start(page, game, 3)  # by name too: "deal 3" alone matches the game before; then settled
        boxes = [page.locator(f'#table .card[data-pile="{name}"]').first.bounding_box() for name in ("t1", "t2")]
        assert all(boxes) and boxes[0] != boxes[1]


def test_a_player_option_deals_the_game_it_names_and_the_rules_say_so(page: Page) -> None:  # noqa: F811
    page.select_option("#game-picker", "freecell")
    page.click("#show-settings")
    page.select_option('#game-options select[name="cells"]', "6")
    page.click("#settings-done")
    page.fill("#deal-number", "3")
    page.click("#new-game")
    expect(page.locator("#status")).to_contain_text("deal 3 ·")
    expect(page.locator('#table [data-pile="c6"]').first).to_be_attached()
    expect(page.locator("#game-picker")).to_have_value("freecell")
    page.click("#show-rules")
    expect(page.locator("#rules-title")).to_have_text("FreeCell (6 free cells)")
    expect(page.locator("#rules-list li").first).to_have_text("52 cards (one deck).")
    page.keyboard.press("Escape")
    page.click("#show-settings")  # the settings show the game's options; back to the game as declared
    expect(page.locator('#game-options select[name="cells"]')).to_have_value("6")
    page.select_option('#game-options select[name="cells"]', "4")
    page.click("#settings-done")
    page.fill("#deal-number", "3")
    page.click("#new-game")
    expect(page.locator('#table [data-pile="c5"]')).to_have_count(0)


def test_columns_and_wrapping_ranks_are_chosen_in_the_settings(page: Page) -> None:  # noqa: F811
    page.select_option("#game-picker", "klondike")
    page.click("#show-settings")
    wrap = page.locator('#game-options select[name="wrap"]')
    expect(wrap.locator("option")).to_have_text(["no", "yes"])
    page.select_option('#game-options select[name="columns"]', "9")
    page.select_option('#game-options select[name="wrap"]', "1")
    page.click("#settings-done")
    page.fill("#deal-number", "4")
    page.click("#new-game")
    expect(page.locator("#status")).to_contain_text("deal 4 ·")
    expect(page.locator('#table [data-pile="t9"]').first).to_be_attached()
    page.click("#show-rules")
    expect(page.locator("#rules-title")).to_have_text("Klondike (9 columns, ranks that wrap from King to Ace)")
    expect(page.locator("#rules-list")).to_contain_text("build down by one (a King on an Ace) in alternating colours")
    page.keyboard.press("Escape")
    page.click("#show-settings")  # the game's id words its options (wrap=yes): the settings still show them
    expect(page.locator('#game-options select[name="wrap"]')).to_have_value("1")
    expect(page.locator('#game-options select[name="columns"]')).to_have_value("9")


def test_a_game_is_chosen_only_once_the_page_has_opened_the_last_one(page: Page) -> None:  # noqa: F811
    """While the page still opens the player's last game, choosing another is not
    offered (the opening would overwrite the choice); once it is, the choice is dealt."""
    start(page, "yukon", 5)  # the player's last game
    held: list[Route] = []
    page.route("**/api/games/latest", lambda route: held.append(route))
    page.reload()
    expect(page.locator("#game-picker")).to_be_disabled()
    expect(page.locator("#new-game")).to_be_disabled()
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    page.unroute("**/api/games/latest")  # a new deal asks it again (is a game in play?): answered now
    expect(page.locator("#status")).to_contain_text("Yukon · deal 5 ·")
    page.select_option("#game-picker", "golf")
    page.fill("#deal-number", "6")
    page.click("#new-game")
    expect(page.locator("#status")).to_contain_text("Golf · deal 6 ·")
