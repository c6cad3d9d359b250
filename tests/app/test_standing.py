"""The "still winnable?" indicator: verdicts, the way back, known deals, off the caller's thread."""

from __future__ import annotations

from cardtable.app.history import History
from cardtable.app.standing import Indicator, Standing, Verdict
from cardtable.solitaire import apply, get_variant
from cardtable.solitaire.formats import parse_move
from cardtable.solver import Outcome, solve, Budget


def _played(game: str, deal: int, moves: list[str]) -> History:
    variant = get_variant(game)
    history = History.begin(variant.start(deal))
    for text in moves:
        move = parse_move(variant, text)
        history = history.push((move,), apply(history.state, move))
    return history


def test_an_opening_with_a_win_is_winnable_and_the_win_is_remembered_along_its_way() -> None:
    indicator = Indicator(nodes=20_000, seconds=float("inf"))
    history = History.begin(get_variant("freecell").start(1))
    assert indicator.verdict(history) == Verdict(Standing.WINNABLE)
    win = solve(history.state, Budget(nodes=20_000, seconds=float("inf"))).moves
    for move in win[:5]:  # the indicator's own win may differ; any proved position is known at once
        history = history.push((move,), apply(history.state, move))
    assert indicator.submit(history).result(timeout=60).standing is Standing.WINNABLE


def test_a_lost_position_says_how_many_moves_to_undo() -> None:
    # FreeCell with one cell, deal 2: the third move of this line loses a won game.
    history = _played("freecell-1-cell", 2, ["t1>c1", "c1>f1", "t2>c1"])
    indicator = Indicator(nodes=3_000, seconds=float("inf"))
    verdict = indicator.verdict(history)
    assert verdict == Verdict(Standing.LOST, 1)
    assert verdict.text == "can't be won from here: undo 1 move to get back to a winnable position"
    assert indicator.remembered(history) == verdict  # decided: no second search


def test_freecell_11982_is_proved_lost_from_its_opening() -> None:
    verdict = Indicator(nodes=100_000, seconds=float("inf")).verdict(History.begin(get_variant("freecell").start(11982)))
    assert verdict == Verdict(Standing.LOST, None)
    assert verdict.text == "can't be won from here"


def test_a_position_found_lost_is_one_the_indicator_was_told_lost_and_a_winnable_one_is_not() -> None:
    indicator = Indicator(nodes=100_000, seconds=float("inf"))
    lost, winnable = (History.begin(get_variant("freecell").start(deal)) for deal in (11982, 1))
    assert not indicator.told_lost(lost.state)  # (nothing worked out yet)
    assert indicator.verdict(lost).standing is Standing.LOST and indicator.verdict(winnable).standing is Standing.WINNABLE
    assert indicator.told_lost(lost.state) and not indicator.told_lost(winnable.state)


def test_a_known_deal_is_answered_without_a_search() -> None:
    asked: list[tuple[str, int]] = []

    def known(game: str, deal: int) -> Outcome | None:
        asked.append((game, deal))
        return Outcome.UNWINNABLE

    indicator = Indicator(nodes=16, seconds=float("inf"), known=known)
    history = History.begin(get_variant("freecell").start(11982))
    assert indicator.verdict(history, ("freecell", 11982)).standing is Standing.LOST
    assert asked == [("freecell", 11982)]


def test_a_deal_known_won_lends_its_stored_win_to_a_hint_that_could_not_find_one() -> None:
    # "still winnable? yes" from the stored verdict, then a hint on a busy machine:
    # "a short search found no win from here".
    from cardtable.app import Session
    from cardtable.app.guide import Effort, SolvingHinter
    from cardtable.solitaire.formats import format_move

    variant = get_variant("freecell")
    stored = " ".join(format_move(variant, m) for m in solve(variant.start(617), Budget(nodes=500_000)).moves)
    session = Session(variant, 617, hinter=SolvingHinter(Effort(nodes=1, samples=1, sample_nodes=1)))
    assert "no win" in session.hint().reason  # its own search is far too short
    indicator = Indicator(nodes=1, known=lambda game, deal: Outcome.SOLVED, known_win=lambda game, deal: stored)
    assert indicator.verdict(session.history, ("freecell", 617)).standing is Standing.WINNABLE
    hint = session.hint()
    assert hint.ok and "leads to a win in" in hint.reason, hint.reason
    while not session.is_won:  # and followed, it wins
        assert session.play(session.hint().hint.move).ok  # type: ignore[union-attr]


def test_a_budget_too_small_says_unknown() -> None:
    verdict = Indicator(nodes=16, seconds=float("inf")).verdict(History.begin(get_variant("freecell").start(11982)))
    assert verdict.standing is Standing.UNKNOWN and "unknown" in verdict.text


def test_asking_twice_while_searching_searches_once() -> None:
    indicator = Indicator(nodes=5_000, seconds=float("inf"))
    history = History.begin(get_variant("freecell").start(7))
    first, second = indicator.submit(history), indicator.submit(history)
    assert first is second or first.result(timeout=60) == second.result(timeout=60)
    indicator.close()


def test_a_verdict_superseded_while_waiting_is_skipped() -> None:
    indicator = Indicator(nodes=5_000, seconds=float("inf"))
    start = History.begin(get_variant("freecell").start(11982))
    busy = indicator.submit(start)  # no game named: never skipped; it keeps the thread busy
    older = _played("freecell", 5, ["t1>c1"])
    newer = _played("freecell", 5, ["t1>c1", "t2>c2"])
    skipped, latest = indicator.submit(older, game="g"), indicator.submit(newer, game="g")
    assert busy.result(timeout=60) is not None
    assert skipped.result(timeout=60) is None and latest.result(timeout=60) is not None


def test_a_klondike_deal_with_a_trapped_card_is_lost_at_once_and_the_verdict_names_no_card() -> None:
    # Deal 89: J♦ lies over both black Queens and 6♦, all face down; a small budget would
    # leave the search unknown, the trapped-card proof needs none.
    verdict = Indicator(nodes=1_000, seconds=float("inf")).verdict(History.begin(get_variant("klondike").start(89)))
    assert verdict == Verdict(Standing.LOST, None)
    assert verdict.text == "can't be won from here"


def test_where_every_card_lies_face_up_a_lost_verdict_says_why() -> None:
    # Streets and Alleys deal 1: eight cards each wait for a card under one of them or
    # for an empty row, and no row can be cleared. Every card is face up, so the reason
    # tells the player nothing the table does not show.
    variant = get_variant("streets-and-alleys")
    verdict = Indicator(nodes=1_000, seconds=float("inf")).verdict(History.begin(variant.start(1)))
    assert verdict.standing is Standing.LOST
    assert verdict.why.startswith("10♣, 10♦, Q♠, Q♣, 10♥, 3♦, Q♥ and Q♦ can never leave their rows")
    assert verdict.text == f"can't be won from here. {verdict.why}"


def test_a_deals_stored_loss_holds_for_every_position_of_the_game() -> None:
    # The cards the table sends home at the deal are safe moves: they never change the
    # verdict; and no move wins back a lost deal. Pyramid deal 3 (proved lost) said "can't
    # be won" at the deal, "unknown" after a move, then "can't be won" again.
    from cardtable.app import Session

    session = Session(get_variant("klondike"), 1)
    assert session.history.table_steps == 1
    asked: list[tuple[str, int]] = []

    def known(game: str, deal: int) -> Outcome:
        asked.append((game, deal))
        return Outcome.UNWINNABLE

    indicator = Indicator(nodes=1, seconds=float("inf"), look_back=0, known=known)
    lost = indicator.verdict(session.history, ("klondike", 1))
    assert lost.standing is Standing.LOST and lost.undo is None and asked == [("klondike", 1)]
    assert session.deal().ok
    assert indicator.verdict(session.history, ("klondike", 1)) == lost and len(asked) == 1  # the table before was lost
    fresh = Indicator(nodes=1, seconds=float("inf"), look_back=0, known=known)  # (a server started since)
    assert fresh.verdict(session.history, ("klondike", 1)) == lost and len(asked) == 2
    winnable = Indicator(nodes=1, seconds=float("inf"), look_back=0, known=lambda game, deal: Outcome.SOLVED)
    assert winnable.verdict(session.history, ("klondike", 1)).standing is Standing.UNKNOWN  # a move may have lost it


def test_once_show_me_found_a_win_the_verdict_never_says_otherwise() -> None:
    from cardtable.app import Options, Session
    from cardtable.app.showing import Playback, playback

    # FreeCell 617 with J♣ put in a cell: a win past a verdict's cap.
    session = Session(get_variant("freecell"), 617, Options(auto_build=False))
    assert session.move_card(*session.find_card("JC")[0], "c1").ok
    assert Indicator(seconds=float("inf")).verdict(session.history).standing is Standing.UNKNOWN
    shown = playback(session, seconds=float("inf"))
    assert isinstance(shown, Playback)
    assert Indicator(seconds=float("inf")).verdict(session.history) == Verdict(Standing.WINNABLE)  # the win shown
    assert Indicator(seconds=float("inf")).verdict(shown.frame(session, 10).history) == Verdict(Standing.WINNABLE)


def test_a_way_back_given_shortens_once_a_win_is_found_from_nearer() -> None:
    # "Undo 4 moves", said the indicator; "show me" then found a win 3 moves back, and the
    # indicator still said 4.
    lost = _played("freecell-1-cell", 2, ["t1>c1", "c1>f1", "t2>c1"])
    indicator = Indicator(nodes=3_000, seconds=float("inf"))
    indicator._given[lost] = Verdict(Standing.LOST, 3)  # as said before a win from nearer was known
    assert indicator.remembered(lost) == Verdict(Standing.LOST, 3)  # nothing nearer known yet
    nearer = History.begin(lost.state_at(2))
    assert Indicator(nodes=3_000, seconds=float("inf")).verdict(nearer).standing is Standing.WINNABLE  # a win found, as show me's
    assert indicator.remembered(lost) == Verdict(Standing.LOST, 1)


def test_a_loss_inherited_from_an_earlier_position_never_turns_unknown_after_an_undo() -> None:
    # The lost verdict searched the positions between (too small a budget: unknown, and
    # remembered so), and undone to one of them the indicator said "unknown".
    from cardtable.app import Session

    session = Session(get_variant("klondike"), 1)
    indicator = Indicator(nodes=1, seconds=float("inf"), known=lambda game, deal: Outcome.UNWINNABLE)
    assert indicator.verdict(session.history, ("klondike", 1)).standing is Standing.LOST
    for _ in range(4):  # moves whose verdicts were skipped, as a server skips a superseded one
        assert session.deal().ok
    assert indicator.verdict(session.history, ("klondike", 1)).standing is Standing.LOST
    assert session.undo().ok
    assert indicator.verdict(session.history, ("klondike", 1)).standing is Standing.LOST
    assert session.undo().ok
    remembered = indicator.remembered(session.history)
    assert remembered is None or remembered.standing is Standing.LOST


def test_a_longer_search_decides_a_position_the_usual_one_left_unknown() -> None:
    indicator = Indicator(nodes=20_000, seconds=float("inf"))  # FreeCell 11982's proof takes some 110,000 positions
    history = History.begin(get_variant("freecell").start(11982))
    assert indicator.verdict(history).standing is Standing.UNKNOWN
    assert indicator.longer(history) == Verdict(Standing.LOST, None)
    assert indicator.remembered(history) == Verdict(Standing.LOST, None)  # given at once from now on
    small = Indicator(nodes=16, seconds=float("inf"))
    assert small.longer(history).text == "unknown: the search ran out of room before it could tell (a longer one too)"
    remembered = small.remembered(history)  # known to have been searched longer: never searched longer again
    assert remembered is not None and remembered.longer and small.verdict(history).longer


def test_longer_searches_keep_to_their_share_of_the_thread() -> None:
    indicator = Indicator(nodes=20_000, seconds=float("inf"), share=0.25)
    lost = History.begin(get_variant("freecell").start(11982))
    assert indicator.submit_longer(lost).result(timeout=120) == Verdict(Standing.LOST, None)
    other = History.begin(get_variant("freecell").start(7))
    assert indicator.submit_longer(other).result(timeout=60) is None  # rests three times as long as it searched
    assert indicator.submit(other).result(timeout=60) == Verdict(Standing.WINNABLE)  # a verdict never waits for that rest
    indicator.close()


def test_a_longer_search_waits_for_a_server_at_rest() -> None:
    indicator = Indicator(nodes=20_000, seconds=float("inf"))
    lost = History.begin(get_variant("freecell").start(11982))
    assert indicator.submit(lost).result(timeout=60).standing is Standing.UNKNOWN  # a verdict asked just now
    assert indicator.submit_longer(lost).result(timeout=60) is None  # players are moving: their verdicts come first
    indicator.close()


def test_a_deal_shipped_with_its_win_is_winnable_at_its_opening_without_a_search() -> None:
    """A winnable or daily deal from the shipped list answers at once ("pending" while a
    search starts would be a wait for what is known)."""
    variant = get_variant("double-klondike")
    history = History.begin(variant.start(3))
    indicator = Indicator(nodes=1, seconds=float("inf"))  # a search would find nothing
    verdict = indicator.remembered(history, (variant.id, 3))
    assert verdict is not None and verdict.standing is Standing.WINNABLE


def test_a_way_back_far_behind_is_found_by_halving_the_game_not_only_near_its_end() -> None:
    # A resumed game (or the indicator turned on late) knows no earlier verdict: the two
    # nearest positions, searched, are lost, and the way back went unsaid. A loss holds for
    # every later position and a win for every earlier one, so halving the game finds it.
    won_so_far = ["t1>f1", "t6>c1", "t6>t4", "t6>t2", "t6>t5", "t1>t5", "t1>f2", "t6>t1", "t6>t5", "t2>t1:2"]
    played_on = ["t2>f3", "c1>t2"] + ["t1>c1", "c1>t1"] * 5  # a card to and fro: nothing else is left
    history = _played("freecell-1-cell", 2, won_so_far + ["t3>t6"] + played_on)  # the 11th move loses
    indicator = Indicator(nodes=20_000, seconds=float("inf"))
    assert indicator.verdict(history) == Verdict(Standing.LOST, 13)  # back to before the 11th move
    assert indicator.verdict(history).text.endswith("undo 13 moves to get back to a winnable position")


def test_halving_ends_at_a_search_that_cannot_say_so_a_hard_deal_costs_one_search_more() -> None:
    # 400 positions prove the lost positions of the line above but can't solve the
    # winnable ones: the halving asks once, hears "unknown" and stops (the server's one
    # solver thread is shared by every player).
    from cardtable.app.searches import HERE
    from cardtable.solitaire import State
    from cardtable.solver import Result

    searched: list[State] = []

    class Counted:
        def solve(self, state: State, budget: Budget = Budget()) -> Result:
            searched.append(state)
            return HERE.solve(state, budget)

        def warm_up(self, state: State) -> None:
            HERE.warm_up(state)

    won_so_far = ["t1>f1", "t6>c1", "t6>t4", "t6>t2", "t6>t5", "t1>t5", "t1>f2", "t6>t1", "t6>t5", "t2>t1:2"]
    history = _played("freecell-1-cell", 2, won_so_far + ["t3>t6", "t2>f3", "c1>t2"] + ["t1>c1", "c1>t1"] * 5)
    indicator = Indicator(nodes=400, seconds=float("inf"), searcher=Counted())
    assert indicator.verdict(history) == Verdict(Standing.LOST, None)
    # The table, the two nearest not yet known (the card to and fro repeats two tables back
    # to move 12), then one halving of moves 0-11, unknown.
    assert searched == [history.state_at(at) for at in (23, 22, 12, 5)]
