"""``cardtable solve``: one deal's verdict and solution, or a whole range classified."""

from __future__ import annotations

import argparse
import csv
import json
import os
import shlex
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TextIO
from urllib.parse import urlsplit

from cardtable.app import Options, Session
from cardtable.app.autoplay import auto_build, builds_home
from cardtable.app.service import new_game_problem
from cardtable.app.solved import WAIT, SolvedDeals
from cardtable.app.storage import StorageError
from cardtable.commands import (
    UserError, add_option_argument, check_db_folder, database_path, deal_number, described, game_of, usable_workers,
)
from cardtable.commands.deal_ranges import deal_ranges, parse_deals
from cardtable.commands.progress import ProgressLine
from cardtable.commands.solitaire import POSITION_HELP, read_position, start_deal
from cardtable.commands.stopping import INTERRUPTED, TERMINATED, Terminated, held_off, on_kill
from cardtable.kernel_cache import COMPILING, search_is_cached
from cardtable.solitaire import Move, State, Variant
from cardtable.solitaire.formats import (
    FormatError, format_freecell_solution, format_move, parse_moves, require_freecell_like, uses_freecell_notation,
)
from cardtable.commands.budget import budget_of
from cardtable.solver import Budget, Outcome, solve
from cardtable.solver.search import foreseen
from cardtable.solver.trapped import trapped
from cardtable.solver.batch import BatchStopped, DealResult, classify, deal_result, spent
from cardtable.solver.plot import plot
from cardtable.solver.summary import plural, summarize

EXIT = {Outcome.SOLVED: 0, Outcome.UNWINNABLE: 1, Outcome.UNKNOWN: 3}
"""The exit status of a one-deal solve, by verdict (2 stays for a usage error)."""

STOPPED = 4
"""The exit status of a batch that could not go on (its cluster went away, its workers
kept being lost, its database would not take the verdicts): not 1, which says a deal
can't be won, nor 2, a usage error."""

RAN_OUT = {
    "seconds": "the time ran out (--seconds gives more)",
    "nodes": "the positions ran out (--nodes gives more)",
    "memory": "the memory ran out (--memory gives more, in MB)",
}
"""What an unknown verdict says, by the budget that ran out."""


STORED_EVERY = 2.0
"""Seconds after a store that a batch's next verdict is stored (or at fifty of them): killed
outright, a batch loses only the verdicts since its last store."""

BATCH_ONLY = ("workers", "scheduler", "csv", "json", "plot", "again")
"""Options that only a range of deals (``--deals``) uses."""


def _one(variant: Variant, args: argparse.Namespace) -> int:
    given = [f"--{name}" for name in BATCH_ONLY if getattr(args, name) not in (None, False)]
    if given:
        verb = "is" if len(given) == 1 else "are"
        raise UserError(f"{' and '.join(given)} {verb} for a range of deals (--deals); one deal prints its verdict and moves")
    if args.position is not None:
        if args.deal is not None:
            raise UserError("--deal and --position can't go together: the position is what is solved")
        start = read_position(args.position, variant)
        return _solve_one(variant, None, start, budget_of(args), _freecell(variant, args), None)
    deal = 1 if args.deal is None else args.deal
    start = start_deal(variant, deal)
    freecell = _freecell(variant, args)
    budget = budget_of(args)
    _check_db(args)
    try:  # opened before the search: a damaged file is refused before any time is spent
        store = None if args.no_store else SolvedDeals(args.db)
    except StorageError as error:
        raise UserError(str(error), STOPPED) from None
    try:
        return _solve_one(variant, deal, start, budget, freecell, store)
    finally:
        if store is not None:
            store.close()


def _solve_one(variant: Variant, deal: int | None, start: State, budget: Budget, freecell: bool, store: SolvedDeals | None) -> int:
    """Search one deal (None: a position given, which no store keeps), print its verdict
    and moves, and keep the verdict in ``store``."""
    cached = search_is_cached()
    if not cached and trapped(start) is None:  # (a deal lost from the start needs no search: nothing compiles)
        print(COMPILING, file=sys.stderr, flush=True)
    began = time.perf_counter()
    result = solve(start, budget)
    if not cached:
        _compiled(time.perf_counter() - began - result.seconds)
    cost = "no search needed" if result.nodes == 0 and result.reason else f"{plural(result.nodes, 'position')}, {result.seconds:.2f} s"
    verdict = {
        Outcome.SOLVED: f"solved in {plural(len(result.moves), 'move')}",
        Outcome.UNWINNABLE: f"can't be won: {result.reason or 'every line of play was followed to a dead end'}",
        Outcome.UNKNOWN: f"unknown: {RAN_OUT.get(result.limit, 'the budget ran out')}",
    }[result.outcome]
    earlier = ""
    if store is not None and deal is not None:  # kept before anything is printed: a reader may stop reading
        if result.outcome is Outcome.UNKNOWN:
            earlier = _earlier(variant, deal, store)
        _store_one(deal_result(variant, deal, result), store)
    # The verdict goes to standard error and the moves alone to standard output, so
    # that `solve ... | replay ... --moves -` and `solve ... > moves.txt` just work.
    try:
        print(f"{variant.name}, {'the position given' if deal is None else f'deal {deal}'}: {verdict} ({cost})", file=sys.stderr)
        if earlier:
            print(earlier, file=sys.stderr)
        if result.thoughtful:
            print(f"(the solver knew {foreseen(start)}: thoughtful play)", file=sys.stderr)
        if result.solved:
            if deal is not None:
                print(_to_type(variant, deal, start, freecell, result.moves), file=sys.stderr)
            print(_written(start, result.moves, freecell), flush=True)
    except BrokenPipeError as closed:  # (`solve ... | head -1`): the verdict's status all the same
        closed.status = EXIT[result.outcome]  # type: ignore[attr-defined]
        raise
    return EXIT[result.outcome]


def _earlier(variant: Variant, deal: int, store: SolvedDeals) -> str:
    """What an earlier, larger search kept in the store found, where this one ran out
    ('' if none)."""
    try:
        kept = store.decided(variant.id, range(deal, deal + 1)).get(deal)
    except StorageError:
        return ""
    if kept is None:
        return ""
    found = f"solved it in {plural(kept.moves, 'move')}" if kept.outcome is Outcome.SOLVED else "proved it can't be won"
    return f"(an earlier search, kept in the store, {found}: a larger budget finds it again)"


def _to_type(variant: Variant, deal: int, start: State, freecell: bool, moves: Sequence[Move] = ()) -> str:
    """How a player plays the solution in the game, found by playing it so: typed a move
    at a time with auto-build on (as a new game plays), else pasted as one line (where
    auto-build waits for its end), else with auto-build off."""
    if freecell:
        return "(in Freecell Solver's notation: `--notation cardtable` writes the moves as `cardtable play` reads them)"
    play = f"cardtable play {shlex.quote(variant.id)} --deal {deal}"
    if not builds_home(variant) or _typed_as_they_are(variant, deal, moves):
        return f"(typed or pasted in play as they are: `{play}`)"
    off = (f"`{play} --no-auto-build`. The setting is kept for later games: `--auto-build` turns it on again")
    if auto_build(start)[1]:
        return (f"(typed or pasted in play with auto-build off: on, it sends cards home as the game is dealt, "
                f"ahead of the moves that play them: {off})")
    return (f"(pasted in play as one line: `{play}`; typed a move at a time, with auto-build off, which would "
            f"send cards home ahead of them: {off})")


def _typed_as_they_are(variant: Variant, deal: int, moves: Sequence[Move]) -> bool:
    """Whether ``moves``, typed one at a time in a game with auto-build on, are each
    played: auto-build never sends home a card a later move wants to move itself."""
    session = Session(variant, deal, Options(auto_build=True))
    return bool(moves) and all(session.play(move).ok for move in moves) and session.is_won


def _freecell(variant: Variant, args: argparse.Namespace) -> bool:
    """Whether solutions are written in Freecell Solver's notation."""
    if args.notation == "freecell" and not uses_freecell_notation(variant):
        try:
            require_freecell_like(variant)
        except FormatError as error:
            raise UserError(f"{error}; --notation cardtable writes it") from None
        raise UserError(f"{variant.name} has no free cells: its moves are written in cardtable's notation (--notation cardtable)")
    return args.notation == "freecell" or (args.notation == "auto" and uses_freecell_notation(variant))


def _written(start: State, moves: Sequence[Move], freecell: bool) -> str:
    """A solution from ``start`` written in Freecell Solver's notation, or cardtable's."""
    if not freecell or not moves:
        return " ".join(format_move(start.variant, move) for move in moves)
    try:
        return format_freecell_solution(start, list(moves))
    except FormatError as error:
        raise UserError(str(error)) from None


COMPILE_NOTE = 2.0
"""Seconds of first-time compiling past which the user is told why the wait was long."""


def _compiled(took: float) -> None:
    """Say why a solve took ``took`` seconds more than its search: the first run after an
    install compiles the search (``solve`` keeps that out of its own clock, and a deal
    lost from the start needs no search, so nothing is compiled for it). Called only
    where the search was not compiled on disk before: loading it on a busy machine can
    take as long, and is no compiling."""
    if took > COMPILE_NOTE:
        print(f"(the solver was compiled for this machine first: {took:.0f} s, once)", file=sys.stderr)


WAITING = f"cardtable: waiting for the database: another program is writing to it (up to {WAIT} s)"
"""Said when the verdict's write waits for another program holding the database."""


def _store_one(result: DealResult, store: SolvedDeals) -> None:
    """Add one verdict to the catalogue; a store that can't take it costs only a warning."""
    try:
        store.record([result], waiting=lambda: print(WAITING, file=sys.stderr, flush=True))
    except StorageError as error:
        print(f"cardtable: the verdict was not stored: {error}", file=sys.stderr)


class Progress:
    """A batch's progress: the deals searched and their verdicts so far."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total, self.done, self.solved, self.unwinnable = total, 0, 0, 0
        self.line = ProgressLine(stream)

    def step(self, result: DealResult) -> None:
        """Count one result and show it when due."""
        self.done += 1
        self.solved += result.outcome is Outcome.SOLVED
        self.unwinnable += result.outcome is Outcome.UNWINNABLE
        unknown = self.done - self.solved - self.unwinnable
        counts = f"{self.solved} solved, {self.unwinnable} proven unwinnable, {unknown} unknown"  # (as the summary says them)
        self.line.show(self.done, self.total, f"{self.done}/{self.total} deals: {counts}")


def _results(
    variant: Variant, deals: list[int], budget: Budget, args: argparse.Namespace, known: dict[int, DealResult]
) -> Iterator[DealResult]:
    if args.scheduler:
        from cardtable.solver.cluster import classify_on_cluster

        try:
            address = args.scheduler.rstrip("/")  # tcp://HOST:8786/ names the same scheduler; Dask takes no path
            yield from classify_on_cluster(address, variant.id, deals, budget, skip=known.__contains__, say=_say)
        except (ImportError, ValueError) as error:  # the command's to mend: usage
            raise UserError(f"can't use the cluster at {args.scheduler}: {error}") from None
        except (OSError, TimeoutError) as error:  # the cluster's: the batch could not go on
            raise BatchStopped(f"can't reach the cluster at {args.scheduler}: {error}",
                               [deal for deal in deals if deal not in known]) from None
    else:
        yield from classify(variant.id, deals, budget, usable_workers(args.workers or 1), skip=known.__contains__)


def _say(words: str) -> None:
    """Tell the user, on standard error, of what the batch waits for."""
    print(f"cardtable: {words}", file=sys.stderr, flush=True)


def _check_request(variant: Variant, deals: list[int], args: argparse.Namespace) -> None:
    """Refuse a batch whose deals or output files can't work, before any deal is solved."""
    if args.deal is not None:
        raise UserError("--deal and --deals can't go together: --deal solves one deal, --deals classifies a range")
    if args.workers is not None and args.workers < 1:
        raise UserError("--workers is at least 1")
    if args.again and args.no_store:
        raise UserError("--again and --no-store can't go together: --again solves anew the verdicts the store holds, "
                        "and --no-store reads none (every deal is solved anyway)")
    for deal in (deals[0], deals[-1]):
        problem = new_game_problem(variant, deal, None)
        if problem is not None:
            raise UserError(problem)
    if args.scheduler and not _is_address(args.scheduler):
        raise UserError(f"can't use the cluster at {args.scheduler}: a scheduler's address is like tcp://HOST:8786")
    if args.plot and Path(args.plot).suffix.lower() not in (".svg", ".png"):
        raise UserError(f"a plot is written as .svg or .png, not {Path(args.plot).name}")
    for name in (args.csv, args.json, args.plot):
        if name and Path(name).is_dir():
            raise UserError(f"can't write {name}: it is a folder")
        if name and not Path(name).resolve().parent.is_dir():
            raise UserError(f"can't write {name}: its folder does not exist")
    _check_outputs(args)
    for name in (args.csv, args.json, args.plot):
        if name:
            _check_writable(Path(name))
    if args.scheduler and args.workers is not None:
        raise UserError("--workers is for this machine's processes; with --scheduler the cluster's workers solve the deals")
    _check_db(args)


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse output files that are the database or one of SQLite's files beside it (it
    holds the saved games, ``--no-store`` or not), standard output, or one another."""
    outputs = [(flag, name) for flag, name in (("--csv", args.csv), ("--json", args.json), ("--plot", args.plot)) if name]
    for flag, name in outputs:
        if name == "-":
            raise UserError(f"{flag} - : name a file (standard output carries the summary)")
    named = [(flag, Path(name).resolve()) for flag, name in outputs]
    try:
        database = database_path(args.db)
    except UserError:
        if not args.no_store:
            raise
        database = None  # --no-store with a --db that names no usable file: none to keep apart
    if database is not None:
        beside = [database.with_name(database.name + end) for end in ("-wal", "-shm", "-journal")]
        for flag, path in named:
            if _same_file(path, database):
                raise UserError(f"{flag} {path} is the database the verdicts (and saved games) are kept in: name another file")
            if any(_same_file(path, own) for own in beside):
                raise UserError(f"{flag} {path} is one of the database's own files (saved games are kept there): name another file")
    for n, (flag, path) in enumerate(named):
        for other, again in named[n + 1 :]:
            if _same_file(path, again):
                raise UserError(f"{flag} and {other} name the same file, {path}: each writes a file of its own")


def _same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file: the same path, or (both existing) the same file
    on disk, as a hard link to the database is."""
    if one == other:
        return True
    try:
        return os.path.samefile(one, other)
    except OSError:  # one of them is not there yet: only the same path is the same file
        return False


def _check_writable(path: Path) -> None:
    """Refuse a file that can't be written (a read-only folder or file, a place no file
    can be made) before any deal is solved, not once the batch's results are in. A file
    made to find out is removed again; one that was there is left as it was, and what is
    not a plain file or a free name (a pipe, a link to nowhere) is left to the writing."""
    if os.path.lexists(path) and not path.is_file():
        return
    existed = path.exists()
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as error:
        raise UserError(f"can't write {path}: {error.strerror or error}") from None
    if not existed:
        path.unlink(missing_ok=True)


def _is_address(address: str) -> bool:
    """Whether ``address`` names a scheduler: ``[PROTOCOL://]HOST:PORT``.

    >>> _is_address("tcp://10.0.0.5:8786"), _is_address("localhost:8786"), _is_address("garbage")
    (True, True, False)
    """
    parsed = urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        port = parsed.port
    except ValueError:
        return False
    return bool(parsed.hostname) and port is not None and port > 0 and parsed.path in ("", "/")


def _check_db(args: argparse.Namespace) -> None:
    """Refuse a database in a folder that does not exist, or that is a folder, unless
    nothing is stored (before any search: a verdict should not be searched for nothing)."""
    if args.no_store:
        return
    check_db_folder(args.db)
    path = database_path(args.db)
    if path.is_dir():
        raise UserError(f"{path} is a folder, not a database file")


def _many(variant: Variant, deals: list[int], args: argparse.Namespace) -> int:
    _check_request(variant, deals, args)
    budget = budget_of(args)
    freecell = _freecell(variant, args)
    store = None
    known: dict[int, DealResult] = {}
    results: list[DealResult] = []  # there, whenever Ctrl-C or kill comes
    searching = False  # a store error before it is a database refused; after, verdicts not kept
    refused = False  # every deal searched, but the database did not take the last verdicts
    kept_all = not args.no_store  # every verdict reached is in the store (false once it refused one)
    try:
        if not args.no_store:
            store = SolvedDeals(args.db)
            if not args.again:
                wanted = set(deals)
                # (with the unknown this budget searched already: it would only run out again)
                known = {r.deal: r for r in store.results(variant.id) if r.deal in wanted
                         and (r.outcome is not Outcome.UNKNOWN or spent(r, budget, variant))}
        progress = Progress(len(deals))
        results = list(known.values())
        for result in known.values():
            progress.step(result)
        # One list of what was reached, stored from ``kept`` on: a Ctrl-C between two
        # appends can't leave a verdict counted but not stored (recording one again is harmless).
        kept, written = len(results), time.monotonic()
        searching = True
        if len(known) < len(deals) and args.scheduler is None and not search_is_cached():  # (a cluster's workers compile there)
            print(COMPILING, file=sys.stderr, flush=True)
        try:
            for result in _results(variant, deals, budget, args, known):
                results.append(result)
                progress.step(result)
                if store is not None and (len(results) - kept >= 50 or time.monotonic() - written > STORED_EVERY):
                    store.record(results[kept:])
                    kept, written = len(results), time.monotonic()
        except BaseException:  # (Ctrl-C, kill, a lost cluster: said as itself, not as a store that failed after it)
            if store is not None:
                try:
                    store.record(results[kept:])
                except StorageError:
                    kept_all = False
            raise
        if store is not None:
            store.record(results[kept:])
    except StorageError as error:
        if not searching:
            raise UserError(str(error), STOPPED) from None
        kept_all = False
        refused = len(results) == len(deals)
        stopped = "every deal was searched, but" if refused else f"the batch stopped after {plural(len(results) - len(known), 'deal')}:"
        print(f"\ncardtable: {stopped} the database did not take the verdicts ({error}); run the same command again "
              "to store them (deals whose verdicts were not stored are searched again)", file=sys.stderr)
        if not refused:
            _write_so_far(variant, results, args, freecell, budget, deals, kept_all, frozenset(known))
            return STOPPED
    except KeyboardInterrupt as stop:
        how = "stopped (kill)" if isinstance(stop, Terminated) else "interrupted"
        print(f"\ncardtable: {how}; {_so_far(results[len(known):], store is not None, args.again, len(known))}", file=sys.stderr)
        _write_so_far(variant, results, args, freecell, budget, deals, kept_all, frozenset(known))
        return TERMINATED if isinstance(stop, Terminated) else INTERRUPTED
    except BatchStopped as error:
        print(f"\ncardtable: {plural(len(error.left), 'deal')} not searched ({deal_ranges(error.left)}): {error}; "
              f"{_so_far(results[len(known):], store is not None, args.again, len(known))}", file=sys.stderr)
        _write_so_far(variant, results, args, freecell, budget, deals, kept_all, frozenset(known))
        return STOPPED
    finally:
        if store is not None:
            store.close()
    results.sort(key=lambda r: r.deal)
    summary = summarize(results)
    if known:
        its, it = ("its time", "it") if len(known) == 1 else ("their times", "them")
        print(f"({plural(len(known), 'verdict')} and {its} come from the store; --again solves {it} anew)")
    print(f"{variant.name}\n{summary.text()}")
    written = _write_files(variant, results, args, freecell, budget, deals, kept_all, frozenset(known))
    return STOPPED if refused or not written else 0


def _write_so_far(
    variant: Variant, results: list[DealResult], args: argparse.Namespace, freecell: bool, budget: Budget,
    deals: list[int], kept: bool, stored: frozenset[int] = frozenset(),
) -> None:
    """Write the files asked for with the results of a batch that stopped early (``kept``:
    every verdict reached is in the store)."""
    if not (args.csv or args.json or args.plot):
        return
    if not results:
        print("cardtable: no deal finished its search, so the files asked for were not written (any there "
              "already are as they were)", file=sys.stderr)
        return
    results.sort(key=lambda r: r.deal)
    if _write_files(variant, results, args, freecell, budget, deals, kept, stored):
        print(f"cardtable: the files asked for hold the {plural(len(results), 'deal')} decided or searched so far",
              file=sys.stderr)


def _so_far(done: list[DealResult], stored: bool, again: bool = False, known: int = 0) -> str:
    """What an interrupted batch did: its verdicts by kind, and what a new run does with
    them (``known``: verdicts it read from the store, which the files hold too).

    >>> from cardtable.solver.batch import DealResult
    >>> row = lambda outcome: DealResult("golf", 1, outcome, 0, 10, 0.1, True, "")
    >>> _so_far([row(Outcome.UNWINNABLE), row(Outcome.SOLVED), row(Outcome.UNKNOWN)], True, known=2)
    '1 solved and 1 proven unwinnable, kept in the store (run the same command again to go on); 1 unknown (kept too: searched again only with a larger budget); 2 more verdicts came from the store'
    >>> _so_far([], True)
    'no deal finished its search (run the same command again to go on)'
    """
    decided = [r for r in done if r.outcome is not Outcome.UNKNOWN]
    solved = sum(r.outcome is Outcome.SOLVED for r in decided)
    counts = f"{solved} solved and {len(decided) - solved} proven unwinnable"
    unknown = len(done) - len(decided)
    going_on = "run the same command without --again to go on" if again else "run the same command again to go on"
    earlier = f"; {plural(known, 'more verdict')} came from the store" if known else ""
    if not done:
        return f"no deal finished its search ({going_on})" + earlier if stored else "no deal finished its search"
    if not stored:
        return f"{counts}, {unknown} unknown: not kept (--no-store)"
    again_then = "kept too: searched again only with a larger budget"
    return f"{counts}, kept in the store ({going_on})" + (f"; {unknown} unknown ({again_then})" if unknown else "") + earlier


def _write_files(
    variant: Variant, results: list[DealResult], args: argparse.Namespace, freecell: bool, budget: Budget,
    deals: list[int], kept: bool, stored: frozenset[int] = frozenset(),
) -> bool:
    """Write the CSV, JSON and plot files asked for; solutions in the notation the
    one-deal solve prints (``--notation``). A file that can't be written then (a full
    disk) is said on standard error, with where the verdicts are (``kept`` in the store),
    and False returned: the batch's searching is not undone by it."""
    fields = ("game", "deal", "outcome", "moves", "nodes", "seconds", "thoughtful", "solution", "from_store")
    if freecell and (args.csv or args.json):
        results = [
            replace(r, solution=_written(variant.start(r.deal), parse_moves(variant, r.solution), True)) for r in results
        ]
    try:
        with held_off():
            _write_each(variant, results, args, fields, budget, deals, stored)
    except (OSError, ValueError) as error:
        named = getattr(error, "filename", None) or " or ".join(n for n in (args.csv, args.json, args.plot) if n)
        why = (error.strerror or error) if isinstance(error, OSError) else error
        where = ("the verdicts are kept in the store: run the same command again to write the files (only deals not "
                 "yet searched with this budget are searched)" if kept else "the verdicts were not kept (--no-store)" if args.no_store
                 else "the database did not take every verdict: the same command again searches those anew")
        print(f"cardtable: can't write {named}: {why}; {where}", file=sys.stderr)
        return False
    return True


def _write_each(
    variant: Variant, results: list[DealResult], args: argparse.Namespace, fields: tuple[str, ...], budget: Budget,
    deals: list[int], stored: frozenset[int] = frozenset(),
) -> None:
    """The files asked for, one after the other (OSError, ValueError: one can't be written);
    ``stored``: the deals whose verdicts were read from the store, searched earlier and
    perhaps with another budget, each marked so (``from_store``)."""
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(fields)
            for r in results:
                writer.writerow((r.game, r.deal, r.outcome.value, r.moves, r.nodes, f"{r.seconds:.4f}", int(r.thoughtful), r.solution,
                                 int(r.deal in stored)))
    if args.json:
        rows = [{**{f: getattr(r, f) for f in fields if f != "from_store"}, "outcome": r.outcome.value,
                 "from_store": r.deal in stored} for r in results]
        summary = summarize(results)
        interval = None if summary.interval is None else list(summary.interval)
        counts = {"solved": summary.solved, "unwinnable": summary.unwinnable, "unknown": summary.unknown}
        limits = {"seconds": budget.seconds, "nodes": budget.nodes, "memory_mb": budget.memory_mb}
        asked = {"deals": deal_ranges(deals), "complete": len(results) == len(set(deals))}  # (a batch stopped early)
        whole = {"game": variant.id, **asked, "share": summary.share, "interval": interval, **counts, "budget": limits,
                 "from_store": len(stored), "results": rows}
        Path(args.json).write_text(json.dumps(whole, indent=1), encoding="utf-8")
    if args.plot:
        earlier = f"; {len(stored)} from the store, searched earlier with their own" if stored else ""
        plot(results, f"{variant.name}: seconds per deal (this run's budget {budget.seconds:g} s{earlier})", Path(args.plot))


def _count(text: str) -> int:
    """A whole number, written with or without separators (``2,000,000``, ``2_000_000``)."""
    try:
        return int(text.replace(",", "").replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def solve_command(args: argparse.Namespace) -> int:
    """Solve one deal, or classify a range."""
    variant = game_of(args.game)
    if args.deals is None:
        return _one(variant, args)
    if args.position is not None:
        raise UserError("--deals and --position can't go together: a range of deals, or one position")
    deals = parse_deals(args.deals)
    if threading.current_thread() is not threading.main_thread():
        return _many(variant, deals, args)
    # A batch ended with kill (SIGTERM) ends as Ctrl-C ends it: its workers stopped, what
    # was reached stored and written.
    previous = signal.signal(signal.SIGTERM, on_kill)
    try:
        return _many(variant, deals, args)
    finally:
        signal.signal(signal.SIGTERM, previous)


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``solve``."""
    help = "solve a deal (verdict and moves), or classify a range of deals"
    parser = subparsers.add_parser("solve", help=help, description=described(help))
    parser.set_defaults(handler=solve_command)
    parser.add_argument("game", help="game id, alias or title (see `cardtable games`)")
    add_option_argument(parser)
    parser.add_argument("--deal", type=deal_number, default=None, help="the deal to solve (default 1)")
    parser.add_argument("--deals", help="classify these deals instead: 1-1000, or 1-10,20-30")
    parser.add_argument("--position", help=POSITION_HELP.replace("play from", "solve"))
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="time budget per deal, by the clock on the wall: a busy machine decides less (default 60)")
    parser.add_argument("--nodes", type=_count, default=2_000_000,
                        help="positions each of a deal's searches may store (default 2,000,000)")
    parser.add_argument("--memory", type=_count, default=None,
                        help="memory for a deal's store of positions, in MB (default 1536, or half the machine's memory where that is less; the process takes some 200 MB more)")
    parser.add_argument("--notation", choices=("auto", "cardtable", "freecell"), default="auto",
                        help="how to write solutions, printed or in --csv/--json files "
                        "(auto: Freecell Solver's for games with free cells)")
    parser.add_argument("--workers", type=int, default=None, help="processes for --deals (default 1)")
    parser.add_argument("--scheduler", help="run --deals on a Dask cluster (tcp://HOST:8786)")
    parser.add_argument("--csv", help="also write every result to this CSV file")
    parser.add_argument("--json", help="also write every result and the share to this JSON file")
    parser.add_argument("--plot", help="draw seconds per deal and verdicts (FILE.svg or FILE.png)")
    parser.add_argument("--db", default=None, help="database file (default: $CARDTABLE_DB or the user data dir)")
    parser.add_argument("--no-store", action="store_true", help="don't read or write verdicts in the database")
    parser.add_argument("--again", action="store_true", help="solve deals whose verdict is already stored")
