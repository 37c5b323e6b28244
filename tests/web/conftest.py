"""Fixtures for the browser tests: a live server, Debian's Chromium through Playwright, pages
at desktop and phone sizes that fail the test on any console error."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from .webapp import LiveServer, make_app

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHROMIUM = os.environ.get("OPENMAHJONG_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed (.venv/bin/pip install playwright)"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"Chromium is not installed at {CHROMIUM} (apt-get install -y chromium)"
    return None


@pytest.fixture(scope="session")
def live_server(tmp_path_factory) -> Iterator[LiveServer]:
    app, _kind = make_app(tmp_path_factory.mktemp("web"))
    server = LiveServer(app).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser():
    # Module scope, not session: sync Playwright keeps an event loop running in this thread
    # while it is open, and pytest-asyncio tests in later modules need the thread's loop free.
    reason = browser_missing()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Page:
    """A Playwright page plus what it logged; ``allow`` lists console messages a test expects."""

    def __init__(self, page, size: str, base: str) -> None:
        self.page = page
        self.size = size
        self.base = base
        self.problems: list[str] = []
        self.allowed: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.problems.append(f"page error: {exc}"))

    def _console(self, message) -> None:
        expected = any(a in message.text for a in self.allowed)
        if message.type in ("error", "warning") and not expected:
            self.problems.append(f"console {message.type}: {message.text}")

    def open(self, route: str) -> None:
        self.page.goto(f"{self.base}/{route}")
        # data-loaded: the page's own module has rendered (not the lazy placeholder heading,
        # which the module's render then replaces, with anything a test drew over it).
        self.page.wait_for_selector("main[data-loaded] h1")

    def shot(self, name: str) -> None:
        save_artifact(f"web-{name}-{self.size}.png", self.page.screenshot(full_page=True))


@pytest.fixture(params=list(SIZES))
def page(request, browser, live_server) -> Iterator[Page]:
    context = browser.new_context(viewport=SIZES[request.param], locale="en-US")
    wrapped = Page(context.new_page(), request.param, live_server.url)
    yield wrapped
    context.close()
    assert not wrapped.problems, "\n".join(wrapped.problems)


def save_artifact(name: str, data: bytes) -> None:
    """Write ``tests/artifacts/<name>`` whole or not at all: under `make test` two workers may
    save the same screenshot (the result screen of two matches) at the same moment."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    partial = ARTIFACTS / f".{name}.{worker}.{os.getpid()}.part"
    partial.write_bytes(data)
    os.replace(partial, ARTIFACTS / name)


def record_load_time(what: str, milliseconds: float) -> None:
    """Append a page-load measurement to ``tests/artifacts/page-load.txt`` (one short write in
    append mode: lines from two workers interleave whole)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (ARTIFACTS / "page-load.txt").open("a", encoding="utf-8") as out:
        out.write(f"{milliseconds:8.0f} ms  {what}\n")
