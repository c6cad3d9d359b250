"""The interfaces ask the application layer what an intent means: none of them judges a
move (``check``, ``legal_moves``, ``apply``) or reads the engine's compiled tables."""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable.ui

UI = Path(cardtable.ui.__file__).parent
ENGINE_CALLS = {"check", "legal_moves", "apply", "is_won", "movable_count", "supermove_limits"}


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cardtable.solitaire"):
            out += [f"{path.name}:{node.lineno} imports {a.name}" for a in node.names if a.name in ENGINE_CALLS]
        if isinstance(node, ast.Attribute) and node.attr == "tables":
            out.append(f"{path.name}:{node.lineno} reads .tables")
        if isinstance(node, ast.Attribute) and node.attr == "deal_numbers":
            out.append(f"{path.name}:{node.lineno} reads a game's deal numbers")
    return out


def test_no_interface_judges_moves_or_reads_compiled_rules() -> None:
    found = [offence for path in sorted(UI.rglob("*.py")) for offence in _offences(path)]
    assert found == []
