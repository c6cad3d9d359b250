""""Show me" played as the game plays: its moves are ones the player could make."""

from __future__ import annotations

import pytest

from cardtable.app import Options, Session
from cardtable.app.showing import WON, Playback, as_played, playback, reveals
from cardtable.solitaire import get_variant


@pytest.mark.parametrize(("game", "deal"), [("freecell", 617), ("klondike", 7), ("bakers-game", 3)])
def test_with_auto_build_each_move_shown_plays_on_the_game_to_the_next_table_and_the_win(game: str, deal: int) -> None:
    session = Session(get_variant(game), deal)  # auto-build on, as by default
    shown = playback(session, seconds=float("inf"))
    assert isinstance(shown, Playback) and shown.built
    raw = playback(Session(get_variant(game), deal, Options(auto_build=False)), seconds=float("inf"))
    assert isinstance(raw, Playback) and not raw.built
    assert len(shown.moves) < len(raw.moves)  # the moves home go with the moves that free them
    for step, move in enumerate(shown.moves):
        assert session.play(move).ok, step
        assert session.state == shown.states[step + 1] == shown.frame(session, step + 1).state
    # Counted as the counter counts, with the steps shown (each a move and auto-build's moves home after it).
    assert session.is_won and shown.text == f"a win in {session.move_count} moves over {len(shown.moves)} steps"
    assert session.move_count == shown.frame(Session(get_variant(game), deal), len(shown.moves)).move_count


def test_a_win_auto_build_parts_from_is_found_again_from_there_or_shown_as_found() -> None:
    raw = playback(Session(get_variant("klondike"), 7, Options(auto_build=False)), seconds=float("inf"))
    assert isinstance(raw, Playback)
    assert as_played(raw, False) is raw
    assert as_played(raw, True) is raw  # auto-build sends a waste card home sooner: the win no longer fits
    shown = playback(Session(get_variant("klondike"), 7), seconds=float("inf"))  # so a win is found from there
    assert isinstance(shown, Playback) and shown.built
    half = Playback(raw.moves[: len(raw.moves) // 2], raw.states[: len(raw.moves) // 2 + 1])
    assert as_played(half, True) is half  # no win at its end


def test_a_won_game_has_no_win_left_to_show_and_is_not_given_up_by_asking() -> None:
    session = Session(get_variant("freecell"), 1)
    shown = playback(session, seconds=60.0)
    assert isinstance(shown, Playback)
    for move in shown.moves:
        assert session.play(move).ok
    assert session.is_won
    assert playback(session) is WON and WON.reason == "the game is won: there is no win left to show"
    assert not reveals(WON)  # (only an answer that tells the hidden cards' play gives a game up)


def test_each_frame_is_of_the_same_kind_of_deal_as_the_game() -> None:
    """A daily or winnable deal's frames are said as that deal (the status line names it so)."""
    session = Session(get_variant("freecell"), 1, daily=True)
    session.winnable = True
    shown = playback(session, seconds=60.0)
    assert isinstance(shown, Playback)
    for step in (0, len(shown.moves)):
        frame = shown.frame(session, step)
        assert frame.daily and frame.winnable and frame.deal_number == 1
