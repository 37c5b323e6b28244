"""Starting a room's game: the master seed (drawn, or supplied for duplicate play), the
commitment and salt, the seat order, the match with the room's options, and the game stored
(with the room set playing) before anyone hears of it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from openmahjong import fairness
from openmahjong.rules.contract import Ruleset
from openmahjong.server import clocks
from openmahjong.server.game_state import _Game
from openmahjong.server.parts import RoomParts
from openmahjong.server.seats import RoomError, SeatSlot
from openmahjong.store import duplicates as store_duplicates
from openmahjong.store import games as store_games
from openmahjong.store import rooms as store_rooms
from openmahjong.store.models import Room as RoomRow
from openmahjong.store.models import RoomStatus, utcnow
from openmahjong.store.record_models import DuplicateSet

__all__ = ["GameSetup", "duplicate_walls", "table_options"]


async def duplicate_walls(s: Any, key: str, entries: Sequence[SeatSlot]) -> tuple[int, str]:
    """The master seed and salt of duplicate set ``key`` for a new table of ``entries``:
    refused once the set has stopped taking tables, or when a player already sat at one of
    its tables (they would know the walls)."""
    found = await s.get(DuplicateSet, key)
    if found is None:
        raise RoomError("no_such_duplicate", f"no duplicate set {key}", key=key)
    if found.closes_at is not None and found.closes_at <= utcnow():
        raise RoomError(
            "duplicate_closed", f"duplicate set {key} takes no more tables: it is closed", key=key
        )
    ids = [e.user_id for e in entries if e.user_id is not None and not (e.bot or e.remote)]
    again = await store_duplicates.played_in_set(s, key, ids)
    if again:
        names = ", ".join(e.name for e in entries if e.user_id in again)
        raise RoomError(
            "duplicate_played",
            f"{names} already played a table of duplicate set {key}: they know its walls",
            key=key,
        )
    return fairness.parse_master_seed(found.master_seed), found.salt


def table_options(ruleset: Ruleset, row: RoomRow, tactical: bool | None, has_bots: bool) -> Any:
    """The options a room's game plays: its stored rules; a claim mode follows the table's
    tactical setting (by default tactical calls only among people)."""
    rules = dict((row.options or {}).get("rules", {}))
    if "claim_mode" in rules:
        wanted = tactical if tactical is not None else not has_bots
        if not wanted:
            rules["claim_mode"] = "standard"
        elif rules["claim_mode"] == "standard":
            rules["claim_mode"] = "tactical"
    return ruleset.options_schema(**rules)


class GameSetup(RoomParts):
    """Starting a game: the match from the seed and the room's options, the stored game row,
    the seats' bots and banks, and the first messages. Mixed into
    :class:`~openmahjong.server.room.Room`."""

    def _new_match(
        self,
        master_seed: int,
        salt: str,
        entries: list[SeatSlot],
        options: Any = None,
    ) -> Any:
        """The match of ``entries`` (players in the order they joined): it seats them by the
        master seed (``fairness.seat_order``), as ``_begin`` seats the slots."""
        if options is None:
            has_bots = any(s.bot or s.remote for s in entries)
            options = table_options(self.ruleset, self.row, self.settings.tactical_calls, has_bots)
        return self.ruleset.new_match([s.name for s in entries], master_seed, salt, options)

    async def _begin(self, entries: list[SeatSlot], from_queue: Sequence[int] = ()) -> None:
        """Store and start the game of ``entries``; players seated from matchmaking lose their
        stored places in the same transaction (``from_queue``: their ids)."""
        if from_queue and self.supplied_seed is not None:
            # Matchmaking makes its own rooms without a seed; should one ever carry a supplied
            # seed, its owner would know the walls of strangers' game: never start it.
            raise ValueError(f"room {self.id} has a supplied seed: not a matchmaking table")
        db = self.manager.state.db
        salt = fairness.new_salt()
        if self.duplicate_key is not None:
            if from_queue:
                raise ValueError(f"room {self.id} plays a duplicate set: not a matchmaking table")
            async with db.session() as s:
                master_seed, salt = await duplicate_walls(s, self.duplicate_key, entries)
        elif self.supplied_seed is not None:
            master_seed = fairness.parse_master_seed(self.supplied_seed)
        else:
            master_seed = fairness.new_seed()
        commitment = fairness.format_commitment(fairness.commitment(master_seed, salt))
        seats = fairness.seat_order(master_seed, entries)
        match = self._new_match(master_seed, salt, entries)
        header = match.record(reveal=False)["header"]
        header = {k: v for k, v in header.items() if k != "master_seed"}
        if self.duplicate_key is not None:
            header["duplicate_key"] = self.duplicate_key
        async with db.session() as s:
            row = await store_games.create_game(
                s,
                ruleset=self.ruleset_name,
                preset=self.preset,
                header=header,
                seats=[
                    store_games.SeatEntry(
                        i, slot.name, user_id=slot.user_id, is_bot=slot.bot or slot.remote
                    )
                    for i, slot in enumerate(seats)
                ],
                commitment=commitment,
                salt=salt,
                master_seed=fairness.format_master_seed(master_seed),
                room_id=self.id,
                supplied_seed=self.supplied_seed is not None,
                casual=self.casual,
                tier=self.tier,
            )
            if self.duplicate_key is not None:
                await store_duplicates.link_game(s, self.duplicate_key, row.id)
            await store_rooms.set_status(s, self.id, RoomStatus.PLAYING)
            if from_queue:
                await store_rooms.leave_queue(s, from_queue)
            game_id = row.id
            started_at = row.started_at
        self.game = self._game(game_id, match, seats, commitment, salt, master_seed, started_at)
        self.lobby = [None] * self.size
        self._launch()

    def _game(
        self,
        game_id: int,
        match: Any,
        seats: list[SeatSlot],
        commitment: str,
        salt: str,
        master_seed: int,
        started_at: datetime,
    ) -> _Game:
        game = _Game(
            id=game_id,
            match=match,
            seats=seats,
            commitment=commitment,
            salt=salt,
            master_seed=master_seed,
            started_at=started_at,
            banks=clocks.fresh_banks(self.settings.bank_seconds, self.size),
        )
        for i, slot in enumerate(seats):
            if slot.bot or slot.remote:  # a bot account's stand-in too
                game.bots[i] = self.ruleset.bot((master_seed >> (32 * i)) ^ i)
            if slot.user_id is not None:
                self.manager.seated(slot.user_id, self)
        game.hands_done = len(match.results)
        return game

    def _launch(self) -> None:
        game = self.game
        assert game is not None
        if not game.public_log:
            # The match dealt its hand before any action went through _broadcast: spectators
            # get that hand's public events (HandStarted first) the same delayed way.
            self._log_hand_start(game, self.clock.monotonic())
        self.announce()
        for i, slot in enumerate(game.seats):
            if slot.user_id is not None:
                self._send_game_start(slot.user_id, i)
        for ch in list(self.spectators.values()):
            self._send_spectator_start(ch)
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"room-{self.id}")
