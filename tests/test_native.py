"""The compiled hot modules (openmahjong.native): they load where built, plain Python is one
switch away, and both decide exactly the same things."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from openmahjong import native
from tests.native_digest import digests

REPO = Path(__file__).resolve().parents[1]
PURE = bool(os.environ.get("OPENMAHJONG_PURE"))
needs_build = pytest.mark.skipif(
    PURE or not native.built(), reason="the hot modules are not compiled here (make native)"
)


def run_python(code: str, *, pure: bool) -> str:
    env = {k: v for k, v in os.environ.items() if k != "OPENMAHJONG_PURE"}
    if pure:
        env["OPENMAHJONG_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_every_listed_module_has_its_source_in_the_package():
    for module in native.MODULES:
        assert native.source_of(module).is_file(), module


@needs_build
def test_a_build_is_current_and_every_listed_module_loads_compiled():
    assert not native.stale()
    assert native.compiled() == dict.fromkeys(native.MODULES, True)


@pytest.mark.skipif(not os.environ.get("CI"), reason="CI must test the compiled modules")
def test_ci_runs_the_compiled_modules():
    assert not PURE and native.built(), "make native did not build the hot modules"


def test_the_pure_switch_loads_every_listed_module_from_its_source():
    code = "from openmahjong import native; print(sum(native.compiled().values()))"
    assert run_python(code, pure=True) == "0"


@pytest.fixture(scope="module")
def plain_run() -> dict:
    """The digests as plain Python, and which listed modules ran while they were computed: one
    child process for both tests below (it is the slow half of them)."""
    code = (
        "import json; from tests.native_digest import digests_and_exercised as run; "
        "decided, ran = run(); print(json.dumps({'digests': decided, 'ran': sorted(ran)}))"
    )
    return json.loads(run_python(code, pure=True))


@needs_build
def test_compiled_and_plain_python_play_and_score_exactly_alike(plain_run):
    assert digests() == plain_run["digests"]  # per part: a difference names the part


def test_the_digests_run_every_compiled_module(plain_run):
    # A module compiled but never run by the digests could differ from its source unnoticed
    # (MCR scoring, the MCR game and its bots once did): every listed module must run there.
    assert sorted(set(native.MODULES) - set(plain_run["ran"])) == []


def test_a_changed_source_makes_a_build_stale(tmp_path, monkeypatch):
    # A copy of the package's layout: one listed module, a stand-in extension and its stamp.
    module = native.MODULES[0]
    source = tmp_path.joinpath(*module.split(".")).with_suffix(".py")
    source.parent.mkdir(parents=True)
    source.write_text("X = 1\n")
    source.with_name(source.stem + ".cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    monkeypatch.setattr(native, "MODULES", (module,))
    monkeypatch.setattr(native, "SRC_DIR", tmp_path)
    monkeypatch.setattr(native, "STAMP", tmp_path / "stamp")
    assert native.stale()  # built, never stamped
    native.STAMP.write_text(native.fingerprint())
    assert not native.stale()
    source.write_text("X = 2\n")
    assert native.stale()
    native.clean()
    assert not native.built() and not native.stale()


def test_a_source_edited_during_a_build_leaves_it_stale(tmp_path, monkeypatch):
    # Seen while several people worked in one checkout: an edit made while mypyc ran was
    # stamped as built, so the old code ran as if current.
    module = native.MODULES[0]
    source = tmp_path.joinpath(*module.split(".")).with_suffix(".py")
    source.parent.mkdir(parents=True)
    source.write_text("X = 1\n")
    monkeypatch.setattr(native, "MODULES", (module,))
    monkeypatch.setattr(native, "SRC_DIR", tmp_path)
    monkeypatch.setattr(native, "STAMP", tmp_path / "stamp")
    monkeypatch.setattr(native.shutil, "which", lambda *_a, **_k: "mypyc")

    def mypyc_while_someone_edits(*_args, **_kwargs):
        source.with_name(source.stem + ".cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
        source.write_text("X = 2\n")
        return subprocess.CompletedProcess(args=[], returncode=0, stdout="", stderr="")

    monkeypatch.setattr(native.subprocess, "run", mypyc_while_someone_edits)
    assert native.build(force=True)
    assert native.built() and native.stale()
