"""Another process's save landing between two reads of the same game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cardtable.app import Store


def saved_after_first_read(store: Store, monkeypatch: pytest.MonkeyPatch, save_elsewhere: Callable[[], None]) -> None:
    """``save_elsewhere`` runs once, just after ``store`` first reads a game (its
    version or its row), as if another process's save landed right then."""
    reads = {name: getattr(store, name) for name in ("version", "_read_game")}

    def reading(name: str) -> Callable[..., Any]:
        def read(*args: Any) -> Any:
            found = reads[name](*args)
            for each, original in reads.items():  # once: the reads are themselves again
                monkeypatch.setattr(store, each, original)
            save_elsewhere()
            return found

        return read

    for name in reads:
        monkeypatch.setattr(store, name, reading(name))
