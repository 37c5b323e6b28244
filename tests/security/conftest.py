"""Apps for the security tests, built with the server tests' own helpers (cheap argon2)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from fastapi import FastAPI

from openmahjong import tiles
from tests.server.server_helpers import client_for, make_settings, running


@pytest_asyncio.fixture
async def app(tmp_path: Path) -> AsyncIterator[FastAPI]:
    async with running(make_settings(tmp_path, admins=["root-admin"])) as started:
        yield started


@pytest_asyncio.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with client_for(app) as c:
        yield c


class ParseCounter:
    """Counts calls of ``tiles.parse``: a refused request must not reach the parser."""

    def __init__(self) -> None:
        self.calls = 0


@pytest.fixture
def parse_calls(monkeypatch: pytest.MonkeyPatch) -> ParseCounter:
    counter = ParseCounter()
    real = tiles.parse

    def counting(text, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        counter.calls += 1
        return real(text, *args, **kwargs)

    monkeypatch.setattr(tiles, "parse", counting)
    return counter
