"""Thunderjack in Chromium, like a player: bet, deal, play the offered actions, reload,
and see a Thunderjack land. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from cardtable.app import Store
from cardtable.app.blackjack import BlackjackTable
from cardtable.thunderjack import Finish, Table, preset
from cardtable.ui.web.players import COOKIE, verify
from cardtable.ui.web.server import create_app
from tests.ui.web.serving import serving
from tests.ui.web.test_browser import browser, snap  # noqa: F401  (browser is a fixture)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, FastAPI]]:
    app = create_app(Store(tmp_path_factory.mktemp("tj") / "tj.db"))
    for address in serving(app):
        yield address, app


@pytest.fixture
def page(browser: Browser, served: tuple[str, FastAPI]) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    opened = context.new_page()
    opened.goto(served[0] + "/api/thunderjack/stats")  # the server gives this browser its player cookie
    yield opened
    context.close()


def settled_snap(page: Page, name: str) -> None:
    """A screenshot once the deal animations are over."""
    page.wait_for_timeout(1500)
    snap(page, name)


def player_of(page: Page, app: FastAPI) -> str:
    cookie = next(c["value"] for c in page.context.cookies() if c["name"] == COOKIE)
    player = verify(cookie, app.state.secret)
    assert player is not None
    return player


def test_bet_deal_play_only_offered_actions_and_reload(page: Page, served: tuple[str, FastAPI]) -> None:
    url, app = served
    rules = preset("thunderjack")
    seed = next(n for n in range(100) if Table.opened(rules, n).press(50).deal().hands[0].finish is None)  # a hand to play
    assert BlackjackTable(app.state.live.store, player_of(page, app), seed=seed).clear().ok  # saves the table, bets none
    page.goto(url + "/thunderjack")
    expect(page.locator("#credits")).to_have_text("Credits 500")
    title, home = page.locator("#toolbar strong").bounding_box(), page.locator("#toolbar a.home").bounding_box()
    assert title and home and home["x"] < 20 and title["x"] < home["x"] + home["width"] + 20  # the bar reads from the left
    expect(page.locator("#deal")).to_be_hidden()
    page.click("#chips button[data-chip='50']")
    expect(page.locator(".seat[data-seat='middle'] button.toggle")).to_contain_text("50")
    page.click("#deal")
    expect(page.locator("#dealer .card")).to_have_count(2)
    chip = page.locator("#chips button[data-chip='50']")
    expect(chip).to_be_disabled()
    assert "grayscale" in chip.evaluate("(b) => getComputedStyle(b).filter")  # and looks it, not only refuses
    settled_snap(page, "thunderjack-dealt")
    table = BlackjackTable(app.state.live.store, player_of(page, app))
    assert table.round is not None
    while table.in_play:
        offered = page.locator("#actions button").evaluate_all("(bs) => bs.map((b) => b.dataset.action)")
        assert sorted(offered) == sorted(table.view()["actions"])
        hole = table.round.dealer[1].code
        shown = page.locator("#dealer .card").evaluate_all("(cs) => cs.map((c) => c.dataset.card ?? null)")
        assert shown == [table.round.dealer[0].code, None]  # the hole card is a bare back
        version = table.version
        page.click("#actions button[data-action='stand']")
        deadline = time.time() + 10
        while table.version == version and time.time() < deadline:
            table = BlackjackTable(app.state.live.store, player_of(page, app))
        expect(page.locator("#actions button")).to_have_count(len(table.view()["actions"]))
        assert table.round is not None and hole == table.round.dealer[1].code
    expect(page.locator("#actions button")).to_have_count(0)
    credits = f"Credits {table.view()['credits']}"
    expect(page.locator("#credits")).to_have_text(credits)
    expect(page.locator(f"#dealer .card[data-card='{table.round.dealer[1].code}']")).not_to_have_count(0)
    lost = sum(h.paid is not None and h.paid < h.bet for h in table.round.hands)
    expect(page.locator(".hand .paid.lost")).to_have_count(lost)  # a loss is not shown in a win's colour
    page.reload()
    expect(page.locator("#credits")).to_have_text(credits)
    expect(page.locator("#dealer .card")).to_have_count(len(table.round.dealer))
    settled_snap(page, "thunderjack-settled")
    page.click("#show-stats")
    last = page.locator("#stats-history li")
    expect(last).to_have_count(1)  # the round just played, its dealer's cards as a player writes them
    dealer = " ".join(("10" if c.code[0] == "T" else c.code[0]) + "♣♦♥♠"["CDHS".index(c.code[1])] for c in table.round.dealer)
    expect(last).to_contain_text(f"dealer {dealer}")
    first = table.round.hands[0]
    assert first.paid is not None
    paid = first.paid - first.bet
    said = f"won {paid}" if paid > 0 else f"lost {-paid}" if paid < 0 else "pushed"
    expect(last).to_contain_text(f"bet {first.bet}, {said})")  # which hand made the net
    expect(last).to_contain_text(f"{table.round.net:+}" if table.round.net else "· 0")
    snap(page, "thunderjack-stats")


def _thunderjack_seed() -> int:
    rules = preset("thunderjack")
    for seed in range(10_000):
        game = Table.opened(rules, seed).press(10).deal()
        if game.hands[0].finish is Finish.THUNDERJACK:
            return seed
    raise AssertionError("no seed deals a Thunderjack")


def test_a_thunderjack_lands_with_a_flash_and_pays_three_to_one(page: Page, served: tuple[str, FastAPI]) -> None:
    url, app = served
    table = BlackjackTable(app.state.live.store, player_of(page, app), seed=_thunderjack_seed())
    assert table.chip(10).ok
    page.goto(url + "/thunderjack")
    page.click("#deal")
    expect(page.locator("#flash")).to_be_visible()
    expect(page.locator(".hand .paid")).to_have_text("+30")
    expect(page.locator("#message")).to_contain_text("Thunderjack! You win 30.")
    expect(page.locator("#credits")).to_have_text("Credits 530")
    page.wait_for_timeout(300)
    snap(page, "thunderjack-flash")
    page.reload()  # the round already over: it is shown, not celebrated again
    expect(page.locator(".hand .paid")).to_have_text("+30")
    expect(page.locator("#flash")).to_be_hidden()


def test_the_browsers_shortcuts_never_play_a_hand(page: Page, served: tuple[str, FastAPI]) -> None:
    url, app = served
    rules = preset("thunderjack")
    seed = next(n for n in range(100) if Table.opened(rules, n).press(10).deal().hands[0].finish is None)  # a hand to play
    assert BlackjackTable(app.state.live.store, player_of(page, app), seed=seed).chip(10).ok  # a chip saves the table
    page.goto(url + "/thunderjack")
    page.click("#deal")
    expect(page.locator("#actions button[data-action='stand']")).to_have_count(1)
    table = BlackjackTable(app.state.live.store, player_of(page, app))
    assert table.in_play
    version = table.version
    for shortcut in ("Control+d", "Control+s", "Alt+h", "Meta+r"):
        page.keyboard.press(shortcut)
    page.wait_for_timeout(500)
    assert BlackjackTable(app.state.live.store, player_of(page, app)).version == version  # nothing was played
    page.keyboard.press("s")  # the plain key plays
    deadline = time.time() + 10
    while BlackjackTable(app.state.live.store, player_of(page, app)).version == version and time.time() < deadline:
        time.sleep(0.05)
    assert BlackjackTable(app.state.live.store, player_of(page, app)).version > version


def _hit_passes_the_turn() -> int:
    """A seed where, with 10 on the right and middle hands, a hit busts the first hand up
    and the turn passes to the other, which may hit too."""
    for seed in range(500):
        table = BlackjackTable(Store(":memory:"), "probe", seed=seed)
        table.toggle("right")
        table.chip(10)
        table.deal()
        if not (table.in_play and "hit" in table.view()["actions"]):
            continue
        table.play("hit")
        assert table.round is not None
        if table.in_play and "hit" in table.view()["actions"] and table.round.hands[0].finish is not None:
            return seed
    raise AssertionError("no seed of 500 has a hit that passes the turn")


def _cards_held(table: BlackjackTable) -> int:
    assert table.round is not None
    return sum(len(hand.cards) for hand in table.round.hands)


def test_a_quick_second_key_press_never_plays_a_hand_the_player_has_not_seen(page: Page, served: tuple[str, FastAPI]) -> None:
    url, app = served
    table = BlackjackTable(app.state.live.store, player_of(page, app), seed=_hit_passes_the_turn())
    assert table.toggle("right").ok and table.chip(10).ok
    page.goto(url + "/thunderjack")
    expect(page.locator("#deal")).to_be_visible()  # the table has arrived
    page.keyboard.press(" ")
    expect(page.locator("#actions button[data-action='hit']")).to_have_count(1)
    dealt = BlackjackTable(app.state.live.store, player_of(page, app))
    held, version = _cards_held(dealt), dealt.version
    page.keyboard.press("h")
    page.keyboard.press("h")  # as the turn passes, or before the first hit's answer: meant for the first hand
    deadline = time.time() + 10
    while BlackjackTable(app.state.live.store, player_of(page, app)).version == version and time.time() < deadline:
        time.sleep(0.05)
    page.wait_for_timeout(700)
    after = BlackjackTable(app.state.live.store, player_of(page, app))
    assert after.version == version + 1 and _cards_held(after) == held + 1


def test_nothing_to_press_until_the_table_arrives(page: Page, served: tuple[str, FastAPI]) -> None:
    page.route("**/api/thunderjack", lambda route: route.abort())
    page.goto(served[0] + "/thunderjack")
    expect(page.locator("#message")).to_contain_text("could not be reached")
    expect(page.locator("#deal")).to_be_hidden()
    expect(page.locator("#chips button")).to_have_count(0)
    page.unroute("**/api/thunderjack")
    page.reload()
    page.click("#chips button[data-chip='10']")
    page.click("#deal")
    expect(page.locator("#dealer .card")).to_have_count(2)
    expect(page.locator("#message")).not_to_contain_text("could not be reached")


def test_the_table_fits_a_phone(browser: Browser, served: tuple[str, FastAPI]) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 780})
    page = context.new_page()
    page.goto(served[0] + "/thunderjack")
    page.click("#chips button[data-chip='10']")
    page.click("#deal")
    expect(page.locator("#dealer .card")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(page.locator("#rules-line")).to_be_hidden()  # three lines of a phone's screen: the Rules button has them
    settled_snap(page, "thunderjack-phone")
    page.click("#show-rules")
    expect(page.locator("#rules-dialog")).to_contain_text("pays 3:1 at once")
    expect(page.locator("#rules-description")).to_contain_text("Thunderjack 3:1, Blitz 6 cards 5:1")
    context.close()


def test_the_rules_dialog_gives_the_tables_own_rules(page: Page, served: tuple[str, FastAPI]) -> None:
    """A table playing another rule set shows that set's rules, not Thunderjack's."""
    url, app = served
    assert BlackjackTable(app.state.live.store, player_of(page, app)).change_rules("six-deck-h17").ok  # saved
    held: list[Route] = []
    page.route("**/api/thunderjack", lambda route: held.append(route))
    page.goto(url + "/thunderjack")
    page.click("#show-rules")  # before the table has loaded: the dialog opens once it has
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Blackjack: six-deck-h17 rules")
    expect(dialog).to_contain_text("on a soft 17")
    expect(dialog).to_contain_text("6 decks, shuffled before every round")
    expect(dialog).not_to_contain_text("Thunderjack")
    expect(dialog).not_to_contain_text("Blitz")
    expect(page.locator("#table-name")).to_have_text("Blackjack: six-deck-h17 rules")  # the header too, and the tab
    expect(page).to_have_title("Blackjack: six-deck-h17 rules · cardtable")


def test_the_statistics_are_the_tables_rule_sets_and_name_the_others_counted_apart(
    page: Page, served: tuple[str, FastAPI]
) -> None:
    url, app = served
    page.goto(url + "/api/thunderjack/stats")
    player = player_of(page, app)
    for rules, rounds in (("thunderjack", 2), ("six-deck-h17", 1)):
        table = BlackjackTable(app.state.live.store, player, rules=rules)
        for _ in range(rounds):
            assert table.chip(10).ok and table.deal().ok
            while table.view()["actions"]:
                assert table.play("stand").ok
    page.goto(url + "/thunderjack")
    page.click("#show-stats")
    expect(page.locator("#stats-title")).to_have_text("Statistics: Blackjack: six-deck-h17 rules")
    expect(page.locator("#stats-history li")).to_have_count(1)  # this rule set's round alone
    expect(page.locator("#stats-table")).to_contain_text("Rounds1")
    expect(page.locator("#stats-other-rules")).to_have_text(
        "Counted apart: thunderjack rules, 2 rounds (change to them to see theirs)."
    )


def test_out_of_credits_the_page_says_how_to_play_on_and_a_fresh_stake_does(page: Page, served: tuple[str, FastAPI]) -> None:
    url, app = served
    rules = preset("thunderjack")
    # A deal that takes every credit at once (the dealer's blackjack against a bet of all 500).
    seed = next(n for n in range(3000) if (dealt := Table.opened(rules, n).press(250).press(250).deal()).is_over
                and dealt.credits == 0)
    assert BlackjackTable(app.state.live.store, player_of(page, app), seed=seed).clear().ok
    page.goto(url + "/thunderjack")
    expect(page.locator("#credits")).to_have_text("Credits 500")
    expect(page.locator("#clear")).to_be_hidden()  # nothing bet, nothing to clear
    page.click("#chips button[data-chip='250']")
    page.click("#chips button[data-chip='250']")
    expect(page.locator("#clear")).to_be_visible()
    page.click("#deal")
    expect(page.locator("#credits")).to_have_text("Credits 0")
    broke = "You are out of credits: a fresh stake starts you again."
    expect(page.locator("#message")).to_contain_text(broke)  # after the round's own words
    expect(page.locator("#clear")).to_be_hidden()
    expect(page.locator("#chips button[data-chip='10']")).to_be_disabled()
    page.reload()
    expect(page.locator("#message")).to_have_text(broke)  # said again on coming back
    page.keyboard.press("f")  # the terminal's key for a fresh stake
    expect(page.locator("#credits")).to_have_text("Credits 500")
    expect(page.locator("#message")).not_to_contain_text("out of credits")
    expect(page.locator("#chips button[data-chip='10']")).to_be_enabled()


def test_a_chip_the_credits_cannot_cover_is_grey_and_a_bet_refused_is_said_as_a_sentence(
    page: Page, served: tuple[str, FastAPI]
) -> None:
    url, app = served
    assert BlackjackTable(app.state.live.store, player_of(page, app), seed=1).clear().ok  # 500 credits, no bet
    page.goto(url + "/thunderjack")
    expect(page.locator("#credits")).to_have_text("Credits 500")
    expect(page.locator("#chips button[data-chip='1000']")).to_be_disabled()
    expect(page.locator("#chips button[data-chip='250']")).to_be_enabled()
    page.click("[data-seat='left'] .toggle")
    page.click("#chips button[data-chip='250']")  # on two hands: 500 of the 500
    expect(page.locator("#chips button[data-chip='10']")).to_be_disabled()
    page.click("#clear")
    expect(page.locator("#chips button[data-chip='250']")).to_be_enabled()
    # Pressed twice before the table comes back, the second chip is refused, in a sentence.
    # The first chip's answer is held until both presses are in: a quick server would
    # otherwise grey the chip between the two, and the second press would never be sent.
    held: list[Route] = []
    page.route("**/api/thunderjack/actions", lambda route: route.continue_() if held else held.append(route))
    page.locator("#chips button[data-chip='250']").dblclick()
    for _ in range(100):  # (a busy machine may take a while to send it)
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1  # the first chip, on its way; the second waits behind it
    held[0].continue_()
    expect(page.locator("#message")).to_have_text(re.compile(r"^That needs 1000 credits and you have 500"))


def test_the_statistics_close_button_stays_on_a_short_screen(browser: Browser, served: tuple[str, FastAPI]) -> None:  # noqa: F811
    url, app = served
    context = browser.new_context(viewport={"width": 1280, "height": 600})
    page = context.new_page()
    page.goto(url + "/api/thunderjack/stats")
    player = player_of(page, app)
    for round_number in range(12):  # enough rounds for the list of the last ones to run long
        table = BlackjackTable(app.state.live.store, player, seed=round_number)
        assert table.chip(10).ok and table.deal().ok
        while BlackjackTable(app.state.live.store, player).view()["actions"]:
            assert BlackjackTable(app.state.live.store, player).play("stand").ok
    page.goto(url + "/thunderjack")
    page.click("#show-stats")
    expect(page.locator("#stats-history li")).to_have_count(10)
    close = page.locator("#stats-dialog form button").bounding_box()
    assert close is not None and close["y"] + close["height"] <= 600, close  # whole, without scrolling the dialog
    page.click("#stats-dialog form button")
    expect(page.locator("#stats-dialog")).to_be_hidden()
    context.close()


def test_an_empty_table_says_how_to_begin_and_a_deal_without_a_bet_says_it_again(page: Page, served: tuple[str, FastAPI]) -> None:
    page.goto(served[0] + "/thunderjack")  # a new player: no bet, no round
    expect(page.locator("#message")).to_have_text("Pick the hands to play (a click picks or unpicks one), press a chip to bet it on each hand picked, then Deal (space).")
    page.click("#chips button[data-chip='10']")
    expect(page.locator("#message")).not_to_contain_text("Pick the hands")
    page.click("#clear")
    page.locator("body").press(" ")  # nothing bet: the deal is refused in words, not in silence
    expect(page.locator("#message")).to_have_text("Pick the hands to play (a click picks or unpicks one), press a chip to bet it on each hand picked, then Deal (space).")
    page.click("#chips button[data-chip='10']")
    page.locator("body").press(" ")
    expect(page.locator("#dealer .card")).to_have_count(2)


def _three_hands_on_a_phone(browser: Browser, served: tuple[str, FastAPI]) -> tuple[BrowserContext, Page, BlackjackTable]:  # noqa: F811
    """A phone's page, and its player's table with all three hands of seed 3 dealt."""
    url, app = served
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(url + "/api/thunderjack/stats")  # (the player's cookie)
    table = BlackjackTable(app.state.live.store, player_of(page, app), seed=3)
    assert table.toggle("left").ok and table.toggle("right").ok and table.chip(10).ok and table.deal().ok
    return context, page, table


def test_on_a_phone_the_three_hands_sit_side_by_side_in_the_order_they_are_named(browser: Browser, served: tuple[str, FastAPI]) -> None:  # noqa: F811
    """Wrapped, the right hand fell under the other two (left and middle side by side)."""
    context, page, _ = _three_hands_on_a_phone(browser, served)
    page.goto(served[0] + "/thunderjack")
    expect(page.locator(".seat .card")).to_have_count(6)
    boxes = {}
    for name in ("left", "middle", "right"):
        box = page.locator(f".seat[data-seat='{name}']").bounding_box()
        assert box is not None
        boxes[name] = box
        for card in page.locator(f".seat[data-seat='{name}'] .card").all():
            inside = card.bounding_box()
            assert inside is not None and box["x"] <= inside["x"] and inside["x"] + inside["width"] <= box["x"] + box["width"]
    left, middle, right = boxes["left"], boxes["middle"], boxes["right"]
    assert left["y"] == middle["y"] == right["y"]  # one row
    assert 0 <= left["x"] < middle["x"] < right["x"] and right["x"] + right["width"] <= 390  # in order, all in sight
    context.close()


def test_on_a_phone_long_hands_stay_in_their_seats_and_every_card_shows_its_rank_and_suit(
    browser: Browser, served: tuple[str, FastAPI]  # noqa: F811
) -> None:
    # Hands of five and six cards ran out of their seats, and the strip of each covered
    # card showed its rank and a sliver of its suit: the suit makes a Thunderjack.
    context, page, table = _three_hands_on_a_phone(browser, served)
    while table.in_play:  # every hand hit while it may be: seed 3 ends with hands of 5, 5 and 6 cards
        assert table.play("hit" if "hit" in table.view()["actions"] else "stand").ok
    page.goto(served[0] + "/thunderjack")
    expect(page.locator(".seat .card")).to_have_count(16)
    page.wait_for_function("document.getAnimations().every((a) => a.playState !== 'running')")  # all dealt
    settled_snap(page, "thunderjack-phone-long-hands")
    for name in ("left", "middle", "right"):
        seat = page.locator(f".seat[data-seat='{name}']").bounding_box()
        assert seat is not None and 0 <= seat["x"] and seat["x"] + seat["width"] <= 390
        cards = [c.bounding_box() for c in page.locator(f".seat[data-seat='{name}'] .card").all()]
        for card, after in zip(cards, [*cards[1:], None]):
            assert card is not None and seat["x"] <= card["x"] and card["x"] + card["width"] <= seat["x"] + seat["width"]
            if after is not None:  # the corner, rank over suit, lies in the card's left quarter: its strip shows it whole
                assert after["x"] - card["x"] >= 0.25 * card["width"], (name, after["x"] - card["x"], card["width"])
    assert page.locator(".seat .card svg text.suit").count() == 2 * 16  # each corner's suit under its rank
    context.close()


@pytest.mark.parametrize(("seed", "said"), [(4, "bust"), (6, "blackjack"), (14, "push")])
def test_a_round_over_says_a_dealers_bust_a_natural_and_a_push_in_words(
    page: Page, served: tuple[str, FastAPI], seed: int, said: str
) -> None:
    # "Dealer 23" said nothing of the bust, a Blackjack read "21 soft", and a push "+0".
    url, app = served
    table = BlackjackTable(app.state.live.store, player_of(page, app), seed=seed)
    assert table.chip(10).ok and table.deal().ok  # (on the one hand a new table bets on)
    while table.in_play:
        assert table.play("stand").ok
    page.goto(url + "/thunderjack")
    hand = page.locator(".hand").first
    if said == "bust":
        expect(page.locator("#dealer .total")).to_have_text(re.compile(r"^Dealer 2\d · bust$"))
    elif said == "blackjack":
        expect(hand.locator(".note")).to_have_text("21 · bet 10 · blackjack")
    else:
        expect(hand.locator(".paid")).to_have_text("push")


def test_a_damaged_table_is_said_and_new_table_keeps_it_aside_and_plays_on(page: Page, served: tuple[str, FastAPI]) -> None:
    url, app = served
    store = app.state.live.store
    player = player_of(page, app)
    assert BlackjackTable(store, player, seed=4).clear().ok  # a saved table
    with sqlite3.connect(store.path) as raw:
        raw.execute("UPDATE blackjack_tables SET state = '{not json' WHERE player = ?", (player,))
    page.goto(url + "/thunderjack")
    expect(page.locator("#message")).to_contain_text("can't be read back")
    expect(page.locator("#message")).to_contain_text("New table keeps it aside")
    expect(page.locator("#chips button")).to_have_count(0)  # no table to bet at
    snap(page, "thunderjack-damaged")
    page.click("#new-table")
    expect(page.locator("#message")).to_contain_text("kept aside in the database")
    expect(page.locator("#new-table")).to_be_hidden()
    expect(page.locator("#credits")).to_have_text("Credits 500")
    page.click("#chips button[data-chip='50']")
    expect(page.locator(".seat[data-seat='middle'] button.toggle")).to_contain_text("50")  # the new table takes bets
    with sqlite3.connect(store.path) as raw:
        kept = raw.execute("SELECT state FROM blackjack_tables WHERE player LIKE ?", (f"{player} (set aside %",)).fetchall()
    assert kept == [("{not json",)]


def test_a_tab_brought_back_shows_the_table_another_tab_played_on(page: Page, served: tuple[str, FastAPI]) -> None:
    url, app = served
    rules = preset("thunderjack")
    seed = next(n for n in range(100) if Table.opened(rules, n).press(50).deal().hands[0].finish is None)  # a hand to play
    table = BlackjackTable(app.state.live.store, player_of(page, app), seed=seed)
    assert table.clear().ok
    page.goto(url + "/thunderjack")
    expect(page.locator("#credits")).to_have_text("Credits 500")
    other = page.context.new_page()  # the same player in a second tab
    other.goto(url + "/thunderjack")
    other.click("#chips button[data-chip='50']")
    expect(other.locator(".seat[data-seat='middle'] button.toggle")).to_contain_text("50")
    page.evaluate("window.dispatchEvent(new Event('focus'))")  # the first tab brought back
    expect(page.locator(".seat[data-seat='middle'] button.toggle")).to_contain_text("50")
    expect(page.locator("#message")).to_have_text("The table changed in another tab; here it is now.")
    expect(page.locator("#deal")).to_be_visible()
    other.close()


def test_a_press_dropped_as_the_turn_passes_is_said(page: Page, served: tuple[str, FastAPI]) -> None:
    url, app = served
    table = BlackjackTable(app.state.live.store, player_of(page, app), seed=_hit_passes_the_turn())
    assert table.toggle("right").ok and table.chip(10).ok
    page.goto(url + "/thunderjack")
    expect(page.locator("#deal")).to_be_visible()
    page.keyboard.press(" ")
    expect(page.locator("#actions button[data-action='hit']")).to_have_count(1)
    version = BlackjackTable(app.state.live.store, player_of(page, app)).version
    # A second hit pressed the moment the turn passes (in the page itself, so no round trip delays it).
    page.evaluate("""() => new Promise((resolve) => {
      const first = document.querySelector(".hand.turn");
      const watch = new MutationObserver(() => {
        const now = document.querySelector(".hand.turn");
        if (now && now !== first && !now.isSameNode(first)) {
          watch.disconnect();
          document.dispatchEvent(new KeyboardEvent("keydown", { key: "h" }));
          resolve();
        }
      });
      watch.observe(document.getElementById("seats"), { subtree: true, childList: true, attributes: true });
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "h" }));
    })""")
    expect(page.locator("#message")).to_have_text("The turn has just passed to the next hand: press again to play it.")
    page.wait_for_timeout(500)
    assert BlackjackTable(app.state.live.store, player_of(page, app)).version == version + 1  # the second press played nothing
