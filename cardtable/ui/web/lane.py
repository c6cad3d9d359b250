"""The game lane: the requests a player makes on every move, answered without detours.

Opening a game, acting on it and asking where a card may go are most of the server's
traffic (and, for a client polling it, the "still winnable?" verdict). FastAPI's routing,
parameter machinery and middleware cost several times the game's own work per request,
so the lane stands in front of the application: it sends those requests straight to
their endpoints in ``api.py`` and ``solver_api.py`` (the same functions FastAPI documents
and would call), with only the body limit applied, and answers their mistakes with the
application's own exception handlers. Everything else goes on to FastAPI.

What the lane's requests go without: FastAPI's own telemetry (no span or timing is made
for them) and Starlette's error middleware (an unexpected error in one is answered by
uvicorn's plain 500 and logged by it, as the middleware would have answered and logged
it). Handlers the application registers by status code are not consulted for them.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from cardtable.ui.web import api, solver_api
from cardtable.ui.web.limits import MAX_BODY, BodyLimit

Endpoint = Callable[[Request], Awaitable[Response]]

ROUTES: tuple[tuple[str, re.Pattern[str], Endpoint], ...] = (
    ("GET", re.compile(r"/api/games/(-?[0-9]+)"), api.view),
    ("POST", re.compile(r"/api/games/(-?[0-9]+)/actions"), api.act),
    ("POST", re.compile(r"/api/games/(-?[0-9]+)/targets"), api.targets),
    ("GET", re.compile(r"/api/games/(-?[0-9]+)/winnable"), solver_api.winnable),
)
"""The lane's requests: method, address (the game id captured) and endpoint."""


class GameLane:
    """The ASGI front of the application ``app``: it answers ``ROUTES`` itself and passes
    every other request on to ``rest`` (the application's own middleware and routes).
    ``handlers`` maps exception types to the application's handlers (FastAPI's
    ``app.exception_handlers``)."""

    def __init__(
        self, rest: ASGIApp, app: object, handlers: Mapping[Any, Callable[..., Any]], limit: int = MAX_BODY
    ) -> None:
        self.rest = rest
        self.app = app
        self.handlers = handlers
        self._limited = BodyLimit(self._answer, limit)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = _route(scope) if scope["type"] == "http" else None
        if found is None:
            await self.rest(scope, receive, send)
            return
        endpoint, game_id = found
        scope = {**scope, "app": self.app, "endpoint": endpoint, "path_params": {"game_id": game_id}}
        await self._limited(scope, receive, send)

    async def _answer(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer a lane request: its endpoint's response, or its mistake's."""
        request = Request(scope, receive)
        try:
            response = await scope["endpoint"](request)
        except Exception as error:
            handler = self._handler(error)
            if handler is None:
                raise
            answer = handler(request, error)
            response = await answer if inspect.isawaitable(answer) else answer
        await response(scope, receive, send)

    def _handler(self, error: Exception) -> Callable[..., Any] | None:
        """The handler for ``error``'s nearest type, as Starlette would pick it."""
        for kind in type(error).__mro__:
            if kind in self.handlers:
                return self.handlers[kind]
        return None


def _route(scope: Scope) -> tuple[Endpoint, str] | None:
    """The endpoint and game id of a lane request, or None for any other request."""
    method, path = scope["method"], scope["path"]
    for wanted, pattern, endpoint in ROUTES:
        if method == wanted and (match := pattern.fullmatch(path)):
            return endpoint, match.group(1)
    return None
