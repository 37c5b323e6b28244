"""HTTP endpoints of the player tools: hand analysis and the Riichi and MCR calculators.

Each endpoint answers exactly the JSON its CLI command prints with ``--json``:

* ``POST /api/tools/analyze``       = ``openmahjong analyze HAND --ruleset R --json``
* ``POST /api/tools/score/riichi``  = ``openmahjong score riichi ... --json``
* ``POST /api/tools/score/mcr``     = ``openmahjong score mcr ... --json``

Request bodies are the commands' options in JSON form (``--meld`` repeated becomes ``"melds":
[...]``, flags become booleans). The analysis and the Riichi document come from
``openmahjong.tools``, which the commands call too, so the two cannot drift apart; the MCR
command has no such function yet, so the small adapter below repeats what it does (add the
winning tile when the hand was written without it, ``as_dict()`` plus ``legal``).

Input that cannot be a hand, or is not a win, is HTTP 422 with ``{"detail": "<message>"}``: one
sentence for a person, shown as it is by the web page. Malformed JSON or a wrong field type is
FastAPI's usual 422 with a list of problems.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.mcr import scoring as mcr
from openmahjong.tools import riichi_calculator
from openmahjong.tools.analysis import AnalyzeRequest
from openmahjong.tools.analysis import analyze as analyze_hand
from openmahjong.tools.parsing import tile_list, wind
from openmahjong.tools.riichi_calculator import RiichiRequest

__all__ = ["router"]

router = APIRouter(prefix="/api/tools", tags=["tools"])


class _Body(BaseModel):
    # Unknown fields are refused so a misspelt flag ("tsumoo") is an error, not silently false.
    model_config = ConfigDict(extra="forbid")


class McrRequest(_Body):
    hand: str = Field(description="Concealed tiles, with or without the winning tile.")
    win: str = Field(description="The winning tile, e.g. 2m.")
    melds: list[str] = Field(default_factory=list, description="chi:123m, pon:555z, ankan:...")
    self_drawn: bool = False
    fourth_tile: bool = False
    kong: bool = False
    last_tile: bool = False
    seat_wind: str = "E"
    prevalent_wind: str = "E"
    flowers: int = Field(0, ge=0, le=8)


def _refuse(message: str) -> HTTPException:
    return HTTPException(status_code=422, detail=message)


def _wind(field: str, text: str | None) -> int | None:
    try:
        return wind(field, text)
    except ValueError as exc:
        raise _refuse(str(exc)) from None


def _tiles(field: str, texts: list[str]) -> list[int]:
    try:
        return tile_list(field, texts)
    except ValueError as exc:
        raise _refuse(str(exc)) from None


@router.post("/analyze")
def analyze(body: AnalyzeRequest) -> dict[str, Any]:
    """Shanten per form, waits and useful tiles (13 tiles) or the discard table (14 tiles)."""
    try:
        return analyze_hand(body)
    except ValueError as exc:
        raise _refuse(str(exc)) from None


@router.post("/score/riichi")
def score_riichi(body: RiichiRequest) -> dict[str, Any]:
    """Yaku, han, fu, limit and payments of a Riichi win."""
    try:
        return riichi_calculator.score(body)
    except ValueError as exc:  # ScoringError and its kinds are ValueErrors
        raise _refuse(str(exc)) from None


@router.post("/score/mcr")
def score_mcr(body: McrRequest) -> dict[str, Any]:
    """Every fan, the total with flowers, and ``legal`` (at least 8 fan before flowers)."""
    win_tiles = _tiles("win", [body.win])
    if len(win_tiles) != 1:
        raise _refuse(f"win {body.win!r}: give exactly one tile, e.g. 2m")
    melds: list[mcr.Meld] = []
    for text in body.melds:
        kind, sep, written = text.partition(":")
        kind = kind.strip().lower()
        if not sep or kind not in mcr.MELD_KINDS:
            raise _refuse(
                f"meld {text!r}: write kind:tiles with kind one of {', '.join(mcr.MELD_KINDS)}, "
                "e.g. pon:555z or chi:123m"
            )
        melds.append(mcr.Meld(kind, tuple(_tiles("meld", [written]))))
    concealed = _tiles("hand", [body.hand])
    if len(concealed) == 13 - 3 * len(melds):
        concealed.append(win_tiles[0])  # written without the winning tile, as the CLI allows
    legal = True
    try:
        win = mcr.score_win(
            concealed,
            win_tiles[0],
            melds,
            self_drawn=body.self_drawn,
            fourth_tile=body.fourth_tile,
            kong=body.kong,
            last_tile=body.last_tile,
            seat_wind=_wind("seat_wind", body.seat_wind) or 41,
            prevalent_wind=_wind("prevalent_wind", body.prevalent_wind) or 41,
            flowers=body.flowers,
        )
    except mcr.BelowMinimum as low:
        win, legal = low.win, False
    except ValueError as exc:  # NotAWin, InvalidHand
        raise _refuse(str(exc)) from None
    document = win.as_dict()
    document["legal"] = legal
    return document
