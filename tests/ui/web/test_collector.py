"""The garbage collector as a server process sets it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from cardtable.ui.web import collector


@pytest.fixture
def restored() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_a_settled_process_sets_apart_what_it_made_and_collects_young_objects_less_often(restored: None) -> None:
    made = [[n] for n in range(1000)]  # objects made before the process serves
    collector.settle()
    assert gc.get_freeze_count() >= len(made)
    assert gc.get_threshold()[0] == collector.YOUNG > 700  # Python's default
