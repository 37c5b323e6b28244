"""The Changsha calculator: a win described in text, scored, as a JSON-ready document.

The hand may be written with or without the winning tile; melds are ``chi:123m``, ``pon:555m``,
``minkan:5555m``, ``ankan:5555m`` or ``kakan:5555m``. ``birds`` are the tiles the bird draw
turned and ``dealer`` the dealer's seat (the winner is ``seat``): each bird pointing at the
winner or at a payer adds that payment once more (docs/changsha.md). Input that is no win
(no shape, a small win without a 2-5-8 pair, honours) raises ``ValueError`` with one sentence.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.changsha.game.round import bird_seat
from openmahjong.rules.changsha.scoring import BIG_WINS, NAMES, Win, score_win
from openmahjong.tools.limits import HandText, Melds, TileText
from openmahjong.tools.parsing import concealed_without_win, meld, tile_list

__all__ = ["ChangshaRequest", "MELD_KINDS", "FLAGS", "score", "win_document"]

MELD_KINDS = ("chi", "pon", "minkan", "ankan", "kakan")
FLAGS = ("tsumo", "after_kan", "robbing_kan", "last_tile", "heaven", "earth")


class ChangshaRequest(BaseModel):
    """The command's options in JSON form (``--meld`` repeated becomes ``melds``)."""

    model_config = ConfigDict(extra="forbid")

    hand: HandText = Field(description="Concealed tiles, with or without the winning tile.")
    win: TileText = Field(description="The winning tile, e.g. 5p.")
    melds: Melds = Field(default_factory=list, description="chi:123m, pon:555m, ankan:5555m...")
    tsumo: bool = Field(False, description="Self-drawn (default: on a discard).")
    after_kan: bool = Field(False, description="On a tile a kan turned (杠上开花).")
    robbing_kan: bool = Field(False, description="On another seat's added kan (抢杠胡).")
    last_tile: bool = Field(False, description="On the last tile, drawn or discarded (海底).")
    heaven: bool = Field(False, description="天胡: the dealer wins on the dealt hand.")
    earth: bool = Field(False, description="地胡: on the dealer's first discard.")
    birds: HandText = Field("", description="The birds turned, e.g. 1p5s (扎鸟).")
    seat: int = Field(0, ge=0, le=3, description="The winner's seat.")
    dealer: int = Field(0, ge=0, le=3, description="The dealer's seat (birds count from it).")
    discarder: int | None = Field(None, ge=0, le=3, description="Who dealt in (ron).")


def win_document(
    win: Win, *, seat: int, dealer: int, discarder: int | None, birds: list[int]
) -> dict[str, Any]:
    """The win's patterns in every language, its value and each seat's payment with birds."""
    hits = [0, 0, 0, 0]
    pointed = [bird_seat(t, dealer) for t in birds]
    for s in pointed:
        hits[s] += 1
    payers = [s for s in range(4) if s != seat] if win.tsumo else [discarder]
    payments = [0, 0, 0, 0]
    for p in payers:
        assert p is not None
        pay = win.value * (1 + hits[seat] + hits[p])
        payments[p] -= pay
        payments[seat] += pay
    names = win.patterns or ("small",)
    return {
        "small": not win.big,
        "patterns": [{"id": k, "value": BIG_WINS.get(k, win.value), **NAMES[k]} for k in names],
        "value": win.value,
        "tsumo": win.tsumo,
        "pair_258": win.pair_258,
        "birds": birds,
        "bird_seats": pointed,
        "payments": payments,
    }


def score(request: ChangshaRequest) -> dict[str, Any]:
    """Score the described win; ``ValueError`` (NotAWin included) for bad input."""
    win_tiles = tile_list("win", [request.win])
    if len(win_tiles) != 1:
        raise ValueError(f"win {request.win!r}: give exactly one tile, e.g. 5p")
    melds = [meld(text, MELD_KINDS, "chi:123m or pon:555m") for text in request.melds]
    concealed = concealed_without_win(request.hand, win_tiles[0], len(melds))
    birds = tile_list("birds", [request.birds]) if request.birds.strip() else []
    discarder = request.discarder
    if not request.tsumo:
        if discarder is None:
            discarder = (request.seat + 3) % 4  # the seat before the winner
        if discarder == request.seat:
            raise ValueError("the discarder is another seat than the winner")
    flags = {name: getattr(request, name) for name in FLAGS}
    win = score_win(concealed, melds, win_tiles[0], **flags)
    return win_document(
        win, seat=request.seat, dealer=request.dealer, discarder=discarder, birds=birds
    )
