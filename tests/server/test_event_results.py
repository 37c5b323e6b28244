"""An event's results table (docs/events.md, "Results"): each ruleset's settlement of known
games, the tie-breaks one by one on constructed cases, the CSV, and the table over HTTP from
games stored through the store's own code (in event rooms and outside them), on SQLite and
PostgreSQL."""

from __future__ import annotations

import csv
import io

import pytest
from event_helpers import account, application, client_like
from server_helpers import client_for, register, running
from sqlalchemy import select

from openmahjong.rules.registry import get_ruleset
from openmahjong.server.event_results import (
    FinishedGame,
    SeatOutcome,
    results_csv,
    results_table,
    safe_cell,
)
from openmahjong.store import games as store_games
from openmahjong.store.models import GameStatus, User

_IDS = {"alice": 1, "bob": 2, "carol": 3, "dave": 4, "amy": 5, "Bob": 6}


def options(ruleset: str, preset: str) -> dict:
    return get_ruleset(ruleset).options(preset).model_dump(mode="json")


def game(ruleset: str, preset: str, *seats: tuple[str | None, int, int]) -> FinishedGame:
    """A finished game: (player or None for a bot, final score, placement) seat by seat."""
    return FinishedGame(
        ruleset,
        options(ruleset, preset),
        [
            SeatOutcome(i, _IDS.get(name) if name else None, name or f"bot-{i}", name is None, s, p)
            for i, (name, s, p) in enumerate(seats)
        ],
    )


def table(*games: FinishedGame) -> list[tuple]:
    keys = ("rank", "player", "games", "total", "average_placement", "firsts", "best")
    return [tuple(row[k] for k in keys) for row in results_table(games)]


# --- each ruleset's settlement --------------------------------------------------------------


def test_riichi_counts_the_settled_score_with_uma_and_oka_under_each_games_rules():
    points = [("alice", 38500, 1), ("bob", 27300, 2), ("carol", 21200, 3), (None, 13000, 4)]
    # Mahjong Soul: exact, uma 15/5/-5/-15, no oka: 13.5 + 15, 2.3 + 5, -3.8 - 5.
    assert table(game("riichi", "majsoul-hanchan", *points)) == [
        (1, "alice", 1, 28.5, 1.0, 1, 28.5),
        (2, "bob", 1, 7.3, 2.0, 0, 7.3),
        (3, "carol", 1, -8.8, 3.0, 0, -8.8),
    ]
    # Tenhou: to the thousand, return 30,000, uma 20/10/-10/-20, first takes the oka (49).
    assert table(game("riichi", "tenhou-hanchan", *points)) == [
        (1, "alice", 1, 49, 1.0, 1, 49),
        (2, "bob", 1, 7, 2.0, 0, 7),
        (3, "carol", 1, -19, 3.0, 0, -19),
    ]


def test_mcr_counts_table_points_and_equal_scores_share_them():
    first = game(
        "mcr", "mcr-1round", ("alice", 30, 1), ("bob", 10, 2), ("carol", -5, 3), ("dave", -35, 4)
    )
    assert [(r[1], r[3]) for r in table(first)] == [
        ("alice", 4),
        ("bob", 2),
        ("carol", 1),
        ("dave", 0),
    ]
    tied = game(
        "mcr", "mcr-1round", ("alice", 12, 1), ("bob", 12, 2), ("carol", 0, 3), ("dave", -24, 4)
    )
    assert [(r[1], r[3]) for r in table(tied)] == [
        ("alice", 3),
        ("bob", 3),
        ("carol", 1),
        ("dave", 0),
    ]


def test_sichuan_counts_the_final_point_change():
    start = options("sichuan", "chengdu-xuezhan")["starting_points"]
    played = game(
        "sichuan",
        "chengdu-xuezhan",
        ("alice", start + 12000, 1),
        ("bob", start + 3000, 2),
        ("carol", start - 5000, 3),
        ("dave", start - 10000, 4),
    )
    assert [(r[1], r[3]) for r in table(played)] == [
        ("alice", 12000),
        ("bob", 3000),
        ("carol", -5000),
        ("dave", -10000),
    ]


def test_bots_have_no_row_and_each_ruleset_its_own_table():
    riichi = game(
        "riichi",
        "majsoul-hanchan",
        ("bob", 40000, 1),
        (None, 30000, 2),
        (None, 20000, 3),
        ("alice", 10000, 4),
    )
    mcr = game("mcr", "mcr-1round", ("alice", 30, 1), (None, 10, 2), (None, -5, 3), (None, -25, 4))
    rows = results_table([riichi, mcr])
    assert [(r["ruleset"], r["rank"], r["player"]) for r in rows] == [
        ("mcr", 1, "alice"),
        ("riichi", 1, "bob"),
        ("riichi", 2, "alice"),
    ]


# --- the tie-breaks, one at a time ----------------------------------------------------------


def test_equal_totals_more_first_places_rank_higher():
    # alice 4 + 0, bob 2 + 2: both 4 points, alice with a first place.
    one = game(
        "mcr", "mcr-1round", ("alice", 30, 1), ("bob", 10, 2), ("carol", 0, 3), ("dave", -40, 4)
    )
    two = game(
        "mcr", "mcr-1round", ("carol", 30, 1), ("bob", 10, 2), ("dave", 0, 3), ("alice", -40, 4)
    )
    rows = {r[1]: r for r in table(one, two)}
    assert (rows["alice"][3], rows["alice"][5]) == (4, 1)
    assert (rows["bob"][3], rows["bob"][5]) == (4, 0)
    assert rows["alice"][4] > rows["bob"][4]  # alice's average is the worse one (2.5 vs 2)
    assert rows["alice"][0] < rows["bob"][0]


def test_equal_totals_and_firsts_the_better_average_placement_ranks_higher():
    # alice: 1st, 2nd (6 points, average 1.5); bob: 1st, 3rd, 3rd (6 points, average 2.33).
    games = [
        game(
            "mcr", "mcr-1round", ("alice", 30, 1), ("bob", 5, 3), ("carol", 10, 2), ("dave", -45, 4)
        ),
        game(
            "mcr", "mcr-1round", ("bob", 30, 1), ("alice", 10, 2), ("carol", 5, 3), ("dave", -45, 4)
        ),
        game(
            "mcr", "mcr-1round", ("carol", 30, 1), ("dave", 10, 2), ("bob", 5, 3), ("amy", -45, 4)
        ),
    ]
    rows = {r[1]: r for r in table(*games)}
    assert (rows["alice"][3], rows["alice"][5], rows["alice"][4]) == (6, 1, 1.5)
    assert (rows["bob"][3], rows["bob"][5], rows["bob"][4]) == (6, 1, 2.33)
    assert rows["alice"][0] < rows["bob"][0]


def test_equal_totals_firsts_and_average_the_best_single_game_ranks_higher():
    start = options("sichuan", "chengdu-xuezhan")["starting_points"]
    # alice +30,000 then -10,000; bob +20,000 then 0: both +20,000, one first, average 2.
    one = game(
        "sichuan",
        "chengdu-xuezhan",
        ("alice", start + 30000, 1),
        ("bob", start, 3),
        ("carol", start - 5000, 4),
        ("dave", start + 1000, 2),
    )
    two = game(
        "sichuan",
        "chengdu-xuezhan",
        ("bob", start + 20000, 1),
        ("alice", start - 10000, 3),
        ("carol", start - 20000, 4),
        ("dave", start + 10000, 2),
    )
    rows = {r[1]: r for r in table(one, two)}
    assert rows["alice"][3:6] == rows["bob"][3:6] == (20000, 2.0, 1)
    assert (rows["alice"][6], rows["bob"][6]) == (30000, 20000)
    assert rows["alice"][0] < rows["bob"][0]


def test_all_else_equal_the_name_decides_case_blind():
    # Bob and amy each win once and come second once, with the same points.
    played = game(
        "mcr", "mcr-1round", ("Bob", 10, 1), ("amy", 5, 2), ("carol", 0, 3), ("dave", -15, 4)
    )
    again = game(
        "mcr", "mcr-1round", ("amy", 10, 1), ("Bob", 5, 2), ("carol", 0, 3), ("dave", -15, 4)
    )
    rows = table(played, again)
    assert [r[1] for r in rows[:2]] == ["amy", "Bob"]  # a before B, whatever the case
    assert rows[0][2:] == rows[1][2:]
    assert [r[0] for r in rows[:2]] == [1, 2]


# --- CSV ------------------------------------------------------------------------------------


def test_csv_has_a_header_and_text_cells_safe_from_formulas():
    rows = [
        {"rank": 1, "player": "=HYPERLINK(\"x\")", "games": 2, "total": -12.5,
         "average_placement": 2.5, "firsts": 0, "best": 3.1, "ruleset": "riichi"},
        {"rank": 2, "player": "@sum", "games": 1, "total": -20, "average_placement": 4.0,
         "firsts": 0, "best": -20, "ruleset": "riichi"},
    ]  # fmt: skip
    text = results_csv(rows)
    parsed = list(csv.reader(io.StringIO(text)))
    assert parsed[0] == [
        "rank",
        "player",
        "games",
        "total",
        "average_placement",
        "firsts",
        "best",
        "ruleset",
    ]
    assert parsed[1] == ["1", '\'=HYPERLINK("x")', "2", "-12.5", "2.5", "0", "3.1", "riichi"]
    assert parsed[2][1] == "'@sum" and parsed[2][3] == "-20"
    assert [safe_cell(t) for t in ("+1", "-x", "\tx", "plain", "a=b")] == [
        "'+1",
        "'-x",
        "'\tx",
        "plain",
        "a=b",
    ]


# --- over HTTP, from stored games ----------------------------------------------------------


async def _store_game(app, room_id: int | None, preset: str, seats, status=GameStatus.FINISHED):
    """A game stored and finished by the store's own code: seats of (name or None, score,
    placement)."""
    async with app.state.om.db.session() as s:
        ids = {}
        for name, _, _ in seats:
            if name is not None:
                ids[name] = await s.scalar(select(User.id).where(User.name == name))
        entries = [
            store_games.SeatEntry(i, name or f"bot-{i}", ids.get(name), name is None)
            for i, (name, _, _) in enumerate(seats)
        ]
        stored = await store_games.create_game(
            s,
            ruleset="riichi",
            preset=preset,
            header={"options": options("riichi", preset)},
            seats=entries,
            commitment="1",
            salt="00",
            master_seed="2",
            room_id=room_id,
        )
        if status is not None:
            results = [store_games.SeatResult(i, sc, pl) for i, (_, sc, pl) in enumerate(seats)]
            await store_games.finish_game(s, stored.id, results, status=status)
        await s.commit()


async def _results_over_http(app) -> None:
    async with client_for(app) as organiser, client_for(app) as reviewer:
        await register(organiser, "organiser1")
        await account(app, reviewer, "reviewer1", "event_admin")
        players = {}
        for name in ("alice", "bob", "carol"):
            players[name] = client_like(organiser)
            await register(players[name], name)
        try:
            event_id = (await organiser.post("/api/events", json=application())).json()["id"]
            await reviewer.post(f"/api/events/{event_id}/review", json={"decision": "approve"})
            url = f"/api/events/{event_id}"
            rooms = []
            for preset in ("majsoul-hanchan", "tenhou-hanchan"):
                body = {"name": f"table {preset}", "ruleset": "riichi", "preset": preset}
                r = await organiser.post(f"{url}/rooms", json=body)
                assert r.status_code == 201, r.text
                rooms.append(r.json()["id"])
            elsewhere = (
                await organiser.post(
                    "/api/rooms",
                    json={"name": "x", "ruleset": "riichi", "preset": "majsoul-hanchan"},
                )
            ).json()["id"]
            await _store_game(
                app, rooms[0], "majsoul-hanchan",
                [("alice", 38500, 1), ("bob", 27300, 2), ("carol", 21200, 3), (None, 13000, 4)],
            )  # fmt: skip
            await _store_game(
                app, rooms[1], "tenhou-hanchan",
                [("bob", 40000, 1), ("alice", 30000, 2), ("carol", 20000, 3), (None, 10000, 4)],
            )  # fmt: skip
            # Not counted: a game outside the event, an aborted one, one still played.
            big = [("carol", 90000, 1), ("alice", 5000, 2), ("bob", 3000, 3), (None, 2000, 4)]
            await _store_game(app, elsewhere, "majsoul-hanchan", big)
            await _store_game(app, rooms[0], "majsoul-hanchan", big, status=GameStatus.ABORTED)
            await _store_game(app, rooms[1], "tenhou-hanchan", big, status=None)

            async with client_like(organiser) as visitor:
                rows = (await visitor.get(f"{url}/results")).json()
                page = (await visitor.get(url)).json()
                r = await visitor.get(f"{url}/results.csv")
                listed = (await visitor.get(f"{url}/rooms")).json()
                played = (await visitor.get("/api/users/alice/events")).json()
            # Game 1 (Mahjong Soul): 28.5, 7.3, -8.8; game 2 (Tenhou): bob 50, alice 10, -20.
            assert [
                (x["rank"], x["player"], x["games"], x["total"], x["average_placement"],
                 x["firsts"], x["best"])
                for x in rows
            ] == [
                (1, "bob", 2, 57.3, 1.5, 1, 50),
                (2, "alice", 2, 38.5, 1.5, 1, 28.5),
                (3, "carol", 2, -28.8, 3.0, 0, -8.8),
            ]  # fmt: skip
            assert page["results"] == rows
            assert r.status_code == 200
            assert r.headers["content-type"] == "text/csv; charset=utf-8"
            assert r.headers["content-disposition"] == (
                f'attachment; filename="event-{event_id}-results.csv"'
            )
            lines = list(csv.reader(io.StringIO(r.text)))
            assert lines[0][:2] == ["rank", "player"]
            assert lines[1:] == [
                ["1", "bob", "2", "57.3", "1.5", "1", "50", "riichi"],
                ["2", "alice", "2", "38.5", "1.5", "1", "28.5", "riichi"],
                ["3", "carol", "2", "-28.8", "3.0", "0", "-8.8", "riichi"],
            ]
            # The rooms list each game with its seats; the profile counts the games played
            # in the event's rooms (the aborted and the live one sat there too).
            assert [len(room["games"]) for room in listed] == [2, 2]
            assert listed[0]["games"][0]["seats"][0] == {
                "seat": 0, "name": "alice", "bot": False, "score": 38500, "placement": 1,
            }  # fmt: skip
            assert [(e["id"], e["games"]) for e in played] == [(event_id, 4)]
        finally:
            for c in players.values():
                await c.aclose()


@pytest.mark.asyncio
async def test_the_results_over_http_from_stored_games(app):
    await _results_over_http(app)


@pytest.mark.asyncio
async def test_the_results_on_postgresql(tmp_path):
    from records_helpers import settings_on

    async with settings_on("postgresql", tmp_path) as settings, running(settings) as app:
        await _results_over_http(app)
