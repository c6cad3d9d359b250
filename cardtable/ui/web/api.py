"""The JSON API and the WebSocket. Every answer to a client's mistake is a 4xx."""

from __future__ import annotations

import asyncio
import time
from contextvars import ContextVar
from collections.abc import Callable
from dataclasses import asdict
from functools import partial
from typing import Annotated, Any, Literal

import orjson
from fastapi import APIRouter, Cookie, HTTPException, Query, Request, Response, WebSocket, WebSocketDisconnect
from pydantic import Field, StrictBool

from cardtable.app import Chosen, Outcome, Scoring, Session, StaleGame, StorageError
from cardtable.app.deals import NoWinnableDeal
from cardtable.app.scoring import SCORE_WORDS
from cardtable.app.service import new_game_problem
from cardtable.app.standing import SETTING, Standing, Verdict
from cardtable.app.storage import GameOver
from cardtable.app.stats import game_name
from cardtable.app.tallies import player_stats
from cardtable.solitaire import UnknownGame, get_variant
from cardtable.ui.web.contract import BODY_ERRORS, Body, Count, Whole, answers, shown_as, stale
from cardtable.ui.web.lean import GAME_ID_LIMIT, documented, game_id_of, json_response, read_body
from cardtable.ui.web.live import LiveGame, LiveGames, NotAsLeft
from cardtable.ui.web.origins import same_origin
from cardtable.ui.web.players import COOKIE, new_player, sign, verify
from cardtable.ui.web.shapes import ActionOut, CatalogueOut, RulesOut, StatsOut, TableOut, TargetsOut
from cardtable.ui.web.views import catalogue, outcome_view, rules_view, table_view, winnable_view

router = APIRouter(prefix="/api")

ActionName = Literal[
    "move", "card_onto_card", "to_foundation", "play", "deal", "undo", "redo", "redo_all", "hint", "auto_finish",
    "restart", "bookmark", "to_bookmark",
]


class OptionsIn(Body):
    """A player's settings, kept for this game and later ones; one left out keeps what
    was saved."""

    auto_build: StrictBool | None = None
    scoring: Literal["uniform", "standard", "timed", "vegas"] | None = None


class Leaving(Body):
    """The game a new deal gives up, as the player last saw it."""

    game_id: Whole = Field(ge=1, description="the id of the player's latest unfinished game")
    version: Whole = Field(ge=0, description="the version of its view the player saw")


class NewGame(Body):
    """A request for a new game."""

    game: str = Field(max_length=60, description="game id, alias or title, from GET /api/games")
    # Bounded by the game's own deal numbers (checked in `create`, which names the range),
    # not here: a bound in the schema could only disagree with some game's.
    deal: Whole | None = Field(default=None, description="deal number, in the game's range; omitted: a random deal")
    pick: Literal["winnable", "daily"] | None = Field(
        default=None,
        description="with no deal named: a deal the solver proved winnable, or the day's deal (the same for "
        "everyone, proved winnable, counted apart in the statistics)",
    )
    options: OptionsIn | None = None
    leaving: Leaving | None = Field(
        default=None,
        description="the unfinished game the player agreed to give up, as seen: if the latest is another game "
        "or has moved on since (another tab played it), nothing is given up and the answer is 409; omitted, "
        "whatever game is the latest is given up",
    )


class ActionIn(Body):
    """One intent, made on the view of the given version."""

    action: ActionName
    version: Whole = Field(ge=0, description="the version of the view the action was made on")
    pile: str | None = Field(default=None, max_length=10, description="the card's pile, e.g. t3, waste")
    position: Whole = Field(default=-1, ge=-200, le=200, description="the card's place in its pile, 0 = bottom")
    target: str | None = Field(default=None, max_length=10, description="the pile to move to")


def _live(request: Request) -> LiveGames:
    live: LiveGames = request.app.state.live
    return live


def player_of(request: Request, response: Response, cookie: str | None) -> str:
    """The caller's player id, minting (and setting) a new one for a new browser."""
    secret: bytes = request.app.state.secret
    player = verify(cookie, secret)
    if player is None:
        player = new_player()
        response.set_cookie(COOKIE, sign(player, secret), httponly=True, samesite="lax", max_age=10 * 365 * 86400)
    return player


PlayerCookie = Annotated[str | None, Cookie(alias=COOKIE)]


async def _game(request: Request, player: str, game_id: int) -> LiveGame:
    try:
        return await _live(request).get(player, game_id)
    except KeyError:
        raise HTTPException(404, f"there is no game {game_id} for you") from None


@router.get("/games", summary="The catalogue of games", responses=shown_as(CatalogueOut, "every game"))
async def games(request: Request) -> Response:
    live = _live(request)
    offered = await live.run(live.deals.offered)  # a look at the store's solved deals
    # As it is: FastAPI's encoder took 14 ms over it.
    return json_response({"games": catalogue(offered), "scorings": SCORE_WORDS})


@router.get("/rules", summary="A game's rules, its options included", response_model=RulesOut, responses=answers(404, 422))
async def rules(
    game: Annotated[str, Query(min_length=1, max_length=60, description="game id, alias or title, with options: klondike[columns=9]")],
) -> dict[str, Any]:
    try:
        variant = get_variant(game)
    except UnknownGame as error:
        raise HTTPException(404, _unknown(error)) from None
    return rules_view(variant)


def _unknown(error: UnknownGame) -> str:
    """Why a game was not found, and where the games are listed."""
    return f"{error} (GET /api/games lists every game)" if error.no_such_game else str(error)


@router.post(
    "/games",
    status_code=201,
    summary="Start a game (a random deal unless one is named)",
    response_model=None,
    responses={**shown_as(TableOut, "the new game's table", 201), **answers(404, 409, 503, *BODY_ERRORS)},
    openapi_extra=documented(NewGame, game_id=False),
    description="Starts a game, giving up the player's latest unfinished one as lost (`leaving` names the game "
    "the player agreed to give up, so a game played meanwhile in another tab is not).",
)
async def create(request: Request, response: Response, cardtable_player: PlayerCookie = None) -> dict[str, Any]:
    body = await read_body(request, NewGame)
    player = player_of(request, response, cardtable_player)
    try:
        variant = get_variant(body.game)
    except UnknownGame as error:
        raise HTTPException(404, _unknown(error)) from None
    named = body.options
    options = None if named is None else Chosen(named.auto_build, None if named.scoring is None else Scoring(named.scoring))
    problem = new_game_problem(variant, body.deal, None)
    if problem is not None:  # no such deal
        raise HTTPException(404, problem)
    problem = None if options is None else new_game_problem(variant, None, options.scoring)
    if body.pick is not None and body.deal is not None:
        problem = f"name a deal or ask for a {body.pick} one, not both"
    if problem is not None:  # well formed, but against the game's rules: not a conflict with any game
        raise HTTPException(422, problem)
    leaving = None if body.leaving is None else (body.leaving.game_id, body.leaving.version)
    try:
        live = await _live(request).create(player, variant.id, body.deal, options, body.pick, leaving)
    except (NoWinnableDeal, NotAsLeft) as error:
        raise HTTPException(409, str(error)) from None
    return table_view(live.game_id, live.session, live.version)


@router.get(
    "/games/latest",
    summary="The caller's latest unfinished game",
    description="The table of the caller's latest unfinished game; 204, with no body, when there is none.",
    response_model=None,
    responses={**shown_as(TableOut, "the game's table"), **answers(409, 503), 204: {"description": "the caller has no unfinished game"}},
)
async def latest(request: Request, response: Response, cardtable_player: PlayerCookie = None) -> Any:
    player = player_of(request, response, cardtable_player)
    live_games = _live(request)
    game_id = await live_games.run(live_games.store.latest_unfinished, player)
    if game_id is None:  # not an error: a new player, or every game finished
        nothing = Response(status_code=204)
        nothing.raw_headers.extend(h for h in response.raw_headers if h[0] == b"set-cookie")  # a new player's cookie
        return nothing
    live = await _game(request, player, game_id)
    return table_view(live.game_id, live.session, live.version)


async def _player_game(request: Request, game_id: int, version: int | None = None) -> LiveGame:
    """The game, if the caller's cookie shows it is theirs (else 404); with ``version``,
    the copy in memory if it is at that version (see ``LiveGames.warm``).

    Only a browser that already has a player cookie can have games, so a missing or
    forged cookie is simply "no such game"; no new player is minted for it."""
    secret: bytes = request.app.state.secret
    player = verify(request.cookies.get(COOKIE), secret)
    if player is None:
        raise HTTPException(404, f"there is no game {game_id} for you")
    warm = None if version is None else _live(request).warm(player, game_id, version)
    return warm or await _game(request, player, game_id)


@router.get(
    "/games/{game_id}",
    summary="The caller's view of a game",
    responses={**shown_as(TableOut, "the game's table"), **answers(404, 409, 422, 503)},
    openapi_extra=documented(),
)
async def view(request: Request) -> Response:
    live = await _player_game(request, game_id_of(request))
    return json_response(table_view(live.game_id, live.session, live.version))


SHOWN_FOR = 0.1
"""Seconds a view made for an action's answer is sent again as it was (the WebSocket's
view of the same table, right after): within the clock's tenth of a second."""


def shown(live: LiveGame) -> Any:
    """The view of the game as it is in memory; the one made last if it shows the same
    version and is at most ``SHOWN_FOR`` old (an action's answer and the WebSocket's
    view after it are one table, made once)."""
    made, now = live.shown, time.monotonic()
    if made is None or made[0] is not live.session or made[1] != live.version or now - made[2] > SHOWN_FOR:
        made = live.shown = (live.session, live.version, now, table_view(live.game_id, live.session, live.version))
    return made[3]


def _refusal(live: LiveGame, body: ActionIn) -> str:
    """Why an action that names no card, or piles the game does not have, can't be
    taken ('' if it names them well). It is well formed, so it is answered like an
    illegal move: not taken, and why."""
    session = live.session
    names = session.pile_names
    if body.action in ("move", "card_onto_card", "to_foundation", "play"):
        if body.pile not in names:
            return _no_such_pile(session, body.action, body.pile, "the card's pile")
        index = names.index(body.pile)
        size = len(session.state.piles[index])
        if not -size <= body.position < size:  # (a card picked up from a table changed since, say)
            where = session.variant.piles[index].id.title
            holds = "no card" if not size else f"{size} card{'' if size == 1 else 's'}"
            return f"{where} holds {holds} now: there is no card at position {body.position} of it"
    if body.action in ("move", "card_onto_card") and body.target not in names:
        return _no_such_pile(session, body.action, body.target, "a target pile")
    return ""


def _no_such_pile(session: Session, action: str, named: str | None, needed: str) -> str:
    """An action naming no pile, or one the game does not have: which piles it has."""
    names = ", ".join(session.pile_names)
    if named is None:
        return f"{action} needs {needed}, one of {names}"
    return f"{session.variant.name} has no pile {named!r}: {action} needs {needed}, one of {names}"


SLOW_ACTIONS = ("hint", "auto_finish")
"""Actions that may search for a while: worked out off the event loop."""


def _dispatch(session: Session, body: ActionIn) -> Outcome:
    pile, target = body.pile or "", body.target or ""
    actions = {
        "move": lambda: session.move_card(pile, body.position, target),
        "card_onto_card": lambda: session.card_onto_card(pile, body.position, target),
        "to_foundation": lambda: session.to_foundation(pile, body.position, or_where_it_fits=True),  # a double-click
        "play": lambda: session.play_card(pile, body.position),
        "deal": session.deal,
        "undo": session.undo,
        "redo": session.redo,
        "redo_all": session.redo_all,
        "hint": session.hint,
        "auto_finish": session.auto_finish,
        "restart": session.restart,
        "bookmark": session.set_bookmark,
        "to_bookmark": session.to_bookmark,
    }
    return actions[body.action]()


async def indicator_on(live: LiveGames, player: str) -> bool:
    """Whether ``player`` turned the indicator on (asked of the server's games: a
    WebSocket has no request)."""
    return await live.run(live.store.setting, player, SETTING, "0") == "1"


@router.post(
    "/games/{game_id}/actions",
    summary="Act on a game",
    description="Plays one action on the table of the given version. The answer has the outcome (`ok`, `reason`, "
    "`events`) and the new `view`; a `hint` answer names the move (`kind`, `source`, `target`, `count`) and, "
    "in `action`, the body that plays it (add `version`): a deal or redeal is `deal`, a card paired alone `play`, "
    "a pair of two cards `card_onto_card`.",
    responses={**shown_as(ActionOut, "the action's outcome, and the table after it"),
               **answers(404, 503, *BODY_ERRORS, refused="stale version, or the game is over: the answer carries the table "
                         "as it is (not where the saved game can't be read back)")},
    openapi_extra=documented(ActionIn),
)
async def act(request: Request) -> Response:
    game_id = game_id_of(request)
    body = await read_body(request, ActionIn)
    live = await _player_game(request, game_id, body.version)
    live_games = _live(request)
    detail = f"game {game_id} was given up: it can't be played on; start a new game" if live.session.given_up else ""
    if body.version == live.version and not detail:
        if body.action == "hint":  # no hint toward a position "still winnable?" said is lost, where the player has it on
            live.session.told_lost = live_games.indicator.telling(await indicator_on(live_games, live.player))
        refusal = _refusal(live, body)
        play = (lambda trial: Outcome(False, refusal)) if refusal else (lambda trial: _dispatch(trial, body))
        try:
            quick = (lambda trial: trial.hint(quick=True)) if body.action == "hint" and not refusal else None
            outcome, session, version = await live_games.act(live, play, slow=body.action in SLOW_ACTIONS, quick=quick)
        except StaleGame as refused:
            if isinstance(refused, GameOver):
                detail = str(refused)
            live = await _game(request, live.player, live.game_id)
        else:
            same = live.session is session and live.version == version  # as the WebSocket will show it
            table = shown(live) if same else table_view(live.game_id, session, version)
            return json_response({**outcome_view(outcome, session), "view": table})
    if not detail:  # worded from the table as it is now: another action may have been saved first
        detail = stale(live.version, body.version)
    current = table_view(live.game_id, live.session, live.version)
    return json_response({"detail": detail, "view": current}, status=409)


class CardIn(Body):
    """A card, by its pile and place (0 = bottom; negative from the top), on the table of
    the given version when one is given."""

    pile: str = Field(max_length=10)
    position: Whole = Field(default=-1, ge=-200, le=200)
    version: Count | None = Field(
        default=None,
        description="the version of the view the card was picked up on: the answer is for that table when this "
        "process holds it (the move then carries the version and is checked as it is saved); omitted, or a version "
        "it does not hold, for the table as stored now",
    )


@router.post(
    "/games/{game_id}/targets",
    summary="Where a card (with what lies on it) may legally go (none for a card the table does not have)",
    description="Every view carries the same for each face-up card in its `targets` ({pile: {position: [piles]}}), "
    "so a page need not ask this for a drag.",
    responses={**shown_as(TargetsOut, "the piles the card may go to"), **answers(404, 409, 503, *BODY_ERRORS)},
    openapi_extra=documented(CardIn),
)
async def targets(request: Request) -> Response:
    game_id = game_id_of(request)
    body = await read_body(request, CardIn)
    live = await _player_game(request, game_id, body.version)
    places = live.session.targets(body.pile, body.position)
    why = "" if places else live.session.why_nowhere(body.pile, body.position)
    return json_response({"targets": places, "why": why, "version": live.version})


@router.get("/stats", summary="The caller's statistics", response_model=None,
            responses={**shown_as(StatsOut, "the statistics"), **answers(503)})
async def stats(request: Request, response: Response, cardtable_player: PlayerCookie = None) -> dict[str, Any]:
    player = player_of(request, response, cardtable_player)
    live_games = _live(request)
    summaries, finished, unreadable = await live_games.run(player_stats, live_games.store, player)
    return {
        "unreadable": [str(error) for error in unreadable],
        "stats": [asdict(s) for s in summaries],
        "recent": [
            {"game": r.variant, "name": game_name(r.variant), "deal": r.deal, "won": r.status == "won", "moves": r.moves, "score": r.score,
             "elapsed": round(r.elapsed), "when": r.updated}
            for r in finished
        ],
    }


FOLLOW_POLL = 1.0
"""Seconds between looks at the store for actions taken in another server process."""


REFUSED: ContextVar[bool] = ContextVar("refused", default=False)
"""Whether the WebSocket being served was refused with an HTTP answer (``_refuse``)."""


async def _refuse(socket: WebSocket, status: int, detail: str) -> None:
    """Refuse a WebSocket before it opens: with ``status`` and the API's error body,
    where the server can answer the handshake so; else by closing it with the code
    4000 + ``status`` and ``detail`` as its reason."""
    REFUSED.set(True)  # (read by the server's log, in the same task once the socket's call returns)
    if "websocket.http.response" in socket.scope.get("extensions", {}):
        await socket.send_denial_response(json_response({"detail": detail}, status))
    else:
        await socket.close(code=4000 + status, reason=detail)


@router.websocket("/games/{game_id}/ws")
async def watch(socket: WebSocket) -> None:
    """Send the player's view now and after every change, until the tab closes; with the
    "still winnable?" indicator on (as it was when the socket opened), each view's verdict
    follows it as a ``winnable`` message once worked out (a newer view's, if the table
    moved on meanwhile)."""
    if not same_origin(socket.scope["headers"], socket.scope["scheme"]):
        await _refuse(socket, 403, "a page from another site may not follow your games")
        return
    try:
        game_id = game_id_of(socket)
    except HTTPException as refused:  # answered as over HTTP, not with the bare 403 of a failed handshake
        await _refuse(socket, refused.status_code, str(refused.detail))
        return
    secret: bytes = socket.app.state.secret
    player = verify(socket.cookies.get(COOKIE), secret)
    live_games: LiveGames = socket.app.state.live
    judge = False
    try:
        live = await live_games.get(player or "", game_id) if player else None
        judge = player is not None and await indicator_on(live_games, player)
    except (KeyError, StorageError):
        live = None
    if player is None or live is None:
        await _refuse(socket, 404, f"there is no game {game_id} for you")
        return
    await socket.accept()
    changed = live_games.waiter(player, game_id)
    closed = asyncio.ensure_future(_listen(socket, partial(_sight, live_games, player, game_id, changed)))
    sent = judged = longer = -1  # (longer: the version a longer search was asked for)
    clock_sent = False  # whether the clock ran in the view sent last
    judging: asyncio.Future[tuple[int, Verdict | None]] | None = None
    woken, looked = False, time.monotonic()
    try:
        while not closed.done():
            # Woken by this process's own action, its game in memory is the one just saved;
            # the store is looked at anyway once a FOLLOW_POLL (for other processes' actions).
            live = live_games.latest(player, game_id) if woken and time.monotonic() - looked < FOLLOW_POLL else None
            if live is None:
                live, looked = await live_games.get(player, game_id), time.monotonic()
            if live.version != sent or live.session.clock_running != clock_sent:  # (the clock: a page hid the table)
                moved_on = live.version != sent
                await socket.send_text(orjson.dumps({"type": "view", "view": shown(live)}).decode())
                sent, clock_sent = live.version, live.session.clock_running
                if moved_on and judging is not None and longer == judged:  # a longer search of a table left behind: not waited for
                    judging.cancel()
                    judging = None
            if judge and judging is None and judged != sent and not (live.session.given_up or live.session.is_won):  # nothing left to win
                judging, judged = asyncio.ensure_future(live_games.verdict(live)), sent
            changed.clear()
            waiting = asyncio.ensure_future(changed.wait())
            watched = [closed, waiting] + ([judging] if judging is not None else [])
            await asyncio.wait(watched, timeout=FOLLOW_POLL, return_when=asyncio.FIRST_COMPLETED)
            woken = waiting.done()
            waiting.cancel()
            if judging is not None and judging.done():
                version, verdict = judging.result()
                judging = None
                if verdict is not None:
                    await socket.send_json({"type": "winnable", **winnable_view(game_id, version, verdict)})
                    if verdict.standing is Standing.UNKNOWN and not verdict.longer and longer != version == sent:  # once the table rests
                        judging, longer = asyncio.ensure_future(live_games.longer_verdict(live, version)), version
                elif version == sent and longer != version:  # skipped for a newer table that was then undone: ask again
                    judged = -1
    except (WebSocketDisconnect, RuntimeError, LookupError, StorageError):
        pass
    finally:
        closed.cancel()
        if judging is not None:
            judging.cancel()
        live_games.forget(player, game_id, changed)


async def _listen(socket: WebSocket, heard: Callable[[str], None]) -> None:
    """Hand ``heard`` each text the page sends, until it goes away."""
    try:
        while True:
            heard(await socket.receive_text())
    except (WebSocketDisconnect, RuntimeError):
        pass


SIGHT = {"away": LiveGames.away, "back": LiveGames.back}
"""What a page may send on its socket: ``{"type": "away"}`` when its table is out of
sight (a dialog over it, its tab hidden), ``{"type": "back"}`` when it shows again.
Anything else is ignored."""


def _sight(live_games: LiveGames, player: str, game_id: int, page: asyncio.Event, text: str) -> None:
    """A page's word on whether it shows the table (``SIGHT``): the clock waits while
    no page shows it."""
    try:
        said = orjson.loads(text)
    except orjson.JSONDecodeError:
        return
    told = SIGHT.get(str(said.get("type"))) if isinstance(said, dict) else None
    if told is not None:
        told(live_games, player, game_id, page)
