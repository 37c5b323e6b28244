"""Statistics over a seeded database (SQLite and PostgreSQL): bots' self-played Riichi, MCR and
Sichuan games written into the store as a room writes them. Every statistic equals a recount
done here straight from the records (by code of its own, not the extractors'); the rebuild
equals the games' one-by-one updates; casual and supplied-seed games count nowhere."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import UTC, date, datetime, timedelta
from functools import cache
from typing import Any

import pytest
from sqlalchemy import select

from openmahjong import stats
from openmahjong.stats.seeding import play_records, store_record
from openmahjong.store import Database
from openmahjong.store.models import User
from openmahjong.store.stats_tables import StatActiveDay, StatBestHand, StatCounter, StatGame

pytestmark = pytest.mark.asyncio

DAY = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)  # a Monday
BOT = ("bot", None, True)


@cache
def records() -> dict[str, list[dict[str, Any]]]:
    """Self-played records (one seed plays the same games every run)."""
    return {
        "riichi": play_records("riichi", 2, seed=7, preset="majsoul-tonpuu"),
        "mcr": play_records("mcr", 1, seed=7, preset="mcr-1round"),
        "sichuan": play_records("sichuan", 2, seed=7),
    }


def user(n: int) -> tuple[str, int, bool]:
    return (f"player{n}", n, False)


#: (ruleset, record number, seats, day offset, minutes, casual, supplied seed)
GAMES = [
    ("riichi", 0, [user(1), user(2), user(3), user(4)], 0, 25, False, False),
    ("riichi", 1, [user(2), user(1), user(5), BOT], 1, 31, False, False),
    ("riichi", 0, [user(1), user(2), user(3), user(4)], 1, 20, True, False),  # casual
    ("riichi", 1, [user(1), user(3), user(4), user(5)], 2, 28, False, True),  # own seed
    ("mcr", 0, [user(1), user(2), user(3), user(4)], 2, 40, False, False),
    ("sichuan", 0, [user(4), user(3), user(2), user(1)], 8, 15, False, False),
    ("sichuan", 1, [user(1), user(5), BOT, BOT], 8, 12, False, False),
]


async def seed(db: Database, *, count: bool = True) -> None:
    async with db.session() as s:
        for n in range(1, 6):
            s.add(User(id=n, name=f"player{n}", name_key=f"player{n}"))
        await s.flush()
        for ruleset, k, seats, offset, minutes, casual, supplied in GAMES:
            start = DAY + timedelta(days=offset)
            await store_record(
                s,
                records()[ruleset][k],
                seats,
                started_at=start,
                finished_at=start + timedelta(minutes=minutes),
                casual=casual,
                supplied_seed=supplied,
                count=count,
            )


# ------------------------------------------------------------------ the recount


def _entries_by_hand(record: dict[str, Any]) -> list[list[Any]]:
    out, i = [], 0
    for hand in record["hands"]:
        out.append(record["actions"][i : i + hand["actions"]])
        i += hand["actions"]
    return out


def _called(entries: list[Any]) -> set[int]:
    """Seats whose chi/pon/minkan claim was carried out: the claimant acts next, and no ron
    was among the answers to that discard."""
    done = set()
    answers = ("pass", "chi", "pon", "minkan", "ron")
    for i, (_, seat, action, *_) in enumerate(entries):
        if action["type"] not in ("chi", "pon", "minkan"):
            continue
        j = i
        while j < len(entries) and entries[j][2]["type"] in answers:
            j += 1
        k = i
        while k > 0 and entries[k - 1][2]["type"] in answers:
            k -= 1
        if any(e[2]["type"] == "ron" for e in entries[k:j]):
            continue
        if j < len(entries) and entries[j][1] == seat:
            done.add(seat)
    return done


def recount(player: int, ruleset: str) -> dict[str, Any]:
    """One player's statistics in one ruleset, straight from the counted games' records."""
    c: Counter[str] = Counter()
    yaku: Counter[str] = Counter()
    places: Counter[str] = Counter()
    values = []
    for rs, k, seats, _o, _m, casual, supplied in GAMES:
        ids = [uid for _, uid, _ in seats]
        if rs != ruleset or casual or supplied or player not in ids:
            continue
        record = records()[rs][k]
        me = ids.index(player)
        c["games"] += 1
        places[str(record["result"]["places"][me])] += 1
        for hand, entries in zip(record["hands"], _entries_by_hand(record), strict=True):
            seating = hand.get("seating", [0, 1, 2, 3])
            at = seating.index(me)  # my table seat in this hand
            c["hands"] += 1
            if any(e[1] == at and e[2]["type"] == "discard" and e[2]["riichi"] for e in entries):
                c["riichi"] += 1
            if at in _called(entries):
                c["calls"] += 1
            dealt_in = 0
            for w in hand["wins"]:
                value = w.get("points", w.get("total"))
                if w["seat"] == at:
                    c["wins"] += 1
                    c["win_value"] += value
                    c["tsumo"] += w["from_seat"] is None
                    names = w.get("yaku") or w.get("fans")
                    yaku.update({str(y[0]) for y in names})
                    values.append(value)
                if w["from_seat"] == at:
                    dealt_in += value
            if dealt_in:
                c["deal_ins"] += 1
                c["deal_in_value"] += dealt_in
            if not hand["wins"] and hand.get("tenpai"):
                c["draws"] += 1
                c["draw_tenpai"] += hand["tenpai"][at]

    def rate(a: int, b: int) -> float | None:
        return round(a / b, 4) if b else None

    placed = sum(places.values())
    return {
        "games": c["games"],
        "placements": dict(sorted(places.items())),
        "average_placement": (
            round(sum(int(p) * n for p, n in places.items()) / placed, 3) if placed else None
        ),
        "hands": c["hands"],
        "win_rate": rate(c["wins"], c["hands"]),
        "deal_in_rate": rate(c["deal_ins"], c["hands"]),
        "riichi_rate": rate(c["riichi"], c["hands"]) if ruleset == "riichi" else None,
        "call_rate": rate(c["calls"], c["hands"]),
        "tsumo_share": rate(c["tsumo"], c["wins"]),
        "average_win_value": round(c["win_value"] / c["wins"], 1) if c["wins"] else None,
        "average_deal_in_value": (
            round(c["deal_in_value"] / c["deal_ins"], 1) if c["deal_ins"] else None
        ),
        "draw_tenpai_rate": rate(c["draw_tenpai"], c["draws"]) if ruleset == "riichi" else None,
        "yaku": dict(yaku),
        "best_values": sorted(values, reverse=True)[:10],
    }


def shown(found: dict[str, Any]) -> dict[str, Any]:
    """The API's answer in the recount's shape."""
    keys = ("games", "placements", "average_placement", "hands", "win_rate", "deal_in_rate")
    keys += ("riichi_rate", "call_rate", "tsumo_share", "average_win_value")
    keys += ("average_deal_in_value", "draw_tenpai_rate")
    out = {k: found[k] for k in keys}
    out["yaku"] = {y["name"]: y["wins"] for y in found["yaku"]}
    out["best_values"] = [b["value"] for b in found["best_hands"]]
    return out


async def snapshot(db: Database) -> dict[str, Any]:
    async with db.session() as s:
        counters = {
            (r.scope, r.subject, r.ruleset, r.name): r.value
            for r in await s.scalars(select(StatCounter))
        }
        active = {
            (r.day, r.user_id, r.ruleset, r.week) for r in await s.scalars(select(StatActiveDay))
        }
        best = {
            (r.game_id, r.hand_index, r.seat, r.user_id, r.ruleset, r.value, repr(r.detail))
            for r in await s.scalars(select(StatBestHand))
        }
        games = {(r.game_id, r.ruleset, r.day) for r in await s.scalars(select(StatGame))}
    return {"counters": counters, "active": active, "best": best, "games": games}


# ------------------------------------------------------------------ the tests


async def test_every_player_statistic_equals_a_recount_from_the_records(database: Database):
    await seed(database)
    async with database.session() as s:
        for player in range(1, 6):
            found = (await stats.player_statistics(s, player))["rulesets"]
            expected = {rs: recount(player, rs) for rs in ("riichi", "mcr", "sichuan")}
            expected = {rs: e for rs, e in expected.items() if e["games"]}
            assert set(found) == set(expected), player
            for rs, e in expected.items():
                assert shown(found[rs]) == e, (player, rs)
    # Something to compare: the seeded games have wins, deal-ins, calls and riichi in them.
    assert recount(1, "riichi")["hands"] > 0
    totals = Counter()
    for player in range(1, 6):
        for rs in ("riichi", "mcr", "sichuan"):
            r = recount(player, rs)
            totals.update({k: 1 for k in ("win_rate", "deal_in_rate", "call_rate") if r.get(k)})
    assert totals["win_rate"] and totals["deal_in_rate"] and totals["call_rate"]


async def test_casual_and_supplied_seed_games_count_nowhere(database: Database):
    await seed(database)
    async with database.session() as s:
        riichi = (await stats.player_statistics(s, 1, "riichi"))["rulesets"]["riichi"]
        platform = await stats.platform_statistics(s, days=14, today=date(2026, 12, 1))
        marked = set(await s.scalars(select(StatGame.game_id)))
    # Player 1 sat in four Riichi games: one casual, one with a supplied seed.
    assert riichi["games"] == 2
    assert platform["games"] == 5
    assert len(marked) == 5
    day2 = next(d for d in platform["days"] if d["day"] == "2026-11-25")
    assert day2["games"] == 1  # the MCR game; the supplied-seed Riichi game that day is out
    casual_day = next(d for d in platform["days"] if d["day"] == "2026-11-24")
    assert casual_day["games"] == 1


async def test_rebuild_equals_the_incremental_updates_and_repeats(database: Database):
    await seed(database)
    incremental = await snapshot(database)
    async with database.session() as s:
        summary = await stats.rebuild(s)
    assert summary["games"] == 5
    rebuilt = await snapshot(database)
    assert rebuilt == incremental
    async with database.session() as s:
        await stats.rebuild(s)
    assert await snapshot(database) == incremental
    # A game already added changes nothing when added again.
    async with database.session() as s:
        for game_id in sorted(g for g, _r, _d in incremental["games"]):
            assert await stats.record_game(s, game_id) is False
    assert await snapshot(database) == incremental


async def test_rebuild_fills_the_tables_from_records_alone(database: Database):
    await seed(database, count=False)  # stored games, no summaries yet (as after migrating)
    assert (await snapshot(database))["counters"] == {}
    async with database.session() as s:
        await stats.rebuild(s)
        found = (await stats.player_statistics(s, 3))["rulesets"]
    for rs in ("riichi", "mcr", "sichuan"):
        assert shown(found[rs]) == recount(3, rs)


async def test_platform_statistics_equal_a_recount(database: Database):
    await seed(database)
    async with database.session() as s:
        p = await stats.platform_statistics(s, days=14, today=date(2026, 12, 1))
    counted = [g for g in GAMES if not g[5] and not g[6]]
    per_day: Counter[str] = Counter()
    active: dict[str, set[int]] = defaultdict(set)
    weeks: dict[str, set[int]] = defaultdict(set)
    for _rs, _k, seats, offset, _m, _c, _s in counted:
        day = (DAY + timedelta(days=offset)).date()
        per_day[day.isoformat()] += 1
        people = {uid for _, uid, bot in seats if uid is not None and not bot}
        active[day.isoformat()] |= people
        weeks[(day - timedelta(days=day.weekday())).isoformat()] |= people
    assert {d["day"]: d["games"] for d in p["days"] if d["games"]} == dict(per_day)
    assert {d["day"]: d["active_players"] for d in p["days"] if d["active_players"]} == {
        d: len(u) for d, u in active.items()
    }
    assert {w["week"]: w["active_players"] for w in p["weeks"] if w["active_players"]} == {
        w: len(u) for w, u in weeks.items()
    }
    assert p["games"] == len(counted)
    assert p["rulesets"] == [
        {"ruleset": "riichi", "games": 2},
        {"ruleset": "sichuan", "games": 2},
        {"ruleset": "mcr", "games": 1},
    ]
    assert {(x["ruleset"], x["preset"]): x["games"] for x in p["presets"]} == {
        ("riichi", "majsoul-tonpuu"): 2,
        ("sichuan", "majsoul-bloodshed"): 2,
        ("mcr", "mcr-1round"): 1,
    }
    hands = sum(len(records()[rs][k]["hands"]) for rs, k, *_ in counted)
    assert p["average_game"]["hands"] == round(hands / 5, 1)
    assert p["average_game"]["minutes"] == round(sum(g[4] for g in counted) / 5, 1)
    bot_games = sum(1 for g in counted if any(s[2] for s in g[2]))
    bot_seats = sum(1 for g in counted for s in g[2] if s[2])
    assert p["bot_share"] == {"games": round(bot_games / 5, 4), "seats": round(bot_seats / 20, 4)}


async def test_a_known_hand_is_among_its_winners_best_hands(database: Database):
    """The first win of the first Riichi game, read from its record, shows up as it is."""
    await seed(database)
    record = records()["riichi"][0]
    hand_index, hand = next((i, h) for i, h in enumerate(record["hands"]) if h["wins"])
    win = hand["wins"][0]
    winner = GAMES[0][2][win["seat"]][1]
    async with database.session() as s:
        found = (await stats.player_statistics(s, winner, "riichi"))["rulesets"]["riichi"]
    mine = [b for b in found["best_hands"] if b["label"] == hand["label"] and b["game_id"] == 1]
    assert mine and mine[0]["value"] == win["total"]
    assert mine[0]["yaku"] == win["yaku"] and mine[0]["hand_index"] == hand_index
    for name, _han in win["yaku"]:
        assert any(y["name"] == name for y in found["yaku"])


async def test_a_sealed_duplicate_games_hands_stay_hidden_until_its_set_closes(database: Database):
    """A best hand names a tile and yaku of a wall other tables of the set have yet to play."""
    from openmahjong.store.record_models import DuplicateSet, DuplicateTable

    await seed(database)
    record = records()["riichi"][0]
    win = next(h for h in record["hands"] if h["wins"])["wins"][0]
    winner = GAMES[0][2][win["seat"]][1]

    async def games_shown() -> set[int]:
        async with database.session() as s:
            found = (await stats.player_statistics(s, winner, "riichi"))["rulesets"]["riichi"]
        return {b["game_id"] for b in found["best_hands"]}

    assert 1 in await games_shown()
    async with database.session() as s:
        header = record["header"]
        s.add(
            DuplicateSet(
                key="dup1",
                name="set",
                ruleset="riichi",
                preset="majsoul-tonpuu",
                commitment=header["commitment"],
                salt=header["salt"],
                master_seed=header["master_seed"],
                closes_at=None,
            )
        )
        await s.flush()
        s.add(DuplicateTable(game_id=1, set_key="dup1"))
    assert 1 not in await games_shown()
    async with database.session() as s:
        row = await s.get(DuplicateSet, "dup1")
        row.closes_at = datetime.now(UTC) - timedelta(minutes=1)
    assert 1 in await games_shown()
