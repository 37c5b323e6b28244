"""The Sichuan calculator: a win described in text, scored, as a JSON-ready document.

The hand may be written with or without the winning tile; melds are ``pon:555m``,
``minkan:5555m``, ``ankan:5555m`` or ``kakan:5555m``. Input that is no win (no winning shape,
a tile of the void suit, three suits, honors) raises ``ValueError`` with one sentence. ``preset``
scores by a table preset's rules (``majsoul-bloodshed`` when not given; ``chengdu-xuezhan``: the
fan ladder, points = base x 2^fans, with its cap and self-draw fan).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.sichuan.game.options import PRESET_TABLE, SichuanOptions
from openmahjong.rules.sichuan.scoring import SUIT_LETTERS, Win, score_win
from openmahjong.tools.limits import HandText, Melds, TileText, Word
from openmahjong.tools.parsing import concealed_without_win, meld, tile_list

__all__ = ["SichuanRequest", "MELD_KINDS", "FLAGS", "score", "win_document"]

MELD_KINDS = ("pon", "minkan", "ankan", "kakan")
#: The situational flags, by the names score_win takes (the request and the command use them).
FLAGS = ("tsumo", "after_kan", "kan_deal_in", "robbing_kan", "last_tile", "heaven", "earth")
#: A self-drawn win is paid by every seat still playing, each 1,000 over the hand's value.
TSUMO_EXTRA = 1000


class SichuanRequest(BaseModel):
    """The command's options in JSON form (``--meld`` repeated becomes ``melds``)."""

    model_config = ConfigDict(extra="forbid")

    hand: HandText = Field(description="Concealed tiles, with or without the winning tile.")
    win: TileText = Field(description="The winning tile, e.g. 5p.")
    melds: Melds = Field(default_factory=list, description="pon:555m, minkan:/ankan:/kakan:5555m")
    void: Word | None = Field(None, description="The void suit: m, p or s.")
    tsumo: bool = Field(False, description="Self-drawn (default: on a discard).")
    after_kan: bool = Field(False, description="On the replacement tile of a kan (杠上开花).")
    kan_deal_in: bool = Field(False, description="On the discard after a kan (杠上炮).")
    robbing_kan: bool = Field(False, description="On another seat's added kan (抢杠胡).")
    last_tile: bool = Field(False, description="On the last tile, drawn or discarded (海底捞月).")
    heaven: bool = Field(False, description="Blessing of heaven: the dealer's first draw.")
    earth: bool = Field(False, description="Blessing of earth: a non-dealer's first draw.")
    preset: Word | None = Field(
        None, description="Score by this table preset (default majsoul-bloodshed)."
    )


def _void(text: str | None) -> str | None:
    if text is None or not text.strip():
        return None
    letter = text.strip().lower()
    if letter not in SUIT_LETTERS:
        raise ValueError(f"void {text!r}: choose m, p or s")
    return letter


def _options(name: str | None) -> SichuanOptions:
    if name is None or not name.strip():
        return PRESET_TABLE["majsoul-bloodshed"]
    return PRESET_TABLE.options(name.strip())  # ValueError naming the presets when unknown


def win_document(
    win: Win, *, tsumo: bool, void: str | None, options: SichuanOptions | None = None
) -> dict[str, Any]:
    """Everything in ``Win``, the yaku's names in every language, and what each payer pays."""
    extra = TSUMO_EXTRA if options is None else options.tsumo_bonus
    return {
        "base": win.base.key,
        "han": win.han,
        "uncapped_han": win.uncapped_han,
        "roots": win.roots,
        "total": win.total,
        "tsumo": tsumo,
        "void": void,
        # Ron: the discarder pays the value; tsumo: each seat still playing pays the preset's
        # extra (1,000 in majsoul-bloodshed; 自摸加底 in chengdu-xuezhan when chosen).
        "each_pays": win.total + extra if tsumo else win.total,
        "yaku": [
            {
                "id": y.key,
                "kind": y.kind,
                "han": y.han,
                "en": y.name_en,
                "zh": y.name_zh,
                "ja": y.name_ja,
            }
            for y in win.yaku
        ],
    }


def score(request: SichuanRequest) -> dict[str, Any]:
    """Score the described win; ``ValueError`` (NotAWin included) for bad input."""
    win_tiles = tile_list("win", [request.win])
    if len(win_tiles) != 1:
        raise ValueError(f"win {request.win!r}: give exactly one tile, e.g. 5p")
    example = "pon:555m or ankan:1111s (Sichuan has no chi)"
    melds = [meld(text, MELD_KINDS, example) for text in request.melds]
    concealed = concealed_without_win(request.hand, win_tiles[0], len(melds))
    void = _void(request.void)
    options = _options(request.preset)
    flags = {name: getattr(request, name) for name in FLAGS}
    win = score_win(
        concealed, melds, win_tiles[0], void=void, rules=options.scoring_rules(), **flags
    )
    document = win_document(win, tsumo=request.tsumo, void=void, options=options)
    return {**document, "preset": options.name, "scoring": options.scoring}
