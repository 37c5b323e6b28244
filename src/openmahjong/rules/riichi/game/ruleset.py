"""The Riichi ruleset object a registry (entry-point group ``openmahjong.rulesets``) exposes.

Register it with ``riichi = "openmahjong.rules.riichi.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openmahjong.fairness import shuffled_wall
from openmahjong.rules.riichi.game.match import RiichiMatch
from openmahjong.rules.riichi.game.options import PRESETS, GameOptions, preset
from openmahjong.rules.riichi.game.waits import is_complete, is_ready
from openmahjong.tiles import counts34

__all__ = ["RiichiRuleset", "RULESET"]


@dataclass(frozen=True)
class RiichiRuleset:
    name: str = "riichi"
    seats: int = 4
    tiles: int = 136
    options_schema: type[GameOptions] = GameOptions

    @property
    def presets(self) -> dict[str, GameOptions]:
        return dict(PRESETS)

    def options(self, name: str, **changes: object) -> GameOptions:
        return preset(name, **changes)

    def wall(self, master_seed: int, round_index: int, *, red_fives: bool = True) -> list[int]:
        return shuffled_wall("riichi", master_seed, round_index, red_fives=red_fives)

    def new_match(self, options: GameOptions | str, seed: int) -> RiichiMatch:
        if isinstance(options, str):
            options = preset(options)
        return RiichiMatch(options, master_seed=seed)

    @staticmethod
    def is_ready(concealed: Iterable[int]) -> bool:
        """A concealed hand of 13 - 3k tiles is one tile from a winning shape."""
        return is_ready(counts34(concealed))

    @staticmethod
    def is_winning_shape(concealed: Iterable[int]) -> bool:
        """A concealed hand of 14 - 3k tiles has a winning shape (yaku not checked)."""
        return is_complete(counts34(concealed))


RULESET = RiichiRuleset()
