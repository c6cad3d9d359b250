"""The solver's verdicts on deals, kept in the same SQLite file as the saved games.

A deal keeps its best-known verdict: a proof (solved or unwinnable) is never replaced by
an "unknown" from a smaller budget, so classifying again only adds knowledge.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from datetime import datetime, timezone
from pathlib import Path

from cardtable.app.searches import HERE, Searcher
from cardtable.app.standing import Indicator
from cardtable.app.storage import Store, StorageError
from cardtable.app.storage_errors import begin_write, failing_as
from cardtable.solver.batch import DealResult
from cardtable.solver.search import Outcome

_KEEP_PROOFS = """INSERT INTO solver_results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (game, deal) DO UPDATE SET
        outcome = excluded.outcome, moves = excluded.moves, nodes = excluded.nodes,
        seconds = excluded.seconds, thoughtful = excluded.thoughtful,
        solution = excluded.solution, at = excluded.at
    WHERE excluded.outcome != 'unknown' OR solver_results.outcome = 'unknown'"""


WAIT = 30
"""Seconds a write of verdicts waits for another program holding the database."""


class SolvedDeals:
    """Verdicts by (game, deal) in the cardtable database at ``path``."""

    def __init__(self, path: str | Path | None = None) -> None:
        store = Store(path)  # knows the file for ours and migrates it, or refuses it untouched
        self.path = store.path
        store.close()
        try:
            self._db = sqlite3.connect(self.path, timeout=WAIT, isolation_level=None)
        except sqlite3.Error as error:
            raise StorageError(f"can't keep solver results in {self.path}: {error}") from None

    def record(self, results: Iterable[DealResult], waiting: Callable[[], None] | None = None) -> None:
        """Store verdicts (one transaction), keeping any proof already known; ``waiting`` is
        called once if another program holds the database past a second (the store waits
        for it up to ``WAIT`` seconds in all)."""
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        rows = [
            (r.game, r.deal, r.outcome.value, r.moves, r.nodes, r.seconds, int(r.thoughtful), r.solution, now)
            for r in results
        ]
        try:
            begin_write(self._db, WAIT, waiting)
            self._db.executemany(_KEEP_PROOFS, rows)
            self._db.execute("COMMIT")
        except sqlite3.Error as error:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise StorageError(f"can't save solver results in {self.path}: {error}") from None

    def results(self, game: str, deals: range | None = None) -> list[DealResult]:
        """The stored verdicts for ``game`` (within ``deals``), by deal number
        (StorageError if they can't be read)."""
        low, high = (0, (1 << 63) - 1) if deals is None else (deals.start, deals.stop - 1)
        with failing_as("read the solver's results"):
            rows = self._db.execute(
                "SELECT game, deal, outcome, moves, nodes, seconds, thoughtful, solution FROM solver_results "
                "WHERE game = ? AND deal BETWEEN ? AND ? ORDER BY deal",
                (game, low, high),
            ).fetchall()
        return [
            DealResult(g, int(d), Outcome(o), int(m), int(n), float(s), bool(t), str(text))
            for g, d, o, m, n, s, t, text in rows
            if o in {outcome.value for outcome in Outcome}
        ]

    def decided(self, game: str, deals: range | None = None) -> dict[int, DealResult]:
        """The stored verdicts of ``game`` that are proofs (solved or unwinnable), by deal."""
        return {r.deal: r for r in self.results(game, deals) if r.outcome is not Outcome.UNKNOWN}

    def close(self) -> None:
        """Close the database."""
        self._db.close()


def known_deals(store: Store) -> Callable[[str, int], Outcome | None]:
    """The stored verdict on a deal, read through ``store`` (None when there is none, or
    the store can't be read: the caller then searches)."""

    def known(game: str, deal: int) -> Outcome | None:
        try:
            rows = store.query("SELECT outcome FROM solver_results WHERE game = ? AND deal = ?", (game, deal))
        except StorageError:
            return None
        values = {outcome.value: outcome for outcome in Outcome}
        return values.get(rows[0][0]) if rows else None

    return known


def known_wins(store: Store) -> Callable[[str, int], str | None]:
    """The stored win of a deal proved winnable, in the move notation, read through
    ``store`` (None when there is none, or the store can't be read)."""

    def win(game: str, deal: int) -> str | None:
        try:
            rows = store.query(
                "SELECT solution FROM solver_results WHERE game = ? AND deal = ? AND outcome = ?",
                (game, deal, Outcome.SOLVED.value),
            )
        except StorageError:
            return None
        return str(rows[0][0]) if rows and rows[0][0] else None

    return win


def store_indicator(store: Store, searcher: Searcher = HERE) -> Indicator:
    """The "still winnable?" indicator over ``store``: a deal's stored verdict, and its
    stored win, answer at its opening without a search."""
    return Indicator(known=known_deals(store), known_win=known_wins(store), searcher=searcher)
