"""A short kill -9 drill (bench/crash_drill.py): nothing acknowledged is lost, the file
stays sound, whether one server process or two are killed mid-request."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardtable.ui.web.workers import spreads_connections

BENCH = Path(__file__).parents[3] / "bench" / "crash_drill.py"


def _drill() -> ModuleType:
    spec = importlib.util.spec_from_file_location("crash_drill", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("workers, cycles", [(1, 2), pytest.param(2, 1, marks=pytest.mark.skipif(
    not spreads_connections(), reason="several processes on one port need Linux"))])
def test_killing_the_server_loses_no_acknowledged_action(workers: int, cycles: int) -> None:
    counts = _drill().drill(cycles=cycles, players=4, workers=workers, seconds=0.4, seed=workers)
    assert counts["kills"] == cycles and counts["acknowledged"] > 0
    assert counts["lost"] == 0 and counts["integrity failures"] == 0, counts
