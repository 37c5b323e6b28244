"""``/ws/mjai`` over real sockets: a bot account plays a seat it was invited to, in mjai.

uvicorn in this event loop; the bot account's program is a websockets client in the test
driving an mjai bot (the ``mjai`` package's example ``RulebaseBot`` when it is installed, and a
tsumogiri bot of our own), our bots at the other seats.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from fake_clock import FakeClock
from server_helpers import make_settings, register, running, serving_app
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from openmahjong.server.client import PlayClient, guest_token, simple_choice

pytestmark = pytest.mark.asyncio


@pytest.fixture
def settings(tmp_path):
    # Matchmaking fills a line with our bots at once (only the queue test waits in one).
    return make_settings(tmp_path, matchmaking_bot_fill_seconds=0)


FAST = {"move_seconds": 5, "bank_seconds": 5, "call_protection": False, "spectator_delay": 0}
#: A master seed on which the mjai package's RulebaseBot wins hands in a hanchan (the game is
#: the same each run: the seed fixes walls and seats, and every bot decides from what it sees
#: only; with call protection off no delay changes an outcome). It runs to South 4, 15 hands.
SEED = "0" * 63 + "3"


class MjaiBot:
    """The bot account's side of ``/ws/mjai``: batches in, one JSON answer per batch out."""

    def __init__(self, live: str, token: str) -> None:
        self.url = f"ws://{live}/ws/mjai"
        self.token = token
        self.batches: list[list[dict[str, Any]]] = []

    async def connect(self, token: str | None = None) -> list[dict[str, Any]]:
        headers = {"Authorization": f"Bearer {token or self.token}"}
        self.ws = await connect(self.url, additional_headers=headers, compression=None)
        return await self.batch()

    async def batch(self, timeout: float = 30.0) -> list[dict[str, Any]]:
        batch = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        assert isinstance(batch, list), batch
        self.batches.append(batch)
        return batch

    async def send(self, reply: dict[str, Any] | str | bytes) -> None:
        await self.ws.send(reply if isinstance(reply, str | bytes) else json.dumps(reply))

    async def play(
        self,
        brain: Callable[[list[dict[str, Any]]], str],
        stop: Callable[[int], bool] = lambda _answers: False,
    ) -> list[dict[str, Any]]:
        """Answer every batch with ``brain`` (our own batches with none) until ``end_game``
        (returned) or ``stop(answers so far)``; returns the last batch."""
        answers = 0
        while True:
            batch = await self.batch()
            kinds = {e["type"] for e in batch}
            if kinds <= {"hello", "error", "queued"}:
                await self.send({"type": "none"})
                continue
            await self.send(brain(batch))
            answers += 1
            if "end_game" in kinds or stop(answers):
                return batch

    async def close(self) -> None:
        await self.ws.close()


def tsumogiri() -> Callable[[list[dict[str, Any]]], str]:
    """Our own small mjai bot: discard what it drew, pass everything else."""
    me: list[int] = []
    answers: list[str] = []

    def brain(batch: list[dict[str, Any]]) -> str:
        for e in batch:
            if e["type"] == "start_game":
                me[:] = [e["id"]]
        last = batch[-1]
        answer = '{"type":"none"}'
        if last["type"] == "tsumo" and last["actor"] == me[0]:
            answer = json.dumps(
                {"type": "dahai", "actor": me[0], "pai": last["pai"], "tsumogiri": True}
            )
        answers.append(answer)
        return answer

    brain.answers = answers  # type: ignore[attr-defined]
    return brain


def rulebase() -> Callable[[list[dict[str, Any]]], str]:
    """The mjai package's example bot (libriichi keeps its state), made at ``start_game``."""
    rulebase_bot = pytest.importorskip("mjai.bot.rulebase")
    bot: list[Any] = []

    def brain(batch: list[dict[str, Any]]) -> str:
        for e in batch:
            if e["type"] == "start_game":
                bot[:] = [rulebase_bot.RulebaseBot(e["id"])]
        return bot[0].react(json.dumps(batch))

    return brain


async def bot_account(live: str, name: str) -> tuple[int, str]:
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        out = await register(http, name, is_bot=True, session="bearer")
    assert out["user"]["is_bot"] is True
    return out["user"]["id"], out["token"]


async def owner_with_room(live: str, table: dict[str, Any], **extra: Any) -> tuple[PlayClient, int]:
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        _uid, token = await guest_token(http)
        body = {"name": "t", "ruleset": "riichi", "preset": "majsoul-tonpuu", "table": table}
        body.update(extra)  # e.g. master_seed, or another ruleset and preset
        r = await http.post("/api/rooms", json=body, headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 201, r.text
    owner = PlayClient(f"ws://{live}/ws", token)
    await owner.connect()
    return owner, r.json()["id"]


async def seat_and_start(owner: PlayClient, room: int, account: str) -> None:
    """Our bots in three seats and the bot account in one (the seed decides who sits where);
    the owner watches (a spectator hears of every change of the room)."""
    await owner.send({"type": "join", "room": room, "spectate": True})
    await owner.send({"type": "add_bot", "room": room, "account": account})
    for _ in range(3):
        await owner.send({"type": "add_bot", "room": room})
    await owner.next(lambda m: m["type"] == "room" and all(m["seats"]))
    await owner.send({"type": "start", "room": room})


async def record_of(live: str, game: int) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        r = await http.get(f"/api/games/{game}/record")
        assert r.status_code == 200, r.text
        return r.json()


# ---------------------------------------------------------------------------- whole games


async def test_the_mjai_example_bot_plays_a_whole_hanchan_and_wins_hands(live):
    brain = rulebase()
    _id, token = await bot_account(live, "rulebase01")
    bot = MjaiBot(live, token)
    hello = await bot.connect()
    assert hello[0]["type"] == "hello" and hello[0]["user"]["name"] == "rulebase01"
    await bot.send({"type": "none"})
    owner, room = await owner_with_room(live, FAST, master_seed=SEED, preset="majsoul-hanchan")
    await seat_and_start(owner, room, "rulebase01")
    playing = await owner.next(lambda m: m["type"] == "room" and m["status"] == "playing")
    last = await bot.play(brain)
    await owner.close()
    assert last[-1]["type"] == "end_game" and len(last[-1]["scores"]) == 4
    events = [e for b in bot.batches for e in b]
    me = next(e["id"] for e in events if e["type"] == "start_game")
    kinds = [e["type"] for e in events]
    assert kinds.count("start_game") == 1 and kinds.count("end_game") == 1
    assert kinds.count("start_kyoku") == kinds.count("end_kyoku") == 15
    assert {e["bakaze"] for e in events if e["type"] == "start_kyoku"} >= {"E", "S"}
    wins = [e for e in events if e["type"] == "hora" and e["actor"] == me]
    assert len(wins) == 2  # this seed's game: the example bot wins two of its fifteen hands
    assert any(e["type"] == "reach" and e["actor"] == me for e in events)  # riichi's two answers
    assert not [e for e in events if e["type"] == "error"]  # every reply was played as given
    record = await record_of(live, playing["game"])
    assert record["header"]["players"][me] == "rulebase01"


async def test_our_tsumogiri_bot_plays_to_game_end_and_bad_replies_get_the_default(live):
    _id, token = await bot_account(live, "tsumogiri1")
    bot = MjaiBot(live, token)
    await bot.connect()
    await bot.send({"type": "none"})
    owner, room = await owner_with_room(live, FAST)
    await seat_and_start(owner, room, "tsumogiri1")
    good = tsumogiri()
    bad_replies = ["not json {", '{"type":"dahai","pai":"9z"}', '{"type":"pon","consumed":[]}']
    sent_bad: list[str] = []

    def brain(batch: list[dict[str, Any]]) -> str:
        answer = good(batch)
        if bad_replies and answer != '{"type":"none"}':  # a decision: answer nonsense
            sent_bad.append(bad_replies.pop(0))
            return sent_bad[-1]
        return answer

    last = await bot.play(brain)
    await owner.close()
    assert last[-1]["type"] == "end_game"
    errors = [e for b in bot.batches for e in b if e["type"] == "error"]
    assert [e["errors"] for e in errors] == [1, 2, 3]
    assert [e["code"] for e in errors] == ["not_json", "not_action", "illegal"]
    # The default was played at once each time: the next batch shows the seat's discard.
    me = next(e["id"] for b in bot.batches for e in b if e["type"] == "start_game")
    assert any(e["type"] == "dahai" and e["actor"] == me for b in bot.batches for e in b)


async def test_a_disconnected_bot_account_is_played_by_our_bot_until_it_reconnects(live):
    _id, token = await bot_account(live, "flaky01")
    bot = MjaiBot(live, token)
    await bot.connect()
    await bot.send({"type": "none"})
    # A long move time and no bank: within the test, no clock runs out, so whatever the seat
    # plays while its program is away is the stand-in's. The owner sits at the table and
    # holds it still while the bot reconnects.
    owner, room = await owner_with_room(live, {**FAST, "move_seconds": 300, "bank_seconds": 0})
    await owner.send({"type": "join", "room": room})
    await owner.send({"type": "ready", "room": room})
    await owner.send({"type": "add_bot", "room": room, "account": "flaky01"})
    for _ in range(2):
        await owner.send({"type": "add_bot", "room": room})
    lobby = await owner.next(lambda m: m["type"] == "room" and all(m["seats"]))
    invited = next(s for s in lobby["seats"] if s["name"] == "flaky01")
    assert invited["bot"] is True and invited["user_id"] == _id
    await owner.send({"type": "start", "room": room})
    away, go = asyncio.Event(), asyncio.Event()
    go.set()

    async def owner_plays() -> dict[str, Any]:
        prompts_while_away = 0
        while True:
            m = await owner.next(lambda m: m["type"] in ("prompt", "game_end"), timeout=60)
            if m["type"] == "game_end":
                return m
            if away.is_set():
                prompts_while_away += 1
                if prompts_while_away == 8:  # the stand-in has had turns: hold the table
                    go.clear()
            await go.wait()
            reply = {"type": "reply", "seq": m["seq"], "action": simple_choice(m["actions"])}
            await owner.send(reply)

    owner_task = asyncio.create_task(owner_plays())
    brain = tsumogiri()
    await bot.play(brain, stop=lambda answers: answers >= 3)
    me = next(e["id"] for b in bot.batches for e in b if e["type"] == "start_game")
    await bot.close()
    away.set()
    while go.is_set():
        await asyncio.sleep(0.05)
    again = MjaiBot(live, token)
    assert (await again.connect())[0]["type"] == "hello"
    await again.send({"type": "none"})
    go.set()
    last = await again.play(brain)
    end = await owner_task
    await owner.close()
    first = again.batches[1]
    assert first[0] == {"type": "start_game", "id": me, "names": first[0]["names"]}
    assert first[1]["type"] == "start_kyoku"  # the hand under way, from its start
    assert last[-1]["type"] == "end_game" and end["type"] == "game_end"
    # The seat discarded more often than its program answered with a discard: the rest
    # were the stand-in's (no clock ran out, no reply was refused).
    played = [a for a in map(json.loads, brain.answers) if a["type"] == "dahai"]
    discards = [
        m
        for m in owner.log
        if m["type"] == "event" and m["event"]["type"] == "Discarded" and m["event"]["seat"] == me
    ]
    assert len(discards) > len(played) > 0
    assert not [e for b in bot.batches + again.batches for e in b if e["type"] == "error"]


# ---------------------------------------------------------------------------- refusals


async def test_only_bot_accounts_connect_and_only_they_can_be_invited(live):
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        person = await register(http, "person01", session="bearer")
    bot = MjaiBot(live, person["token"])
    refused = await bot.connect()
    assert refused[0]["type"] == "error" and refused[0]["code"] == "not_a_bot_account"
    with pytest.raises(ConnectionClosed) as closed:
        await bot.ws.recv()
    assert closed.value.rcvd.code == 4403
    nobody = MjaiBot(live, "not-a-token")
    assert (await nobody.connect())[0]["code"] == "not_signed_in"

    owner, room = await owner_with_room(live, FAST)
    for name in ("person01", "nobody999"):
        await owner.send({"type": "add_bot", "room": room, "account": name})
        refusal = await owner.next("error")
        assert refusal["code"] == "not_a_bot_account"
    await owner.send({"type": "add_bot", "room": room, "account": "x" * 65})
    assert (await owner.next("error"))["code"] == "invalid_message"
    mcr_owner, mcr_room = await owner_with_room(live, FAST, ruleset="mcr", preset="mcr-2rounds")
    await mcr_owner.send({"type": "add_bot", "room": mcr_room, "account": "person01"})
    assert (await mcr_owner.next("error"))["code"] == "no_mjai"  # mjai is Riichi's only
    await mcr_owner.close()
    # A bot account sits at one table at a time.
    await bot_account(live, "busybot1")
    await owner.send({"type": "join", "room": room, "spectate": True})  # to hear of the room
    await owner.send({"type": "add_bot", "room": room, "account": "busybot1"})
    await owner.next(lambda m: m["type"] == "room" and m["seats"][0] is not None)
    other, room2 = await owner_with_room(live, FAST)
    await other.send({"type": "add_bot", "room": room2, "account": "busybot1"})
    assert (await other.next("error"))["code"] == "bot_busy"
    await owner.close()
    await other.close()


async def test_input_limits_hold_and_the_socket_stays(live):
    _id, token = await bot_account(live, "limits01")
    bot = MjaiBot(live, token)
    await bot.connect()
    await bot.send({"type": "none"})
    await bot.send("x" * (65 * 1024))
    assert (await bot.batch())[0]["code"] == "bad_message"
    await bot.send({"type": "none"})
    await bot.send("[" * 30_000 + "]" * 30_000)  # within the size, too deep to decode
    assert (await bot.batch())[0]["code"] == "bad_message"
    await bot.send({"type": "none"})
    await bot.send(b"\x00binary")
    assert (await bot.batch())[0]["code"] == "bad_message"
    await bot.send({"type": "none"})
    await bot.send({"type": "queue", "ruleset": "riichi", "preset": "p" * 65})
    assert (await bot.batch())[0]["code"] == "invalid_message"
    await bot.send({"type": "none"})
    await bot.send({"type": "queue", "ruleset": "mcr", "preset": "mcr-2rounds"})
    assert (await bot.batch())[0]["code"] == "no_mjai"
    await bot.send({"type": "none"})
    await bot.send({"type": "dahai", "pai": "1m"})  # nothing was asked
    assert (await bot.batch())[0]["code"] == "unexpected"
    await bot.send({"type": "none"})
    await bot.send({"type": "unqueue"})  # still connected, still served
    assert (await bot.batch())[0] == {
        "type": "queued",
        "ruleset": None,
        "preset": None,
        "waiting": 0,
        "casual": False,
        "tier": None,  # left no ranked line
        "bot_fill_seconds": None,  # the operator set no bot fill
    }
    await bot.close()


async def test_a_bot_account_queues_for_matchmaking_over_mjai(live):
    _id, token = await bot_account(live, "queuebot1")
    bot = MjaiBot(live, token)
    await bot.connect()
    await bot.send({"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu"})
    queued = await bot.batch()
    assert queued[0]["type"] == "queued" and queued[0]["ruleset"] == "riichi"
    await bot.send({"type": "none"})
    batch = await bot.batch()
    while batch[0]["type"] == "queued":  # out of the line: its table formed
        await bot.send({"type": "none"})
        batch = await bot.batch()
    assert batch[0]["type"] == "start_game"
    await bot.close()


async def test_a_new_connection_replaces_the_old_and_a_bot_account_does_not_join(live):
    _id, token = await bot_account(live, "twice001")
    first, second = MjaiBot(live, token), MjaiBot(live, token)
    await first.connect()
    await first.send({"type": "none"})
    assert (await second.connect())[0]["type"] == "hello"
    with pytest.raises(ConnectionClosed) as closed:
        await first.ws.recv()
    assert closed.value.rcvd.code == 4000 and closed.value.rcvd.reason == "replaced"
    await second.send({"type": "none"})
    await second.send({"type": "unqueue"})
    assert (await second.batch())[0]["type"] == "queued"
    await second.close()
    # Over /ws the account may watch, never take a seat on its own.
    owner, room = await owner_with_room(live, FAST)
    as_player = PlayClient(f"ws://{live}/ws", token)
    await as_player.connect()
    await as_player.send({"type": "join", "room": room})
    assert (await as_player.next("error"))["code"] == "bot_account"
    await as_player.close()
    await owner.close()


async def test_an_invited_bot_account_keeps_its_seat_across_restarts(tmp_path):
    """The lobby seat of a bot account and the bot account's seat in a live game are stored as
    bot seats with the account: after a restart the lobby still holds it (and it is still
    busy), and a live game goes on with our bot standing in until the account connects."""
    settings = make_settings(tmp_path)
    table = {**FAST, "move_seconds": 300, "bank_seconds": 0}  # no clock runs out in the test
    async with running(settings) as app, serving_app(app) as live:
        _id, token = await bot_account(live, "durable1")
        owner, room = await owner_with_room(live, table)
        await owner.send({"type": "join", "room": room, "spectate": True})
        await owner.send({"type": "add_bot", "room": room, "account": "durable1"})
        await owner.next(lambda m: m["type"] == "room" and m["seats"][0] is not None)
        await owner.close()
    async with running(settings) as app, serving_app(app) as live:
        owner = PlayClient(f"ws://{live}/ws", owner.token)
        await owner.connect()
        await owner.send({"type": "join", "room": room, "spectate": True})
        lobby = await owner.next("room")
        assert lobby["seats"][0] == {
            "seat": 0,
            "name": "durable1",
            "user_id": _id,
            "bot": True,
            "ready": True,
            "connected": False,
        }
        other, room2 = await owner_with_room(live, table)
        await other.send({"type": "add_bot", "room": room2, "account": "durable1"})
        assert (await other.next("error"))["code"] == "bot_busy"
        await other.close()
        for _ in range(3):
            await owner.send({"type": "add_bot", "room": room})
        await owner.next(lambda m: m["type"] == "room" and all(m["seats"]))
        bot = MjaiBot(live, token)
        await bot.connect()
        await bot.send({"type": "none"})
        await owner.send({"type": "start", "room": room})
        playing = await owner.next(lambda m: m["type"] == "room" and m["status"] == "playing")
        await bot.play(tsumogiri(), stop=lambda answers: answers >= 2)
        await bot.close()
        await owner.close()
    async with running(settings) as app, serving_app(app) as live:
        # Resumed without its program: the stand-in plays the seat to the end of the game.
        async with httpx.AsyncClient(base_url=f"http://{live}") as http:
            for _ in range(600):  # 409 (game_in_progress) while it is played
                answer = await http.get(f"/api/games/{playing['game']}/record")
                if answer.status_code != 409:
                    break
                await asyncio.sleep(0.05)
        assert answer.status_code == 200, answer.text
        record = answer.json()
        assert record["header"]["players"].count("durable1") == 1
        assert len(record["result"]["final_points"]) == 4


async def test_the_address_cap_of_play_sockets_counts_mjai_sockets(tmp_path):
    settings = make_settings(tmp_path, max_sockets_per_address=1)
    async with running(settings) as app, serving_app(app) as live:
        _id, token = await bot_account(live, "capped01")
        first = MjaiBot(live, token)
        assert (await first.connect())[0]["type"] == "hello"
        second = MjaiBot(live, token)
        refused = await second.connect()
        assert refused[0]["code"] == "too_many_connections"
        with pytest.raises(ConnectionClosed) as closed:
            await second.ws.recv()
        assert closed.value.rcvd.code == 4409
        await first.close()


async def test_a_decision_asked_again_with_nothing_new_gets_the_default_not_an_empty_batch():
    """mjai cannot ask twice: a prompt for the same decision with no new event (a tactical
    re-ask, a rebuilt table) is answered with the default, and no empty batch is sent."""
    from types import SimpleNamespace

    from openmahjong.rules.registry import get_ruleset
    from openmahjong.server.mjai_play import MjaiConnection
    from openmahjong.server.play import Hub
    from openmahjong.server.protocol import Prompt
    from openmahjong.table.actions import action_to_dict

    ruleset = get_ruleset("riichi")
    match = ruleset.new_match(None, 12345, None, ruleset.options("majsoul-tonpuu"))
    table = match.table
    (seat,) = table.waiting_for()
    seats = [SimpleNamespace(name=f"p{i}") for i in range(4)]
    game = SimpleNamespace(id=3, seats=seats, match=match)
    room = SimpleNamespace(id=9, size=4, game=game, _player_at=lambda _game, i: i)
    hub = Hub()
    user = SimpleNamespace(id=5, name="p0")
    conn = MjaiConnection(SimpleNamespace(), user, hub, SimpleNamespace(rooms={9: room}))
    actions = [json.loads(json.dumps(action_to_dict(a))) for a in table.legal_actions(seat)]
    context = {"room": 9, "game": 3, "seat": seat}

    def ask() -> Any:
        pending = hub.ledger(5).issue(actions, context)
        conn.post(Prompt(seq=pending.seq, actions=actions, context=context))
        return pending

    first = ask()
    batch = json.loads(conn.outbox.get_nowait())
    assert [e["type"] for e in batch][:3] == ["start_game", "start_kyoku", "tsumo"]
    assert not first.answer.done()  # the bot is asked
    again = ask()  # the same decision, nothing new since
    assert conn.outbox.empty()
    drawn = table.last_drawn
    assert again.answer.result() == {"type": "discard", "tile": drawn, "riichi": False}


async def test_no_answer_in_time_gets_the_default_and_a_late_answer_is_dropped(app, live):
    clock = app.state.rooms.clock = FakeClock()  # the move time runs out when it is moved
    _id, token = await bot_account(live, "sleepy01")
    bot = MjaiBot(live, token)
    await bot.connect()
    await bot.send({"type": "none"})
    owner, room = await owner_with_room(live, {**FAST, "move_seconds": 1, "bank_seconds": 0})
    await seat_and_start(owner, room, "sleepy01")
    brain = tsumogiri()
    batch = await bot.batch()
    me = batch[0]["id"]
    brain(batch[:1])  # it learns its seat from start_game
    while not (batch[-1]["type"] == "tsumo" and batch[-1]["actor"] == me):
        await bot.send(brain(batch))
        batch = await bot.batch()
    drawn = batch[-1]["pai"]  # its turn: no answer, the clock runs out
    await clock.advance(1.01)  # past the move time (no bank), on the room's clock
    later = await bot.batch()  # the next question, with the default the table played
    mine = [e for e in later if e["type"] == "dahai" and e["actor"] == me]
    assert mine[0] == {"type": "dahai", "actor": me, "pai": drawn, "tsumogiri": True}
    await bot.send({"type": "dahai", "actor": me, "pai": drawn, "tsumogiri": True})  # too late
    await bot.send(brain(later))
    last = await bot.play(brain)
    await owner.close()
    assert last[-1]["type"] == "end_game"
    assert not [e for b in bot.batches for e in b if e["type"] == "error"]
