"""The Thunderjack table over HTTP: the player's view and their intents.

The table is read from the store on every request (so any server process may answer)
and saved only on the version the intent was made on; the view never carries the shoe
or, before the round is over, the dealer's hole card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BeforeValidator, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from cardtable.app.blackjack import Answer, BlackjackTable
from cardtable.thunderjack import IllegalAction
from cardtable.ui.web.api import PlayerCookie, player_of
from cardtable.ui.web.contract import BODY_ERRORS, Body, Whole, answers, shown_as, stale
from cardtable.ui.web.lean import documented, read_body
from cardtable.ui.web.live import LiveGames
from cardtable.ui.web.shapes import BlackjackRefused, BlackjackStatsOut, BlackjackTableOut, IntentOut

T = TypeVar("T")

router = APIRouter(prefix="/api/thunderjack")

Intent = Literal["toggle", "chip", "clear", "deal", "play", "hint", "stake"]


VALUE_LENGTH = 12
"""The longest text an intent's value may be."""

VALUE_SCHEMA = {"anyOf": [{"type": "string", "maxLength": VALUE_LENGTH}, {"type": "integer"}]}


def _text_or_whole(value: object) -> str:
    """An intent's value as text: text as sent, a whole number (a chip) as its digits."""
    if isinstance(value, str):
        if len(value) > VALUE_LENGTH:
            raise PydanticCustomError("text_too_long", f"must be at most {VALUE_LENGTH} characters long")
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    raise PydanticCustomError("text_or_whole", "must be text or a whole number")


class IntentIn(Body):
    """One intent at the table, made on the view of the given version."""

    intent: Intent
    version: Whole = Field(ge=0, description="the version of the view the intent was made on")
    value: Annotated[str, BeforeValidator(_text_or_whole), WithJsonSchema(VALUE_SCHEMA)] = Field(
        default="", description="the hand (toggle), chip value (chip: a number, as the table's chips are, or its digits "
        "as text) or action (play)")


def _table(request: Request, player: str) -> BlackjackTable:
    return BlackjackTable(request.app.state.live.store, player)


async def _off_loop(request: Request, work: Callable[[], T]) -> T:
    """``work()`` on a store thread: a table is read and saved on every request."""
    live: LiveGames = request.app.state.live
    return await live.run(work)


@router.get("", summary="The caller's Thunderjack table", response_model=None,
            responses={**shown_as(BlackjackTableOut, "the table"), **answers(409, 503)})
async def table_view(request: Request, response: Response, cardtable_player: PlayerCookie = None) -> dict[str, Any]:
    player = player_of(request, response, cardtable_player)
    return await _off_loop(request, lambda: _table(request, player).view())


@router.post(
    "/actions",
    summary="Act at the table",
    response_model=None,
    responses={**shown_as(IntentOut, "the intent's outcome, and the table after it"),
               **answers(503, *BODY_ERRORS, refused="stale version: the answer carries the table as it is (not where the "
                         "saved table can't be read back)", refusal=BlackjackRefused)},
    openapi_extra=documented(IntentIn, game_id=False),
)
async def intent(request: Request, response: Response, cardtable_player: PlayerCookie = None) -> Any:
    body = await read_body(request, IntentIn)
    player = player_of(request, response, cardtable_player)
    return await _off_loop(request, lambda: _intent(_table(request, player), body))


def _intent(table: BlackjackTable, body: IntentIn) -> Any:
    """The intent's answer (on a store thread: every step may read or write the store)."""
    if body.version == table.version:
        calls = {
            "toggle": lambda: table.toggle(body.value),
            "chip": lambda: table.chip_typed(body.value),
            "clear": table.clear, "deal": table.deal, "play": lambda: table.play(body.value),
            "hint": table.hint, "stake": table.fresh_stake,
        }
        answer = calls[body.intent]()
        if not answer.stale:  # else another request saved first: the table is reloaded
            return {"ok": answer.ok, "message": answer.message, "view": table.view()}
    return JSONResponse(
        {"detail": stale(table.version, body.version), "view": table.view()},
        status_code=409,
    )


@router.post(
    "/new-table",
    summary="Keep a damaged table aside and open a new one",
    description="Where the caller's saved table can't be read back (every other route then answers 409), it is kept "
    "in the database under another name, untouched, and a new table is opened with a fresh stake. Refused (409) "
    "while the saved table reads back: a table in play is never set aside.",
    response_model=None,
    responses={**shown_as(IntentOut, "what was kept, and the new table"), **answers(403, 409, 503)},
)
async def new_table(request: Request, response: Response, cardtable_player: PlayerCookie = None) -> Any:
    player = player_of(request, response, cardtable_player)
    return await _off_loop(request, lambda: _new_table(request, response, player))


KEPT_ASIDE = "the table that can't be read back is kept aside in the database, untouched; a new table is open"
NOTHING_ASIDE = "your saved table reads back (or there is none): only a table that can't be read back is set aside"


def _new_table(request: Request, response: Response, player: str) -> Any:
    """The new table's answer, or 409 where the saved table reads back (in a browser's
    words: the name it is kept under is the player's cookie, nothing to show)."""
    try:
        table = BlackjackTable(request.app.state.live.store, player, aside=True)
    except IllegalAction:
        response.status_code = 409  # (the answer made of ``response``: a new player's cookie goes with it)
        return {"detail": NOTHING_ASIDE}
    return {"ok": True, "message": KEPT_ASIDE, "view": table.view()}


@router.get("/stats", summary="The caller's Thunderjack statistics", response_model=None,
            responses={**shown_as(BlackjackStatsOut, "the statistics"), **answers(409, 503)})
async def stats(request: Request, response: Response, cardtable_player: PlayerCookie = None) -> dict[str, Any]:
    player = player_of(request, response, cardtable_player)
    return await _off_loop(request, lambda: _table(request, player).stats())

