"""The MCR ruleset object the registry (entry-point group ``openmahjong.rulesets``) exposes.

Register it with ``mcr = "openmahjong.rules.mcr.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openmahjong.fairness import shuffled_wall
from openmahjong.hand.shanten import MCR_FORMS, shanten_counts
from openmahjong.rules.mcr.game.match import McrMatch
from openmahjong.rules.mcr.game.options import PRESETS, McrOptions, preset
from openmahjong.tiles import counts34, is_flower

__all__ = ["McrRuleset", "RULESET"]


def _shanten(concealed: Iterable[int]) -> int:
    return shanten_counts(counts34(t for t in concealed if not is_flower(t)), forms=MCR_FORMS)


@dataclass(frozen=True)
class McrRuleset:
    name: str = "mcr"
    seats: int = 4
    tiles: int = 144
    options_schema: type[McrOptions] = McrOptions

    @property
    def presets(self) -> dict[str, McrOptions]:
        return dict(PRESETS)

    def options(self, name: str, **changes: object) -> McrOptions:
        return preset(name, **changes)

    def wall(self, master_seed: int, current_round: int) -> list[int]:
        """The wall of the hand numbered ``current_round`` (1-4) within its wind round."""
        return shuffled_wall("mcr", master_seed, current_round)

    def new_match(self, options: McrOptions | str, seed: int) -> McrMatch:
        if isinstance(options, str):
            options = preset(options)
        return McrMatch(options, master_seed=seed)

    @staticmethod
    def is_ready(concealed: Iterable[int]) -> bool:
        """A concealed hand of 13 - 3k tiles is one tile from a winning shape (fans unchecked)."""
        return _shanten(concealed) == 0

    @staticmethod
    def is_winning_shape(concealed: Iterable[int]) -> bool:
        """A concealed hand of 14 - 3k tiles has a winning shape (the 8 fans unchecked)."""
        return _shanten(concealed) == -1


RULESET = McrRuleset()
