"""Qingque scoring for the player tools: a hand in text notation in, a JSON-ready answer out.

What the calculator (``tools/qingque_calculator.py``: ``openmahjong score qingque`` and
``POST /api/tools/score/qingque``) calls (``docs/qingque.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openmahjong.rules.qingque.scoring import BelowMinimum, NotAWin, score_win
from openmahjong.tiles import parse
from openmahjong.tools.parsing import meld

__all__ = ["score_text", "MELD_KINDS"]

#: Meld notation: ``kind:tiles``, e.g. ``pon:999s``, ``chi:123m``, ``ankan:1111z``.
MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan")


def score_text(
    hand: str,
    win: str,
    melds: Sequence[str] = (),
    *,
    self_drawn: bool = False,
    seat_wind: int = 41,
    kong: bool = False,
    last_tile: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
) -> dict[str, Any]:
    """Score concealed ``hand`` (the winning tile ``win`` included) with ``melds``.

    Returns ``{"win": true, "fans": [[zh, en, value]...], "fan": total, "exact": the total is
    the source's own table value (false: our estimate), "base": base points, "payments": {...}}``
    or ``{"win": false, "reason": ...}`` (with ``fans`` and ``fan`` when the shape is complete
    but worth less than 1 fan); ``ValueError`` on bad notation."""
    (tile,) = parse(win)
    try:
        result = score_win(
            parse(hand),
            tile,
            [(m.kind, m.tiles) for m in (meld(text, MELD_KINDS, "pon:999s") for text in melds)],
            self_drawn=self_drawn,
            seat_wind=seat_wind,
            kong=kong,
            last_tile=last_tile,
            heavenly=heavenly,
            earthly=earthly,
        )
    except BelowMinimum as e:
        fans = [[f.zh, f.en, f.value] for f in e.win.fans]
        return {"win": False, "reason": str(e), "fans": fans, "fan": e.win.fan}
    except NotAWin as e:
        return {"win": False, "reason": str(e)}
    base = result.base_points
    payments = {"each": base} if self_drawn else {"discarder": 3 * base}
    return {
        "win": True,
        "fans": [[f.zh, f.en, f.value] for f in result.fans],
        "fan": result.fan,
        "exact": result.exact,
        "base": base,
        "payments": payments,
    }
