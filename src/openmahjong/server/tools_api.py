"""HTTP endpoints of the player tools: hand analysis and the Riichi, MCR, Sichuan and Changsha
calculators.

Each endpoint answers exactly the JSON its CLI command prints with ``--json``:

* ``POST /api/tools/analyze``       = ``openmahjong analyze HAND --ruleset R --json``
* ``POST /api/tools/score/riichi``  = ``openmahjong score riichi ... --json``
* ``POST /api/tools/score/mcr``     = ``openmahjong score mcr ... --json``
* ``POST /api/tools/score/sichuan`` = ``openmahjong score sichuan ... --json``
* ``POST /api/tools/score/changsha`` = ``openmahjong score changsha ... --json``
* ``POST /api/tools/score/qingque``  = ``openmahjong score qingque ... --json``
* ``POST /api/tools/score/taiwan``   = ``openmahjong score taiwan ... --json``
* ``POST /api/tools/score/declared/{ruleset}`` = ``openmahjong score declared RULESET ... --json``
  (any installed declared ruleset, ``openmahjong.rules.declarative``)
* ``GET /api/tools/walls``           = every wall ``openmahjong seed verify`` can rebuild, as
  ``fairness.WallRuleset`` fields (the browser's seed tool builds the same walls from them)

Request bodies are the commands' options in JSON form (``--meld`` repeated becomes ``"melds":
[...]``, flags become booleans). The analysis and the Riichi document come from
``openmahjong.tools``, which the commands call too, so the two cannot drift apart.

Input that cannot be a hand, or is not a win, is HTTP 422 with one sentence for a person, shown
as it is by the web page (in the server's error shape, ``{"error": {"code": "invalid_request",
"message": ...}}``; a bare app with only this router answers ``{"detail": ...}``). Malformed JSON,
a wrong field type or a field over its size limit (``openmahjong.tools.limits``: a hand at most
128 characters, ``visible`` 512, four melds...) is a 422 listing the fields, refused before any
tile is parsed.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path

from openmahjong import fairness
from openmahjong.rules.registry import rulesets
from openmahjong.server.deps import State
from openmahjong.tools import (
    changsha_calculator,
    declared_calculator,
    mcr_calculator,
    qingque_calculator,
    riichi_calculator,
    sichuan_calculator,
    taiwan_calculator,
)
from openmahjong.tools.analysis import AnalyzeRequest
from openmahjong.tools.analysis import analyze as analyze_hand
from openmahjong.tools.changsha_calculator import ChangshaRequest
from openmahjong.tools.declared_calculator import DeclaredRequest
from openmahjong.tools.mcr_calculator import McrRequest
from openmahjong.tools.qingque_calculator import QingqueRequest
from openmahjong.tools.riichi_calculator import RiichiRequest
from openmahjong.tools.sichuan_calculator import SichuanRequest
from openmahjong.tools.taiwan_calculator import TaiwanRequest

__all__ = ["router"]

router = APIRouter(prefix="/api/tools", tags=["tools"])
#: A ruleset's or a preset's name in a path: bounded, so a long one is a 422, never echoed.
Name = Annotated[str, Path(max_length=64)]


def _refuse(message: str) -> HTTPException:
    return HTTPException(status_code=422, detail=message)


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
    try:
        return mcr_calculator.score(body)
    except ValueError as exc:  # NotAWin, InvalidHand, unreadable tiles
        raise _refuse(str(exc)) from None


@router.post("/score/sichuan")
def score_sichuan(body: SichuanRequest) -> dict[str, Any]:
    """One base yaku, the bonus yaku, han (capped at 6), points and what each payer pays."""
    try:
        return sichuan_calculator.score(body)
    except ValueError as exc:  # NotAWin (void suit, three suits, no shape), bad flags or tiles
        raise _refuse(str(exc)) from None


@router.post("/score/changsha")
def score_changsha(body: ChangshaRequest) -> dict[str, Any]:
    """The small win or the big wins of a Changsha win, its value and the payments (birds)."""
    try:
        return changsha_calculator.score(body)
    except ValueError as exc:  # NotAWin (no shape, no 2-5-8 pair), bad tiles or seats
        raise _refuse(str(exc)) from None


@router.post("/score/qingque")
def score_qingque(body: QingqueRequest) -> dict[str, Any]:
    """The fans of a Qingque win, its base points and the payments."""
    try:
        return qingque_calculator.score(body)
    except ValueError as exc:  # no win, bad tiles or melds
        raise _refuse(str(exc)) from None


@router.post("/score/taiwan")
def score_taiwan(body: TaiwanRequest) -> dict[str, Any]:
    """The tai of a Taiwan 16-tile win, the dealer's tai and what each payer pays."""
    try:
        return taiwan_calculator.score(body)
    except ValueError as exc:  # no win, bad tiles, melds or winds
        raise _refuse(str(exc)) from None


@router.post("/score/declared/{ruleset}")
def score_declared(ruleset: Name, body: DeclaredRequest) -> dict[str, Any]:
    """A win scored by a declared ruleset's own patterns, limit and payments."""
    try:
        return declared_calculator.score(ruleset, body)
    except ValueError as exc:  # not a declared ruleset, no win, bad tiles or melds
        raise _refuse(str(exc)) from None


def wall_list(first: str | None = None) -> dict[str, Any]:
    """Every registered wall (``fairness.WALL_RULESETS``) by name as ``fairness.WallRuleset``
    fields: ``first`` (the server's default ruleset) first, the others in name order."""
    names = sorted(fairness.WALL_RULESETS, key=lambda name: (name != first, name))
    return {name: asdict(fairness.wall_rules(name)) for name in names}


@router.get("/walls")
def walls(state: State) -> dict[str, Any]:
    """Every wall the seed tool can rebuild, the default ruleset's first."""
    return wall_list(state.settings.default_ruleset)


def preset_wall(ruleset: str, preset: str) -> fairness.WallRuleset:
    """The wall a ``ruleset`` table of ``preset`` deals from: its match type's ``wall_for``,
    else the ruleset's own wall (as ``seed verify --preset`` finds it). ``KeyError`` with a
    sentence for a person when the ruleset is not installed or has no such preset."""
    found = rulesets().get(ruleset)
    if found is None:
        known = ", ".join(sorted(rulesets()))
        raise KeyError(f"{ruleset!r} is not an installed ruleset: use one of {known}")
    try:
        options = found.options(preset)
    except (KeyError, ValueError):
        known = ", ".join(sorted(found.presets))
        raise KeyError(f"{preset!r} is not a {ruleset} preset: use one of {known}") from None
    wall_for = getattr(getattr(found, "match_type", None), "wall_for", None)
    return wall_for(options) if wall_for is not None else found.wall_rules


@router.get("/walls/{ruleset}/{preset}")
def preset_walls(ruleset: Name, preset: Name) -> dict[str, Any]:
    """The wall a table of this ruleset and preset deals from, as ``fairness.WallRuleset``
    fields (with ``exchange_directions`` when each hand's exchange direction comes from its
    seed); 404 for a ruleset or preset the server does not have."""
    try:
        return asdict(preset_wall(ruleset, preset))
    except KeyError as exc:
        raise HTTPException(status_code=404, detail=exc.args[0]) from None
