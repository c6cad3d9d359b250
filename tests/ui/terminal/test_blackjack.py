"""Thunderjack in the terminal: the typed mode through a subprocess, the full screen headless."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
import sqlite3
from dataclasses import replace
from collections.abc import Iterator
from pathlib import Path
import pytest

from cardtable.app import Store
from cardtable.app.blackjack import BlackjackTable
from cardtable.ui.terminal.blackjack_screen import BlackjackApp, table_markup
from textual.widgets import Button, Markdown, Static
from textual.widgets._footer import FooterKey
from cardtable.ui.terminal.blackjack_text import play_plain, render
from cardtable.ui.terminal.fullscreen import TextScreen
from tests.ui.terminal.test_plain import cardtable


def test_typed_bets_actions_hint_and_statistics_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "tj.db"
    first = cardtable(db, "thunderjack", "--seed", "4", stdin="50\nright\n10\ndeal\nhint\ni\ns\ns\nbogus\n2000\nquit\n")
    out = first.stdout
    assert first.returncode == 0, first.stderr
    assert "right    KC TH  (20)  bet 10  <- your turn" in out and "dealer   8S [XX]  (8)" in out
    assert out.count("Stand: expected +0.790 of the bet") == 2  # i, as the full screen's key, is hint too
    assert "You win 70." in out and "Credits 570" in out
    assert "bet 10, won 10  stood" in out and "bet 60, won 60  stood" in out  # each hand's result in words
    assert "unknown command 'bogus'" in out and "there is no 2000 chip" in out
    again = cardtable(db, "thunderjack", stdin="stats\nhistory\nrules\n")
    assert "rounds 1 (thunderjack rules): won 1" in again.stdout and "credits 570" in again.stdout
    assert "Thunderjack (an Ace with a Jack, Queen or King of its own suit" in again.stdout
    assert "The dealer draws to 16 and stands on all 17s" in again.stdout
    assert again.stderr == ""
    reseeded = cardtable(db, "thunderjack", "--seed", "9", stdin="quit\n")  # the table is open: its shoe stays
    assert reseeded.stderr == "cardtable: note: --seed is for a new table: this one was already open, and plays on with its own shoe\n"
    assert "right KC TH (stood, bet 10, won 10); middle 2C 4C (stood, bet 60, won 60)  dealer 8S 6C AC TD  +70" in again.stdout
    played = next(line for line in again.stdout.splitlines() if "dealer 8S 6C AC TD" in line)
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d  right", played), played  # to the minute, as `resume --list`


def test_leaving_mid_round_says_the_round_is_kept_and_how_to_come_back(tmp_path: Path) -> None:
    db = tmp_path / "tj.db"
    left = cardtable(db, "thunderjack", "--seed", "4", "--player", "kim", stdin="50\nright\n10\ndeal\nquit\n")
    back = "`cardtable thunderjack --player kim` picks it up."  # the database comes from $CARDTABLE_DB here
    assert left.returncode == 0 and left.stdout.endswith(f"The round in play is kept; {back}\n"), left.stdout
    ended = cardtable(db, "thunderjack", "--player", "kim", stdin="s\ns\nquit\n")
    assert "You win 70." in ended.stdout and "round in play" not in ended.stdout  # nothing left to pick up


def test_the_statistics_command_counts_the_blackjack_table_too(tmp_path: Path) -> None:
    db = tmp_path / "tj.db"
    assert "No Thunderjack rounds yet." in cardtable(db, "stats", "thunderjack").stdout
    cardtable(db, "thunderjack", "--seed", "4", stdin="50\nright\n10\ndeal\ns\ns\nquit\n")
    alone = cardtable(db, "stats", "thunderjack")
    assert alone.returncode == 0 and "rounds 1 (thunderjack rules): won 1" in alone.stdout and "credits 570" in alone.stdout
    assert "fresh stakes 0" in alone.stdout  # the starting stake is not a fresh one (as the page counts)
    cardtable(db, "thunderjack", stdin="deal\ns\ns\nquit\n")  # a second round, on the same bets
    rounds = cardtable(db, "stats", "thunderjack").stdout.split("last rounds, newest first:\n")[1].splitlines()
    history = json.loads(cardtable(db, "stats", "thunderjack", "--format", "json").stdout)["history"]
    assert len(rounds) == 2 == len(history) and [r.split()[-1] for r in rounds] == [f"{h['net']:+}" for h in reversed(history)]
    every = cardtable(db, "stats")
    assert every.stdout.startswith("Thunderjack!: rounds 2 (thunderjack rules)") and "No finished games" not in every.stdout
    net = sum(h["net"] for h in history)
    assert f'"net": {net}' in cardtable(db, "stats", "blackjack", "--format", "json").stdout
    table = list(csv.DictReader(io.StringIO(cardtable(db, "stats", "thunderjack", "--format", "csv").stdout)))
    assert len(table) == 1 and table[0]["rounds"] == "2" and table[0]["net"] == str(net) and table[0]["credits"] == str(500 + net)


def test_the_statistics_name_the_rounds_of_other_rule_sets_counted_apart(tmp_path: Path) -> None:
    db = tmp_path / "tj.db"
    cardtable(db, "thunderjack", "--seed", "4", stdin="50\nright\n10\ndeal\ns\ns\nquit\n")
    cardtable(db, "thunderjack", "--rules", "single-deck", stdin="")
    shown = cardtable(db, "stats", "thunderjack").stdout
    assert shown.startswith("rounds 0 (single-deck rules)")  # not "no rounds yet": the others are named
    assert shown.rstrip().endswith("Counted apart: thunderjack rules, 1 round (change to them to see theirs).")


def test_the_table_statistics_are_json_or_csv_when_asked_even_before_any_round(tmp_path: Path) -> None:
    db = tmp_path / "none.db"
    assert json.loads(cardtable(db, "stats", "thunderjack", "--format", "json").stdout)["rounds"] == 0
    table = list(csv.DictReader(io.StringIO(cardtable(db, "stats", "thunderjack", "--format", "csv").stdout)))
    assert [row["rounds"] for row in table] == ["0"]


def test_a_number_too_long_for_any_chip_is_refused_not_a_crash(tmp_path: Path) -> None:
    typed = "1" * 5000 + "\n" + "0" * 30 + "50\n"
    result = cardtable(tmp_path / "tj.db", "thunderjack", "--seed", "4", stdin=typed)
    assert result.returncode == 0, result.stderr
    assert "there is no chip of 5000 digits; chips are 10, 50, 250, 1000" in result.stdout
    assert "middle* 50" in result.stdout  # leading zeros still make a chip


def test_an_unknown_rule_set_and_a_corrupt_table_are_clear_errors(tmp_path: Path) -> None:
    db = tmp_path / "tj.db"
    bad = cardtable(db, "thunderjack", "--rules", "poker")
    assert bad.returncode == 2 and "no rule set 'poker'" in bad.stderr
    cardtable(db, "thunderjack", "--seed", "1", stdin="10\ndeal\n")
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE blackjack_tables SET state = '{not json'")
    broken = cardtable(db, "thunderjack")
    assert broken.returncode == 1 and "can't be read back" in broken.stderr  # a saved table that can't be used
    assert "`cardtable thunderjack --new-table` keeps it aside and opens a new table" in broken.stderr
    named = cardtable(tmp_path / "other.db", "thunderjack", "--db", str(db))  # the command said names the file in use
    assert f"`cardtable thunderjack --db {db} --new-table` keeps it aside" in named.stderr
    assert Store(db).table_state("local") == ("{not json", 2)
    renewed = cardtable(db, "thunderjack", "--new-table", "--seed", "3", stdin="10\ndeal\n")
    assert renewed.returncode == 0 and "cardtable: note: the saved table, which can't be read back, is kept as 'local (set aside" in renewed.stderr
    with sqlite3.connect(db) as raw:
        kept = raw.execute("SELECT player, state FROM blackjack_tables ORDER BY player").fetchall()
    assert [p for p, _ in kept][0] == "local" and kept[1][0].startswith("local (set aside ") and kept[1][1] == "{not json"
    assert cardtable(db, "thunderjack", stdin="rules\n").returncode == 0  # the new table, read back
    again = cardtable(db, "thunderjack", "--new-table")
    assert again.returncode == 2 and "--new-table: only a saved table that can't be read back is set aside: local's reads back" in again.stderr


def test_a_rule_set_may_be_named_in_capitals_and_a_saved_table_keeps_its_own(tmp_path: Path) -> None:
    db = tmp_path / "tj.db"
    first = cardtable(db, "thunderjack", "--rules", "Six-Deck-H17", stdin="rules\n")
    assert first.returncode == 0 and "(six-deck-h17)" in first.stdout
    again = cardtable(db, "thunderjack", "--rules", "SIX-DECK-H17", stdin="")
    assert again.returncode == 0 and "the table now plays" not in again.stdout + again.stderr
    cardtable(db, "thunderjack", stdin="10\n")  # a bet on the table
    changed = cardtable(db, "thunderjack", "--rules", "single-deck", stdin="")
    assert "the table now plays the single-deck rules (the bets on the table came back)" in changed.stderr, changed.stderr


def _seated(tmp_path: Path) -> tuple[BlackjackTable, BlackjackApp]:
    """A new table (seed 4) and the full screen over it."""
    table = BlackjackTable(Store(tmp_path / "tj.db"), "local", seed=4)
    return table, BlackjackApp(table)


def test_the_full_screen_table_plays_a_round_with_keys_and_buttons(tmp_path: Path) -> None:
    table, app = _seated(tmp_path)

    async def play() -> None:
        async with app.run_test(size=(120, 30)) as pilot:
            assert app.query_one("#chip-1000", Button).disabled and not app.query_one("#chip-250", Button).disabled
            await pilot.click("#chip-50")
            await pilot.press("3", "c", "space")  # 3: the right hand
            await pilot.pause()
            assert table.in_play and app.query("#play-stand") and not app.query("#play-split")
            await pilot.press("i")
            assert "Stand" in app.message
            await pilot.click("#play-stand")
            await pilot.press("s")
            await pilot.pause()
            assert not table.in_play and app.message == "You win 70."
            assert app.query("#deal-x")
            await pilot.press("t")
            await pilot.pause()
            shown = str(app.screen.query_one("#text", Static).render())
            assert "rounds 1 (thunderjack rules): won 1" in shown and "right KC TH (stood, bet 10, won 10)" in shown and "+70" in shown
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("q")

    asyncio.run(play())
    assert table.stats()["net"] == 70


def test_key_one_selects_the_left_hand_as_the_first_button_does_and_soft_totals_are_marked(tmp_path: Path) -> None:
    table, app = _seated(tmp_path)

    async def press() -> None:
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.press("1")
            await pilot.pause()
            buttons = [str(b.id) for b in app.query("#seats Button")]
            assert buttons[:3] == ["toggle-left", "toggle-middle", "toggle-right"]
            await pilot.press("q")

    asyncio.run(press())
    assert {s["seat"] for s in table.view()["seats"] if s["selected"]} == {"left", "middle"}
    view = {"credits": 500, "description": "", "round": {"dealer": [{"card": "9S"}, {"down": True}], "dealer_total": 9,
            "over": False, "hands": [{"seat": "middle", "cards": [{"card": "AS"}, {"card": "6H"}], "total": 17, "soft": True,
                                      "bet": 10, "paid": None, "finish": None, "turn": True}]}}
    assert "(soft 17)" in table_markup(view)
    settled = {**view, "round": {**view["round"], "over": True, "hands": [{**view["round"]["hands"][0], "paid": 0, "turn": False,
                                                                          "finish": "beaten"}]}}
    assert "bet 10, lost 10 to the dealer's Blackjack" in table_markup(settled)  # in the typed mode's words, not "paid 0"
    pushed = {**settled, "round": {**settled["round"], "hands": [{**settled["round"]["hands"][0], "paid": 10, "finish": "pushed"}]}}
    assert "bet 10, pushed" in table_markup(pushed) and "pushed pushed" not in table_markup(pushed)


def test_a_table_changed_in_another_terminal_is_shown_again_not_a_crash(tmp_path: Path) -> None:
    db = tmp_path / "tj.db"
    mine, other = BlackjackTable(Store(db), "local", seed=4), BlackjackTable(Store(db), "local", seed=4)
    out: list[str] = []

    def typed() -> Iterator[str]:
        yield "10\n"
        assert other.chip(250).stale and other.chip(250).ok  # the other terminal bets meanwhile
        yield "50\n"
        yield "deal\n"

    assert play_plain(mine, typed(), out.append) == 0
    text = "\n".join(out)
    assert "the table changed elsewhere; here it is now" in text
    assert "Credits 500   bets: right -  middle* 260  left -" in text  # the stored table, shown
    assert mine.view()["round"] is not None and mine.view()["round"]["hands"][0]["bet"] == 260


def test_at_80_by_24_every_betting_button_is_on_screen_and_a_broke_player_is_told_of_f(tmp_path: Path) -> None:
    table, app = _seated(tmp_path)

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("c")
            await pilot.pause()
            for button in app.query(Button):
                box = button.region
                assert box.right <= 80 and box.bottom <= 23, (button.id, box)  # above the footer
            assert {"chip-1000", "clear-x", "deal-x"} <= {str(b.id) for b in app.query(Button)}
            table.table = replace(table.table, credits=5, chips=())
            await app.refresh_table()
            await pilot.pause()
            assert "out of credits: f" in str(app.query_one("#felt", Static).render())
            stake = app.query_one("#stake-x", Button)
            assert stake.region.right <= 80 and all(b.disabled for b in app.query("#bets Button") if str(b.id).startswith("chip"))
            await pilot.press("f")
            await pilot.pause()
            assert table.view()["credits"] == 505 and not app.query("#stake-x")

    asyncio.run(look())


def test_at_80_by_24_the_footer_shows_every_key_that_can_be_used_now(tmp_path: Path) -> None:
    table, app = _seated(tmp_path)

    def footer() -> dict[str, int]:
        return {key.key: key.region.right for key in app.query(FooterKey) if key.region.width}

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("c")
            await pilot.pause()
            betting = footer()
            assert {"1", "2", "3", "c", "space", "t", "q"} <= set(betting) and "h" not in betting, betting
            assert max(betting.values()) <= 80
            await pilot.press("space")
            await pilot.pause()
            assert table.in_play
            playing = footer()
            assert {"s", "i", "t", "q"} <= set(playing) and "c" not in playing, playing
            keys = {"hit": "h", "stand": "s", "double": "d", "split": "p", "surrender": "r"}
            assert set(playing) & set(keys.values()) == {keys[a] for a in table.view()["actions"]}
            assert max(playing.values()) <= 80

    asyncio.run(look())


def test_question_mark_shows_the_tables_own_rules_and_any_close_key_returns(tmp_path: Path) -> None:
    table, app = _seated(tmp_path)
    assert table.change_rules("six-deck-h17").ok

    async def look() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            text = app.screen.query_one("#text", Markdown).source
            assert "six-deck-h17" in text and "on a soft 17" in text and "Thunderjack" not in text.split("## Keys")[0]
            assert "? the rules" in text
            closing = app.screen.query_one("#closing", Static)
            assert "Escape or q closes" in str(closing.render()) and closing.region.y == 23  # on the 80x24 screen
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, TextScreen)

    asyncio.run(look())


def test_the_history_reads_the_local_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from cardtable.ui.terminal.blackjack_text import render_history

    monkeypatch.setenv("TZ", "JST-9")
    time.tzset()
    try:
        played = {"hands": [{"seat": "middle", "cards": ["TS", "9H"], "finish": "stood", "bet": 10}], "dealer": ["TH", "8D"],
                  "net": 10, "at": "2026-12-05T17:39:02+00:00"}
        assert render_history([played]).startswith("2026-12-06 02:39  ")
    finally:
        monkeypatch.undo()  # the zone as it was
        time.tzset()


def test_play_thunderjack_sits_at_the_table_and_the_solitaire_words_say_where_it_is(tmp_path: Path) -> None:
    db = tmp_path / "tj.db"
    sat = cardtable(db, "play", "thunderjack", "--plain", stdin="stats\nquit\n")
    assert sat.returncode == 0 and "rounds 0 (thunderjack rules)" in sat.stdout, sat.stderr
    dealt = cardtable(db, "play", "thunderjack", "--deal", "3")
    assert dealt.returncode != 0 and "--deal is for a solitaire game" in dealt.stderr
    ruled = cardtable(db, "rules", "thunderjack")
    assert ruled.returncode != 0 and "`cardtable thunderjack` sits at it" in ruled.stderr


def test_a_natural_is_never_said_soft_in_the_view_the_full_screen_or_the_typed_mode() -> None:
    for seed in range(2_000):
        table = BlackjackTable(Store(":memory:"), "probe", seed=seed)
        table.toggle("right"), table.chip(10), table.deal()
        view = table.view()
        hands = view["round"]["hands"] if view["round"] else []
        if any(h["finish"] == "blackjack" for h in hands):
            break
    else:
        raise AssertionError("no Blackjack dealt in 2,000 seeds")
    natural = next(h for h in hands if h["finish"] == "blackjack")
    assert natural["total"] == 21 and natural["soft"] is False  # an Ace counted 11, but named, not "soft"
    assert "soft 21" not in table_markup(view) and "21 soft" not in render(view)
