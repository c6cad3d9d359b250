"""Solitaire subcommands: games, rules, deal, moves, replay."""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from cardtable.app.hints import describe as moves_in_words
from cardtable.app.service import new_game_problem
from cardtable.cards.words import listed
from cardtable.commands import UserError, add_option_argument, deal_number, described, game_of
from cardtable.solitaire import State, UnknownGame, Variant, families, get_variant, interchangeable, is_won, legal_moves, variants
from cardtable.solitaire.formats import (
    FormatError,
    ReplayError,
    board_unwritable,
    format_move,
    format_state,
    freecell_board_from_fcs,
    freecell_board_to_fcs,
    freecell_words,
    game_to_json,
    looks_like_freecell,
    move_words,
    parse_freecell_solution,
    parse_move,
    parse_state,
    readable_freecell_words,
    render_state,
    replay_steps,
    require_freecell_like,
    uses_freecell_notation,
)
from cardtable.solitaire.model import Move, MoveKind
from cardtable.solitaire.rulebook import RULES_INDEX_HEAD, rules_index, rules_page

Handler = Callable[[argparse.Namespace], int]


def _variant(name: str) -> Variant:
    return game_of(name)


def start_deal(variant: Variant, deal: int) -> State:
    """The opening of ``deal``; a UserError for a deal the game does not have."""
    problem = new_game_problem(variant, deal, None)  # the range said as every command says it
    if problem is not None:
        raise UserError(problem)
    try:
        return variant.start(deal)
    except ValueError as error:
        raise UserError(f"{variant.name}: {error}") from None


def games(args: argparse.Namespace) -> int:
    """List every game, family by family (each headed by the name of the game it is named for)."""
    for n, (family, members) in enumerate(families().items()):
        print(("\n" if n else "") + family)
        for variant in members:
            aliases = f"  (also: {', '.join(variant.aliases)})" if variant.aliases else ""
            print(f"  {variant.id:22} {variant.name}{aliases}")
    return 0


def rules(args: argparse.Namespace) -> int:
    """Print a game's rules page, or write pages into a folder: the game's, or every
    game's with an index."""
    if args.write is not None:
        if not args.write.strip():
            raise UserError("--write needs a folder to write the pages into")
        games = (_variant(args.game),) if args.game is not None else variants()
        written = write_rules_pages(Path(args.write), games, index=args.game is None)
        print(f"wrote {written} rules page{'s' if written > 1 else ''} to {args.write}")
        return 0
    if args.game is None:
        raise UserError("name a game (see `cardtable games`), or give --write DIR")
    page = rules_page(_variant(args.game))
    if sys.stdout.isatty():  # read on a terminal: plain text; piped or redirected: the Markdown page
        from cardtable.ui.terminal.prose import plain_prose

        page = plain_prose(page, shutil.get_terminal_size().columns) + "\n"
    print(page, end="")
    return 0


def write_rules_pages(folder: Path, games: tuple[Variant, ...], index: bool = True) -> int:
    """Write ``<id>.md`` for each of ``games`` (and, with ``index``, ``README.md`` listing
    them) into ``folder``; return how many pages. A file already there is replaced only
    if it is a page of the same kind: nothing else in the folder is ever overwritten."""
    if folder.exists() and not folder.is_dir():
        raise UserError(f"{folder} is a file, not a folder: give --write a folder")
    pages = {folder / f"{variant.id}.md": (rules_page(variant), f"# {variant.name}\n") for variant in games}
    if index:
        pages[folder / "README.md"] = (rules_index(variants()), RULES_INDEX_HEAD)
    for path, (_, head) in pages.items():
        if path.exists() and not _starts_with(path, head):
            raise UserError(f"{path} is not a page cardtable wrote, and would be overwritten: choose another folder")
    if not folder.parent.is_dir():  # (as --csv: a folder is made, never the path to it)
        raise UserError(f"can't write the pages to {folder}: its folder {folder.parent} does not exist")
    try:
        folder.mkdir(exist_ok=True)
        for path, (text, _) in pages.items():
            path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UserError(f"can't write the pages to {folder}: {error.strerror or error}") from None
    return len(games)


def _starts_with(path: Path, head: str) -> bool:
    """Whether the file at ``path`` begins with ``head`` (False if it can't be read)."""
    try:
        with path.open(encoding="utf-8") as page:
            return page.read(len(head)) == head
    except (OSError, UnicodeDecodeError):
        return False


def deal(args: argparse.Namespace) -> int:
    """Print the opening layout of a deal."""
    variant = _variant(args.game)
    state = start_deal(variant, args.deal)
    if args.format == "json":
        print(game_to_json(variant, args.deal, []))
    elif args.format == "fcs":
        try:
            print(freecell_board_to_fcs(state), end="")
        except FormatError as error:
            raise UserError(str(error)) from None
    elif args.format == "picture":
        print(render_state(state), end="")
    else:
        print(format_state(state), end="")
    return 0


def describe(state: State, move: Move) -> str:
    """A move in words, such as ``7♥ onto 8♠``."""
    if move.kind is not MoveKind.MOVE:
        if move.kind is MoveKind.PAIR:
            assert move.source is not None
            cards = [state.piles[move.source][-1]]
            if move.target is not None:
                cards.append(state.piles[move.target][-1])
            return "remove " + " and ".join(c.symbol for c in cards)  # (the rules' word, as the hint's)
        return moves_in_words(state, move)  # a deal, or a redeal as what it does (turning the waste over, gathering)
    assert move.source is not None and move.target is not None
    card = state.piles[move.source][-move.count]
    onto = state.piles[move.target]
    where = f"onto {onto[-1].symbol}" if onto else f"to the empty {state.variant.piles[move.target].id.title}"
    more = f" (and {move.count - 1} on it)" if move.count > 1 else ""
    return f"{card.symbol}{more} {where}"


def moves(args: argparse.Namespace) -> int:
    """List the legal moves of a deal's opening."""
    variant = _variant(args.game)
    state = start_deal(variant, args.deal)
    for move, alike in alike_moves(state):
        also = f" (or {listed([variant.piles[p].id.name for p in alike], 'or')}: all alike)" if alike else ""
        print(f"{format_move(variant, move):14} {describe(state, move)}{also}")
    return 0


def alike_moves(state: State) -> list[tuple[Move, list[int]]]:
    """The legal moves, each move to an empty pile listed once for every empty pile it
    could go to that is interchangeable with it (FreeCell's four free cells), with those
    others: the list a player reads, not 32 ways of parking one of eight cards."""
    groups = {pile: group for group in interchangeable(state) for pile in group}
    listed_moves: dict[Move, list[int]] = {}
    first: dict[tuple[object, ...], Move] = {}
    for move in legal_moves(state):
        target = move.target
        if target is None or state.piles[target] or target not in groups:
            listed_moves[move] = []
            continue
        key = (move.kind, move.source, move.count, groups[target])
        if key in first:
            listed_moves[first[key]].append(target)
        else:
            first[key] = move
            listed_moves[move] = []
    return list(listed_moves.items())


def _read_text(name: str, what: str = "moves", option: str = "--moves") -> str:
    """The UTF-8 text of the file ``name`` (- for standard input), ``what`` it holds named
    by ``option`` in a refusal; a byte order mark before it (as some Windows editors
    save) is passed over."""
    if not name.strip():
        raise UserError(f"{option} names no file (the name is empty): give a file of {what}, or - for standard input")
    try:
        data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except OSError as error:
        raise UserError(f"can't read {name}: {error.strerror}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        where = "standard input" if name == "-" else name
        problem = f"{where} is not UTF-8 text (byte {error.start} can't be read)"
        raise UserError(f"{problem}: save the {what} as UTF-8") from None


SOLVERS_WORDS = re.compile(r"^Move (a card|the sequence|\d+ cards) (from|on top of) ", re.MULTILINE)
"""A move as Freecell Solver writes it in words (its output without -m)."""


def read_position(name: str, variant: Variant) -> State:
    """The position in the file ``name`` (- for standard input), as ``cardtable deal``
    or ``replay`` writes it (its last line, whether the game is won, passed over),
    checked to be one of ``variant``'s; in a game of Freecell Solver's notation, its
    board text too (``deal --format fcs``)."""
    where = "standard input" if name == "-" else name
    text = _read_text(name, "position", "--position")
    if not text.strip():
        raise UserError(f"{where} is empty: a position is what `cardtable deal` or `replay` writes")
    if uses_freecell_notation(variant) and not board_unwritable(variant) and not any(line.startswith("game:") for line in text.splitlines()):
        try:  # Freecell Solver's board text, as `cardtable deal --format fcs` and its own tools write it
            return freecell_board_from_fcs(text, variant)
        except FormatError as error:
            raise UserError(f"{where}: {error} (read as Freecell Solver's board text: a position as `cardtable deal` "
                            "writes it starts with its game: line)") from None
    try:
        state = parse_state("\n".join(line for line in text.splitlines() if not line.startswith("won:")))
    except FormatError as error:
        named = next((line.partition(":")[2].strip() for line in text.splitlines() if line.startswith("game:")), "")
        other = _named_game(named)
        if other is not None and other.id != variant.id:  # (said first: its piles can't be this game's)
            raise UserError(f"the position in {where} is of {other.name}, not {variant.name}") from None
        raise UserError(f"{where}: {error}") from None
    if state.variant.id != variant.id:
        raise UserError(f"the position in {where} is of {state.variant.name}, not {variant.name}")
    return state


def _named_game(name: str) -> Variant | None:
    """The game a position's ``game:`` line names, if it is one."""
    try:
        return get_variant(name) if name else None
    except UnknownGame:
        return None


def _start_of(args: argparse.Namespace, variant: Variant) -> State:
    """The deal's opening, or the position given (``--position``)."""
    if args.position is None:
        return start_deal(variant, 1 if args.deal is None else args.deal)
    if args.deal is not None:
        raise UserError("--deal and --position can't go together: the position is where play starts")
    return read_position(args.position, variant)


def replay_game(args: argparse.Namespace) -> int:
    """Play a move list from a deal and print the final position.

    Moves are played one at a time, so the first problem is the one reported, with its
    number and the move as the user wrote it. A FreeCell list is read whole first (as far
    as its first unreadable word), since a plain move to an empty column may only be
    resolved by the moves after it.
    """
    variant = _variant(args.game)
    if args.position == "-" and args.moves == "-":
        raise UserError("--position and --moves can't both be read from standard input: name a file for one")
    state = _start_of(args, variant)
    text = _read_text(args.moves)
    if SOLVERS_WORDS.search(text):
        raise UserError("the moves are Freecell Solver's in words ('Move a card from stack 4 to freecell 0'), which "
                        "replay does not read: `fc-solve -m -sn BOARD` (or -snx) writes them as replay reads them (4a, 7h)")
    listed = freecell_words(text)
    freecell = args.notation == "freecell" or (
        args.notation == "auto" and uses_freecell_notation(variant) and looks_like_freecell(listed)
    )
    if freecell:
        try:
            require_freecell_like(variant)
        except FormatError as error:
            raise UserError(str(error)) from None
    words = listed if freecell else move_words(text)
    unreadable: FormatError | None = None
    resolved: list[Move] = []
    if freecell:
        # Freecell Solver's lists are read whole: a move to an empty column may carry
        # whatever the moves after it need.
        readable, unreadable = readable_freecell_words(variant, words)
        resolved = parse_freecell_solution(state, readable)
        words = readable + words[len(readable) : len(readable) + 1]

    def read() -> Iterator[Move]:
        for number, word in enumerate(words, start=1):
            try:
                if number > len(resolved) and unreadable is not None:
                    raise unreadable
                yield resolved[number - 1] if freecell else parse_move(variant, word)
            except FormatError as error:
                raise UserError(f"move {number}: {error}") from None

    if not words:
        where = "standard input" if args.moves == "-" else args.moves
        print(f"cardtable: note: {where} holds no moves: the position shown is the one played from", file=sys.stderr)
    try:
        for state in replay_steps(state, read()):
            pass
    except ReplayError as error:
        print(f"cardtable: move {error.number} ({words[error.number - 1]}): {error.reason}", file=sys.stderr)
        return 1
    print(format_state(state), end="")
    print(f"won: {'yes' if is_won(state) else 'no'}")
    return 0 if is_won(state) else NOT_WON


POSITION_HELP = ("play from this position instead of a deal's opening: a file as `cardtable deal` or `replay` writes it, "
                 "or - for standard input")
"""What ``--position`` takes (``replay``, ``solve``)."""

NOT_WON = 3
"""``replay``'s exit status when every move was played but the game is not won (0: won,
1: a move was refused, 2: the input could not be read), so a script can check a solution."""


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the solitaire subcommands."""

    def command(name: str, handler: Handler, help: str) -> argparse.ArgumentParser:
        parser = subparsers.add_parser(name, help=help, description=described(help))
        parser.set_defaults(handler=handler)
        return parser

    def with_deal(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("game", help="game id, alias or title (see `cardtable games`)")
        add_option_argument(parser)
        parser.add_argument("--deal", type=deal_number, default=1, help="deal number (default 1)")

    command("games", games, "list every game with its id")
    parser = command("rules", rules, "print a game's rules, written from its declaration (Markdown when piped)")
    parser.add_argument("game", nargs="?", help="game id, alias or title")
    add_option_argument(parser)
    parser.add_argument(
        "--write", metavar="DIR", help="write the game's page into DIR; with no game, every game's page and an index"
    )
    parser = command("deal", deal, "print the opening layout of a deal")
    with_deal(parser)
    parser.add_argument(
        "--format",
        choices=("text", "json", "fcs", "picture"),
        default="text",
        help="text: the position (reads back exactly: replay and solve take it as --position); json: the game record; "
        "fcs: Freecell Solver's board text (FreeCell games); picture: a drawing",
    )
    with_deal(command("moves", moves, "list the legal moves of a deal's opening"))
    parser = command(
        "replay", replay_game,
        "play a move list from a deal; report the result (exit status 0 won, 3 not won, 1 a move refused, "
        "2 a move list that can't be read)",
    )
    with_deal(parser)
    parser.set_defaults(deal=None)  # (1 unless --position is given)
    parser.add_argument("--position", help=POSITION_HELP)
    parser.add_argument("--moves", required=True, help="file of moves, or - for standard input")
    parser.add_argument(
        "--notation",
        choices=("auto", "cardtable", "freecell"),
        default="auto",
        help="cardtable: t3>t5, t3>t5:3, deal, redeal, t25+waste; freecell: 3a, a7, 1h, 85 "
        "(as Freecell Solver writes them: 85v3 carries three cards, a plain move to an empty "
        "column one card, or, in a list without counts, what the moves after it need; its "
        "report lines around the moves are passed over); auto (the default): freecell for a "
        "game with free cells whose list reads as one, else cardtable",
    )
