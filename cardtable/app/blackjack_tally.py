"""The blackjack table's statistics, kept as running totals: each settled round adds its
counts to the player's row in the transaction that stores it, so reading them costs the
same after twenty rounds or twenty thousand. ``tally`` over stored rounds is the
reference the totals must equal (and what fills them in for rounds stored before)."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from typing import Any

from cardtable.thunderjack import Finish

JSON = dict[str, Any]

COUNTED = ("rounds", "won", "lost", "pushed", "blackjacks", "thunderjacks", "blitzes", "splits", "surrenders", "net")
"""The totals kept per player, in the columns' order."""

BLACKJACK_TALLIES: tuple[str, ...] = (
    "CREATE TABLE IF NOT EXISTS blackjack_tallies (player TEXT PRIMARY KEY, "
    + ", ".join(f"{name} INTEGER NOT NULL DEFAULT 0" for name in COUNTED) + ")",
)
"""Schema migration 11: the running totals of each player (``backfill`` adds the rounds
already stored), over every rule set alike; migration 15 keeps them by rule set."""
BY_RULES: tuple[str, ...] = (
    "DROP TABLE blackjack_tallies",
    "CREATE TABLE blackjack_tallies (player TEXT NOT NULL, rules TEXT NOT NULL, "
    + ", ".join(f"{name} INTEGER NOT NULL DEFAULT 0" for name in COUNTED) + ", PRIMARY KEY (player, rules))",
)
"""Schema migration 15: the running totals of each player by rule set, since a table
played under one set (Thunderjack's, say) says nothing of the odds of another
(``backfill`` counts the rounds already stored again)."""


def counts(record: JSON) -> dict[str, int]:
    """What one stored round adds to the totals. Naturals are counted as dealt (a pushed
    Blackjack is still one); rounds stored before hands recorded that fall back to how
    the hand finished. A seat that ends with n hands split n - 1 times.

    >>> counts({"net": 20, "hands": [{"seat": "right", "finish": "blackjack", "natural": "blackjack"}]})["blackjacks"]
    1
    """
    hands = record["hands"]
    finishes = [h["finish"] for h in hands]
    naturals = [h["natural"] if "natural" in h else h["finish"] for h in hands]
    net = int(record["net"])
    return {
        "rounds": 1, "won": int(net > 0), "lost": int(net < 0), "pushed": int(net == 0),
        "blackjacks": naturals.count(Finish.BLACKJACK.value),
        "thunderjacks": naturals.count(Finish.THUNDERJACK.value),
        "blitzes": finishes.count(Finish.BLITZ.value),
        "splits": sum(n - 1 for n in Counter(h["seat"] for h in hands).values()),
        "surrenders": finishes.count(Finish.SURRENDERED.value),
        "net": net,
    }


def tally(rounds: list[JSON]) -> dict[str, int]:
    """The totals over stored rounds, counted one by one (the reference)."""
    totals = dict.fromkeys(COUNTED, 0)
    for record in rounds:
        for name, value in counts(record).items():
            totals[name] += value
    return totals


def add(db: sqlite3.Connection, player: str, record: JSON) -> None:
    """Add a settled round to the player's totals of its rule set (inside the caller's
    transaction)."""
    added = counts(record)
    db.execute(
        f"INSERT INTO blackjack_tallies (player, rules, {', '.join(COUNTED)}) VALUES (?, ?{', ?' * len(COUNTED)}) "
        f"ON CONFLICT (player, rules) DO UPDATE SET {', '.join(f'{n} = {n} + excluded.{n}' for n in COUNTED)}",
        (player, record["rules"], *(added[n] for n in COUNTED)),
    )


def read(db: sqlite3.Connection, player: str, rules: str) -> dict[str, int]:
    """The player's totals under ``rules`` (all zero before any round)."""
    row = db.execute(
        f"SELECT {', '.join(COUNTED)} FROM blackjack_tallies WHERE player = ? AND rules = ?", (player, rules)
    ).fetchone()
    return dict(zip(COUNTED, row if row is not None else (0,) * len(COUNTED)))


def rule_sets(db: sqlite3.Connection, player: str) -> dict[str, int]:
    """The rule sets the player has settled rounds under, with how many, most played first."""
    rows = db.execute(
        "SELECT rules, rounds FROM blackjack_tallies WHERE player = ? AND rounds > 0 ORDER BY rounds DESC, rules", (player,)
    ).fetchall()
    return {str(rules): int(count) for rules, count in rows}


def rounds(db: sqlite3.Connection, player: str, last: int | None = None, rules: str | None = None) -> list[JSON]:
    """The player's settled rounds (under ``rules`` if given), oldest first (only the
    ``last`` few if given); a round whose hands can't be read is left out, and kept as it is."""
    rows = db.execute(
        "SELECT rules, hands, dealer, net, at FROM blackjack_rounds WHERE player = ? AND (? IS NULL OR rules = ?) "
        "ORDER BY id DESC LIMIT ?",
        (player, rules, rules, -1 if last is None else last),
    ).fetchall()
    kept = []
    for rules, hands, dealer, net, at in reversed(rows):
        try:
            # The dealer's cards as a list, as each hand's are (stored as one text).
            kept.append({"rules": rules, "hands": json.loads(hands), "dealer": dealer.split(), "net": int(net), "at": at})
        except (ValueError, TypeError):
            continue
    return kept


def backfill(db: sqlite3.Connection) -> None:
    """Total the rounds stored before the totals were kept by rule set (migration 15); a
    round whose hands can't be read is left out of them, and kept as it is. The totals
    are counted afresh, so running it again changes nothing."""
    db.execute("DELETE FROM blackjack_tallies")
    for player, rules, hands, net in db.execute("SELECT player, rules, hands, net FROM blackjack_rounds ORDER BY id").fetchall():
        try:
            add(db, player, {"rules": rules, "hands": json.loads(hands), "net": net})
        except (ValueError, TypeError, KeyError, AttributeError):
            continue
