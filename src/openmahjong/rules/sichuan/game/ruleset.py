"""The Sichuan Bloody ruleset object the registry (entry-point group ``openmahjong.rulesets``)
exposes.

Register it with ``sichuan = "openmahjong.rules.sichuan.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from openmahjong.hand.shanten import SICHUAN_FORMS
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.kit import BaseRuleset
from openmahjong.rules.sichuan.game.events import EVENTS
from openmahjong.rules.sichuan.game.match import SichuanMatch
from openmahjong.rules.sichuan.game.options import PRESET_TABLE, SichuanOptions
from openmahjong.rules.sichuan.game.web_client import client_info

__all__ = ["SichuanRuleset", "RULESET"]


class SichuanRuleset(BaseRuleset[SichuanOptions, SichuanMatch]):
    standard_preset = "majsoul-bloodshed"

    @property
    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from openmahjong.bots.sichuan import SICHUAN_BOTS  # the bots import the ruleset's modules

        return SICHUAN_BOTS

    def bot(self, seed: int) -> Bot:
        from openmahjong.bots.sichuan import SichuanBot  # the bots import the ruleset's modules

        return SichuanBot(seed)

    def client_info(self) -> dict[str, Any]:
        return {**super().client_info(), **client_info()}


RULESET = SichuanRuleset(
    match_type=SichuanMatch,
    options_schema=SichuanOptions,
    presets=PRESET_TABLE,
    shape_forms=SICHUAN_FORMS,
    events=EVENTS,
)

if TYPE_CHECKING:  # mypy (make check) proves that the ruleset keeps the whole contract
    _AS_CONTRACT: Ruleset = RULESET
