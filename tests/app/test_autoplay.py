"""Telling a game that can go nowhere from one that merely has moves, and finishing one
that is decided."""

from __future__ import annotations

import random

import pytest

from cardtable.app import EventKind, Options, Session
from cardtable.app import autoplay
from cardtable.app.history import History
from cardtable.app.autoplay import _marks, builds_home, finish, is_stuck
from cardtable.solitaire import Move, MoveKind, State, Variant, apply, canonical_key, get_variant, is_won, legal_moves, still_to_go, variants
from cardtable.solitaire.observe import stock_known
from tests.app.wandering import wander
from tests.solitaire.games.positions import position


def test_a_lone_king_moving_between_empty_columns_is_stuck() -> None:
    assert is_stuck(position("klondike", t1="KS", t2="[5C] 3D"))


def test_a_card_taken_off_a_foundation_and_put_back_is_stuck() -> None:
    assert is_stuck(position("klondike", f1="AH 2H", t1="[5C] 3S", t2="[9D] 9C"))


def test_a_take_back_that_lets_the_waste_card_play_is_not_stuck() -> None:
    state = position("klondike", f1="AS 2S 3S 4S 5S 6S", t1="[9C] 7H", waste="5H")
    assert not is_stuck(state)


def test_a_real_move_is_not_stuck() -> None:
    assert not is_stuck(position("klondike", t1="KS", t2="[5C] QH"))


def test_a_stock_that_cycles_without_a_playable_card_is_stuck_even_with_unlimited_redeals() -> None:
    assert get_variant("klondike").stock.redeals_allowed is None
    assert is_stuck(position("klondike", waste="4H 9S 7D", t1="[5C] 3D", t2="QS"))
    assert is_stuck(position("klondike", waste="4H 9S", t1="[5C] 3D", redeals=7))


def test_cards_the_player_has_not_seen_in_the_stock_might_help() -> None:
    """The flag goes by what the player sees: face down in the stock, any card might be there."""
    assert not is_stuck(position("klondike", stock="[4H] [9S] [7D]", t1="[5C] 3D", t2="QS"))


def test_a_stock_turned_over_from_the_waste_holds_cards_the_player_has_seen() -> None:
    """After a redeal the stock's cards were all seen in the waste, in order: the flag
    deals through them, so a pass with nothing to play stays stuck after the turn over."""
    assert is_stuck(position("klondike", stock="[4H] [9S] [7D]", t1="[5C] 3D", t2="QS", redeals=1))
    assert not is_stuck(position("klondike", stock="[4H] [2C] [9S]", t1="[5C] 3D", redeals=1))
    vegas = get_variant("klondike-draw3-vegas")
    assert vegas.stock.redeals_allowed == 2
    assert not is_stuck(position(vegas, stock="[2C] [8D] [4H]", t1="[5C] 3D", redeals=1))
    assert is_stuck(position(vegas, stock="[7D] [9S] [4H] [8D] [2C]", t1="[5C] 3D", redeals=1))  # 2C never on top


def test_a_stock_that_brings_a_playable_card_later_is_not_stuck() -> None:
    assert not is_stuck(position("klondike", stock="[4H] [2C] [9S]", t1="[5C] 3D"))
    assert not is_stuck(position("klondike-draw3", waste="8D 4H 2C 9S 7D", t1="[5C] 3D"))


def test_a_card_that_draw_three_never_turns_up_is_no_way_out() -> None:
    assert is_stuck(position("klondike-draw3", waste="2C 8D 4H 9S 7D", t1="[5C] 3D"))
    assert not is_stuck(position("klondike", waste="2C 8D 4H 9S 7D", t1="[5C] 3D"))


def test_a_last_pass_through_the_stock_ends_the_game() -> None:
    vegas = get_variant("klondike-vegas")
    assert vegas.stock.redeals_allowed == 0
    assert is_stuck(position(vegas, waste="4H 2C 9S", t1="[5C] 3D"))


def test_openings_are_not_stuck_however_many_moves_they_have() -> None:
    for game in ("klondike", "freecell", "spider", "yukon", "pyramid"):
        assert not is_stuck(get_variant(game).start(3)), game


def test_the_session_reports_stuck_after_the_move_that_leaves_only_empty_shuffles() -> None:
    state = position("klondike", t1="KS", t2="[5C] 3D", t3="[7C] QH")
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    assert not session.is_stuck()
    outcome = session.move_card("t3", -1, "t1")
    assert outcome.ok and outcome.events[-1].kind is EventKind.STUCK


def test_turning_the_stock_over_does_not_unsay_stuck() -> None:
    """The player saw every card of a stock turned over from the waste, so a game stuck
    before the turn over is still stuck after it."""
    state = position("klondike", waste="4H 9S 7D", t1="[5C] 3D", t2="QS")
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    assert session.is_stuck()
    stock = state.variant.index_of_name("stock")
    assert session.deal().ok and session.state.redeals == 1 and session.state.hidden[stock] == 3
    assert session.is_stuck()


def _stuck_by_brute_force(state: State) -> bool:
    """The stuck test's meaning, searched plainly: every position reachable by moves that
    make no progress, each played and compared with the start."""
    if is_won(state):
        return False
    start = _marks(state)
    redeals = state.variant.stock.redeals_allowed is not None
    seen = {canonical_key(state, redeals=redeals)}
    frontier = [state]
    stock = state.variant.tables.stock
    unseen = stock is not None and state.hidden[stock] > 0 and not stock_known(state)  # a card never seen might help
    while frontier:
        position = frontier.pop()
        for move in legal_moves(position):
            after = apply(position, move, trusted=True)
            if is_won(after) or any(now < then for now, then in zip(_marks(after), start)):
                return False
            if unseen and stock is not None and after.hidden[stock] < position.hidden[stock]:
                return False
            key = canonical_key(after, redeals=redeals)
            if key not in seen:
                seen.add(key)
                frontier.append(after)
    return True


@pytest.mark.parametrize("game", ["klondike", "klondike-draw3", "freecell", "yukon", "pyramid", "besieged-fortress"])
def test_the_stuck_test_agrees_with_a_plain_search_of_every_position(game: str) -> None:
    rng = random.Random(game)
    variant = get_variant(game)
    answers = []
    for deal in range(1, 9):
        state = variant.start(deal)
        for _ in range(60):
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves), trusted=True)
            expected = _stuck_by_brute_force(state)
            assert is_stuck(state, limit=10**6) == expected, (game, deal, state)
            answers.append(expected)
    assert len(answers) >= 100


class _Leads(set[tuple[object, ...]]):
    """The stuck test's memory of positions that lead somewhere, counting its answers."""

    answered = 0

    def __contains__(self, key: object) -> bool:
        found = super().__contains__(key)
        self.answered += found
        return found


@pytest.fixture(autouse=True)
def memory(monkeypatch: pytest.MonkeyPatch) -> _Leads:
    """Every test starts with the stuck test's memory empty and leaves none behind."""
    leads = _Leads()
    monkeypatch.setattr(autoplay, "_LEADS", leads)
    monkeypatch.setattr(autoplay, "_RAN_OUT", {})
    return leads


def _searches(monkeypatch: pytest.MonkeyPatch) -> list[State]:
    """The positions whose moves the stuck test generates from now on (it always
    generates the first position's: one entry means it searched no further)."""
    generated: list[State] = []

    def counted(state: State) -> list[Move]:
        generated.append(state)
        return legal_moves(state)

    monkeypatch.setattr(autoplay, "legal_moves", counted)
    return generated


def test_a_known_stock_dealt_through_is_searched_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dealing through a stock the player has seen, each card dealt is a position the
    search from the first one went through on its way to the playable 2C: remembered,
    it is not searched again."""
    state = position("klondike", stock="[2C] [4H] [9S] [7D] [8D]", t1="[5C] 3D", redeals=1)
    generated = _searches(monkeypatch)
    assert not is_stuck(state) and len(generated) > 4
    deal = Move(MoveKind.DEAL)
    for _ in range(3):
        state = apply(state, deal)
        generated.clear()
        assert not is_stuck(state) and len(generated) == 1


def test_a_search_that_ran_out_is_remembered_with_its_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position("klondike", stock="[4H] [9S] [7D] [8D] [6C] [TH] [5S] [9C]", t1="[5C] 3D", t2="QS", redeals=1)
    assert is_stuck(state, limit=10**6)  # nothing ever plays: only a search with room enough says so
    generated = _searches(monkeypatch)
    assert not is_stuck(state, limit=3) and len(generated) > 1  # ran out of moves: not stuck
    generated.clear()
    assert not is_stuck(state, limit=3) and len(generated) == 1
    assert is_stuck(state, limit=10**6)  # more room than the remembered search had: searched again


def _played(state: State, rng: random.Random, steps: int) -> list[State]:
    """``state`` and the positions of a random playout from it, ``steps`` at most."""
    positions = []
    for _ in range(steps):
        positions.append(state)
        moves = legal_moves(state)
        if not moves:
            break
        state = apply(state, rng.choice(moves), trusted=True)
    return positions


def _from_scratch(positions: list[State]) -> list[bool]:
    """The stuck test's answers with its memory emptied before each."""
    answers = []
    for state in positions:
        autoplay.forget_stuck_answers()
        answers.append(is_stuck(state, limit=40))
    return answers


def test_remembered_answers_are_the_answers_of_a_search_from_scratch(memory: _Leads) -> None:
    rng = random.Random(11)
    positions = []
    for game in ("klondike", "klondike-draw3-vegas", "spider", "freecell", "yukon"):
        positions += _played(get_variant(game).start(rng.randrange(1, 1000)), rng, 120)
    kept = [is_stuck(state, limit=40) for state in positions]
    assert memory.answered > 0  # some answers came from the memory
    assert kept == _from_scratch(positions)


def test_the_memory_stays_within_its_bound_over_a_long_run(monkeypatch: pytest.MonkeyPatch, memory: _Leads) -> None:
    """A server asks the stuck test about every position its players reach, for days:
    each memory starts afresh past ``REMEMBERED`` positions instead of growing, and the
    answers given across the fresh starts are still a search's from scratch."""
    monkeypatch.setattr(autoplay, "REMEMBERED", 30)
    rng = random.Random(5)
    positions = []
    for game in ("klondike", "klondike-draw3", "freecell"):
        for deal in range(1, 9):
            positions += _played(get_variant(game).start(deal), rng, 60)
    largest = [0, 0]
    kept = []
    for state in positions:
        kept.append(is_stuck(state, limit=40))
        largest = [max(largest[0], len(autoplay._LEADS)), max(largest[1], len(autoplay._RAN_OUT))]
    # past the bound a memory starts afresh; a trail (at most 40 moves and its start) is added whole
    assert 0 < largest[0] <= 31 + 41 and 0 < largest[1] <= 31
    assert memory.answered > 0
    assert kept == _from_scratch(positions)


def _home(*suits: str, up_to: str = "K") -> dict[str, str]:
    """Foundations holding each suit from the Ace up to ``up_to``, one suit a foundation."""
    ranks = "A23456789TJQK"
    run = " ".join(f"{r}{{}}" for r in ranks[: ranks.index(up_to) + 1])
    return {f"f{i}": run.format(*[suit] * run.count("{}")) for i, suit in enumerate(suits, 1)}


def test_finish_sets_aside_a_card_lying_on_the_one_it_waits_for() -> None:
    state = position("freecell", **_home("S", "D", "C"), f4="AH 2H 3H 4H 5H 6H 7H 8H", t1="9H TH", t2="KH QH JH")
    done = finish(state)
    assert done is not None and is_won(done[0])
    assert [state.variant.piles[m.target].kind.value for m in done[1][:1]] in (["cell"], ["tableau"])  # TH aside


def test_finish_sets_aside_no_more_cards_than_there_are_free_places() -> None:
    def upside_down(suit: str) -> str:  # eight cards on the 5 that goes home next
        return " ".join(f"{rank}{suit}" for rank in "56789TJQK")

    hearts = "AH 2H 3H 4H"
    roomy = position("freecell", **_home("S", "D", "C"), f4=hearts, t1=upside_down("H"))  # 11 free places
    assert finish(roomy) is not None and is_won(finish(roomy)[0])  # type: ignore[index]
    fours = {f"f{i}": " ".join(f"{rank}{suit}" for rank in "A234") for i, suit in enumerate("SDCH", 1)}
    crowded = position("freecell", **fours, **{f"t{i}": upside_down(suit) for i, suit in enumerate("SDCH", 1)})
    assert finish(crowded) is None  # 8 free places, 32 cards to set aside: that is play


def test_finish_leaves_the_choice_of_card_to_the_player_where_a_foundation_takes_several() -> None:
    def hole(*left: str) -> State:  # every other card in the hole, the 5 of spades on top
        gone = [f"{rank}{suit}" for suit in "CDHS" for rank in "A23456789TJQK" if f"{rank}{suit}" not in (*left, "5S")]
        return position("black-hole", f1=" ".join([*gone, "5S"]), **{f"t{i}": card for i, card in enumerate(left, 1)})

    assert finish(hole("4H", "6D", "5C")) is None  # the 4 or the 6 first: choosing is the player's game
    done = finish(hole("4H", "3D"))  # no choice at any card
    assert done is not None and is_won(done[0])


def test_automatic_moves_home_are_offered_only_where_cards_go_home_one_by_one() -> None:
    offered = {game: builds_home(get_variant(game)) for game in ("klondike", "spider", "golf", "pyramid", "black-hole")}
    # Spider's suits go home by themselves when complete: nothing is left to move automatically.
    assert offered == {"klondike": True, "spider": False, "golf": False, "pyramid": False, "black-hole": False}


def _down(state: State) -> int:
    """Cards face down outside the stock (whose cards a turned stock has shown)."""
    return sum(n for i, n in enumerate(state.hidden) if i != state.variant.tables.stock)


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_a_table_called_stuck_has_no_move_that_nears_the_goal_or_turns_a_card_up(variant: Variant) -> None:
    # Golf, Tri-Peaks and Accordion said "no move leads anywhere" with a card still to
    # clear to the waste, or two piles still to make one: their goal counts neither home.
    rng = random.Random(variant.id)
    for deal in range(1, 4):
        for history in wander(History.begin(variant.start(deal)), rng, 120, undo=0, redo=0):
            state = history.state
            if is_stuck(state):
                for move in legal_moves(state):
                    after = apply(state, move, trusted=True)
                    assert still_to_go(after) >= still_to_go(state), (variant.id, deal, move)
                    assert _down(after) >= _down(state), (variant.id, deal, move)
                break


def test_a_game_without_a_choice_is_run_to_its_end_by_auto_finish() -> None:
    for deal in range(30, 60):  # deal 33 comes out, as about one in thirteen does
        session = Session(get_variant("clock"), deal)
        outcome = session.auto_finish()
        assert outcome.ok, (deal, outcome.reason)
        assert legal_moves(session.state) == () and session.move_count > 0  # the clock has run
        if session.is_won:
            break
    else:
        raise AssertionError("no Clock deal of 30-59 came out")


def test_a_position_with_a_choice_is_left_to_the_player() -> None:
    session = Session(get_variant("klondike"), 1)
    assert not session.auto_finish().ok and session.move_count == 0


WASP_2 = "deal t6>t2:2 t5>t2:6 t1>t2:2 t4>t5:4 t6>t4 t2>t5:12 t7>t4 t5>t2:7 t7>t5:3 t7>t1:2 t5>t1:2 t3>t5:3"
"""Wasp's deal 2 played to a position with one legal move, on a column with a card face down."""


def test_forced_moves_are_played_to_the_first_choice_whatever_lies_face_down() -> None:
    from cardtable.solitaire.formats import parse_move

    start = get_variant("wasp").start(2)
    state = start
    for word in WASP_2.split():
        state = apply(state, parse_move(state.variant, word))
    assert len(legal_moves(state)) == 1 and any(state.hidden)
    for arranged in (state, _face_down_swapped(state)):  # the same table to the player's eyes
        session = Session(get_variant("wasp"), 2, Options(auto_build=False))
        session.history = session.history.begin(arranged)
        outcome = session.auto_finish()
        assert outcome.ok and session.move_count >= 1, outcome.reason  # the forced move is played, not looked ahead from
        left = legal_moves(session.state)
        assert len(left) != 1 or left[0].kind in (MoveKind.DEAL, MoveKind.REDEAL)  # stopped at a choice, or the end


def _face_down_swapped(state: State) -> State:
    """``state`` with its first two face-down cards (in different piles) swapped."""
    places = [(p, n) for p, hidden in enumerate(state.hidden) for n in range(hidden)]
    (p1, n1), (p2, n2) = places[0], next(place for place in places if place[0] != places[0][0])
    piles = [list(pile) for pile in state.piles]
    piles[p1][n1], piles[p2][n2] = piles[p2][n2], piles[p1][n1]
    return State(state.variant, tuple(map(tuple, piles)), state.hidden, state.redeals)
