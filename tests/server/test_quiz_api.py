"""The fan quiz over HTTP: solo training (no account needed) with its hints, its limits and
its time on the server's clock; the pool's patterns for name completion; bad input refused."""

from __future__ import annotations

import pytest
from fake_clock import FakeClock

from openmahjong.quiz.catalogue import patterns

pytestmark = pytest.mark.asyncio


def answer(app, key: str) -> str:
    return app.state.quiz.solo[key].answer.id


async def test_a_solo_round_is_solved_with_hints_on_the_way(app, client):
    r = await client.post("/api/quiz/solo", json={"pool": "riichi"})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["answer"] is None and body["settings"]["guesses"] == 8
    assert body["players"][0]["left"] == 8
    key = body["id"]
    hidden = answer(app, key)
    miss = next(p.id for p in patterns("riichi") if p.id != hidden)
    g = (await client.post(f"/api/quiz/solo/{key}/guess", json={"pattern": miss})).json()
    assert [h["field"] for h in g["guess"]["hints"]] == [
        "name",
        "ruleset",
        "category",
        "value",
        "groups",
    ]
    assert g["guess"]["hints"][1]["colour"] == "green"  # both Riichi
    assert not g["over"] and g["players"][0]["left"] == 7
    won = (await client.post(f"/api/quiz/solo/{key}/guess", json={"pattern": hidden})).json()
    assert won["over"] and won["end_reason"] == "solved" and won["answer"]["id"] == hidden
    assert all(h["colour"] == "green" for h in won["guess"]["hints"])
    again = await client.post(f"/api/quiz/solo/{key}/guess", json={"pattern": miss})
    assert again.status_code == 409 and again.json()["error"]["code"] == "round_over"


async def test_a_solo_round_runs_out_of_time_on_the_servers_clock(app, client):
    clock = app.state.quiz.clock = FakeClock()
    key = (
        await client.post(
            "/api/quiz/solo", json={"pool": "mcr+riichi", "seconds": 40, "guesses": 6}
        )
    ).json()["id"]
    await clock.advance(40)
    late = await client.post(f"/api/quiz/solo/{key}/guess", json={"pattern": answer(app, key)})
    assert late.status_code == 409 and late.json()["error"]["code"] == "round_over"
    state = (await client.get(f"/api/quiz/solo/{key}")).json()
    assert state["end_reason"] == "time" and state["answer"]["id"] == answer(app, key)


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"pool": "mcr"}, 422),
        ({"guesses": 7}, 422),
        ({"seconds": 30}, 422),
        ({"related_hints": "maybe"}, 422),
    ],
)
async def test_bad_solo_settings_are_refused(app, client, body, status):
    r = await client.post("/api/quiz/solo", json=body)
    assert r.status_code == status
    assert app.state.quiz.solo == {}


async def test_bad_guesses_change_nothing(app, client):
    key = (await client.post("/api/quiz/solo", json={"pool": "riichi"})).json()["id"]
    for pattern, status, code in (
        ("riichi:nothing", 422, "unknown_pattern"),
        ("mcr:pure_straight", 422, "not_in_pool"),
    ):
        r = await client.post(f"/api/quiz/solo/{key}/guess", json={"pattern": pattern})
        assert (r.status_code, r.json()["error"]["code"]) == (status, code)
    assert app.state.quiz.solo[key].guesses[0] == []
    r = await client.post("/api/quiz/solo/nope/guess", json={"pattern": "riichi:riichi"})
    assert (r.status_code, r.json()["error"]["code"]) == (404, "unknown_round")


async def test_the_pools_patterns_for_name_completion(client):
    riichi = (await client.get("/api/quiz/patterns", params={"pool": "riichi"})).json()
    both = (await client.get("/api/quiz/patterns?pool=mcr%2Briichi")).json()
    assert {p["ruleset"] for p in riichi["patterns"]} == {"riichi"}
    assert len(both["patterns"]) == len(patterns("mcr+riichi")) > len(riichi["patterns"])
    ittsu = next(p for p in both["patterns"] if p["id"] == "riichi:ittsu")
    assert set(ittsu["name"]) == {"en", "zh", "ja"} and "mcr:pure_straight" in ittsu["related"]
    assert (await client.get("/api/quiz/patterns", params={"pool": "go"})).status_code == 422
    assert (await client.get("/api/quiz/leaderboard", params={"pool": "go"})).status_code == 422
