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

from starlette.types import ASGIApp, Receive, Scope, Send

from cardtable.ui.web.lean import json_response

SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing, which any page may send."""

REFUSED = "a page from another site may not act for you here: open the game from this server's own page"


def same_origin(headers: Iterable[tuple[bytes, bytes]], scheme: str) -> bool:
    """Whether a request with ``headers`` (ASGI's raw pairs), sent over ``scheme`` (the
    ASGI scope's), came from this server's own page, or names no page at all. A
    browser's own word comes first (``Sec-Fetch-Site``, which no proxy in between
    changes); else the page's ``Origin`` must name the host the request was sent to
    (``Host``, or behind a proxy ``X-Forwarded-Host``), a scheme's default port or not,
    and a request that came encrypted must come from an encrypted page (a plain page on
    the same host is anyone's on the way). An encrypted page sending to a plain address
    is let through: a proxy in front may take the encryption off.

    >>> same_origin([(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8000")], "http")
    True
    >>> same_origin([(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8766")], "http")
    False
    >>> same_origin([(b"host", b"127.0.0.1:8000")], "http"), same_origin([(b"origin", b"null"), (b"host", b"x")], "http")
    (True, False)
    >>> same_origin([(b"host", b"cards.example:443"), (b"origin", b"https://cards.example")], "http")
    True
    >>> same_origin([(b"host", b"127.0.0.1:8000"), (b"origin", b"https://cards.example"), (b"sec-fetch-site", b"same-origin")], "http")
    True
    >>> same_origin([(b"host", b"cards.example"), (b"origin", b"http://cards.example")], "https")
    False
    """
    origin: str | None = None
    fetched: str | None = None
    hosts: set[str] = set()
    for name, value in headers:
        if name == b"origin":
            origin = value.decode("latin-1")
        elif name == b"sec-fetch-site":
            fetched = value.decode("latin-1").strip().lower()
        elif name in (b"host", b"x-forwarded-host"):
            hosts |= {_without_default_port(h.strip().lower()) for h in value.decode("latin-1").split(",")}
    if fetched is not None:  # the browser says where the page is: this server's, or typed or bookmarked
        return fetched in ("same-origin", "none")
    if origin is None:
        return True
    page = urlsplit(origin)
    if scheme in ENCRYPTED and page.scheme not in ENCRYPTED:
        return False
    return _without_default_port(page.netloc.lower(), page.scheme) in hosts - {""}


ENCRYPTED = frozenset({"https", "wss"})
"""Schemes whose requests travel encrypted."""


DEFAULT_PORTS = {"http": (":80",), "https": (":443",), "ws": (":80",), "wss": (":443",)}
"""The port each scheme takes when its address names none."""


def _without_default_port(netloc: str, scheme: str = "") -> str:
    """``netloc`` without a port its scheme takes by default (either scheme's, when the
    scheme is not known, as a ``Host`` header's is not)."""
    for port in DEFAULT_PORTS.get(scheme, (":80", ":443")):
        if netloc.endswith(port):
            return netloc[: -len(port)]
    return netloc


class SameOrigin:
    """ASGI middleware: a request that may change something (not GET, HEAD or OPTIONS)
    from another site's page is answered 403 with the API's error body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE and not same_origin(scope["headers"], scope["scheme"]):
            await json_response({"detail": REFUSED}, 403)(scope, receive, send)
            return
        await self.app(scope, receive, send)
