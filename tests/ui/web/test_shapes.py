"""Every success body is what /openapi.json publishes: the routes the random play of every
game does not reach (catalogue, rules, the latest game, statistics, Thunderjack), checked
strictly against the models the schema is made from."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel, ValidationError

from cardtable.app import Store
from cardtable.ui.web.server import create_app
from cardtable.ui.web.shapes import (
    BlackjackRefused, BlackjackStatsOut, BlackjackTableOut, CatalogueOut, IntentOut, RulesOut, ShowOut, StatsOut, TableOut,
)
from tests.ui.web.conforming import conforms


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(Store(tmp_path / "shapes.db")))


def _strict(model: type[BaseModel], text: str) -> None:
    model.model_validate_json(text, strict=True)


def test_the_catalogue_and_rules_are_as_published(client: TestClient) -> None:
    _strict(CatalogueOut, client.get("/api/games").text)
    _strict(RulesOut, client.get("/api/rules", params={"game": "klondike[draw=3]"}).text)


def test_a_won_game_its_statistics_and_the_latest_game_are_as_published(client: TestClient) -> None:
    won = client.post("/api/games", json={"game": "freecell", "deal": 1})
    shown = client.post(f"/api/games/{won.json()['id']}/show", json={"version": 0})
    conforms("show", shown.status_code, shown.text)
    version = 0
    for frame in ShowOut.model_validate_json(shown.text).frames:  # played out: a won game in the statistics
        body = frame.move.action.model_dump(exclude_none=True)
        answer = client.post(f"/api/games/{won.json()['id']}/actions", json={**body, "version": version})
        conforms("actions", answer.status_code, answer.text)
        version = answer.json()["view"]["version"]
    assert client.get(f"/api/games/{won.json()['id']}").json()["won"]
    client.post("/api/games", json={"game": "klondike-draw3", "deal": 5, "options": {"scoring": "vegas", "auto_build": True}})
    latest = client.get("/api/games/latest")
    assert latest.status_code == 200
    _strict(TableOut, latest.text)
    stats = client.get("/api/stats")
    _strict(StatsOut, stats.text)
    assert [row["game"] for row in stats.json()["recent"]] == ["freecell"]


def test_a_thunderjack_round_and_its_statistics_are_as_published(client: TestClient, tmp_path: Path) -> None:
    view = client.get("/api/thunderjack")
    _strict(BlackjackTableOut, view.text)
    for intent, value in (("chip", "50"), ("deal", ""), ("hint", "")):
        answer = client.post("/api/thunderjack/actions", json={"intent": intent, "value": value, "version": view.json()["version"]})
        _strict(IntentOut, answer.text)
        view = client.get("/api/thunderjack")
    while view.json()["actions"]:
        client.post("/api/thunderjack/actions", json={"intent": "play", "value": "stand", "version": view.json()["version"]})
        view = client.get("/api/thunderjack")
    stale = client.post("/api/thunderjack/actions", json={"intent": "deal", "version": view.json()["version"] + 5})
    assert stale.status_code == 409
    _strict(BlackjackRefused, stale.text)
    stats = client.get("/api/thunderjack/stats")
    _strict(BlackjackStatsOut, stats.text)
    assert stats.json()["rounds"] == 1 and len(stats.json()["history"]) == 1
    with sqlite3.connect(tmp_path / "shapes.db") as raw:  # a round as stored before its naturals were kept
        hands = json.loads(raw.execute("SELECT hands FROM blackjack_rounds").fetchone()[0])
        raw.execute("UPDATE blackjack_rounds SET hands = ?", (json.dumps([{k: v for k, v in h.items() if k != "natural"}
                                                                          for h in hands]),))
    _strict(BlackjackStatsOut, client.get("/api/thunderjack/stats").text)


def test_a_key_the_schema_does_not_name_is_caught(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": "klondike", "deal": 3})
    conforms("create", 201, created.text)
    with pytest.raises(ValidationError, match="extra"):
        conforms("create", 201, created.text[:-1] + ', "secret": 1}')
    with pytest.raises(ValidationError):
        conforms("create", 201, created.text.replace('"moves":0', '"moves":"0"'))
