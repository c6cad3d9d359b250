"""The solitaire package imports in one direction: no module reaches back to one that
imports it, at the top of a file or inside a function (type-checking imports aside)."""

from __future__ import annotations

import ast
from pathlib import Path

import cardtable.solitaire

PACKAGE = Path(cardtable.solitaire.__file__).parent
PREFIX = "cardtable.solitaire"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    relative = Path(*name.split(".")[2:]) if name != PREFIX else Path()
    return (PACKAGE / relative).with_suffix(".py").exists() or (PACKAGE / relative / "__init__.py").exists()


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for inner in ast.walk(node))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PREFIX):
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if _is_module(sub) else node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith(PREFIX))
    return found


def _graph() -> dict[str, set[str]]:
    graph = {_module_name(p): _imports(p) for p in PACKAGE.rglob("*.py")}
    for module, imported in graph.items():
        imported.discard(module)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return path[path.index(module) :] + [module]
        if module in done:
            return None
        for imported in sorted(graph.get(module, ())):
            found = visit(imported, path + [module])
            if found:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module, [])
        if found:
            return found
    return None


def test_the_walk_sees_the_engine_and_its_atoms() -> None:
    graph = _graph()
    assert "cardtable.solitaire.checks" in graph["cardtable.solitaire.engine"]
    assert "cardtable.solitaire.rules.transfer" in graph["cardtable.solitaire.checks"]


def test_no_module_of_the_solitaire_package_imports_itself_round_a_circle() -> None:
    assert _cycle(_graph()) is None
