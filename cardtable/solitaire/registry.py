"""Every variant by stable id and aliases.

The games register themselves when the ``cardtable.solitaire`` package is imported.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant

_BY_ID: dict[str, Variant] = {}
_LOOSE: dict[str, str] = {}
"""Every id, alias and title spelled loosely (``loose``), to the id it stands for."""


class UnknownGame(LookupError):
    """A game name that no variant answers to (``no_such_game``), or options it refuses.
    Where to find the list of games is for each interface to say."""

    def __init__(self, message: str, no_such_game: bool = False) -> None:
        super().__init__(message)
        self.no_such_game = no_such_game

    def __str__(self) -> str:
        return str(self.args[0])


_STRAY = re.compile(r"[^\w\s\-'’(),.&]")
"""A character no way of spelling a game's name has (letters, digits, spaces, and the
marks of its titles: - ' ( ) , . &)."""


def loose(name: str) -> str:
    """A game's name as a player may spell it: its letters and digits, lower case
    ("Tri Peaks", "tripeaks" and "tri-peaks" are one name).

    >>> loose("Baker's Dozen")
    'bakersdozen'
    """
    return re.sub(r"[^a-z0-9]", "", name.lower())


def register(variant: Variant) -> Variant:
    """Add a variant under its id, aliases and title, each spelled loosely (``loose``):
    no two games may share one."""
    names = (variant.id, *variant.aliases, variant.name)
    for name in names:
        if loose(name) in _LOOSE:
            raise ValueError(f"the game name {name!r} is taken (by {_LOOSE[loose(name)]!r})")
    _BY_ID[variant.id.lower()] = variant
    for name in names:
        _LOOSE[loose(name)] = variant.id.lower()
    return variant


def registered(variant_id: str) -> Variant | None:
    """The variant registered under exactly this id, if any (no aliases, no loading)."""
    return _BY_ID.get(variant_id.lower())


def variants() -> tuple[Variant, ...]:
    """Every registered variant, in registration order."""
    return tuple(_BY_ID.values())


def families(games: Iterable[Variant] | None = None) -> dict[str, tuple[Variant, ...]]:
    """``games`` (every registered variant if None), family by family (a family is the
    game its members derive from), each under the name of that game without its details
    in brackets; in the games' order.

    >>> [v.id for v in families()["Klondike"]][:2]
    ['klondike', 'klondike-draw3']

    A family whose short name another already has keeps its game's whole name:

    >>> spider = get_variant("spider")
    >>> list(families([spider, spider.derive(id="spider-x", name="Spider (x)", family="spider-x")]))
    ['Spider', 'Spider (x)']
    """
    grouped: dict[str, list[Variant]] = {}
    for variant in variants() if games is None else games:
        grouped.setdefault(variant.family_id, []).append(variant)
    named: dict[str, tuple[Variant, ...]] = {}
    for family, members in grouped.items():
        head = next((v for v in members if v.id == family), members[0])
        short = head.name.split(" (")[0]
        named[head.name if short in named else short] = tuple(members)
    return named


def get_variant(name: str) -> Variant:
    """The variant called ``name``: an id, an alias or its title, spelled exactly or
    loosely (``loose``).

    >>> get_variant("Klondike").id
    'klondike'
    >>> get_variant("Tri Peaks").id
    'tri-peaks'
    """
    key = name.strip().lower()
    if key.endswith("]") and "[" in key:
        return _with_options(key)
    stray = _STRAY.search(key)
    if stray is not None:  # loosely spelt is not anything at all: "klondike[[[" is no game
        options = " (options are written GAME[NAME=VALUE], as freecell[cells=3])" if stray.group() in "[]" else ""
        raise UnknownGame(f"unknown game {name!r}: a game's name has no {stray.group()!r}{options}", no_such_game=True)
    found = _BY_ID.get(_LOOSE.get(loose(key), ""))
    if found is None:
        names = list(_BY_ID) + [alias.lower() for v in _BY_ID.values() for alias in v.aliases]
        close = difflib.get_close_matches(key, names, n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise UnknownGame(f"unknown game {name!r}{hint}", no_such_game=True)
    return found


def _with_options(key: str) -> Variant:
    """``freecell[cells=3]``: a game played with options (see ``options.py``)."""
    from cardtable.solitaire.options import OptionError, parse_options, with_options

    base, _, rest = key.partition("[")
    if not rest[:-1].strip():
        raise UnknownGame(f"no options between the brackets of {key!r}: write them as {base}[NAME=VALUE]")
    try:
        variant = get_variant(base)
        return with_options(variant, parse_options(rest[:-1], variant), variants())
    except OptionError as error:
        raise UnknownGame(str(error)) from None
