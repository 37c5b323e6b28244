"""HTTP endpoints of the player tools: hand analysis and the Riichi and MCR calculators.

Each endpoint answers exactly the JSON its CLI command prints with ``--json``:

* ``POST /api/tools/analyze``       = ``openmahjong analyze HAND --ruleset R --json``
* ``POST /api/tools/score/riichi``  = ``openmahjong score riichi ... --json``
* ``POST /api/tools/score/mcr``     = ``openmahjong score mcr ... --json``

Request bodies are the commands' options in JSON form (``--meld`` repeated becomes ``"melds":
[...]``, flags become booleans). The analysis and the Riichi document come from the CLI modules'
own functions (``analysis``, ``win_document``), so the two cannot drift apart; the MCR command has
no such function, so the small adapter below repeats what it does (add the winning tile when the
hand was written without it, ``as_dict()`` plus ``legal``).

Input that cannot be a hand, or is not a win, is HTTP 422 with ``{"detail": "<message>"}``: one
sentence for a person, shown as it is by the web page. Malformed JSON or a wrong field type is
FastAPI's usual 422 with a list of problems.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from openmahjong import tiles as T
from openmahjong.cli.analyze import analysis
from openmahjong.cli.score_riichi import win_document
from openmahjong.rules.mcr import scoring as mcr
from openmahjong.rules.riichi.hand import parse_meld
from openmahjong.rules.riichi.options import PRESETS, resolve_rules
from openmahjong.rules.riichi.scoring import score_win as score_riichi_win

__all__ = ["router"]

router = APIRouter(prefix="/api/tools", tags=["tools"])

_WINDS = {
    "e": 41, "east": 41, "1z": 41, "41": 41,
    "s": 42, "south": 42, "2z": 42, "42": 42,
    "w": 43, "west": 43, "3z": 43, "43": 43,
    "n": 44, "north": 44, "4z": 44, "44": 44,
}  # fmt: skip


class _Body(BaseModel):
    # Unknown fields are refused so a misspelt flag ("tsumoo") is an error, not silently false.
    model_config = ConfigDict(extra="forbid")


class AnalyzeRequest(_Body):
    hand: str = Field(description="Tiles in text notation, e.g. 123m406p789s1122z.")
    ruleset: Literal["riichi", "mcr", "sichuan"] = "riichi"
    visible: str = Field("", description="Tiles seen elsewhere, left out of the counts.")


class RiichiRequest(_Body):
    hand: str = Field(description="Concealed tiles including the winning tile.")
    win: str = Field(description="The winning tile, e.g. 4s.")
    melds: list[str] = Field(default_factory=list, description="e.g. pon:555z, chi:406p.")
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
    seat: str = "E"
    round: str = "E"
    dora: list[str] = Field(default_factory=list, description="Dora indicators, e.g. ['3m'].")
    ura: list[str] = Field(default_factory=list, description="Ura-dora indicators.")
    honba: int = Field(0, ge=0, le=100)
    sticks: int = Field(0, ge=0, le=100)
    discarder: str | None = None
    pao: str | None = None
    preset: str = "majsoul"


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
    if text is None or not text.strip():
        return None
    try:
        return _WINDS[text.strip().lower()]
    except KeyError:
        raise _refuse(f"{field} {text!r} is not a wind: write E, S, W or N") from None


def _tiles(field: str, texts: list[str]) -> list[int]:
    found: list[int] = []
    for text in texts:
        try:
            found += T.parse(text)
        except ValueError as exc:
            raise _refuse(f"{field} {text!r}: {exc}") from None
    return found


@router.post("/analyze")
def analyze(body: AnalyzeRequest) -> dict[str, Any]:
    """Shanten per form, waits and useful tiles (13 tiles) or the discard table (14 tiles)."""
    if not body.hand.strip():
        raise _refuse("the hand is empty: write tiles such as 123m456p789s1122z")
    try:
        return analysis(body.hand, body.ruleset, body.visible)
    except ValueError as exc:
        raise _refuse(str(exc)) from None


@router.post("/score/riichi")
def score_riichi(body: RiichiRequest) -> dict[str, Any]:
    """Yaku, han, fu, limit and payments of a Riichi win."""
    if body.preset not in PRESETS:
        raise _refuse(f"preset {body.preset!r}: choose one of {', '.join(sorted(PRESETS))}")
    seat = _wind("seat", body.seat) or 41
    round_wind = _wind("round", body.round) or 41
    discarder = _wind("discarder", body.discarder)
    pao = _wind("pao", body.pao)
    dora = _tiles("dora", body.dora)
    ura = _tiles("ura", body.ura)
    try:
        melds = [parse_meld(text) for text in body.melds]
        win = score_riichi_win(
            body.hand,
            body.win,
            melds,
            tsumo=body.tsumo,
            riichi=body.riichi,
            double_riichi=body.double_riichi,
            ippatsu=body.ippatsu,
            rinshan=body.rinshan,
            chankan=body.chankan,
            haitei=body.haitei,
            houtei=body.houtei,
            tenhou=body.tenhou,
            chiihou=body.chiihou,
            renhou=body.renhou,
            seat_wind=seat,
            round_wind=round_wind,
            dora_indicators=dora,
            ura_indicators=ura,
            honba=body.honba,
            riichi_sticks=body.sticks,
            discarder=discarder,
            pao=pao,
            rules=resolve_rules(body.preset),
        )
    except ValueError as exc:  # ScoringError and its kinds are ValueErrors
        raise _refuse(str(exc)) from None
    return win_document(win)


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
