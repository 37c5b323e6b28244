"""Settings come from OPENMAHJONG_* variables."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from openmahjong.server import Settings
from openmahjong.server.settings import WEB_DIR
from openmahjong.store import DEFAULT_DATABASE_URL


def test_defaults(monkeypatch):
    for name in ("OPENMAHJONG_DATABASE_URL", "OPENMAHJONG_ADMINS", "OPENMAHJONG_REDIS_URL"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings()
    assert settings.database_url == DEFAULT_DATABASE_URL == "sqlite+aiosqlite:///./openmahjong.db"
    assert settings.redis_url is None and settings.admins == []
    assert settings.static_dir == WEB_DIR and (WEB_DIR / "index.html").is_file()


def test_environment(monkeypatch):
    monkeypatch.setenv("OPENMAHJONG_DATABASE_URL", "postgresql://me@db/om")
    monkeypatch.setenv("OPENMAHJONG_REDIS_URL", "redis://cache:6379/0")
    monkeypatch.setenv("OPENMAHJONG_ADMINS", "alice, Bob ,")
    monkeypatch.setenv("OPENMAHJONG_LOGIN_ATTEMPTS", "3")
    monkeypatch.setenv("OPENMAHJONG_COOKIE_SECURE", "true")
    settings = Settings()
    assert settings.database_url == "postgresql://me@db/om"
    assert settings.redis_url == "redis://cache:6379/0"
    assert settings.admins == ["alice", "Bob"]
    assert settings.login_attempts == 3 and settings.cookie_secure is True
    assert Settings(database_url="sqlite:///y.db").database_url == "sqlite:///y.db"


def test_bad_values_are_refused(monkeypatch):
    monkeypatch.setenv("OPENMAHJONG_LOGIN_ATTEMPTS", "0")
    with pytest.raises(ValidationError):
        Settings()
