"""Each answer checked against the model the published schema was made from, strictly
(as JSON: no key it does not name, no number sent as text)."""

from __future__ import annotations

from pydantic import BaseModel

from cardtable.ui.web.contract import ErrorOut
from cardtable.ui.web.shapes import ActionOut, Refused, ShowOut, TableOut, TargetsOut, WinnableOut

DOCUMENTED: dict[tuple[str, int], type[BaseModel]] = {
    ("create", 201): TableOut,
    ("view", 200): TableOut,
    ("actions", 200): ActionOut,
    ("actions", 409): Refused,
    ("targets", 200): TargetsOut,
    ("winnable", 200): WinnableOut,
    ("show", 200): ShowOut,
    ("show", 409): Refused,
}
"""The body of each route's answer by its status; any other status answers ``ErrorOut``."""


def conforms(route: str, status: int, body: str) -> None:
    """Raise (pydantic's ValidationError) unless ``body`` is what the schema says ``route``
    answers with ``status``."""
    DOCUMENTED.get((route, status), ErrorOut).model_validate_json(body, strict=True)
