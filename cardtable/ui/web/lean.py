"""Reading and answering requests without FastAPI's per-request machinery.

The endpoints a player calls on every move read their own body, address and cookie
with these helpers and answer with ready JSON bytes, so that they cost the same whether
FastAPI routes them or the game lane (``lane.py``) does; every endpoint with a JSON body
reads it here, so all of them explain a bad body alike. Mistakes raise the very
exceptions FastAPI would (``RequestValidationError``, ``HTTPException``), so the
server's handlers word them the same way either way.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import orjson
from fastapi import HTTPException, Request, Response
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ValidationError
from starlette.requests import ClientDisconnect, HTTPConnection

Model = TypeVar("Model", bound=BaseModel)

GAME_ID_LIMIT = 2**62
"""The largest game id an address may name."""


def json_response(payload: Any, status: int = 200) -> Response:
    """An answer with ``payload`` as compact UTF-8 JSON."""
    return Response(orjson.dumps(payload), status_code=status, media_type="application/json")


def is_json(content_type: str) -> bool:
    """Whether a Content-Type names JSON (``application/json``, or a ``+json`` type):
    only then is a body read, so a page of another site cannot pass one off as the plain
    text a browser sends it without asking.

    >>> is_json("application/json; charset=utf-8"), is_json("text/plain; x=json")
    (True, False)
    """
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


async def read_body(request: Request, model: type[Model]) -> Model:
    """The request's JSON body as ``model``; RequestValidationError (with FastAPI's
    locations, ``("body", field)``) when it is missing, not JSON or not valid."""
    try:
        raw = await request.body()
    except ClientDisconnect:  # the client hung up mid-body: nobody to answer, nothing to log
        raise HTTPException(400, "the client hung up before the request body arrived") from None
    if not raw:
        raise _invalid("missing", "Field required")
    if not is_json(request.headers.get("content-type", "")):
        raise _invalid("model_attributes_type", "Input should be a valid dictionary or object")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise _invalid("json_invalid", "JSON decode error", {"error": error.msg}) from None
    except UnicodeDecodeError:
        raise _invalid("json_invalid", "JSON decode error", {"error": "the bytes are not UTF-8 text"}) from None
    except RecursionError:
        raise _invalid("json_invalid", "JSON decode error", {"error": "nested too deeply to read"}) from None
    except ValueError:  # a number with thousands of digits, say
        raise _invalid("json_invalid", "JSON decode error", {"error": "a value in it is too long to read"}) from None
    try:
        return model.model_validate(data)
    except ValidationError as error:
        problems = error.errors(include_url=False)
        raise RequestValidationError([{**p, "loc": ("body", *p["loc"])} for p in problems]) from None


def _invalid(kind: str, message: str, context: dict[str, str] | None = None) -> RequestValidationError:
    problem: dict[str, Any] = {"type": kind, "loc": ("body",), "msg": message, "input": None}
    if context:
        problem["ctx"] = context
    return RequestValidationError([problem])


def game_id_of(request: HTTPConnection) -> int:
    """The game id in the request's (or WebSocket's) address (422 when it is not one)."""
    text = str(request.path_params.get("game_id", ""))
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise HTTPException(422, "the game id in the address must be a whole number")
    if text.startswith("-") or int(digits[:30]) < 1:
        raise HTTPException(422, "the game id in the address must be at least 1")
    number = int(digits[:30])
    if len(digits) > 30 or number > GAME_ID_LIMIT:
        raise HTTPException(422, f"the game id in the address must be at most {GAME_ID_LIMIT}")
    return number


def documented(body: type[BaseModel] | None = None, game_id: bool = True) -> dict[str, Any]:
    """OpenAPI details of an endpoint that reads its own request: the game id in the
    address (unless ``game_id`` is False) and, if given, the JSON body ``body``."""
    extra: dict[str, Any] = {}
    if game_id:
        extra["parameters"] = [
            {
                "name": "game_id",
                "in": "path",
                "required": True,
                "description": "the game's id",
                "schema": {"type": "integer", "minimum": 1, "maximum": GAME_ID_LIMIT},
            }
        ]
    if body is not None:
        extra["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": _inlined(body.model_json_schema())}},
        }
    return extra


def _inlined(schema: dict[str, Any]) -> dict[str, Any]:
    """A model's JSON schema with its nested models written in place: a ``$defs``
    reference would be read from the root of the OpenAPI document, where there are none.

    >>> from cardtable.ui.web.api import NewGame
    >>> schema = _inlined(NewGame.model_json_schema())
    >>> sorted(schema["properties"]["options"]["anyOf"][0]["properties"]), "$defs" in schema
    (['auto_build', 'scoring'], False)
    """
    definitions = schema.get("$defs", {})

    def place(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return place(definitions[node["$ref"].rpartition("/")[2]])
            return {key: place(value) for key, value in node.items() if key != "$defs"}
        if isinstance(node, list):
            return [place(item) for item in node]
        return node

    placed: dict[str, Any] = place(schema)
    return placed
