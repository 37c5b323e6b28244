"""The Riichi calculator: a win described in text, scored, as a JSON-ready document."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.riichi.context import FLAGS, WinContext
from openmahjong.rules.riichi.game.options import preset as table_preset
from openmahjong.rules.riichi.hand import parse_meld
from openmahjong.rules.riichi.options import PRESETS, resolve_rules
from openmahjong.rules.riichi.scoring import Win, score_win
from openmahjong.rules.riichi.yaku_table import yaku_info
from openmahjong.tools.limits import HandText, Indicators, Melds, TileText, Word
from openmahjong.tools.parsing import WIND_NAMES, tile_list, wind

__all__ = ["RiichiRequest", "score", "win_document"]


class RiichiRequest(BaseModel):
    """The command's options in JSON form (``--meld`` repeated becomes ``melds``)."""

    model_config = ConfigDict(extra="forbid")

    hand: HandText = Field(description="Concealed tiles including the winning tile.")
    win: TileText = Field(description="The winning tile, e.g. 4s.")
    melds: Melds = Field(default_factory=list, description="e.g. pon:555z, chi:406p.")
    # The flags of context.FLAGS, by the same names (a test keeps the two lists equal).
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    local: list[Word] = Field(
        default_factory=list,
        max_length=2,
        description="Situations only local yaku read (majsoul-melee): tsubame_gaeshi (ron on a "
        "riichi declaration tile), kanburi (ron on the discard after the discarder's kan).",
    )
    seat: Word = Field("E", description="Seat wind E/S/W/N (E is the dealer).")
    round: Word = Field("E", description="Round wind E/S/W/N.")
    dora: Indicators = Field(default_factory=list, description="Dora indicators, e.g. ['3m'].")
    ura: Indicators = Field(default_factory=list, description="Ura-dora indicators.")
    honba: int = Field(0, ge=0, le=100)
    sticks: int = Field(0, ge=0, le=100, description="Riichi sticks on the table.")
    discarder: Word | None = Field(None, description="Seat wind that dealt in.")
    pao: Word | None = Field(None, description="Seat wind liable for the yakuman.")
    preset: Word = Field(
        "majsoul",
        description="Rules: majsoul, tenhou or majsoul-melee (local yaku), or a table preset "
        "standing for its scorer (majsoul-hanchan, tenhou-tonpuu, MAJSOUL_TONPUU...).",
    )

    def context(self) -> WinContext:
        """The win's context: the flags (``context.FLAGS``, same names here), winds, sticks."""
        return WinContext(
            **{name: getattr(self, name) for name in FLAGS},
            seat_wind=wind("seat", self.seat) or 41,
            round_wind=wind("round", self.round) or 41,
            honba=self.honba,
            riichi_sticks=self.sticks,
            local=frozenset(self.local),
        )


def win_document(win: Win) -> dict[str, Any]:
    """Everything in ``Win``, with the yaku's display names in every language."""
    return {
        "han": win.han,
        "fu": win.fu,
        "yakuman": win.yakuman,
        "limit": win.limit,
        "total": win.total,
        "basic_points": win.basic_points,
        "wait": win.wait,
        "dealer": win.dealer,
        "tsumo": win.tsumo,
        "yaku": [_yaku_entry(y, han) for y, han in win.yaku],
        "fu_details": [{"reason": why, "fu": fu} for why, fu in win.fu_details],
        "payments": {WIND_NAMES[seat]: delta for seat, delta in win.payments.items()},
    }


def _yaku_entry(yaku_id: str, han: int) -> dict[str, Any]:
    row = yaku_info(yaku_id)  # local yaku (majsoul-melee) included
    return {"id": yaku_id, "han": han, "en": row.en, "zh": row.zh, "ja": row.ja}


def _scorer_preset(name: str) -> str:
    """A scorer preset (majsoul, tenhou), or a table preset or its alias (``majsoul-hanchan``,
    ``MAJSOUL_TONPUU``) standing for the scorer its table uses."""
    if name in PRESETS:
        return name
    try:
        return table_preset(name).scoring
    except ValueError:
        raise ValueError(f"preset {name!r}: choose one of {', '.join(sorted(PRESETS))}") from None


def score(request: RiichiRequest) -> dict[str, Any]:
    """Score the described win; ``ValueError`` (scoring errors included) for bad input."""
    rules = _scorer_preset(request.preset)
    win = score_win(
        request.hand,
        request.win,
        [parse_meld(text) for text in request.melds],
        request.context(),
        dora_indicators=tile_list("dora", request.dora),
        ura_indicators=tile_list("ura", request.ura),
        discarder=wind("discarder", request.discarder),
        pao=wind("pao", request.pao),
        rules=resolve_rules(rules),
    )
    return win_document(win)
