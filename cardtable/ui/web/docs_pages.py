"""The API's reference pages (``/docs``, ``/redoc``) served whole from this server, so
they work where the browser can reach nothing else: the pages' scripts and styles are
the ones the ``fastapi-offline`` package ships, mounted at ``/docs-assets``."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

ASSETS = "/docs-assets"


def _assets() -> Path:
    """The folder of Swagger UI's and ReDoc's files."""
    return Path(str(files("fastapi_offline") / "static"))


def add_docs(app: FastAPI) -> None:
    """Serve ``/docs`` (Swagger UI) and ``/redoc`` over ``app``'s OpenAPI document,
    with every file they load from this server. Create ``app`` with ``docs_url=None,
    redoc_url=None``."""
    title = f"{app.title}: the HTTP API"
    openapi = app.openapi_url or "/openapi.json"

    @app.get("/docs", include_in_schema=False)
    async def swagger() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi, title=title, swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS}/swagger-ui.css", swagger_favicon_url=f"{ASSETS}/favicon.png",
        )

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=openapi, title=title, redoc_js_url=f"{ASSETS}/redoc.standalone.js",
            redoc_favicon_url=f"{ASSETS}/favicon.png", with_google_fonts=False,
        )

    @app.get(f"{ASSETS}/redoc.standalone.js", include_in_schema=False)
    async def redoc_script() -> Response:
        return Response(_redoc_script(), media_type="text/javascript")

    app.mount(ASSETS, StaticFiles(directory=_assets()), name="docs-assets")


OWN_LOGO = "/static/icon.svg"
"""The small logo ReDoc shows under its menu: this server's own, not one fetched from
ReDoc's site (a page offline would log a failed request and show a broken image)."""


@cache
def _redoc_script() -> bytes:
    """ReDoc's script, with its one address elsewhere (the menu's logo) made this server's."""
    script = (_assets() / "redoc.standalone.js").read_bytes()
    return script.replace(b"https://cdn.redoc.ly/redoc/logo-mini.svg", OWN_LOGO.encode())
