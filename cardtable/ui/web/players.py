"""Players identified by a signed cookie: a random id plus its HMAC under the server's secret."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from functools import lru_cache

COOKIE = "cardtable_player"

LONGEST = 64
"""The most characters a cookie of this server's has (22 for the id, 1, 32 for the MAC):
a longer one is forged, and refused before it is checked or remembered."""


def new_player() -> str:
    """A fresh, unguessable player id."""
    return secrets.token_urlsafe(16)


def sign(player: str, secret: bytes) -> str:
    """The cookie value for ``player``."""
    mac = hmac.new(secret, player.encode(), hashlib.sha256).hexdigest()[:32]
    return f"{player}.{mac}"


def verify(cookie: str | None, secret: bytes) -> str | None:
    """The player a cookie names, or None if it is missing or forged.

    >>> secret = b"k" * 32
    >>> verify(sign("alice", secret), secret), verify("alice.0000", secret), verify("a." + "0" * 99, secret)
    ('alice', None, None)
    """
    if not cookie or len(cookie) > LONGEST:
        return None
    return _checked(cookie, secret)


@lru_cache(maxsize=4096)
def _checked(cookie: str, secret: bytes) -> str | None:
    """``verify``'s check of a cookie of a possible length, remembered for the cookies
    seen last (every request of a player carries the same one)."""
    if "." not in cookie:
        return None
    player, _, mac = cookie.rpartition(".")
    expected = sign(player, secret).rpartition(".")[2]
    return player if player and hmac.compare_digest(mac, expected) else None
