"""The solver in play, over HTTP: the "still winnable?" setting and its verdicts, and
"show me", the solver's win played back.

The verdict is pushed on the game's WebSocket (``{"type": "winnable", ...}``) after each
move while the setting is on; ``GET /api/games/{id}/winnable`` is the same verdict for a
client that polls. Either way it is worked out off the event loop and never names a card.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import Field, StrictBool

from cardtable.app import StaleGame
from cardtable.app.hints import describe
from cardtable.app.showing import NoWin, give_up_reason
from cardtable.app.standing import SETTING, SETTING_TEXT
from cardtable.ui.web.api import PlayerCookie, _live, _player_game, indicator_on, player_of
from cardtable.ui.web.contract import BODY_ERRORS, Body, Whole, answers, shown_as, stale
from cardtable.ui.web.lean import documented, game_id_of, json_response, read_body
from cardtable.ui.web.shapes import SettingsOut, ShowOut, WinnableOut
from cardtable.ui.web.views import move_view, table_view, winnable_view

router = APIRouter(prefix="/api")

OFF = "the \"still winnable?\" indicator is off: turn it on in the settings first"


class SettingsIn(Body):
    """The player's settings that apply at once, to every game."""

    winnable: StrictBool = Field(description="say after each move whether the game can still be won")


@router.get("/settings", summary="The caller's settings that apply at once", response_model=SettingsOut,
            responses=answers(503))
async def settings(request: Request, response: Response, cardtable_player: PlayerCookie = None) -> dict[str, Any]:
    player = player_of(request, response, cardtable_player)
    return {"winnable": await indicator_on(_live(request), player), "winnable_text": SETTING_TEXT}


@router.post("/settings", summary="Change the caller's settings that apply at once", response_model=SettingsOut,
             responses=answers(503, *BODY_ERRORS), openapi_extra=documented(SettingsIn, game_id=False))
async def change_settings(request: Request, response: Response, cardtable_player: PlayerCookie = None) -> dict[str, Any]:
    body = await read_body(request, SettingsIn)
    player = player_of(request, response, cardtable_player)
    live = _live(request)
    await live.run(live.store.set_setting, player, SETTING, "1" if body.winnable else "0")
    return {"winnable": body.winnable, "winnable_text": SETTING_TEXT}


@router.get(
    "/games/{game_id}/winnable",
    summary="Whether the game can still be won from its current position (with the indicator on)",
    responses={200: {"model": WinnableOut, "description": "the verdict, or pending while it is worked out"},
               **answers(404, 409, 422, 503)},
    openapi_extra=documented(),
)
async def winnable(request: Request) -> Response:
    game_id = game_id_of(request)
    live = await _player_game(request, game_id)
    if not await indicator_on(_live(request), live.player):
        raise HTTPException(409, OFF)
    if live.session.given_up:
        raise HTTPException(409, f"game {game_id} was given up: there is nothing left to win; start a new game")
    if live.session.is_won:
        raise HTTPException(409, f"game {game_id} is won: there is nothing left to win")
    indicator = _live(request).indicator
    session = live.session
    verdict = indicator.remembered(session.history, (session.variant.id, session.deal_number))
    if verdict is None:
        indicator.submit(session.history, (session.variant.id, session.deal_number), (live.player, live.game_id))
    return json_response(winnable_view(live.game_id, live.version, verdict))


class ShowIn(Body):
    """A request to see the win from the table of the given version."""

    version: Whole = Field(ge=0, description="the version of the view the request was made on")
    give_up: StrictBool = Field(
        default=False, description="the player agrees to give the game up (needed where cards lie face down)")


@router.post(
    "/games/{game_id}/show",
    summary="Show me: the solver's win from the current position, as the tables to play back (the game is not moved)",
    responses={**shown_as(ShowOut, "a win to play back, or why there is none"),
               **answers(404, 503, *BODY_ERRORS, refused="stale version, or the game hides cards and give_up was not given")},
    openapi_extra=documented(ShowIn),
)
async def show(request: Request) -> Response:
    game_id = game_id_of(request)
    body = await read_body(request, ShowIn)
    live = await _player_game(request, game_id)
    detail = ""
    if body.version != live.version:
        detail = stale(live.version, body.version)
    elif give_up_reason(live.session) and not body.give_up:
        detail = f"{give_up_reason(live.session)}: send give_up to go on"
    if detail:
        return json_response({"detail": detail, "view": table_view(live.game_id, live.session, live.version)}, status=409)
    try:
        found, session, version, given_up = await _live(request).show(live, body.give_up)
    except StaleGame as refused:
        live = await _player_game(request, game_id)
        return json_response({"detail": str(refused), "view": table_view(live.game_id, live.session, live.version)},
                             status=409)
    view = table_view(live.game_id, session, version)
    if isinstance(found, NoWin):  # an answer, not a refusal: the search found nothing to show
        kept = ": the game goes on, not given up" if body.give_up and not given_up and not session.is_over else ""
        why = found.reason + (" (the game was given up)" if given_up else kept)
        return json_response({"found": False, "given_up": given_up, "text": why, "back": 0, "frames": [], "view": view})
    frames = [
        {"move": move_view(session, move), "home": [move_view(session, m) for m in found.built[step]] if found.built else [],
         "said": describe(found.states[step], move),
         "view": table_view(live.game_id, found.frame(session, step + 1), version)}
        for step, move in enumerate(found.moves)
    ]
    return json_response({"found": True, "given_up": given_up, "text": found.text, "back": found.back, "frames": frames,
                          "view": view})
