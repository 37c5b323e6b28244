"""The fan quiz over the play WebSocket: matchmaking per pool through a best of 5 to the
stored ratings and the leaderboard, private rooms by code with their own rules, a round's
time on the injected clock, reconnection, and refusals that change nothing."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from fake_clock import FakeClock
from server_helpers import PASSWORD
from sqlalchemy import select

from openmahjong.quiz.catalogue import patterns
from openmahjong.server.client import PlayClient, guest_token
from openmahjong.server.quiz_live import GRACE_SECONDS
from openmahjong.store.quiz_models import QuizMatch, QuizRound

pytestmark = pytest.mark.asyncio


async def signed_in(live: str, *names: str) -> list[PlayClient]:
    out = []
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        for name in names:
            r = await http.post(
                "/api/auth/register",
                json={"name": name, "password": PASSWORD, "session": "bearer"},
            )
            assert r.status_code == 201, r.text
            client = PlayClient(f"ws://{live}/ws", r.json()["token"])
            await client.connect()
            out.append(client)
    return out


async def gone(app, player: PlayClient) -> None:
    """Wait until the server has seen the player's connection close."""
    for _ in range(200):
        if not app.state.hub.connected(player.user["id"]):
            await asyncio.sleep(0.05)  # and its disconnected() has run
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the connection stayed open")


def answer_of(app, player: PlayClient) -> str:
    live = app.state.quiz.playing[player.user["id"]]
    return live.match.current.answer.id


def wrong(answer: str, pool: str) -> str:
    return next(p.id for p in patterns(pool) if p.id != answer)


def round_state(message):
    return message["round_state"]


async def test_a_ranked_match_runs_to_the_leaderboard(app, live, client):
    clock = app.state.quiz.clock = FakeClock()
    a, b = await signed_in(live, "quizzer-a", "quizzer-b")
    await a.send({"type": "quiz_queue", "pool": "riichi"})
    assert (await a.next("quiz_queued"))["waiting"] == 1
    await b.send({"type": "quiz_queue", "pool": "riichi"})
    for rnd in (1, 2, 3):

        def round_start(m, rnd=rnd):
            return m["type"] == "quiz_match" and m["round"] == rnd

        started = await a.next(round_start)
        assert started["ranked"] and started["phase"] == "round"
        assert started["settings"] == {
            "pool": "riichi",
            "guesses": 8,
            "seconds": 60,
            "related_hints": True,
        }
        await b.next(round_start)
        answer = answer_of(app, a)
        await b.send({"type": "quiz_guess", "pattern": wrong(answer, "riichi")})
        seen = await a.next(
            lambda m: m["type"] == "quiz_match" and round_state(m)["players"][1]["used"] == 1
        )
        assert round_state(seen)["players"][1]["guesses"] is None  # B's hints are B's
        await a.send({"type": "quiz_guess", "pattern": answer})
        ended = await b.next(lambda m: m["type"] == "quiz_match" and round_state(m)["over"])
        rs = round_state(ended)
        assert rs["answer"]["id"] == answer and rs["winner"] == a.user["id"]
        assert [len(p["guesses"]) for p in rs["players"]] == [1, 1]  # both shown at the end
        if rnd < 3:
            brk = await a.next(lambda m: m["type"] == "quiz_match" and m["phase"] == "break")
            assert brk["next_round_in"] == 6.0 and brk["score"] == [rnd, 0]
            await clock.advance(5.9)
            assert not any(m.get("round") == rnd + 1 for m in a.log if m["type"] == "quiz_match")
            await clock.advance(0.2)
    final = await a.next(lambda m: m["type"] == "quiz_match" and m["phase"] == "over")
    assert final["score"] == [3, 0] and final["winner"] == a.user["id"]
    ratings = final["outcome"]["ratings"]
    assert ratings[str(a.user["id"])] == {"before": 1000, "after": 1016}
    assert ratings[str(b.user["id"])] == {"before": 1000, "after": 984}
    async with app.state.om.db.session() as s:
        (stored,) = (await s.scalars(select(QuizMatch))).all()
        assert (stored.score_a, stored.score_b, stored.change_a) == (3, 0, 16)
        rounds = (await s.scalars(select(QuizRound).order_by(QuizRound.number))).all()
        assert [r.winner_id for r in rounds] == [a.user["id"]] * 3
    board = (await client.get("/api/quiz/leaderboard", params={"pool": "riichi"})).json()
    assert [(p["name"], p["rating"]) for p in board["players"]] == [
        ("quizzer-a", 1016),
        ("quizzer-b", 984),
    ]
    other = (await client.get("/api/quiz/leaderboard?pool=mcr%2Briichi")).json()
    assert other["players"] == [] and other["pools"] == ["mcr+riichi", "riichi"]
    history = (await client.get(f"/api/quiz/history/{b.user['id']}")).json()
    assert history["matches"][0]["change"] == -16 and history["matches"][0]["score"] == [0, 3]
    await a.close()
    await b.close()


async def test_a_room_round_times_out_and_a_reconnect_gets_the_state(app, live):
    clock = app.state.quiz.clock = FakeClock()
    host, guest = await signed_in(live, "room-host", "room-visitor")
    await host.send(
        {
            "type": "quiz_create",
            "pool": "mcr+riichi",
            "guesses": 6,
            "seconds": 40,
            "related_hints": False,
        }
    )
    room = await host.next("quiz_room")
    assert room["settings"]["guesses"] == 6 and len(room["code"]) == 6
    await guest.send({"type": "quiz_join", "code": room["code"].lower()})
    started = await guest.next("quiz_match")
    assert not started["ranked"] and started["code"] == room["code"]
    assert round_state(started)["seconds_left"] == 40.0
    await guest.close()  # gone mid-round: the round goes on
    await clock.advance(39.9)
    assert not app.state.quiz.playing[host.user["id"]].match.current.over
    await clock.advance(0.2)
    timed = await host.next(lambda m: m["type"] == "quiz_match" and m["phase"] == "break")
    assert round_state(timed)["end_reason"] == "time" and timed["score"] == [0, 0]
    back = PlayClient(guest.ws_url, guest.token)
    await back.connect()
    state = await back.next("quiz_match")
    assert state["phase"] == "break" and round_state(state)["answer"] is not None
    await host.close()
    await back.close()


async def test_guests_train_solo_but_may_not_queue_or_open_rooms(app, live):
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        _uid, token = await guest_token(http)
    guest = PlayClient(f"ws://{live}/ws", token)
    await guest.connect()
    for message in (
        {"type": "quiz_queue", "pool": "riichi"},
        {"type": "quiz_create"},
    ):
        await guest.send(message)
        assert (await guest.next("error"))["code"] == "sign_in_required"
    assert app.state.quiz.queues["riichi"] == [] and app.state.quiz.rooms == {}
    await guest.close()


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "quiz_join", "code": "NOPE99"}, "unknown_room"),
        ({"type": "quiz_guess", "pattern": "riichi:riichi"}, "no_round"),
        ({"type": "quiz_queue", "pool": "mcr"}, "invalid_message"),
        ({"type": "quiz_create", "guesses": 7}, "invalid_message"),
        ({"type": "quiz_bogus"}, "unknown_type"),
    ],
)
async def test_bad_quiz_requests_change_nothing(app, live, message, code):
    (player,) = await signed_in(live, "refused-one")
    await player.send(message)
    assert (await player.next("error"))["code"] == code
    quiz = app.state.quiz
    assert quiz.rooms == {} and quiz.playing == {} and all(not q for q in quiz.queues.values())
    await player.close()


async def test_a_waiting_room_goes_with_its_hosts_last_connection(app, live):
    clock = app.state.quiz.clock = FakeClock()
    host, late = await signed_in(live, "gone-host", "late-joiner")
    await host.send({"type": "quiz_create", "pool": "riichi"})
    code = (await host.next("quiz_room"))["code"]
    await host.close()
    await gone(app, host)
    # a reload within the grace period keeps the room
    back = PlayClient(host.ws_url, host.token)
    await back.connect()
    assert (await back.next("quiz_room"))["code"] == code
    await clock.advance(GRACE_SECONDS + 1)
    assert code in app.state.quiz.rooms
    await back.close()
    await gone(app, back)
    await clock.advance(GRACE_SECONDS - 1)
    assert code in app.state.quiz.rooms
    await clock.advance(1.1)
    assert app.state.quiz.rooms == {} and app.state.quiz.in_room == {}
    await late.send({"type": "quiz_join", "code": code})
    assert (await late.next("error"))["code"] == "unknown_room"
    await late.close()


async def test_queueing_twice_is_refused_and_a_disconnect_leaves_the_queue(app, live):
    clock = app.state.quiz.clock = FakeClock()
    (player,) = await signed_in(live, "queue-twice")
    await player.send({"type": "quiz_queue"})
    await player.next("quiz_queued")
    await player.send({"type": "quiz_queue", "pool": "riichi"})
    assert (await player.next("error"))["code"] == "in_queue"
    assert app.state.quiz.queues == {"riichi": [], "mcr+riichi": [player.user["id"]]}
    await player.close()
    await gone(app, player)
    await clock.advance(GRACE_SECONDS)
    assert app.state.quiz.queues["mcr+riichi"] == []
