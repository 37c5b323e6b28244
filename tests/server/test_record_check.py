"""``GET /api/games/{id}/check``: the server checks a stored record with the same function as
``openmahjong replay check`` (``formats.verify.verify_record``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from openmahjong.bots import play_match, selfplay_seed
from openmahjong.formats.verify import verify_record
from openmahjong.rules.riichi.game import preset
from openmahjong.store import games as g

pytestmark = pytest.mark.asyncio

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)


async def _store(app, record: dict, actions: list | None = None) -> int:
    """Store a finished game as a room would: header, the action log, then the record."""
    header = record["header"]
    entries = record["actions"] if actions is None else actions
    seats = [g.SeatEntry(i, name, is_bot=True) for i, name in enumerate(header["players"])]
    async with app.state.om.db.session() as s:
        game = await g.create_game(
            s,
            ruleset="riichi",
            preset=header["preset"],
            header={k: v for k, v in header.items() if k != "master_seed"},
            seats=seats,
            commitment=header["commitment"],
            salt=header["salt"],
            master_seed=header["master_seed"],
            started_at=T0,
        )
        for seq, (_n, seat, action, *_flags) in enumerate(entries, start=1):
            await g.append_action(s, game.id, seq, seat, action)
        points = record["result"]["final_points"]
        await g.finish_game(
            s,
            game.id,
            [
                g.SeatResult(i, p, 1 + sorted(points, reverse=True).index(p))
                for i, p in enumerate(points)
            ],  # fmt: skip
            finished_at=T0,
            record=record if actions is None else None,
        )
        return game.id


@pytest.fixture(scope="module")
def record() -> dict:
    seed, salt = selfplay_seed(11, 0)
    return play_match(preset("majsoul-tonpuu"), seed, salt=salt).record()


async def test_a_stored_game_checks_ok_like_the_cli_says(app, client, record):
    game = await _store(app, record)
    response = await client.get(f"/api/games/{game}/check")
    assert response.status_code == 200, response.text
    check = response.json()
    assert check["status"] == "ok" and check["ok"] and check["game"] == game
    assert check["hands"] == check["hands_matched"] == len(record["hands"]) > 0
    assert check["fairness"] == {"seed_revealed": True, "commitment": True, "seating": True}
    stored = (await client.get(f"/api/games/{game}/record")).json()
    cli = verify_record(stored)
    assert (cli.status, cli.hands, cli.hands_matched) == ("ok", check["hands"], check["hands"])


async def test_a_log_the_engine_refuses_is_an_error_naming_the_action(app, client, record):
    entries = [list(e) for e in record["actions"]]
    position = next(i for i, e in enumerate(entries) if e[2]["type"] == "discard")
    # 99 is no tile: nobody holds it, so the engine refuses the discard.
    entries[position] = [*entries[position][:2], {"type": "discard", "tile": 99, "riichi": False}]
    game = await _store(app, record, entries)
    check = (await client.get(f"/api/games/{game}/check")).json()
    assert check["status"] == "error" and not check["ok"]
    assert f"action {position}" in check["error"]


async def test_an_unknown_game(client):
    missing = await client.get("/api/games/999/check")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_such_game"
