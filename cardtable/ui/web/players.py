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


ID_LENGTH = 22
"""The characters of a player id: 16 random bytes in URL-safe base64."""


def new_player() -> str:
    """A fresh, unguessable player id."""
    return secrets.token_urlsafe(16)


def player_in(cookie: str) -> str | None:
    """The player id in a whole cookie value as a browser shows it (the id, a dot, its
    signature), unchecked; None for text of another shape (a name typed in a terminal).

    >>> player = new_player()
    >>> player_in(sign(player, b"k" * 32)) == player, player_in("alice"), player_in("a.b")
    (True, None, None)
    """
    player, dot, mac = cookie.rpartition(".")
    shaped = len(player) == ID_LENGTH and len(mac) == 32 and all(c in "0123456789abcdef" for c in mac)
    return player if dot and shaped and all(c.isascii() and (c.isalnum() or c in "-_") for c in player) else None


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
