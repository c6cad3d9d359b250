"""Typed commands, in card words, turned into session intents.

``8H 9C`` puts the eight of hearts (and what lies on it) on the nine of clubs, or
removes the two as a pair where the game pairs cards (``JC 2D``); ``8H t3`` puts it
on column 3, ``8H f`` home and ``8H c`` in a free cell; ``AH`` alone plays it (home if it
can go), as ``t3`` alone its top card; ``t3 t5`` moves what fits from column 3 to column 5; ``t3>t5:2`` is the exact
move notation.
``turn``, ``redeal``, ``undo``, ``redo``, ``auto``, ``hint``, ``restart``, ``new``,
``winnable`` (and ``winnable on`` / ``off``), ``new winnable``, ``daily``, ``show``, ``rules``,
``stats``, ``help``, ``quit``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from enum import Enum

from cardtable.app import Outcome, Session
from cardtable.app.autoplay import stops_after
from cardtable.app.clicks import choices, count_of
from cardtable.app.events import Event
from cardtable.app.redeals import offers_redeal
from cardtable.cards import NotationError, parse_card
from cardtable.cards.words import listed
from cardtable.solitaire import Move, MoveKind, PileKind, Variant
from cardtable.solitaire.rules.groups import WHOLE_PILES, GroupKind
from cardtable.solitaire.traits import Layout, Play
from cardtable.solitaire.formats import FormatError, move_words, parse_move
from cardtable.solitaire.formats.moves import piles_said
from cardtable.ui.terminal.layout import sends_home

def help_for(variant: Variant) -> str:
    """The typed mode's help for ``variant``: only the moves and words its game has (no
    free cells where there are none, no pairs where cards don't pair, no turn without a
    stock).

    >>> from cardtable.solitaire import get_variant
    >>> "free cell" in help_for(get_variant("freecell")), "free cell" in help_for(get_variant("klondike"))
    (True, False)
    >>> "remove JC" in help_for(get_variant("pyramid")), "turn" in help_for(get_variant("freecell"))
    (True, False)
    >>> "8H f " in help_for(get_variant("klondike")), "8H f " in help_for(get_variant("spider"))  # a whole suit goes home by itself
    (True, False)
    >>> help_for(get_variant("montana")).splitlines()[0]  # cards go into gaps
    "moves:   3H t19   put 3H into the gap at place 19 (a gap shows its place's number: 3H 19 too)"
    >>> "gap" in help_for(get_variant("accordion")), "gap" in help_for(get_variant("monte-carlo"))  # piles and pairs
    (False, False)
    """
    pairs = variant.traits.play is Play.PAIRS
    cells = bool(variant.piles_of(PileKind.CELL))
    homes = bool(variant.piles_of(PileKind.FOUNDATION))
    sent_home = sends_home(variant)
    stock, waste = bool(variant.piles_of(PileKind.STOCK)), bool(variant.piles_of(PileKind.WASTE))
    redeals = offers_redeal(variant)
    word = variant.tableau_word
    columns = len(variant.piles_of(PileKind.TABLEAU))
    a, b = min(3, columns - 1), min(5, columns)  # (columns of the game: Calculation has four)
    lifted = any(variant.piles[i].group is not None for i in variant.piles_of(PileKind.TABLEAU))  # (Clock's never are)
    source = (f"t{a}" if columns > 1 and lifted else variant.pile_names[variant.piles_of(PileKind.RESERVE)[0]]
              if variant.piles_of(PileKind.RESERVE) else "waste")
    builds = any(variant.piles[i].build is not None for i in variant.piles_of(PileKind.TABLEAU))
    between = any(variant.piles[i].build is not None and variant.piles[i].fed_from in (None, PileKind.TABLEAU)
                  for i in variant.piles_of(PileKind.TABLEAU))  # (Calculation's columns take only the waste's card)
    onto = any(spec.build is not None for spec in variant.piles if spec.kind is not PileKind.FOUNDATION)
    places = ", ".join(p for p, there in (("f1 foundation", homes), ("c1 free cell", cells), ("waste", waste)) if there)
    groups = {group.kind for i in variant.piles_of(PileKind.TABLEAU) if (group := variant.piles[i].group) is not None}
    whole, runs = bool(groups & WHOLE_PILES), bool(groups - {GroupKind.ONE})
    gaps = variant.traits.layout is Layout.GRID and not pairs and not whole
    if pairs:
        alone = variant.pairs is not None and bool(variant.pairs.singles)
        pair = "JC JD" if variant.pairs is not None and variant.pairs.same_rank else "JC 2D"
        by_itself = ("KH", "play KH by itself, where a card can") if alone else ("JC", "remove JC with the card it pairs with")
        moves = [(pair, f"remove {pair.replace(' ', ' and ')}"), by_itself]
    elif gaps:  # (Montana: cards go into gaps, shown by their places' numbers)
        moves = [("3H t19", "put 3H into the gap at place 19 (a gap shows its place's number: 3H 19 too)"), ("3H", "play 3H into the gap that takes it")]
        homes = builds = sent_home = False
    elif whole:  # (Accordion: a pile moves whole, named by its top card)
        moves = [("2H JH", "put the pile 2H tops on the pile JH tops"), ("2H", "play 2H's pile where it fits"),
                 ("t2 t1", f"move {word} 2 onto {word} 1")]
        homes = builds = sent_home = False
    else:
        moves = [("8H 9C", "put 8H" + (" (and the cards on it)" if builds and runs else "") + " on 9C")] if onto else []
        if builds:
            moves.append((f"8H t{a}", f"put 8H on {word} {a}" + (f" (or {places} ...)" if places else "")))
        moves.append(("AH", "play AH: " + ("home if it can go, else " if sent_home else "") + "its likeliest move (asked which, where two differ)"))
        if sent_home:
            moves.append(("8H f", "send 8H to a foundation" + (" (8H c: to a free cell)" if cells else "")))
        elif cells:
            moves.append(("8H c", "put 8H in a free cell"))
        if between:
            moves.append((f"t{a} t{b}", f"move what fits from {word} {a} to {word} {b}"))
    extras = ", ".join(w for w, there in (("deal", stock), ("redeal", redeals)) if there)
    exact = ("t25+t3" if pairs else "t7>t19" if gaps else "t2>t1" if whole else f"t{a}>t{b}:2" if between
             else f"{source}>f1" if homes else f"t{columns}>waste" if waste else f"t{a}>t{b}")
    moves.append((exact, "exact notation" + (f" (also {extras})" if extras else "") + "; several on a line are played in order"))
    width = max(8, *(len(example) for example, _ in moves))  # the words in one column, after the longest example
    other = ", ".join(w for w, there in (("turn (deal from the stock)", stock), ("redeal", redeals)) if there)
    short = "u undo, r redo, a auto, h hint, w winnable" + (", t or d turn" if stock else "") + ", ? help, q quit"
    words = OTHER_WORDS.format(hidden=HIDDEN_TOO if variant.traits.hidden_cards else ":\n        ")
    return "moves:   " + "\n         ".join(f"{example:<{width}} {words}" for example, words in moves) + "\nother:   " + (other + ", " if other else "") + words + "\nshort:   " + short


HIDDEN_TOO = ",\n         face-down cards included:"
"""Said of the verdict where cards lie face down: it knows them, the player does not."""
OTHER_WORDS = """undo, redo, redo all, restart,
         auto (finish), hint, mark / back (mark a position, go back to it),
         new (another deal; one in progress is given up as lost, once you
         answer yes: the way to give up), rules,
         winnable (can the game still be won? worked out from the whole deal{hidden} a verdict, never a card),
         winnable on / winnable off (say so after every move),
         new winnable (a deal the solver proved winnable), daily (today's deal,
         the same for everyone), show (the solver's win from here, step by step:
         Enter for the next step, anything else stops), stats (your
         statistics), help, quit"""
"""The typed words every game has, for its help."""

WORDS = {
    "t": "turn", "turn": "turn", "deal": "turn", "d": "turn", "stock": "turn", "redeal": "redeal",
    "u": "undo", "undo": "undo", "r": "redo", "redo": "redo", "redo all": "redo all",
    "restart": "restart", "a": "auto", "auto": "auto", "finish": "auto", "h": "hint", "hint": "hint",
    "mark": "mark", "back": "back", "rules": "rules", "?": "help", "help": "help",
    "q": "quit", "quit": "quit", "exit": "quit", "new": "new",
    "w": "winnable", "winnable": "winnable", "winnable on": "winnable on", "winnable off": "winnable off",
    "new winnable": "new winnable", "daily": "daily", "show": "show", "show me": "show",
    "stats": "stats", "statistics": "stats",
}


GIVING_UP = frozenset({"give up", "giveup", "resign", "forfeit", "concede"})
"""Words for giving a game up, which is done by dealing another."""

GIVE_UP_BY_NEW = "a game is given up by dealing another: new (it asks first), new winnable or daily"


_LONGEST_FIRST = sorted(WORDS, key=len, reverse=True)
"""The command words, so that a line starting with ``new winnable`` is read as that, not ``new``."""


@dataclass(frozen=True, slots=True)
class Reply:
    """What a command did: an outcome to show, or a word for the caller (quit, help...)."""

    outcome: Outcome | None = None
    word: str = ""


class Named(Enum):
    """What a word named when it named no place on the table."""

    NOT_A_CARD = "not a card"
    NOT_SHOWING = "a card not face up on the table"
    FOUNDATION = "a foundation, whichever takes the card"
    CELL = "a free cell, whichever takes the card"
    NO_SUCH_PILE = "no pile of this game"


def _card_place(session: Session, word: str) -> tuple[int, int] | Named:
    """Where the card ``word`` names lies face up (the copy that can be played, if
    any), or why there is no such place."""
    try:
        card = parse_card(word)
    except NotationError:
        return Named.NOT_A_CARD
    places = session.find_card(card.code)
    if not places:
        return Named.NOT_SHOWING
    playable = [p for p in places if session.guess(p[0], p[1]) is not None]
    return (playable or places)[0]


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except NotationError:
        return False
    return True


def _pile(session: Session, word: str) -> int | Named:
    """The pile ``word`` names, a foundation (``f``, ``home``, ``foundation``), a free
    cell (``c``, ``cell``), or no pile; a grid's place by its number too (``_placed``)."""
    word = word.lower()
    if word in ("f", "home", "h", "foundation"):
        return Named.FOUNDATION
    if word in ("c", "cell"):
        return Named.CELL
    word = _placed(session, word)
    try:
        return session.pile_index(word)
    except KeyError:
        return Named.NO_SUCH_PILE


def _placed(session: Session, word: str) -> str:
    """``word`` as a pile's name: in a grid (Montana), where a gap is drawn as its place's
    number, the number alone names the place (``19``, as ``t19``)."""
    return f"t{int(word)}" if word.isdigit() and session.variant.traits.layout is Layout.GRID else word


PILE_LIKE = re.compile(r"[a-z]{1,2}\d{1,3}")
"""A word written as a pile's name is (``t9``, ``c5``), whether or not the game has it."""


def _no_pile(session: Session, word: str) -> str:
    """What to say of ``word`` written as a pile the game lacks: its piles ('' for a word
    that is not written as a pile, or names one).

    >>> from cardtable.solitaire import get_variant
    >>> _no_pile(Session(get_variant("golf"), 1), "t9")
    "Golf has no pile 't9' (its piles: stock, waste, t1-t7)"
    """
    word = _placed(session, word)
    if not PILE_LIKE.fullmatch(word) or word in session.pile_names:
        return ""
    return f"{session.variant.name} has no pile {word!r} (its piles: {piles_said(session.pile_names)})"


def _said(text: str, longest: int = 24) -> str:
    """What the player typed, quoted for a message, shortened past ``longest`` characters.

    >>> _said("XX"), _said("a" * 100)
    ("'XX'", "'aaaaaaaaaaaaaaaaaaaaaaa…'")
    """
    return repr(text if len(text) <= longest else text[: longest - 1] + "…")


def run_command(session: Session, text: str) -> Reply:
    """Carry out one typed command."""
    line = " ".join(text.lower().split())
    if not line:
        return Reply(Outcome(False, "type a move, or help"))
    if line in GIVING_UP:
        return Reply(Outcome(False, GIVE_UP_BY_NEW))
    word = WORDS.get(line)
    if word == "turn":
        return Reply(session.deal())
    if word == "redeal":
        return Reply(session.play(Move(MoveKind.REDEAL)))
    if word in ("undo", "redo", "redo all", "restart", "auto", "hint", "mark", "back"):
        action = {
            "undo": session.undo, "redo": session.redo, "redo all": session.redo_all,
            "restart": session.restart, "auto": session.auto_finish, "hint": session.hint,
            "mark": session.set_bookmark, "back": session.to_bookmark,
        }[word]
        return Reply(action())
    if word is not None:
        return Reply(word=word)
    paired = [word.strip() for word in text.split("+")]
    if len(paired) == 2 and all(_is_card(word) for word in paired):  # QC+AS, as t25+t3 names piles
        return Reply(_card_words(session, paired))
    if ">" in line or "+" in line or _only_deals(line):
        try:
            return Reply(_in_turn(session, *_notation_moves(session.variant, line)))
        except FormatError as error:
            return Reply(Outcome(False, str(error)))
    command = next((known for known in _LONGEST_FIRST if line.startswith(f"{known} ")), None)
    if command is not None and _names_nothing(session, command.split()[0]):
        return Reply(Outcome(False, _extra_words(command, line[len(command) + 1:])))
    return Reply(_card_words(session, text.split()))


def yes_or_no(lines: Iterator[str], write: Callable[[str], None], prompt: Callable[[], None]) -> bool | None:
    """The answer to a question put as "(yes/no)", read from ``lines`` (``q`` or ``quit``:
    no, as nothing asked is done): any other line asks again, so a slip of the keys
    decides nothing. None: the input ended first."""
    for line in lines:
        answer = line.strip().lower()
        if answer in ("y", "yes", "n", "no", "q", "quit"):
            return answer.startswith("y")
        write("  yes or no?")
        prompt()
    return None


def _notation_moves(variant: Variant, line: str) -> tuple[list[Move], str]:
    """The moves of a line in the move notation: one (``t25 + waste``), or several in a
    row, as ``solve`` prints a solution (``t4>waste deal t4>waste``), up to the first word
    that is no move; with why that word is none ('' if every one is a move). A line
    none of whose words is a move is read as one move, and refused as one."""
    try:
        return [parse_move(variant, line)], ""
    except FormatError:
        words = move_words(line)
        read = [_read(variant, word) for word in words]
        if len(words) == 1 or not any(isinstance(move, Move) for move in read):
            raise
    moves: list[Move] = []
    for move in read:
        if not isinstance(move, Move):
            return moves, move
        moves.append(move)
    return moves, ""


def _read(variant: Variant, word: str) -> Move | str:
    """``word`` as a move, or why it is none."""
    try:
        return parse_move(variant, word)
    except FormatError as error:
        return str(error)


def _in_turn(session: Session, moves: list[Move], unread: str = "") -> Outcome:
    """Play ``moves`` one after another, up to the first that can't be played; ``unread``:
    why the word after them is no move. Taken (to be saved) if any move was played.
    Auto-build sends cards home only after the last move played: a solver's line, pasted,
    names piles whose cards it would have moved ahead of the line."""
    events: tuple[Event, ...] = ()
    outcome = Outcome(True)
    for done, move in enumerate(moves):
        stops = done == len(moves) - 1 or stops_after(session.state, move, moves[done + 1])
        outcome = session.play(move, build=stops)
        events += outcome.events
        if not outcome.ok:
            return Outcome(done > 0, _played(done, len(moves)) + outcome.reason, events)
    if unread:
        played = f"{len(moves)} move{'s' * (len(moves) != 1)} played; then " if moves else ""
        return Outcome(bool(moves), played + unread, events)
    return replace(outcome, reason=f"{len(moves)} moves played" if len(moves) > 1 else outcome.reason, events=events)


def _played(done: int, of: int) -> str:
    """How far a line of moves went, before what stopped it ('' where it was one move).

    >>> _played(2, 5), _played(0, 1)
    ('2 of 5 moves played; then ', '')
    """
    return f"{done} of {of} moves played; then " if done or of > 1 else ""


def _only_deals(line: str) -> bool:
    """Whether ``line`` is deals and redeals in the move notation, more than one (``deal
    deal redeal``: a stretch of a solution, played in turn).

    >>> _only_deals("deal deal redeal"), _only_deals("deal"), _only_deals("deal t1")
    (True, False, False)
    """
    words = line.split()
    return len(words) > 1 and all(word in ("deal", "redeal") for word in words)


def _names_nothing(session: Session, word: str) -> bool:
    """Whether ``word`` names no card and no pile (so it can only be a command)."""
    return _card_place(session, word) is Named.NOT_A_CARD and _pile(session, word) is Named.NO_SUCH_PILE


def _extra_words(command: str, extra: str) -> str:
    """What to say of a command typed with more after it.

    >>> _extra_words("undo", "5")
    "'undo' takes nothing after it ('5' is one word too many)"
    >>> _extra_words("turn", "turn turn")
    "'turn' takes nothing after it ('turn turn' are 2 words too many)"
    >>> _extra_words("winnable", "maybe")
    "'winnable' goes alone, or as 'winnable on' or 'winnable off' (not 'maybe')"
    """
    longer = [known for known in WORDS if known.startswith(f"{command} ")]
    if not longer:
        count = len(extra.split())
        too_many = "is one word too many" if count == 1 else f"are {count} words too many"
        return f"{_said(command)} takes nothing after it ({_said(extra)} {too_many})"
    return f"{_said(command)} goes alone, or as {' or '.join(map(_said, longer))} (not {_said(extra)})"


def _ask_where(session: Session, card: str, pile: int, position: int) -> Outcome | None:
    """A card named alone that does not go home, with a real choice of places (two cards
    to build on, or one and an empty column: in Calculation the whole game): asked where,
    not guessed. None where the likeliest move is the only sensible one."""
    move = session.guess(pile, position)
    if move is None or move.target is None or session.variant.piles[move.target].kind is PileKind.FOUNDATION:
        return None
    places = choices(session.state, pile, count_of(session.state, pile, position))
    if len(places) < 2:
        return None
    piles, names = session.state.piles, session.pile_names
    said = [f"on {piles[p][-1].symbol} in {session.variant.piles[p].id.title}" if piles[p] else f"to the empty {session.variant.piles[p].id.title}"
            for p in places]
    ways = listed([f"{card.upper()} {names[p]}" for p in places], "or")
    return Outcome(False, f"{parse_card(card).symbol} can go {listed(said, 'or')}: say which, as {ways}")


def _card_words(session: Session, typed: list[str]) -> Outcome:
    """A move named by cards and piles; ``typed`` as the player wrote them."""
    words = [word.lower() for word in typed]
    if len(words) > 2:
        return Outcome(False, f"{_said(' '.join(typed))}: name a card, or a card and where it goes (help lists moves){_solvers(session, words)}")
    first = _card_place(session, words[0])
    if first is Named.NOT_SHOWING:
        return Outcome(False, f"{words[0].upper()} is not face up on the table")
    if isinstance(first, Named):  # not a card: a pile, perhaps
        source = _pile(session, words[0])
        if isinstance(source, Named):
            return Outcome(False, _no_pile(session, words[0]) or
                           f"{_said(typed[0])} is not a card or a pile (help lists moves){_solvers(session, words)}")
        if len(words) == 1:  # its top card, as a card named alone (the page plays it with one click)
            cards, hidden = session.state.piles[source], session.state.hidden[source]
            if len(cards) <= hidden:
                return Outcome(False, f"{_said(typed[0])} shows no card to play: name a card, or a pile and where its cards go (help lists moves)")
            return _ask_where(session, cards[-1].code, source, -1) or session.play_card(source, -1)
        return _pile_to_pile(session, source, words[1], typed[1])
    pile, position = first
    if len(words) == 1:
        return _ask_where(session, words[0], pile, position) or session.play_card(pile, position)
    if _is_card(words[1]):
        return session.play_two_cards(words[0], words[1])
    target = _pile(session, words[1])
    copies = _copies_going(session, words[0], target)
    if len(copies) > 1 and isinstance(target, int):  # (home or to a cell, either copy does)
        return Outcome(False, _which_copy(session, words[0], copies, target))
    pile, position = copies[0] if copies else (pile, position)
    if target is Named.FOUNDATION:
        return session.to_foundation(pile, position)
    if target is Named.CELL:
        return _to_cell(session, pile, position)
    if isinstance(target, Named):
        return Outcome(False, _no_pile(session, words[1]) or f"{_said(typed[1])} is not a card on the table or a pile")
    return session.move_card(pile, position, target)


def _copies_going(session: Session, word: str, target: int | Named) -> list[tuple[int, int]]:
    """The face-up copies of the card ``word`` names that can go to ``target`` (a pile, or
    any foundation or free cell): in games of two decks or more, the card a player means."""
    if isinstance(target, Named) and target not in (Named.FOUNDATION, Named.CELL):
        return []
    kinds = {Named.FOUNDATION: PileKind.FOUNDATION, Named.CELL: PileKind.CELL}
    names = ({session.pile_names[target]} if isinstance(target, int)
             else {session.pile_names[i] for i in session.variant.piles_of(kinds[target])})
    return [place for place in session.find_card(parse_card(word).code) if names & set(session.targets(*place))]


def _which_copy(session: Session, word: str, copies: list[tuple[int, int]], target: int) -> str:
    """Asked to move a card two of whose copies could go to ``target``: which, and how
    to say it."""
    where = listed([session.variant.piles[pile].id.title for pile, _ in copies], "or")
    said = listed([f"{session.pile_names[pile]} {session.pile_names[target]}" for pile, _ in copies], "or")
    return f"{parse_card(word).symbol} from {where} could go there: say which, as {said}"


SOLVERS_MOVE = re.compile(r"[1-9a-d][1-9a-dh](v\d+)?")
"""A move in Freecell Solver's notation: from a column (1-8) or free cell (a-d) to a
column, a free cell or home (h), with ``vN`` for N cards at once."""


def _solvers(session: Session, words: list[str]) -> str:
    """What to add to a refusal of ``words`` that read as Freecell Solver's moves (in a
    game with free cells): that notation is not read here, and how to get this one."""
    if not session.variant.piles_of(PileKind.CELL) or not all(SOLVERS_MOVE.fullmatch(word) for word in words):
        return ""
    return (". Moves in Freecell Solver's notation (6a, 76, bh) are not read here, since 7c would be a card:"
            " `cardtable solve GAME --deal N --notation cardtable` writes a solution as play reads it")


def _to_cell(session: Session, pile: int, position: int = -1) -> Outcome:
    """Put a card in whichever free cell takes it (the first, as a player would)."""
    cells = session.variant.piles_of(PileKind.CELL)
    outcome = Outcome(False, "there is no free cell in this game")
    for cell in cells:
        outcome = session.move_card(pile, position, cell)
        if outcome.ok:
            return outcome
    if cells and all(session.state.piles[cell] for cell in cells):  # not the last cell's refusal alone
        return Outcome(False, "every free cell holds a card already")
    return outcome


def _pile_to_pile(session: Session, source: int, target_word: str, typed: str) -> Outcome:
    target = _pile(session, target_word)
    if target is Named.FOUNDATION:
        return session.to_foundation(source)
    if target is Named.CELL:
        return _to_cell(session, source)
    if isinstance(target, Named):
        return Outcome(False, _no_pile(session, target_word) or f"{_said(typed)} is not a pile")
    return session.pile_onto_pile(source, target)
