"""The worked example of the rule-author kit, installed as a rule author installs it.

A copy of ``examples/openmahjong-zungjung`` goes into a fresh virtual environment (``python -m
venv``) with ``pip install --no-deps --no-build-isolation``; the environment sees this checkout's
openmahjong and its dependencies through a ``.pth`` file (no network is needed). In that
environment only:

- the registry lists ``zungjung`` through the package's entry point;
- ``openmahjong selfplay --ruleset zungjung`` plays games whose records ``openmahjong replay
  check`` proves, and ``seed verify`` rebuilds their walls;
- ``openmahjong serve`` offers it in the lobby form (``GET /api/rooms/rulesets``) and a whole
  game of it is played over WebSockets by two people and two of its bots;
- the example's own tests pass.

No line of ``src/`` names it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.rules.server_game import play_game
from tests.server.server_helpers import FAST_HASH, free_port

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "openmahjong-zungjung"
#: The command line, as the console script would run it (the script belongs to this
#: checkout's environment, not to the fresh one).
CLI = ["-c", "from openmahjong.cli import app; app()"]


@dataclass(frozen=True)
class Venv:
    path: Path
    python: Path
    env: dict[str, str]
    #: The example package as a rule author copied it.
    example: Path

    def run(self, *args: str, cwd: Path | None = None, timeout: float = 120) -> str:
        done = subprocess.run(
            [str(self.python), *args],
            cwd=cwd,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert done.returncode == 0, f"{args}:\n{done.stdout}\n{done.stderr}"
        return done.stdout

    def cli(self, *args: str, cwd: Path | None = None) -> str:
        return self.run(*CLI, *args, cwd=cwd)


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    """A fresh environment with the example installed, seeing this checkout's packages."""
    path = tmp_path_factory.mktemp("venv") / "zj"
    copy = tmp_path_factory.mktemp("author") / EXAMPLE.name
    shutil.copytree(
        EXAMPLE, copy, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".*")
    )
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True)
    python = path / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # addsitedir, not a bare path: the checkout's own .pth files (its editable install) count.
    ours = sysconfig.get_paths()["purelib"]
    (Path(site) / "openmahjong-checkout.pth").write_text(
        f"import site; site.addsitedir({ours!r})\n"
    )
    # The child runs as a person's shell would: no pytest worker settings of this run.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "VIRTUAL_ENV"))}
    env["PATH"] = f"{path / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INDEX"] = "1"  # nothing comes from the network
    made = Venv(path, python, env, copy)
    # A copy, as a rule author starts from one (and the build writes nothing into the checkout).
    made.run(
        "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
        "--no-cache-dir", str(copy), cwd=copy.parent,
    )  # fmt: skip
    installed = made.run("-c", "import openmahjong_zungjung as z; print(z.__file__)")
    assert installed.startswith(str(path)), installed  # the installed copy, not the source
    return made


def test_the_registry_lists_it_through_its_entry_point(venv):
    out = venv.run(
        "-c",
        "import json, importlib.metadata as m\n"
        "from openmahjong.rules import registry\n"
        "points = {e.name: e.value for e in m.entry_points(group='openmahjong.rulesets')}\n"
        "r = registry.get_ruleset('zungjung')\n"
        "print(json.dumps({'names': sorted(registry.rulesets()), 'point': points['zungjung'],"
        " 'tiles': r.tiles, 'presets': list(r.presets), 'standard': r.standard_preset}))",
    )
    found = json.loads(out)
    assert "zungjung" in found["names"] and {"riichi", "mcr"} <= set(found["names"])
    assert found["point"] == "openmahjong_zungjung:RULESET"
    assert found["tiles"] == 136 and found["presets"] == ["zungjung-east", "zungjung-full"]
    assert found["standard"] == "zungjung-full"


def test_selfplay_replay_check_and_seed_verify(venv, tmp_path):
    out = tmp_path / "games"
    summary = json.loads(
        venv.cli(
            "selfplay", "--ruleset", "zungjung", "--preset", "zungjung-east", "--games", "3",
            "--seed", "11", "--out", str(out), "--json",
        )
    )  # fmt: skip
    assert summary["ruleset"] == "zungjung" and summary["games"] == 3 and summary["hands"] == 12
    records = sorted(out.glob("game-*.json"))
    assert len(records) == 3
    report = json.loads(venv.cli("replay", "check", "--json", *map(str, records)))
    assert report["ok"] and report["games"] == 3 and report["hands_matched"] == 12
    record = json.loads(records[0].read_text())
    assert sum(record["result"]["final_points"]) == 4000
    wins = [w for h in record["hands"] for w in h["wins"]]
    assert all(w["patterns"] for w in wins)
    header = record["header"]
    verified = venv.cli(
        "seed", "verify", "--ruleset", "zungjung", "--master-seed", header["master_seed"],
        "--salt", header["salt"], "--hands", "4",
    )  # fmt: skip
    assert "round_index" in verified


def test_the_declared_calculator_scores_its_hands(venv):
    # Zung Jung's trivial patterns (1.1 all sequences, 1.2 concealed, 10.1 no terminals): 15
    # points; on a discard the discarder pays three times the value (the example's payments).
    document = json.loads(
        venv.cli("score", "declared", "zungjung", "234m456p678s345s55p", "--win", "5p", "--json")
    )
    points = {p["key"]: p["points"] for p in document["patterns"]}
    assert points == {"all_sequences": 5, "concealed_hand": 5, "no_terminals": 5}
    assert document["points"] == 15 and document["payments"]["winner"] == 45


@pytest.fixture(scope="module")
def served(venv, tmp_path_factory) -> Iterator[str]:
    """``openmahjong serve`` started from the fresh environment; yields its address."""
    tmp = tmp_path_factory.mktemp("server")
    port = free_port()
    env = {k: v for k, v in venv.env.items() if not k.startswith("OPENMAHJONG_")}
    env.update({f"OPENMAHJONG_{k.upper()}": str(v) for k, v in FAST_HASH.items()})
    if os.environ.get("OPENMAHJONG_PURE"):
        env["OPENMAHJONG_PURE"] = os.environ["OPENMAHJONG_PURE"]
    log = tmp / "server.log"
    process = subprocess.Popen(
        [str(venv.python), *CLI, "serve", "--port", str(port),
         "--database", f"sqlite:///{tmp / 'server.db'}"],
        stdout=log.open("ab"), stderr=subprocess.STDOUT, env=env,
    )  # fmt: skip
    try:
        end = time.monotonic() + 60  # only stops a hung test
        while True:
            assert process.poll() is None, "server exited:\n" + log.read_text()
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2)
                if health.json() == {"status": "ok"}:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < end, "server did not come up:\n" + log.read_text()
            time.sleep(0.1)
        yield f"127.0.0.1:{port}"
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def test_the_lobby_form_offers_it(served):
    listed = httpx.get(f"http://{served}/api/rooms/rulesets", timeout=10).json()
    entry = listed["zungjung"]
    assert sorted(entry["presets"]) == ["zungjung-east", "zungjung-full"]
    assert {"hands", "starting_points"} <= entry["options_schema"]["properties"].keys()
    client = entry["client"]
    assert client["label"] == "zungjung.name"
    assert client["messages"]["zh"]["zungjung.name"] == "中庸麻雀"
    assert client["messages"]["en"]["zungjung.pattern.nine_gates"] == "Nine Gates"
    assert len(client["patterns"]) == 45


@pytest.mark.asyncio
async def test_a_whole_game_over_websockets(served, venv, tmp_path):
    played = await play_game(served, "zungjung", "zungjung-east")
    assert len(played.events("HandEnded")) == 4
    assert all("patterns" in w for w in played.events("Won"))
    record = played.record
    assert record["header"]["ruleset"] == "zungjung" and len(record["hands"]) == 4
    assert sum(record["result"]["final_points"]) == 4000
    path = tmp_path / "served.json"
    path.write_text(json.dumps(record))
    checked = venv.cli("replay", "check", str(path))
    assert "4/4 hands match" in checked


def test_the_examples_own_tests_pass(venv):
    out = venv.run("-m", "pytest", "-p", "no:cacheprovider", "tests", cwd=venv.example)
    assert re.search(r"\b\d+ passed\b", out) and "failed" not in out, out


def test_no_line_of_src_names_it():
    """src/ neither imports the example nor names its ruleset (prose may cite Zung Jung)."""
    named = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in (ROOT / "src").rglob("*")
        if path.is_file() and path.suffix in {".py", ".js", ".html", ".css", ".md", ".toml"}
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"openmahjong_zungjung|[\"']zungjung[\"']", line)
    ]
    assert named == []
