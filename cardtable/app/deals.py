"""Deals the solver proved winnable: "new winnable deal" and the daily deal.

Every deal the solver looks at here has its verdict kept in the store's table of solver
results (``solved.py``, the table ``cardtable solve --deals`` fills too), so the
catalogue of a game's winnable deals grows with use. A winnable deal is searched for
forward from a random deal number, each deal solved with a small budget in positions;
when none of the few tried is proved, one of the catalogue is dealt. The daily deal is
the first deal proved winnable (with a fixed budget in positions, so on any machine)
from a number derived from the day and the game: the same for everyone that day. It is
worked out once per day and game, and remembered.

Some games' deals are seldom decided within a click's budget (Spider in two suits:
about one in 27 within 2 s): for those, deals proved winnable with a larger one ship with
cardtable, each with its win (``winnable_deals.json``, written by
``scripts/winnable_deals.py``), and the daily deal is one of them, chosen by the day. A
winnable deal of such a game is one of the catalogue the player has not been dealt yet,
at once; only a player who has seen them all waits for a search. A game listed there
with none (Chameleon) says at once that it has none.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Set as AbstractSet
from contextlib import closing
from datetime import date
from functools import cache
from pathlib import Path

from cardtable.app.searches import HERE, LOST, Searcher
from cardtable.app.solved import SolvedDeals
from cardtable.app.storage import Store
from cardtable.solitaire import Variant, variants
from cardtable.solver import Budget, Outcome
from cardtable.solver.batch import DealResult, deal_result

NODES = 20_000
"""Positions each deal may search (a tenth of a second for most FreeCell deals)."""

TRIES = 6
"""Deals tried at least, forward from a random one, before the catalogue is dealt from."""

TRYING_SECONDS = 1.0
"""How long more deals are tried past the first ``TRIES`` while none is proved: a game
whose deals are quick to decide but seldom won (Clock, about one in fourteen) finds one."""

MOST_TRIES = 500
"""Deals tried at most for a winnable deal."""

DAILY_TRIES = 200
"""Deals tried for the daily deal, forward from the day's number (a count, not a time,
so every machine finds the same deal)."""

NONE_TODAY = "none"
"""Kept as the day's deal of a game where none of the deals tried was proved winnable."""

RANDOM_DEALS = 1 << 53
"""How many deal numbers a random deal is drawn from, at most: all of a game's deals up
to the largest whole number a browser holds exactly (so a finished game's number can be
typed back to replay it). Far too many to find a deal from the cards showing."""

DEAL_RANGE = 1 << 31
"""The deal numbers daily deals are drawn from, at most (every game's range starts with
this many, or is smaller): the same on every machine, and the same for everyone anyway."""


SHIPPED = Path(__file__).with_name("winnable_deals.json")
"""Deals proved winnable with a larger budget than a click may take, with their wins."""


@cache
def shipped() -> dict[str, dict[int, str]]:
    """The shipped winnable deals: game id -> deal -> its win, in cardtable's move notation.
    A game listed with none is one whose deals the solver was tried on and could not yet
    prove winnable (Chameleon): it has no winnable or daily deal to offer.

    >>> shipped()["chameleon"]
    {}
    """
    games: dict[str, dict[str, str]] = json.loads(SHIPPED.read_text(encoding="utf-8"))
    return {game: {int(deal): win for deal, win in deals.items()} for game, deals in games.items()}


_UNPROVED = (
    "no winnable or daily deal of {name}: the solver can't yet prove its deals winnable in the time a game may "
    "take (deals proved with cardtable solve and a larger budget are offered as winnable deals)"
)


STOPPED = "the search for a winnable deal stopped before it had an answer (its process was lost): ask again"


def published(variant: Variant, deal: int) -> bool:
    """Whether ``deal`` is on the shipped list of ``variant``'s winnable deals, which
    anyone may read, with each deal's win.

    >>> from cardtable.solitaire import get_variant
    >>> spider = get_variant("spider")
    >>> published(spider, min(shipped()["spider"])), published(spider, 10**12)
    (True, False)
    """
    return deal in shipped().get(variant.id, {})


class NoWinnableDeal(LookupError):
    """No deal of the game could be proved winnable within the budget (and none is known)."""


def first_deal(variant: Variant, seed: str) -> int:
    """A deal number of ``variant`` derived from ``seed`` alone.

    >>> from cardtable.solitaire import get_variant
    >>> first_deal(get_variant("freecell"), "2026-01-01") == first_deal(get_variant("freecell"), "2026-01-01")
    True
    """
    numbers = variant.deal.deal_numbers
    size = min(numbers.stop - numbers.start, DEAL_RANGE)
    digest = hashlib.sha256(f"{variant.id}|{seed}".encode()).digest()
    return numbers.start + int.from_bytes(digest[:8], "big") % size


class DealBook:
    """Winnable deals of every game, kept in ``store``'s file."""

    def __init__(
        self, store: Store, nodes: int = NODES, tries: int = TRIES, daily_tries: int = DAILY_TRIES,
        trying_seconds: float = TRYING_SECONDS, searcher: Searcher = HERE,
    ) -> None:
        self.store = store
        self.searcher = searcher
        """Where the deals tried are solved (a server's searching process, off its core)."""
        self.trying_seconds = trying_seconds
        self.budget = Budget(nodes=nodes, seconds=float("inf"))
        self.tries = tries
        self.daily_tries = daily_tries

    def winnable(self, variant: Variant, rng: random.Random, player: str | None = None) -> int:
        """A deal proved winnable, one ``player`` has not been dealt where one will do:
        searched for from a random number, else one of the catalogue; NoWinnableDeal
        when there is none to deal. A game whose deals are seldom decided quickly deals
        from its catalogue at once, and searches only once the player has seen every
        deal there; each deal it proves joins the catalogue."""
        seen = set() if player is None else self.store.dealt(player, variant.id)
        catalogue = self.catalogue(variant) if variant.id in shipped() else None  # else read only if needed
        if catalogue is not None:
            if not catalogue:
                raise NoWinnableDeal(_UNPROVED.format(name=variant.name))
            fresh = [deal for deal in catalogue if deal not in seen]
            if fresh:  # searching would only keep the player waiting
                return rng.choice(fresh)
        lost: NoWinnableDeal | None = None
        try:
            found = self._search(variant, rng, seen)
        except NoWinnableDeal as error:  # the searching process was lost: a known deal will do, if there is one
            found, lost = None, error
        if found is not None:
            return found
        if catalogue is None:
            catalogue = self.catalogue(variant)
        if not catalogue:
            raise lost or NoWinnableDeal(
                f"no deal of {variant.name} could be proved winnable in the time it may take: try again in a moment "
                f"(the machine may be busy, or the game's deals slow to decide; deals proved ahead, with "
                f"`cardtable solve {variant.id} --deals 1-100`, are dealt at once)"
            )
        fresh = [deal for deal in catalogue if deal not in seen]
        return rng.choice(fresh or catalogue)

    def _search(self, variant: Variant, rng: random.Random, seen: set[int]) -> int | None:
        """A deal proved winnable, forward from a random number (None if none is found in
        the time a click may take); a deal ``seen`` is passed over."""
        numbers = variant.deal.deal_numbers
        # From as many numbers as a random deal: from fewer, the cards showing could be
        # looked up in a table of every opening and tell the face-down ones.
        start = numbers.start + rng.randrange(min(numbers.stop - numbers.start, RANDOM_DEALS))
        until = time.monotonic() + self.trying_seconds
        return self._first_won(variant, start, MOST_TRIES, known_first=True, until=until, passed=seen)

    def daily(self, variant: Variant, day: date) -> int:
        """The day's deal of ``variant``: the same for everyone, proved winnable."""
        key = f"daily:{variant.id}:{day.isoformat()}"
        kept = self.store.setting("", key)
        if kept is None and variant.id in shipped():  # seldom decided quickly: a proved deal, by the day
            known = self.catalogue(variant)
            if not known:
                raise NoWinnableDeal(_UNPROVED.format(name=variant.name))
            kept = str(known[first_deal(variant, day.isoformat()) % len(known)])
        if kept is None:
            found = self._first_won(variant, first_deal(variant, day.isoformat()), self.daily_tries, known_first=False)
            kept = NONE_TODAY if found is None else str(found)
            self.store.set_setting("", key, kept)  # the search is made once a day, found or not
        if kept == NONE_TODAY:
            raise NoWinnableDeal(
                f"no daily deal of {variant.name} today: none of the {self.daily_tries} deals tried could be proved winnable"
            )
        return int(kept)

    def offered(self) -> frozenset[str]:
        """The ids of the games with winnable and daily deals to deal: all but those the
        shipped list has none of and the store holds no win of (Chameleon)."""
        unproved = {game for game, deals in shipped().items() if not deals}
        with closing(SolvedDeals(self.store.path)) as known:  # opened once: each opening checks the file
            won = {game for game in unproved if any(r.outcome is Outcome.SOLVED for r in known.results(game))}
        return frozenset(v.id for v in variants() if v.id not in unproved or v.id in won)

    def catalogue(self, variant: Variant) -> list[int]:
        """The deals of ``variant`` proved winnable: those the store holds, and those shipped."""
        with closing(SolvedDeals(self.store.path)) as known:
            found = {r.deal for r in known.results(variant.id) if r.outcome is Outcome.SOLVED}
        return sorted(found | set(shipped().get(variant.id, ())))

    def _first_won(
        self, variant: Variant, start: int, tries: int, known_first: bool, until: float | None = None,
        passed: AbstractSet[int] = frozenset(),
    ) -> int | None:
        """The first deal from ``start`` proved winnable (at most ``tries`` solved; with
        ``until``, a ``time.monotonic`` reading, no more once it has passed and this
        book's ``tries`` are done), each verdict recorded; None when none is. With
        ``known_first`` a deal the store knows is taken at its stored verdict (found
        perhaps with a bigger budget); without it every deal is solved with this budget,
        so the answer is the same on any machine."""
        numbers = variant.deal.deal_numbers
        size = numbers.stop - numbers.start
        deals = [numbers.start + (start - numbers.start + n) % size for n in range(tries)]
        deals = [deal for deal in deals if deal not in passed]
        with closing(SolvedDeals(self.store.path)) as known:
            results: list[DealResult] = []
            try:
                for n, deal in enumerate(deals):
                    if until is not None and n >= self.tries and time.monotonic() > until:
                        return None
                    decided = known.decided(variant.id, range(deal, deal + 1)) if known_first else {}
                    outcome = decided[deal].outcome if deal in decided else None
                    if outcome is None:
                        result = self.searcher.solve(variant.start(deal), self.budget)
                        if result.limit == LOST:  # no verdict: going on would make the day's deal another
                            raise NoWinnableDeal(STOPPED)
                        results.append(deal_result(variant, deal, result))
                        outcome = result.outcome
                    if outcome is Outcome.SOLVED:
                        return deal
                return None
            finally:
                known.record(results)
