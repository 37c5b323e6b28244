"""The Qingque ruleset object.

Entry point: ``qingque = "openmahjong.rules.qingque.game.ruleset:RULESET"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from openmahjong.hand.shanten import SICHUAN_FORMS
from openmahjong.rules.contract import Bot, Ruleset
from openmahjong.rules.kit import BaseRuleset
from openmahjong.rules.mcr.game.round import FalseWinPenalised
from openmahjong.rules.qingque.game.match import QingqueMatch
from openmahjong.rules.qingque.game.options import PRESET_TABLE, QingqueOptions
from openmahjong.rules.qingque.game.round import QingqueWon
from openmahjong.rules.qingque.game.web_client import client_info
from openmahjong.rules.qingque.scoring import is_winning
from openmahjong.tiles import ALL_KINDS

__all__ = ["QingqueRuleset", "RULESET"]


class QingqueRuleset(BaseRuleset[QingqueOptions, QingqueMatch]):
    standard_preset = "qingque-4rounds"

    @property
    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from openmahjong.bots.qingque import QINGQUE_BOTS

        return QINGQUE_BOTS

    def bot(self, seed: int) -> Bot:
        from openmahjong.bots.qingque import QingqueBot

        return QingqueBot(seed)

    def client_info(self) -> dict[str, Any]:
        return {**super().client_info(), **client_info()}

    @property
    def analysis_forms(self) -> tuple[str, ...]:
        return SICHUAN_FORMS  # four sets and a pair, or seven pairs (``scoring.is_winning``)

    def is_ready(self, concealed: Iterable[int]) -> bool:
        hand = list(concealed)
        return any(is_winning([*hand, k]) for k in ALL_KINDS)

    def is_winning_shape(self, concealed: Iterable[int]) -> bool:
        return is_winning(list(concealed))


RULESET = QingqueRuleset(
    match_type=QingqueMatch,
    options_schema=QingqueOptions,
    presets=PRESET_TABLE,
    events=(QingqueWon, FalseWinPenalised),
)

if TYPE_CHECKING:
    _AS_CONTRACT: Ruleset = RULESET
