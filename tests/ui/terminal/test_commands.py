"""Typed commands: each way a word can name a card, a pile or nothing, and what it does."""

from __future__ import annotations

import re
import pytest

from cardtable.app import Options, Outcome, Session
from cardtable.app.autoplay import auto_build
from cardtable.solitaire import Move, PileKind, State, Variant, apply, get_variant, variants
from cardtable.solitaire.formats import format_move
from cardtable.solitaire.rules.groups import GroupKind
from cardtable.solitaire.traits import Layout
from cardtable.solver import Budget, solve
from cardtable.ui.terminal.commands import help_for, run_command, yes_or_no


@pytest.fixture
def session() -> Session:
    """Klondike deal 7: columns show 6D, JS, 9D, 5D, 8D, TH, 4S; the stock is full."""
    return Session(get_variant("klondike"), 7)


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ("7C", "7C is not face up on the table"),
        ("bogus", "'bogus' is not a card or a pile (help lists moves)"),
        ("t1", "6♦ builds on no column's last card (build down by one in alternating colours); no foundation takes it yet"),  # its top card, 6D, named alone
        ("t1 zz", "'zz' is not a pile"),
        ("t9 t1", "Klondike has no pile 't9' (its piles: stock, waste, f1-f4, t1-t7)"),  # each way of naming a pile the game lacks says so alike
        ("JS t8", "Klondike has no pile 't8' (its piles: stock, waste, f1-f4, t1-t7)"),
        ("t1 c1", "Klondike has no pile 'c1' (its piles: stock, waste, f1-f4, t1-t7)"),
        ("t1>t9", "'t1>t9': Klondike has no pile 't9' (its piles: stock, waste, f1-f4, t1-t7)"),  # in move notation too
        ("JS qq", "'qq' is not a card on the table or a pile"),
        ("6D t2", "6♦ can't go on J♠: build down by one in alternating colours"),
        ("t1 t2", "6♦ can't go on J♠: build down by one in alternating colours"),
        ("6D f", "6♦ can't go on the empty foundation 1: it takes only an Ace"),  # the first empty one, not the last
        ("t7 home", "4♠ can't go on the empty foundation 1: it takes only an Ace"),
        ("t1 t2 t3", "'t1 t2 t3': name a card, or a card and where it goes (help lists moves)"),
        ("", "type a move, or help"),
        ("XX", "'XX' is not a card or a pile (help lists moves)"),  # as typed, not lowered
        ("JS Qq", "'Qq' is not a card on the table or a pile"),
        ("z" * 500, "'zzzzzzzzzzzzzzzzzzzzzzz…' is not a card or a pile (help lists moves)"),  # shortened
        ("turn 5", "'turn' takes nothing after it ('5' is one word too many)"),  # a command with more: not a card
        ("winnable maybe", "'winnable' goes alone, or as 'winnable on' or 'winnable off' (not 'maybe')"),
        ("h t1", "'h' is not a card or a pile (help lists moves)"),  # h names the foundations too: read as a move
    ],
)
def test_a_command_that_can_not_be_done_says_why(session: Session, command: str, reason: str) -> None:
    reply = run_command(session, command)
    assert reply.outcome is not None and (reply.outcome.ok, reply.outcome.reason) == (False, reason)
    assert session.move_count == 0


@pytest.mark.parametrize(
    ("command", "pile", "top"),
    [
        ("4S 5D", "t4", "4S"),  # a card onto a card
        ("4S t4", "t4", "4S"),  # a card onto a pile
        ("t7 t4", "t4", "4S"),  # a pile onto a pile
        ("4S", "t4", "4S"),  # a card alone: its likeliest move
        ("TH t2", "t2", "TH"),
        ("t6>t2", "t2", "TH"),  # the exact notation
    ],
)
def test_a_command_that_can_be_done_moves_the_card(session: Session, command: str, pile: str, top: str) -> None:
    reply = run_command(session, command)
    assert reply.outcome is not None and reply.outcome.ok, reply.outcome
    assert session.state.piles[session.variant.index_of_name(pile)][-1].code == top
    assert session.move_count == 1


def test_words_that_are_not_moves_are_handed_back(session: Session) -> None:
    assert run_command(session, "quit").word == "quit"
    assert run_command(session, "?").word == "help"
    assert run_command(session, "turn").outcome.ok  # type: ignore[union-attr]


def test_restart_then_undo_goes_back_to_where_the_game_was(session: Session) -> None:
    for command in ("turn", "turn", "restart"):
        reply = run_command(session, command)
        assert reply.outcome is not None and reply.outcome.ok, command
    assert session.move_count == 0
    reply = run_command(session, "undo")
    assert reply.outcome is not None and reply.outcome.ok and session.move_count == 2


def test_a_line_of_deals_in_the_notation_plays_each_in_turn(session: Session) -> None:
    """A stretch of a pasted solution that only deals ("deal deal") is moves, not a command
    with words too many."""
    reply = run_command(session, "deal deal deal")
    assert reply.outcome is not None and reply.outcome.ok and reply.outcome.reason == "3 moves played"
    reply = run_command(session, "turn turn")  # (the typed word is no notation: one command, said so)
    assert reply.outcome is not None and reply.outcome.reason == "'turn' takes nothing after it ('turn' is one word too many)"


def test_c_puts_a_card_or_a_columns_top_in_whichever_free_cell_is_empty() -> None:
    session = Session(get_variant("freecell"), 1)
    tops = [session.state.piles[session.variant.index_of_name(f"t{n}")][-1].code for n in (1, 2)]
    for command in (f"{tops[0]} c", "t2 cell"):
        reply = run_command(session, command)
        assert reply.outcome is not None and reply.outcome.ok, reply.outcome
    cells = [session.state.piles[i] for i in session.variant.piles_of(PileKind.CELL)]
    assert [c[-1].code for c in cells if c] == tops and session.move_count == 2
    home = Session(get_variant("freecell"), 2, Options(auto_build=False))  # A♠ on top of a column
    sent = run_command(home, "AS foundation").outcome  # ("foundation" was no pile)
    assert sent is not None and sent.ok and home.state.piles[home.pile_index("f1")][-1].code == "AS"


def test_c_where_the_game_has_no_free_cell_says_so(session: Session) -> None:
    reply = run_command(session, "4S c")
    assert reply.outcome is not None and reply.outcome.reason == "there is no free cell in this game"


def test_freecell_solvers_notation_is_refused_with_the_way_to_a_solution_play_reads() -> None:
    session = Session(get_variant("freecell"), 1)
    for line in ("6a", "6a 6b 6h 6h bh"):
        outcome = run_command(session, line).outcome
        assert outcome is not None and not outcome.ok and "--notation cardtable" in outcome.reason, line
    assert session.move_count == 0
    klondike = Session(get_variant("klondike"), 1)  # no free cells: no such notation to mistake
    outcome = run_command(klondike, "6a").outcome
    assert outcome is not None and "Freecell Solver" not in outcome.reason


def test_a_card_two_of_whose_copies_could_go_there_is_asked_about_and_pile_words_pick_one() -> None:
    session = Session(get_variant("spider-1suit"), 1)  # 8♠ on columns 4 and 10, both onto 9♠ on column 2
    asked = run_command(session, "8S t2").outcome
    assert asked is not None and not asked.ok
    assert asked.reason == "8♠ from column 4 or column 10 could go there: say which, as t4 t2 or t10 t2"
    moved = run_command(session, "t10 t2").outcome
    assert moved is not None and moved.ok and session.state.piles[session.pile_index("t4")][-1].code == "8S"


def test_a_card_named_alone_with_a_real_choice_of_places_is_asked_where_it_goes() -> None:
    # Calculation's whole game is where each card goes: "KH" alone buried the 5♥ under it.
    session = Session(get_variant("calculation"), 1)
    for command in ("t", "5H t1", "t"):
        done = run_command(session, command).outcome
        assert done is not None and done.ok, (command, done)
    asked = run_command(session, "KH").outcome
    assert asked is not None and not asked.ok and session.move_count == 3
    assert asked.reason == "K♥ can go on 5♥ in column 1 or to the empty column 2: say which, as KH t1 or KH t2"
    placed = run_command(session, "KH t2").outcome
    assert placed is not None and placed.ok and session.state.piles[session.pile_index("t2")][-1].code == "KH"


def test_a_pasted_solution_is_played_as_written_with_auto_build_on_building_after_its_last_move() -> None:
    # Auto-build sent a card home twelve moves into FreeCell deal 617's solution, and the
    # solution's thirteenth move found its column empty.
    variant = get_variant("freecell")
    solution = solve(variant.start(617), Budget(nodes=200_000, seconds=60.0))
    assert solution.solved
    line = " ".join(format_move(variant, move) for move in solution.moves)  # `solve freecell --deal 617 --notation cardtable`
    session = Session(variant, 617)
    assert session.options.auto_build and session.move_count == 0  # nothing went home at the deal
    reply = run_command(session, line)
    assert reply.outcome.ok and session.is_won, reply.outcome.reason
    half = Session(variant, 617)
    run_command(half, " ".join(line.split()[:40]))
    assert half.state == auto_build(_through(variant.start(617), solution.moves[:40]))[0]  # built once, after the line
    stopped = Session(variant, 617)  # a line that stops part-way builds after the last move it played
    twelve = line.split()[:12]
    reply = run_command(stopped, " ".join([*twelve, twelve[-1]]))  # the twelfth can't be played twice
    assert reply.outcome.reason.startswith("12 of 13 moves played; then "), reply.outcome.reason
    played, built = auto_build(_through(variant.start(617), solution.moves[:12]))
    assert built and stopped.state == played  # (a card goes home after the twelfth move)


def _through(state: State, moves: tuple[Move, ...]) -> State:
    for move in moves:
        state = apply(state, move)
    return state


def test_a_solution_pasted_on_one_line_is_played_move_by_move_up_to_the_first_that_cant_be() -> None:
    variant = get_variant("golf")
    solution = solve(variant.start(3), Budget(nodes=200_000, seconds=60.0))
    assert solution.solved
    line = " ".join(format_move(variant, move) for move in solution.moves)  # as `cardtable solve golf --deal 3` prints it
    session = Session(variant, 3)
    reply = run_command(session, line)
    assert reply.outcome.ok and reply.outcome.reason == f"{len(solution.moves)} moves played" and session.is_won
    again = Session(variant, 3)
    first, second = line.split()[:2]
    reply = run_command(again, f"{first} {first} {second}")  # the second can't be played twice
    assert reply.outcome.ok and reply.outcome.reason.startswith("1 of 3 moves played; then "), reply.outcome.reason
    assert again.move_count == 1  # (taken, so saved: one move was played)
    misread = Session(variant, 3)
    reply = run_command(misread, f"{first} bogus {second}")  # up to the word that is no move, which is named
    assert reply.outcome.ok and misread.move_count == 1
    assert reply.outcome.reason.startswith("1 move played; then 'bogus' is not a move"), reply.outcome.reason
    nothing = run_command(Session(variant, 3), f"bogus {first}")
    assert not nothing.outcome.ok and "is not a move" in nothing.outcome.reason
    spaced = run_command(Session(get_variant("pyramid"), 1), "t25 + t28").outcome  # one move, written with spaces
    assert spaced == run_command(Session(get_variant("pyramid"), 1), "t25+t28").outcome and "don't pair" in spaced.reason


def test_a_yes_or_no_question_takes_quit_as_no_and_asks_again_after_anything_else() -> None:
    said: list[str] = []
    assert yes_or_no(iter(["", "maybe", "quit"]), said.append, lambda: None) is False  # nothing asked is done
    assert said == ["  yes or no?", "  yes or no?"]
    assert yes_or_no(iter(["Q"]), said.append, lambda: None) is False
    assert yes_or_no(iter(["yes"]), said.append, lambda: None) is True
    assert yes_or_no(iter([]), said.append, lambda: None) is None


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_a_games_help_speaks_only_of_what_its_game_has(variant: Variant) -> None:
    """Gaps only where an empty place takes a card (Montana, not Accordion), pairs only
    where cards pair, runs only where more than one card moves (not Bisley), face-down
    cards only where some lie face down (not FreeCell)."""
    text = help_for(variant)
    columns = [variant.piles[i] for i in variant.piles_of(PileKind.TABLEAU)]
    gaps = variant.traits.layout is Layout.GRID and variant.pairs is None and any(c.empty.ranks for c in columns)
    assert ("gap" in text) == gaps
    assert ("remove" in text.split("other:")[0]) == (variant.pairs is not None)  # (the rules' word for a pair taken off)
    assert ("and the cards on it" in text) <= any(c.group is not None and c.group.kind is not GroupKind.ONE for c in columns)
    assert ("face-down" in text) == variant.traits.hidden_cards
    said = " ".join(text.split())
    assert "whole deal, face-down cards included: a verdict" in said if variant.traits.hidden_cards else "whole deal: a verdict" in said
    # Its examples name piles the game has: Calculation's four columns were told of "t3 t5".
    named = set(re.findall(r"\b([tfcr]\d+)\b", text.split("other:")[0]))
    assert named <= set(variant.pile_names), sorted(named - set(variant.pile_names))


def test_a_montana_gap_is_named_by_the_number_drawn_in_it_and_a_two_asks_which_row() -> None:
    session = Session(get_variant("montana"), 1, Options(auto_build=False))  # gaps at places 5, 28, 31 and 36

    def said(text: str) -> Outcome:
        outcome = run_command(session, text).outcome
        assert outcome is not None
        return outcome

    assert said("5C 99").reason == "Montana has no pile 't99' (its piles: f1-f4, t1-t52)"
    assert said("5C 31").ok  # the gap drawn as 31, after 4C
    assert [c.code for c in session.state.piles[session.variant.index_of_name("t31")]] == ["5C"]
    assert said("redeal").ok  # the gaps now open each row
    asked = said("2S")
    assert not asked.ok and asked.reason.endswith("say which, as 2S t1, 2S t14, 2S t27 or 2S t40")
    assert said("2S 27").ok and session.state.piles[session.variant.index_of_name("t27")][0].code == "2S"


@pytest.mark.parametrize("words", ["give up", "Give  Up", "resign"])
def test_giving_up_in_words_says_how_a_game_is_given_up(session: Session, words: str) -> None:
    outcome = run_command(session, words).outcome
    assert outcome is not None and not outcome.ok
    assert outcome.reason == "a game is given up by dealing another: new (it asks first), new winnable or daily"
    assert not session.given_up


@pytest.mark.parametrize(("game", "taught", "untaught"), [
    ("clock", "waste>f1", ("8H 9C", "t3>f1")),  # a turned card goes to its hour; the piles never lift a card
    ("calculation", "t3>f1", ("t3 t4", "t3>t4")),  # columns take only the waste's card
    ("klondike", "t3 t5", ()),
])
def test_the_help_teaches_only_moves_the_game_can_make(game: str, taught: str, untaught: tuple[str, ...]) -> None:
    text = help_for(get_variant(game)).split("other:")[0]
    assert taught in text and not any(example in text for example in untaught)
