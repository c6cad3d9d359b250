"""A player's games: start, resume, save after every action, settle the result.

Both user interfaces use this, so every game is stored the same way wherever it is
played.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime, timezone

from cardtable.app.deals import RANDOM_DEALS, DealBook, published
from cardtable.app.scoring import Scoring, default_scoring, fitting_scoring
from cardtable.app.intents import Options
from cardtable.app.session import Session
from cardtable.app.standing import SETTING
from cardtable.app.storage import CorruptSave, Store
from cardtable.solitaire import Variant, get_variant


def random_deal(variant: Variant, rng: random.Random) -> int:
    """A deal number drawn from the game's whole range (up to ``RANDOM_DEALS`` of them).

    >>> random_deal(get_variant("klondike"), random.Random(1)) >= 1_000_000
    True
    """
    numbers = variant.deal.deal_numbers
    return numbers.start + rng.randrange(min(numbers.stop - numbers.start, RANDOM_DEALS))


def today() -> date:
    """The calendar day of the daily deal: the same everywhere (UTC)."""
    return datetime.now(timezone.utc).date()


def deal_range(variant: Variant) -> tuple[int, int]:
    """The game's first and last deal numbers.

    >>> deal_range(get_variant("freecell"))
    (1, 2147483647)
    """
    numbers = variant.deal.deal_numbers
    return numbers.start, numbers.stop - 1


def new_game_problem(variant: Variant, deal: int | None, scoring: Scoring | None) -> str | None:
    """Why a game can't be dealt as asked (a deal number outside the game's range, a
    scoring that does not apply to it), or None when it can.

    >>> new_game_problem(get_variant("freecell"), 0, Scoring.VEGAS)
    'FreeCell deal numbers run from 1 to 2,147,483,647, not 0'
    >>> new_game_problem(get_variant("freecell"), 1, Scoring.VEGAS).split(":")[0]
    'vegas scoring does not apply to FreeCell'
    """
    refused = "" if deal is None else variant.deal.refusal(deal, variant.name)
    if refused:
        return refused
    return None if scoring is None else scoring_problem(variant, scoring)


def scoring_problem(variant: Variant, scoring: Scoring) -> str | None:
    """Why ``scoring`` does not apply to ``variant``, or None when it does.

    >>> scoring_problem(get_variant("freecell"), Scoring.VEGAS)
    'vegas scoring does not apply to FreeCell: it scores games dealt from a stock to a waste, such as Klondike; use uniform scoring'
    """
    if scoring in variant.traits.scorings:
        return None
    return (f"{scoring.value} scoring does not apply to {variant.name}: it scores games dealt from a stock "
            "to a waste, such as Klondike; use uniform scoring")


class Games:
    """The games of one player in one store (random deals from ``rng``, else the system's
    secure source)."""

    def __init__(self, store: Store, player: str, rng: random.Random | None = None) -> None:
        self.store = store
        self.player = player
        self.rng: random.Random = rng or secrets.SystemRandom()
        self._versions: dict[int, int] = {}
        """The version of each game as this player's program last read or saved it: a save
        that names no version expects that one, so a game played on meanwhile in another
        window (of the terminal) is refused (StaleGame), not written over."""

    def options(self, game: str | None = None) -> Options:
        """The player's saved settings (for ``game``: the scoring chosen for it, else the
        one the game is named for, else the usual one, where each applies)."""
        auto = self.store.setting(self.player, "auto_build", "1") == "1"
        scoring = Scoring(self.store.setting(self.player, "scoring", Scoring.UNIFORM.value))
        if game is not None:
            chosen = self.store.setting(self.player, f"scoring:{game}")
            scoring = Scoring(chosen) if chosen is not None else default_scoring(game) or scoring
            scoring = fitting_scoring(scoring, game)
        return Options(auto, scoring)

    def set_options(self, options: Options, game: str | None = None) -> None:
        """Remember the player's settings for later games (the scoring also for ``game``)."""
        self.store.set_setting(self.player, "auto_build", "1" if options.auto_build else "0")
        self.store.set_setting(self.player, "scoring", options.scoring.value)
        if game is not None:
            self.store.set_setting(self.player, f"scoring:{game}", options.scoring.value)

    def choose(self, game: str, scoring: Scoring | None = None, auto_build: bool | None = None) -> Options:
        """Save the settings the player names for ``game`` (the others stay as they are);
        a scoring that does not apply to the game raises ValueError saying so."""
        variant = get_variant(game)
        problem = None if scoring is None else scoring_problem(variant, scoring)
        if problem is not None:
            raise ValueError(problem)
        if auto_build is not None:
            self.store.set_setting(self.player, "auto_build", "1" if auto_build else "0")
        if scoring is not None:
            self.set_options(Options(self.options(variant.id).auto_build, scoring), variant.id)
        return self.options(variant.id)

    def indicator_on(self) -> bool:
        """Whether the player turned the "still winnable?" indicator on (it is off until then)."""
        return self.store.setting(self.player, SETTING, "0") == "1"

    def set_indicator(self, on: bool) -> None:
        """Turn the "still winnable?" indicator on or off for the player's games."""
        self.store.set_setting(self.player, SETTING, "1" if on else "0")

    def start(
        self, game: str, deal: int | None = None, hidden: bool = False, daily: bool = False, day: date | None = None,
        winnable: bool = False,
    ) -> tuple[int, Session]:
        """A new game (a random deal when none is named), already saved. ``hidden``: the
        number, though named, is kept from the player as a random deal's is (a winnable
        deal's); ``daily``: it is the day's deal (hidden too) of ``day`` (today's unless given); but a deal of the published
        list (``deals.published``) shows its number. A player who has begun the
        day's deal already (played, or seen won in "show me") gets it again as an ordinary
        game: the day's line counts the first try. Its number is shown then if the game it
        was begun in is over (an ended game shows its number), not if that one is still
        in play (unreadable, say)."""
        variant = get_variant(game)
        problem = new_game_problem(variant, deal, None)
        if problem is not None:
            raise ValueError(problem)
        if daily and deal is not None and self.store.played_daily(self.player, variant.id, deal):
            daily, hidden = False, self.store.unfinished_daily(self.player, variant.id, deal) is not None
        number = random_deal(variant, self.rng) if deal is None else deal
        # A deal of the published list is dealt by its number: anyone can read the list,
        # each deal with its win, so the number would hide nothing its opening does not tell.
        kept = (hidden or daily) and not published(variant, number)
        session = Session(variant, number, self.options(variant.id), random_deal=deal is None or kept, daily=daily)
        if daily:
            session.day = (day or today()).isoformat()
        session.winnable = winnable
        game_id = self.store.save(self.player, session)
        self._versions[game_id] = 0
        return game_id, session

    def start_winnable(self, game: str, book: DealBook | None = None) -> tuple[int, Session]:
        """A new game on a deal the solver proved winnable (NoWinnableDeal if none can be
        found); its number stays hidden as a random deal's does, unless the deal is on the
        published list."""
        variant = get_variant(game)
        number = (book or DealBook(self.store)).winnable(variant, random.Random(self.rng.getrandbits(64)), self.player)
        return self.start(variant.id, number, hidden=True, winnable=True)

    def start_daily(self, game: str, day: date | None = None, book: DealBook | None = None) -> tuple[int, Session]:
        """The day's deal of ``game`` (today's, by the UTC calendar, unless ``day`` is
        given): the same for everyone, proved winnable, counted apart in the statistics.
        A day's game of the player's not finished yet is the one given back, as it was
        left; once finished, the deal comes again as an ordinary game (see ``start``)."""
        variant = get_variant(game)
        number = (book or DealBook(self.store)).daily(variant, day or today())
        begun = self.store.unfinished_daily(self.player, variant.id, number)
        if begun is not None:
            try:
                found = self.resume(begun)
                assert found is not None  # (named by id: there or an error)
                return found
            except CorruptSave:
                pass  # unreadable: a new game of the day's deal instead, the row kept as it is
        return self.start(variant.id, number, daily=True, day=day, winnable=True)

    def ended_as(self, game_id: int) -> str | None:
        """How the player's game ``game_id`` ended ("won" or "lost"); None where it is not
        over, or there is no such game of theirs."""
        rows = self.store.query("SELECT status FROM games WHERE id = ? AND player = ?", (game_id, self.player))
        return str(rows[0][0]) if rows and rows[0][0] in ("won", "lost") else None

    def resume(self, game_id: int | None = None) -> tuple[int, Session] | None:
        """A saved game (the latest unfinished one when no id is given)."""
        game_id = game_id if game_id is not None else self.store.latest_unfinished(self.player)
        if game_id is None:
            return None
        session, version = self.store.load_at(self.player, game_id)  # together: another process may save between reads
        self._versions[game_id] = version
        return game_id, session

    @contextmanager
    def together(self, doing: str) -> Iterator[None]:
        """``Store.together``: what is saved inside is kept all together or not at all,
        and the versions this program knows of stay as stored when it is not."""
        versions = dict(self._versions)
        try:
            with self.store.together(doing):
                yield
        except BaseException:
            self._versions = versions
            raise

    def save(self, game_id: int, session: Session, expected: int | None = None) -> None:
        """Store the game as it is now (as the next version; see ``Store.save``), if it is
        still the version ``expected`` (by default the one last read or saved here). A game
        lost beyond undoing is recorded lost then, and ends (``leave``)."""
        if outcome_status(session) == "lost" and not session.given_up:
            self.leave(game_id, session, expected)
        else:
            self._saved(game_id, session, None, expected)

    def _saved(self, game_id: int, session: Session, status: str | None, expected: int | None) -> None:
        """``Store.save``, expecting the version last read or saved here unless told."""
        expected = self._versions.get(game_id) if expected is None else expected
        self.store.save(self.player, session, game_id, status, expected)
        if expected is not None:
            self._versions[game_id] = expected + 1

    def give_up(self, game_id: int, session: Session, expected: int | None = None) -> None:
        """The player gives the game up to see it won ("show me" where cards lie face
        down): it counts as lost even before a move, as the win has been seen."""
        session.pause()
        self._saved(game_id, session, "won" if session.is_won else "lost", expected)
        ended(session, "won" if session.is_won else "lost")

    def leave(self, game_id: int, session: Session, expected: int | None = None) -> None:
        """The player gives up this game for another: won stays won; otherwise it counts
        as lost once a move was made (even if undone since), else as unplayed. A game
        given up already has nothing left to record."""
        if session.given_up:
            return
        session.pause()
        status = "won" if session.is_won else ("lost" if session.history.begun else "unplayed")
        self._saved(game_id, session, status, expected)
        ended(session, status)


def ended(session: Session, status: str) -> None:
    """Mark ``session``'s game as ended with ``status`` (as recorded): over, and given up
    unless won, so nothing is played on it."""
    session.is_over = True
    session.given_up = status != "won"


def outcome_status(session: Session) -> str | None:
    """The result a save of ``session`` records by itself: "won", "lost" where it is lost
    beyond undoing (``Session.is_lost``: a new deal would give nothing up), else None."""
    return "won" if session.is_won else "lost" if session.is_lost else None

