"""The MCR calculator: a win described in text, scored, as a JSON-ready document.

A hand below the 8-fan minimum is still answered (its fans are worth seeing) with
``"legal": false``; input that cannot be a hand raises ``ValueError``.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.mcr import scoring as mcr
from openmahjong.tools.limits import HandText, Melds, TileText, Word
from openmahjong.tools.parsing import tile_list, wind

__all__ = ["McrRequest", "score"]


class McrRequest(BaseModel):
    """The command's options in JSON form (``--meld`` repeated becomes ``melds``)."""

    model_config = ConfigDict(extra="forbid")

    hand: HandText = Field(description="Concealed tiles, with or without the winning tile.")
    win: TileText = Field(description="The winning tile, e.g. 2m.")
    melds: Melds = Field(default_factory=list, description="chi:123m, pon:555z, ankan:...")
    self_drawn: bool = False
    fourth_tile: bool = Field(False, description="The last tile of its kind (和绝张).")
    kong: bool = Field(False, description="On a kong replacement, or robbing a kong.")
    last_tile: bool = Field(False, description="The wall's last tile (妙手回春 / 海底捞月).")
    seat_wind: Word = "E"
    prevalent_wind: Word = "E"
    flowers: int = Field(0, ge=0, le=8)


def _meld(text: str) -> mcr.Meld:
    kind, sep, written = text.partition(":")
    kind = kind.strip().lower()
    if not sep or kind not in mcr.MELD_KINDS:
        raise ValueError(
            f"meld {text!r}: write kind:tiles with kind one of {', '.join(mcr.MELD_KINDS)}, "
            "e.g. pon:555z or chi:123m"
        )
    return mcr.Meld(kind, tuple(tile_list("meld", [written])))


def score(request: McrRequest) -> dict[str, Any]:
    """Every fan, the total with flowers, and ``legal`` (at least 8 fan before flowers)."""
    win_tiles = tile_list("win", [request.win])
    if len(win_tiles) != 1:
        raise ValueError(f"win {request.win!r}: give exactly one tile, e.g. 2m")
    melds = [_meld(text) for text in request.melds]
    concealed = tile_list("hand", [request.hand])
    if len(concealed) == 13 - 3 * len(melds):
        concealed.append(win_tiles[0])  # written without the winning tile
    legal = True
    try:
        win = mcr.score_win(
            concealed,
            win_tiles[0],
            melds,
            self_drawn=request.self_drawn,
            fourth_tile=request.fourth_tile,
            kong=request.kong,
            last_tile=request.last_tile,
            seat_wind=wind("seat_wind", request.seat_wind) or 41,
            prevalent_wind=wind("prevalent_wind", request.prevalent_wind) or 41,
            flowers=request.flowers,
        )
    except mcr.BelowMinimum as low:
        win, legal = low.win, False
    document: dict[str, Any] = win.as_dict()
    document["legal"] = legal
    return document
