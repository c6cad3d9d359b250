"""Wins found, shared: "still winnable?", the hint and "show me" agree once one of them
has found a win, and a deal's shipped win answers them all from its opening."""

from __future__ import annotations

from cardtable.app import Effort, Session, SolvingHinter
from cardtable.app.deals import shipped
from cardtable.app.showing import Playback, playback
from cardtable.app.standing import Indicator, Standing
from cardtable.app.wins import WINS, Wins, shipped_win
from cardtable.solitaire import Variant, apply, get_variant, is_won
from cardtable.solver import Budget, solve

TINY = 1
"""Positions a search may look at: too few to find any win itself."""


def _after_one_move() -> Session:
    session = Session(get_variant("freecell"), 617)
    assert session.play_card("t1").ok  # 4♥ to a free cell, as a player might open
    return session


def test_a_win_is_kept_for_every_position_along_it_and_the_oldest_go_first() -> None:
    state = get_variant("freecell").start(5)
    moves = solve(state, Budget(nodes=60_000, seconds=60.0)).moves
    wins = Wins(most=len(moves))
    wins.learn(state, moves)
    middle = state
    for move in moves[:10]:
        middle = apply(middle, move)
    assert wins.win_from(state) == moves and wins.win_from(middle) == moves[10:]
    other = get_variant("freecell").start(6)
    wins.learn(other, solve(other, Budget(nodes=60_000, seconds=60.0)).moves)
    assert wins.win_from(other) is not None
    assert wins.win_from(apply(state, moves[0])) is None  # the least recently used went first
    assert wins.win_from(middle) == moves[10:]  # (asked for since: kept)


def test_after_show_me_finds_a_win_the_indicator_and_the_hint_say_so_without_a_search() -> None:
    session = _after_one_move()
    indicator = Indicator(nodes=TINY, seconds=60.0)
    assert indicator.verdict(session.history).standing is Standing.UNKNOWN
    shown = playback(session, seconds=60.0)
    assert isinstance(shown, Playback)
    remembered = indicator.remembered(session.history)  # (what the page and the full screen ask first)
    assert remembered is not None and remembered.standing is Standing.WINNABLE
    assert indicator.verdict(session.history).standing is Standing.WINNABLE
    hint = SolvingHinter(Effort(nodes=TINY, seconds=60.0)).best_moves(session.state)[0]
    said = hint.reason.rsplit("leads to ", 1)[1]  # as many moves, however the playback groups them in steps
    assert hint.move == shown.moves[0] and (shown.text == said or shown.text.startswith(f"{said} over "))


def test_a_win_the_indicator_found_is_the_one_show_me_shows() -> None:
    session = _after_one_move()
    assert Indicator(nodes=200_000, seconds=60.0).verdict(session.history).standing is Standing.WINNABLE
    shown = playback(session, nodes=TINY, seconds=60.0)
    assert isinstance(shown, Playback) and is_won(shown.states[-1])
    known = list(WINS.win_from(session.state) or ())
    left_to_auto_build = []  # the known win's moves the playback leaves to auto-build: moves home only
    for move in shown.moves:  # the playback's own moves are the known win's, in its order
        while known and known[0] != move:
            left_to_auto_build.append(known.pop(0))
        assert known and known.pop(0) == move
    foundations = session.variant.tables.foundations
    assert all(m.target in foundations for m in left_to_auto_build + known)


def test_a_shipped_winnable_deal_is_winnable_and_shown_from_its_opening() -> None:
    game, deals = next((g, d) for g, d in shipped().items() if d and get_variant(g).traits.hidden_cards)
    deal = min(deals)
    session = Session(get_variant(game), deal)
    shown = playback(session, nodes=TINY, seconds=60.0)  # the shipped win, not a search's
    assert isinstance(shown, Playback) and is_won(shown.states[-1])
    WINS.clear()
    indicator = Indicator(nodes=TINY, seconds=60.0)
    assert indicator.verdict(session.history, (game, deal)).standing is Standing.WINNABLE
    assert session.play(shown.moves[0]).ok  # along the shipped win: known without a search
    remembered = indicator.remembered(session.history)
    assert remembered is not None and remembered.standing is Standing.WINNABLE
    assert shipped_win(get_variant(game), max(deals) + 10**6) is None


def test_a_shipped_win_answers_from_where_the_table_sent_cards_home_at_the_deal() -> None:
    # The win is stored from the deal as dealt; a game with automatic moves home starts
    # after them, with its Aces on other foundations than the win put them, maybe; in two
    # decks, the win may move the very copy the table sent home before it goes home.
    for game in ("klondike-vegas", "double-klondike"):
        _answers_from_the_tables_step(get_variant(game))


def _answers_from_the_tables_step(variant: Variant) -> None:
    stepped = [deal for deal in sorted(shipped()[variant.id]) if Session(variant, deal).history.table_steps]
    assert len(stepped) >= 5
    for deal in stepped:
        WINS.clear()
        session = Session(variant, deal)
        shown = playback(session, nodes=TINY, seconds=60.0)
        assert isinstance(shown, Playback) and shown.states[0] == session.state and is_won(shown.states[-1]), deal
        assert Indicator(nodes=TINY, seconds=60.0).verdict(session.history, (variant.id, deal)).standing is Standing.WINNABLE
