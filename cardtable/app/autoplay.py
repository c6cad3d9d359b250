"""Automatic play: safe moves to the foundations, finishing a game that is decided, and
telling a game that can go nowhere."""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence
from functools import cache

from cardtable.app.history import History
from cardtable.cards.words import listed, number_word
from cardtable.solitaire import Goal, Move, MoveKind, State, Variant, apply, canonical_key, check, is_won, legal_moves, still_to_go
from cardtable.solitaire.model import PileKind
from cardtable.solitaire.observe import stock_known


def _on_foundations(state: State) -> Counter[int]:
    t = state.variant.tables
    return Counter(c.index for f in t.foundations for c in state.piles[f])


def is_safe(state: State, move: Move) -> bool:
    """Whether sending a card home can never be regretted.

    It can when some card still in play could have been built on it in the tableau:
    the card is safe once every such card is already on a foundation, or is a card a
    foundation starts with (an Ace), which goes home as soon as it is free and so never
    waits on anything. Twos are therefore always safe in FreeCell and Klondike, as
    Microsoft FreeCell and Freecell Solver play them.
    """
    return _goes_home(state, move) and _never_wanted(state, move, _on_foundations(state))


def _goes_home(state: State, move: Move) -> bool:
    """Whether ``move`` sends a card from play to a foundation that takes them in order."""
    t = state.variant.tables
    if move.kind is not MoveKind.MOVE or move.target not in t.foundation_set or move.source in t.foundation_set:
        return False
    return t.homes_in_order  # else a card home would take the place of another (Black Hole)


def _never_wanted(state: State, move: Move, home: Counter[int]) -> bool:
    """Whether no card still in play could be built on the card ``move`` sends home."""
    assert move.source is not None
    t = state.variant.tables
    card = state.piles[move.source][-1]
    copies = _copies(state.variant)
    starters = _always_home(state.variant)
    for column in t.tableau:
        table = t.build[column]
        if table is None:
            continue
        if any(home[above] < copies[above] and above not in starters for above in table[card.index]):
            return False
    return True


@cache
def _copies(variant: Variant) -> Counter[int]:
    """How many copies of each card the deck holds."""
    return Counter(c.index for c in variant.deck.cards())


@cache
def _always_home(variant: Variant) -> frozenset[int]:
    """The cards that can always go home once free: those the foundations start with,
    when there are foundations enough for every one of them (the Aces of a deck)."""
    t = variant.tables
    starters = frozenset[int]().union(*(t.empty[f] for f in t.foundations))
    copies = _copies(variant)
    return starters if sum(copies[c] for c in starters) <= len(t.foundations) else frozenset()


def builds_home(variant: Variant) -> bool:
    """Whether automatic moves home can ever play a card: there are foundations that
    take cards one by one, in order (not Golf's waste, Pyramid's discards, Black Hole)."""
    t = variant.tables
    return bool(t.foundations) and t.homes_in_order


def safe_moves(state: State) -> list[Move]:
    """The legal moves that send a card home safely."""
    homeward = [m for m in legal_moves(state) if _goes_home(state, m)]
    if not homeward:
        return []
    home = _on_foundations(state)  # counted once for every move looked at
    return [m for m in homeward if _never_wanted(state, m, home)]


def auto_build(state: State) -> tuple[State, list[Move]]:
    """Play safe moves home until none is left; returns the position and the moves."""
    played: list[Move] = []
    while True:
        moves = safe_moves(state)
        if not moves:
            return state, played
        state = apply(state, moves[0], trusted=True)
        played.append(moves[0])


def stops_after(state: State, move: Move, after: Move) -> bool:
    """Whether a line of moves stops after ``move``, its next being ``after``: so the
    moves home come then, not after the line's last (true as well if ``move`` itself
    can't be played: the line stops at it)."""
    if not check(state, move).ok:
        return True
    return not check(apply(state, move, trusted=True), after).ok


def opening_history(opening: State) -> History:
    """A new game's history with the cards safe to send home at the deal sent there, as
    a step the table plays (``History.with_table_step``); the bare opening where none is."""
    state, moves = auto_build(opening)
    return History.begin(opening).with_table_step(moves, state) if moves else History.begin(opening)


def sent_home_at_the_deal(history: History) -> str:
    """What the table sent home at the deal, in a line, until the player's first move;
    "" where it sent nothing, and once the player has moved.

    >>> from cardtable.solitaire import get_variant
    >>> sent_home_at_the_deal(opening_history(get_variant("yukon").start(5)))
    'A♠ and 2♠ went home at the deal (auto-build)'
    >>> sent_home_at_the_deal(opening_history(get_variant("limited").start(4)))  # two decks
    'two A♣ and A♥ went home at the deal (auto-build)'
    """
    if not history.table_steps or history.begun:
        return ""
    return f"{_went_home(history.state_at(0), history.steps[0])} went home at the deal (auto-build)"


def sent_home_after(before: History, after: History) -> str:
    """What auto-build sent home after the player's move from ``before`` to ``after``, in
    a line ("" where it sent nothing, or ``after`` is no one move on from ``before``).

    >>> from cardtable.solitaire import get_variant
    >>> from cardtable.solitaire.formats import parse_move
    >>> opening = opening_history(get_variant("klondike-draw3").start(7))
    >>> turned = parse_move(opening.state.variant, "deal")
    >>> built, moves = auto_build(apply(opening.state, turned))
    >>> sent_home_after(opening, opening.push((turned, *moves), built))
    'A♣ went home (auto-build)'
    """
    if after.at != before.at + 1 or after.steps[: before.at] != before.steps[: before.at]:
        return ""
    step = after.steps[before.at]
    if len(step) < 2:
        return ""
    return f"{_went_home(apply(before.state, step[0], trusted=True), step[1:])} went home (auto-build)"


def _went_home(state: State, moves: Sequence[Move]) -> str:
    """The cards ``moves`` send home from ``state``, listed ("A♠ and 2♠")."""
    cards = Counter[str]()
    for move in moves:
        assert move.source is not None
        cards[state.piles[move.source][-1].symbol] += 1
        state = apply(state, move, trusted=True)
    return listed([_counted(card, n) for card, n in cards.items()])


def _counted(card: str, count: int) -> str:
    """A card named once however many of its copies there are (in games of two decks
    or more).

    >>> _counted("A♥", 1), _counted("A♥", 2), _counted("A♥", 3)
    ('A♥', 'two A♥', 'three A♥')
    """
    return card if count == 1 else f"{number_word(count)} {card}"


def is_decided(state: State) -> bool:
    """Whether the rest is mechanical: no face-down card and nothing left in stock or waste."""
    return not why_undecided(state)


def why_undecided(state: State) -> str:
    """What keeps the game from being decided (``is_decided``), in the player's words.

    >>> from cardtable.solitaire import get_variant
    >>> why_undecided(get_variant("yukon").start(1))
    'cards are still face down'
    >>> why_undecided(get_variant("klondike").start(1))
    'cards are still face down and in the stock'
    >>> why_undecided(get_variant("golf").start(1))  # (its waste is where the cards are played to)
    'cards are still in the stock'
    """
    t = state.variant.tables
    waste = None if state.variant.goal is Goal.TABLEAU_CLEARED else t.waste
    where = ["face down"] if any(state.hidden[i] for i in range(len(state.piles)) if i != t.stock) else []
    where += [f"in the {name}" for name, i in (("stock", t.stock), ("waste", waste)) if i is not None and state.piles[i]]
    if not where:
        return ""
    return "cards are still " + listed(where)


def why_unfinished(state: State) -> str:
    """Why ``finish`` leaves the rest of a game to the player, in the player's words:
    what keeps it undecided, else what the finish would have had to choose.

    >>> from cardtable.solitaire import get_variant
    >>> why_unfinished(get_variant("freecell").start(1))
    'it sends cards home and sets at most 4 aside to free them (one to each empty cell or column), and the cards left need more play than that'
    >>> why_unfinished(get_variant("black-hole").start(1))
    'which card goes home next is a choice, and those choices are the game'
    """
    undecided = why_undecided(state)
    if undecided:
        return undecided
    if state.variant.goal is not Goal.ALL_TO_FOUNDATIONS:
        return "the cards left still offer choices, and those are the game"
    if not state.variant.tables.homes_in_order:
        return "which card goes home next is a choice, and those choices are the game"
    free = _free_places(state)
    aside = f"at most {free} aside" if free > 1 else "one aside"
    return (f"it sends cards home and sets {aside} to free them (one to each empty cell or column), "
            "and the cards left need more play than that")



FINISH_POSITIONS = 2_000
"""Positions the finish may look at before it says the game can't be finished yet."""


def finish(state: State) -> tuple[State, list[Move]] | None:
    """Play the rest of a decided game out, if that takes no choice a player would
    count as play, else None.

    Cards go home, and when none can, cards are set aside (one at a time, to a free
    cell, an empty column or onto another card): in all, as many as there are free
    places (empty cells and columns, one at least) when the first is needed. So a card
    lying on the one it waits for moves out of the way, but a game still to be played
    is not played for the player. Where a foundation takes any of several cards (Black
    Hole), which card goes home is the game itself: only a card with no other choice
    goes home there.

    Where the game is not decided, the moves the table forces are played (``_forced``),
    so a game that offers no choice at all (Clock) runs to its end, won or not.

    >>> from cardtable.solitaire import get_variant
    >>> finish(get_variant("freecell").start(1)) is None  # a deal is play, not a finish
    True
    >>> ended, moves = finish(get_variant("clock").start(1))
    >>> len(moves) > 0, legal_moves(ended)  # the clock has run: nothing is left to play
    (True, ())
    """
    if not is_decided(state):
        return _forced(state)
    return _finish_from(state, None, {})


FORCED_MOVES = 1_000
"""Moves a game without a choice is run for before it is left to the player."""


def _forced(state: State) -> tuple[State, list[Move]] | None:
    """Play the moves the table forces: while it offers exactly one (not a deal from a
    stock, which a player times), play it, to the game's end or to the first choice;
    None if there is none. Each is played, not looked ahead at: where the line turns up
    cards, whether it ends before a choice must not be known before they are seen."""
    played: list[Move] = []
    while len(played) < FORCED_MOVES:
        moves = legal_moves(state)
        if len(moves) != 1 or moves[0].kind in (MoveKind.DEAL, MoveKind.REDEAL):
            break
        state = apply(state, moves[0], trusted=True)
        played.append(moves[0])
    return (state, played) if played else None


def _finish_from(state: State, asides: int | None, best: dict[State, int]) -> tuple[State, list[Move]] | None:
    """``finish`` from ``state`` with ``asides`` cards still to set aside (None: not
    counted yet); ``best``: the positions tried, with the most asides they had."""
    played: list[Move] = []
    in_order = state.variant.tables.homes_in_order
    while not is_won(state):
        moves = legal_moves(state)
        home = [m for m in moves if _home_from_play(state, m)]
        if home and (in_order or len(home) == 1):
            state = apply(state, home[0], trusted=True)
            played.append(home[0])
            continue
        if asides is None:
            asides = max(1, _free_places(state))
        if asides == 0 or best.get(state, -1) >= asides or len(best) >= FINISH_POSITIONS:
            return None
        best[state] = asides
        for move in _set_asides(state, moves):
            done = _finish_from(apply(state, move, trusted=True), asides - 1, best)
            if done is not None:
                return done[0], [*played, move, *done[1]]
        return None
    return state, played


def _home_from_play(state: State, move: Move) -> bool:
    """Whether ``move`` sends a card in play to a foundation."""
    t = state.variant.tables
    return move.kind is MoveKind.MOVE and move.target in t.foundation_set and move.source not in t.foundation_set


def _set_asides(state: State, moves: Sequence[Move]) -> list[Move]:
    """The moves of one card off a column onto a cell, an empty column or another
    card: one to an empty place per kind of place, as the others are the same."""
    t = state.variant.tables
    spec = state.variant.piles
    found: list[Move] = []
    empties: set[tuple[int, PileKind]] = set()
    for move in moves:
        if move.kind is not MoveKind.MOVE or move.count != 1 or move.source is None or move.target is None:
            continue
        if spec[move.source].kind is not PileKind.TABLEAU or move.target in t.foundation_set:
            continue
        if not state.piles[move.target]:
            place = (move.source, spec[move.target].kind)
            if place in empties:
                continue
            empties.add(place)
        found.append(move)
    return found


def _free_places(state: State) -> int:
    """The empty free cells and columns."""
    kinds = (PileKind.CELL, PileKind.TABLEAU)
    return sum(1 for spec, pile in zip(state.variant.piles, state.piles) if spec.kind in kinds and not pile)


STUCK_SEARCH_LIMIT = 100
"""Moves the stuck test may play; past that the game is called not stuck (a "stuck" answer
always comes from a search that ran out of positions, never from the limit). It runs
after every action, on the request path: on positions met in play the worst checks
take about 2.5 ms of CPU (Spider and FreeCell; Klondike under 0.1 ms), and they find as
many stuck positions as a limit of 600 moves did, bar a few in Spider (bench/stuck.py,
figures in docs/benchmarks.md)."""


@cache
def _waiting_piles(variant: Variant) -> tuple[int, ...]:
    """The piles holding cards not yet in play: stock, waste, reserve."""
    kinds = (PileKind.STOCK, PileKind.WASTE, PileKind.RESERVE)
    return tuple(i for i, spec in enumerate(variant.piles) if spec.kind in kinds)


Marks = tuple[int, int, int]


def _marks(state: State) -> Marks:
    """What only ever changes one way in real play: cards face down outside the stock,
    cards not yet in play, and how far the goal stands (``still_to_go``: cards not home;
    in Golf a card cleared to the waste, in Accordion two piles made one)."""
    t = state.variant.tables
    down = sum(state.hidden) - (0 if t.stock is None else state.hidden[t.stock])
    waiting = sum(len(state.piles[i]) for i in _waiting_piles(state.variant))
    return down, waiting, still_to_go(state)


def _is_progress(state: State, start: Marks) -> bool:
    """Whether ``state`` has got somewhere since the position whose marks are ``start``."""
    return any(now < then for now, then in zip(_marks(state), start)) or is_won(state)


def _deals_face_down(before: State, after: State) -> bool:
    """Whether the move from ``before`` to ``after`` turned a card of the stock face up."""
    stock = before.variant.tables.stock
    return stock is not None and after.hidden[stock] < before.hidden[stock]


def _promising(position: State, move: Move, marks: Marks, start: Marks) -> bool:
    """Whether ``move`` looks, without playing it, like progress: it takes cards out of
    the waiting piles or home beyond the start, or lifts every face-up card off a
    face-down one. (Only a guess: it is confirmed by playing the move.)"""
    if move.kind is not MoveKind.MOVE or move.source is None or move.target is None:
        return False
    t = position.variant.tables
    waiting = _waiting_piles(position.variant)
    source, target, count = move.source, move.target, move.count
    left = marks[1] - count * (source in waiting) + count * (target in waiting)
    home = marks[2] - count * (target in t.foundation_set) + count * (source in t.foundation_set)
    uncovers = source != t.stock and 0 < position.hidden[source] == len(position.piles[source]) - count
    return left < start[1] or home < start[2] or uncovers


def is_stuck(state: State, limit: int = STUCK_SEARCH_LIMIT) -> bool:
    """Whether no line of play leads anywhere: from every position reachable from here,
    no card turns face up, leaves the stock, waste or reserve, or goes home beyond the
    cards home now, and the game is not won.

    The search folds interchangeable piles and ignores the count of unlimited redeals, so
    a lone King moved between empty columns, a card taken off a foundation and put back,
    or a stock turned round and round leads nowhere new. It plays ``limit`` moves at
    most, and past that says not stuck: a game with a real move is never called stuck.

    It goes only by what the player can see: dealing a card the player has not seen
    from the stock ends the search with "not stuck", since it might be a card that
    helps (turning up a tableau card is progress anyway). A stock turned over from the
    waste holds cards the player saw, so it is dealt through like any known cards. So
    the answer is the same for every arrangement of the cards the player has not seen,
    and tells nothing about them.

    Positions found not stuck by a search beyond the first position are remembered
    (``_LEADS``, ``_RAN_OUT``), and answered again without a search: a stock dealt
    through and round comes back to them at every card.

    >>> from cardtable.solitaire import get_variant
    >>> is_stuck(get_variant("klondike").start(1))
    False
    """
    if is_won(state):
        return False
    start = _marks(state)
    # Cards face down in the stock are unseen until the stock has been turned over from
    # the waste: from then on it holds cards the player saw there, in order.
    stock = state.variant.tables.stock
    unseen = stock is not None and state.hidden[stock] > 0 and not stock_known(state)
    if unseen:  # the stock's next card, unseen, might help: no need to look further
        deal = Move(MoveKind.DEAL)
        if check(state, deal).ok and _deals_face_down(state, apply(state, deal, trusted=True)):
            return False
    # Moves waiting to be followed, with the position they are played from (and where
    # they lead, once played), and the trail of positions that led there. A position's
    # promising moves are played at once (most positions stop there); the rest only when
    # taken from here, the stock's first, since going through the stock is how a quiet
    # position moves on.
    frontier: deque[tuple[State, Move, State | None, Trail]] = deque()
    played = 0

    def expand(position: State, trail: Trail) -> bool:
        """Play the position's promising moves (True when one is progress, the trail
        then remembered as leading somewhere); queue all that are not progress."""
        nonlocal played
        marks = _marks(position)
        for move in legal_moves(position):
            after = None
            if _promising(position, move, marks, start):
                played += 1
                after = apply(position, move, trusted=True)
                if _is_progress(after, start) or (unseen and _deals_face_down(position, after)):
                    _remember(trail, unseen)
                    return True
            if move.kind is MoveKind.MOVE:
                frontier.append((position, move, after, trail))
            else:
                frontier.appendleft((position, move, after, trail))
        return False

    redeals = state.variant.stock.passes_count
    if expand(state, None):
        return False
    folded = (state.variant, canonical_key(state, redeals=redeals))
    exact = (state.variant, state.piles, state.hidden, state.redeals if redeals else 0)
    if folded in _LEADS or _RAN_OUT.get(exact, -1) >= limit:
        return False
    seen = {folded}
    root: Trail = (folded, None)
    while frontier:
        position, move, after, trail = frontier.popleft()
        trail = trail or root
        if after is None:
            played += 1
            if played > limit:  # the same again next time, with no more room: remembered
                _ran_out(exact, limit)
                return False
            after = apply(position, move, trusted=True)
            if _is_progress(after, start) or (unseen and _deals_face_down(position, after)):
                _remember(trail, unseen)
                return False
        folded = (after.variant, canonical_key(after, redeals=redeals))
        if folded not in seen:
            seen.add(folded)
            if expand(after, (folded, trail)):
                return False
    return True


Trail = tuple[tuple[Variant, tuple[object, ...]], "Trail"] | None
"""The positions (folded) a search went through to reach one, latest first."""

REMEMBERED = 10_000
"""Positions each of the stuck test's memories (``_LEADS``, ``_RAN_OUT``) holds at most;
past that it starts afresh. About a kilobyte each."""

_LEADS: set[tuple[Variant, tuple[object, ...]]] = set()
"""Positions (folded) from which a search found progress, so not stuck: worked out
once, not again at every turn of a stock dealt through and round (``_remember``)."""

_RAN_OUT: dict[tuple[object, ...], int] = {}
"""Positions whose search ran out of moves, so not stuck, with the most moves it had:
the same position's search runs out again with as many or fewer. Kept by the position
itself, its redeals uncounted where they are unlimited: a position folded with it (its
interchangeable piles swapped) lists its moves in another order, and could be searched
to its end within the limit."""


def forget_stuck_answers() -> None:
    """Forget every answer the stuck test remembered (a bench timing each search alone)."""
    _LEADS.clear()
    _RAN_OUT.clear()


def _remember(trail: Trail, unseen: bool) -> None:
    """Remember every position on ``trail`` as leading somewhere, so not stuck.

    A search that found progress went through positions none of which was progress
    from its start, so each stands at or behind the start's marks, and what was
    progress from the start is progress from each of them too. That holds unless the
    search counted an unseen card dealt as progress (``unseen``): a position with the
    same folded key may hold the stock turned over, seen. Remembered answers are the
    answers the search gives, so they tell nothing more about the cards the player has
    not seen."""
    if unseen or trail is None:
        return
    if len(_LEADS) > REMEMBERED:
        _LEADS.clear()
    while trail is not None:
        folded, trail = trail
        _LEADS.add(folded)


def _ran_out(exact: tuple[object, ...], limit: int) -> None:
    """Remember that the search of the position ``exact`` ran out of ``limit`` moves.
    The same position with an unseen stock (redeals uncounted) runs out too, or stops
    sooner on an unseen card: either way not stuck."""
    if len(_RAN_OUT) > REMEMBERED:
        _RAN_OUT.clear()
    _RAN_OUT[exact] = max(limit, _RAN_OUT.get(exact, 0))
