"""A solve's budget from its options: the memory asked for within the machine's."""

from __future__ import annotations

import argparse

import pytest

from cardtable.commands import budget as command
from tests.commands.test_solve import run


def test_the_default_memory_fits_a_small_machine(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "_machine_mb", lambda: 1024)
    status, _, err = run(capsys, "solve", "freecell", "--deal", "1", "--no-store")  # no --memory given: half of what there is
    assert status == 0 and "solved" in err
    asked = argparse.Namespace(seconds=60.0, nodes=2_000_000, memory=None)
    assert command.budget_of(asked).memory_mb == 512
    monkeypatch.setattr(command, "_machine_mb", lambda: None)  # a machine that can't be asked (Windows)
    status, _, err = run(capsys, "solve", "freecell", "--deal", "1", "--no-store", "--memory", "4096")
    assert status == 0 and "solved" in err
