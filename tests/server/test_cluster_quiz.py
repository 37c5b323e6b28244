"""The fan quiz on two real ``openmahjong serve`` processes sharing PostgreSQL and Redis
(server/quiz_cluster.py, docs/deploy.md "The fan quiz"): two players whose sockets are on
different processes meet through one matchmaking line and play a whole best of 5, every
snapshot reaching both, the match stored once and the ratings moved once; a private room made
on one process is joined by code from the other; a player's commands from a socket on the
process that is not their home are carried out at home.

The processes, the database schema and the Redis prefix come from ``test_cluster``'s fixture.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from server_helpers import PASSWORD, Server
from sqlalchemy import select
from test_cluster import Cluster, cluster  # noqa: F401 - the two-process fixture

from openmahjong.quiz.catalogue import Pattern, get, patterns
from openmahjong.quiz.hints import compare
from openmahjong.server.client import PlayClient
from openmahjong.store import Database
from openmahjong.store.quiz_models import QuizMatch, QuizRating, QuizRound

pytestmark = pytest.mark.asyncio

Message = dict[str, Any]


async def signed_in(group: Cluster, server: Server, name: str) -> PlayClient:
    """A registered player (guests may not queue or open rooms) with a socket on ``server``."""
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        made = await http.post(
            "/api/auth/register",
            json={"name": name, "password": PASSWORD, "session": "bearer"},
        )
        assert made.status_code == 201, made.text
    player = PlayClient(group.ws(server), made.json()["token"])
    await player.connect()
    return player


def is_match(m: Message) -> bool:
    return m["type"] == "quiz_match"


def seen(player: PlayClient) -> list[tuple[Any, ...]]:
    """What each ``quiz_match`` snapshot showed of the match (the same for both players)."""
    out = []
    for m in player.log:
        if is_match(m):
            rs = m["round_state"]
            used = tuple(p["used"] for p in rs["players"]) if rs else ()
            out.append((m["round"], m["phase"], rs and rs["over"], tuple(m["score"]), used))
    return out


def consistent(candidates: list[Pattern], guess: str, hints: list[Message]) -> list[Pattern]:
    """The candidates that would have given ``hints`` to a guess of ``guess``."""
    made = get(guess)
    return [
        c
        for c in candidates
        if [
            {"field": h.field, "colour": h.colour, "arrow": h.arrow}
            for h in compare(made, c, related_hints=True, answer_value=c.value)
        ]
        == hints
    ]


async def solve(player: PlayClient, number: int) -> None:
    """Guess round ``number`` by its hints until it ends (solved, guesses spent)."""
    me = player.user["id"]
    candidates = list(patterns("riichi", local=False))
    while True:
        guess = candidates[0].id if candidates else patterns("riichi")[0].id
        await player.send({"type": "quiz_guess", "pattern": guess})

        def answered(m: Message, guess: str = guess) -> bool:
            if not is_match(m) or m["round"] != number:
                return False
            rs = m["round_state"]
            mine = next(p for p in rs["players"] if p["id"] == me)
            return rs["over"] or any(g["pattern"] == guess for g in mine["guesses"] or ())

        state = await player.next(answered, timeout=30)
        rs = state["round_state"]
        if rs["over"]:
            return
        mine = next(p for p in rs["players"] if p["id"] == me)
        if mine["left"] == 0:
            await player.next(lambda m: is_match(m) and m["round_state"]["over"], timeout=90)
            return
        last = next(g for g in mine["guesses"] if g["pattern"] == guess)
        candidates = consistent(candidates, guess, last["hints"])


async def play_match(player: PlayClient) -> Message:
    """Play every round of the match; the final (``over``) snapshot."""
    number = 1
    while True:

        def next_step(m: Message, number: int = number) -> bool:
            if not is_match(m):
                return False
            if m["phase"] == "over":
                return True
            return m["round"] == number and not m["round_state"]["over"]

        step = await player.next(next_step, timeout=60)
        if step["phase"] == "over":
            return step
        await solve(player, number)
        number += 1


async def test_two_players_on_two_processes_meet_in_one_line_and_play_a_match_to_its_end(
    cluster,  # noqa: F811
):
    a, b = cluster.servers
    one = await signed_in(cluster, a, "quiz-east")
    two = await signed_in(cluster, b, "quiz-west")
    try:
        await one.send({"type": "quiz_queue", "pool": "riichi"})
        assert (await one.next("quiz_queued"))["waiting"] == 1
        await two.send({"type": "quiz_queue", "pool": "riichi"})
        finals = await asyncio.wait_for(asyncio.gather(play_match(one), play_match(two)), 240)
    finally:
        await one.close()
        await two.close()
    ids = (one.user["id"], two.user["id"])
    for final in finals:
        assert final["ranked"] and final["over"]
        assert final["names"] == {str(ids[0]): "quiz-east", str(ids[1]): "quiz-west"}
    assert finals[0]["score"] == finals[1]["score"] and finals[0]["outcome"] == finals[1]["outcome"]
    # Every snapshot reached both players, wherever the match ran.
    assert seen(one) == seen(two)
    assert seen(one)[-1][1] == "over" and len(seen(one)) > 10
    outcome = finals[0]["outcome"]["ratings"]
    db = Database(cluster.url, schema=cluster.schema)
    try:
        async with db.session() as s:
            (stored,) = (await s.scalars(select(QuizMatch))).all()
            assert (stored.player_a, stored.player_b) == ids  # the first in line is A
            assert [stored.score_a, stored.score_b] == finals[0]["score"]
            rounds = (await s.scalars(select(QuizRound))).all()
            assert len(rounds) == finals[0]["round"]
            for user_id in ids:
                row = await s.get(QuizRating, (user_id, "riichi"))
                assert row is not None
                assert row.rating == outcome[str(user_id)]["after"]
                assert row.wins + row.losses + row.draws == 1  # moved once
            change = outcome[str(ids[0])]["after"] - outcome[str(ids[0])]["before"]
            assert stored.change_a == change
    finally:
        await db.close()


async def test_a_private_room_made_on_one_process_is_joined_by_code_from_the_other(
    cluster,  # noqa: F811
):
    a, b = cluster.servers
    host = await signed_in(cluster, a, "room-east")
    guest = await signed_in(cluster, b, "room-west")
    try:
        await guest.send({"type": "quiz_join", "code": "NOPE99"})  # unknown everywhere
        assert (await guest.next("error"))["code"] == "unknown_room"
        await host.send({"type": "quiz_create", "pool": "riichi", "guesses": 6, "seconds": 40})
        code = (await host.next("quiz_room"))["code"]
        await guest.send({"type": "quiz_join", "code": code.lower()})
        starts = [await p.next(is_match) for p in (host, guest)]
        for start in starts:
            assert start["code"] == code and not start["ranked"]
            assert start["round_state"]["settings"]["guesses"] == 6
        # The guest's guess, sent on the process that does not run the match, counts there.
        await guest.send({"type": "quiz_guess", "pattern": patterns("riichi")[0].id})
        counted = await host.next(
            lambda m: is_match(m) and m["round_state"]["players"][1]["used"] == 1
        )
        assert counted["round_state"]["players"][1]["guesses"] is None  # the guest's own
        # Leaving is refused at home too: a match ends by itself.
        await guest.send({"type": "quiz_leave"})
        assert (await guest.next("error"))["code"] == "in_match"
    finally:
        await host.close()
        await guest.close()


async def test_a_queued_player_is_one_player_whichever_process_their_socket_is_on(
    cluster,  # noqa: F811
):
    """Queued from one process, the same account on the other cannot queue again (refused
    where the place is kept), leaves from there, and may then queue there."""
    a, b = cluster.servers
    first = await signed_in(cluster, a, "queue-both")
    second = PlayClient(cluster.ws(b), first.token)
    await second.connect()
    try:
        await first.send({"type": "quiz_queue", "pool": "riichi"})
        await first.next("quiz_queued")
        await second.send({"type": "quiz_queue", "pool": "mcr+riichi"})
        assert (await second.next("error"))["code"] == "in_queue"
        await second.send({"type": "quiz_leave"})
        await second.next("quiz_left")
        await first.next("quiz_left")  # the player's every socket hears it
        await second.send({"type": "quiz_queue", "pool": "mcr+riichi"})
        queued = await second.next("quiz_queued")
        assert (queued["pool"], queued["waiting"]) == ("mcr+riichi", 1)
    finally:
        await first.close()
        await second.close()
