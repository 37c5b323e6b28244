"""Issue 20 audit: seed verification of Melee (``majsoul-melee``) games. The room changes only
the scorer, so ``seed verify`` (the plain Riichi report) must rebuild every hand's wall: each
hand's dead wall is the last 14 tiles of the verified wall, and the commitment matches."""

from __future__ import annotations

from typing import Any

from openmahjong import fairness
from openmahjong.cli.seed import verification
from openmahjong.rules.riichi.game import preset
from tests.rules.riichi_game.selfplay import PLAYERS, bot_match

MELEE = preset("majsoul-melee")
SEED = 7


def test_seed_verification_rebuilds_every_melee_hands_wall():
    for game in range(3):
        dead: dict[int, list[int]] = {}

        def hand_ended(table: Any, number: int) -> None:
            # After a kan the dead wall grows at its end (a live tile joins it): its first 14 are
            # the 14 it was dealt with.
            dead[number] = list(table.wall.dead)  # noqa: B023 (read before the next game)

        header = bot_match(MELEE, SEED, game, hand_ended).record()["header"]
        report = verification(
            fairness.parse_master_seed(header["master_seed"]),
            header["salt"],
            "riichi",
            max(dead),
            PLAYERS,
            int(header["commitment"], 16),
        )
        assert report["commitment_matches"] is True
        walls = {h["hand_number"]: h["wall"] for h in report["hands"]}
        assert dead and all(list(walls[n][-14:]) == d[:14] for n, d in dead.items()), game
