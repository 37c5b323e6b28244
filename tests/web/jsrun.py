"""Call the browser's ES modules under node from pytest (through ``node_runner.mjs``)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "openmahjong" / "web"
RUNNER = Path(__file__).with_name("node_runner.mjs")
NODE = shutil.which("node")

needs_node = pytest.mark.skipif(
    NODE is None, reason="node is not installed: the browser modules are tested under node"
)


def run_node(args: list[str], payload: Any) -> Any:
    """Run node with ``args``, ``payload`` as JSON on its stdin; return its stdout as JSON
    (a non-zero exit fails the test with node's stderr)."""
    assert NODE is not None
    done = subprocess.run(
        [NODE, *args],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def run_js(calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Run ``[(function, args), ...]`` in one node process; each result is ``{"ok": value}`` or
    ``{"error": message, "key": message_key}``."""
    payload = [{"fn": fn, "args": args} for fn, args in calls]
    return run_node([str(RUNNER), str(WEB / "js")], payload)


def run_ok(calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    results = run_js(calls)
    for (fn, args), result in zip(calls, results, strict=True):
        assert "ok" in result, f"{fn}({args}) failed in JS: {result}"
    return [r["ok"] for r in results]
