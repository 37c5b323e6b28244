"""A whole MCR game between four people, each on their own WebSocket, against a live uvicorn
(issue #7's acceptance): registered accounts open and join a room, get ready and play one wind
round to the end, then the game is checked from every side a player or a visitor can see it.

Each client plays like a careful beginner: it follows its own concealed hand from the messages
it receives (the deal in ``view``, its own draws, flowers laid out and discards), declares a
win whenever one is offered, passes every claim and otherwise discards the tile that leaves
the lowest MCR shanten. The room is given a master seed (duplicate play), so the game is known
in advance: the pure engine, fed the same choices, plays it to the same points.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from server_helpers import PASSWORD
from test_room_play import check_no_leak, seat_everyone

from openmahjong import fairness
from openmahjong.cli.replay import check_data
from openmahjong.rules.mcr.game.match import McrMatch, replay_match
from openmahjong.rules.mcr.game.options import McrOptions
from openmahjong.rules.mcr.game.shape import mcr_shanten
from openmahjong.server.client import PlayClient
from openmahjong.table.actions import action_from_dict, action_to_dict
from openmahjong.tiles import index34, is_flower

pytestmark = pytest.mark.asyncio

NAMES = ["ana", "bao", "chen", "dara"]
#: A seed whose game (with these players' choices) has a draw, two self-drawn wins and a win
#: on a discard, so every kind of MCR payment is made.
MASTER_SEED = "18834809ebe3041adad3e0721f732e8f6e87ceb1f97f382648dbea620f94b8da"
#: Clocks long enough that nobody times out on a loaded machine: a timeout would play the
#: default action and the game would no longer be the engine's.
TABLE = {"move_seconds": 60, "bank_seconds": 60, "call_protection": False, "spectator_delay": 0}

Message = dict[str, Any]


def choose(hand: list[int], actions: list[Message]) -> Message:
    """Win when offered; pass claims; discard the tile leaving the lowest MCR shanten (the
    last such one offered on a tie)."""
    for kind in ("tsumo", "ron", "pass"):
        for action in actions:
            if action["type"] == kind:
                return action
    discards = [a for a in actions if a["type"] == "discard"]
    assert discards, f"nothing this player knows how to answer: {actions}"

    def shanten_after(action: Message) -> int:
        counts = [0] * 34
        rest = list(hand)
        rest.remove(action["tile"])
        for tile in rest:
            counts[index34(tile)] += 1
        return mcr_shanten(counts)

    best = min(shanten_after(a) for a in discards)
    return [a for a in discards if shanten_after(a) == best][-1]


class Player:
    """One person's client: follows the concealed hand from the messages, answers prompts."""

    def __init__(self, client: PlayClient) -> None:
        self.client = client
        self.seat: int | None = None
        self.hand: list[int] = []
        self.turns_checked = 0
        self._read = 0  # messages of client.log already followed

    def _follow(self, upto: int) -> None:
        for message in self.client.log[self._read : upto]:
            if message["type"] == "view":
                self.seat = message["seat"]
                self.hand = list(message["view"]["hand"])
            elif message["type"] == "event":
                self._see(message["event"])
        self._read = upto

    def _see(self, event: Message) -> None:
        if event.get("seat") != self.seat:
            return
        kind = event["type"]
        if kind == "Drew":
            self.hand.append(event["tile"])
        elif kind in ("Discarded", "FlowerRevealed"):
            self.hand.remove(event["tile"])
        elif kind == "Called":
            raise AssertionError("this player never calls")

    async def play(self) -> Message:
        """Answer every prompt until the game ends; returns ``game_end``."""
        while True:
            message = await self.client.next(lambda m: m["type"] in ("prompt", "game_end"), 120)
            self._follow(self.client.log.index(message))
            if message["type"] == "game_end":
                return message
            assert message["context"]["seat"] == self.seat
            offered = {a["tile"] for a in message["actions"] if a["type"] == "discard"}
            if offered:
                # The messages were enough to know the hand: exactly its tiles are offered.
                assert not any(is_flower(t) for t in self.hand)
                assert offered == set(self.hand) and len(self.hand) % 3 == 2
                self.turns_checked += 1
            action = choose(self.hand, message["actions"])
            await self.client.send({"type": "reply", "seq": message["seq"], "action": action})


def engine_game(header: Message) -> McrMatch:
    """The same game in the pure engine: same seed, same players, same choices."""
    match = McrMatch(
        McrOptions(**header["options"]),
        fairness.parse_master_seed(MASTER_SEED),
        players=header["player_entry_order"],
        salt=header["salt"],
    )
    while not match.finished:
        table = match.table
        seat = min(table.waiting_for())
        legal = [action_to_dict(a) for a in table.legal_actions(seat)]
        legal = [{k: list(v) if isinstance(v, tuple) else v for k, v in a.items()} for a in legal]
        match.act(seat, action_from_dict(choose(list(table.seats[seat].hand), legal)))
    return match


async def sign_up(http: httpx.AsyncClient, name: str) -> str:
    body = {"name": name, "password": PASSWORD, "session": "bearer"}
    response = await http.post("/api/auth/register", json=body)
    assert response.status_code == 201, response.text
    return response.json()["token"]


async def test_four_people_play_a_whole_mcr_game_over_real_sockets(live):
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        tokens = [await sign_up(http, name) for name in NAMES]
        created = await http.post(
            "/api/rooms",
            json={
                "name": "one wind",
                "ruleset": "mcr",
                "preset": "mcr-1round",
                "table": TABLE,
                "master_seed": MASTER_SEED,
            },
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        assert created.status_code == 201, created.text
        room = created.json()
        assert room["rules"]["rounds"] == 1 and room["supplied_seed"]
    clients = [PlayClient(f"ws://{live}/ws", token) for token in tokens]
    for client in clients:
        await client.connect()
    await seat_everyone(room["id"], clients)
    starts = [await c.next("game_start") for c in clients]
    players = [Player(c) for c in clients]
    ends = await asyncio.gather(*(p.play() for p in players))

    # Every seat played its own turns, knowing its hand from what it was sent.
    assert sorted(s["seat"] for s in starts) == [0, 1, 2, 3]
    assert all(p.turns_checked > 10 for p in players)
    # Commit-reveal: the seed shown at the end is the one committed to at the start.
    start, end = starts[0], ends[0]
    assert {s["commitment"] for s in starts} == {start["commitment"]}
    assert {e["master_seed"] for e in ends} == {MASTER_SEED}
    seed = fairness.parse_master_seed(end["master_seed"])
    assert format(fairness.commitment(seed, start["salt"]), "064x") == start["commitment"]
    # MCR payments move points between players only: they sum to zero.
    result = end["result"]
    assert sum(result["final_points"]) == 0 and sorted(result["places"]) == [1, 2, 3, 4]
    # No seat was ever sent another seat's concealed tiles, the wall or the seed early.
    for player, start_message in zip(players, starts, strict=True):
        check_no_leak(start_message["seat"], player.client.log)
    for client in clients:
        await client.close()

    game = start["game"]
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        listed = (await http.get("/api/games", params={"ruleset": "mcr"})).json()["games"]
        (row,) = [g for g in listed if g["id"] == game]
        assert row["ruleset"] == "mcr" and row["preset"] == "mcr-1round" and not row["has_bots"]
        assert sorted(s["name"] for s in row["seats"]) == sorted(NAMES)
        assert sorted(s["placement"] for s in row["seats"]) == [1, 2, 3, 4]
        assert sum(s["score"] for s in row["seats"]) == 0
        riichi = (await http.get("/api/games", params={"ruleset": "riichi"})).json()["games"]
        assert game not in [g["id"] for g in riichi]
        by_name = (await http.get("/api/games", params={"player": "CHEN"})).json()["games"]
        assert [g["id"] for g in by_name] == [game]
        chen = next(s["player_id"] for s in row["seats"] if s["name"] == "chen")
        page = (await http.get(f"/api/players/{chen}")).json()
        assert [g["id"] for g in page["recent_games"]] == [game]
        record = (await http.get(f"/api/games/{game}/record")).json()
        unsupported = await http.get(f"/api/games/{game}/record", params={"format": "tenhou6"})
        assert unsupported.status_code == 422
        assert unsupported.json()["error"]["code"] == "export_unsupported"

    # The downloaded record replays hand by hand, as `openmahjong replay check` does it.
    header = record["header"]
    assert header["ruleset"] == "mcr" and header["master_seed"] == MASTER_SEED
    assert header["commitment"] == start["commitment"]
    report = check_data(record, f"game {game}")
    assert report.status == "ok", report.mismatches or report.error
    assert report.hands == report.hands_matched == 4
    assert list(replay_match(record).state.points) == result["final_points"]
    # And it is the engine's game: same hands, same wins, same points per player.
    engine = engine_game(header)
    assert record["hands"] == engine.hands
    assert engine.record()["result"]["final_points"] == result["final_points"]
    wins = [w for hand in engine.hands for w in hand["wins"]]
    assert {w["from_seat"] is None for w in wins} == {True, False}  # self-drawn and discard
    points = dict(zip(engine.players, engine.state.points, strict=True))
    assert {s["name"]: s["score"] for s in row["seats"]} == points
