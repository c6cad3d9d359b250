"""The API's contract: one error shape, and every status a route answers, documented.

Every error is ``{"detail": "what went wrong, in words"}``; a refused action also carries
the table as it is now (``Refused``). ``answers`` gives FastAPI the statuses a route can
answer besides its success, each with its real body, so the published schema and the
server agree (a test runs Schemathesis, with every check, against the real server).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from pydantic_core import PydanticCustomError

from cardtable.ui.web.shapes import Refused


def _no_text_or_truth(value: object) -> object:
    """Refuse what JSON Schema's ``integer`` does not take but pydantic would turn into
    one (``"7"``, ``true``); a number such as ``7.0`` is an integer to both."""
    if isinstance(value, (bool, str)):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


Whole = Annotated[int, BeforeValidator(_no_text_or_truth)]
"""A whole number in a request body, as the schema's ``integer`` says."""

Count = Annotated[int, Field(ge=0), BeforeValidator(_no_text_or_truth)]
"""A whole number of at least 0, its bound in the schema where it may also be null
(a bound given to ``Whole`` there is left out of the schema as ``minimum``)."""


class Body(BaseModel):
    """A request body: a field it does not know is refused, never ignored, so a
    misspelt or misplaced setting is told, not silently left out."""

    model_config = ConfigDict(extra="forbid")


class ErrorOut(BaseModel):
    """Every error the API answers."""

    detail: str = Field(description="what went wrong, in words")


WHY: dict[int, str] = {
    400: "the request body is not JSON",
    403: "the request came from a page of another site (its Origin is not this server)",
    404: "no such game (or deal, or address) for the caller",
    405: "the address does not take this method (Allow lists those it takes)",
    408: "the request body stopped arriving before it was whole",
    409: "the request conflicts with the game as it is now",
    413: "the request body is too large",
    422: "the request is not what the schema describes, or asks for what the game's rules refuse",
    503: "the database could not be used (Retry-After when it was busy): nothing was changed, so retrying is safe",
}


def stale(now: int, sent: int) -> str:
    """Why an action on the table's version ``sent`` is refused, the table being at ``now``.

    >>> for sent in (3, 9, 4):
    ...     print(stale(4, sent))
    the table changed (version 4, not 3): here it is now
    the table has no version 9 (it is at version 4): here it is now
    the table changed (another action came first): here it is now
    """
    if sent > now:
        return f"the table has no version {sent} (it is at version {now}): here it is now"
    changed = f"version {now}, not {sent}" if sent != now else "another action came first"
    return f"the table changed ({changed}): here it is now"


def answers(*statuses: int, refused: str = "", refusal: type[BaseModel] = Refused) -> dict[int | str, dict[str, Any]]:
    """FastAPI ``responses`` for ``statuses``, each with the error body (409 with the
    table as well, ``refusal``, when ``refused`` says why a request is refused that way).

    >>> sorted(answers(404, 422))
    [404, 422]
    """
    documented: dict[int | str, dict[str, Any]] = {status: {"model": ErrorOut, "description": WHY[status]} for status in statuses}
    if refused:
        documented[409] = {"model": refusal, "description": refused}
    return documented


def shown_as(model: type[BaseModel], description: str, status: int = 200) -> dict[int | str, dict[str, Any]]:
    """FastAPI ``responses`` for a success whose body ``model`` describes (a route that
    makes its own JSON, which FastAPI would otherwise publish as any object)."""
    return {status: {"model": model, "description": description}}


BODY_ERRORS = (400, 403, 408, 413, 422)
"""What a route that reads a JSON body may answer about the request: every such route
changes something, so a page of another site is refused too (``origins.py``)."""


VALIDATION = "#/components/schemas/HTTPValidationError"
"""Where FastAPI's own 422 body (a list of problems) is described: never what this API
answers, so ``published`` points every use of it at ``ErrorOut``."""


def published(schema: dict[str, Any], cookie: str) -> dict[str, Any]:
    """The OpenAPI document as the server answers: every 422 with the one error shape
    (FastAPI documents its own list for any route with parameters), and the player's
    ``cookie`` named as what a client keeps between requests."""
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            invalid = operation.get("responses", {}).get("422")
            if invalid is not None and VALIDATION in str(invalid):
                operation["responses"]["422"] = {
                    "description": WHY[422],
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}},
                }
    components = schema.setdefault("components", {})
    for unused in ("HTTPValidationError", "ValidationError"):
        components.get("schemas", {}).pop(unused, None)
    components["securitySchemes"] = {"player": {
        "type": "apiKey", "in": "cookie", "name": cookie,
        "description": "Who plays: set by the first answer to a caller without it; keep it, or each request is "
                       "a new player with no games (a request without it is answered as one)",
    }}
    schema["security"] = [{"player": []}, {}]
    return schema
