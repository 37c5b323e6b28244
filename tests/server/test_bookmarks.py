"""Favourites and private notes on records: each account sees only its own; notes are plain
text of bounded length; bad input is refused and changes nothing; only records anyone may
read can be marked. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import pytest_asyncio
from records_helpers import riichi_record, settings_on, store_finished
from server_helpers import register

from openmahjong.server.bookmarks import NOTE_MAX
from openmahjong.store import duplicates as dup
from openmahjong.store import games as g

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def settings(request, tmp_path):
    async with settings_on(request.param, tmp_path) as s:
        yield s


@pytest_asyncio.fixture
async def game(app) -> int:
    return await store_finished(app.state.om.db, riichi_record(1), finished_at=datetime.now(UTC))


async def test_favourites_and_notes_are_private_to_their_author(app, client, other, game):
    await register(client, "alice")
    await register(other, "bob")
    r = await client.put(f"/api/games/{game}/favourite")
    assert r.status_code == 200 and r.json()["favourite"] is True
    assert (await client.put(f"/api/games/{game}/favourite")).json()["favourite"] is True
    r = await client.put(f"/api/games/{game}/note", json={"text": "  East 2: fold earlier  "})
    assert r.json()["note"] == "East 2: fold earlier"
    mine = (await client.get(f"/api/games/{game}/mine")).json()
    assert (mine["favourite"], mine["note"]) == (True, "East 2: fold earlier")
    # Bob sees nothing of Alice's, on the game or in his list.
    theirs = (await other.get(f"/api/games/{game}/mine")).json()
    assert (theirs["favourite"], theirs["note"]) == (False, None)
    assert (await other.get("/api/me/bookmarks")).json() == {"bookmarks": []}
    # Nor does the public record or summary carry them.
    for url in (f"/api/games/{game}", f"/api/games/{game}/record"):
        assert "fold earlier" not in (await other.get(url)).text
    listed = (await client.get("/api/me/bookmarks")).json()["bookmarks"]
    assert [(b["game"], b["favourite"], b["note"]) for b in listed] == [
        (game, True, "East 2: fold earlier")
    ]
    # Bob's own marks are his; removing Alice's favourite leaves her note.
    await other.put(f"/api/games/{game}/note", json={"text": "nice"})
    r = await client.delete(f"/api/games/{game}/favourite")
    assert r.json() == {**r.json(), "favourite": False, "note": "East 2: fold earlier"}
    assert (await client.delete(f"/api/games/{game}/note")).json()["note"] is None
    assert (await client.get("/api/me/bookmarks")).json() == {"bookmarks": []}
    assert (await other.get(f"/api/games/{game}/mine")).json()["note"] == "nice"


async def test_signed_out_nothing(client, game):
    for method, url in (
        ("GET", f"/api/games/{game}/mine"),
        ("PUT", f"/api/games/{game}/favourite"),
        ("GET", "/api/me/bookmarks"),
    ):
        assert (await client.request(method, url)).status_code == 401
    r = await client.put(f"/api/games/{game}/note", json={"text": "x"})
    assert r.status_code == 401


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"text": "x" * (NOTE_MAX + 1)}, None),
        ({"text": "   "}, "empty_note"),
        ({"text": "bell\u0007"}, "bad_note"),
        ({"text": "hidden\u200b"}, "bad_note"),
        ({"text": "ok", "public": True}, None),
        ({}, None),
    ],
)
async def test_bad_notes_are_refused_and_change_nothing(client, game, body, code):
    await register(client, "alice")
    await client.put(f"/api/games/{game}/note", json={"text": "kept"})
    r = await client.put(f"/api/games/{game}/note", json=body)
    assert r.status_code == 422, r.text
    if code is not None:
        assert r.json()["error"]["code"] == code
    assert (await client.get(f"/api/games/{game}/mine")).json()["note"] == "kept"


async def test_a_note_may_fill_the_bound_and_keep_its_lines(client, game):
    await register(client, "alice")
    text = ("line\n\t" * NOTE_MAX)[: NOTE_MAX - 1] + "!"
    r = await client.put(f"/api/games/{game}/note", json={"text": text})
    assert r.status_code == 200 and r.json()["note"] == text.strip()


async def test_only_readable_records_can_be_marked(app, client):
    await register(client, "alice")
    assert (await client.put("/api/games/999999/favourite")).status_code == 404
    db = app.state.om.db
    async with db.session() as s:
        live = await g.create_game(
            s,
            ruleset="riichi",
            header={},
            seats=[g.SeatEntry(i, f"p{i}") for i in range(4)],
            commitment="ab",
            salt="00",
            master_seed="11",
        )
    r = await client.put(f"/api/games/{live.id}/favourite")
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_in_progress"
    sealed = await store_finished(db, riichi_record(2), finished_at=datetime.now(UTC))
    async with db.session() as s:
        row = await dup.create_set(
            s, name="d", organiser_id=None, ruleset="riichi", preset="majsoul-tonpuu", rules={}
        )
        await dup.link_game(s, row.key, sealed)
    r = await client.put(f"/api/games/{sealed}/note", json={"text": "sneak"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "duplicate_sealed"
    assert (await client.get("/api/me/bookmarks")).json() == {"bookmarks": []}
