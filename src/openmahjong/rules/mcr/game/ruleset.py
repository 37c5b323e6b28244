"""The MCR ruleset object the registry (entry-point group ``openmahjong.rulesets``) exposes.

Register it with ``mcr = "openmahjong.rules.mcr.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from openmahjong.hand.shanten import MCR_FORMS
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.kit import BaseRuleset
from openmahjong.rules.mcr.game.match import McrMatch
from openmahjong.rules.mcr.game.options import PRESET_TABLE, McrOptions
from openmahjong.rules.mcr.game.round import FalseWinPenalised, FlowerRevealed, McrWon
from openmahjong.rules.mcr.game.web_client import client_info

__all__ = ["McrRuleset", "RULESET"]


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


RULESET = McrRuleset(
    match_type=McrMatch,
    options_schema=McrOptions,
    presets=PRESET_TABLE,
    shape_forms=MCR_FORMS,
    events=(FlowerRevealed, McrWon, FalseWinPenalised),
)

if TYPE_CHECKING:  # mypy (make check) proves that the ruleset keeps the whole contract
    _AS_CONTRACT: Ruleset = RULESET
