"""Requests from pages of other sites: refused where they would act for the player.

A browser sends the player's cookie with a request another page makes to this server
when that page is on the same host (another port counts as the same site), and names
the page's origin in ``Origin``. A request that changes anything (every POST) or
follows the player's games (the WebSocket) is refused unless that origin is this
server's own; a client that names no origin is not a page, and is let through.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

import orjson
from starlette.types import ASGIApp, Receive, Scope, Send

SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing, which any page may send."""

REFUSED = "a page from another site may not act for you here: open the game from this server's own page"


def same_origin(headers: Iterable[tuple[bytes, bytes]]) -> bool:
    """Whether a request with ``headers`` (ASGI's raw pairs) came from this server's own
    page, or names no page at all. Behind a proxy, the host the proxy was asked for
    counts too.

    >>> same_origin([(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8000")])
    True
    >>> same_origin([(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8766")])
    False
    >>> same_origin([(b"host", b"127.0.0.1:8000")]), same_origin([(b"origin", b"null"), (b"host", b"x")])
    (True, False)
    """
    origin: str | None = None
    hosts: set[str] = set()
    for name, value in headers:
        if name == b"origin":
            origin = value.decode("latin-1")
        elif name in (b"host", b"x-forwarded-host"):
            hosts.add(value.decode("latin-1").lower())
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() in hosts - {""}


class SameOrigin:
    """ASGI middleware: a request that may change something (not GET, HEAD or OPTIONS)
    from another site's page is answered 403 with the API's error body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE and not same_origin(scope["headers"]):
            body = orjson.dumps({"detail": REFUSED})
            headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
            await send({"type": "http.response.start", "status": 403, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)
