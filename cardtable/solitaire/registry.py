"""Every variant by stable id and aliases.

The games register themselves when the ``cardtable.solitaire`` package is imported.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant

_BY_ID: dict[str, Variant] = {}
_ALIASES: dict[str, str] = {}


class UnknownGame(LookupError):
    """A game name that no variant answers to (``no_such_game``), or options it refuses.
    Where to find the list of games is for each interface to say."""

    def __init__(self, message: str, no_such_game: bool = False) -> None:
        super().__init__(message)
        self.no_such_game = no_such_game

    def __str__(self) -> str:
        return str(self.args[0])


def register(variant: Variant) -> Variant:
    """Add a variant under its id and aliases; names are case-insensitive."""
    for name in (variant.id, *variant.aliases):
        key = name.lower()
        if key in _BY_ID or key in _ALIASES:
            raise ValueError(f"the game name {name!r} is taken")
    _BY_ID[variant.id.lower()] = variant
    for alias in variant.aliases:
        _ALIASES[alias.lower()] = variant.id.lower()
    return variant


def registered(variant_id: str) -> Variant | None:
    """The variant registered under exactly this id, if any (no aliases, no loading)."""
    return _BY_ID.get(variant_id.lower())


def variants() -> tuple[Variant, ...]:
    """Every registered variant, in registration order."""
    return tuple(_BY_ID.values())


def get_variant(name: str) -> Variant:
    """The variant called ``name`` (an id or an alias).

    >>> get_variant("Klondike").id
    'klondike'
    """
    key = name.strip().lower()
    if key.endswith("]") and "[" in key:
        return _with_options(key)
    found = _BY_ID.get(_ALIASES.get(key, key))
    if found is None:
        names = list(_BY_ID) + list(_ALIASES)
        close = difflib.get_close_matches(key, names, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise UnknownGame(f"unknown game {name!r}{hint}", no_such_game=True)
    return found


def _with_options(key: str) -> Variant:
    """``freecell[cells=3]``: a game played with options (see ``options.py``)."""
    from cardtable.solitaire.options import OptionError, parse_options, with_options

    base, _, rest = key.partition("[")
    try:
        return with_options(get_variant(base), parse_options(rest[:-1]), variants())
    except OptionError as error:
        raise UnknownGame(str(error)) from None
