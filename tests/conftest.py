"""What every test starts from."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtable.app.wins import WINS


@pytest.fixture(autouse=True)
def _no_wins_found_yet() -> Iterator[None]:
    """The process's shared wins (``app.wins``) start empty, so no test answers from a
    win another test's search found."""
    WINS.clear()
    yield
    WINS.clear()
