"""Database URLs: the async driver is added, unusable URLs are explained."""

from __future__ import annotations

import pytest

from openmahjong.store.database import DatabaseURLError, normalize_url


@pytest.mark.parametrize(
    ("given", "driver"),
    [
        ("sqlite:///./x.db", "sqlite+aiosqlite"),
        ("sqlite+aiosqlite:///./x.db", "sqlite+aiosqlite"),
        ("postgresql://u@h/db", "postgresql+asyncpg"),
        ("postgres://u:secret@h:5432/db", "postgresql+asyncpg"),
        ("postgresql+asyncpg://u@h/db", "postgresql+asyncpg"),
        ("postgres+asyncpg://u@h/db", "postgresql+asyncpg"),
    ],
)
def test_async_driver_is_chosen(given, driver):
    assert normalize_url(given).drivername == driver


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ("not a url", "is not a database URL"),
        ("mysql://u@h/db", "is not supported"),
        ("postgresql+psycopg2://u@h/db", "not async"),
        ("sqlite://", "in-memory"),
        ("sqlite:///:memory:", "in-memory"),
        ("sqlite:////no/such/folder/x.db", "does not exist"),
    ],
)
def test_unusable_urls_are_explained(given, says):
    with pytest.raises(DatabaseURLError, match=says):
        normalize_url(given)
