"""The server when its database fails: nothing unacknowledged is saved, nothing waits.

A save that fails (the file locked by another connection past the store's timeout, a
full disk, an I/O error) must leave the stored game and the one in memory as they were
and answer a JSON error, so that retrying the action is always safe; and while one
request waits for the database, the others are answered.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from cardtable.app import Store
from cardtable.ui.web import live
from cardtable.ui.web.server import create_app

JSON = dict[str, Any]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "faults.db"


@pytest.fixture
def store(path: Path) -> Iterator[Store]:
    store = Store(path, timeout=0.2)
    yield store
    store.close()


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store)) as client:
        yield client


def _stored_steps(path: Path, game_id: int) -> list[list[str]]:
    with sqlite3.connect(path) as db:
        steps: list[list[str]] = json.loads(db.execute("SELECT steps FROM games WHERE id = ?", (game_id,)).fetchone()[0])
    return steps


def test_an_action_refused_while_another_connection_holds_the_lock_is_neither_saved_nor_kept(
    client: TestClient, path: Path
) -> None:
    view = client.post("/api/games", json={"game": "klondike", "deal": 5}).json()
    url = f"/api/games/{view['id']}"
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    refused = client.post(url + "/actions", json={"action": "deal", "version": 0})
    assert refused.status_code == 503 and refused.headers["retry-after"].isdigit()
    assert "busy" in refused.json()["detail"]
    locker.execute("ROLLBACK")
    locker.close()
    assert _same(client.get(url).json(), view)  # the game in memory is the stored one
    retried = client.post(url + "/actions", json={"action": "deal", "version": 0})
    assert retried.status_code == 200 and retried.json()["view"]["version"] == 1
    dealt, step = _stored_steps(path, view["id"])  # the table's step at the deal, then the deal with the cards it sent home
    assert dealt == ["t6>f1"] and step[0] == "deal"


def test_a_full_disk_leaves_the_game_as_it_was(store: Store, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "STORE_THREADS", 1)  # one connection to fill the disk of
    client = TestClient(create_app(store))
    game_id = client.post("/api/games", json={"game": "klondike", "deal": 1, "options": {"auto_build": False}}).json()["id"]
    player = _player(client)
    session = store.load(player, game_id)
    for _ in range(390):  # a long game: its row nearly fills a page of the file
        session.deal()
    store.save(player, session, game_id, expected=0)
    url = f"/api/games/{game_id}"
    view = client.get(url).json()
    with sqlite3.connect(path, isolation_level=None) as db:
        db.execute("VACUUM")  # no free pages left in the file
        pages = db.execute("PRAGMA page_count").fetchone()[0]
    for connection in store._opened:  # every connection the server made: the disk is full
        connection.execute(f"PRAGMA max_page_count = {pages}")
    refused = None
    for _ in range(100):  # until a save needs a page more than the file has
        answer = client.post(url + "/actions", json={"action": "deal", "version": view["version"]})
        if answer.status_code != 200:
            refused = answer
            break
        view = answer.json()["view"]
    assert refused is not None and refused.status_code == 503
    assert "full" in refused.json()["detail"] and "nothing was saved" in refused.json()["detail"]
    assert _same(client.get(url).json(), view)
    steps = _stored_steps(path, game_id)
    assert len(steps) == view["moves"]
    for connection in store._opened:
        connection.execute("PRAGMA max_page_count = 1073741823")
    answer = client.post(url + "/actions", json={"action": "deal", "version": view["version"]})
    assert answer.status_code == 200
    assert _stored_steps(path, game_id) == steps + [["deal"]]


def test_no_failed_save_is_ever_stored_and_no_acknowledged_one_lost(
    client: TestClient, store: Store, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """100 injected write errors among random actions: the stored game is exactly the
    acknowledged actions, and the served table is always the stored one."""
    rng = random.Random(16)
    write = Store._write_game
    failures = 0

    def flaky(self: Store, *args: Any) -> int:
        nonlocal failures
        if rng.random() < 0.5:
            failures += 1
            raise sqlite3.OperationalError("disk I/O error")
        return write(self, *args)

    view = client.post("/api/games", json={"game": "klondike", "deal": 11}).json()
    url = f"/api/games/{view['id']}"
    player = _player(client)
    monkeypatch.setattr(Store, "_write_game", flaky)
    truth = Store(path)
    while failures < 100:
        action = rng.choice(["deal", "deal", "undo", "redo"])
        answer = client.post(url + "/actions", json={"action": action, "version": view["version"]})
        if answer.status_code == 503:
            assert "disk I/O error" in answer.json()["detail"]
            assert _same(client.get(url).json(), view)
        else:
            assert answer.status_code == 200, answer.text
            view = answer.json()["view"]
        assert truth.version(player, view["id"]) == view["version"]
        assert _stored_piles(truth, player, view["id"]) == _view_piles(view)
    truth.close()


def test_a_new_deal_that_cant_be_saved_gives_nothing_up(
    client: TestClient, store: Store, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game given up for a new deal and the new game are one save: when the new one
    fails, the old one is still in play, and the error names what failed."""
    view = client.post("/api/games", json={"game": "klondike", "deal": 5}).json()
    played = client.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": 0}).json()["view"]
    write = Store._write_game

    def full_for_new_games(self: Store, player: str, game_id: int | None, *args: Any) -> int:
        if game_id is None:
            raise sqlite3.OperationalError("database or disk is full")
        return write(self, player, game_id, *args)

    monkeypatch.setattr(Store, "_write_game", full_for_new_games)
    refused = client.post("/api/games", json={"game": "golf", "leaving": {"game_id": view["id"], "version": 1}})
    assert refused.status_code == 503
    assert refused.json()["detail"] == "can't start a new game: database or disk is full; nothing was saved"
    monkeypatch.undo()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT status, version FROM games").fetchall() == [("playing", 1)]
    assert client.get("/api/games/latest").json()["id"] == view["id"]
    assert _same(client.get(f"/api/games/{view['id']}").json(), played)
    again = client.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": 1})
    assert again.status_code == 200 and again.json()["view"]["version"] == 2  # played on as before


def _player(client: TestClient) -> str:
    from cardtable.ui.web.players import COOKIE, verify

    player = verify(client.cookies.get(COOKIE), client.app.state.secret)  # type: ignore[attr-defined]
    assert player is not None
    return player


def _stored_piles(store: Store, player: str, game_id: int) -> list[list[str]]:
    state = store.load(player, game_id).state
    return [[c.code if n >= hidden else "" for n, c in enumerate(pile)] for pile, hidden in zip(state.piles, state.hidden)]


def _view_piles(view: JSON) -> list[list[str]]:
    return [[card.get("card", "") for card in pile["cards"]] for pile in view["piles"]]


def test_a_request_waiting_for_the_database_holds_up_no_other(path: Path) -> None:
    store = Store(path, timeout=1.5)
    app = create_app(store)

    async def play() -> tuple[int, float, float]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://table") as browser:
            view = (await browser.post("/api/games", json={"game": "klondike", "deal": 5})).json()
            url = f"/api/games/{view['id']}"
            locker = sqlite3.connect(path, isolation_level=None)
            locker.execute("BEGIN IMMEDIATE")
            try:
                waiting = asyncio.ensure_future(browser.post(url + "/actions", json={"action": "deal", "version": 0}))
                await asyncio.sleep(0.2)  # the action is now waiting for the lock
                began = time.monotonic()
                assert (await browser.get("/api/games")).status_code == 200
                catalogue = time.monotonic() - began
                began = time.monotonic()
                assert (await browser.get(url)).json()["version"] == 0  # reading is not writing
                table = time.monotonic() - began
                return (await waiting).status_code, catalogue, table
            finally:
                locker.execute("ROLLBACK")
                locker.close()

    status, catalogue, table = asyncio.run(play())
    store.close()
    assert status == 503
    assert catalogue < 0.5 and table < 0.5, (catalogue, table)



def _same(view: JSON, other: JSON) -> bool:
    """Whether two views show the same table (the clock aside: it runs between them)."""
    return {**view, "elapsed": 0} == {**other, "elapsed": 0}
