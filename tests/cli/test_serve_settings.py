"""``openmahjong serve`` listens where it is told: ``--host``/``--port``, else ``OPENMAHJONG_HOST``
and ``OPENMAHJONG_PORT``, else 127.0.0.1:8000. (The port variable used to be silently ignored.)
The server itself is not started: uvicorn's ``Server.run`` is replaced by a recorder."""

from __future__ import annotations

from pathlib import Path

import pytest
import uvicorn
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.cli import serve as serve_module

runner = CliRunner()


@pytest.fixture
def listened(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    seen: list[tuple[str, int]] = []

    def run(self: uvicorn.Server, *args: object, **kwargs: object) -> None:
        seen.append((self.config.host, self.config.port))
        self.started = True

    monkeypatch.setattr(uvicorn.Server, "run", run)
    # serve points the "openmahjong" logger at its stderr: not at this test's captured stream.
    monkeypatch.setattr(serve_module, "_log_to_stderr", lambda level: None)
    for name in ("OPENMAHJONG_HOST", "OPENMAHJONG_PORT"):
        monkeypatch.delenv(name, raising=False)
    return seen


def serve(tmp_path: Path, *args: str, env: dict[str, str] | None = None):
    database = f"sqlite+aiosqlite:///{tmp_path / 'serve.db'}"
    return runner.invoke(app, ["serve", "--database", database, *args], env=env)


def test_defaults_to_localhost_8000(tmp_path, listened):
    result = serve(tmp_path)
    assert result.exit_code == 0, result.output
    assert listened == [("127.0.0.1", 8000)]
    assert "http://127.0.0.1:8000/" in result.output


def test_the_environment_sets_host_and_port(tmp_path, listened):
    result = serve(tmp_path, env={"OPENMAHJONG_PORT": "8090", "OPENMAHJONG_HOST": "0.0.0.0"})
    assert result.exit_code == 0, result.output
    assert listened == [("0.0.0.0", 8090)]
    assert "http://0.0.0.0:8090/" in result.output


def test_options_win_over_the_environment(tmp_path, listened):
    result = serve(tmp_path, "--port", "8091", env={"OPENMAHJONG_PORT": "8090"})
    assert result.exit_code == 0, result.output
    assert listened == [("127.0.0.1", 8091)]


@pytest.mark.parametrize("port", ["0", "70000", "eighty"])
def test_a_bad_port_in_the_environment_is_one_clear_line(tmp_path, listened, port):
    result = serve(tmp_path, env={"OPENMAHJONG_PORT": port})
    assert result.exit_code == 2, result.output
    assert "OPENMAHJONG_PORT" in result.output and "Traceback" not in result.output
    assert listened == []
