"""Fu (minipoints) of one reading, with the reasons, rounded the usual way.

* seven pairs: 25 flat; pinfu: 20 on tsumo, 30 on ron (20 + 10 for a closed ron);
* otherwise 20, +10 closed ron, +2 tsumo, +2 for a kanchan, penchan or tanki wait, the pair
  (2 per value: dragon, seat wind, round wind, so a double wind pair is 4), and each triplet:
  2 for simples, doubled for terminals/honors, doubled if concealed, times four for a kan;
* round up to 10; an open hand that would stay at 20 (open pinfu shape on ron) is 30.
"""

from __future__ import annotations

from openmahjong.rules.riichi.context import WinContext
from openmahjong.rules.riichi.hand import Hand
from openmahjong.rules.riichi.shapes import CHIITOITSU, KANCHAN, PENCHAN, TANKI, Reading
from openmahjong.rules.riichi.yaku import value_pair_fu

__all__ = ["fu_breakdown", "fu_of", "round_fu"]

_WAIT_FU = {KANCHAN: ("kanchan wait", 2), PENCHAN: ("penchan wait", 2), TANKI: ("tanki wait", 2)}
_TERMINAL_OR_HONOR = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


def round_fu(raw: int) -> int:
    return -(-raw // 10) * 10


def set_fu(index: int, concealed: bool, kan: bool) -> int:
    fu = 2
    if index in _TERMINAL_OR_HONOR:
        fu *= 2
    if concealed:
        fu *= 2
    if kan:
        fu *= 4
    return fu


def fu_breakdown(r: Reading, h: Hand, s: WinContext, pinfu: bool) -> list[tuple[str, int]]:
    """Where each fu comes from; the sum before rounding is the raw fu."""
    if r.form == CHIITOITSU:
        return [("seven pairs", 25)]
    if pinfu:
        if s.tsumo:
            return [("pinfu tsumo", 20)]
        return [("base", 20), ("closed ron", 10)]
    parts = [("base", 20)]
    if h.closed and not s.tsumo:
        parts.append(("closed ron", 10))
    if s.tsumo:
        parts.append(("tsumo", 2))
    if r.wait in _WAIT_FU:
        parts.append(_WAIT_FU[r.wait])
    pair = value_pair_fu(r.pair, s)
    if pair:
        parts.append(("value pair", pair))
    for m in r.sets:
        if m[0] == 0:
            what = ("closed " if m[2] else "open ") + ("kan" if m[3] else "triplet")
            parts.append((what, set_fu(m[1], m[2], m[3])))
    return parts


def fu_of(r: Reading, h: Hand, s: WinContext, pinfu: bool) -> int:
    """The rounded fu (fast path of ``fu_breakdown``)."""
    if r.form == CHIITOITSU:
        return 25
    if pinfu:
        return 20 if s.tsumo else 30
    raw = 20
    if s.tsumo:
        raw += 2
    elif h.closed:
        raw += 10
    if r.wait == KANCHAN or r.wait == PENCHAN or r.wait == TANKI:
        raw += 2
    raw += value_pair_fu(r.pair, s)
    for m in r.sets:
        if m[0] == 0:
            raw += set_fu(m[1], m[2], m[3])
    fu = round_fu(raw)
    return 30 if fu == 20 else fu
