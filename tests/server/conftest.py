"""An app on a fresh SQLite file per test, started through its lifespan, and clients for it.

httpx's ASGI transport does not run the lifespan, so ``running`` enters it by hand: that is
where migrations run, exactly as under uvicorn.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from fastapi import FastAPI
from server_helpers import client_for, make_settings, running, serving_app

from openmahjong.server import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path, admins=["root-admin"])


@pytest_asyncio.fixture
async def app(settings: Settings) -> AsyncIterator[FastAPI]:
    async with running(settings) as started:
        yield started


@pytest_asyncio.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with client_for(app) as c:
        yield c


@pytest_asyncio.fixture
async def other(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """A second browser: its own cookie jar."""
    async with client_for(app) as c:
        yield c


@pytest_asyncio.fixture
async def live(app: FastAPI) -> AsyncIterator[str]:
    """The app served by a real uvicorn on a free port, in this event loop."""
    async with serving_app(app) as address:
        yield address
