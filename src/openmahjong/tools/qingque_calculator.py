"""The Qingque calculator: a win described in text, scored, as a JSON-ready document.

``hand`` holds the concealed tiles with the winning tile ``win`` among them; melds are written
``chi:123m``, ``pon:999s``, ``minkan:``, ``kakan:`` or ``ankan:1111z``. The answer lists each
fan (zh, en, value), the fan total, the base points (``round(fan²)``) and who pays what: on a
self-draw each other seat pays the base, on a discard the discarder pays three (docs/qingque.md).
Input that is no win (no winning shape, or a shape worth under 1 fan) raises ``ValueError`` with
one sentence. The fan total is the source's table value of the whole set of fans (only
occasional fans have values of their own); a set the table lacks is estimated, and ``exact`` /
``values`` say so.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.qingque.tools import score_text
from openmahjong.tiles import parse
from openmahjong.tools.limits import HandText, Melds, TileText

__all__ = ["QingqueRequest", "score"]

_SEAT_WINDS = {"E": 41, "S": 42, "W": 43, "N": 44}


class QingqueRequest(BaseModel):
    """The command's options in JSON form (``--meld`` repeated becomes ``melds``)."""

    model_config = ConfigDict(extra="forbid")

    hand: HandText = Field(description="Concealed tiles, the winning tile included.")
    win: TileText = Field(description="The winning tile, e.g. 5p.")
    melds: Melds = Field(default_factory=list, description="chi:123m, pon:999s, ankan:1111z...")
    tsumo: bool = Field(False, description="Self-drawn (default: on a discard).")
    seat_wind: str = Field(
        "E", max_length=1, pattern="^[ESWN]$", description="The winner's seat wind: E S W N."
    )
    kong: bool = Field(False, description="On a kong's replacement, or robbing a kong.")
    last_tile: bool = Field(False, description="On the wall's last tile, drawn or discarded.")
    heavenly: bool = Field(False, description="天和: the dealer wins on the dealt hand.")
    earthly: bool = Field(False, description="地和: on the dealer's first discard.")


def score(request: QingqueRequest) -> dict[str, Any]:
    """Score the described win; ``ValueError`` for bad input or a hand that is no win."""
    if len(parse(request.win)) != 1:
        raise ValueError(f"win {request.win!r}: give exactly one tile, e.g. 5p")
    document = score_text(
        request.hand,
        request.win,
        request.melds,
        self_drawn=request.tsumo,
        seat_wind=_SEAT_WINDS[request.seat_wind],
        kong=request.kong,
        last_tile=request.last_tile,
        heavenly=request.heavenly,
        earthly=request.earthly,
    )
    if not document["win"]:
        raise ValueError(f"no Qingque win: {document['reason']}")
    fans = [{"zh": zh, "en": en, "value": value} for zh, en, value in document["fans"]]
    return {
        "fans": fans,
        "fan": document["fan"],
        "base": document["base"],
        "tsumo": request.tsumo,
        "payments": document["payments"],
        "exact": document["exact"],
        "values": (
            "the source's fan_cache.json value of this set of fans"
            if document["exact"]
            else "estimated: this set of fans is not in the source's table"
        )
        + "; occasional fans added on top (docs/qingque.md)",
    }
