"""The calculator every declared ruleset gets (``openmahjong.rules.declarative``): a win
described in text, scored by the ruleset's own patterns, as a JSON-ready document.

``ruleset`` names an installed (or registered) declared ruleset; ``hand`` holds the concealed
tiles, with or without the winning tile ``win``; melds are written ``chi:123m``, ``pon:999s``,
``minkan:``, ``kakan:`` or ``ankan:1111z``. The answer lists each pattern counted (its key, its
names, how many times, its points), the points before and after the limit, and what each seat
pays by the declaration's ``Payment`` (seat 0 wins; on a discard seat 1 dealt in). Input that is
no win (no declared shape, refused by the ruleset's checker, under its minimum) raises
``ValueError`` with one sentence, as do a ruleset that is not declared and unreadable tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.declarative.declaration import Declaration, NotAWin, score_win
from openmahjong.rules.registry import rulesets
from openmahjong.tiles import is_flower, parse
from openmahjong.tools.limits import HandText, Melds, TileText, VisibleText
from openmahjong.tools.parsing import concealed_without_win, meld, tile_list, wind

__all__ = ["DeclaredRequest", "declared_rulesets", "score"]

MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan")


class DeclaredRequest(BaseModel):
    """The command's options in JSON form (``--meld`` repeated becomes ``melds``)."""

    model_config = ConfigDict(extra="forbid")

    hand: HandText = Field(description="Concealed tiles, with or without the winning tile.")
    win: TileText = Field(description="The winning tile, e.g. 5p.")
    melds: Melds = Field(default_factory=list, description="chi:123m, pon:999s, ankan:1111z...")
    tsumo: bool = Field(False, description="Self-drawn (default: on a discard).")
    robbing_kong: bool = Field(False, description="On a tile robbed from an added kong.")
    after_kong: bool = Field(False, description="On a kong's replacement tile.")
    last_tile: bool = Field(False, description="On the wall's last tile, drawn or discarded.")
    heavenly: bool = Field(False, description="The dealer wins on the dealt hand.")
    earthly: bool = Field(False, description="A seat wins on the dealer's first discard.")
    seat_wind: str = Field("E", max_length=5, description="The winner's seat wind: E S W N.")
    prevalent_wind: str = Field("E", max_length=5, description="The round wind: E S W N.")
    dealer: bool = Field(False, description="The winner is the dealer.")
    flowers: VisibleText = Field("", description="Flowers laid out, e.g. 1f3f (5z6z...).")


def declared_rulesets() -> dict[str, Declaration]:
    """The installed rulesets made from a declaration, by name, with their declarations."""
    found: dict[str, Declaration] = {}
    for name, ruleset in rulesets().items():
        declaration = getattr(ruleset, "declaration", None)
        if isinstance(declaration, Declaration):
            found[name] = declaration
    return found


def _declaration(name: str) -> Declaration:
    declared = declared_rulesets()
    if name not in declared:
        known = ", ".join(sorted(declared)) or "none is installed"
        raise ValueError(f"{name!r} is not a declared ruleset: use one of {known}")
    return declared[name]


def _name(names: Mapping[str, str], lang: str) -> str:
    """A pattern's name in ``lang``; Japanese falls back to Chinese, the rest to English (as
    the ruleset's client words do)."""
    return names.get(lang) or names.get("zh" if lang == "ja" else "en") or names["en"]


def score(ruleset: str, request: DeclaredRequest) -> dict[str, Any]:
    """Score the described win under ``ruleset``; ``ValueError`` for bad input or no win."""
    declaration = _declaration(ruleset)
    wins = parse(request.win)
    if len(wins) != 1:
        raise ValueError(f"win {request.win!r}: give exactly one tile, e.g. 5p")
    (tile,) = wins
    melds = [meld(text, MELD_KINDS, "pon:999s") for text in request.melds]
    flowers = tile_list("flowers", [request.flowers]) if request.flowers.strip() else []
    if any(not is_flower(f) for f in flowers):
        raise ValueError(f"flowers {request.flowers!r}: only flower tiles are laid out")
    concealed = concealed_without_win(request.hand, tile, len(melds)) + [tile]
    try:
        win = score_win(
            declaration,
            concealed,
            [(m.kind, m.tiles) for m in melds],
            tile,
            self_drawn=request.tsumo,
            robbing_kong=request.robbing_kong,
            after_kong=request.after_kong,
            last_tile=request.last_tile,
            heavenly=request.heavenly,
            earthly=request.earthly,
            seat_wind=wind("seat_wind", request.seat_wind) or 41,
            prevalent_wind=wind("prevalent_wind", request.prevalent_wind) or 41,
            is_dealer=request.dealer,
            flowers=flowers,
        )
    except NotAWin as problem:  # BelowMinimum too: a shape under the declared minimum
        raise ValueError(f"no {ruleset} win: {problem}") from None
    from_seat = None if request.tsumo else 1
    deltas = declaration.payment.deltas(4, 0, win.points, from_seat)
    return {
        "ruleset": ruleset,
        "patterns": [
            {
                "key": c.key,
                "en": c.pattern.names["en"],
                "zh": c.pattern.names.get("zh", c.pattern.names["en"]),
                "ja": c.pattern.names.get("ja")
                or c.pattern.names.get("zh")
                or c.pattern.names["en"],
                "times": c.times,
                "points": c.points,
            }
            for c in win.patterns
        ],
        "points": win.points,
        "raw": win.raw,
        "limit": declaration.limit if isinstance(declaration.limit, int) else None,
        "tsumo": request.tsumo,
        "payments": {"winner": deltas[0], "by_seat": deltas},
    }
