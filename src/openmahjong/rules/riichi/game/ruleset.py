"""The Riichi ruleset object the registry (entry-point group ``openmahjong.rulesets``) exposes.

Register it with ``riichi = "openmahjong.rules.riichi.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from openmahjong.hand.shanten import RIICHI_FORMS
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.kit import BaseRuleset
from openmahjong.rules.riichi.game.asura import ASURA_EVENTS
from openmahjong.rules.riichi.game.events import (
    DoraRevealed,
    RiichiAccepted,
    RiichiDiscarded,
    RiichiHandStarted,
    RiichiWon,
)
from openmahjong.rules.riichi.game.match import RiichiMatch
from openmahjong.rules.riichi.game.options import PRESET_TABLE, GameOptions
from openmahjong.rules.riichi.game.waits import is_complete, is_ready
from openmahjong.rules.riichi.game.web_client import client_info
from openmahjong.table.exchange import EXCHANGE_EVENTS
from openmahjong.tiles import counts34

__all__ = ["RiichiRuleset", "RULESET"]


class RiichiRuleset(BaseRuleset[GameOptions, RiichiMatch]):
    standard_preset = "majsoul-hanchan"
    #: Outside AIs play Riichi over mjai; records export to mjai and tenhou.net/6.
    outside_formats = frozenset({"mjai", "tenhou6"})

    @property
    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from openmahjong.bots.selfplay import BOTS  # the bots import the ruleset's modules

        return BOTS

    def bot(self, seed: int) -> Bot:
        from openmahjong.bots.riichi import RiichiBot  # the bots import the ruleset's modules

        return RiichiBot(seed)

    def client_info(self) -> dict[str, Any]:
        return {**super().client_info(), **client_info()}

    @property
    def analysis_forms(self) -> tuple[str, ...]:
        return RIICHI_FORMS

    def is_ready(self, concealed: Iterable[int]) -> bool:
        """A concealed hand of 13 - 3k tiles is one tile from a winning shape."""
        return is_ready(counts34(concealed))

    def is_winning_shape(self, concealed: Iterable[int]) -> bool:
        """A concealed hand of 14 - 3k tiles has a winning shape (yaku not checked)."""
        return is_complete(counts34(concealed))


RULESET = RiichiRuleset(
    match_type=RiichiMatch,
    options_schema=GameOptions,
    presets=PRESET_TABLE,
    events=(
        RiichiHandStarted,
        RiichiDiscarded,
        RiichiAccepted,
        DoraRevealed,
        RiichiWon,
        *EXCHANGE_EVENTS,  # Battle of Asura (asura.py)
        *ASURA_EVENTS,
    ),
)

if TYPE_CHECKING:  # mypy (make check) proves that the ruleset keeps the whole contract
    _AS_CONTRACT: Ruleset = RULESET
