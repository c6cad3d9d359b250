"""Play subcommands: play, resume, stats."""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import shlex
import signal
import shutil
import socket
import sys
from pathlib import Path
from collections.abc import Callable, Iterable, Iterator

from cardtable.app import CorruptSave, Scoring, StorageError, Store, summarize
from cardtable.app.deals import NoWinnableDeal
from cardtable.app.service import Games
from cardtable.app.session import Session
from cardtable.app.storage import WRITE_WAIT, local_minute
from cardtable.app.stats import is_daily, to_csv, to_json, to_text
from cardtable.app.tallies import tallied
from cardtable.commands import TABLE_NAMES, UNUSABLE, UserError, add_option_argument, check_db_folder, database_path, deal_number, game_of, whole_number
from cardtable.solitaire import UnknownGame, get_variant
from cardtable.ui.terminal.layout import SMALLEST_SCREEN

LOCAL_PLAYER = "local"


WAITING = f"cardtable: waiting for the database: another program is writing to it (up to {WRITE_WAIT:g} s)"
"""Said when a save waits for another program holding the database (the store's timeout)."""


def _say_waiting() -> None:
    print(WAITING, file=sys.stderr, flush=True)


def _games(args: argparse.Namespace) -> Games:
    try:
        check_db_folder(args.db)
        store = Store(args.db, waiting=_say_waiting)
    except StorageError as error:
        raise UserError(str(error), UNUSABLE) from None
    return Games(store, args.player)


def _resume_words(games: Games, db: str | None, command: str = "resume") -> str:
    """`cardtable resume` (or another ``command``) as the player types it to come back to
    this database and player (the --db and --player in use, quoted for the shell)."""
    words = ["cardtable", command]
    if db:
        words += ["--db", os.path.abspath(games.store.path)]
    if games.player != (os.environ.get("CARDTABLE_PLAYER") or LOCAL_PLAYER).strip():
        words += ["--player", games.player]
    return shlex.join(words)


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _too_small() -> str:
    """Why the terminal can't hold the full-screen table ('' when it can)."""
    try:
        size = os.get_terminal_size(sys.stdout.fileno())
    except OSError:
        return ""
    if size.columns >= SMALLEST_SCREEN[0] and size.lines >= SMALLEST_SCREEN[1]:
        return ""
    return (
        f"the terminal is {size.columns}x{size.lines}; the full-screen table needs "
        f"{SMALLEST_SCREEN[0]}x{SMALLEST_SCREEN[1]}: typed commands instead (help lists them)"
    )


def _unfit() -> str:
    """Why the terminal can't show the full-screen table ('' when it can): one that
    draws only text (``TERM`` dumb, or unset outside Windows: Emacs's shell, say), or one
    too small."""
    term = os.environ.get("TERM", "")
    if term == "dumb" or (not term and os.name != "nt"):  # Windows's terminals set no TERM
        named = f"TERM={term}" if term else "no TERM set"
        return f"the terminal ({named}) can't draw the full-screen table: typed commands instead (help lists them)"
    return _too_small()


def _typed(plain: bool) -> bool:
    """Whether to play with typed commands: asked for, no terminal, or one that can't
    show the full screen (said so on standard error)."""
    if plain or not _interactive():
        return True
    unfit = _unfit()
    if unfit:
        print(f"cardtable: {unfit}", file=sys.stderr)
    return bool(unfit)


def typed_lines(stream: Iterable[str]) -> Iterator[str]:
    """The lines of ``stream``, bytes the locale's encoding can't read (UTF-8's, or the C
    locale's) as the replacement character U+FFFD: a stream that can be told to is read
    with surrogate escapes (a UTF-8 locale reads strictly, and the first such byte ended
    the game with a traceback), and a message would echo an escape as ``\\udcff``. A
    terminal that went away ends the lines as the end of input does."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="surrogateescape")
    try:
        for line in stream:
            yield line.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except OSError:  # the terminal went away (its reads fail): as the end of input
        return


def _hung_up(signum: int, frame: object) -> None:
    """A closed terminal (SIGHUP), or SIGTERM, ends a typed game's input, as Ctrl-D does: the game is
    put away as quit would leave it, a deal with nothing played not kept (the full screen
    quits the same way). Input ends rather than an interrupt being raised, so a hang-up
    that comes while the game is being put away can't cut that short."""
    try:
        os.close(sys.stdin.fileno())  # (its next read fails: ``typed_lines`` ends there)
    except (OSError, ValueError):
        pass


def _typed_out() -> Callable[[str], None]:
    """Where typed play writes: standard output, each message fitted to the terminal's
    width when it is one (piped, a message stays on one line)."""
    if not sys.stdout.isatty():
        return print
    from cardtable.ui.terminal.plain import wrapped

    return lambda text: print(wrapped(text, shutil.get_terminal_size().columns))


def _run(games: Games, game_id: int, session: Session, plain: bool, again: str, note: str = "") -> int:
    """Play the game typed or full screen; ``note``, a word about the game begun, is said
    where the player will see it (the full screen hides what went before it)."""
    if _typed(plain):
        if note:
            print(f"cardtable: note: {note}", file=sys.stderr)
        from cardtable.ui.terminal.plain import play_plain

        def prompt() -> None:
            if _interactive():
                print("> ", end="", flush=True)

        def unprompt() -> None:  # Ctrl-D or Ctrl-C at the prompt: what follows starts a line of its own
            if _interactive():
                print()

        for name in ("SIGHUP", "SIGTERM"):  # (no SIGHUP on Windows)
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), _hung_up)
        return play_plain(games, game_id, session, typed_lines(sys.stdin), _typed_out(), prompt, resume=again, unprompt=unprompt)
    from cardtable.ui.terminal.fullscreen import play_fullscreen

    games.store.waiting = None  # nothing may be printed over the full screen: a busy save is said in it
    return play_fullscreen(games, game_id, session, again, note)


def play(args: argparse.Namespace) -> int:
    """Start a game (the blackjack table too, as ``thunderjack`` sits at it)."""
    if args.game.strip().lower() in TABLE_NAMES:
        solitaire_only = [flag for flag, given in (("--deal", args.deal is not None), ("--winnable", args.winnable),
                          ("--daily", args.daily), ("--option", bool(args.option)), ("--scoring", args.scoring is not None),
                          ("--auto-build", args.auto_build is not None)) if given]
        if solitaire_only:
            raise UserError(f"{solitaire_only[0]} is for a solitaire game: the Thunderjack table takes --plain "
                            "(`cardtable thunderjack --help` lists its own)")
        return thunderjack(argparse.Namespace(**vars(args), rules=None, seed=None, new_table=False))
    game_of(args.game)
    games = _games(args)
    note = ""
    try:
        if args.scoring is not None or args.auto_build is not None:
            scoring = None if args.scoring is None else Scoring(args.scoring)
            games.choose(args.game, scoring, args.auto_build)
        if (args.winnable or args.daily) and args.deal is not None:
            raise UserError("name a deal, or ask for --winnable or --daily, not both")
        if args.daily:
            game_id, session = games.start_daily(args.game)
            if not session.daily:  # begun already today
                from cardtable.ui.terminal.plain import DAILY_AGAIN

                note = DAILY_AGAIN
        elif args.winnable:
            game_id, session = games.start_winnable(args.game)
        else:
            game_id, session = games.start(args.game, args.deal)
            if args.deal is not None:
                note = _left_before(games, session, game_id, _resume_words(games, args.db))
    except (ValueError, NoWinnableDeal) as error:
        raise UserError(str(error)) from None
    except StorageError as error:
        raise UserError(str(error), UNUSABLE) from None
    try:
        return _run(games, game_id, session, args.plain, _resume_words(games, args.db), note)
    except StorageError as error:
        raise UserError(str(error), UNUSABLE) from None


def _left_before(games: Games, session: Session, game_id: int, again: str) -> str:
    """What to say where the deal asked for by number is in play already, unfinished:
    this starts it afresh, and the earlier game waits to be resumed ('' if it is not)."""
    earlier = [r.id for r in games.store.unfinished(games.player)
               if r.variant == session.variant.id and r.deal == session.deal_number and r.id != game_id]
    if len(earlier) == 1:
        return (f"a new game of this deal begins; game {earlier[0]} of it, unfinished, is kept: "
                f"`{again} {earlier[0]}` goes on with it")
    if earlier:
        listed = ", ".join(map(str, earlier[:-1])) + f" and {earlier[-1]}"
        return f"a new game of this deal begins; games {listed} of it, unfinished, are kept: `{again} GAME` goes on with one"
    return ""


def _not_unfinished(games: Games, game_id: int) -> str:
    """Why the player's game ``game_id`` can't be resumed: it is over, or there is none."""
    ended = games.ended_as(game_id)
    if ended is not None:
        return f"game {game_id} is over ({ended}): only an unfinished game can be resumed"
    return f"there is no unfinished game {game_id}"


def resume(args: argparse.Namespace) -> int:
    """Continue an unfinished game: the one named, else the latest that reads back (one
    that does not is named on standard error and kept as it is); or list them."""
    if args.list and args.game_id is not None:
        raise UserError(f"--list or a game's number, not both: --list lists the unfinished games, {args.game_id} resumes game {args.game_id}")
    games = _games(args)
    if args.list:
        print(_unfinished_text(games, _resume_words(games, args.db)))
        return 0
    ids = games.store.unfinished_ids(games.player)
    if args.game_id is not None:
        if args.game_id not in ids:
            raise UserError(f"{_not_unfinished(games, args.game_id)}; `{_resume_words(games, args.db)} --list` lists those that are")
        ids = [args.game_id]
    if not ids:
        raise UserError("there is no unfinished game to resume; start one with `cardtable play GAME`")
    for game_id in ids:
        try:
            found = games.resume(game_id)
        except StorageError as error:  # CorruptSave included
            refusal = f"game {game_id} can't be resumed ({error}); it is kept as it is"
            if args.game_id is not None:  # the one asked for: nothing else is tried
                raise UserError(refusal, UNUSABLE) from None
            print(f"cardtable: {refusal}", file=sys.stderr)
            continue
        assert found is not None
        try:
            return _run(games, *found, args.plain, _resume_words(games, args.db))
        except StorageError as error:
            raise UserError(str(error), UNUSABLE) from None
    more = "" if len(ids) == 1 else "no unfinished game can be read back; "
    raise UserError(f"{more}`cardtable play GAME` starts another")


def _unfinished_text(games: Games, again: str) -> str:
    """The player's unfinished games, one a line, the latest first; ``again`` is the
    resume command they are continued with."""
    listed = games.store.unfinished(games.player)
    if not listed:
        return "No unfinished games."
    lines = ["game  last played       moves  name"]
    for record in listed:
        try:
            name = get_variant(record.variant).name
        except UnknownGame:
            name = record.variant
        session = _read_back(games, record.id)
        if is_daily(record.options):
            name += " (daily deal)"  # (its number, kept back while it is played, is the day's)
        elif session is not None:
            name += ", random deal" if session.is_deal_hidden else f", deal {record.deal}"
        if session is None:
            name += " (can't be read back; kept as it is)"
        lines.append(f"{record.id:>4}  {local_minute(record.updated):<16}  {record.moves:>5}  {name}")
    unread = len(games.store.unfinished_ids(games.player)) - len(listed)
    if unread:
        lines.append(f"({unread} more can't be read back; they are kept as they are)")
    lines.append(f"`{again} GAME` continues one (GAME is its number in the first column).")
    return "\n".join(lines)


def _read_back(games: Games, game_id: int) -> Session | None:
    """The saved game, if it loads (from its last position, so cheaply): a listed game
    that does not is marked, not offered as if ``resume`` could continue it."""
    try:
        return games.store.load(games.player, game_id)
    except CorruptSave:
        return None


def stats(args: argparse.Namespace) -> int:
    """Print statistics."""
    if args.game in TABLE_NAMES and args.by_options:
        raise UserError("--by-options is for the solitaire games: Thunderjack's statistics are of its rounds")
    game = None if args.game is None or args.game in TABLE_NAMES else game_of(args.game)  # before any reading
    variant = None if game is None else game.id
    none_yet = f"No finished {game.name} games yet." if game else "No finished games yet."
    check_db_folder(args.db)
    path = database_path(args.db)
    if args.game not in TABLE_NAMES and (not path.exists() or path.is_file() and _empty(path)):  # read, not made
        print({"json": "[]", "csv": to_csv([])}.get(args.format, none_yet), end="" if args.format == "csv" else "\n")
        return 0
    games = _games(args)
    if args.game in TABLE_NAMES:
        table = _table_stats(games, args.format)
        print(table or "No Thunderjack rounds yet.", end="" if args.format == "csv" else "\n")
        return 0
    unreadable: list[CorruptSave] = []
    if args.by_options:  # a breakdown the tallies don't keep: counted from the saved games
        results = summarize(games.store.records(games.player, variant, unreadable.append), by_options=True)
    else:  # the numbers the web's statistics give
        results, unreadable = tallied(games.store, games.player, variant)
    if args.format == "json":
        print(to_json(results))
    elif args.format == "csv":
        print(to_csv(results), end="")
    else:
        table = "" if variant else _table_stats(games, "text")
        blocks = [to_text(results) if results else none_yet] if results or not table else []
        print("\n\n".join(blocks + ([f"Thunderjack!: {table}"] if table else [])))
    for problem in unreadable:
        print(f"cardtable: {problem}; it is left out and kept as it is", file=sys.stderr)
    return 0


PLAYER_LENGTH = 64
"""The longest player name: a name is typed again to resume, and shown in lists."""


def _player(text: str) -> str:
    """A player's name, for argparse: not blank, not too long to type again."""
    name = text.strip()
    if not name:
        raise argparse.ArgumentTypeError("a player's name can't be blank")
    if len(name) > PLAYER_LENGTH:
        raise argparse.ArgumentTypeError(f"a player's name is at most {PLAYER_LENGTH} characters, not {len(name)}")
    from cardtable.ui.web.players import player_in

    return player_in(name) or name  # a browser's whole cookie value: its player, without the signature


def _table_seed(text: str) -> int:
    """A new table's seed, for argparse: as many bits as a random one has."""
    from cardtable.app.blackjack import SEED_BITS  # with numba: only once a seed is given

    return whole_number(text, 0, 1 << SEED_BITS, f"2**{SEED_BITS} - 1")


def _empty(path: Path) -> bool:
    """Whether the file at ``path`` holds nothing: read, not sized (a file of /proc is
    sized 0 and holds text, which is no database)."""
    try:
        with path.open("rb") as file:
            return not file.read(1)
    except OSError:
        return False  # (opened as a database, it is then said why not)


def _table_stats(games: Games, form: str) -> str:
    """The blackjack table's statistics as text ('' before any round), JSON or CSV."""
    from cardtable.app.blackjack import BlackjackTable
    from cardtable.ui.terminal.blackjack_text import render_history, render_stats

    try:
        stats = BlackjackTable(games.store, games.player).stats()
    except StorageError as error:
        print(f"cardtable: {error}; it is left out and kept as it is", file=sys.stderr)
        return ""
    if form == "json":
        return json.dumps(stats)
    if form == "csv":  # the totals, one row under its header (the rounds themselves are in the JSON)
        totals = {name: value for name, value in stats.items()  # (the other rule sets' words are the text's)
                  if not isinstance(value, (list, dict)) and name != "counted_apart"}
        written = io.StringIO()
        writer = csv.writer(written, lineterminator="\n")
        writer.writerows([list(totals), list(totals.values())])
        return written.getvalue()
    if not stats["rounds"] and not stats["counted_apart"]:
        return ""
    rounds = render_history(stats["history"])
    return render_stats(stats) + (f"\nlast rounds, newest first:\n{rounds}" if rounds else "")


def serve(args: argparse.Namespace) -> int:
    """Run the web server."""
    from cardtable.ui.web.server import serve as run_server

    try:
        socket.getaddrinfo(args.host, args.port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise UserError(f"can't listen on {args.host!r}: {getattr(error, 'strerror', None) or error}") from None
    try:
        check_db_folder(args.db)
        return run_server(args.host, args.port, args.db, args.workers)
    except StorageError as error:
        raise UserError(str(error), UNUSABLE) from None


def _positive(text: str) -> int:
    """A whole number of at least 1, for argparse."""
    if not text.isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return int(text)


def _port(text: str) -> int:
    """A TCP port, 1 to 65535, for argparse."""
    if not text.isdecimal() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 1 to 65535, not {text!r}")
    return int(text)


def thunderjack(args: argparse.Namespace) -> int:
    """Sit at the Thunderjack table (or another blackjack rule set)."""
    from cardtable.app.blackjack import BlackjackTable
    from cardtable.commands.blackjack import named_rules
    from cardtable.thunderjack import IllegalAction

    rules = None if args.rules is None else named_rules(args.rules).name
    store = None
    try:
        check_db_folder(args.db)
        store = Store(args.db, waiting=_say_waiting)
        table = BlackjackTable(store, args.player, rules, args.seed, aside=args.new_table)
    except CorruptSave as error:
        assert store is not None  # (the database opened: only the table in it can't be read)
        aside = f"{_resume_words(Games(store, args.player), args.db, 'thunderjack')} --new-table"
        raise UserError(f"{error}: `{aside}` keeps it aside and opens a new table "
                        "(with --player for a browser's player)", UNUSABLE) from None
    except IllegalAction as error:  # new rules refused mid-round, --new-table refused
        raise UserError(f"--new-table: {error}" if args.new_table else str(error)) from None
    except StorageError as error:
        raise UserError(str(error), UNUSABLE) from None
    note = table.changed  # a saved table's rules changed by --rules
    if args.seed is not None and table.table.shoe.seed != args.seed:
        note = "--seed is for a new table: this one was already open, and plays on with its own shoe"
    if _typed(args.plain):
        if note:
            print(f"cardtable: note: {note}", file=sys.stderr)
        from cardtable.ui.terminal.blackjack_text import play_plain as play_blackjack

        def prompt() -> None:
            if _interactive():
                print("> ", end="", flush=True)

        status = play_blackjack(table, typed_lines(sys.stdin), print, prompt)
    else:
        from cardtable.ui.terminal.blackjack_screen import play_fullscreen as blackjack_screen

        store.waiting = None  # (as for a solitaire game's full screen)
        status = blackjack_screen(table, note)
    if table.in_play:  # left mid-round: the round is saved as it stands
        print(f"The round in play is kept; `{_resume_words(Games(table.store, args.player), args.db, 'thunderjack')}` picks it up.")
    return status


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register play, resume, stats and serve."""

    def common(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--db", default=None, help="database file (default: $CARDTABLE_DB or the user data dir)")
        parser.add_argument(
            "--player", type=_player, default=os.environ.get("CARDTABLE_PLAYER") or LOCAL_PLAYER,
            help=f"player name for saved games, up to {PLAYER_LENGTH} characters (default: $CARDTABLE_PLAYER or {LOCAL_PLAYER})",
        )

    parser = subparsers.add_parser("play", help="play a game in the terminal", description="Play a game in the terminal.")
    parser.add_argument("game", help="game id, alias or title (see `cardtable games`)")
    add_option_argument(parser)
    parser.add_argument("--deal", type=deal_number, default=None, help="deal number (default: a random deal)")
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--winnable", action="store_true", help="a deal the solver proved winnable")
    choice.add_argument("--daily", action="store_true", help="today's deal: the same for everyone, proved winnable")
    parser.add_argument("--plain", action="store_true", help="typed commands instead of the full-screen table")
    parser.add_argument(
        "--scoring", choices=[s.value for s in Scoring], default=None,
        help="how to score: uniform (any game); standard, timed (standard, less 2 points every 10 seconds, with a "
        "bonus for a quick win) or vegas (Klondike-like games); kept for later games",
    )
    parser.add_argument(
        "--auto-build", action=argparse.BooleanOptionalAction, default=None,
        help="play safe cards home after each move (kept for later games)",
    )
    common(parser)
    parser.set_defaults(handler=play)
    parser = subparsers.add_parser(
        "resume", help="continue the last unfinished game",
        description="Continue the last unfinished game that reads back, or the one named; --list lists them.",
    )
    parser.add_argument("game_id", nargs="?", type=_positive, metavar="GAME", help="the game's number (see --list)")
    parser.add_argument("--list", action="store_true", help="list the unfinished games, the latest first")
    parser.add_argument("--plain", action="store_true", help="typed commands instead of the full-screen table")
    common(parser)
    parser.set_defaults(handler=resume)
    parser = subparsers.add_parser(
        "stats", help="print statistics",
        description="Print statistics of finished games, a block per game; GAME shows one game, and its games "
        "played with options (freecell[cells=6]) in blocks of their own.",
    )
    parser.add_argument("game", nargs="?", help="only this game (thunderjack: the blackjack table's)")
    parser.add_argument(
        "--format", choices=("text", "csv", "json"), default="text",
        help="text lists the recent games newest first, for reading, and the Thunderjack table's too; csv and "
             "json the solitaire games, oldest first, in time order (`stats thunderjack --format json` the table's)",
    )
    parser.add_argument("--by-options", action="store_true", help="one line per scoring and auto-build setting played with")
    common(parser)
    parser.set_defaults(handler=stats)
    parser = subparsers.add_parser(
        "thunderjack", help="play Thunderjack! (blackjack) in the terminal", description="Play Thunderjack! in the terminal."
    )
    parser.add_argument("--plain", action="store_true", help="typed commands instead of the full-screen table")
    parser.add_argument("--rules", default=None,
                        help="play this rule set from now on (see `cardtable blackjack rules`); without it a new table "
                             "plays thunderjack and an open one keeps its own")
    parser.add_argument("--seed", type=_table_seed, default=None,
                        help="seed of a new table's shoe, a whole number from 0 (default: random)")
    parser.add_argument("--new-table", action="store_true",
                        help="where the saved table can't be read back: keep it aside, under another name, and open a new one")
    common(parser)
    parser.set_defaults(handler=thunderjack)
    parser = subparsers.add_parser(
        "serve", help="play in the browser: run the web server",
        description="Run the web server: open the address it prints in a browser to play.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=8000, help="port, 1 to 65535 (default 8000)")
    parser.add_argument("--db", default=None, help="database file (default: $CARDTABLE_DB or the user data dir)")
    parser.add_argument(
        "--workers", type=_positive, default=1, help="server processes sharing the database (default 1)"
    )
    parser.set_defaults(handler=serve)
