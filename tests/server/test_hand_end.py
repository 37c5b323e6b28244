"""Between hands, over real sockets: the table holds the next hand until the players continue
or ``hand_end_seconds`` pass on the room's clock; ``hand_end`` tells the countdown and who is
still reading; spectators get each hand's start as a view; ``game_end`` names the players.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from fake_clock import FakeClock
from test_restart import Server, servers  # noqa: F401  (the fixture)
from test_room_play import FAST, make_room, players, seat_everyone

from openmahjong.rules.registry import get_ruleset
from openmahjong.server.client import PlayClient, guest_token

pytestmark = pytest.mark.asyncio


async def _first_hand(human: PlayClient) -> dict[str, Any]:
    """Play until the first hand ends; its ``hand_end``."""
    return await human.autoplay(until="hand_end")


async def _nothing_new(client: PlayClient, kinds: tuple[str, ...], seconds: float = 0.3) -> None:
    """No message of ``kinds`` arrives within ``seconds`` of real time."""
    try:
        message = await client.next(lambda m: m["type"] in kinds, timeout=seconds)
    except TimeoutError:
        return
    raise AssertionError(f"unexpected {message['type']} while the table holds")


async def test_the_next_hand_waits_for_continue(app, live):
    app.state.rooms.clock = FakeClock()  # the hold's time stands still unless moved
    (human,) = await players(live, 1)
    human.auto_continue = False
    room = await make_room(live, human.token, {**FAST, "hand_end_seconds": 10})
    await seat_everyone(room, [human], bots=3)
    start = await human.next("game_start")
    held = await _first_hand(human)
    assert held["room"] == room and held["game"] == start["game"] and held["hand"] == 0
    assert held["waiting"] == [start["seat"]]  # the bots do not hold the table
    assert held["seconds"] == 10
    assert held["label"] == {"wind": 41, "number": 1, "honba": 0}
    assert held["summary"]["label"] == "E1-0"
    # The result came before anything of the next hand, and nothing of it comes now.
    before = [m["type"] for m in human.log[: human.log.index(held)]]
    assert "HandEnded" in [m["event"]["type"] for m in human.log if m["type"] == "event"]
    assert before.count("view") == 1  # the first hand's only
    await _nothing_new(human, ("view", "prompt", "event"))
    await human.send({"type": "continue", "room": room, "game": start["game"]})
    update = await human.next("hand_end")
    assert update["waiting"] == [] and update["hand"] == 0
    view = await human.next("view")
    assert view["view"]["table"]["hand_number"] == 2
    assert view["label"]["wind"] == 41
    # A second press, after the hold: nothing happens, and it is no error.
    await human.send({"type": "continue", "room": room, "game": start["game"]})
    await _nothing_new(human, ("error",))
    await human.close()


async def test_the_next_hand_starts_when_the_time_runs_out(app, live):
    clock = app.state.rooms.clock = FakeClock()
    (human, away) = await players(live, 2)
    human.auto_continue = False
    away.auto_continue = False
    room = await make_room(live, human.token, {**FAST, "hand_end_seconds": 4})
    await seat_everyone(room, [human, away], bots=2)
    await human.next("game_start")
    await away.next("game_start")
    first, _ = await asyncio.gather(_first_hand(human), _first_hand(away))
    assert len(first["waiting"]) == 2
    await human.send({"type": "continue", "room": room, "game": first["game"]})
    assert len((await human.next("hand_end"))["waiting"]) == 1  # the other one still reads
    await away.close()  # away for good: it holds the table no longer than the time
    await clock.advance(3.9)
    await _nothing_new(human, ("view",))
    await clock.advance(0.2)
    view = await human.next("view")
    assert view["view"]["table"]["hand_number"] == 2
    await human.close()


async def test_a_spectator_sees_each_hand_start_and_end_over_three_hands(live):
    (human, watcher) = await players(live, 2)
    room = await make_room(live, human.token, FAST, preset="majsoul-hanchan")
    await watcher.send({"type": "join", "room": room, "spectate": True})
    await seat_everyone(room, [human], bots=3)
    ended: set[int] = set()
    while len(ended) < 3:  # an updated hand_end (the human continued) repeats its hand
        ended.add((await human.autoplay(until="hand_end"))["hand"])
    # The watcher's stream: each hand begins with a public view that resets the table.
    starts: list[dict[str, Any]] = []
    ends: list[dict[str, Any]] = []
    while len(starts) < 4:
        message = await watcher.next(lambda m: m["type"] in ("view", "hand_end"))
        (starts if message["type"] == "view" else ends).append(message)
    assert len(ends) == 3
    labels = []
    for i, view in enumerate(starts):
        v = view["view"]
        assert view["seat"] is None and v["seat"] is None and v["hand"] == []
        assert v["discards"] == [[], [], [], []] and v["melds"] == [[], [], [], []]
        assert v["table"]["hand_number"] == i + 1
        assert v["live_remaining"] == 70 - 1  # the dealer's first draw is in the deal
        assert [e["type"] for e in v["events"]][:1] == ["HandStarted"]
        assert v["events"][0]["dora_indicators"] == v["table"]["dora_indicators"]
        label = view["label"]
        labels.append(f"{'ESWN'[label['wind'] - 41]}{label['number']}-{label['honba']}")
    # The hand-end messages come between, each naming the hand that ended with its label.
    assert [e["hand"] for e in ends] == [0, 1, 2]
    assert [e["summary"]["label"] for e in ends] == labels[:3]
    # Every event a spectator gets after a hand's view belongs to that hand.
    order = [m for m in watcher.log if m["type"] in ("view", "hand_end", "event")]
    firsts = [i for i, m in enumerate(order) if m["type"] == "view"]
    for a, b in zip(firsts, firsts[1:], strict=False):
        kinds = [m["type"] for m in order[a:b]]
        assert kinds.count("hand_end") == 1 and kinds[-1] == "hand_end"
    await human.close()
    await watcher.close()


async def test_game_end_names_the_players_and_the_seed_check(live):
    (human,) = await players(live, 1)
    room = await make_room(live, human.token, FAST)
    await seat_everyone(room, [human], bots=3)
    start = await human.next("game_start")
    end = await human.autoplay()
    assert end["players"] == start["players"] and len(end["players"]) == 4
    assert end["commitment"] == start["commitment"] and end["salt"] == start["salt"]
    assert "settlement" in end["result"]  # the preset's uma and oka
    hand_ends = [m for m in human.log if m["type"] == "hand_end"]
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        record = (await http.get(f"/api/games/{start['game']}/record")).json()
    # Every hand, the last one too, was held for its result; the record knows nothing of it.
    assert sorted({m["hand"] for m in hand_ends}) == list(range(len(record["hands"])))
    assert all(e[2]["type"] != "continue" for e in record["actions"])
    replayed = get_ruleset("riichi").replay(record)
    assert replayed.digests == record["digests"] and replayed.hands == record["hands"]
    await human.close()


async def test_an_mcr_table_gets_its_own_label_and_no_riichi_sticks(live):
    (human, watcher) = await players(live, 2)
    room = await make_room(live, human.token, FAST, ruleset="mcr", preset="mcr-2rounds")
    await watcher.send({"type": "join", "room": room, "spectate": True})
    await seat_everyone(room, [human], bots=3)
    first = await human.next("view")
    assert first["label"] == {"wind": 41, "number": 1}
    assert "sticks" not in first["view"]["table"]
    ended = await human.autoplay(until="hand_end")
    assert ended["label"] == {"wind": 41, "number": 1} and ended["hand"] == 0
    second = await watcher.next(
        lambda m: m["type"] == "view" and m["view"]["table"]["hand_number"] == 2
    )
    assert second["seat"] is None and second["label"]["wind"] == 41
    assert second["view"]["discards"] == [[], [], [], []]
    await human.close()
    await watcher.close()


async def test_a_server_killed_during_the_hold_goes_on_with_the_next_hand(
    tmp_path,
    servers,  # noqa: F811
):
    """The hold is not stored: a restarted server rebuilds the table from its log and the
    next hand simply begins."""
    database = f"sqlite:///{tmp_path / 'hold.db'}"
    log = tmp_path / "server.log"
    first = Server(database, log)
    servers.append(first)
    first.wait_ready()
    async with httpx.AsyncClient(base_url=first.url) as http:
        _uid, token = await guest_token(http)
    ws = first.url.replace("http", "ws") + "/ws"
    player = PlayClient(ws, token)
    player.auto_continue = False
    await player.connect()
    address = first.url.removeprefix("http://")
    room = await make_room(address, token, {**FAST, "hand_end_seconds": 120})
    await seat_everyone(room, [player], bots=3)
    start = await player.next("game_start")
    held = await player.autoplay(until="hand_end")
    assert held["waiting"] == [start["seat"]]
    first.kill()  # mid-hold: nobody continued
    await player.close()

    second = Server(database, log)
    servers.append(second)
    second.wait_ready()
    back = PlayClient(second.url.replace("http", "ws") + "/ws", token)
    back.auto_continue = False
    await back.connect()
    again = await back.next("game_start")
    assert again["game"] == start["game"]
    view = await back.next("view")
    assert view["view"]["table"]["hand_number"] == 2  # the next hand, without a continue
    prompt = await back.next("prompt")  # and play goes on
    assert prompt["context"]["game"] == start["game"]
    await back.close()
