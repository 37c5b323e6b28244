"""``make serve`` answers at once: it runs compiled only on an up-to-date build, otherwise as plain
Python while ``native build --background`` compiles for the next start (docs/native.md). The
tests check the decision and the detached build without compiling anything."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from openmahjong import native

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("built", "stale", "status"), [(False, False, 1), (True, True, 1), (True, False, 0)]
)
def test_current_is_an_up_to_date_build_only(monkeypatch, built, stale, status):
    monkeypatch.setattr(native, "built", lambda: built)
    monkeypatch.setattr(native, "stale", lambda: stale)
    assert native.main(["current"]) == status


def test_a_background_build_is_detached_and_logged(monkeypatch, tmp_path, capsys):
    started: list[dict] = []

    class Popen:
        def __init__(self, args, **kwargs):
            started.append({"args": args, **kwargs})

    def no_build(**_kwargs):
        raise AssertionError("the caller must not wait for the build")

    monkeypatch.setattr(subprocess, "Popen", Popen)
    monkeypatch.setattr(native, "build", no_build)
    monkeypatch.setattr(native, "LOG", tmp_path / "build.log")
    assert native.main(["build", "--background"]) == 0
    [spawn] = started
    assert spawn["args"] == [sys.executable, "-m", "openmahjong.native", "build"]
    assert spawn["start_new_session"] is True
    assert spawn["stdout"].name == str(tmp_path / "build.log")
    assert "plain Python" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_serve_does_not_wait_for_the_build_and_passes_the_address():
    recipe = subprocess.run(
        ["make", "-n", "serve", "PORT=8090", "HOST=0.0.0.0"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "openmahjong.native current" in recipe
    assert "openmahjong.native build --background" in recipe
    assert "native build\n" not in recipe and "native build;" not in recipe
    assert "OPENMAHJONG_PURE=1 exec" in recipe
    assert recipe.count("--port '8090'") == 2 and recipe.count("--host '0.0.0.0'") == 2
