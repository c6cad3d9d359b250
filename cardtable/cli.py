"""The ``cardtable`` command."""

from __future__ import annotations

import argparse
import errno
import os
import re
import sys
from importlib import metadata

from cardtable.app.storage_errors import StorageError
from cardtable.commands import UNUSABLE, UserError, blackjack, play, solitaire, solve, with_options
from cardtable.launch import INTERRUPTED


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="cardtable", description="Card games: solitaire and more.")
    parser.add_argument("--version", action="version", version=f"cardtable {_version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    solitaire.add_commands(subparsers)
    solve.add_commands(subparsers)
    play.add_commands(subparsers)
    blackjack.add_commands(subparsers)
    return parser


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each command's parser, by name."""
    found: dict[str, argparse.ArgumentParser] = next(
        a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    return found


def _commands_options(parser: argparse.ArgumentParser) -> set[str]:
    """Every option some command takes (``--db``, ``--deal``, ...)."""
    return {option for command in _commands(parser).values() for option in command._option_string_actions}


def _version() -> str:
    """The installed package's version."""
    try:
        return metadata.version("cardtable")
    except metadata.PackageNotFoundError:
        return "(not installed)"


_DASHED = re.compile(r"-\d")
"""A value that starts like a negative number (``-1-3``), which argparse would take for an option."""


_TAKES_DASHED = ("--deal", "--deals", "--blackjack-pays", "--thunderjack-pays", "--blitz-pays")
"""Options whose value may be mistyped negative: the command says what is wrong with it."""


def _values_kept(argv: list[str]) -> list[str]:
    """``--deals -1-3`` as ``--deals=-1-3``, so the command, not argparse's usage block,
    says what is wrong with the range.

    >>> _values_kept(["solve", "klondike", "--deals", "-1-3"])
    ['solve', 'klondike', '--deals=-1-3']
    """
    kept: list[str] = []
    for word in argv:
        if kept and kept[-1] in _TAKES_DASHED and _DASHED.match(word):
            kept[-1] = f"{kept[-1]}={word}"
        else:
            kept.append(word)
    return kept


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    _writable_anywhere()
    parser = build_parser()
    words = sys.argv[1:] if argv is None else argv
    early = words[0].split("=", 1)[0] if words else ""
    if early in _commands_options(parser) and early not in ("-h", "--help"):  # (`--db FILE stats`: no command yet)
        print(f"cardtable: {early} goes after the command it is for: cardtable COMMAND ... {early} ...; "
              "`cardtable --help` lists the commands", file=sys.stderr)
        return 2
    args, extra = parser.parse_known_args(_values_kept(words))
    command = getattr(args, "command", None)
    misplaced = [word for word in extra if word in _commands(parser) and word != command]
    if misplaced:  # (`./run.sh --db FILE stats` runs `serve --db FILE stats`)
        print(f"cardtable: {misplaced[0]} is a command, not a word {command} takes: a command goes first "
              f"(`./run.sh {misplaced[0]} ...`, `cardtable {misplaced[0]} ...`), its options after it", file=sys.stderr)
        return 2
    if extra:  # named by the command's own parser, so its usage is the one shown
        _parser_of(parser, getattr(args, "command", None)).error(f"unrecognized arguments: {' '.join(extra)}")
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        if hasattr(args, "option"):
            args.game = with_options(args.game, args.option)
        status: int = args.handler(args)
    except UserError as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return error.status
    except StorageError as error:  # a database a command could not read or write: said, and left as it is
        print(f"cardtable: {error}", file=sys.stderr)
        return UNUSABLE
    except BrokenPipeError as closed:  # the reader stopped reading (`| head`): what was done stands
        _stop_writing()
        return int(getattr(closed, "status", 0))
    except MemoryError:
        print("cardtable: the machine's memory ran out: ask for less (for the solver, a smaller --memory or --nodes)",
              file=sys.stderr)
        return solve.STOPPED
    except OSError as error:
        if error.errno not in WRITE_FAILURES:
            raise
        print(f"cardtable: can't write the output: {error.strerror}", file=sys.stderr)
        return solve.STOPPED
    except KeyboardInterrupt as stop:  # Ctrl-C (or a batch's kill): a word, not a traceback (games are saved as played)
        print(INTERRUPTED, file=sys.stderr)
        return int(getattr(stop, "status", 130))
    return status


WRITE_FAILURES = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})
"""Errors writing the output (a full disk, say), said in a line rather than a traceback."""


def _stop_writing() -> None:
    """Standard output pointed at nothing, once its reader is gone, so that the flush at
    exit does not fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _writable_anywhere() -> None:
    """Text a terminal's encoding can't show (a suit sign, an ellipsis on an ASCII or
    Latin-1 terminal) is written as a question mark, not raised as an error."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


def _parser_of(parser: argparse.ArgumentParser, command: str | None) -> argparse.ArgumentParser:
    """The parser of ``command`` (the top one when there is none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            chosen: argparse.ArgumentParser = action.choices[command]
            return chosen
    return parser


if __name__ == "__main__":
    raise SystemExit(main())
