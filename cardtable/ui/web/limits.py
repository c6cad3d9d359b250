"""The request body's limits: a body too large for any request is refused, read no
further, and one that stops arriving is given up on."""

from __future__ import annotations

import asyncio

from fastapi import HTTPException
from fastapi.responses import JSONResponse
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024
"""The largest request body the server reads, in bytes: every request the page sends
is well under a kilobyte, so anything near this is a mistake or an attack."""

TOO_LARGE = f"the request body is too large: at most {MAX_BODY // 1024} KiB is accepted"

BODY_SECONDS = 20.0
"""The longest the server waits for the next part of a request body: a client that
sends part of one and stops (as a slow attack does) no longer holds its connection open."""

WHOLE_BODY_SECONDS = 60.0
"""The longest a whole request body may take to arrive (a byte every few seconds would
otherwise hold a connection for weeks)."""

TOO_SLOW = f"the request body stopped arriving, or came too slowly (at most {WHOLE_BODY_SECONDS:.0f} s)"


class BodyTooSlow(HTTPException):
    """A request body that stopped arriving."""

    def __init__(self) -> None:
        super().__init__(408, TOO_SLOW, headers={"Connection": "close"})


class BodyTooLarge(HTTPException):
    """A request body found, while reading it, to be over the limit."""

    def __init__(self) -> None:
        super().__init__(413, TOO_LARGE)


class BodyLimit:
    """ASGI middleware refusing (413) a request body over ``limit`` bytes: at once when
    its Content-Length says so, else as soon as the bytes streamed in pass the limit; and
    (408) one whose next part does not come within ``seconds``."""

    def __init__(
        self, app: ASGIApp, limit: int = MAX_BODY, seconds: float = BODY_SECONDS, whole: float = WHOLE_BODY_SECONDS,
    ) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds
        self.whole = whole

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and (len(declared) > 18 or int(declared) > self.limit):
            await _too_large(scope, receive, send)  # without reading a byte of it
            return
        seen = 0
        started = False
        whole = False
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.whole

        async def limited() -> Message:
            nonlocal seen, whole
            if whole:  # (a response waiting for the client to hang up waits as long as it likes)
                return await receive()
            try:
                async with asyncio.timeout(min(self.seconds, max(0.0, deadline - loop.time()))):
                    message = await receive()
            except TimeoutError:
                raise BodyTooSlow() from None  # an HTTPException: routes answer it as a 408
            if message["type"] == "http.request":
                whole = not message.get("more_body", False)
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge()  # an HTTPException: routes answer it as a 413
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, watched)
        except BodyTooLarge:
            if started:
                raise
            await _too_large(scope, receive, watched)
        except BodyTooSlow:  # (met outside a route, which answers it itself)
            if started:
                raise
            await JSONResponse({"detail": TOO_SLOW}, status_code=408, headers={"Connection": "close"})(scope, receive, watched)


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    await JSONResponse({"detail": TOO_LARGE}, status_code=413, headers={"Connection": "close"})(scope, receive, send)
