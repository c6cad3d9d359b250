"""The modal screens the terminal's tables share: a page of text to read, and a
yes-or-no question."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static


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
