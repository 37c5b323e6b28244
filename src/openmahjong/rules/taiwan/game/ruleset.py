"""The Taiwan 16-tile ruleset object.

Entry point: ``taiwan = "openmahjong.rules.taiwan.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from openmahjong.hand.shanten import REGULAR
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.kit import BaseRuleset
from openmahjong.rules.mcr.game.round import FalseWinPenalised, FlowerRevealed
from openmahjong.rules.taiwan.game.match import TaiwanMatch
from openmahjong.rules.taiwan.game.options import PRESET_TABLE, TaiwanOptions
from openmahjong.rules.taiwan.game.round import TaiwanWon
from openmahjong.rules.taiwan.game.web_client import client_info
from openmahjong.rules.taiwan.scoring import SETS_IN_A_WIN, is_winning
from openmahjong.tiles import ALL_KINDS, is_flower

__all__ = ["TaiwanRuleset", "RULESET"]


def _melds_of(tiles: list[int]) -> int:
    """How many melds a concealed part of this size leaves room for (17 - 3k / 16 - 3k)."""
    return SETS_IN_A_WIN - len(tiles) // 3


class TaiwanRuleset(BaseRuleset[TaiwanOptions, TaiwanMatch]):
    standard_preset = "taiwan-4rounds"

    @property
    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from openmahjong.bots.taiwan import TAIWAN_BOTS

        return TAIWAN_BOTS

    def bot(self, seed: int) -> Bot:
        from openmahjong.bots.taiwan import TaiwanBot

        return TaiwanBot(seed)

    def client_info(self) -> dict[str, Any]:
        return {**super().client_info(), **client_info()}

    @property
    def analysis_forms(self) -> tuple[str, ...]:
        return (REGULAR,)  # five sets and a pair; the regular form measures 16/17-tile hands

    def is_ready(self, concealed: Iterable[int]) -> bool:
        """16 - 3k tiles one tile from five sets and a pair (flowers set aside)."""
        hand = [t for t in concealed if not is_flower(t)]
        melds = _melds_of(hand)
        return any(is_winning([*hand, k], melds) for k in ALL_KINDS)

    def is_winning_shape(self, concealed: Iterable[int]) -> bool:
        """17 - 3k tiles of five sets and a pair (flowers set aside)."""
        hand = [t for t in concealed if not is_flower(t)]
        return is_winning(hand, _melds_of(hand))


RULESET = TaiwanRuleset(
    match_type=TaiwanMatch,
    options_schema=TaiwanOptions,
    presets=PRESET_TABLE,
    events=(TaiwanWon, FlowerRevealed, FalseWinPenalised),
)

if TYPE_CHECKING:
    _AS_CONTRACT: Ruleset = RULESET
