"""The modal screens the terminal's tables share: a page of text to read, and a
yes-or-no question; and the full-screen table's keys, as its rules page lists them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

KEYS = (
    "Keys: left and right (h/l) move the cursor from pile to pile, up and down (k/j) through a pile's "
    "cards and on to the pile above or below; space picks up and drops, enter plays the card; "
    "d deal, u undo, r redo, R restart, b mark this position, B back to it, i hint, a finish, n new deal, "
    "N a winnable deal, D today's deal, "
    "m show me, w still winnable?, s statistics, q (or Ctrl-C) quit. Mouse: click a card then its place, "
    "double-click sends it home, or drag. A card marked ! is out of order: it does not build on the card "
    "under it."
)
"""The full-screen table's keys and mouse, as its rules page lists them."""


class TextScreen(ModalScreen[None]):
    """Rules (Markdown) or statistics: the arrows, page keys, Home and End scroll it;
    escape, q, space, enter, ? or s close it."""

    BINDINGS = [("escape,q,space,enter,question_mark,s", "dismiss", "Close")]
    DEFAULT_CSS = "TextScreen #closing { dock: bottom; height: 1; padding: 0 2; background: $panel; }"
    CLOSING = "Escape or q closes this page; the arrows and page keys scroll it."
    """Said under the page (a player looking for the way back to the table found none)."""

    def __init__(self, text: str, markdown: bool = False) -> None:
        super().__init__()
        self.text = text
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        body = Markdown(self.text, id="text") if self.markdown else Static(self.text, id="text")
        yield Static(self.CLOSING, id="closing")
        yield VerticalScroll(body, id="sheet")

    def on_mount(self) -> None:
        self.query_one("#sheet").focus()


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question: y says yes; n, escape or q say no."""

    BINDINGS = [("y", "answer(True)", "Yes"), ("n,escape,q", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(f"{self.question}\n\ny: yes   n: no", id="sheet")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
