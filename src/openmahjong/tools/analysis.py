"""The hand-analysis tool: shanten per form, waits, useful tiles or the discard table."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from openmahjong import hand, tiles
from openmahjong.rules.contract import Ruleset
from openmahjong.rules.registry import rulesets
from openmahjong.tools.limits import HandText, VisibleText, Word

__all__ = ["AnalyzeRequest", "analyze", "analysable_rulesets", "analysis_forms"]


class AnalyzeRequest(BaseModel):
    # Unknown fields are refused so a misspelt option is an error, not silently ignored.
    model_config = ConfigDict(extra="forbid")

    hand: HandText = Field(description="Tiles in text notation, e.g. 123m406p789s1122z.")
    ruleset: Word = Field(
        "riichi",
        description="An installed ruleset (riichi, mcr, sichuan, changsha, qingque, taiwan, a "
        "plugin's): which forms count and which tiles exist.",
    )
    visible: VisibleText = Field("", description="Tiles seen elsewhere, left out of the counts.")
    void: Word | None = Field(
        None,
        description="Sichuan only: the void suit (m, p or s); its tiles are discarded first. "
        "Left out: the suit whose voiding leaves the hand closest to winning.",
    )


def _check_seen_copies(held: list[int], visible: list[int]) -> None:
    """The hand and the visible tiles together hold at most four of each tile (a set's count);
    otherwise the counts of remaining copies would go below zero without a word."""
    in_hand = Counter(tiles.kind(t) for t in held)
    seen = Counter(tiles.kind(t) for t in visible)
    for kind, n in seen.items():
        if n + in_hand[kind] > 4:
            name = tiles.format([kind])
            raise ValueError(
                f"{name}: {in_hand[kind]} in the hand and {n} among the visible tiles make "
                f"{n + in_hand[kind]} copies, but a set has only 4 of each tile"
            )
    tiles.check_copies(held + visible)  # the rest, such as two red fives of one suit


def analysis_forms(ruleset: Ruleset) -> tuple[str, ...]:
    """The forms a ruleset names for the analysis (``BaseRuleset.analysis_forms``; an optional
    member of the contract: a ruleset without it is not offered)."""
    return tuple(getattr(ruleset, "analysis_forms", ()))


def analysable_rulesets() -> dict[str, Ruleset]:
    """The installed rulesets whose hands the analysis measures (those naming their forms)."""
    return {name: r for name, r in rulesets().items() if analysis_forms(r)}


def _ruleset(name: str) -> tuple[Ruleset, tuple[str, ...]]:
    found = analysable_rulesets().get(name)
    if found is None:
        known = ", ".join(sorted(analysable_rulesets()))
        raise ValueError(f"unknown ruleset {name!r}: choose from {known}")
    return found, analysis_forms(found)


def _check_in_the_set(ruleset: Ruleset, held: list[int]) -> None:
    """Every tile is one of the ruleset's wall (Sichuan and Changsha have no honors)."""
    kinds = set(ruleset.wall_rules.kinds)
    strangers = sorted({tiles.kind(t) for t in held} - kinds, key=tiles.sort_key)
    if not strangers:
        return
    name = ruleset.name.capitalize()
    if all(tiles.is_honor(k) for k in strangers) and not any(tiles.is_honor(k) for k in kinds):
        raise ValueError(f"{name} is played with the three suits only: honors are not in the set")
    raise ValueError(f"{tiles.format(strangers)}: not in the tiles {name} is played with")


def analyze(request: AnalyzeRequest) -> dict[str, Any]:
    """The analysis as plain data; ``ValueError`` for a hand that cannot be analysed."""
    ruleset, forms = _ruleset(request.ruleset)
    if not request.hand.strip():
        raise ValueError("the hand is empty: write tiles such as 123m456p789s1122z")
    held = [t for t in tiles.parse(request.hand) if not tiles.is_flower(t)]
    _check_in_the_set(ruleset, held)
    if request.void is not None and request.ruleset != "sichuan":
        raise ValueError("a void suit belongs to Sichuan: use it with the sichuan ruleset")
    if request.void is not None and request.void not in ("m", "p", "s"):
        raise ValueError(f"the void suit is m, p or s; got {request.void!r}")
    visible = tiles.parse(request.visible) if request.visible.strip() else []
    _check_seen_copies(held, visible)
    if request.ruleset == "sichuan":
        from openmahjong.tools.sichuan_analysis import analyze_sichuan

        return analyze_sichuan(held, visible, request.void)
    by_form = hand.shanten_by_form(held, forms=forms)
    result: dict[str, Any] = {
        "hand": tiles.format(sorted(held, key=tiles.sort_key)),
        "ruleset": request.ruleset,
        "tiles": len(held),
        "shanten": min(by_form.values()),
        "shanten_by_form": {f: (None if v >= 99 else v) for f, v in by_form.items()},
    }
    if len(held) % 3 == 1:
        result["waits"] = [tiles.format([t]) for t in hand.waits(held, forms=forms)]
        useful = hand.useful_tiles(held, visible=visible, forms=forms)
        result["useful"] = [
            {"tile": tiles.format([u.tile]), "remaining": u.remaining} for u in useful
        ]
        result["useful_total"] = sum(u.remaining for u in useful)
    else:
        result["discards"] = [
            {
                "discard": tiles.format([o.discard]),
                "shanten": o.shanten,
                "useful": [tiles.format([u.tile]) for u in o.useful],
                "useful_total": o.total,
            }
            for o in hand.discard_table(held, visible=visible, forms=forms)
        ]
    return result
