"""Sessions driven through whole games, checked against the engine."""

from __future__ import annotations

from pathlib import Path

from cardtable.app import EventKind, Options, Scoring, Session
from cardtable.app.history import History
from cardtable.app.autoplay import finish
from cardtable.app.session import GIVEN_UP, LOST
from cardtable.solitaire import Move, MoveKind, apply, get_variant, is_won, legal_moves
from cardtable.solitaire.formats import parse_freecell_solution
from tests.solitaire.games.positions import last_king_left, position, run_of

SOLUTION = Path(__file__).parents[1] / "fixtures" / "freecell" / "deal-1.solution"


def _solution() -> list:  # type: ignore[type-arg]
    start = get_variant("freecell").start(1)
    return parse_freecell_solution(start, SOLUTION.read_text())


def test_a_whole_game_won_then_undone_and_redone() -> None:
    session = Session(get_variant("freecell"), 1, Options(auto_build=False))
    state = session.state
    for move in _solution():
        outcome = session.play(move)
        assert outcome.ok, outcome.reason
        state = apply(state, move)
        assert session.state == state
    assert session.is_won and outcome.events[-1].kind is EventKind.WON
    while session.undo().ok:
        pass
    assert session.state == get_variant("freecell").start(1) and session.move_count == 0
    assert session.redo_all().ok and session.state == state and session.is_won


def test_auto_build_moves_safe_cards_home_in_the_same_undo_step() -> None:
    session = Session(get_variant("freecell"), 1, Options(auto_build=True))
    for move in _solution():
        if session.is_won:
            break
        if move in legal_moves(session.state):
            session.play(move)
    steps = session.history.steps
    assert any(len(step) > 1 for step in steps)  # automatic moves rode along
    before = session.history.at
    session.undo()
    assert session.history.at == before - 1


def test_intents_name_cards_by_pile_and_position() -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    refused = session.move_card("t1", -1, "t2")
    assert not refused.ok and "alternating colours" in refused.reason
    assert session.card_onto_card("t6", -1, "t2").ok  # 10♥ onto J♠
    assert session.state.piles[session.pile_index("t2")][-1].code == "TH"
    assert not session.move_card("t9", 0, "t1").ok
    assert "no card" in session.move_card("t1", 5, "t2").reason


def test_a_revealed_card_is_reported_turned() -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    outcome = session.move_card("t6", -1, "t2")
    kinds = [e.kind for e in outcome.events]
    assert kinds == [EventKind.MOVED, EventKind.TURNED]
    assert outcome.events[0].cards == ("TH",) and outcome.events[0].target == "t2"


def test_send_home_and_play_this_card() -> None:
    state = position("klondike", t1="AH", t2="KS", t3="QH", t4="", stock="[5C]")
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    assert session.to_foundation("t1").ok
    assert session.state.piles[session.pile_index("f1")][-1].code == "AH"
    guessed = session.guess("t3")
    assert guessed is not None and guessed.target == session.pile_index("t2")  # build before empty column
    assert session.play_card("t2").ok  # the King to the empty column
    assert not session.play_card("stock").ok


def test_deal_turns_the_waste_over_when_the_stock_is_empty() -> None:
    session = Session(get_variant("klondike-draw3"), 2, Options(auto_build=False))
    for _ in range(8):
        assert session.deal().ok
    stock = session.variant.tables.stock
    assert stock is not None and not session.state.piles[stock]
    assert session.deal().ok and session.state.redeals == 1


def test_deal_redeals_a_game_that_gathers_its_columns() -> None:
    session = Session(get_variant("la-belle-lucie"), 2, Options(auto_build=False))
    assert session.deal().ok and session.state.redeals == 1


def test_restart_bookmarks_and_redo() -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    session.deal()
    session.set_bookmark()
    session.deal()
    marked = session.history.states[1]
    assert session.to_bookmark().ok and session.state == marked
    assert session.restart().ok and session.state == session.history.states[0]
    assert session.redo().ok and session.state == marked
    assert not Session(get_variant("klondike"), 7).undo().ok


def test_restart_is_one_action_that_undo_takes_back() -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    session.deal()
    session.deal()
    played = session.history
    restarted = session.restart()
    assert restarted.ok and session.move_count == 0
    assert restarted.reason == "back at the opening position: undo takes the restart back"  # a key pressed by mistake
    assert session.can_undo and session.undo().ok
    assert session.history == played and session.move_count == 2
    assert session.can_redo and session.redo().ok and session.move_count == 0  # restarted again
    assert session.undo().ok and session.undo().ok and session.move_count == 1  # then the deals


def test_hints_say_why_and_auto_finish_plays_a_decided_game_home() -> None:
    session = Session(get_variant("freecell"), 1, Options(auto_build=False))
    hint = session.hint()
    assert hint.ok and hint.hint is not None and hint.reason
    assert session.auto_finish().reason == (
        "the game can't be finished automatically yet: it sends cards home and sets at most 4 aside to free them "
        "(one to each empty cell or column), and the cards left need more play than that"
    )
    klondike = Session(get_variant("klondike"), 1)
    assert klondike.auto_finish().reason.endswith("yet: cards are still face down and in the stock")
    assert klondike.deal().ok
    assert klondike.auto_finish().reason.endswith("yet: cards are still face down, in the stock and in the waste")
    yukon = Session(get_variant("yukon"), 1)  # no stock or waste to speak of
    assert yukon.auto_finish().reason.endswith("yet: cards are still face down")
    solution = _solution()
    for played, move in enumerate(solution):
        if finish(session.state) is not None:
            break
        session.play(move)
    assert played < len(solution) - 5  # several cards were left to play home
    assert session.auto_finish().ok and session.is_won


def test_a_stuck_game_is_reported() -> None:
    state = position("bisley", t1="2C", t2="9D", f1="AH", f2="AS", f3="AD", f4="")
    session = Session(state.variant, 1)
    session.history = session.history.begin(state)
    assert session.is_stuck() and session.is_lost  # nothing was played: no undo could help
    assert not session.hint().ok and session.hint().reason == LOST


def test_a_hint_on_a_stuck_table_says_so_though_the_stock_still_turns() -> None:
    # The table said it was stuck while its hints went on turning the stock, "the game may
    # still be won": each answer as the other's.
    state = position("klondike-draw3", t1="[5C] 3D", stock="[9H] [8H]")
    session = Session(state.variant, 1)
    session.history = session.history.begin(state)
    assert not session.is_stuck() and session.hint().ok  # the stock's cards are not seen yet
    dealt = session.deal()
    assert EventKind.STUCK in {e.kind for e in dealt.events} and legal_moves(session.state)  # (a redeal)
    # The deal was the table's only move: nothing played could have gone otherwise.
    assert not session.hint().ok and session.hint().reason == LOST
    assert session.auto_finish().reason == LOST and session.is_lost and not session.is_in_progress


def test_a_clock_deal_played_out_is_lost_and_gives_nothing_up_to_leave() -> None:
    # Clock offers one move a turn: its lost game said "undo, or start a new deal", and a
    # new deal asked whether to give up a game already decided.
    session = Session(get_variant("clock"), 1)
    while legal_moves(session.state):
        assert session.play(legal_moves(session.state)[0]).ok
    assert not session.is_won and session.is_stuck() and session.is_lost and not session.is_in_progress
    assert session.hint().reason == LOST and session.auto_finish().reason == LOST

def test_a_stuck_game_that_had_a_choice_says_to_undo() -> None:
    state = position("bisley", t1="2C", t2="9D", t3="8D", f1="AH", f2="AS", f3="AD", f4="")
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    assert session.play(legal_moves(state)[0]).ok  # 8D onto 9D, where 9D could have gone onto 8D
    assert session.is_stuck() and not session.is_lost and session.is_in_progress
    assert session.hint().reason == "no move leads anywhere now: undo, or start a new deal"
    assert session.auto_finish().reason == "the game can't be finished: no move leads anywhere now (undo, or start a new deal)"


def test_a_card_that_cannot_go_home_is_refused_by_its_own_suit_foundation_or_an_empty_one() -> None:
    state = position("klondike", f1="AS", f2="AH 2H", t1="5H", t2="7C", stock="[5C]")
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    refused = session.to_foundation("t1")
    assert not refused.ok and refused.reason.startswith("5♥ can't go on 2♥"), refused.reason
    club = session.to_foundation("t2")  # no club foundation: the first empty one says why, not the last
    assert not club.ok and "foundation 3" in club.reason, club.reason


def test_timed_scoring_takes_two_points_every_ten_seconds_and_pays_a_bonus_for_a_win() -> None:
    now = [0.0]
    state = position("klondike", t1="TH", t2="[5C] 9S", stock="[2D]")  # a stock to deal: play goes on
    session = Session(state.variant, 1, Options(auto_build=False, scoring=Scoring.TIMED), clock=lambda: now[0])
    session.history = History.begin(state)
    assert session.move_card("t2", -1, "t1").ok and session.score == 5  # 5C turned up
    now[0] = 19.9
    assert session.score == 3
    now[0] = 40.0
    assert session.score == 0  # never below 0
    last = position("klondike", f1=run_of("H", "Q"), t1="KH", f2=run_of("S"), f3=run_of("C"), f4=run_of("D"))
    won = Session(last.variant, 1, Options(scoring=Scoring.TIMED), elapsed=40.0, clock=lambda: now[0])
    won.history = History.begin(last)
    assert won.to_foundation("t1").ok and won.is_won
    now[0] = 99.0  # the clock stopped at the win
    assert won.score == 10 - 2 * 4 + 700_000 // 40


def test_the_clock_runs_only_while_playing() -> None:
    now = [100.0]
    session = Session(get_variant("klondike"), 7, clock=lambda: now[0])
    now[0] = 150.0
    assert session.elapsed == 0.0 and not session.clock_running  # not started before the first action
    session.deal()
    now[0] = 160.0
    assert session.elapsed == 10.0 and session.clock_running
    session.pause()
    now[0] = 500.0
    assert session.elapsed == 10.0 and not session.clock_running
    session.deal()
    assert session.clock_running
    session.given_up = True
    assert not session.clock_running
    assert is_won(session.state) is False


def _deals(session: Session, times: int) -> None:
    for _ in range(times):
        assert session.deal().ok


def test_a_bookmark_returns_to_its_exact_position_after_the_game_branched() -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    _deals(session, 5)
    session.set_bookmark()
    marked, played = session.state, session.history.played
    for _ in range(3):
        session.undo()
    assert session.move_card("t6", -1, "t2").ok  # another line of play
    _deals(session, 2)
    back = session.to_bookmark()
    assert back.ok and "dropped" in back.reason
    assert session.state == marked and session.history.played == played
    assert session.undo().ok and session.to_bookmark().ok and session.state == marked


def test_a_bookmark_undone_past_without_branching_keeps_the_moves_after_it() -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    _deals(session, 3)
    session.set_bookmark()
    marked = session.state
    _deals(session, 2)
    end = session.state
    for _ in range(4):
        session.undo()
    back = session.to_bookmark()
    assert back.ok and back.reason == "back at the mark (after move 3)" and session.state == marked
    again = session.to_bookmark()
    assert not again.ok and again.reason == "the table is at the mark already"
    assert session.redo_all().ok and session.state == end
    assert not Session(get_variant("klondike"), 7).to_bookmark().ok


def test_taking_a_card_to_another_in_a_game_of_pairs_pairs_them() -> None:
    session = Session(get_variant("relaxed-pyramid"), 3)
    assert session.move_card("t23", 0, "t28").ok and session.move_count == 1  # J and 2: 13
    refused = session.move_card("t24", 0, "t25")
    assert not refused.ok and "don't pair" in refused.reason and "not moved" not in refused.reason


def test_sending_a_card_home_in_games_without_a_plain_foundation_move() -> None:
    # A double-click: in Pyramid a King leaves alone; in Golf a card goes to the waste.
    pyramid = Session(get_variant("pyramid"), 5, Options(auto_build=False))
    king = pyramid.state.piles[pyramid.pile_index("t28")][-1]
    assert king.code == "KC" and pyramid.to_foundation("t28").ok
    assert not pyramid.state.piles[pyramid.pile_index("t28")]
    golf = Session(get_variant("golf"), 1, Options(auto_build=False))
    waste = golf.pile_index("waste")
    before = len(golf.state.piles[waste])
    assert golf.to_foundation("t3").ok and len(golf.state.piles[waste]) == before + 1
    stuck = next(f"t{n}" for n in range(1, 8) if golf.guess(f"t{n}") is None)
    refused = golf.to_foundation(stuck)
    assert not refused.ok and refused.reason.endswith("can't go on 3♠: build up or down by one regardless of suit")  # (its one place)


def test_playing_the_stock_says_its_cards_are_dealt_rather_than_that_they_have_no_move() -> None:
    session = Session(get_variant("klondike"), 1)
    refused = session.play_card("stock")
    assert not refused.ok and refused.reason == "cards in the stock are dealt, not moved: deal turns them"
    pyramid = Session(get_variant("pyramid"), 1)  # its stock's top card lies face up and plays
    stock = pyramid.pile_index("stock")
    assert pyramid.guess(stock) is None  # (its 4♣ has no partner on the table)
    assert "dealt, not moved" not in pyramid.play_card(stock).reason


def test_the_clock_stops_when_nothing_leads_anywhere_and_an_undo_starts_it_again() -> None:
    now = [100.0]
    state = position("klondike", t1="KS", t2="[5C] 3D", waste="QH")
    session = Session(state.variant, 1, clock=lambda: now[0])
    session.history = session.history.begin(state)
    assert not session.is_stuck()  # the Queen may still come into play
    assert session.move_card("waste", -1, "t1").ok and session.is_stuck()  # now a lone run between empty columns
    now[0] += 30  # the player looks at a table that goes nowhere
    assert not session.clock_running and session.elapsed == 0
    assert session.undo().ok and session.clock_running
    now[0] += 5
    assert session.elapsed == 5
    redone = session.redo()  # back to the dead end: said, and the clock stops again
    assert [e.kind for e in redone.events] == [EventKind.STUCK] and not session.clock_running
    now[0] += 30
    assert session.elapsed == 5


def test_a_card_with_no_move_says_why_where_the_rules_tell() -> None:
    golf = Session(get_variant("golf"), 2, Options(auto_build=False))
    t7 = golf.pile_index("t7")
    covered = golf.state.piles[t7][1]
    assert golf.play_card("t7", 1).reason == f"{covered.symbol} lies under 3 cards: only one card moves at a time"
    state = position("yukon", f1="AS", t1="KH", t2="2S")
    yukon = Session(state.variant, 1, Options(auto_build=False))
    yukon.history = yukon.history.begin(state)
    assert yukon.play_card("f1").reason == "A♠ is on foundation 1 already"
    assert yukon.move_card("f1", -1, "f1").reason == "A♠ is on foundation 1 already"


def test_cards_free_at_the_deal_go_home_before_the_first_move_and_no_undo_takes_them_back() -> None:
    # Klondike's deal 1 shows A♠: with automatic moves home, the player's first hint was spent on it.
    variant = get_variant("klondike")
    session = Session(variant, 1, Options(scoring=Scoring.STANDARD))
    home = session.state.piles[variant.index_of_name("f1")]
    assert [card.code for card in home] == ["AS"] and session.points == 15  # the Ace home, the card under it turned
    assert session.move_count == 0 and not session.is_in_progress and not session.can_undo and not session.clock_running
    assert session.undo().reason and session.restart().reason == "the game is already at its opening position"
    dealt = session.state
    assert session.deal().ok and session.is_in_progress and session.move_count == 1
    assert session.restart().ok and session.state == dealt  # back to the deal as the table left it
    assert not session.history.can_undo and session.undo().ok and session.redo().ok  # (the restart itself undoes)
    untouched = Session(variant, 1, Options(auto_build=False))
    assert untouched.state == variant.start(1) and not untouched.history.steps


def test_every_way_of_playing_a_given_up_game_says_it_was_given_up() -> None:
    session = Session(get_variant("klondike"), 7, Options(auto_build=False))
    session.given_up = True
    tries = {  # legal and illegal alike: the game being over comes first, not a rule
        "a move": lambda: session.play(Move(MoveKind.MOVE, session.pile_index("t1"), session.pile_index("t2"))),
        "pile onto pile": lambda: session.pile_onto_pile("t1", "t2"),
        "card onto card": lambda: session.card_onto_card("t1", -1, "t2"),
        "a card taken to a pile": lambda: session.move_card("t1", -1, "t2"),
        "two cards named": lambda: session.play_two_cards("6D", "JS"),
        "a card sent home": lambda: session.to_foundation("t1"),
        "a card played where it fits": lambda: session.play_card("t1"),
        "a turn of the stock": session.deal,
    }
    for name, attempt in tries.items():
        assert attempt().reason == GIVEN_UP, name


def test_two_piles_named_in_a_game_of_pairs_pair_their_top_cards() -> None:
    session = Session(get_variant("pyramid"), 2)  # J♥ on the waste, Q♦ on the stock
    said = session.pile_onto_pile("waste", "stock").reason
    assert said == "Q♦ and J♥ don't pair: remove two exposed cards totalling 13; Kings go alone"


def test_a_card_with_one_place_to_go_says_why_it_cant_go_there() -> None:
    golf = Session(get_variant("golf"), 5)  # K♥ on the waste; Golf's columns take no card
    assert golf.play_card("t1").reason == "6♠ can't go on K♥: build up or down by one regardless of suit"
    klondike = Session(get_variant("klondike"), 7, Options(auto_build=False))  # many places, many reasons
    assert klondike.play_card("t1").reason == (
        "6♦ builds on no column's last card (build down by one in alternating colours); no foundation takes it yet")


def test_finishing_a_game_won_already_is_refused_and_leaves_nothing_to_undo() -> None:
    state = last_king_left()
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    assert session.to_foundation("t1").ok and session.is_over
    steps = session.history.at
    assert session.auto_finish().reason == "the game is won: nothing is left to play"
    assert session.history.at == steps and not session.history.can_redo


def test_a_game_won_with_cards_left_in_its_stock_takes_no_more_moves() -> None:
    """Tri-Peaks is won once the peaks are cleared, a card or more still in the stock: a
    deal after the win was played and counted ("You won in 51 moves" over a 50-move win)."""
    from cardtable.solver import Budget, solve

    session = Session(get_variant("tri-peaks"), 1, Options())
    found = solve(session.state, Budget(seconds=30))
    for move in found.moves:
        assert session.play(move).ok
    stock = session.state.piles[session.pile_index("stock")]
    assert session.is_won and stock, "the deal is won with a card left to deal"
    moves, state = session.move_count, session.state
    for refused in (session.deal(), session.play(Move(MoveKind.DEAL))):
        assert not refused.ok and refused.reason == "the game is won: nothing is left to play"
    assert (session.move_count, session.state) == (moves, state)


def test_after_undoing_out_of_a_dead_end_the_hint_takes_another_way() -> None:
    # Followed hint by hint, Klondike (one pass) deal 1 is stuck after 42 moves; undone
    # once, the hint led straight back into it.
    from cardtable.app import HeuristicHinter

    session = Session(get_variant("klondike-vegas"), 1, hinter=HeuristicHinter())
    while not session.is_stuck():
        hinted = session.hint()
        assert hinted.ok and hinted.hint is not None, hinted.reason
        assert session.play(hinted.hint.move).ok
    stuck, into = session.state, hinted.hint.move
    assert session.undo().ok
    again = session.hint()
    assert again.ok and again.hint is not None and again.hint.move != into
    assert session.leads_back(into)  # (a dead end met in this game is a position already reached)
    assert apply(session.state, again.hint.move) != stuck


def test_a_position_where_every_move_led_back_on_one_line_is_hinted_on_another() -> None:
    # "Every move leads back" is said of the line to a position: reached by another line
    # (two moves the other way round), the same position has a way forward.
    import random

    from cardtable.app import HeuristicHinter
    from cardtable.app.session import EVERY_MOVE_BACK

    options = Options(auto_build=False)
    session, rng, line = Session(get_variant("freecell"), 99, options, hinter=HeuristicHinter()), random.Random(99), []
    while (hinted := session.hint(quick=True)).ok:
        line.append(rng.choice(legal_moves(session.state)))
        assert session.play(line[-1]).ok
    assert hinted.reason == EVERY_MOVE_BACK and not session.is_stuck()
    assert session.restart().ok
    fresh = Session(get_variant("freecell"), 99, options, hinter=HeuristicHinter())
    for move in [*line[:-2], line[-1]]:  # the last two the other way round, one short of the same position
        assert session.play(move).ok and fresh.play(move).ok
    assert session.hint().reason == fresh.hint().reason != EVERY_MOVE_BACK
    assert session.play(line[-2]).ok and fresh.play(line[-2]).ok
    assert session.hint().reason == fresh.hint().reason != EVERY_MOVE_BACK
