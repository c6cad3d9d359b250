"""The API's reference pages load everything from the server itself: they work offline."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Request, expect

from cardtable.app import Store
from cardtable.ui.web.server import create_app
from tests.ui.web.serving import serving
from tests.ui.web.test_browser import browser  # noqa: F401


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serving(create_app(Store(tmp_path_factory.mktemp("docs") / "docs.db")))


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_a_reference_page_names_only_files_this_server_serves(path: str) -> None:
    client = TestClient(create_app(Store(":memory:")))
    page = client.get(path)
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert not re.findall(r"https?://", page.text), "the page must not load anything from elsewhere"
    named = re.findall(r'(?:src|href|spec-url)="([^"]+)"|url: ?[\'"]([^\'"]+)', page.text)
    files = [a or b for a, b in named]
    assert "/openapi.json" in files and len(files) >= 3
    for name in files:
        assert client.get(name).status_code == 200, name


def test_swagger_ui_lists_the_operations_with_nothing_fetched_from_elsewhere(browser: Browser, server: str) -> None:  # noqa: F811
    context = browser.new_context()
    page = context.new_page()
    elsewhere: list[str] = []

    def note(request: Request) -> None:
        if not request.url.startswith(server):
            elsewhere.append(request.url)

    page.on("request", note)
    page.goto(f"{server}/docs")
    expect(page.locator(".opblock-summary-path").filter(has_text="/api/games").first).to_be_visible()
    expect(page.locator(".opblock").first).to_be_visible()
    assert elsewhere == []
    context.close()


def test_redoc_shows_the_operations_and_its_logo_with_nothing_fetched_from_elsewhere(browser: Browser, server: str) -> None:  # noqa: F811
    context = browser.new_context()
    page = context.new_page()
    elsewhere: list[str] = []
    page.on("request", lambda request: None if request.url.startswith((server, "blob:", "data:")) else elsewhere.append(request.url))
    page.goto(f"{server}/redoc")
    expect(page.get_by_text("The caller's statistics").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert elsewhere == []
    context.close()
