"""HEAD and OPTIONS on every address, as HTTP asks of a server.

HEAD is answered as GET is, without the body. OPTIONS names the methods an address
takes (204 with ``Allow``), or answers 404 where there is no such address. The
methods an address takes are read from the application's own routes, so the answers
cannot drift from what the server does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import orjson
from starlette.routing import Match, Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

IMPLICIT = ("HEAD", "OPTIONS")
"""Methods every address answers without its routes naming them (HEAD only where GET is)."""


def methods_of(routes: Sequence[object], path: str, skipped: frozenset[str] = frozenset()) -> list[str]:
    """The methods the ``routes`` take at ``path`` (none: no such address), leaving out
    the routes whose path is in ``skipped`` (a catch-all that answers every address)."""
    scope: Scope = {"type": "http", "path": path, "method": "GET", "root_path": ""}
    methods: set[str] = set()
    for route in routes:
        if getattr(route, "path", None) in skipped:
            continue
        if isinstance(route, Mount):
            if route.matches(scope)[0] is Match.FULL:
                methods.add("GET")
            continue
        taken = getattr(route, "methods", None)
        matches = getattr(route, "matches", None)
        if taken and matches is not None and matches(scope)[0] is not Match.NONE:
            methods |= set(taken) - set(IMPLICIT)
    return sorted(methods)


def allow(methods: list[str]) -> str:
    """The ``Allow`` header for an address taking ``methods``.

    >>> allow(["GET", "POST"]), allow(["POST"])
    ('GET, HEAD, OPTIONS, POST', 'OPTIONS, POST')
    """
    every = set(methods) | {"OPTIONS"} | ({"HEAD"} if "GET" in methods else set())
    return ", ".join(sorted(every))


class Methods:
    """ASGI middleware answering OPTIONS itself and HEAD as a GET without its body;
    ``allowed`` gives the methods an address takes."""

    def __init__(self, app: ASGIApp, allowed: Callable[[str], list[str]]) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        method = scope.get("method") if scope["type"] == "http" else None
        if method == "OPTIONS":
            await self._options(scope, send)
        elif method == "HEAD":
            await self.app({**scope, "method": "GET"}, receive, _bodiless(send))
        else:
            await self.app(scope, receive, send)

    async def _options(self, scope: Scope, send: Send) -> None:
        path = scope["path"]
        methods = self.allowed(path)
        if methods:
            headers = [(b"allow", allow(methods).encode())]
            await send({"type": "http.response.start", "status": 204, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        body = orjson.dumps({"detail": f"there is no {path}"})
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 404, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _bodiless(send: Send) -> Send:
    """``send`` passing a response's head on, and its body as nothing (its length kept)."""

    async def head_only(message: Message) -> None:
        if message["type"] != "http.response.body":
            await send(message)
        elif not message.get("more_body", False):
            await send({"type": "http.response.body", "body": b""})

    return head_only
