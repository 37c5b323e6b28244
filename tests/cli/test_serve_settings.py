"""``openmahjong serve`` listens where it is told: ``--host``/``--port``, else ``OPENMAHJONG_HOST``
and ``OPENMAHJONG_PORT``, else 127.0.0.1:8000. (The port variable used to be silently ignored.)
The server itself is not started: uvicorn's ``Server.run`` is replaced by a recorder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import uvicorn
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.cli import serve as serve_module
from openmahjong.server.settings import Settings

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


# --- --workers (docs/deploy.md, "Running several processes")

POSTGRES = "postgresql+asyncpg://nobody@127.0.0.1:1/none"


@pytest.fixture
def no_start(monkeypatch: pytest.MonkeyPatch, listened) -> list[str]:
    """Records a migration or a supervisor start: a refused --workers must do neither."""
    started: list[str] = []

    async def migrate(settings):
        started.append("migrate")
        return []

    monkeypatch.setattr(serve_module, "_migrate", migrate)
    monkeypatch.setattr(serve_module, "_serve_workers", lambda *args: started.append("workers"))
    for name in ("OPENMAHJONG_REDIS_URL", "OPENMAHJONG_ROOM_LEASES", "OPENMAHJONG_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return started


@pytest.mark.parametrize("workers", ["0", "-2"])
def test_fewer_than_one_worker_is_refused(tmp_path, no_start, listened, workers):
    result = serve(tmp_path, "--workers", workers)
    assert result.exit_code == 2, result.output
    assert "--workers must be at least 1" in result.output
    assert no_start == [] and listened == []
    assert not (tmp_path / "serve.db").exists()


def test_several_workers_need_redis(no_start, listened):
    result = runner.invoke(app, ["serve", "--workers", "2", "--database", POSTGRES])
    assert result.exit_code == 2, result.output
    assert "OPENMAHJONG_REDIS_URL" in result.output and "Traceback" not in result.output
    assert no_start == [] and listened == []


def test_several_workers_refuse_sqlite(tmp_path, no_start, listened):
    result = serve(tmp_path, "--workers", "3", env={"OPENMAHJONG_REDIS_URL": "redis://x:6379/0"})
    assert result.exit_code == 2, result.output
    assert "PostgreSQL" in result.output and "SQLite" in result.output
    assert no_start == [] and listened == []
    assert not (tmp_path / "serve.db").exists()


def test_several_workers_refuse_leases_off(no_start, listened):
    env = {"OPENMAHJONG_REDIS_URL": "redis://x:6379/0", "OPENMAHJONG_ROOM_LEASES": "off"}
    result = runner.invoke(app, ["serve", "--workers", "2", "--database", POSTGRES], env=env)
    assert result.exit_code == 2, result.output
    assert "OPENMAHJONG_ROOM_LEASES=off" in result.output
    assert no_start == []


def test_several_workers_migrate_once_then_start_the_supervisor(no_start, listened):
    env = {"OPENMAHJONG_REDIS_URL": "redis://x:6379/0"}
    result = runner.invoke(app, ["serve", "--workers", "2", "--database", POSTGRES], env=env)
    assert result.exit_code == 0, result.output
    assert no_start == ["migrate", "workers"] and listened == []
    assert "with 2 worker processes" in result.output


def test_the_worker_configuration_reaches_a_spawned_process(monkeypatch):
    import pickle

    from uvicorn.supervisors import multiprocess

    seen: dict = {}

    class Supervisor:
        def __init__(self, config, sockets):
            seen["config"] = pickle.loads(pickle.dumps(config))  # what spawn sends
            seen["env"] = {k: v for k, v in os.environ.items() if k.startswith("OPENMAHJONG_")}
            self.processes = []

        def run(self):
            pass

    monkeypatch.setattr(multiprocess, "Multiprocess", Supervisor)
    monkeypatch.setattr(uvicorn.Config, "bind_socket", lambda self: Socket())
    monkeypatch.delenv("OPENMAHJONG_MIGRATE_ON_START", raising=False)
    settings = Settings(database_url=POSTGRES, port=8123, header_timeout_seconds=3)
    serve_module._serve_workers(settings, 4, "info")
    config = seen["config"]
    assert (config.app, config.factory, config.workers) == (serve_module.APP_FACTORY, True, 4)
    assert config.http == serve_module.WORKER_PROTOCOL and config.proxy_headers is False
    assert seen["env"]["OPENMAHJONG_DATABASE_URL"] == POSTGRES
    assert seen["env"]["OPENMAHJONG_PORT"] == "8123"
    assert seen["env"]["OPENMAHJONG_MIGRATE_ON_START"] == "false"
    assert "OPENMAHJONG_MIGRATE_ON_START" not in os.environ  # restored afterwards
    assert "openmahjong" in config.log_config["loggers"]


class Socket:
    def close(self) -> None:
        pass


def test_help_lists_workers():
    result = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "--workers" in result.output and "OPENMAHJONG_REDIS_URL" in result.output
