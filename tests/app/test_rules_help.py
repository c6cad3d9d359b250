"""Auto-build safety, order violations, hints and scoring."""

from __future__ import annotations

import random

from cardtable.app import HeuristicHinter, Scoring, order_violations
from cardtable.app.autoplay import auto_build, is_safe
from cardtable.app.hints import describe
from cardtable.app.scoring import score, uniform_score
from cardtable.solitaire import Move, MoveKind, apply, check, get_variant, legal_moves, variants
from tests.solitaire.games.positions import move, position


def test_aces_and_twos_go_home_safely_but_not_a_card_still_needed() -> None:
    state = position("klondike", t1="AH", t2="2H", f1="", f2="AS", f3="AC", f4="AD", t3="3H", t4="2S")
    assert is_safe(state, move(state, "t1", "f1"))
    built, moves = auto_build(state)
    assert [m for m in moves] and built.piles[built.variant.index_of_name("t2")] == ()  # 2H followed AH
    # 3H could still take 2S or 2C from the tableau: it stays.
    assert built.piles[built.variant.index_of_name("t3")] != ()


def test_safe_once_both_opposite_twos_are_home() -> None:
    state = position("klondike", f1="AH 2H", f2="AS 2S", f3="AC 2C", f4="AD", t1="3H")
    assert is_safe(state, move(state, "t1", "f1"))
    not_yet = position("klondike", f1="AH 2H", f2="AS 2S", f3="AC", f4="AD", t1="3H")
    assert not is_safe(not_yet, move(not_yet, "t1", "f1"))


def test_nothing_is_auto_built_in_spider_or_pyramid() -> None:
    for game in ("spider", "pyramid"):
        state = get_variant(game).start(4)
        assert auto_build(state) == (state, [])


def test_order_violations_mark_cards_lying_out_of_order() -> None:
    state = position("klondike", t1="[5C] 9H 8S 3D", t2="KD QS", t3="")
    assert order_violations(state) == {"t1": (3,)}
    assert order_violations(get_variant("freecell").start(1))["t1"]  # a fresh deal is tangled


def test_hints_prefer_home_then_revealing_and_avoid_taking_back() -> None:
    state = position("klondike", t1="AH", t2="[4C] 9H", t3="TS", t4="KD", t5="")
    hints = HeuristicHinter().best_moves(state)
    home = [h for h in hints if "home" in h.reason]
    assert hints[: len(home)] == home and {h.move.source for h in home} == {state.variant.index_of_name("t1")}
    assert hints[len(home)].move == move(state, "t2", "t3") and "turns up" in hints[len(home)].reason
    [pointless] = [h for h in hints if h.move == move(state, "t4", "t5")]
    assert pointless.score < 0 and "changes nothing" in pointless.reason
    back = HeuristicHinter().best_moves(state, previous=move(state, "t3", "t2"))
    taken_back = [h for h in back if h.move == move(state, "t2", "t3")][0]
    assert taken_back.score < 0 and "takes back" in taken_back.reason


def test_a_hint_says_which_card_goes_where_and_why() -> None:
    state = position("klondike", t1="AH", t2="[4C] 9H", t3="TS", t4="KD", t5="")
    hints = HeuristicHinter().best_moves(state)
    assert hints[0].reason.startswith("A♥ from column 1 to foundation") and hints[0].reason.endswith("it goes home")
    reveal = next(h for h in hints if h.move == move(state, "t2", "t3"))
    assert reveal.reason == "9♥ from column 2 to column 3: that turns up a face-down card"
    pyramid = get_variant("relaxed-pyramid").start(3)
    pair = next(h for h in HeuristicHinter().best_moves(pyramid) if h.move.kind is MoveKind.PAIR)
    assert pair.reason.startswith("remove ") and " and " in pair.reason


def test_no_hint_names_a_face_down_card_in_any_game() -> None:
    rng = random.Random(5)
    for variant in variants():
        state = variant.start(rng.randrange(1, 30_000))
        for _ in range(60):
            hints = HeuristicHinter().best_moves(state)
            hidden = {card.symbol for pile, down in zip(state.piles, state.hidden) for card in pile[:down]}
            shown = {card.symbol for pile, down in zip(state.piles, state.hidden) for card in pile[down:]}
            for hint in hints:
                named = {symbol for symbol in hidden - shown if symbol in hint.reason}
                assert not named, (variant.id, hint.reason)
            if not hints:
                break
            state = apply(state, rng.choice(hints).move)


def test_describing_a_move_never_names_a_face_down_card() -> None:
    state = get_variant("relaxed-pyramid").start(3)
    stock = state.variant.index_of_name("stock")
    assert state.hidden[stock] == len(state.piles[stock])  # the whole stock is face down
    text = describe(state, Move(MoveKind.PAIR, stock, None))
    assert text == "remove the face-down card of the stock" and state.piles[stock][-1].symbol not in text


def test_standard_and_vegas_scores() -> None:
    state = position("klondike", waste="AH", t1="[5C] 2H", t2="3S")
    moves = [move(state, "waste", "f1")]
    after = apply(state, moves[0])
    moves.append(move(after, "t1", "f1"))
    assert score(state, moves, Scoring.STANDARD) == 10 + 10 + 5
    assert score(state, moves, Scoring.VEGAS) == -52 + 10
    redeal = position("klondike", waste="AH")
    assert score(redeal, [Move(MoveKind.REDEAL)], Scoring.STANDARD) == 0  # never below 0, as in Windows
    assert Scoring.VEGAS.applies_to("klondike-draw3") and not Scoring.STANDARD.applies_to("spider")


def test_standard_points_start_again_from_zero_after_a_penalty() -> None:
    state = position("klondike", waste="9C AH", stock="[2H]", t1="TH")
    deal, redeal = Move(MoveKind.DEAL), Move(MoveKind.REDEAL)
    moves = [move(state, "waste", "f1"), move(state, "waste", "t1"), deal, redeal, deal, move(state, "waste", "f1")]
    walk = state
    for played in moves:
        assert check(walk, played).ok
        walk = apply(walk, played)
    assert [score(state, moves[:n], Scoring.STANDARD) for n in (3, 4, 6)] == [15, 0, 10]  # not 15, -85, -75


def test_uniform_score_is_percent_home_or_cleared() -> None:
    assert uniform_score(position("klondike", f1="AH 2H")) == 4
    assert uniform_score(get_variant("relaxed-pyramid").start(1)) == 0
    assert uniform_score(position("relaxed-pyramid")) == 100


def test_accordions_score_starts_at_nothing_and_grows_only_as_piles_are_gathered() -> None:
    # The stock's cards are piles still to gather: it began at 96 and fell as they were dealt.
    state = get_variant("accordion").start(3)
    assert uniform_score(state) == 0
    while not (gathering := [m for m in legal_moves(state) if m.kind is MoveKind.MOVE]):
        state = apply(state, Move(MoveKind.DEAL))
        assert uniform_score(state) == 0
    assert uniform_score(apply(state, gathering[0])) == 2  # one pile fewer of 52


def test_twos_are_always_safe_in_freecell_as_microsoft_plays_it() -> None:
    # Neither black Ace is home: a Two still goes, since an Ace never waits on it.
    state = position("freecell", f1="AH", t1="2H", t2="AS 9D", t3="AC 8H", t4="3H")
    assert is_safe(state, move(state, "t1", "f1"))
    built, _ = auto_build(state)
    # 3H could still take 2S or 2C from the tableau: it stays.
    assert built.piles[built.variant.index_of_name("f1")][-1].code == "2H"


def test_a_redeal_of_the_columns_is_described_as_what_it_does() -> None:
    redeal = Move(MoveKind.REDEAL)
    assert describe(get_variant("crescent").start(1), redeal) == "redeal: each column's bottom card goes to its top"
    assert describe(get_variant("klondike").start(1), redeal) == "turn the waste over into the stock"


def test_a_grid_move_into_a_gap_outranks_laying_the_cards_out_afresh() -> None:
    # Every Montana move empties one place and fills another: those places are not alike
    # (a card goes after the one on its left), so the move is not "changing nothing".
    state = get_variant("montana").start(2)
    hints = HeuristicHinter().best_moves(state)
    assert hints[0].move.kind is MoveKind.MOVE and "changes nothing" not in hints[0].reason
    assert any(h.move.kind is MoveKind.REDEAL for h in hints)  # the redeal is there, ranked below
    # Between interchangeable empty columns it still changes nothing.
    assert "from one empty" not in " ".join(h.reason for h in hints)
