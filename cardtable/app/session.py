"""A session: one game being played, driven by intents from any user interface.

A UI never decides legality. It names cards by pile and position (``"t3", 4``; negative
positions count from the top) and asks for an intent; the session turns it into an
engine move, plays it (plus safe automatic moves to the foundations when the player
wants them), records one undo step, and answers with an ``Outcome``: legal or not, the
engine's reason, and the events to render.

>>> session = Session(get_variant("klondike"), 7)
>>> session.move_card("t1", -1, "t2").reason
"6♦ can't go on J♠: build down by one in alternating colours"
>>> session.deal().ok, session.undo().ok, session.history.at
(True, True, 0)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache, partial, update_wrapper
from itertools import dropwhile
from typing import Concatenate, ParamSpec

from cardtable.app.autoplay import auto_build, finish, opening_history, is_stuck, why_unfinished
from cardtable.app.clicks import count_of, every_target, guess, nearness, targets, two_cards, why_nowhere
from cardtable.app.events import Event, EventKind, walked
from cardtable.app.guide import PROVED_LOST, SolvingHinter, known_lost, known_win, never_told, nothing_leads, pointing_back, seen_down, shunning
from cardtable.app.hints import QUICK_HINT, RANKER, Hinter
from cardtable.app.history import History, LineReached
from cardtable.app.intents import Options, Outcome
from cardtable.app.ledger import Ledger
from cardtable.app.redeals import Redeals, gathering, stock_redeals
from cardtable.app.scoring import Scoring, fitting_scoring, time_adjusted, uniform_score
from cardtable.cards import Card, NotationError, parse_card
from cardtable.solitaire import WON_ALREADY, Move, MoveKind, Play, State, Variant, apply, check, get_variant, is_won, legal_moves
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.observe import Observation, observe


_P = ParamSpec("_P")

EVERY_MOVE_BACK = "every move leads back to a position already reached: undo to play another way"
ROUND_TO_BACK = (
    "every move leads back to a position already reached, at once or after a pass through the stock that plays"
    " nothing: undo to play another way")
"""``EVERY_MOVE_BACK`` where the one move left turns the waste over onto a table where every move leads back."""

LOST = "the game is lost: no move leads anywhere, and no move played could have gone otherwise (start a new deal)"
"""``guide.NOTHING_LEADS_ANYWHERE`` where no undo helps (``Session.is_lost``)."""

GIVEN_UP = "this game was given up: start a new deal"
"""The answer to anything played on a game that was given up."""


def _playable(action: Callable[Concatenate[Session, _P], Outcome]) -> Callable[Concatenate[Session, _P], Outcome]:
    """``action``, refused once the game was given up (``GIVEN_UP``; ``LOST`` if lost beyond undoing)."""

    def guarded(session: Session, /, *args: _P.args, **kwargs: _P.kwargs) -> Outcome:
        if session.given_up:
            return Outcome(False, LOST if session.is_lost else GIVEN_UP)
        return action(session, *args, **kwargs)

    update_wrapper(guarded, action)  # its name and docstring
    return guarded


Known = tuple[State, bool] | None
"""A question last asked of a position, kept with its answer as one value (a thread reading
it never pairs one position with another's answer)."""


def _known(known: Known, state: State, ask: Callable[[State], bool]) -> tuple[State, bool]:
    """``known`` if it answers for ``state``, else ``state`` with ``ask(state)``."""
    return known if known is not None and known[0] is state else (state, ask(state))


class Session:
    """One game in play: its history, settings and clock.

    ``random_deal`` says the deal number was drawn at random rather than chosen; while
    such a game with face-down cards is not over, the number must not be shown, since it
    tells every hidden card. ``is_over`` says the game's result is settled: it was won
    (even if undone since) or given up.
    """

    def __init__(
        self,
        variant: Variant,
        deal: int,
        options: Options = Options(),
        history: History | None = None,
        elapsed: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
        hinter: Hinter | None = None,
        random_deal: bool = False,
        points: int | None = None,
        daily: bool = False,
    ) -> None:
        self.variant = variant
        self.deal_number = deal
        self.random_deal = random_deal
        self.daily = daily
        """Whether this is the day's deal (its results have a line of their own in the statistics)."""
        self.day: str | None = None
        """The day (UTC, as 2026-12-05) a daily deal was dealt for, where known."""
        self.winnable = False  # dealt as a deal proved winnable ("new winnable deal", the daily deal)
        self.options = _fitting(options, variant)
        self.history = history or (opening_history if self.options.auto_build else History.begin)(variant.start(deal))
        self._won: Known = None
        self.is_over = self.is_won
        self.given_up = False
        """Whether the game was given up (left, "show me" seen, or lost beyond undoing): played on no further."""
        self._elapsed, self._clock = elapsed, clock
        self._running_since: float | None = None
        self.hinter: Hinter = hinter or SolvingHinter()
        """What answers ``hint`` (a click's guess ranks with the quick heuristic alone)."""
        self.told_lost: Callable[[State], bool] = never_told
        """Positions the player was told can't be won ("still winnable?", on): no hint leads to one while another move is left."""
        self.bookmark: History | None = None
        """The history as it was when the bookmark was set: the way back to that position."""
        self._ledger = Ledger(self.history, points if self.options.scoring is not Scoring.UNIFORM else None)
        self._stuck: Known = None
        self._restart: tuple[History, History] | None = None
        """The last restart: the history it left and the one it made (to undo and redo it)."""
        self._line = LineReached()
        """Shared with this session's copies (a server plays each action on a copy)."""

    # -- what a UI reads ---------------------------------------------------------------

    @property
    def state(self) -> State:
        """The current position."""
        return self.history.state

    @property
    def is_won(self) -> bool:
        """Whether the game is won (worked out once a position: a view asks it often)."""
        self._won = _known(self._won, self.state, is_won)
        return self._won[1]

    @property
    def result(self) -> str | None:
        """How the game ended, once settled: "won" (even if undone since, to look back: the win
        counts), "lost" (beyond undoing, ``is_lost``) or "given up"; None while in play."""
        if self.given_up:
            return "lost" if self.is_lost else "given up"
        return "won" if self.is_over or self.is_won else None

    @property
    def is_deal_hidden(self) -> bool:
        """Whether the deal number must not be shown: drawn at random, for a game with
        cards face down or redeals that mix them, and not over yet."""
        return self.observation.deal is None

    @property
    def pile_names(self) -> tuple[str, ...]:
        """Each pile's short name (``t3``, ``waste``), in the order positions number them."""
        return self.variant.pile_names

    @property
    def observation(self) -> Observation:
        """The table as the player may see it (the observer every view goes through)."""
        return observe(self.state, self.deal_number, random_deal=self.random_deal, over=self.is_over)

    @property
    def move_count(self) -> int:
        """How many moves lead to the current position."""
        return self.history.move_count

    @property
    def score(self) -> int:
        """The score in the session's scoring mode."""
        if self.options.scoring is Scoring.UNIFORM:
            return uniform_score(self.state)
        if self.options.scoring is Scoring.TIMED:
            return time_adjusted(self.points, self.elapsed, self.is_won)
        return self.points

    @property
    def points(self) -> int:
        """The untimed points of the scoring mode at the current position (standard for the
        timed mode). Worked out one step at a time as the game moves on, so its cost does
        not grow with the game; an undo reads the points it already knew."""
        scoring = Scoring.STANDARD if self.options.scoring is Scoring.TIMED else self.options.scoring
        return self._ledger.points(self.history, scoring)

    @property
    def elapsed(self) -> float:
        """Seconds of play, the clock running only between actions and pauses."""
        running = 0.0 if self._running_since is None else self._clock() - self._running_since
        return self._elapsed + running

    @property
    def clock_running(self) -> bool:
        """Whether the clock runs: from the first action until a win, a pause or a table
        where nothing leads anywhere (until an undo)."""
        return self._running_since is not None and not self.given_up

    def pause(self) -> None:
        """Stop the clock (the player left)."""
        self._elapsed = self.elapsed
        self._running_since = None

    def run_clock(self) -> None:
        """Start the clock again after a ``pause`` (the player is back at the table),
        unless the game is over or nothing on the table leads anywhere."""
        if self._running_since is None and self.history.begun and not (self.is_over or self.is_won or self.is_stuck()):
            self._running_since = self._clock()

    @property
    def is_in_progress(self) -> bool:
        """Whether leaving the game now gives it up as lost: moves were played and it is
        neither won, over nor lost already (a player is asked first)."""
        return self.history.begun and not (self.is_over or self.is_won or self.is_lost)

    @property
    def is_lost(self) -> bool:
        """Whether nothing leads anywhere and no position played from offered a choice (Clock's): no undo helps."""
        return not self.is_won and self.is_stuck() and not self.history.had_a_choice()

    @property
    def can_undo(self) -> bool:
        """Whether there is an action to undo (a restart counts); never once the game
        was given up, since nothing may be played on it."""
        return not self.given_up and (self.history.can_undo or self._is_restarted)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone action to redo (an undone restart counts); never
        once the game was given up."""
        return not self.given_up and (
            self.history.can_redo or self._restart is not None and self.history is self._restart[0]
        )

    @property
    def _is_restarted(self) -> bool:
        return self._restart is not None and self.history is self._restart[1]

    @property
    def gathering(self) -> Redeals | None:
        """The redeal a game without a stock offers (``redeals.gathering``)."""
        return gathering(self.state)

    @property
    def stock_redeals(self) -> Redeals | None:
        """The turning over of the waste as the stock (``redeals.stock_redeals``)."""
        return stock_redeals(self.state)

    def is_stuck(self) -> bool:
        """Whether no line of play leads anywhere any more (see ``autoplay.is_stuck``)."""
        known = _known(self._stuck, self.state, is_stuck)
        if known is not self._stuck and known[1]:  # found stuck: a dead end for the rest of the game
            self._line.dead_end(self.state)
        self._stuck = known
        return known[1]

    # -- finding cards -----------------------------------------------------------------

    def pile_index(self, pile: str | int) -> int:
        """A pile's position in the variant, from its name or position."""
        if isinstance(pile, int):
            if not 0 <= pile < len(self.variant.piles):
                raise KeyError(f"{self.variant.name} has no pile number {pile}")
            return pile
        return self.variant.index_of_name(pile.strip().lower())

    def find_card(self, code: str) -> list[tuple[int, int]]:
        """Where a face-up card lies: (pile, position) for each copy showing."""
        card = parse_card(code)
        return [(i, n) for i, pile in enumerate(self.observation.piles) for n, c in enumerate(pile) if c == card]

    def _lifted(self, pile: str | int, position: int) -> tuple[int, int]:
        """A card's pile index and the cards lifted with it (KeyError, IndexError: no such card)."""
        return (source := self.pile_index(pile)), count_of(self.state, source, position)

    # -- intents -----------------------------------------------------------------------

    @_playable
    def play(self, move: Move, build: bool = True) -> Outcome:
        """Play one engine move (and the safe moves home after it, if wanted and ``build``);
        none once the game is won (``check`` says so)."""
        verdict = check(self.state, move)
        if not verdict.ok:
            return Outcome(False, verdict.reason)
        state, events = walked(self.state, (move,))
        built = auto_build(state)[1] if self.options.auto_build and build else []
        state, more = walked(state, built)
        return self._record([move, *built], state, events + more)

    def _record(self, moves: Sequence[Move], state: State, events: list[Event]) -> Outcome:
        if self._running_since is None:
            self._running_since = self._clock()
        self.history = self.history.push(moves, state)
        if is_won(state):
            events.append(Event(EventKind.WON))
            self.is_over = True
            self.pause()
        elif self.is_stuck():
            events.append(Event(EventKind.STUCK))
            self.pause()  # nothing to play: the clock waits for an undo
        return Outcome(True, "", tuple(events))

    @_playable
    def move_card(self, pile: str | int, position: int, target: str | int) -> Outcome:
        """Move the card at ``position`` of ``pile``, with every card on it, to ``target``;
        in a game of pairs, a card taken to another is paired with that pile's top card,
        and one taken to the foundation goes there alone (a King in Pyramid)."""
        try:
            (source, count), goal = self._lifted(pile, position), self.pile_index(target)
        except (KeyError, IndexError) as error:
            return Outcome(False, str(error.args[0]))
        if self.variant.traits.play is Play.PAIRS and source != goal:
            if goal in self.variant.tables.foundation_set:
                return self.to_foundation(source, position)
            return self.play(Move(MoveKind.PAIR, source, goal))
        return self.play(Move(MoveKind.MOVE, source, goal, count))

    def targets(self, pile: str | int, position: int) -> list[str]:
        """The names of the piles the card at ``position`` (with what lies on it) may go
        to (``clicks.targets``): none once the game was given up."""
        try:
            source, count = self._lifted(pile, position)
        except (KeyError, IndexError):
            return []
        return [] if self.given_up else [self.variant.piles[i].id.name for i in targets(self.state, source, count)]

    def why_nowhere(self, pile: str | int, position: int) -> str:
        """Why a click on the card at ``position`` plays nothing (``clicks.why_nowhere``)."""
        try:
            source, _ = self._lifted(pile, position)
        except (KeyError, IndexError):
            return "there is no such card on the table"
        return GIVEN_UP if self.given_up else why_nowhere(self.state, source, position)

    def places(self) -> dict[int, dict[int, list[int]]]:
        """Where every face-up card may go (``clicks.every_target``): nowhere once given up."""
        return {} if self.given_up else every_target(self.state)

    @_playable
    def pile_onto_pile(self, pile: str | int, target: str | int) -> Outcome:
        """Move what fits from one pile to another (``t3 t5``): the most cards the move
        allows, or say why not even one may go.

        >>> session = Session(get_variant("klondike"), 7)
        >>> session.pile_onto_pile("t6", "t2").ok, session.pile_onto_pile("t1", "t2").reason
        (True, "6♦ can't go on 10♥: build down by one in alternating colours")
        """
        try:
            source, goal = self.pile_index(pile), self.pile_index(target)
        except KeyError as error:
            return Outcome(False, str(error.args[0]))
        if self.variant.traits.play is Play.PAIRS:  # (their top cards, as a pair)
            return self.move_card(source, -1, goal)
        reason = f"{self.variant.piles[source].id.title} is empty"
        for count in range(len(self.state.piles[source]), 0, -1):
            move = Move(MoveKind.MOVE, source, goal, count)
            verdict = check(self.state, move)
            if verdict.ok:
                return self.play(move)
            if count == 1:
                reason = verdict.reason
        return Outcome(False, reason)

    @_playable
    def card_onto_card(self, pile: str | int, position: int, target_pile: str | int) -> Outcome:
        """Drop a card (and what lies on it) onto a card: that is, onto the card's pile."""
        return self.move_card(pile, position, target_pile)

    @_playable
    def play_two_cards(self, card: str, onto: str) -> Outcome:
        """Two cards named together (``8H 9C``): build the first, with the cards on it,
        on the second, else discard the two as a pair; or say why neither may be done.

        >>> session = Session(get_variant("klondike"), 7)
        >>> session.play_two_cards("TH", "JS").ok, session.play_two_cards("TH", "6D").reason
        (True, "10♥ can't go on 6♦: build down by one in alternating colours")
        """
        cards: list[Card] = []
        places: list[list[tuple[int, int]]] = []
        for word in (card, onto):
            try:
                cards.append(parse_card(word))
            except NotationError:
                return Outcome(False, f"{word!r} is not a card")
            places.append(self.find_card(cards[-1].code))
            if not places[-1]:
                return Outcome(False, f"{cards[-1].code} is not face up on the table")
        move, reason = two_cards(self.state, cards[0], cards[1], places[0], places[1])
        return self.play(move) if move is not None else Outcome(False, reason)

    @_playable
    def to_foundation(self, pile: str | int, position: int = -1, or_where_it_fits: bool = False) -> Outcome:
        """Send a card home: to whichever foundation takes it; in a game that removes
        cards, out of play alone where it may go alone (a King in Pyramid); in a game
        without foundations, wherever it goes best (the waste, in Golf). A double-click
        (``or_where_it_fits``) plays it where it goes best too where no foundation takes
        single cards (a gap in Montana, a column in Spider, whose foundations take whole
        suits by themselves); typed, that is refused with the reason."""
        try:
            source, count = self._lifted(pile, position)
        except (KeyError, IndexError) as error:
            return Outcome(False, str(error.args[0]))
        foundations = self.variant.piles_of(PileKind.FOUNDATION)
        sent_to = [f for f in foundations if self.variant.pairs is not None or self._takes_single_cards(f)]
        refusals: list[tuple[int, str]] = []
        for f in sent_to:
            move = Move(MoveKind.MOVE, source, f, count)
            verdict = check(self.state, move)
            if verdict.ok:
                return self.play(move)
            refusals.append((nearness(self.state, source, count, f), verdict.reason))
        alone = Move(MoveKind.PAIR, source, None)
        if self.variant.pairs is not None and check(self.state, alone).ok:
            return self.play(alone)
        if not foundations or (not sent_to and or_where_it_fits):
            return self.play_card(source, position)
        if not refusals:
            return Outcome(False, check(self.state, Move(MoveKind.MOVE, source, foundations[0], count)).reason)
        return Outcome(False, min(refusals, key=lambda r: r[0])[1])

    def _takes_single_cards(self, foundation: int) -> bool:
        """Whether a card may be sent to ``foundation`` by a move: not where whole suits
        go by themselves (Spider), nor onto cards that take nothing (Montana's Aces)."""
        spec = self.variant.piles[foundation]
        return spec.takes_cards and (spec.build is not None or not self.state.piles[foundation])

    def guess(self, pile: str | int, position: int = -1) -> Move | None:
        """The move a click on this card most likely means (``clicks.guess``)."""
        try:
            source, count = self._lifted(pile, position)
        except (KeyError, IndexError):
            return None
        return guess(self.state, source, count)

    @_playable
    def play_card(self, pile: str | int, position: int = -1) -> Outcome:
        """"Play this card": the guessed move, or why nothing fits."""
        move = self.guess(pile, position)
        if move is None:
            return Outcome(False, why_nowhere(self.state, self.pile_index(pile), position))
        return self.play(move)

    @_playable
    def deal(self) -> Outcome:
        """Deal from the stock, or redeal when the stock is empty (or the game has none and
        redeals by gathering its columns)."""
        deal = Move(MoveKind.DEAL)
        stocks = self.variant.piles_of(PileKind.STOCK)
        if not stocks or not self.state.piles[stocks[0]]:
            redeal = Move(MoveKind.REDEAL)
            if check(self.state, redeal).ok:
                return self.play(redeal)
        return self.play(deal)

    @_playable
    def undo(self) -> Outcome:
        """Take back the last action (with its automatic moves, or a whole restart)."""
        if self._restart is not None and self._is_restarted:
            self.history = self._restart[0]
            return self._stepped()
        if not self.history.can_undo:
            return Outcome(False, "there is nothing to undo")
        self.history = self.history.undo()
        return self._stepped()

    @_playable
    def redo(self) -> Outcome:
        """Play an undone action again."""
        if self._restart is not None and self.history is self._restart[0]:
            self.history = self._restart[1]
            return self._stepped()
        if not self.history.can_redo:
            return Outcome(False, "there is nothing to redo")
        self.history = self.history.redo()
        return self._stepped()

    @_playable
    def redo_all(self) -> Outcome:
        """Redo every undone action."""
        if not self.history.can_redo:
            return Outcome(False, "there is nothing to redo")
        self.history = self.history.redo_all()
        return self._stepped()

    @_playable
    def restart(self) -> Outcome:
        """Back to the deal's position (after the table's step, if any): one action, which
        undo takes back (the moves played stay redoable one by one, as after undoing them)."""
        if not self.history.can_undo:
            return Outcome(False, "the game is already at its opening position")
        before = self.history
        self.history = self.history.go_to(self.history.table_steps)
        self._restart = (before, self.history)
        return self._stepped("back at the opening position: undo takes the restart back")

    def set_bookmark(self) -> Outcome:
        """Remember the current position (with the moves that lead to it)."""
        self.bookmark = self.history
        return Outcome(True, f"marked this position (after move {self.move_count}): going back to the mark returns here")

    @_playable
    def to_bookmark(self) -> Outcome:
        """Return to the remembered position, exactly: a jump while the moves that led to
        it are still in the history (the moves since stay redoable); else back along the
        bookmarked line, the other branch's moves dropped (the outcome says so)."""
        mark = self.bookmark
        if mark is None:
            return Outcome(False, "no position is marked")
        if self.history.steps[: mark.at] == mark.steps[: mark.at]:
            if self.history.at == mark.at:
                return Outcome(False, "the table is at the mark already")
            self.history = self.history.go_to(mark.at)
            return self._stepped(f"back at the mark (after move {self.move_count})")
        self.history = mark
        return self._stepped("back at the mark; the moves played after undoing past it were dropped")

    def _stepped(self, message: str = "") -> Outcome:
        """The outcome of a step through the history (undo, redo, restart, a bookmark),
        told as after a move: a win, or a table where nothing leads anywhere, which
        stops the clock; elsewhere the clock runs again (a won game's time stays)."""
        self.is_over = self.is_over or self.is_won
        if self.is_won:
            return Outcome(True, message, (Event(EventKind.WON),))
        if self.is_over:  # won before: undo only looks back
            return Outcome(True, message)
        if self.is_stuck():
            self.pause()
            return Outcome(True, message, (Event(EventKind.STUCK),))
        if self._running_since is None:
            self._running_since = self._clock()
        return Outcome(True, message)

    @_playable
    def hint(self, quick: bool = False) -> Outcome:
        """The best move and why (nothing is played), never one back to a position already
        reached, knowing what the player has seen. A ``quick`` one (the server's while its
        solver is busy) is a win found already, where the player may know it, else the
        heuristic's move, saying so; one that leads to no win says how far back one is."""
        if self.is_won:
            return Outcome(False, WON_ALREADY)
        if self.is_stuck():  # as the table says: no move there could lead anywhere
            return Outcome(False, LOST if self.is_lost else nothing_leads(self.history))
        previous = self.history.steps[self.history.at - 1][0] if self.history.at else None
        seen = cache(partial(seen_down, self.history))  # (worked out only if it matters)
        if quick:
            won = known_win(self.state, self.leads_back, seen)
            won = None if won is None or self._line.cornered(self.history, won.move, self._landing) else won
            ranked = [won] if won is not None else RANKER.best_moves(self.state, previous, self.leads_back)
            said = QUICK_HINT if won is not None or not known_lost(self.state, seen) else PROVED_LOST
            ranked = [h if h is won else replace(h, reason=f"{h.reason} ({said})") for h in ranked]
        else:
            ranked = self.hinter.best_moves(self.state, previous, self.leads_back, seen())
        hints = list(dropwhile(lambda h: self._line.cornered(self.history, h.move, self._landing), ranked))
        hints = hints if self.told_lost is never_told else shunning(hints, lambda move: self.told_lost(self._landing(self.state, move)[1]))
        if not hints:
            return Outcome(False, ROUND_TO_BACK if ranked else EVERY_MOVE_BACK if legal_moves(self.state) else "no moves left: the game is stuck")
        return Outcome(True, (hint := pointing_back(hints[0], self.history)).reason, hint=hint)

    def leads_back(self, move: Move, state: State | None = None) -> bool:
        """Whether playing ``move`` (with the moves home it sets off, if wanted) from this
        position, or from ``state`` ahead of it, comes back to a position already reached
        on the way to this one."""
        state = self.state if state is None else state
        return check(state, move).ok and self._line.again(self.history, move, *self._landing(state, move))

    def _landing(self, state: State, move: Move) -> tuple[State, State]:
        """Where ``move`` leads from ``state``, and where it lands once auto-build (if
        wanted) has sent its cards home."""
        after = apply(state, move, trusted=True)
        return after, auto_build(after)[0] if self.options.auto_build else after

    @_playable
    def auto_finish(self) -> Outcome:
        """Play the game out when the rest is mechanical, or the moves forced (``autoplay.finish``)."""
        if is_won(self.state):  # (no empty step for undo to take back)
            return Outcome(False, WON_ALREADY)
        done = finish(self.state)
        if done is None:
            if self.is_stuck():  # (said as the table says it: no "need more play" where none can be played)
                return Outcome(False, LOST if self.is_lost else "the game can't be finished: no move leads anywhere now (undo, or start a new deal)")
            return Outcome(False, f"the game can't be finished automatically yet: {why_unfinished(self.state)}")
        state, moves = done
        return self._record(moves, state, walked(self.state, moves)[1])

    def with_options(self, options: Options) -> None:
        """Change the player's settings for the rest of the game."""
        self.options = _fitting(options, self.variant)


def new_session(game: str, deal: int, **options: object) -> Session:
    """A session for a game named by id, alias or title."""
    return Session(get_variant(game), deal, replace(Options(), **options))  # type: ignore[arg-type]


def _fitting(options: Options, variant: Variant) -> Options:
    """The options with a scoring that applies to the game (uniform where it does not)."""
    scoring = fitting_scoring(options.scoring, variant.id)
    return options if scoring is options.scoring else replace(options, scoring=scoring)

