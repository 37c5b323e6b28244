"""The Taiwan 16-tile calculator: a win described in text, scored, as a JSON-ready document.

``hand`` holds the concealed tiles, with or without the winning tile ``win`` (16 - 3k or
17 - 3k tiles); melds are written ``chi:123m``, ``pon:999s``, ``minkan:``, ``kakan:`` or
``ankan:1111z`` (up to five); ``flowers`` the flowers laid out (``1f5f``: 春 and 梅). Seats are
winds: the dealer sits East. The answer lists the hand's tai (zh, en, value, count, total), the
dealer's tai (莊家 and 連莊拉莊 for ``repeats``), the reading that scored them, and what each
payer pays (``base + tai * per_tai``, the dealer's tai counted when the dealer wins or pays):
everyone on a self-draw, the discarder alone on a discard (docs/taiwan.md). Input that is no
win raises ``ValueError`` with one sentence.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from openmahjong.rules.taiwan.scoring import (
    NotAWin,
    Situation,
    dealer_tai,
    describe,
    payments,
    score_win,
)
from openmahjong.tiles import EAST, is_flower, parse
from openmahjong.tiles import format as format_tiles
from openmahjong.tools.limits import HandText, MeldText, TileText
from openmahjong.tools.parsing import concealed_without_win, meld, tile_list, wind

__all__ = ["TaiwanRequest", "score", "MELD_KINDS"]

MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan")
#: Five melds at most (five sets and a pair).
TaiwanMelds = Annotated[list[MeldText], Field(max_length=5)]
WindText = Annotated[str, StringConstraints(max_length=8)]
_SEATS = ("E", "S", "W", "N")


class TaiwanRequest(BaseModel):
    """The command's options in JSON form (``--meld`` repeated becomes ``melds``)."""

    model_config = ConfigDict(extra="forbid")

    hand: HandText = Field(description="Concealed tiles, with or without the winning tile.")
    win: TileText = Field(description="The winning tile, e.g. 5p.")
    melds: TaiwanMelds = Field(default_factory=list, description="chi:123m, pon:999s, ...")
    flowers: TileText = Field("", description="Flowers laid out, e.g. 1f5f (春 and 梅).")
    tsumo: bool = Field(False, description="Self-drawn (default: on a discard).")
    seat_wind: WindText = Field("E", description="The winner's seat wind (E: the dealer).")
    prevalent_wind: WindText = Field("E", description="The round's wind.")
    discarder: WindText | None = Field(
        None, description="Who threw the winning tile (default: the winner's left-hand player)."
    )
    replacement: bool = Field(False, description="槓上開花: on a kong's or a flower's replacement.")
    robbing: bool = Field(False, description="搶槓: robbing an added kong.")
    last_tile: bool = Field(False, description="The wall's last tile, drawn or discarded.")
    heavenly: bool = Field(False, description="天胡: the dealer's dealt hand.")
    earthly: bool = Field(False, description="地胡: a non-dealer's first draw.")
    human: bool = Field(False, description="人胡: a discard in the first go-around.")
    repeats: int = Field(0, ge=0, le=99, description="連莊: hands the dealer has kept the deal.")
    base: int = Field(100, ge=0, le=1_000_000, description="底: what each payer pays for a win.")
    per_tai: int = Field(20, ge=0, le=1_000_000, description="台: what each payer pays a tai.")


def _seat(field: str, text: str) -> int:
    found = wind(field, text)
    if found is None:
        raise ValueError(f"{field}: write E, S, W or N")
    return found - EAST


def score(request: TaiwanRequest) -> dict[str, Any]:
    """Score the described win; ``ValueError`` for bad input or a hand that is no win."""
    (win,) = _one_tile(request.win)
    melds = [meld(m, MELD_KINDS, "pon:999s") for m in request.melds]
    concealed = concealed_without_win(request.hand, win, len(melds), hand_size=16)
    flowers = tile_list("flowers", [request.flowers]) if request.flowers else []
    if not all(is_flower(f) for f in flowers) or len(set(flowers)) != len(flowers):
        raise ValueError(f"flowers {request.flowers!r}: give distinct flowers 1f-8f")
    winner = _seat("seat_wind", request.seat_wind)
    situation = Situation(
        self_drawn=request.tsumo,
        seat_wind=EAST + winner,
        prevalent_wind=EAST + _seat("prevalent_wind", request.prevalent_wind),
        flowers=tuple(flowers),
        replacement=request.replacement,
        robbing=request.robbing,
        last_tile=request.last_tile,
        heavenly=request.heavenly,
        earthly=request.earthly,
        human=request.human,
    )
    if request.tsumo and (request.robbing or request.human):
        raise ValueError("a self-draw is neither robbing a kong nor a human hand")
    if not request.tsumo and (request.replacement or request.heavenly or request.earthly):
        raise ValueError("槓上開花, 天胡 and 地胡 are self-drawn: add tsumo")
    if request.heavenly and winner != 0:
        raise ValueError("天胡 is the dealer's (seat wind E)")
    try:
        result = score_win([*concealed, win], win, [(m.kind, m.tiles) for m in melds], situation)
    except NotAWin as problem:
        raise ValueError(f"no Taiwan win: {problem}") from None
    if request.tsumo:
        payers = [s for s in range(4) if s != winner]
    else:
        thrower = (
            (winner - 1) % 4 if request.discarder is None else _seat("discarder", request.discarder)
        )
        if thrower == winner:
            raise ValueError("the discarder is another seat than the winner")
        payers = [thrower]
    owed = payments(
        result,
        winner=winner,
        payers=payers,
        dealer=0,
        repeats=request.repeats,
        base=request.base,
        per_tai=request.per_tai,
    )
    reading = result.reading
    return {
        "tai": describe(result.tai),
        "hand_tai": result.total,
        "dealer_tai": describe(dealer_tai(request.repeats)),
        "reading": None
        if reading is None
        else {
            "sets": [
                {"shape": s.shape, "tile": format_tiles([s.tile]), "concealed": s.concealed}
                for s in reading.sets
            ],
            "pair": format_tiles([reading.pair]),
            "wait": reading.wait,
        },
        "tsumo": request.tsumo,
        "winner": _SEATS[winner],
        "payments": {_SEATS[p]: n for p, n in owed.items()},
        "total": sum(owed.values()),
        "stakes": {"base": request.base, "per_tai": request.per_tai},
    }


def _one_tile(text: str) -> list[int]:
    found = parse(text)
    if len(found) != 1:
        raise ValueError(f"win {text!r}: give exactly one tile, e.g. 5p")
    return found
