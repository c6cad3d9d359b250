"""Subcommands of the ``cardtable`` command, one module per family.

Each module has ``add_commands(subparsers)``, registering subcommands whose
``handler(args) -> int`` runs them. A handler raises ``UserError`` for bad input.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from cardtable.app.storage import StorageError, database_file, default_path
from cardtable.solitaire import UnknownGame, Variant, get_variant

OPTION_HELP = "a player option such as cells=3 or draw=3 (`cardtable rules GAME` lists a game's options); repeatable"


def described(help: str) -> str:
    """A command's one-line help as its description on its own page: a sentence.

    >>> described("solve a deal (verdict and moves)")
    'Solve a deal (verdict and moves).'
    """
    return help[:1].upper() + help[1:] + "."


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """``--option NAME=VALUE``, folded into the game's id by ``cli.main`` (``freecell[cells=3]``)."""
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=OPTION_HELP)


def with_options(game: str | None, options: list[str]) -> str | None:
    """The game's id with the options given on the command line folded in."""
    if not options:
        return game
    if not game:
        raise UserError("--option needs a game")
    if game.endswith("]") and "[" in game:  # options in the id too: one list of them
        return f"{game[:-1]},{','.join(options)}]"
    return f"{game}[{','.join(options)}]"


USAGE = 2
"""The exit status of input the user should fix (as argparse's own refusals)."""
UNUSABLE = 1
"""The exit status of a database, or a game saved in it, that can't be used (busy,
damaged, another program's): nothing in it was changed."""


class UserError(Exception):
    """Input the user should fix, or a database the command can't use; printed without a
    traceback, the command exiting with ``status``."""

    def __init__(self, message: str, status: int = USAGE) -> None:
        super().__init__(message)
        self.status = status


def whole_number(text: str, low: int, below: int | None = None, top: str = "") -> int:
    """``text`` as a whole number of at least ``low`` (and below ``below``), for argparse
    types; an ArgumentTypeError says what was expected (``top``: the highest, in words)."""
    try:
        number = int(text)
    except ValueError:
        number = low - 1
    if number < low or (below is not None and number >= below):
        wanted = f"of at least {low}" if below is None else f"from {low} to {top or below - 1}"
        raise argparse.ArgumentTypeError(f"expected a whole number {wanted}, not {text!r}")
    return number


def deal_number(text: str) -> int:
    """A deal number as typed, for argparse: digits 0-9, a minus sign allowed (the
    game's own range then says what it takes), nothing else (``٣``, ``3_000``).

    >>> deal_number("617"), deal_number("-6")
    (617, -6)
    """
    typed = text.strip()
    if not plain_digits(typed.removeprefix("-")):
        raise argparse.ArgumentTypeError(f"a deal number is written in the digits 0-9, not {text!r}")
    return int(typed)


def plain_digits(text: str) -> bool:
    """Whether ``text`` is digits 0-9 only (``int`` also reads ``٣`` and ``3_0``)."""
    return text.isascii() and text.isdigit()


def database_path(db: str | None) -> Path:
    """The database file a command uses (``--db``, else ``$CARDTABLE_DB`` or the user
    data dir's), as a full path."""
    try:
        return (default_path() if db is None else database_file(db)).expanduser().resolve()
    except StorageError as error:
        raise UserError(str(error)) from None


def check_db_folder(db: str | None) -> None:
    """Refuse a database named (by ``--db`` or ``$CARDTABLE_DB``) in a folder that does
    not exist: the default one's folder is made when missing, but a typo'd one should not be."""
    named = db or os.environ.get("CARDTABLE_DB") or None
    try:
        folder = database_file(named).expanduser().resolve().parent if named else None
    except StorageError as error:
        raise UserError(str(error)) from None
    if folder is None or folder.is_dir():
        return
    said = named if db else f"{named} ($CARDTABLE_DB)"
    above = next((a for a in (folder, *folder.parents) if a.exists()), None)
    if above is not None and not above.is_dir():
        raise UserError(f"can't put the database at {said}: {above} is a file, not a folder")
    raise UserError(f"can't open the database {said}: its folder does not exist")


TABLE_NAMES = ("thunderjack", "blackjack")
"""The blackjack table's names: ``play`` and ``stats`` take them beside the games."""


def game_of(name: str) -> Variant:
    """The game called ``name``, or a UserError that says where the games are listed (and,
    for the blackjack table, how it is reached)."""
    try:
        return get_variant(name)
    except UnknownGame as error:
        if name.strip().lower() in TABLE_NAMES:
            raise UserError("Thunderjack! is the blackjack table, not a solitaire game: `cardtable thunderjack` sits at "
                            "it, and `cardtable blackjack rules thunderjack` gives its rules") from None
        listed = " (`cardtable games` lists every game)" if error.no_such_game else ""
        raise UserError(f"{error}{listed}") from None


def usable_workers(asked: int) -> int:
    """``asked`` processes, or as many as the machine has cores when that is fewer (said
    on standard error): more would only share the cores and hold more memory."""
    cores = os.cpu_count() or 1
    if asked <= cores:
        return asked
    print(f"cardtable: --workers {asked} is more than this machine's {cores} cores: using {cores}", file=sys.stderr)
    return cores
