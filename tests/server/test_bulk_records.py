"""Bulk archives (``GET /api/records/bulk``): exactly one UTC day of one ruleset's public
finished games, in our JSON, tenhou.net/6 or mjai, parsed back here; streamed a batch at a
time; formats a ruleset cannot take refused with the reason; the daily quota stated in the
headers and the manifest, enforced with 429 and raised for sponsors. On SQLite and
PostgreSQL."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime, timedelta

import pytest
import pytest_asyncio
from records_helpers import riichi_record, settings_on, store_finished
from server_helpers import client_for, register

from openmahjong.formats.convert import import_text
from openmahjong.server import bulk
from openmahjong.store import duplicates as dup
from openmahjong.store import games as g
from openmahjong.store.admin_models import UserRole
from openmahjong.store.models import GameStatus

pytestmark = pytest.mark.asyncio

DAY = "2026-11-30"
NOON = datetime(2026, 11, 30, 12, tzinfo=UTC)


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def settings(request, tmp_path):
    quotas = {"bulk_quota_anonymous": 2, "bulk_quota_account": 3, "bulk_quota_sponsor": 5}
    async with settings_on(request.param, tmp_path, **quotas) as s:
        yield s


async def _day_of_games(app) -> dict[str, int]:
    """Two Riichi games on DAY, and around them what must stay out: the day before, another
    ruleset, an aborted game, a table of an open duplicate set, a Battle of Asura game."""
    db = app.state.om.db
    ids = {
        "a": await store_finished(db, riichi_record(1), finished_at=NOON),
        "b": await store_finished(db, riichi_record(2), finished_at=NOON + timedelta(hours=11)),
        "before": await store_finished(db, riichi_record(3), finished_at=NOON - timedelta(days=1)),
        "mcr": await store_finished(db, riichi_record(4), finished_at=NOON, ruleset="mcr"),
        "sealed": await store_finished(db, riichi_record(5), finished_at=NOON),
    }
    async with db.session() as s:
        row = await dup.create_set(
            s, name="d", organiser_id=None, ruleset="riichi", preset="majsoul-tonpuu", rules={}
        )
        await dup.link_game(s, row.key, ids["sealed"])
        aborted = await g.create_game(
            s,
            ruleset="riichi",
            header={},
            seats=[g.SeatEntry(i, f"p{i}") for i in range(4)],
            commitment="ab",
            salt="00",
            master_seed="11",
        )
        await g.finish_game(s, aborted.id, [], status=GameStatus.ABORTED, finished_at=NOON)
        ids["aborted"] = aborted.id
    return ids


def _archive(content: bytes) -> tuple[dict[str, str], dict]:
    with zipfile.ZipFile(io.BytesIO(content)) as z:
        files = {name: z.read(name).decode() for name in z.namelist()}
    return files, json.loads(files.pop("manifest.json"))


@pytest.mark.parametrize("fmt", ["json", "tenhou6", "mjai"])
async def test_an_archive_holds_exactly_the_days_games_of_the_ruleset(app, client, fmt):
    ids = await _day_of_games(app)
    r = await client.get(f"/api/records/bulk?day={DAY}&ruleset=riichi&format={fmt}")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/zip"
    assert f"openmahjong-{DAY}-riichi-{fmt}.zip" in r.headers["content-disposition"]
    files, manifest = _archive(r.content)
    extension = {"json": "json", "tenhou6": "tenhou6.json", "mjai": "mjai.jsonl"}[fmt]
    assert sorted(files) == sorted(f"{ids[k]}.{extension}" for k in ("a", "b"))
    assert manifest["games"] == [ids["a"], ids["b"]] and manifest["left_out"] == []
    assert (manifest["day"], manifest["ruleset"], manifest["format"]) == (DAY, "riichi", fmt)
    for key, seed in (("a", 1), ("b", 2)):
        text = files[f"{ids[key]}.{extension}"]
        if fmt == "json":
            record = json.loads(text)
            assert record["actions"] == json.loads(json.dumps(riichi_record(seed)["actions"]))
            assert record["header"]["master_seed"] == riichi_record(seed)["header"]["master_seed"]
            assert record["header"]["supplied_seed"] is False
        else:
            again, report = import_text(text, fmt, preset="majsoul-tonpuu")
            assert report.mismatches == []
            assert again["hands"] == riichi_record(seed)["hands"]


async def test_a_battle_of_asura_game_is_left_out_of_tenhou6_with_the_reason(app, client):
    asura = await store_finished(
        app.state.om.db, riichi_record(7, "majsoul-asura"), finished_at=NOON, preset="majsoul-asura"
    )
    r = await client.get(f"/api/records/bulk?day={DAY}&ruleset=riichi&format=tenhou6")
    files, manifest = _archive(r.content)
    assert files == {} and manifest["games"] == []
    [left] = manifest["left_out"]
    assert left["game"] == asura and "Battle of Asura" in left["reason"]
    # In our JSON it is there.
    r = await client.get(f"/api/records/bulk?day={DAY}&ruleset=riichi&format=json")
    assert _archive(r.content)[1]["games"] == [asura]


@pytest.mark.parametrize(
    ("query", "code", "words"),
    [
        ("ruleset=sichuan&format=mjai", "export_unsupported", "mjai does not describe sichuan"),
        ("ruleset=mcr&format=tenhou6", "export_unsupported", "tenhou6 does not describe mcr"),
        ("ruleset=riichi&preset=majsoul-asura&format=mjai", "export_unsupported", "Asura"),
        ("ruleset=riichi&preset=no-such&format=json", "unknown_preset", "no preset"),
        ("ruleset=go&format=json", "unknown_ruleset", "go"),
    ],
)
async def test_what_cannot_be_exported_is_refused_with_the_reason(client, query, code, words):
    r = await client.get(f"/api/records/bulk?day={DAY}&{query}")
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == code and words in error["message"]
    # A refusal costs nothing.
    assert (await client.get("/api/records/quota")).json()["remaining"] == 2


@pytest.mark.parametrize(
    "query",
    [
        "day=2026-13-01&ruleset=riichi",
        "day=yesterday&ruleset=riichi",
        "ruleset=riichi",
        f"day={DAY}&ruleset=riichi&format=xml",
        "day=2099-01-01&ruleset=riichi",
    ],
)
async def test_bad_requests_are_refused(client, query):
    r = await client.get(f"/api/records/bulk?{query}")
    assert r.status_code == 422, r.text
    assert (await client.get("/api/records/quota")).json()["used"] == 0


async def test_the_archive_is_written_a_batch_at_a_time(app, client, monkeypatch):
    ids = await _day_of_games(app)
    monkeypatch.setattr(bulk, "BATCH", 1)
    chunks = [
        c async for c in bulk.archive_chunks(app.state.om.db, [ids["a"], ids["b"]], "json", {})
    ]
    # One chunk per batch (each game's file as soon as it is converted), then the manifest.
    assert len(chunks) == 3 and all(chunks)
    assert f"{ids['a']}.json".encode() in chunks[0] and f"{ids['b']}.json".encode() in chunks[1]
    files, manifest = _archive(b"".join(chunks))
    assert manifest["games"] == [ids["a"], ids["b"]]
    async with client.stream("GET", f"/api/records/bulk?day={DAY}&ruleset=riichi") as r:
        assert r.status_code == 200
        assert "content-length" not in r.headers  # streamed, not built and measured first
        body = b"".join([part async for part in r.aiter_bytes()])
    assert _archive(body)[1]["games"] == [ids["a"], ids["b"]]


async def test_the_quota_is_stated_and_enforced_per_address_and_per_account(app, client, other):
    url = f"/api/records/bulk?day={DAY}&ruleset=riichi"
    for remaining in (1, 0):
        r = await client.get(url)
        assert r.status_code == 200
        assert (r.headers["x-quota-limit"], r.headers["x-quota-remaining"]) == ("2", str(remaining))
        assert _archive(r.content)[1]["quota"] == {"limit": 2, "remaining": remaining}
    r = await client.get(url)
    assert r.status_code == 429
    assert r.json()["error"]["code"] == "quota_exceeded"
    assert "midnight UTC" in r.json()["error"]["message"]
    assert (r.headers["x-quota-limit"], r.headers["x-quota-remaining"]) == ("2", "0")
    assert int(r.headers["retry-after"]) > 0
    # A signed-in account has its own, larger count (other has no session: same address).
    await register(other, "alice")
    q = await other.get("/api/records/quota")
    assert q.json() == {
        "subject": q.json()["subject"],
        "sponsor": False,
        "limit": 3,
        "used": 0,
        "remaining": 3,
        "day": datetime.now(UTC).date().isoformat(),
    }
    assert q.headers["x-quota-remaining"] == "3"
    for _ in range(3):
        assert (await other.get(url)).status_code == 200
    assert (await other.get(url)).status_code == 429


async def test_a_sponsor_gets_more(app):
    async with client_for(app) as c:
        user = (await register(c, "patron"))["user"]
        async with app.state.om.db.session() as s:
            s.add(UserRole(user_id=user["id"], role="sponsor"))
        q = (await c.get("/api/records/quota")).json()
        assert (q["sponsor"], q["limit"], q["remaining"]) == (True, 5, 5)
        for left in (4, 3, 2, 1, 0):
            r = await c.get(f"/api/records/bulk?day={DAY}&ruleset=riichi")
            assert r.headers["x-quota-remaining"] == str(left)
        r = await c.get(f"/api/records/bulk?day={DAY}&ruleset=riichi")
        assert r.status_code == 429 and "sponsors get more" not in r.json()["error"]["message"]


# ------------------------------------------------------------------ openmahjong records download


def _cli(*args: str):
    from typer.testing import CliRunner

    from openmahjong.cli import app as cli

    return CliRunner().invoke(cli, ["records", "download", *args])


async def test_the_command_downloads_from_a_server_within_the_quota(app, live, tmp_path):
    import asyncio

    ids = await _day_of_games(app)
    out = tmp_path / "day.zip"
    args = ["--day", DAY, "--ruleset", "riichi", "--format", "mjai", "--out", str(out)]
    done = await asyncio.to_thread(_cli, *args, "--server", f"http://{live}")
    assert done.exit_code == 0, done.output
    assert "quota: 1 of 2 archives left today" in done.output
    files, manifest = _archive(out.read_bytes())
    assert manifest["games"] == [ids["a"], ids["b"]] and len(files) == 2
    await asyncio.to_thread(_cli, *args, "--server", f"http://{live}")
    again = await asyncio.to_thread(_cli, *args, "--server", f"http://{live}")
    assert again.exit_code == 2 and "bulk archives for today" in again.output


async def test_the_command_reads_a_database_and_refuses_what_it_cannot_write(
    app, settings, tmp_path
):
    import asyncio

    if settings.database_schema:
        pytest.skip("the command's --database takes a URL; the schema comes from the env")
    ids = await _day_of_games(app)
    out = tmp_path / "local.zip"
    args = ["--day", DAY, "--ruleset", "riichi", "--out", str(out)]
    done = await asyncio.to_thread(_cli, *args, "--database", settings.database_url)
    assert done.exit_code == 0, done.output
    assert "2 games" in done.output
    files, manifest = _archive(out.read_bytes())
    assert sorted(files) == sorted(f"{ids[k]}.json" for k in ("a", "b"))
    for bad, words in (
        (["--format", "mjai", "--ruleset", "sichuan"], "mjai does not describe sichuan"),
        (["--format", "xml"], "unknown format"),
        (["--day", "2026-02-30"], "not a date"),
        (["--preset", "majsoul-asura", "--format", "tenhou6"], "Battle of Asura"),
    ):
        r = await asyncio.to_thread(_cli, *args, *bad, "--database", settings.database_url)
        assert r.exit_code == 2 and words in r.output, (bad, r.output)
