"""A ruleset from outside the package plays everywhere the built-in ones do.

The toy ruleset (``toy_ruleset.py``, two suits, its own wall, options, presets and bot) lives
only in the tests and is registered the way a plugin is (``registry.register``). It is then
played by ``openmahjong selfplay``, its records checked by ``openmahjong replay check``, offered
by the lobby form's ``GET /api/rooms/rulesets``, and a whole game of it is played in a room over
WebSockets, with its record served at the end, and rebuilt from its log after a restart. No
line of ``src/`` names it.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from typer.testing import CliRunner

from openmahjong import fairness
from openmahjong.cli import app as cli
from openmahjong.rules import registry
from openmahjong.rules.contract import Ruleset
from openmahjong.server.client import PlayClient, guest_token, simple_choice
from openmahjong.table import Discard, IllegalAction
from tests.rules.server_game import TABLE, play_game
from tests.rules.toy_ruleset import NAME, TOY, WALL, ToyOptions
from tests.server.server_helpers import make_settings, running, serving_app

SRC = Path(__file__).resolve().parents[2] / "src"
runner = CliRunner()


@pytest.fixture
def toy() -> Iterator[Ruleset]:
    """The toy ruleset registered for one test, as a plugin registers itself, then taken away."""
    registry.register(TOY)
    try:
        yield TOY
    finally:
        registry.unregister(NAME)


@pytest_asyncio.fixture
async def live(tmp_path: Path, toy: Ruleset) -> AsyncIterator[str]:
    """A server (real uvicorn, this event loop) on a fresh SQLite file, the toy registered."""
    async with running(make_settings(tmp_path)) as started, serving_app(started) as address:
        yield address


def test_no_line_of_src_names_the_toy():
    named = [
        f"{path.relative_to(SRC)}:{n}"
        for path in SRC.rglob("*")
        if path.is_file() and path.suffix in {".py", ".js", ".html", ".css", ".md", ".txt"}
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(rf"\b{NAME}\b", line, re.IGNORECASE)
    ]
    assert named == []


def test_registering_makes_it_a_ruleset_with_its_wall(toy):
    assert isinstance(toy, Ruleset)
    assert registry.get_ruleset(NAME) is toy
    assert fairness.WALL_RULESETS[NAME] is WALL
    wall = fairness.shuffled_wall(NAME, 12345, 1)
    assert sorted(wall) == sorted(WALL.build()) and len(wall) == 72
    assert toy.standard_preset == "toy-quick" and list(toy.bots) == [NAME]
    assert toy.outside_formats == frozenset()
    assert toy.is_winning_shape([11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 29, 29])
    assert toy.is_ready([11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 29])


def test_a_refused_action_gets_the_kernels_own_reason(toy):
    """The toy's policy explains nothing (``RoundPolicy.why_illegal`` is None by default): the
    kernel says what the seat may do instead."""
    match = toy.new_match(["a", "b", "c", "d"], 99, None, "toy-quick")
    dealer = match.table.turn
    with pytest.raises(IllegalAction, match=r"not legal for seat \d+ now; it may: discard"):
        match.act(dealer, Discard(31))


def test_unregistered_it_is_gone_with_its_wall():
    registry.register(TOY)
    registry.unregister(NAME)
    assert NAME not in registry.rulesets() and NAME not in fairness.WALL_RULESETS


def test_selfplay_plays_it_and_replay_check_proves_its_records(toy, tmp_path):
    out = tmp_path / "games"
    args = ["selfplay", "--ruleset", NAME, "--games", "2", "--seed", "4", "--out", str(out)]
    played = runner.invoke(cli, [*args, "--json"])
    assert played.exit_code == 0, played.output
    summary = json.loads(played.stdout)
    assert summary["ruleset"] == NAME and summary["preset"] == "toy-quick"
    assert summary["bot"] == NAME and summary["games"] == 2 and summary["hands"] == 4
    records = sorted(out.glob("game-*.json"))
    assert [p.name for p in records] == ["game-0001.json", "game-0002.json"]
    record = json.loads(records[0].read_text())
    assert record["header"]["ruleset"] == NAME
    assert record["header"]["options"] == ToyOptions(name="toy-quick", hands=2).model_dump()
    assert sum(record["result"]["final_points"]) == 400
    # The same seed plays the same games.
    again = runner.invoke(cli, [*args[:-1], str(tmp_path / "again")])
    assert again.exit_code == 0, again.output
    assert (tmp_path / "again" / "game-0001.json").read_bytes() == records[0].read_bytes()

    checked = runner.invoke(cli, ["replay", "check", "--json", *map(str, records)])
    assert checked.exit_code == 0, checked.output
    report = json.loads(checked.stdout)
    assert report["ok"] and report["games"] == 2 and report["hands_matched"] == 4

    # An edited record is caught: a discard that was never legal there.
    edited = tmp_path / "edited.json"
    first = next(e for e in record["actions"] if e[2]["type"] == "discard")
    first[2]["tile"] = 31  # no honors in this wall
    edited.write_text(json.dumps(record))
    refused = runner.invoke(cli, ["replay", "check", str(edited)])
    assert refused.exit_code != 0


def test_the_selfplay_summary_counts_a_rulesets_own_draws():
    from openmahjong.cli.selfplay import summarize

    hands = [{"reason": "win", "wins": [{"from_seat": 1}]}, {"reason": "all_passed", "wins": []}]
    record = {"hands": hands, "result": {"final_points": [1, 0, 0, 0], "places": [1, 2, 3, 4]}}
    draws = summarize([record], 1.0)["draws"]
    assert draws["all_passed"] == 1 and draws["total"] == 1 and draws["exhaustive"] == 0


def test_selfplay_refuses_what_the_toy_does_not_have(toy, tmp_path):
    unknown_bot = runner.invoke(
        cli, ["selfplay", "--ruleset", NAME, "--bot", "efficiency", "--out", str(tmp_path)]
    )
    assert unknown_bot.exit_code == 2 and "unknown bot" in unknown_bot.output
    mjai = runner.invoke(
        cli, ["selfplay", "--ruleset", NAME, "--seat", "1=cmd:x", "--out", str(tmp_path)]
    )
    assert mjai.exit_code == 2 and "mjai" in mjai.output


@pytest.mark.asyncio
async def test_the_lobby_form_offers_it_with_its_presets_and_options(live):
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        listed = (await http.get("/api/rooms/rulesets")).json()
        entry = listed[NAME]
        assert entry["seats"] == 4
        assert entry["presets"] == ["toy-full", "toy-quick"]
        assert entry["aliases"] == {"QUICK": "toy-quick"}
        fields = entry["options_schema"]["properties"]
        assert {"hands", "starting_points", "win_points"} <= fields.keys()
        assert fields["hands"]["maximum"] == 8

        _uid, token = await guest_token(http)
        auth = {"Authorization": f"Bearer {token}"}
        body = {"name": "two suits", "ruleset": NAME, "preset": "QUICK", "table": TABLE}
        made = await http.post(
            "/api/rooms", json={**body, "rules": {"win_points": 5}}, headers=auth
        )
        assert made.status_code == 201, made.text
        assert made.json()["preset"] == "toy-quick"
        assert (
            made.json()["rules"] == ToyOptions(name="toy-quick", hands=2, win_points=5).model_dump()
        )
        # The toy's own options model checks the changes.
        bad = await http.post("/api/rooms", json={**body, "rules": {"hands": 99}}, headers=auth)
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_rules"
        not_its_own = {**body, "rules": {"red_fives": False}}  # another ruleset's option
        refused = await http.post("/api/rooms", json=not_its_own, headers=auth)
        assert refused.status_code == 422


@pytest.mark.asyncio
async def test_a_whole_game_over_websockets_with_people_and_its_bots(live, tmp_path):
    played = await play_game(live, NAME, "toy-full")  # the toy's own bot sits in two seats
    ends, record = played.ends, played.record
    assert len(ends[0]["result"]["final_points"]) == 4
    assert len(played.events("HandEnded")) == 4  # toy-full: four hands
    assert record["header"]["preset"] == "toy-full"
    assert record["header"]["master_seed"] == ends[0]["master_seed"]
    assert len(record["hands"]) == 4
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        # mjai and tenhou.net/6 describe other rulesets: the export says so.
        export = await http.get(f"/api/games/{played.game}/record", params={"format": "mjai"})
        assert export.status_code == 422
        assert export.json()["error"]["code"] == "export_unsupported"
    # The record the server wrote replays in the engine, and replay check proves it.
    assert list(TOY.replay(record).state.points) == record["result"]["final_points"]
    path = tmp_path / "served.json"
    path.write_text(json.dumps(record))
    checked = runner.invoke(cli, ["replay", "check", str(path)])
    assert checked.exit_code == 0, checked.output
    assert "4/4 hands match" in checked.output


@pytest.mark.asyncio
async def test_a_restarted_server_rebuilds_its_game_and_plays_on(tmp_path, toy):
    """The server stops mid-hand with a decision open; started again on the same database, it
    rebuilds the table from the stored log with the toy's own options model and match."""
    settings = make_settings(tmp_path)
    async with running(settings) as first, serving_app(first) as address:
        async with httpx.AsyncClient(base_url=f"http://{address}") as http:
            _uid, token = await guest_token(http)
            made = await http.post(
                "/api/rooms",
                json={"name": "two suits", "ruleset": NAME, "preset": "toy-full", "table": TABLE},
                headers={"Authorization": f"Bearer {token}"},
            )
            room = made.json()["id"]
        player = PlayClient(f"ws://{address}/ws", token)
        await player.connect()
        await player.send({"type": "join", "room": room})
        await player.send({"type": "ready", "room": room})
        for _ in range(3):
            await player.send({"type": "add_bot", "room": room})
        await player.next(lambda m: m["type"] == "room" and all(s for s in m["seats"]))
        await player.send({"type": "start", "room": room})
        start = await player.next("game_start")
        for _ in range(2):
            prompt = await player.next("prompt")
            reply = simple_choice(prompt["actions"])
            await player.send({"type": "reply", "seq": prompt["seq"], "action": reply})
        waiting = await player.next("prompt")
        await player.close()

    async with running(settings) as second, serving_app(second) as address:
        back = PlayClient(f"ws://{address}/ws", token)
        await back.connect()
        again = await back.next("game_start")
        assert again["game"] == start["game"] and again["seat"] == start["seat"]
        resumed = await back.next("prompt")
        assert resumed["actions"] == waiting["actions"]  # the same decision, replayed
        # Answer it (autoplay waits for the next prompt: left unanswered, this one would run
        # out the move time and the bank, two minutes).
        reply = simple_choice(resumed["actions"])
        await back.send({"type": "reply", "seq": resumed["seq"], "action": reply})
        end = await back.autoplay()
        assert end["game"] == start["game"]
        await back.close()
        async with httpx.AsyncClient(base_url=f"http://{address}") as http:
            record = (await http.get(f"/api/games/{start['game']}/record")).json()
    assert len(record["hands"]) == 4
    assert list(TOY.replay(record).state.points) == record["result"]["final_points"]
