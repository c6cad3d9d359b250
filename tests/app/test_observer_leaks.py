"""Every view of a game goes through the observer, so none names a card a player can't
see: typed terminal pictures and replies, the full-screen table, hint explanations,
refusals, events, "still winnable?" verdicts and the page's table JSON, over random play of every game. (The web
server's replies and WebSocket messages have their own test in tests/ui/web/test_hidden.py.)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widget import Widget

from cardtable.app import Effort, Options, Session, SolvingHinter, Store
from cardtable.app.hints import describe
from cardtable.app.service import Games
from cardtable.app.standing import Indicator
from cardtable.solitaire import Move, MoveKind, State, Variant, check, legal_moves, variants
from cardtable.solitaire.formats import render_state
from cardtable.ui.terminal.commands import run_command
from cardtable.ui.terminal.fullscreen import CardView, TableApp
from cardtable.ui.terminal.plain import show, status_line, still_winnable
from cardtable.ui.terminal.table_view import pile_column
from cardtable.ui.web.views import table_view
from tests.ui.web.test_hidden import mentions

ACTIONS = 80
"""Random actions per game."""
HINT_EVERY = 8
"""Actions between hints (each one searches, so not after every action)."""
QUICK = Effort(nodes=400, seconds=30.0, samples=3, sample_nodes=300, sample_seconds=30.0)


def _seen(state: State) -> set[str]:
    return {c.code for i, pile in enumerate(state.piles) for n, c in enumerate(pile) if n >= state.hidden[i]}


def _fullscreen_texts(app: TableApp) -> str:
    texts: list[str] = []

    def gather(widget: Widget) -> None:  # built, not mounted: the children wait to be
        for child in widget._pending_children:
            if isinstance(child, CardView):
                texts.append(str(child.content))
            else:  # a row within the pile (a draw-three waste's cards side by side)
                gather(child)

    for i in range(len(app.session.state.piles)):
        gather(pile_column(app.drawn, app.marks, i, room=200))
    return " ".join(texts)


@pytest.mark.parametrize("variant", variants(), ids=lambda v: v.id)
def test_no_interface_names_a_face_down_card(variant: Variant, tmp_path: Path) -> None:
    rng = random.Random(11)
    session = Session(variant, variant.deal.deal_numbers.start + 11, Options(auto_build=False), random_deal=True,
                      hinter=SolvingHinter(QUICK))
    games = Games(Store(tmp_path / "t.db"), "me")
    indicator = Indicator(nodes=300, seconds=float("inf"))
    app = TableApp(games, games.store.save("me", session), session, indicator)
    for action in range(ACTIONS):
        state = session.state
        seen = _seen(state)
        view = table_view(1, session, 1)
        assert view["deal"] == session.observation.deal
        for pile, cards in zip(view["piles"], session.observation.piles):
            assert pile["cards"] == [{"down": True} if c is None else {"card": c.code} for c in cards]
        texts = [render_state(state), show(session), _fullscreen_texts(app)]
        moves = legal_moves(state)
        texts += [describe(state, m) for m in moves]
        n = len(state.piles)
        tries = [Move(MoveKind.MOVE, rng.randrange(n), rng.randrange(n), rng.randint(1, 3)) for _ in range(8)]
        tries += [Move(MoveKind.PAIR, rng.randrange(n), rng.randrange(n)), Move(MoveKind.DEAL), Move(MoveKind.REDEAL)]
        texts += [check(state, m).reason for m in tries]
        if action % HINT_EVERY == 0:
            texts += [session.hint().reason, still_winnable(indicator, session)]
        names = variant.tables.names
        texts += [run_command(session, f"{rng.choice(names)} {rng.choice(names)}").outcome.reason or ""]
        for text in texts:
            assert mentions(text) <= seen | _seen(session.state), text
        if session.state != state:
            continue  # a typed command moved: look at the new position first
        if not moves:
            break
        outcome = session.play(rng.choice(moves))
        codes = {code for event in outcome.events for code in event.cards}
        assert codes <= seen | _seen(session.state)
        if session.observation.deal is None:
            assert status_line(session).startswith(f"{variant.name}, random deal:")
