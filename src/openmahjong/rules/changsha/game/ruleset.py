"""The Changsha ruleset object the registry (entry-point group ``openmahjong.rulesets``) exposes.

Register it with ``changsha = "openmahjong.rules.changsha.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from openmahjong.hand.shanten import SICHUAN_FORMS
from openmahjong.rules.changsha.game.events import EVENTS
from openmahjong.rules.changsha.game.match import ChangshaMatch
from openmahjong.rules.changsha.game.options import PRESET_TABLE, ChangshaOptions
from openmahjong.rules.changsha.game.web_client import client_info
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.kit import BaseRuleset

__all__ = ["ChangshaRuleset", "RULESET"]


class ChangshaRuleset(BaseRuleset[ChangshaOptions, ChangshaMatch]):
    standard_preset = "changsha-standard"

    def bot(self, seed: int) -> Bot:
        from openmahjong.bots.changsha import ChangshaBot  # the bot imports the ruleset's modules

        return ChangshaBot(seed)

    def client_info(self) -> dict[str, Any]:
        return {**super().client_info(), **client_info()}


RULESET = ChangshaRuleset(
    match_type=ChangshaMatch,
    options_schema=ChangshaOptions,
    presets=PRESET_TABLE,
    shape_forms=SICHUAN_FORMS,
    events=EVENTS,
)

if TYPE_CHECKING:
    _AS_CONTRACT: Ruleset = RULESET
