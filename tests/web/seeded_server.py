"""A live server over a database a test module fills first (ranked games, statistics,
duplicate sets), and a browser page of a given size and locale on it: what the browser tests
of pages that read stored data share."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

from .conftest import SIZES, Page
from .webapp import LiveServer, make_app


def serve_seeded(
    tmp_path_factory: Any, name: str, seed: Callable[[Path], Coroutine[Any, Any, None]]
) -> Iterator[LiveServer]:
    """For a module fixture: ``seed(path)`` fills a fresh database, then a live server serves
    it until the fixture ends."""
    workdir = tmp_path_factory.mktemp(name)
    # Seeded in a thread of its own: the browser's event loop may already run in this one.
    worker = threading.Thread(target=lambda: asyncio.run(seed(workdir / "web.db")))
    worker.start()
    worker.join()
    app, _kind = make_app(workdir)
    server = LiveServer(app).start()
    yield server
    server.stop()


def open_page(
    browser: Any, server: LiveServer, size: str, locale: str = "en-US"
) -> tuple[Page, Any]:
    """A page at one of the test sizes in ``locale``, and its context (to close)."""
    context = browser.new_context(viewport=SIZES[size], locale=locale)
    return Page(context.new_page(), size, server.url), context
