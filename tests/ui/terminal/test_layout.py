"""Every game fits an 80x24 terminal: each pile's name and its top card are on screen,
long columns fold what lies under their playable cards, Pyramid is drawn as a pyramid,
Tri-Peaks as three peaks, and many short piles as rows of fans."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cardtable.app import Options, Session, Store
from cardtable.app.service import Games
from cardtable.solitaire import PileKind, Variant, get_variant, variants
from cardtable.ui.terminal.fullscreen import CardView, TableApp
from cardtable.ui.terminal.layout import Line, fan_rows, first_words, fold, peak_columns, pile_width, tableau_rows, top_rows
from tests.solitaire.conformance import chosen_variants
from tests.solitaire.games.positions import position

SCREEN = (80, 24)


def test_piles_narrow_to_fit_and_columns_fold_under_their_top_cards() -> None:
    assert pile_width([7], 80) == 5 and pile_width([13], 80) == 5 and pile_width([18], 80) == 3
    assert fold(5, 2, 10) == tuple(Line(n) for n in range(5))
    folded = fold(19, 6, 12)
    assert folded[0] == Line(5, 6) and folded[-1] == Line(18) and len(folded) <= 12
    deep = fold(40, 0, 8)  # a long face-up run: the lower cards become one line
    assert deep[0].folded == 40 - 7 and [line.position for line in deep[1:]] == list(range(33, 40))


def test_a_triangle_is_drawn_row_by_row_from_its_top() -> None:
    rows = tableau_rows(get_variant("pyramid"))
    assert [len(r) for r in rows] == [1, 2, 3, 4, 5, 6, 7]
    assert tableau_rows(get_variant("klondike")) == [list(get_variant("klondike").piles_of(PileKind.TABLEAU))]
    assert all(len(row) * 4 <= 80 for row in top_rows(get_variant("flower-garden"), 80))


def test_tri_peaks_stands_as_three_peaks_worked_out_from_what_covers_what() -> None:
    variant = get_variant("tri-peaks")
    rows, across = tableau_rows(variant), peak_columns(variant)
    assert [len(r) for r in rows] == [3, 6, 9, 10]
    assert [across[i] for i in rows[0]] == [1.5, 4.5, 7.5]  # a tip over the middle of each peak
    assert [across[i] for i in rows[1]] == [1, 2, 4, 5, 7, 8]  # two cards a peak, gaps between
    pyramid = get_variant("pyramid")
    assert [peak_columns(pyramid)[i] for i in tableau_rows(pyramid)[0]] == [3.0]  # the apex, centred


def test_fans_lie_in_rows_of_several() -> None:
    lucie = fan_rows(get_variant("la-belle-lucie"), 80, 18)
    assert sorted(i for row in lucie.rows for i in row) == list(get_variant("la-belle-lucie").piles_of(PileKind.TABLEAU))
    assert all(len(row) > 1 for row in lucie.rows) and len(lucie.rows) * 2 - 1 <= 18
    assert all(len(row) * lucie.fan_width() <= 80 for row in lucie.rows)
    tight = fan_rows(get_variant("la-belle-lucie"), 80, 5)  # little room: narrower cards, more fans a row
    assert len(tight.rows) < len(lucie.rows) and tight.wide < lucie.wide


def _regions(app: TableApp) -> dict[tuple[int, int], tuple[int, int, int]]:
    return {(v.pile, v.position): (v.region.x, v.region.y, v.region.width) for v in app.query(CardView)}


def _fits(tmp_path: Path, session: Session) -> list[str]:
    """What of the table falls outside the screen: a pile's name or its top card."""
    games = Games(Store(tmp_path / "t.db"), "me")
    app = TableApp(games, games.store.save("me", session), session)
    problems: list[str] = []

    async def drive() -> None:
        async with app.run_test(size=SCREEN) as pilot:
            await pilot.pause()
            seen = _regions(app)
            table_bottom = SCREEN[1] - 3  # the message's two lines and the keys
            for i, cards in enumerate(session.observation.piles):
                name = session.variant.piles[i].id.name
                for where in (-1, len(cards) - 1):
                    x, y, width = seen.get((i, where), (-1, -1, 0))
                    if not (0 <= x and x + width <= SCREEN[0] and 0 <= y < table_bottom and width >= 3):
                        problems.append(f"{name}[{where}] at {(x, y, width)}")
                label = next(str(v.render()) for v in app.query(CardView) if (v.pile, v.position) == (i, -1)).split()[0]
                if label != name and name.startswith(label):  # cut short: "wast" for the waste
                    problems.append(f"{name} labelled {label!r}")

    asyncio.run(drive())
    return problems


@pytest.mark.parametrize("variant", [*variants(), *chosen_variants()], ids=lambda v: v.id)
def test_every_game_fits_80_by_24(tmp_path: Path, variant: Variant) -> None:
    session = Session(variant, variant.deal.deal_numbers.start + 1, Options(auto_build=False))
    assert _fits(tmp_path, session) == []


def test_a_long_column_keeps_its_playable_cards_in_sight(tmp_path: Path) -> None:
    run = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H"
    state = position("klondike", t1="[2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC] " + run + " AS")  # 25 cards
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    assert _fits(tmp_path, session) == []


def test_draw_three_shows_the_turned_cards_side_by_side(tmp_path: Path) -> None:
    session = Session(get_variant("klondike-draw3"), 5, Options(auto_build=False))
    session.deal()
    games = Games(Store(tmp_path / "t.db"), "me")
    app = TableApp(games, games.store.save("me", session), session)
    waste = session.pile_index("waste")
    turned = session.state.piles[waste][-3:]

    async def drive() -> None:
        async with app.run_test(size=SCREEN) as pilot:
            await pilot.pause()
            views = sorted((v for v in app.query(CardView) if v.pile == waste and v.position >= 0), key=lambda v: v.region.x)
            assert [str(v.render()) for v in views] == [c.symbol for c in turned]
            assert len({v.region.y for v in views}) == 1  # one row, the playable card on the right
            assert views[-1].position == len(session.state.piles[waste]) - 1

    asyncio.run(drive())
    assert _fits(tmp_path, session) == []


def _drawn(tmp_path: Path, session: Session) -> dict[tuple[int, int], tuple[int, int, int]]:
    """Where each card view of the table lies: (pile, position) -> (x, y, width)."""
    games = Games(Store(tmp_path / "t.db"), "me")
    app = TableApp(games, games.store.save("me", session), session)
    seen: dict[tuple[int, int], tuple[int, int, int]] = {}

    async def drive() -> None:
        async with app.run_test(size=SCREEN) as pilot:
            await pilot.pause()
            seen.update(_regions(app))

    asyncio.run(drive())
    return seen


def test_tri_peaks_is_drawn_as_three_peaks(tmp_path: Path) -> None:
    variant = get_variant("tri-peaks")
    seen = _drawn(tmp_path, Session(variant, 2, Options(auto_build=False)))
    rows = tableau_rows(variant)
    tips = [seen[(i, -1)] for i in rows[0]]
    open_row = [seen[(i, -1)] for i in rows[-1]]
    assert len({y for _, y, _ in tips}) == 1 and tips[0][1] < open_row[0][1]
    step = open_row[1][0] - open_row[0][0]
    assert [x for x, _, _ in tips] == [open_row[0][0] + round(c * step) for c in (1.5, 4.5, 7.5)]


def test_fans_spread_right_several_to_a_row(tmp_path: Path) -> None:
    variant = get_variant("la-belle-lucie")
    session = Session(variant, 2, Options(auto_build=False))
    seen = _drawn(tmp_path, session)
    tableau = variant.piles_of(PileKind.TABLEAU)
    for i in tableau:  # a fan is one line: its name, then its cards left to right
        views = [seen[(i, n)] for n in range(-1, len(session.state.piles[i]))]
        assert len({y for _, y, _ in views}) == 1
        assert [x for x, _, _ in views] == sorted(x for x, _, _ in views)
    rows = {seen[(i, -1)][1] for i in tableau}
    assert 1 < len(rows) < len(tableau)  # several fans to a row, more than one row


def test_a_long_fan_folds_under_its_playable_cards(tmp_path: Path) -> None:
    state = position("fan", t1="KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", t2="AS")
    session = Session(state.variant, 1, Options(auto_build=False))
    session.history = session.history.begin(state)
    seen = _drawn(tmp_path, session)
    t1 = state.variant.index_of_name("t1")
    assert (t1, 11) in seen and (t1, 0) not in seen  # the top card shows, the bottom ones fold
    assert _fits(tmp_path, session) == []


def test_the_clock_s_hours_stand_above_their_columns() -> None:
    variant = get_variant("clock")
    names = [variant.pile_names[i] for i in top_rows(variant, 80)[0]]
    assert names == [f"f{n}" for n in range(1, 14)] + ["waste"]


def test_the_first_words_say_how_a_click_plays_in_each_kind_of_game() -> None:
    from cardtable.ui.terminal.layout import first_words

    def said(game: str) -> str:
        return first_words(Session(get_variant(game), 2, Options(auto_build=False)))

    assert said("golf").startswith("click a card to play it") and "home" not in said("golf")  # no foundations
    assert "then the one it pairs with" in said("pyramid") and "home" not in said("pyramid")
    assert said("klondike").startswith("click a card, then where it goes") and "double-click sends it home" in said("klondike")
    assert said("freecell").endswith("; ! marks a card out of order") and "out of order" not in said("golf")


def test_the_opening_words_say_home_only_where_a_double_click_sends_a_card_home() -> None:
    """Montana's foundations hold only the Aces taken out at the deal, and Spider's take
    whole suits by themselves: there a double-click plays a card where it fits."""
    for game in ("montana", "spider"):
        words = first_words(Session(get_variant(game), 1), "")
        assert "sends it home" not in words and "double-click plays it where it fits" in words, game
    assert "double-click sends it home" in first_words(Session(get_variant("freecell"), 1), "")
