"""The Sichuan Bloody ruleset object the registry (entry-point group ``openmahjong.rulesets``)
exposes.

Register it with ``sichuan = "openmahjong.rules.sichuan.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from openmahjong.hand.shanten import SICHUAN_FORMS, shanten_counts
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.kit import BaseRuleset
from openmahjong.rules.sichuan.game.events import EVENTS
from openmahjong.rules.sichuan.game.match import SichuanMatch
from openmahjong.rules.sichuan.game.options import PRESET_TABLE, SichuanOptions
from openmahjong.rules.sichuan.game.web_client import client_info
from openmahjong.tiles import counts34

__all__ = ["SichuanRuleset", "RULESET"]


def _shanten(concealed: Iterable[int]) -> int:
    return shanten_counts(counts34(concealed), forms=SICHUAN_FORMS)


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

    def is_ready(self, concealed: Iterable[int]) -> bool:
        """A concealed hand of 13 - 3k tiles is one tile from a winning shape (four sets and a
        pair, or seven pairs; the void suit and the two-suit limit unchecked)."""
        return _shanten(concealed) == 0

    def is_winning_shape(self, concealed: Iterable[int]) -> bool:
        """A concealed hand of 14 - 3k tiles has a winning shape (the void unchecked)."""
        return _shanten(concealed) == -1


RULESET = SichuanRuleset(
    match_type=SichuanMatch,
    options_schema=SichuanOptions,
    presets=PRESET_TABLE,
    events=EVENTS,
)

if TYPE_CHECKING:  # mypy (make check) proves that the ruleset keeps the whole contract
    _AS_CONTRACT: Ruleset = RULESET
