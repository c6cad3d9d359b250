"""Nothing outside the game collection and the registry asks which game it is: code reads
a game's declared traits instead. This walks the package's Python (docstrings aside:
their examples name games to run) and the browser's static files, and fails on a
string that names a game or a piece of a game's name (``-vegas``, ``klondike-``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import cardtable
from cardtable.solitaire import variants

PACKAGE = Path(cardtable.__file__).parent
OWNERS = (PACKAGE / "solitaire" / "games", PACKAGE / "solitaire" / "registry.py")
"""Where game ids belong."""
FORMAT_WORDS = {
    ("commands/solitaire.py", "freecell"): "the name of FreeCell's move notation (--notation freecell)",
    ("commands/solve.py", "freecell"): "the name of FreeCell's move notation (solve --notation freecell)",
    ("solitaire/formats/freecell.py", "fc"): "a line's label in Freecell Solver's board text",
}
"""Words of text formats that happen to spell a game's name or alias, where they are read."""


def _names() -> set[str]:
    return {name.lower() for v in variants() for name in (v.id, *v.aliases)}


def _pieces() -> set[str]:
    """Hyphen-led or hyphen-ended pieces of the ids (``-vegas``, ``klondike-``, ``-draw3``)."""
    out: set[str] = set()
    for v in variants():
        parts = v.id.lower().split("-")
        for start in range(len(parts)):
            for end in range(start + 1, len(parts) + 1):
                piece = "-".join(parts[start:end])
                if start > 0:
                    out.add("-" + piece)
                if end < len(parts):
                    out.add(piece + "-")
    return out


def _is_game_id(text: str, names: set[str], pieces: set[str]) -> bool:
    text = text.strip().lower()
    return text in names or text in pieces or any(
        text.startswith(name + "-") or text.endswith("-" + name) for name in names if "-" not in name
    )


def _owned(path: Path) -> bool:
    return any(path == owner or owner in path.parents for owner in OWNERS)


def _python_strings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    # A string right after an assignment documents the name assigned.
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for before, after in zip(body, body[1:]):
                if isinstance(before, (ast.Assign, ast.AnnAssign)) and isinstance(after, ast.Expr):
                    docstrings.add(id(after.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


_JS_STRING = re.compile(r"\"([^\"\n]*)\"|'([^'\n]*)'|`([^`]*)`")


def _static_strings(path: Path) -> list[tuple[int, str]]:
    found = []
    for n, line in enumerate(path.read_text().splitlines(), start=1):
        for match in _JS_STRING.finditer(line):
            text = next(g for g in match.groups() if g is not None)
            found.extend((n, piece) for piece in re.split(r"\$\{[^}]*\}", text))
    return found


def _offences(names: set[str], pieces: set[str]) -> list[str]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if not _owned(path):
            out += [
                f"{path}:{n}: {s!r}"
                for n, s in _python_strings(path)
                if _is_game_id(s, names, pieces) and (where, s) not in FORMAT_WORDS
            ]
    for path in sorted((PACKAGE / "ui" / "web" / "static").rglob("*")):
        if path.suffix in (".js", ".html", ".css"):
            out += [f"{path}:{n}: {s!r}" for n, s in _static_strings(path) if _is_game_id(s, names, pieces)]
    return out


def test_no_code_outside_the_games_names_a_game() -> None:
    assert _offences(_names(), _pieces()) == []


def test_the_walk_would_see_a_test_of_a_game_id() -> None:
    names, pieces = _names(), _pieces()
    assert _is_game_id("besieged-fortress", names, pieces)
    assert _is_game_id("-vegas", names, pieces)
    assert _is_game_id("klondike", names, pieces)
    assert not _is_game_id("vegas", names, pieces)  # a scoring
    assert any("klondike" in s for _, s in _static_strings(Path(__file__)))  # finds "klondike" in this line
