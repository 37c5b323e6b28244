"""The storage fixtures (SQLite and PostgreSQL) for the ranks tests."""

from tests.store.conftest import database, empty  # noqa: F401
