"""The ``cardtable`` command."""

from __future__ import annotations

import argparse
import sys

from cardtable.commands import UserError, blackjack, play, solitaire, solve, with_options


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="cardtable", description="Card games: solitaire and more.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    solitaire.add_commands(subparsers)
    solve.add_commands(subparsers)
    play.add_commands(subparsers)
    blackjack.add_commands(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    try:
        if hasattr(args, "option"):
            args.game = with_options(args.game, args.option)
        status: int = args.handler(args)
    except UserError as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return status


if __name__ == "__main__":
    raise SystemExit(main())
