"""The Changsha ruleset object the registry (entry-point group ``openmahjong.rulesets``) exposes.

Register it with ``changsha = "openmahjong.rules.changsha.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from openmahjong.hand.shanten import SICHUAN_FORMS, shanten_counts
from openmahjong.rules.changsha.game.events import EVENTS
from openmahjong.rules.changsha.game.match import ChangshaMatch
from openmahjong.rules.changsha.game.options import PRESET_TABLE, ChangshaOptions
from openmahjong.rules.changsha.game.web_client import client_info
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.kit import BaseRuleset
from openmahjong.tiles import counts34

__all__ = ["ChangshaRuleset", "RULESET"]


def _shanten(concealed: Iterable[int]) -> int:
    return shanten_counts(counts34(concealed), forms=SICHUAN_FORMS)


class ChangshaRuleset(BaseRuleset[ChangshaOptions, ChangshaMatch]):
    standard_preset = "changsha-standard"

    def bot(self, seed: int) -> Bot:
        from openmahjong.bots.changsha import ChangshaBot  # the bot imports the ruleset's modules

        return ChangshaBot(seed)

    def client_info(self) -> dict[str, Any]:
        return {**super().client_info(), **client_info()}

    def is_ready(self, concealed: Iterable[int]) -> bool:
        """One tile from four sets and a pair or seven pairs (the 将 rule unchecked)."""
        return _shanten(concealed) == 0

    def is_winning_shape(self, concealed: Iterable[int]) -> bool:
        return _shanten(concealed) == -1


RULESET = ChangshaRuleset(
    match_type=ChangshaMatch,
    options_schema=ChangshaOptions,
    presets=PRESET_TABLE,
    events=EVENTS,
)

if TYPE_CHECKING:
    _AS_CONTRACT: Ruleset = RULESET
