"""The MCR ruleset object the registry (entry-point group ``openmahjong.rulesets``) exposes.

Register it with ``mcr = "openmahjong.rules.mcr.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from openmahjong.hand.shanten import MCR_FORMS, shanten_counts
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.kit import BaseRuleset
from openmahjong.rules.mcr.game.match import McrMatch
from openmahjong.rules.mcr.game.options import PRESET_TABLE, McrOptions
from openmahjong.rules.mcr.game.round import FalseWinPenalised, FlowerRevealed, McrWon
from openmahjong.rules.mcr.game.web_client import client_info
from openmahjong.tiles import counts34, is_flower

__all__ = ["McrRuleset", "RULESET"]


def _shanten(concealed: Iterable[int]) -> int:
    return shanten_counts(counts34(t for t in concealed if not is_flower(t)), forms=MCR_FORMS)


class McrRuleset(BaseRuleset[McrOptions, McrMatch]):
    standard_preset = "mcr-4rounds"

    @property
    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from openmahjong.bots.mcr import MCR_BOTS  # the bots import the ruleset's modules

        return MCR_BOTS

    def bot(self, seed: int) -> Bot:
        from openmahjong.bots.mcr import McrBot  # the bots import the ruleset's modules

        return McrBot(seed)

    def client_info(self) -> dict[str, Any]:
        return {**super().client_info(), **client_info()}

    def is_ready(self, concealed: Iterable[int]) -> bool:
        """A concealed hand of 13 - 3k tiles is one tile from a winning shape (fans unchecked)."""
        return _shanten(concealed) == 0

    def is_winning_shape(self, concealed: Iterable[int]) -> bool:
        """A concealed hand of 14 - 3k tiles has a winning shape (the 8 fans unchecked)."""
        return _shanten(concealed) == -1


RULESET = McrRuleset(
    match_type=McrMatch,
    options_schema=McrOptions,
    presets=PRESET_TABLE,
    events=(FlowerRevealed, McrWon, FalseWinPenalised),
)

if TYPE_CHECKING:  # mypy (make check) proves that the ruleset keeps the whole contract
    _AS_CONTRACT: Ruleset = RULESET
