"""Hints that lead somewhere: followed, they win; they never loop; with cards face down
they come from seeded arrangements of the unseen cards only."""

from __future__ import annotations

import copy
import random
import re
import time
from dataclasses import replace

from cardtable.app import Effort, HeuristicHinter, Options, Session, SolvingHinter
from cardtable.app.guide import (
    NOTHING_LEADS_ANYWHERE, PROVED_LOST, WIN_GOES_BACK, WINS_GO_BACK, Avoid, _followed, _never, _without_loops, arrangement, known_win,
    nothing_leads, shunning,
)
from cardtable.app.hints import QUICK_HINT, Hint, Hinter
from cardtable.app.history import History, seen_key, turned_key
from cardtable.app.standing import Indicator, Standing
from cardtable.app.wins import WINS
from cardtable.cards import Card
from cardtable.solitaire import Move, MoveKind, PileKind, State, apply, canonical_key, get_variant, legal_moves
from cardtable.solitaire.observe import remembered
from cardtable.solver import Budget, solve
from tests.solitaire.games.positions import move as transfer, position, run_of

SMALL = Effort(nodes=20_000, seconds=30.0, samples=4, sample_nodes=600, sample_seconds=30.0)
"""Small node caps and no real time limit, so the hints do not depend on the machine."""


def _follow(session: Session, most: int) -> list[str]:
    reasons = []
    for _ in range(most):
        if session.is_won:
            break
        outcome = session.hint()
        assert outcome.ok and outcome.hint is not None, outcome.reason
        reasons.append(outcome.reason)
        assert session.play(outcome.hint.move).ok
    return reasons


def test_following_the_hint_wins_freecell_deals() -> None:
    for deal in (2, 3, 5):
        session = Session(get_variant("freecell"), deal, hinter=SolvingHinter(SMALL))
        reasons = _follow(session, 200)
        assert session.is_won, deal
        assert "leads to a win in" in reasons[0]


def test_the_explanation_counts_the_moves_of_the_solution() -> None:
    state = get_variant("freecell").start(3)
    hint = SolvingHinter(SMALL).best_moves(state)[0]
    result = solve(state, Budget(nodes=SMALL.nodes, seconds=SMALL.seconds))
    assert hint.move == result.moves[0]
    assert hint.reason.endswith(f": leads to a win in {len(result.moves)} moves")


def test_no_hint_leads_back_to_a_position_already_reached() -> None:
    variant = get_variant("freecell")
    c1, c2 = variant.index_of_name("c1"), variant.index_of_name("c2")

    def in_order(state: State, i: int) -> bool:
        """Column ``i``'s top card lies in order on the card under it: it can go to a cell and back."""
        cards, build = state.piles[i], variant.piles[i].build
        return len(cards) > 1 and build is not None and build.allows(variant.deck, cards[-2], cards[-1])

    deal, column = next((d, i) for d in range(1, 100) for i in variant.piles_of(PileKind.TABLEAU) if in_order(variant.start(d), i))
    session = Session(variant, deal, Options(auto_build=False), hinter=SolvingHinter(SMALL))
    assert session.play(Move(MoveKind.MOVE, column, c1)).ok
    back = Move(MoveKind.MOVE, c1, column)
    assert session.leads_back(back) and not session.leads_back(Move(MoveKind.MOVE, column, c2))
    assert all(h.move != back for h in HeuristicHinter().best_moves(session.state, avoid=session.leads_back))
    for game, deal in (("klondike", 2), ("klondike-draw3", 1), ("freecell", 1)):
        hinter = SolvingHinter(Effort(nodes=300, seconds=30.0, samples=2, sample_nodes=200, sample_seconds=30.0))
        session = Session(get_variant(game), deal, hinter=hinter)
        seen = {canonical_key(session.state)}
        for _ in range(120):
            outcome = session.hint()
            if not outcome.ok:
                break
            assert outcome.hint is not None and session.play(outcome.hint.move).ok
            key = canonical_key(session.state)
            assert key not in seen, (game, deal)
            seen.add(key)


def test_what_leads_back_follows_the_line_in_play_through_undo_redo_and_copies() -> None:
    """A server asks each hint on a copy of the game; what leads back is still worked out
    from the positions of the line in play, after undoing, playing another way, redoing."""
    rng = random.Random(4)
    session = Session(get_variant("klondike"), 6, Options(auto_build=False))
    checked = 0
    for _ in range(400):
        session = copy.copy(session)
        roll = rng.random()
        if roll < 0.2 and session.can_undo:
            session.undo()
        elif roll < 0.3 and session.can_redo:
            session.redo()
        else:
            moves = legal_moves(session.state)
            if not moves:
                break
            session.play(rng.choice(moves))
        if rng.random() < 0.6:
            continue  # (asked now and then, as a player asks a hint)
        line = {seen_key(s) for s in session.history.reached()}
        turned = {turned_key(s) for s in session.history.reached()}
        for move in legal_moves(session.state):
            turning = move.kind in (MoveKind.DEAL, MoveKind.REDEAL)
            key, keys = (seen_key, line) if turning else (turned_key, turned)
            assert session.leads_back(move) == (key(apply(session.state, move)) in keys), move
            checked += 1
    assert checked > 300


def test_a_move_back_to_a_table_left_a_pass_through_the_stock_ago_leads_back() -> None:
    # Hints went round in circles where the stock turns for ever: Q♠ across and back, a
    # card taken down off its foundation and home again, each a few turns of the stock
    # apart, so that no position came back exactly.
    state = position("klondike-draw3", t1="KH QS", t2="KD", t3="[9C] 3S 2D", f1="AD", stock="[5C] [6C] [7C] [8C]")
    session = Session(state.variant, 1, Options(auto_build=False), hinter=HeuristicHinter())
    session.history = session.history.begin(state)
    t1, t2, t3, f1 = (state.variant.index_of_name(name) for name in ("t1", "t2", "t3", "f1"))
    across, back = Move(MoveKind.MOVE, t1, t2, 1), Move(MoveKind.MOVE, t2, t1, 1)
    assert session.play(across).ok and session.play(Move(MoveKind.DEAL)).ok
    assert session.leads_back(back)  # the table as it was, the stock turned on
    assert back not in [h.move for h in session.hinter.best_moves(session.state, avoid=session.leads_back)]
    home, down = Move(MoveKind.MOVE, t3, f1, 1), Move(MoveKind.MOVE, f1, t3, 1)  # 2♦ home, and back down
    assert session.play(home).ok and session.play(down).ok and session.play(Move(MoveKind.DEAL)).ok
    assert session.leads_back(home)


def test_a_pass_through_the_stock_that_changed_nothing_leads_back() -> None:
    for game, passes_count in (("klondike-draw3", False), ("klondike-draw3-vegas", True)):
        session = Session(get_variant(game), 1, Options(auto_build=False), hinter=HeuristicHinter())
        while session.state.piles[session.variant.tables.stock]:
            assert session.play(Move(MoveKind.DEAL)).ok
        turn_over = Move(MoveKind.REDEAL)
        # Turning the waste over brings back the opening table: a loop where passes are
        # endless; where they are counted (Vegas), the pass taken is part of the position.
        assert session.leads_back(turn_over) is not passes_count, game
        assert (turn_over in [h.move for h in session.hinter.best_moves(session.state, avoid=session.leads_back)]) is passes_count


def _dealt_round(hinter: Hinter, turns: int) -> Session:
    """Klondike (draw 3) deal 12 with a card moved to and fro, then ``turns`` turns of the
    stock that play nothing."""
    session = Session(get_variant("klondike-draw3"), 12, hinter=hinter)
    assert session.deal().ok
    for source, target in (("t7", "t2"), ("t7", "t6"), ("t6", "t1"), ("t6", "t7"), ("t7", "t6"), ("t6", "t3")):
        pair = (session.pile_index(source), session.pile_index(target))
        assert session.play(next(m for m in legal_moves(session.state) if (m.source, m.target) == pair)).ok
    for _ in range(turns):
        assert session.deal().ok
    return session


def test_hints_never_turn_the_stock_round_to_where_the_pass_began() -> None:
    # Each arrangement's win turned the stock on and played its card on the next pass,
    # through positions this game had reached: the hints dealt a whole pass that played
    # nothing, then turned the waste over onto a table where every move led back.
    session = _dealt_round(SolvingHinter(Effort(seconds=60.0, sample_seconds=60.0)), 3)
    reasons = _follow(session, 8)
    assert any(not r.startswith("deal from the stock") and not r.startswith("turn the waste") for r in reasons[:5])
    # Three turns on, each guess's win goes round to a position already reached: said so.
    later = _dealt_round(SolvingHinter(Effort(seconds=60.0, sample_seconds=60.0)), 6).hint()
    assert later.ok and later.reason.endswith(f"({WINS_GO_BACK})"), later.reason


def test_a_turn_of_the_stock_that_comes_round_to_where_every_move_leads_back_is_no_hint() -> None:
    session = _dealt_round(HeuristicHinter(), 7)  # the pass played out: the stock is empty
    turn_over = Move(MoveKind.REDEAL)
    assert not session.leads_back(turn_over)  # (a table not seen with a full stock, but its next turn is back)
    assert session.hint().reason == (
        "every move leads back to a position already reached, at once or after a pass through the stock that"
        " plays nothing: undo to play another way")
    assert session.hint(quick=True).reason == session.hint().reason  # the quick hint as well (the server's, while its solver is busy)
    assert session.play(turn_over).ok
    assert session.hint().reason == "every move leads back to a position already reached: undo to play another way"


def test_a_win_that_goes_back_is_no_hint_but_is_said_and_kept() -> None:
    WINS.clear()
    state = get_variant("freecell").start(3)
    first = solve(state, Budget(nodes=SMALL.nodes, seconds=SMALL.seconds)).moves[0]
    hinter = SolvingHinter(SMALL)
    for _ in range(2):  # asked again, the win kept is no hint either
        hint = hinter.best_moves(state, avoid=lambda move, at=None: move == first and at in (None, state))[0]
        assert hint.move != first and hint.reason.endswith(f"({WIN_GOES_BACK})"), hint.reason
        assert WINS.win_from(state) is not None  # so "undo N moves" can point back to it
    WINS.clear()


def test_a_win_that_passes_through_the_stock_for_nothing_is_followed_without_the_pass() -> None:
    state = position("klondike-draw3", f1=run_of("C", "Q"), f2=run_of("D"), f3=run_of("H"), f4=run_of("S", "Q"),
                     t1="KS", stock="[KC]")
    deal, redeal = Move(MoveKind.DEAL), Move(MoveKind.REDEAL)
    king, club_home = transfer(state, "t1", "f4"), transfer(state, "waste", "f1")
    assert _without_loops(state, (deal, redeal, king, deal, club_home)) == (king, deal, club_home)
    assert _without_loops(state, (deal, redeal, king, deal)) == (deal, redeal, king, deal)  # (no win: kept as it was)
    # A hint, from an arrangement's win say, leaves out a pass that comes back to the table
    # hinted at, where passes are endless; where they are counted (Vegas), the pass stays.
    assert _followed(state, (deal, redeal, king, deal, club_home), _never) == (king, deal, club_home)
    vegas = replace(state, variant=get_variant("klondike-draw3-vegas"))
    assert _followed(vegas, (deal, redeal, king, deal, club_home), _never) == (deal, redeal, king, deal, club_home)
    WINS.clear()
    WINS.learn(state, (deal, redeal, king, deal, club_home))
    hint = known_win(state, _never)
    assert hint is not None and hint.move == king and hint.reason.endswith("leads to a win in 3 moves")
    assert WINS.win_from(apply(state, king)) == (deal, club_home)  # the shorter win kept, for the hints after it
    WINS.clear()


def test_when_every_move_loops_the_hint_says_so() -> None:
    session = Session(get_variant("freecell"), 1, Options(auto_build=False), hinter=HeuristicHinter())
    session.leads_back = lambda move, state=None: True  # type: ignore[method-assign]
    assert session.hint().reason == "every move leads back to a position already reached: undo to play another way"


def test_an_arrangement_keeps_what_shows_and_ignores_where_the_hidden_cards_lie() -> None:
    state = get_variant("klondike").start(9)
    sample = arrangement(state, random.Random(3))
    assert sample.hidden == state.hidden
    assert all(a[h:] == b[h:] for a, b, h in zip(sample.piles, state.piles, state.hidden))
    assert sorted(c.code for p in sample.piles for c in p) == sorted(c.code for p in state.piles for c in p)
    other = arrangement(state, random.Random(8))
    assert arrangement(other, random.Random(3)) == sample  # the same unseen cards, the same draw


def test_with_cards_face_down_the_hint_is_the_move_that_wins_most_arrangements() -> None:
    effort = Effort(nodes=1000, seconds=30.0, samples=6, sample_nodes=3000, sample_seconds=30.0)
    state = get_variant("klondike").start(3)
    first = SolvingHinter(effort, seed=5).best_moves(state)[0]
    again = SolvingHinter(effort, seed=5).best_moves(arrangement(state, random.Random(1)))[0]
    assert (first.move, first.reason) == (again.move, again.reason)
    found = re.fullmatch(r".*: wins in (\d+) of 6 guesses at the cards not yet seen", first.reason)
    assert found and 1 <= int(found.group(1)) <= 6
    assert first.move in legal_moves(state)


def test_a_hint_with_cards_face_down_stops_sampling_when_its_time_is_spent() -> None:
    """The hint's seconds bound all its arrangements together: with none to spend, one
    arrangement is solved (node caps, not the clock, end that one) and the share says so."""
    spent = Effort(nodes=1000, seconds=0.0, samples=6, sample_nodes=3000, sample_seconds=30.0)
    state = get_variant("klondike").start(3)
    hint = SolvingHinter(spent, seed=5).best_moves(state)[0]
    assert re.fullmatch(r".*: wins in 1 of 1 guess at the cards not yet seen", hint.reason), hint.reason


class _SlowRanking(HeuristicHinter):
    """The heuristic's ranking, taking at least ``seconds``."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds

    def best_moves(
        self, state: State, previous: Move | None = None, avoid: Avoid | None = None,
        known: frozenset[Card] = frozenset(),
    ) -> list[Hint]:
        began = time.perf_counter()
        ranked = super().best_moves(state, previous, avoid, known)
        time.sleep(max(0.0, self.seconds - (time.perf_counter() - began)))
        return ranked


def test_the_heuristics_ranking_is_on_the_hints_clock() -> None:
    """A ranking that spends the hint's seconds leaves time for one arrangement only, so the
    whole hint, not the arrangements alone, keeps to its seconds."""
    effort = Effort(nodes=1000, seconds=0.2, samples=6, sample_nodes=3000, sample_seconds=30.0)
    state = get_variant("klondike").start(3)
    slow = SolvingHinter(effort, seed=5, fallback=_SlowRanking(0.2)).best_moves(state)[0]
    assert re.fullmatch(r".*: wins in 1 of 1 guess at the cards not yet seen", slow.reason), slow.reason


def _after_a_pass(session: Session) -> None:
    """Deal the whole stock to the waste and turn it over: every stock card seen."""
    while session.state.piles[session.pile_index("stock")]:
        assert session.deal().ok
    assert session.deal().ok  # the turn over


def test_once_the_player_has_seen_every_face_down_card_the_hint_is_a_solutions_first_move() -> None:
    session = Session(get_variant("thoughtful-klondike"), 2, hinter=SolvingHinter(SMALL, seed=5))
    before = session.hint()
    assert before.ok and "leads to a win" not in before.reason, before.reason  # the stock unseen
    _after_a_pass(session)
    assert any(session.state.hidden)  # the stock lies face down again, but in an order seen
    after = session.hint()
    assert after.ok and re.fullmatch(r".*: leads to a win in \d+ moves", after.reason), after.reason


def test_in_a_game_of_two_decks_a_face_down_card_is_not_known_by_its_twin() -> None:
    """Spider in one suit, after five deals: every card has face-up twins, yet no
    face-down card was ever seen, so no hint may come from solving the real deal."""
    session = Session(get_variant("spider-1suit"), 5, hinter=SolvingHinter(SMALL, seed=5))
    for _ in range(5):
        assert session.deal().ok
    hint = session.hint()
    assert hint.ok and "leads to a win" not in hint.reason, hint.reason


def test_cards_the_player_saw_stay_put_and_only_the_unseen_are_rearranged() -> None:
    """After a pass through Klondike's stock, the hint knows the stock's order but still
    nothing of the face-down tableau cards: rearranging those alone changes nothing."""
    session = Session(get_variant("klondike"), 3)
    _after_a_pass(session)
    state = session.state
    known = remembered(session.history.reached())
    stock = session.pile_index("stock")
    assert known == frozenset(state.piles[stock]) and len(known) > 0
    effort = Effort(nodes=1000, seconds=30.0, samples=6, sample_nodes=3000, sample_seconds=30.0)
    first = SolvingHinter(effort, seed=5).best_moves(state, known=known)[0]
    rearranged = arrangement(state, random.Random(2), known)
    assert rearranged.piles[stock] == state.piles[stock] and rearranged != state
    again = SolvingHinter(effort, seed=5).best_moves(rearranged, known=known)[0]
    assert (first.move, first.reason) == (again.move, again.reason)


def test_no_hint_wins_by_knowing_where_a_shuffling_redeal_will_put_the_cards() -> None:
    start = get_variant("montana").start(4)
    solution = solve(start, Budget(nodes=60_000, seconds=30.0))
    assert solution.solved and any(m.kind is MoveKind.REDEAL for m in solution.moves)  # its win needs the redeal's shuffle
    hints = SolvingHinter(Effort(nodes=60_000, seconds=30.0)).best_moves(start)
    assert hints and "leads to a win" not in hints[0].reason
    assert "without knowing where a redeal's shuffle will put the cards" in hints[0].reason  # why, beside "winnable"
    WINS.learn(start, solution.moves)  # as "still winnable?" or "show me" would keep it
    hints = SolvingHinter(Effort(nodes=60_000, seconds=30.0)).best_moves(start)
    assert hints and "leads to a win" not in hints[0].reason


def test_one_face_down_card_left_is_no_secret_the_hint_is_a_solutions_first_move() -> None:
    homes = {"f1": run_of("C"), "f2": run_of("D"), "f3": run_of("H", "9"), "f4": run_of("S", "9")}
    one_down = position("klondike", **homes, t1="[KH] TS", t2="KS QH JS", t3="TH QS JH")
    hint = SolvingHinter(SMALL, seed=5).best_moves(one_down)[0]
    assert re.fullmatch(r".*: leads to a win in \d+ moves", hint.reason), hint.reason
    two_down = position("klondike", **homes, t1="[KH] TS", t2="[KS] QH JS", t3="TH QS JH")
    assert "guesses at the cards not yet seen" in SolvingHinter(SMALL, seed=5).best_moves(two_down)[0].reason


def test_a_hint_from_the_heuristic_says_the_search_found_no_win() -> None:
    lost = Session(get_variant("freecell"), 11982, hinter=SolvingHinter(SMALL, seed=5)).hint()
    assert lost.ok and lost.reason.endswith("(a short search found no win from here, which does not mean there is none)"), lost.reason
    won = Session(get_variant("freecell"), 1, hinter=SolvingHinter(SMALL, seed=5)).hint()
    assert won.ok and "leads to a win" in won.reason and "no win" not in won.reason


def test_a_quick_hint_follows_a_win_already_found_where_the_player_can_know_it() -> None:
    """While the server's solver is busy a hint does not search: a player who follows the
    hints stays on the win the last full hint found, instead of the heuristic's move."""
    session = Session(get_variant("freecell"), 7, hinter=SolvingHinter(SMALL, seed=5))
    first = session.hint()
    assert first.ok and first.hint is not None and "leads to a win in" in first.reason
    assert session.play(first.hint.move).ok
    quick = session.hint(quick=True)
    assert quick.ok and quick.hint is not None and QUICK_HINT not in quick.reason
    assert re.fullmatch(r".*: leads to a win in \d+ moves", quick.reason), quick.reason
    assert quick.hint.move == WINS.win_from(session.state)[0]  # type: ignore[index]


def test_a_quick_hint_never_uses_a_win_found_through_cards_the_player_has_not_seen() -> None:
    session = Session(get_variant("klondike"), 3)
    result = solve(session.state, Budget(nodes=200_000, seconds=60.0))
    assert result.solved
    WINS.learn(session.state, result.moves)  # as "still winnable?" keeps it: worked out from the face-down cards
    quick = session.hint(quick=True)
    assert quick.ok and QUICK_HINT in quick.reason and "leads to a win" not in quick.reason


def test_a_hint_says_a_position_is_lost_where_a_search_proved_it_and_the_player_sees_every_card() -> None:
    """The indicator proved FreeCell 11982 lost; the hint's own short search can't, and
    said it found no win, which does not mean there is none, beside "can't be won"."""
    start = get_variant("freecell").start(11982)
    assert Indicator(nodes=200_000, seconds=60.0).verdict(History.begin(start)).standing is Standing.LOST
    hint = SolvingHinter(SMALL, seed=5).best_moves(start)[0]
    assert hint.reason.endswith(f"({PROVED_LOST})"), hint.reason
    quick = Session(get_variant("freecell"), 11982).hint(quick=True)  # the server's, while its solver is busy
    assert quick.reason.endswith(f"({PROVED_LOST})"), quick.reason
    hidden = get_variant("klondike").start(89)  # lost from the start, but only the face-down cards tell
    assert Indicator(nodes=200_000, seconds=60.0).verdict(History.begin(hidden)).standing is Standing.LOST
    assert all(PROVED_LOST not in h.reason for h in SolvingHinter(SMALL, seed=5).best_moves(hidden))


def test_where_face_down_cards_are_unknown_a_hint_with_no_win_says_it_tried_arrangements_of_them() -> None:
    # "Still winnable?" sees the real cards and may say winnable: the hint must not read as contradicting it.
    session = Session(get_variant("spider"), 1, hinter=SolvingHinter(Effort(nodes=50, seconds=60.0), seed=5))
    hint = session.hint()
    assert hint.ok and hint.reason.endswith(
        "(no win found in the guesses tried at the cards not yet seen)"
    ), hint.reason


def _off_the_win(session: Session, steps: int) -> None:
    """Play ``steps`` moves that each leave every known win."""
    for _ in range(steps):
        move = next(m for m in legal_moves(session.state)
                    if WINS.win_from(apply(session.state, m)) is None and not session.leads_back(m))
        assert session.play(move).ok
        assert WINS.win_from(session.state) is None


def test_a_hint_that_leads_to_no_win_says_how_far_back_a_win_is_known() -> None:
    blind = SolvingHinter(Effort(nodes=1, seconds=60.0), seed=5)  # finds nothing: the table's wins must answer
    session = Session(get_variant("freecell"), 1, hinter=blind)
    solution = solve(session.state, Budget(nodes=200_000, seconds=60.0))
    assert solution.solved
    WINS.learn(session.state, solution.moves)  # as a hint, "show me" or "still winnable?" keeps it
    _off_the_win(session, 2)
    for quick in (False, True):
        hint = session.hint(quick=quick)
        assert hint.ok and hint.reason.endswith("; undo 2 moves to get back to a winnable position)"), hint.reason
    assert nothing_leads(session.history) == (  # as a hint answers where the table is stuck
        "no move leads anywhere now: undo 2 moves to get back to a winnable position, or start a new deal"
    )
    assert session.undo().ok and session.undo().ok
    assert "leads to a win" in session.hint().reason and "undo" not in session.hint().reason
    assert nothing_leads(session.history) == NOTHING_LEADS_ANYWHERE  # a win is known from here: none back


def test_a_hint_never_points_back_to_a_win_known_through_cards_the_player_has_not_seen() -> None:
    session = Session(get_variant("klondike"), 3, hinter=SolvingHinter(Effort(nodes=1, seconds=60.0), seed=5))
    solution = solve(session.state, Budget(nodes=200_000, seconds=60.0))
    assert solution.solved
    WINS.learn(session.state, solution.moves)  # worked out from the face-down cards, as "still winnable?" does
    _off_the_win(session, 1)
    assert any(session.state.hidden)
    assert "undo" not in session.hint().reason and "undo" not in session.hint(quick=True).reason


def test_in_two_decks_a_card_seen_is_no_clue_to_a_face_down_copy_so_no_way_back_is_said() -> None:
    session = Session(get_variant("spider-1suit"), 14)
    before = session.state
    assert session.deal().ok  # ten more cards face up, a copy of nearly every face-down card among them
    WINS.learn(before, (legal_moves(before)[0],))  # as a search that sees every card would keep a win
    for quick in (True, False):
        assert "undo" not in session.hint(quick=quick).reason


def test_a_hint_where_every_card_shows_searches_far_enough_for_each_of_the_first_thousand_freecell_deals() -> None:
    # Deal 617 takes the most positions of FreeCell's deals 1-1000 (about 85,000): the
    # hint's cap reaches it, so the typed hint and the indicator agree on a way to win.
    hints = SolvingHinter(Effort(seconds=30.0)).best_moves(get_variant("freecell").start(617))
    assert hints and re.fullmatch(r".*: leads to a win in \d+ moves", hints[0].reason), hints[0].reason


def test_a_hint_steers_clear_of_a_move_the_player_was_told_loses_while_another_is_left() -> None:
    """With "still winnable?" on, a position it said can't be won is no hint's aim (after
    an undo, the hint used to lead straight back into it)."""
    session = Session(get_variant("freecell"), 1)
    first = session.hint()
    assert first.ok and first.hint is not None
    landing = session._landing(session.state, first.hint.move)[1]
    session.told_lost = lambda state: state == landing  # as Indicator.told_lost says of it
    other = session.hint()
    assert other.ok and other.hint is not None and other.hint.move != first.hint.move
    session.told_lost = lambda state: True  # every move said to lose: the hint is as it was
    again = session.hint()
    assert again.hint is not None and again.hint.move == first.hint.move


def test_shunning_asks_only_until_a_move_is_not_refused() -> None:
    hints = [Hint(Move(MoveKind.DEAL), 1, str(n)) for n in range(4)]
    asked: list[str] = []
    refused = {"0", "1"}

    def lost(move: Move) -> bool:
        said = hints[len(asked)].reason
        asked.append(said)
        return said in refused

    assert [h.reason for h in shunning(hints, lost)] == ["2", "0", "1", "3"] and asked == ["0", "1", "2"]
