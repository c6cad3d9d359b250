"""Games given up through the API: their versions only grow, and they stay given up."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable.app import Options, Outcome, Session, StaleGame, Store
from cardtable.app.cores import SEARCH_NICENESS
from cardtable.app.searches import WAITED_NICENESS
from cardtable.app.wins import WINS
from cardtable.solitaire import MoveKind, get_variant
from cardtable.solitaire.formats import parse_freecell_solution
from cardtable.ui.web.live import STORE_THREADS
from cardtable.ui.web.server import create_app

JSON = dict[str, Any]
SOLUTION = Path(__file__).parents[2] / "fixtures" / "freecell" / "deal-1.solution"


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(Store(tmp_path / "web.db"))


@pytest.fixture
def client(app: FastAPI) -> TestClient:
    return TestClient(app)


def _start(client: TestClient, game: str = "klondike", deal: int | None = 7, **options: object) -> JSON:
    body: JSON = {"game": game, "deal": deal}
    if options:
        body["options"] = options
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    view: JSON = response.json()
    return view


def _act(client: TestClient, view: JSON, action: str, **extra: object) -> Any:
    return client.post(f"/api/games/{view['id']}/actions", json={"action": action, "version": view["version"], **extra})


def _results(client: TestClient) -> list[bool]:
    return [r["won"] for r in client.get("/api/stats").json()["recent"]]


def test_an_action_on_a_view_from_before_the_game_was_left_is_refused(client: TestClient) -> None:
    old = _start(client)
    moved = _act(client, old, "deal").json()["view"]
    _start(client, deal=8)  # gives the first game up
    assert client.get(f"/api/games/{old['id']}").json()["version"] == 2
    for view in (old, moved):  # versions 0 and 1: neither may act again
        stale = _act(client, view, "deal")
        assert stale.status_code == 409, stale.text
    assert _results(client) == [False]
    assert client.get(f"/api/games/{old['id']}").json()["moves"] == 1


def test_acting_on_a_given_up_game_says_it_is_over(client: TestClient) -> None:
    old = _start(client)
    pile, places = next(iter(_act(client, old, "deal").json()["view"]["targets"].items()))
    _start(client, deal=8)  # gives the first game up
    current = client.get(f"/api/games/{old['id']}").json()
    refused = _act(client, current, "deal")  # made on the game's latest version
    assert refused.status_code == 409 and "given up" in refused.json()["detail"]
    assert refused.json()["view"]["moves"] == 1 and _results(client) == [False]
    position = int(next(iter(places)))  # a card that could go somewhere
    nowhere = client.post(f"/api/games/{old['id']}/targets", json={"pile": pile, "position": position}).json()
    assert nowhere["targets"] == [] and "given up" in nowhere["why"]
    assert current["targets"] == {}


def test_a_game_given_up_can_not_be_played_on_with_its_current_version(client: TestClient) -> None:
    old = _start(client)
    _act(client, old, "deal")
    _start(client, deal=8)
    current = client.get(f"/api/games/{old['id']}").json()
    refused = _act(client, current, "deal")
    assert refused.status_code == 409 and refused.json()["view"]["moves"] == 1
    assert _results(client) == [False]
    assert client.get(f"/api/games/{old['id']}").json()["version"] == current["version"]


def test_a_won_game_undone_in_the_browser_stays_won(client: TestClient) -> None:
    view = _start(client, "freecell", 1, auto_build=False)
    variant = get_variant("freecell")
    names = variant.tables.names
    for move in parse_freecell_solution(variant.start(1), SOLUTION.read_text()):
        assert move.kind is MoveKind.MOVE and move.source is not None and move.target is not None
        answer = _act(client, view, "move", pile=names[move.source], position=-move.count, target=names[move.target])
        view = answer.json()["view"]
    assert view["won"]
    view = _act(client, view, "undo").json()["view"]
    assert not view["won"] and _act(client, view, "undo").status_code == 200
    assert _results(client) == [True]
    _start(client)  # leaving the undone game keeps it won
    assert _results(client) == [True]


def test_a_new_game_is_started_even_when_the_previous_one_can_not_be_read(client: TestClient, tmp_path: Path) -> None:
    old = _start(client)
    _act(client, old, "deal")
    raw = sqlite3.connect(tmp_path / "web.db")
    raw.execute("UPDATE games SET steps = '[[\"t1>t7:9\"]]', version = 9 WHERE id = ?", (old["id"],))
    raw.commit()
    raw.close()
    assert client.get(f"/api/games/{old['id']}").status_code == 409
    assert _start(client, deal=8)["deal"] == 8
    assert _results(client) == [False]


def test_statistics_leave_out_an_unreadable_game_and_say_so(tmp_path: Path) -> None:
    path = tmp_path / "web.db"
    client = TestClient(create_app(Store(path)))
    first = _start(client)
    _act(client, first, "deal")
    _start(client, deal=8)  # the first game counts as lost
    second = client.get("/api/games/latest").json()
    _act(client, second, "deal")
    _start(client, deal=9)  # so does the second
    with sqlite3.connect(path) as db:
        db.execute("UPDATE games SET elapsed = 'abc' WHERE id = ?", (first["id"],))
    before = path.read_bytes()
    answer = client.get("/api/stats")
    assert answer.status_code == 200, answer.text
    stats = answer.json()
    assert len(stats["unreadable"]) == 1 and str(first["id"]) in stats["unreadable"][0]
    assert [r["won"] for r in stats["recent"]] == [False]  # the readable game still counts
    assert path.read_bytes() == before



def test_targets_answer_for_the_table_of_the_version_the_card_was_picked_up_on(tmp_path: Path) -> None:
    """Two server processes over one file: the one that holds the player's table at the
    view's version answers ``targets`` for that table without asking the store, and the
    move made from it is then refused as stale, since the other process moved on."""
    here, there = TestClient(create_app(Store(tmp_path / "two.db"))), TestClient(create_app(Store(tmp_path / "two.db")))
    picked = {"pile": "waste", "position": -1}
    for deal in range(1, 60):
        view = _act(here, _start(here, deal=deal, auto_build=False), "deal").json()["view"]
        there.cookies.update(here.cookies)
        assert _act(there, view, "deal").status_code == 200  # the stored game is at the next version
        seen = here.post(f"/api/games/{view['id']}/targets", json={**picked, "version": view["version"]}).json()["targets"]
        now = here.post(f"/api/games/{view['id']}/targets", json=picked).json()["targets"]
        if seen and seen != now:
            break
    else:
        pytest.fail("no deal where the two waste cards go to different places")
    table = Session(get_variant("klondike"), deal, Options(auto_build=False))
    table.deal()
    assert seen == table.targets("waste", -1)  # the table the card was picked up on
    table.deal()
    assert now == table.targets("waste", -1)  # the table as stored now
    stale = _act(here, view, "move", pile="waste", position=-1, target=seen[0])
    assert stale.status_code == 409 and stale.json()["view"]["version"] == view["version"] + 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="one thread's priority is set on Linux only")
def test_hints_and_verdicts_search_in_processes_that_give_way_to_moves(client: TestClient, app: FastAPI) -> None:
    view = _start(client, "freecell", 1)
    assert client.post("/api/settings", json={"winnable": True}).status_code == 200
    assert client.get(f"/api/games/{view['id']}/winnable").status_code == 200  # (before the hint's win answers it)
    assert "leads to a win" in _act(client, view, "hint").json()["reason"]
    live = app.state.live
    for searching in (live.searcher, live.judging):  # the searches: elsewhere, on idle cores only
        assert searching.pid() != os.getpid() and os.sched_getscheduler(searching.pid()) == os.SCHED_IDLE
    priority = {t.name.rpartition("_")[0]: os.getpriority(os.PRIO_PROCESS, t.native_id or 0) for t in threading.enumerate()}
    usual = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    assert priority["cardtable-hints"] == priority["cardtable-winnable"] == min(19, usual + SEARCH_NICENESS)
    assert priority["cardtable-store"] == usual


def test_hints_search_again_once_their_searching_process_was_lost(client: TestClient, app: FastAPI) -> None:
    WINS.clear()  # so that the hints ask the searching process, not a win an earlier test found
    view = _start(client, "freecell", 1)
    lost = app.state.live.searcher.pid()
    os.kill(lost, signal.SIGKILL)
    # The first hint may find the process gone before it asks (and start another) or
    # lose it while asking (the heuristic's hint then answers): never an error.
    first = _act(client, view, "hint").json()
    assert first["ok"] and ("leads to a win" in first["reason"] or "found no win" in first["reason"]), first
    assert "leads to a win" in _act(client, view, "hint").json()["reason"]
    assert app.state.live.searcher.pid() != lost


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a process's priority is read on Linux only")
def test_deals_asked_for_on_busy_cores_wait_for_their_searches_but_never_hold_up_a_move(app: FastAPI) -> None:
    player, others = TestClient(app), TestClient(app)
    view = _start(player, "klondike", 3)
    waited = app.state.live.waited
    waited._asking.acquire()  # the process searching what players wait for is busy with another search
    answers: list[int] = []
    picks = [threading.Thread(target=lambda: answers.append(
        others.post("/api/games", json={"game": "freecell", "pick": "winnable"}).status_code)) for _ in range(STORE_THREADS + 1)]
    moved: list[int] = []
    move = threading.Thread(target=lambda: moved.append(_act(player, view, "deal").status_code))
    try:
        for pick in picks:
            pick.start()
        picks[0].join(0.5)
        move.start()
        move.join(30)
        assert moved == [200] and not answers  # the move went ahead while every pick waited
    finally:
        waited._asking.release()
    for pick in picks:
        pick.join(120)
    assert answers == [201] * len(picks)
    # They search a little below the server's priority, not on idle cores only: busy
    # cores would leave a player waiting for a deal without end.
    searching = waited.pid()
    assert os.sched_getscheduler(searching) == os.SCHED_OTHER
    assert os.getpriority(os.PRIO_PROCESS, searching) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + WAITED_NICENESS)


def test_show_me_does_not_wait_behind_the_hints_search(client: TestClient, app: FastAPI) -> None:
    view = _start(client, "freecell", 1)
    hints = app.state.live.searcher
    hints._asking.acquire()  # the hints' process is busy (or, on busy cores, never gets a turn)
    shown: list[Any] = []
    asking = threading.Thread(target=lambda: shown.append(client.post(f"/api/games/{view['id']}/show",
                                                                      json={"version": view["version"]})))
    try:
        asking.start()
        asking.join(60)
        assert shown, "show me waited for the hints' process"
    finally:
        hints._asking.release()
    asking.join()
    assert shown[0].status_code == 200 and shown[0].json()["found"], shown[0].text


def test_a_clock_stopped_as_its_page_closed_is_kept_when_the_server_stops_before_keeping_it(tmp_path: Path) -> None:
    """The page closes and the server stops in the same turn of its event loop: the
    task that would keep the stopped clock has not run, so stopping keeps it."""
    import time

    app = create_app(Store(tmp_path / "web.db"))
    with TestClient(app) as client:
        view = _act(client, _start(client), "deal").json()["view"]
        player = client.cookies["cardtable_player"].rpartition(".")[0]
        live = app.state.live

        def leave_and_stop() -> tuple[float, float]:
            page = live.waiter(player, view["id"])
            time.sleep(0.5)  # the player thinks, then closes the page as the server stops
            live.forget(player, view["id"], page)
            live.close()
            stopped = live.latest(player, view["id"]).session.elapsed
            return stopped, Store(tmp_path / "web.db").load(player, view["id"]).elapsed  # before the loop goes on

        stopped_at, kept = client.portal.call(leave_and_stop)
    assert stopped_at >= view["elapsed"] + 0.5
    assert kept == pytest.approx(stopped_at, abs=0.01)


def test_a_page_hiding_its_table_again_and_again_keeps_the_clock_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each stop of the clock is kept in the store, but one keeping at a time: a page
    that says away and back a hundred times in a row writes once, not a hundred times."""
    import time

    app = create_app(Store(tmp_path / "web.db"))
    with TestClient(app) as client:
        view = _act(client, _start(client), "deal").json()["view"]
        player = client.cookies["cardtable_player"].rpartition(".")[0]
        live = app.state.live
        kept: list[float] = []
        keep = live.store.keep_clock

        def counted(*args: Any) -> bool:
            written: bool = keep(*args)
            kept.append(args[-1])  # once written
            return written

        monkeypatch.setattr(live.store, "keep_clock", counted)

        def flicker() -> asyncio.Event:
            page = live.waiter(player, view["id"])
            for _ in range(100):
                live.away(player, view["id"], page)
                live.back(player, view["id"], page)
            live.away(player, view["id"], page)
            return page

        page = client.portal.call(flicker)
        for _ in range(100):
            if kept:
                break
            time.sleep(0.02)
        time.sleep(0.2)  # (any other keeping would have come by now)
        assert len(kept) == 1
        assert not client.get(f"/api/games/{view['id']}").json()["clock_running"]
        assert kept[0] == pytest.approx(Store(tmp_path / "web.db").load(player, view["id"]).elapsed)  # (a view rounds it)
        client.portal.call(live.forget, player, view["id"], page)


def test_two_moves_sent_at_once_leave_the_one_played_and_its_clock_running(tmp_path: Path) -> None:
    """Two actions on the same version race on one process: the first is saved, the
    second refused as stale. The refusal drops nothing: the game plays on from the first,
    its clock running (it stood at 0 with the warm game dropped and read back)."""
    app = create_app(Store(tmp_path / "web.db"))
    with TestClient(app) as client:
        view = _start(client, scoring="timed")
        player = client.cookies["cardtable_player"].rpartition(".")[0]
        live = app.state.live

        def thought_over(session: Session) -> Outcome:  # a hint that takes its time, on the searching thread
            time.sleep(0.5)
            return session.hint(quick=True)

        async def race() -> list[object]:
            game = await live.get(player, view["id"])
            acts = (live.act(game, Session.deal), live.act(game, thought_over, slow=True), live.act(game, Session.deal))
            return await asyncio.gather(*acts, return_exceptions=True)

        first, hint, second = client.portal.call(race)
        assert first[0].ok and first[2] == 1  # type: ignore[index]
        assert isinstance(second, StaleGame)
        now = client.get(f"/api/games/{view['id']}").json()
        assert now["version"] == 1 and now["clock_running"]
        assert now["score_falls"] is not None
        assert isinstance(hint, StaleGame)  # worked out on the table dealt over: not said as the new table's
