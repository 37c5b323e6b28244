"""Local yaku: the checks a table turns on through ``RiichiRules.local_yaku`` (Mahjong Soul's
Melee Room, docs/riichi-melee.md), added to what the standard checks found.

The scorer's general path asks these only when the rules name some local yaku; it hands over the
standard yaku and yakuman it found, and gets them back with the local ones added and the yaku
they take the place of removed:

* iipin moyue (haitei on the 1 of circles) replaces haitei, chuupin raoyui (houtei on the 9 of
  circles) replaces houtei: 5 han in all, not 6;
* isshoku sanjun (three identical runs) replaces iipeikou and ryanpeikou;
* daichisei (seven pairs of the seven honors) is a double yakuman in place of all honors.

Every other local yakuman adds its multiple to the hand's other yakuman, as Mahjong Soul stacks
yakuman; a yakuman leaves no ordinary yaku, local or not.
"""

from __future__ import annotations

from openmahjong.rules.riichi.context import WinContext
from openmahjong.rules.riichi.hand import Hand
from openmahjong.rules.riichi.options import RiichiRules
from openmahjong.rules.riichi.shapes import REGULAR, Reading
from openmahjong.rules.riichi.yaku_table import LOCAL_YAKU

__all__ = ["hand_local_yaku", "hand_local_yakuman", "reading_local_yaku"]

Yaku = list[tuple[str, int]]

_ONE_PIN, _NINE_PIN = 9, 17  # dense indices
_HONORS = range(27, 34)
#: The wheels: 2-8 twice each in one suit, by the suit's first dense index.
_WHEELS = {0: "daisuurin", 9: "daisharin", 18: "daichikurin"}


def _on(name: str, rules: RiichiRules) -> bool:
    return name in rules.local_yaku


def _replace(out: Yaku, old: str, new: str, han: int) -> Yaku:
    return [(new, han) if y == old else (y, h) for y, h in out]


def hand_local_yaku(h: Hand, s: WinContext, rules: RiichiRules, yaku: Yaku) -> Yaku:
    """The standard hand yaku with the local ones that do not depend on the reading."""
    out = list(yaku)
    if s.haitei and h.win == _ONE_PIN and _on("iipin_moyue", rules):
        out = _replace(out, "haitei_raoyue", "iipin_moyue", 5)
    if s.houtei and h.win == _NINE_PIN and _on("chuupin_raoyui", rules):
        out = _replace(out, "houtei_raoyui", "chuupin_raoyui", 5)
    if "tsubame_gaeshi" in s.local and _on("tsubame_gaeshi", rules):
        out.append(("tsubame_gaeshi", 1))
    if "kanburi" in s.local and _on("kanburi", rules):
        out.append(("kanburi", 1))
    if len(h.melds) == 4 and _on("shiiaru_raotai", rules):
        out.append(("shiiaru_raotai", 1))  # four melds leave a single tile: a tanki win
    if _on("uumensai", rules) and _five_kinds(h.shape):
        out.append(("uumensai", 2))
    return out


def _five_kinds(c: list[int]) -> bool:
    """Characters, circles, bamboo, a wind and a dragon all in the hand."""
    return any(c[0:9]) and any(c[9:18]) and any(c[18:27]) and any(c[27:31]) and any(c[31:34])


def hand_local_yakuman(
    h: Hand, s: WinContext, rules: RiichiRules, yakuman: Yaku
) -> list[tuple[str, int]]:
    """The standard hand yakuman (with multiples) and the local ones."""
    out = list(yakuman)
    if s.double_riichi and (s.haitei or s.houtei) and _on("ishi_no_ue_ni_mo_sannen", rules):
        out.append(("ishi_no_ue_ni_mo_sannen", 1))
    if not h.melds:
        c = h.concealed
        wheel = _wheel(c)
        if wheel and _on(wheel, rules):
            out.append((wheel, 1))
        if all(c[i] == 2 for i in _HONORS) and _on("daichisei", rules):
            # Seven honor pairs: only a seven-pairs reading, and all honors besides.
            mult = LOCAL_YAKU["daichisei"].yakuman if rules.double_yakuman else 1
            out = [(y, m) for y, m in out if y != "tsuuiisou"] + [("daichisei", mult)]
    return out


def _wheel(c: list[int]) -> str:
    """The wheel's name when the closed hand is 22334455667788 in one suit, else ''."""
    for base, name in _WHEELS.items():
        suit = c[base : base + 9]
        if suit[0] == 0 and suit[8] == 0 and all(n == 2 for n in suit[1:8]):
            return name
    return ""


def reading_local_yaku(r: Reading, h: Hand, rules: RiichiRules, own: Yaku) -> Yaku:
    """A reading's standard yaku with the local ones that depend on the sets."""
    if r.form != REGULAR:
        return own  # seven pairs and thirteen orphans have no sets
    runs = [i for t, i, _, _ in r.sets if t]
    triplets = sorted(i for t, i, _, _ in r.sets if not t)
    out = list(own)
    if _on("isshoku_sanjun", rules) and any(runs.count(i) >= 3 for i in set(runs)):
        out = [(y, x) for y, x in out if y not in ("iipeikou", "ryanpeikou")]
        out.append(("isshoku_sanjun", 3 if h.closed else 2))
    if _on("sanrenkou", rules) and _three_chained(triplets):
        out.append(("sanrenkou", 2))
    return out


def _three_chained(triplets: list[int]) -> bool:
    """Three triplets (or kans) of one suit with consecutive numbers, like 444-555-666."""
    held = set(triplets)
    return any(i < 27 and i % 9 <= 6 and i + 1 in held and i + 2 in held for i in held)
