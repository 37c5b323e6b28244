"""Self-play records made once per test session (a few tonpuu games) for the CLI tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app


@pytest.fixture(scope="session")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("selfplay")
    result = CliRunner().invoke(
        app,
        [
            "selfplay",
            "--preset",
            "majsoul-tonpuu",
            "--games",
            "2",
            "--seed",
            "5",
            "--out",
            str(out),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    return out
