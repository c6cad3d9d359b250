"""Players identified by a signed cookie: a random id plus its HMAC under the server's secret."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from functools import lru_cache

COOKIE = "cardtable_player"


def new_player() -> str:
    """A fresh, unguessable player id."""
    return secrets.token_urlsafe(16)


def sign(player: str, secret: bytes) -> str:
    """The cookie value for ``player``."""
    mac = hmac.new(secret, player.encode(), hashlib.sha256).hexdigest()[:32]
    return f"{player}.{mac}"


@lru_cache(maxsize=4096)
def verify(cookie: str | None, secret: bytes) -> str | None:
    """The player a cookie names, or None if it is missing or forged (remembered for
    the cookies seen last: every request of a player carries the same one).

    >>> secret = b"k" * 32
    >>> verify(sign("alice", secret), secret), verify("alice.0000", secret)
    ('alice', None)
    """
    if not cookie or "." not in cookie:
        return None
    player, _, mac = cookie.rpartition(".")
    expected = sign(player, secret).rpartition(".")[2]
    return player if player and hmac.compare_digest(mac, expected) else None
