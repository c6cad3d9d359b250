"""A player's blackjack table in a real SQLite file: intents, saving, resuming, statistics."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from cardtable.app import CorruptSave, Store, StoreBusy
from cardtable.app.blackjack import BlackjackTable, round_record, settled_words
from cardtable.app.blackjack_tally import tally
from cardtable.cards import parse_cards
from cardtable.thunderjack import Action, Seat, act, preset
from tests.thunderjack.tables import ONE, stacked_round

R, M, L = Seat.RIGHT, Seat.MIDDLE, Seat.LEFT


def play_rounds(table: BlackjackTable, rounds: int) -> None:
    for _ in range(rounds):
        if table.view()["can_fresh_stake"]:
            assert table.fresh_stake().ok
        if not table.view()["can_deal"]:
            assert table.chip(10).ok
        assert table.deal().ok
        while table.in_play:
            actions = table.view()["actions"]
            assert table.play("split" if "split" in actions else "double" if "double" in actions else "stand").ok


def test_bets_deal_play_and_settle_through_intents(tmp_path: Path) -> None:
    table = BlackjackTable(Store(tmp_path / "bj.db"), "ann", seed=11)
    assert table.view()["credits"] == 500 and not table.view()["can_deal"]
    assert table.toggle("right").ok and table.chip(50).ok
    view = table.view()
    assert [s["bet"] for s in view["seats"]] == [50, 50, 0] and view["can_deal"]
    assert table.deal().ok and table.in_play
    assert table.stats()["credits"] == table.view()["credits"] == 400  # the bets are on the table
    assert not table.chip(10).ok and table.chip(10).message == "finish the round first"
    while table.in_play:
        assert table.hint().ok
        assert table.play("stand").ok
    view = table.view()
    assert view["round"]["over"] and view["credits"] == 500 + view["round"]["net"]
    assert not table.play("hit").ok and not table.play("fly").ok


def test_the_view_never_shows_the_shoe_or_the_hole_card_in_play(tmp_path: Path) -> None:
    table = BlackjackTable(Store(tmp_path / "bj.db"), "ann", seed=11)
    for _ in range(200):
        if not table.view()["can_deal"]:
            table.chip(10) if not table.view()["can_fresh_stake"] else table.fresh_stake()
        table.deal()
        assert table.round is not None
        hole = table.round.dealer[1].code
        while table.in_play:
            text = json.dumps(table.view())
            assert "shoe" not in text and "seed" not in text
            assert table.view()["round"]["dealer"][1] == {"down": True}
            shown = [c["card"] for h in table.view()["round"]["hands"] for c in h["cards"]] + [table.round.dealer[0].code]
            assert text.count(f'"{hole}"') == shown.count(hole)
            table.play("hit" if table.round.hand and table.round.hand.total < 12 else "stand")


def test_a_table_resumes_exactly_after_a_restart_mid_round(tmp_path: Path) -> None:
    db = tmp_path / "bj.db"
    table = BlackjackTable(Store(db), "ann", seed=11)
    play_rounds(table, 30)
    while not table.in_play:  # a round that needs the player (no natural)
        table.chip(10) if not table.view()["can_deal"] else table.deal()
    before = table.view()
    again = BlackjackTable(Store(db), "ann", seed=11)
    assert again.view() == before and again.round == table.round and again.table == table.table
    while again.in_play:
        assert again.play("stand").ok
    play_rounds(again, 5)
    assert again.stats()["rounds"] == table.stats()["rounds"] == len(again.store.table_rounds("ann"))
    assert again.stats()["rounds"] >= 36


def test_the_view_names_the_chips_the_credits_cover_and_none_during_a_round(tmp_path: Path) -> None:
    table = BlackjackTable(Store(tmp_path / "bj.db"), "ann", seed=11)
    assert table.view()["credits"] == 500 and table.view()["affordable"] == [10, 50, 250]
    assert table.chip(250).ok and table.view()["affordable"] == [10, 50, 250]  # 250 more still covered
    assert table.chip(250).ok and table.view()["affordable"] == []
    assert table.deal().ok and table.in_play and table.view()["affordable"] == []


def test_statistics_count_rounds_results_and_special_hands(tmp_path: Path) -> None:
    table = BlackjackTable(Store(tmp_path / "bj.db"), "ann", seed=11)
    play_rounds(table, 400)
    stats = table.stats()
    assert stats["rounds"] == 400 == stats["won"] + stats["lost"] + stats["pushed"]
    assert stats["blackjacks"] > 0 and stats["splits"] > 0
    assert stats["credits"] == 500 * stats["stakes"] + stats["net"]
    counted = tally(table.store.table_rounds("ann"))  # the running totals equal the rounds counted one by one (one rule set)
    assert {name: stats[name] for name in counted} == counted
    assert stats["recent"] == [r["net"] for r in table.store.table_rounds("ann", 30)] and len(stats["history"]) == 10


def test_statistics_are_kept_by_rule_set_and_name_the_others_played(tmp_path: Path) -> None:
    table = BlackjackTable(Store(tmp_path / "bj.db"), "ann", seed=11)
    play_rounds(table, 20)
    under_thunderjack = {name: table.stats()[name] for name in ("rounds", "won", "lost", "net", "recent")}
    assert table.change_rules("single-deck").ok
    play_rounds(table, 5)
    stats = table.stats()
    assert stats["rules"] == "single-deck" and stats["rounds"] == 5 == len(stats["recent"]) == len(stats["history"])
    assert {r["rules"] for r in stats["history"]} == {"single-deck"} and len(table.history()) == 5
    assert stats["rule_sets"] == {"thunderjack": 20, "single-deck": 5}
    assert stats["counted_apart"] == "Counted apart: thunderjack rules, 20 rounds (change to them to see theirs)."
    assert table.change_rules("thunderjack").ok
    assert {name: table.stats()[name] for name in under_thunderjack} == under_thunderjack  # none of the other set's rounds


def test_statistics_stored_before_totals_were_kept_are_totalled_once_on_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "bj.db"
    table = BlackjackTable(Store(path), "ann", seed=11)
    play_rounds(table, 40)
    expected = {name: table.stats()[name] for name in ("rounds", "won", "net", "blackjacks", "splits")}
    db = sqlite3.connect(path)  # as a schema 11 file held it: rounds, no totals, and one round unreadable
    db.execute("DROP TABLE blackjack_tallies")
    db.execute("INSERT INTO blackjack_rounds (player, rules, hands, dealer, net, at) VALUES ('ann', 'thunderjack', '{no', '', 5, '')")
    db.execute("INSERT INTO blackjack_rounds (player, rules, hands, dealer, net, at) VALUES ('ann', 'single-deck', '[]', '', -7, '')")
    db.execute("UPDATE schema_version SET version = 11")
    db.commit()
    db.close()
    stats = BlackjackTable(Store(path), "ann").stats()
    assert {name: stats[name] for name in expected} == expected  # the unreadable round is left out, the rest counted once
    assert stats["rule_sets"] == {"thunderjack": 40, "single-deck": 1}  # each round under its own rules
    assert sqlite3.connect(path).execute("SELECT count(*) FROM blackjack_rounds").fetchone()[0] == 42  # and kept


def test_a_corrupt_table_is_reported_and_left_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / "bj.db"
    play_rounds(BlackjackTable(Store(db), "ann", seed=11), 3)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE blackjack_tables SET state = '{\"rules\": \"poker\"}'")
    with pytest.raises(CorruptSave, match="can't be read back"):
        BlackjackTable(Store(db), "ann", seed=11)
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT state FROM blackjack_tables").fetchone()[0] == '{"rules": "poker"}'
        assert raw.execute("SELECT COUNT(*) FROM blackjack_rounds").fetchone()[0] == 3


def same_table(a: BlackjackTable, b: BlackjackTable) -> bool:
    return (a.table, a.round, a.actions, a.version, a.view()) == (b.table, b.round, b.actions, b.version, b.view())


def test_a_second_copy_of_the_table_is_refused_and_reloaded_not_crashed(tmp_path: Path) -> None:
    db = tmp_path / "bj.db"
    one, two = BlackjackTable(Store(db), "ann", seed=11), BlackjackTable(Store(db), "ann", seed=11)
    assert one.chip(10).ok  # the first save of a new table: the second copy never saw it
    answer = two.chip(50)
    assert not answer.ok and answer.stale and answer.message == "the table changed elsewhere; here it is now"
    assert same_table(one, two) and two.table.bets == one.table.bets
    assert two.toggle("right").ok and two.chip(10).ok
    stale_toggle = one.toggle("left")
    assert stale_toggle.stale and same_table(one, two)
    while not one.in_play:  # a round that needs the player
        assert one.deal().ok
        if not one.in_play:
            two = BlackjackTable(Store(db), "ann")
    assert two.deal().stale and same_table(one, two)  # dealt elsewhere meanwhile
    assert one.play("stand").ok
    assert two.play("hit").stale and same_table(one, two)
    while one.in_play:
        assert one.play("stand").ok
    rounds = len(one.store.table_rounds("ann"))
    assert two.play("stand").stale and same_table(one, two)  # settled elsewhere: no second record
    assert two.chip(10).ok and len(two.store.table_rounds("ann")) == rounds
    assert same_table(two, BlackjackTable(Store(db), "ann"))


def test_naturals_count_as_dealt_however_the_round_settled_them() -> None:
    pushed_thunder = stacked_round({R: "AS KS", M: "QH AH", L: "9C 7D"}, "9D 8C")
    pushed_thunder = act(pushed_thunder, Action.STAND)
    pushed_blackjack = stacked_round({R: "AH TD", L: "9C 7D"}, "TC AD")
    lone_thunder = stacked_round({R: "AS KS", M: "AH TD", L: "9C 7D"}, "AD QC")
    casino = stacked_round({ONE: "AS KS"}, "9D 8C", rules=preset("six-deck-s17"))  # no Thunderjack there
    stats = tally([round_record(g) for g in (pushed_thunder, pushed_blackjack, lone_thunder, casino)])
    assert stats["thunderjacks"] == 3 and stats["blackjacks"] == 3


def test_every_split_counts_resplits_included() -> None:
    game = stacked_round({ONE: "8C 8D"}, "6D 9C", draws="8H 2C 3C 5D", rules=preset("six-deck-s17"))
    game = act(act(game, Action.SPLIT), Action.SPLIT)
    while not game.is_over:
        game = act(game, Action.STAND)
    assert len(game.hands) == 3 and tally([round_record(game)])["splits"] == 2
    once = stacked_round({R: "8C 8D", L: "9C 9D"}, "6D 9C", draws="2C 3C 4D 5D")
    once = act(act(once, Action.SPLIT), Action.STAND)
    once = act(act(act(once, Action.STAND), Action.SPLIT), Action.STAND)
    once = act(once, Action.STAND)
    assert once.is_over and tally([round_record(once)])["splits"] == 2


def test_rounds_stored_before_naturals_were_recorded_still_count(tmp_path: Path) -> None:
    store = Store(tmp_path / "bj.db")
    table = BlackjackTable(store, "ann", seed=11)
    old = round_record(stacked_round({R: "AH TD", M: "AS KS"}, "9D 8C"))
    for hand in old["hands"]:
        del hand["natural"]
    store.save_table("ann", table._state(), 1, old)
    stats = BlackjackTable(store, "ann").stats()
    assert stats["rounds"] == 1 and stats["blackjacks"] == 1 and stats["thunderjacks"] == 1


def test_the_view_of_an_unselected_hand_shows_no_bet_and_it_is_not_dealt(tmp_path: Path) -> None:
    table = BlackjackTable(Store(tmp_path / "bj.db"), "ann", seed=11)
    assert table.toggle("right").ok and table.chip(50).ok
    answer = table.toggle("right")
    assert answer.ok and answer.message == "the 50 on the right hand came back to you; betting on the middle hand"
    seats = table.view()["seats"]
    assert [(s["selected"], s["bet"]) for s in seats] == [(False, 0), (True, 50), (False, 0)]
    assert table.deal().ok and [h["seat"] for h in table.view()["round"]["hands"]] == ["middle"]
    assert table.toggle("left").message == "finish the round first"


def test_an_older_save_with_chips_on_an_unselected_hand_loads_without_them(tmp_path: Path) -> None:
    db = tmp_path / "bj.db"
    table = BlackjackTable(Store(db), "ann", seed=11)
    assert table.toggle("right").ok and table.chip(50).ok
    with sqlite3.connect(db) as raw:
        state = json.loads(raw.execute("SELECT state FROM blackjack_tables").fetchone()[0])
        state["selected"] = ["middle"]
        raw.execute("UPDATE blackjack_tables SET state = ?", (json.dumps(state),))
    again = BlackjackTable(Store(db), "ann")
    assert again.table.bets == {M: 50} and again.view()["seats"][0]["bet"] == 0


def test_a_shoe_shuffled_around_the_cards_on_the_table_is_saved_and_read_back(tmp_path: Path) -> None:
    db = tmp_path / "bj.db"
    table = BlackjackTable(Store(db), "ann", seed=11)
    held = parse_cards("AS KD 7H")
    table.table = replace(table.table, shoe=table.table.shoe.reshuffled(held))
    assert table.chip(10).ok and table.deal().ok
    again = BlackjackTable(Store(db), "ann")
    assert again.table.shoe.held == held and again.table == table.table and again.round == table.round


def test_a_new_tables_shoe_is_seeded_from_too_many_seeds_to_try_and_replays_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "bj.db"
    seeds = [BlackjackTable(Store(db), f"player{n}").table.shoe.seed for n in range(6)]
    assert len(set(seeds)) == 6 and max(seeds) >= 2**40  # not from the 2**31 a search runs through in minutes
    table = BlackjackTable(Store(db), "keeper")
    play_rounds(table, 40)  # through a reshuffle of the big seed
    again = BlackjackTable(Store(db), "keeper")
    assert again.table == table.table and again.table.shoe.shuffles >= 1


def test_an_intent_whose_save_fails_leaves_the_table_as_it_was(tmp_path: Path) -> None:
    store = Store(tmp_path / "bj.db", timeout=0.2)
    table = BlackjackTable(store, "ann", seed=11)  # a new table, never saved yet
    holder = sqlite3.connect(tmp_path / "bj.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the database
    with pytest.raises(StoreBusy):  # said (the server answers 503), and nothing kept
        table.chip(10)
    assert [s["bet"] for s in table.view()["seats"]] == [0, 0, 0]
    holder.execute("COMMIT")
    assert table.chip(10).ok and table.deal().ok  # once let go, play goes on from there
    holder.execute("BEGIN EXCLUSIVE")
    before = table.view()
    with pytest.raises(StoreBusy):  # mid-round too
        table.play("stand")
    assert table.view() == before
    holder.execute("COMMIT")
    holder.close()
    assert table.play("stand").ok
    assert BlackjackTable(store, "ann").view()["credits"] == table.view()["credits"]


def test_the_typed_table_says_a_failed_save_and_plays_on(tmp_path: Path) -> None:
    from cardtable.ui.terminal.blackjack_text import play_plain

    store = Store(tmp_path / "bj.db", timeout=0.2)
    table = BlackjackTable(store, "ann", seed=11)
    holder = sqlite3.connect(tmp_path / "bj.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    out: list[str] = []

    def lines() -> Iterator[str]:
        yield "10"
        holder.execute("COMMIT")
        yield "10"

    play_plain(table, lines(), out.append)
    holder.close()
    assert [line for line in out if "busy" in line] == [
        "  can't save the blackjack table: the database is busy (another program holds it); try again shortly: "
        "not played, the table is as it was"
    ]
    assert [s["bet"] for s in table.view()["seats"]] == [0, 10, 0]


def test_a_player_out_of_credits_is_told_to_take_a_fresh_stake_not_to_bet(tmp_path: Path) -> None:
    table = BlackjackTable(Store(tmp_path / "bj.db"), "ann", seed=11)
    table.table = replace(table.table, credits=5, chips=())
    for refused in (table.deal(), table.chip(10), table.chip_typed("10")):
        assert not refused.ok and refused.message == "you are out of credits: take a fresh stake first"
    assert table.fresh_stake().ok and table.chip(10).ok and table.deal().ok


def test_a_round_whose_hands_win_and_lose_alike_is_said_to_break_even_not_to_push() -> None:
    game = stacked_round({R: "TS 9H", M: "TD 6C"}, "TH 8D")  # 19 beats the dealer's 18, 16 loses to it
    while not game.is_over:
        game = act(game, Action.STAND)
    assert game.net == 0
    assert settled_words(game) == "You break even: your hands won 10 and lost 10."
    pushed = stacked_round({M: "TS 8H"}, "TH 8D")
    assert settled_words(act(pushed, Action.STAND)) == "Push: your bets come back."


def test_selecting_a_hand_says_which_hands_a_chip_goes_on(tmp_path: Path) -> None:
    table = BlackjackTable(Store(tmp_path / "bj.db"), "ann", seed=11)  # the middle hand selected at first
    assert table.toggle("right").message == "betting on the right and middle hands: each chip goes on both"
    assert table.chip(10).ok
    assert table.toggle("middle").message == "the 10 on the middle hand came back to you; betting on the right hand"
    assert table.toggle("left").message == "betting on the right and left hands: each chip goes on both"
    assert table.toggle("middle").message == "betting on the right, middle and left hands: each chip goes on all three"


def test_the_history_words_a_hands_result_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "bj.db")
    table = BlackjackTable(store, "ann", seed=11)
    thunder = stacked_round({R: "AS KS", M: "TC 9S"}, "9D 8C")  # the Thunderjack pushes the other hand
    assert thunder.is_over
    store.save_table("ann", table._state(), 1, round_record(thunder))
    hands = BlackjackTable(store, "ann").history()[0]["hands"]
    assert [(h["finish"], h["result"]) for h in hands] == [("thunderjack", "won 30"), ("pushed", "")]  # "pushed" said once


def _pair_dealt(ace: bool) -> BlackjackTable:
    """A table whose hand in turn is a pair it may split: of Aces or of another rank."""
    from cardtable.cards import Rank

    for seed in range(20_000):
        table = BlackjackTable(Store(":memory:"), "ann", seed=seed)
        assert table.chip(10).ok and table.deal().ok
        if table.round is None or table.round.turn is None or "split" not in table.view()["actions"]:
            continue
        if (table.round.hands[table.round.turn].cards[0].rank is Rank.ACE) == ace:
            return table
    raise AssertionError("no seed deals such a pair")


def test_split_aces_say_they_take_one_card_each_as_the_turn_passes_them_by() -> None:
    """Split Aces take a card each and stand, with no key pressed: said, so that a quick
    next key is not taken as meant for them."""
    aces = _pair_dealt(ace=True)
    answer = aces.play("split")
    assert answer.ok and answer.message.startswith("Split Aces take one card each and stand.")
    others = _pair_dealt(ace=False)
    assert others.play("split").message == ""  # split hands of another rank are played on
