"""The web server: the page, the JSON API and the WebSocket, on the SQLite store.

>>> sorted(create_app(Store(":memory:")).openapi()["paths"])[:2]
['/api/games', '/api/games/latest']
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import sys
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send

from cardtable.app import CorruptSave, StorageError, Store, StoreBusy
from cardtable.app.cores import pin
from cardtable.ui.web import collector
from cardtable.ui.web.api import REFUSED, router
from cardtable.ui.web.blackjack_api import router as blackjack_router
from cardtable.ui.web.contract import published
from cardtable.ui.web.docs_pages import add_docs
from cardtable.ui.web.solver_api import router as solver_router
from cardtable.ui.web.lane import GameLane
from cardtable.ui.web.lean import is_json
from cardtable.ui.web.limits import BodyLimit
from cardtable.ui.web.live import LiveGames
from cardtable.ui.web.methods import Methods, allow, methods_of
from cardtable.ui.web.origins import SameOrigin
from cardtable.ui.web.players import COOKIE
from cardtable.ui.web.views import catalogue
from cardtable.ui.web.workers import in_use_message, port_in_use, run_processes, spreads_connections, unservable

STATIC = Path(__file__).parent / "static"

RETRY_AFTER = 1
"""Seconds a client is asked to wait (``Retry-After``) before retrying when the database is busy."""

SERVING: dict[str, Any] = {"log_level": "warning", "access_log": False}
"""How uvicorn serves: warnings and errors only, no line per request."""

CATCH_ALL = "/api/{anything:path}"
"""The route answering an address under /api that no other route takes."""
EVERY_METHOD = ("GET", "POST", "PUT", "PATCH", "DELETE")
"""The methods the catch-all for /api answers (HEAD and OPTIONS: ``methods.Methods``;
any other: Starlette's 405, worded by ``not_taken`` too)."""
STARLETTES_405 = "Method Not Allowed"
"""Starlette's own detail of a 405, which names the methods of one route only."""

_PLACES = {"path": "in the address", "query": "in the query", "header": "header", "cookie": "cookie"}


def _field(location: tuple[Any, ...]) -> str:
    """What a validation error's location names, as a person would say it."""
    where, *names = location or ("body",)
    name = ".".join(str(n) for n in names)
    if where == "body":
        return name or "the request body"
    return f"the {name.replace('_', ' ')} {_PLACES.get(str(where), str(where))}".strip()


def _unknown_field(field: str) -> str:
    """Why a field the request does not take is refused, and where it belongs.

    >>> _unknown_field("colour")
    'colour is not a field this request takes'
    """
    said = f"{field} is not a field this request takes"
    if field.startswith("options."):  # a game's option given as a player's setting
        option = field.removeprefix("options.")
        said += f": a game's own options go in its id, as in \"game\": \"name[{option}=...]\""
    return said


def explain(problem: Mapping[str, Any]) -> str:
    """One validation error in plain words.

    >>> explain({"type": "int_parsing", "loc": ("body", "version"), "msg": "..."})
    'version must be a whole number'
    >>> explain({"type": "literal_error", "loc": ("body", "action"), "ctx": {"expected": "'deal' or 'undo'"}})
    "action must be one of 'deal' or 'undo'"
    """
    kind = str(problem.get("type", ""))
    context: Mapping[str, Any] = problem.get("ctx") or {}
    field = _field(tuple(problem.get("loc", ())))
    if kind == "json_invalid":
        why = str(context.get("error", "")).strip()
        return "the request body is not valid JSON" + (f" ({why[:1].lower()}{why[1:]})" if why else "")
    if kind == "missing" and field == "the request body":
        return "the request needs a JSON object as its body"
    if kind == "extra_forbidden":
        return _unknown_field(field)
    plain = {
        "missing": "is required",
        "string_type": "must be text (a JSON string)",
        "string_too_long": f"must be at most {context.get('max_length')} characters long",
        "string_too_short": f"must be at least {context.get('min_length')} characters long",
        "int_type": "must be a whole number",
        "int_parsing": "must be a whole number",
        "int_from_float": "must be a whole number",
        "int_parsing_size": "is far too large a number",
        "bool_type": "must be true or false",
        "bool_parsing": "must be true or false",
        "greater_than_equal": f"must be at least {context.get('ge')}",
        "less_than_equal": f"must be at most {context.get('le')}",
        "greater_than": f"must be more than {context.get('gt')}",
        "less_than": f"must be less than {context.get('lt')}",
        "literal_error": f"must be one of {context.get('expected')}",
        "enum": f"must be one of {context.get('expected')}",
        "model_attributes_type": "must be a JSON object",
        "model_type": "must be a JSON object",
        "dict_type": "must be a JSON object",
        "list_type": "must be a JSON list",
    }.get(kind)
    if plain is None:
        message = str(problem.get("msg", "is not valid"))
        return f"{field}: {message[:1].lower()}{message[1:]}"
    return f"{field} {plain}"


def server_secret(store: Store) -> bytes:
    """The key that signs player cookies: $CARDTABLE_SECRET, or one kept in the store."""
    named = os.environ.get("CARDTABLE_SECRET")
    if named:
        return named.encode()
    kept = store.setting("", "cookie_secret")
    if kept is None:
        kept = secrets.token_hex(32)
        store.set_setting("", "cookie_secret", kept)
    return kept.encode()


class Table(FastAPI):
    """The application: FastAPI, with ``front`` before it once set: the refusal of other
    sites' pages (``origins.py``), then the game lane, whose requests skip FastAPI's
    middleware (see ``lane.py``)."""

    front: ASGIApp | None = None

    def openapi(self) -> dict[str, Any]:
        """The API's document, as the server answers (``contract.published``)."""
        if self.openapi_schema is None:
            self.openapi_schema = published(super().openapi(), COOKIE)
        return self.openapi_schema

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.front is None:
            await super().__call__(scope, receive, send)
        else:
            await self.front(scope, receive, send)


def create_app(store: Store, lane: bool = True) -> FastAPI:
    """The ASGI application over ``store``.

    With ``lane`` (the default) the per-move game requests skip FastAPI's routing and
    middleware (see ``lane.py``); without it FastAPI routes them to the same endpoints,
    more slowly."""
    app = Table(
        title="cardtable",
        summary="Solitaire games played on the server; the page sees only what a player at a table would.",
        version="1",
        docs_url=None,
        redoc_url=None,
    )
    app.state.live = LiveGames(store)
    catalogue(frozenset())  # every game's entry made before the first visitor asks, not on the event loop
    app.state.secret = server_secret(store)
    app.include_router(router)
    app.include_router(solver_router)
    app.include_router(blackjack_router)
    rest = partial(FastAPI.__call__, app)
    app.front = SameOrigin(GameLane(rest, app, handlers=app.exception_handlers) if lane else rest)
    app.add_middleware(BodyLimit)
    app.add_middleware(Methods, allowed=lambda path: allowed_methods(app, path))

    @app.exception_handler(CorruptSave)
    async def corrupt(request: Request, error: CorruptSave) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=409)

    @app.exception_handler(StorageError)
    async def storage(request: Request, error: StorageError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=503)

    @app.exception_handler(StoreBusy)
    async def busy(request: Request, error: StoreBusy) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=503, headers={"Retry-After": str(RETRY_AFTER)})

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = list(error.errors())
        unreadable = any(p.get("type") == "json_invalid" for p in problems)
        detail = "; ".join(explain(p) for p in problems)
        whole_body = any(tuple(p.get("loc", ())) == ("body",) for p in problems)
        if whole_body and not is_json(request.headers.get("content-type", "")):
            detail += ", sent as Content-Type: application/json"
        return JSONResponse({"detail": detail}, status_code=400 if unreadable else 422)

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/thunderjack", include_in_schema=False)
    async def thunderjack_page() -> FileResponse:
        return FileResponse(STATIC / "thunderjack.html")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        headers = dict(error.headers or {})
        detail = str(error.detail)
        status = error.status_code
        if status == 405 and detail == STARLETTES_405:  # it names the methods of one route only, if any
            status, detail, headers = not_taken(app, request.method, request.url.path)
        return JSONResponse({"detail": detail}, status_code=status, headers=headers)

    @app.api_route(CATCH_ALL, methods=list(EVERY_METHOD), include_in_schema=False)
    async def unknown(request: Request, anything: str) -> None:
        raise HTTPException(*not_taken(app, request.method, f"/api/{anything}"))

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    add_docs(app)
    return app


def not_taken(app: FastAPI, method: str, path: str) -> tuple[int, str, dict[str, str]]:
    """The answer to ``method`` at ``path`` where no route takes it (status, detail,
    headers): a WebSocket's address asked over HTTP, an address that takes other
    methods, or no address at all.

    >>> app = create_app(Store(":memory:"))
    >>> for method, path in (("GET", "/api/games/1/ws"), ("POST", "/api/games/1/ws"), ("TRACE", "/api/x")):
    ...     print(not_taken(app, method, path)[:2])
    (426, '/api/games/1/ws is a WebSocket: open it as one (Upgrade: websocket)')
    (405, '/api/games/1/ws takes GET, not POST')
    (404, 'there is no /api/x')
    """
    if method == "GET" and socket_at(app, path):
        upgrade = {"Upgrade": "websocket", "Connection": "Upgrade"}
        return 426, f"{path} is a WebSocket: open it as one (Upgrade: websocket)", upgrade
    allowed = allowed_methods(app, path)
    if allowed:  # the address exists, for other methods
        return 405, f"{path} takes {' or '.join(allowed)}, not {method}", {"Allow": allow(allowed)}
    return 404, f"there is no {path}", {}


def allowed_methods(app: FastAPI, path: str) -> list[str]:
    """The methods the server's routes take at ``path`` (none: no such address), HEAD
    and OPTIONS aside; a WebSocket's address takes GET (that asks to upgrade).

    >>> app = create_app(Store(":memory:"))
    >>> allowed_methods(app, "/api/games"), allowed_methods(app, "/"), allowed_methods(app, "/api/nothing")
    (['GET', 'POST'], ['GET'], [])
    >>> allowed_methods(app, "/api/games/1/ws")
    ['GET']
    """
    routes = [*app.routes, *router.routes, *solver_router.routes, *blackjack_router.routes]
    taken = set(methods_of(routes, path, skipped=frozenset({CATCH_ALL})))
    return sorted(taken | {"GET"} if socket_at(app, path) else taken)


def socket_at(app: FastAPI, path: str) -> bool:
    """Whether ``path`` is the address of one of the server's WebSockets.

    >>> app = create_app(Store(":memory:"))
    >>> socket_at(app, "/api/games/1/ws"), socket_at(app, "/api/games/1")
    (True, False)
    """
    scope = {"type": "websocket", "path": path, "root_path": ""}
    return any(isinstance(route, WebSocketRoute) and route.matches(scope)[0] is Match.FULL
               for route in [*app.routes, *router.routes])


def served_app(store: Store) -> FastAPI:
    """The application a server process serves: ``create_app``, with its searching
    processes stopped as the server stops (the process may end without the
    interpreter's own cleanup, as uvicorn ends it with the signal that stopped it)."""
    app = create_app(store)
    app.router.on_shutdown.append(app.state.live.close)
    collector.settle()
    logging.getLogger("uvicorn.error").addFilter(_not_a_refusal)
    return app


REFUSED_SOCKET = "ASGI callable returned without completing handshake."
"""What uvicorn logs as an error of a WebSocket refused with an HTTP answer (a foreign
page's 403, another player's game's 404), since such a socket never completes its
handshake."""


def _not_a_refusal(record: logging.LogRecord) -> bool:
    """Whether a log line of the server is other than ``REFUSED_SOCKET`` said of a socket
    refused on purpose (``api.REFUSED``): one that returned without a word is still logged."""
    return not (REFUSED.get() and record.getMessage() == REFUSED_SOCKET)


def app_from_environment() -> FastAPI:
    """The application over the store named by ``CARDTABLE_DB`` (one per server process)."""
    return served_app(Store())


def where_to_open(host: str, port: int) -> str:
    """The address a player types to reach a server listening on ``host``: every
    interface (0.0.0.0, ::) is no address to open, so this machine's own is named, and
    its name on the network for the others.

    >>> where_to_open("127.0.0.1", 8000)
    'http://127.0.0.1:8000/'
    >>> where_to_open("::1", 8080)
    'http://[::1]:8080/'
    >>> where_to_open("0.0.0.0", 8080).startswith("http://127.0.0.1:8080/ here, or http://")
    True
    """
    if host in ("0.0.0.0", "::", ""):
        return f"http://127.0.0.1:{port}/ here, or http://{socket.gethostname()}:{port}/ from another machine"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, workers: int = 1) -> int:
    """Run the server until interrupted, in ``workers`` processes sharing the store."""
    import uvicorn

    refused = unservable(host, port) or (in_use_message(host, port) if port_in_use(host, port) else "")
    if refused:
        print(refused, file=sys.stderr)
        return 1
    store = Store(db)
    store.require_writable()  # a server that could save nothing is refused, not started
    server_secret(store)  # made once here, so every process signs with the same key
    print(f"cardtable: open {where_to_open(host, port)} in a browser (games saved in {store.path})", flush=True)
    if workers == 1:
        pin(0)  # the loop and its store threads on one core (app/cores.py)
        app = served_app(store)
        uvicorn.run(app, host=host, port=port, **SERVING)
        return 0
    store.close()
    if spreads_connections():
        return run_processes(host, port, str(store.path), workers)
    os.environ["CARDTABLE_DB"] = str(store.path)
    uvicorn.run(
        f"{__name__}:app_from_environment", factory=True, workers=workers, host=host, port=port, **SERVING
    )
    return 0
