"""Thunderjack full screen: the table, buttons for hands, chips and the legal actions.

Keys: 1/2/3 pick or unpick the left/middle/right hand (as the original game's buttons run), c/v/b/n chips 10/50/250/1000, x clear,
space deal, h hit, s stand, d double, p split, r surrender, i hint, f a fresh stake once out of credits, t statistics,
? the rules, q quit.
"""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Static

from cardtable.app.blackjack import Answer, BlackjackTable
from cardtable.app.storage_errors import StorageError
from cardtable.ui.terminal.blackjack_text import finish_words, render_history, render_stats, settled
from cardtable.ui.terminal.screens import TextScreen

_RED = {"D", "H"}
_SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_markup(card: dict[str, Any]) -> str:
    """A card as Rich markup: red or black on a white face, a back when face down.

    >>> card_markup({"card": "TS"}), card_markup({"card": "QH"})
    ('[bold black on white] 10♠ [/]', '[bold red on white] Q♥ [/]')
    """
    if "card" not in card:
        return "[reverse] ▒▒ [/]"
    code = card["card"]
    rank = "10" if code[0] == "T" else code[0]
    colour = "red" if code[1] in _RED else "black"  # never the screen's own text colour: white on white
    return f"[bold {colour} on white] {rank}{_SUITS[code[1]]} [/]"


def table_markup(view: dict[str, Any]) -> str:
    """The dealer and the player's hands as markup."""
    game = view["round"]
    lines = [f"[b]Credits {view['credits']}[/b]   {view['description']}", ""]
    if game is None:
        broke = view.get("can_fresh_stake")
        lines.append("You are out of credits: f (Fresh stake) starts you again." if broke else "Place your bets (? the rules).")
        return "\n".join(lines)
    lines.append(f"Dealer  {' '.join(card_markup(c) for c in game['dealer'])}  ({game['dealer_total']})")
    lines.append("")
    for hand in game["hands"]:
        cards = " ".join(card_markup(c) for c in hand["cards"])
        mark = " [b yellow]◀ your turn[/]" if hand["turn"] else ""
        finish = finish_words(game, hand)
        flash = "[b reverse yellow] THUNDERJACK! [/]" if finish == "thunderjack" else finish
        soft = "soft " if hand["soft"] else ""
        lines.append(f"{hand['seat']:7} {cards}  ({soft}{hand['total']})  bet {hand['bet']}{settled(game, hand)} {flash}{mark}")  # as typed
    return "\n".join(lines)


class BlackjackApp(App[int]):
    """The Thunderjack table in the terminal."""

    ENABLE_COMMAND_PALETTE = False  # its "Quit" would skip q's pause and save
    ALLOW_SELECT = False  # no text to select on a table; and a click on a card redrawn under it crashed its selection

    CSS = """
    #felt { background: darkgreen; color: white; padding: 1 2; height: auto; min-height: 12; }
    #message { padding: 0 2; height: 3; }
    Horizontal { height: auto; }
    Button { min-width: 8; margin: 0 1 0 0; }
    """
    BINDINGS = [
        ("1", "intent('toggle', 'left')", "left"), ("2", "intent('toggle', 'middle')", "middle"),
        ("3", "intent('toggle', 'right')", "right"), ("c", "intent('chip', '10')", "10"),
        ("v", "intent('chip', '50')", "50"), ("b", "intent('chip', '250')", "250"),
        ("n", "intent('chip', '1000')", "1000"), ("x", "intent('clear', '')", "clear"),
        ("space", "intent('deal', '')", "deal"), ("h", "intent('play', 'hit')", "hit"),
        ("s", "intent('play', 'stand')", "stand"), ("d", "intent('play', 'double')", "double"),
        ("p", "intent('play', 'split')", "split"), ("r", "intent('play', 'surrender')", "surrender"),
        ("i", "intent('hint', '')", "hint"), ("f", "intent('stake', '')", "fresh stake"), ("t", "show_stats", "stats"),
        ("q", "quit", "quit"), Binding("question_mark", "show_rules", "rules", show=False),
    ]

    def __init__(self, table: BlackjackTable) -> None:
        super().__init__()
        self.table = table
        self.message = ""

    def compose(self) -> ComposeResult:
        # The hands on one row and the chips on the next: together they overflow 80 columns.
        yield Vertical(Static(id="felt"), Static(id="message"), Horizontal(id="seats"), Horizontal(id="bets"), Horizontal(id="actions"))
        yield Footer(compact=True)

    async def on_mount(self) -> None:
        self.title = "Thunderjack!"
        await self.refresh_table()

    async def refresh_table(self) -> None:
        """Redraw the table and offer only the buttons that can be used now."""
        view = self.table.view()
        self.query_one("#felt", Static).update(table_markup(view))
        self.query_one("#message", Static).update(self.message)
        seats, bets = self.query_one("#seats", Horizontal), self.query_one("#bets", Horizontal)
        await seats.remove_children()
        await bets.remove_children()
        if not view["actions"]:
            for seat in reversed(view["seats"]):  # left to right, as keys 1, 2, 3
                label = f"{'●' if seat['selected'] else '○'} {seat['seat']} {seat['bet'] or ''}"
                seats.mount(Button(label, id=f"toggle-{seat['seat']}"))
            for chip in view["chips"]:
                bets.mount(Button(str(chip), id=f"chip-{chip}", variant="primary", disabled=chip not in view["affordable"]))
            bets.mount(Button("clear", id="clear-x"))
            if view["can_deal"]:
                bets.mount(Button("Deal", id="deal-x", variant="success"))
            if view["can_fresh_stake"]:
                bets.mount(Button("Fresh stake", id="stake-x", variant="warning"))
        actions = self.query_one("#actions", Horizontal)
        await actions.remove_children()
        for action in view["actions"]:
            actions.mount(Button(action.capitalize(), id=f"play-{action}", variant="success"))
        if view["actions"]:
            actions.mount(Button("Hint", id="hint-x"))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only keys that can be used now, so the footer fits 80 columns: the betting keys
        between rounds, the plays the hand in turn allows (and the hint) during one."""
        if action != "intent":
            return True
        view = self.table.view()
        intent = parameters[0]
        if view["actions"]:
            return intent == "hint" or (intent == "play" and parameters[1] in view["actions"])
        if intent in ("deal", "stake"):
            return bool(view["can_deal" if intent == "deal" else "can_fresh_stake"])
        return intent in ("toggle", "chip", "clear")

    async def action_intent(self, intent: str, value: str) -> None:
        """Carry out an intent by name (from a key or a button)."""
        calls = {
            "toggle": lambda: self.table.toggle(value), "chip": lambda: self.table.chip(int(value)),
            "clear": self.table.clear, "deal": self.table.deal, "play": lambda: self.table.play(value),
            "hint": self.table.hint, "stake": self.table.fresh_stake,
        }
        try:
            answer: Answer = calls[intent]()
            self.message = answer.message
        except StorageError as error:  # a busy or read-only database: the table went back to as it was
            self.message = f"{error}: not played, the table is as it was"
        await self.refresh_table()

    def action_show_stats(self) -> None:
        """The statistics and the last ten rounds, over the table."""
        stats = self.table.stats()
        rounds = render_history(stats["history"]) or "no rounds played yet"
        self.push_screen(TextScreen(f"{render_stats(stats)}\n\nThe last rounds, newest first:\n{rounds}"))

    def action_show_rules(self) -> None:
        """The table's own rules, written from its rule set, and the keys."""
        view = self.table.view()
        title = "Thunderjack!" if view["rules"] == "thunderjack" else f"Blackjack: {view['rules']} rules"
        keys = " ".join((__doc__ or "").split("Keys: ", 1)[-1].split())
        self.push_screen(TextScreen(f"# {title}\n\n" + "\n\n".join(view["sheet"]) + f"\n\n## Keys\n\n{keys}", markdown=True))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        intent, _, value = (event.button.id or "").partition("-")
        await self.action_intent(intent, "" if value == "x" else value)


def play_fullscreen(table: BlackjackTable, message: str = "") -> int:
    """Run the full-screen table until the player quits, ``message`` said first."""
    app = BlackjackApp(table)
    app.message = message
    return app.run() or 0
