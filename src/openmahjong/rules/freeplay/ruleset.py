"""The free-play ruleset object the registry (entry-point group ``openmahjong.rulesets``)
exposes: ``freeplay = "openmahjong.rules.freeplay.ruleset:RULESET"``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from openmahjong.hand.shanten import RIICHI_FORMS
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.freeplay.events import EVENTS
from openmahjong.rules.freeplay.match import FreeplayMatch
from openmahjong.rules.freeplay.options import PRESET_TABLE, FreeplayOptions
from openmahjong.rules.freeplay.web_client import client_info
from openmahjong.rules.kit import BaseRuleset

__all__ = ["FreeplayRuleset", "RULESET"]


class FreeplayRuleset(BaseRuleset[FreeplayOptions, FreeplayMatch]):
    """Free play. Its ready and winning checks are the shared ones of sets and a pair, seven
    pairs and thirteen orphans: a help for players (and its bot), enforced nowhere."""

    standard_preset = "freeplay"

    def bot(self, seed: int) -> Bot:
        from openmahjong.rules.freeplay.bot import FreeplayBot

        return FreeplayBot(seed)

    def client_info(self) -> dict[str, Any]:
        return {**super().client_info(), **client_info()}


RULESET = FreeplayRuleset(
    match_type=FreeplayMatch,
    options_schema=FreeplayOptions,
    presets=PRESET_TABLE,
    shape_forms=RIICHI_FORMS,
    events=EVENTS,
)

if TYPE_CHECKING:
    _AS_CONTRACT: Ruleset = RULESET
