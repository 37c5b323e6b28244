"""The Riichi ruleset object a registry (entry-point group ``openmahjong.rulesets``) exposes.

Register it with ``riichi = "openmahjong.rules.riichi.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from openmahjong.fairness import shuffled_wall
from openmahjong.rules.riichi.game.match import RiichiMatch
from openmahjong.rules.riichi.game.options import (
    PRESET_ALIASES,
    PRESETS,
    GameOptions,
    preset,
    preset_name,
)
from openmahjong.rules.riichi.game.waits import is_complete, is_ready
from openmahjong.tiles import counts34

__all__ = ["PresetTable", "RiichiRuleset", "RULESET"]


class PresetTable(Mapping[str, GameOptions]):
    """The presets as a read-only mapping: iterates the canonical names; ``in`` and ``[]``
    also answer the aliases (``PRESET_ALIASES``), so every caller that checks a name accepts
    them with no change."""

    def __getitem__(self, name: str) -> GameOptions:
        try:
            return PRESETS[preset_name(name)]
        except ValueError:
            raise KeyError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(PRESETS)

    def __len__(self) -> int:
        return len(PRESETS)


@dataclass(frozen=True)
class RiichiRuleset:
    name: str = "riichi"
    seats: int = 4
    tiles: int = 136
    options_schema: type[GameOptions] = GameOptions

    @property
    def presets(self) -> PresetTable:
        """The presets by name; an alias (``MAJSOUL_TONPUU``) is found too but not listed."""
        return PresetTable()

    @property
    def preset_aliases(self) -> dict[str, str]:
        """Other names of presets -> the canonical name (listed by ``GET /api/rooms/rulesets``
        for the lobby form)."""
        return dict(PRESET_ALIASES)

    @staticmethod
    def preset_name(name: str) -> str:
        """The canonical name of a preset or alias (``ValueError`` when unknown)."""
        return preset_name(name)

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
