"""The yaku checks: one small function per yaku, reading plain count vectors and sets.

Two kinds of check:

* hand checks depend only on the tiles and the situation (riichi, tanyao, flushes, dragons,
  winds...), so they run once per hand, over ``Facts`` gathered in one pass;
* reading checks depend on how the hand is read (pinfu, peikou, straights, outside hands,
  concealed triplets...), so they run once per reading (``shapes.readings``) over the four sets.

Ordinary checks return the han they are worth (0 when they do not apply); the collectors turn
them into ``(yaku_id, han)`` lists and yakuman into ``(yaku_id, multiplier)`` lists.
"""

from __future__ import annotations

from typing import NamedTuple

from openmahjong.rules.riichi.context import WinContext
from openmahjong.rules.riichi.hand import Hand
from openmahjong.rules.riichi.options import RiichiRules
from openmahjong.rules.riichi.shapes import (
    CHIITOITSU,
    KOKUSHI,
    RYANMEN,
    TANKI,
    TERMINALS_AND_HONORS,
    THIRTEEN_SIDED,
    Reading,
)
from openmahjong.rules.riichi.yaku_table import YAKU

__all__ = [
    "Facts",
    "facts",
    "hand_yaku",
    "hand_yakuman",
    "situation_yaku",
    "situation_yakuman",
    "simples_yaku",
    "wind_yaku",
    "dragon_yaku",
    "suit_yaku",
    "honor_yakuman",
    "tile_yakuman",
    "nine_gates_possible",
    "reading_yaku",
    "reading_yakuman",
    "value_pair_fu",
    "is_value_pair",
]

CHUN, HAKU, HATSU = 31, 32, 33  # dense indices of Red, White, Green (our codes 45, 46, 47)
WINDS = (27, 28, 29, 30)
DRAGONS = (CHUN, HAKU, HATSU)
_TERMINAL_OR_HONOR = frozenset(TERMINALS_AND_HONORS)
_NOT_GREEN = tuple(i for i in range(34) if i not in (19, 20, 21, 23, 25, HATSU))
_WIND_WORD = ("east", "south", "west", "north")
SEAT_WIND_ID = tuple(f"seat_wind_{w}" for w in _WIND_WORD)
ROUND_WIND_ID = tuple(f"round_wind_{w}" for w in _WIND_WORD)
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


class Facts(NamedTuple):
    """What the hand checks need, gathered once from the tiles (kans counted as three)."""

    suits: int  # how many of the three suits appear
    honors: int  # honor tiles held
    simples: int  # tiles 2-8 held
    terminals: int  # suited 1s and 9s held


def facts(h: Hand) -> Facts:
    c = h.shape
    honors = sum(c[27:34])
    terminals = c[0] + c[8] + c[9] + c[17] + c[18] + c[26]
    suits = (any(c[0:9])) + (any(c[9:18])) + (any(c[18:27]))
    # The shape holds 14 tiles (a kan counted as three): the rest are simples.
    return _new_facts(Facts, (suits, honors, 14 - honors - terminals, terminals))


_new_facts = tuple.__new__  # builds the named tuple without its Python-level __new__


def _seat(s: WinContext) -> int:
    return s.seat_wind - 14  # 41..44 -> dense 27..30


def _round(s: WinContext) -> int:
    return s.round_wind - 14


# --------------------------------------------------------------------------- hand checks


def tanyao(f: Facts, h: Hand, rules: RiichiRules) -> int:
    if not h.closed and not rules.open_tanyao:
        return 0
    return 1 if not f.honors and not f.terminals else 0


def honitsu(f: Facts, h: Hand) -> int:
    return (3 if h.closed else 2) if f.suits == 1 and f.honors else 0


def chinitsu(f: Facts, h: Hand) -> int:
    return (6 if h.closed else 5) if f.suits == 1 and not f.honors else 0


def honroutou(f: Facts) -> int:
    # With no honors (chinroutou) or no terminals (tsuuiisou) a yakuman takes over anyway.
    return 2 if not f.simples else 0


def shousangen(h: Hand) -> int:
    c = h.shape
    a, b, d = c[CHUN], c[HAKU], c[HATSU]
    return 2 if a + b + d == 8 and min(a, b, d) == 2 else 0


def sankantsu(h: Hand) -> int:
    return 2 if h.kans == 3 else 0


def situation_yaku(s: WinContext, closed: bool, renhou: str) -> list[tuple[str, int]]:
    """The yaku of how the hand was won (riichi .. houtei, renhou as ``RiichiRules.renhou``
    says). The scorer's fast path keeps them per situation (``situations.situation_record``)."""
    out: list[tuple[str, int]] = []
    if s.double_riichi:
        out.append(("double_riichi", 2))
    elif s.riichi:
        out.append(("riichi", 1))
    if s.ippatsu:
        out.append(("ippatsu", 1))
    if s.tsumo and closed:
        out.append(("menzen_tsumo", 1))
    if s.chankan:
        out.append(("chankan", 1))
    if s.rinshan:
        out.append(("rinshan_kaihou", 1))
    if s.haitei:
        out.append(("haitei_raoyue", 1))
    if s.houtei:
        out.append(("houtei_raoyui", 1))
    if renhou == "mangan" and s.renhou:
        out.append(("renhou", 5))
    return out


def wind_yaku(h: Hand, s: WinContext) -> list[tuple[str, int]]:
    """A triplet of the seat wind, of the round wind (both for a double wind)."""
    c = h.shape
    out: list[tuple[str, int]] = []
    if c[_seat(s)] >= 3:
        out.append((SEAT_WIND_ID[s.seat_wind - 41], 1))
    if c[_round(s)] >= 3:
        out.append((ROUND_WIND_ID[s.round_wind - 41], 1))
    return out


def dragon_yaku(h: Hand) -> list[tuple[str, int]]:
    """Dragon triplets, and little three dragons."""
    c = h.shape
    out: list[tuple[str, int]] = []
    if c[HAKU] >= 3:
        out.append(("haku", 1))
    if c[HATSU] >= 3:
        out.append(("hatsu", 1))
    if c[CHUN] >= 3:
        out.append(("chun", 1))
    if shousangen(h):
        out.append(("shousangen", 2))
    return out


def simples_yaku(f: Facts, h: Hand, rules: RiichiRules) -> list[tuple[str, int]]:
    """All simples (listed before the honors' yaku)."""
    return [("tanyao", 1)] if tanyao(f, h, rules) else []


def suit_yaku(f: Facts, h: Hand) -> list[tuple[str, int]]:
    """The flushes, all terminals and honors, three kans (listed after the honors' yaku)."""
    out: list[tuple[str, int]] = []
    han = honitsu(f, h)
    if han:
        out.append(("honitsu", han))
    han = chinitsu(f, h)
    if han:
        out.append(("chinitsu", han))
    if honroutou(f):
        out.append(("honroutou", 2))
    if h.kans == 3:
        out.append(("sankantsu", 2))
    return out


def hand_yaku(h: Hand, s: WinContext, rules: RiichiRules, f: Facts) -> list[tuple[str, int]]:
    """The ordinary yaku that do not depend on how the hand is read, in the order they are
    listed: the situation's, all simples, the winds', the dragons', the suits'."""
    out = situation_yaku(s, h.closed, rules.renhou) + simples_yaku(f, h, rules)
    if f.honors:
        out += wind_yaku(h, s) + dragon_yaku(h)
    return out + suit_yaku(f, h)


# --------------------------------------------------------------------------- hand yakuman


def daisangen(h: Hand) -> bool:
    c = h.shape
    return c[CHUN] >= 3 and c[HAKU] >= 3 and c[HATSU] >= 3


def daisuushii(h: Hand) -> bool:
    c = h.shape
    return c[27] >= 3 and c[28] >= 3 and c[29] >= 3 and c[30] >= 3


def shousuushii(h: Hand) -> bool:
    w = sorted(h.shape[27:31])
    return w[0] == 2 and w[1] >= 3


def tsuuiisou(f: Facts) -> bool:
    return not f.suits


def chinroutou(f: Facts) -> bool:
    return not f.honors and not f.simples


def ryuuiisou(h: Hand) -> bool:
    c = h.shape
    return not any(c[i] for i in _NOT_GREEN)


def suukantsu(h: Hand) -> bool:
    return h.kans == 4


def nine_gates_possible(f: Facts) -> bool:
    """One suit and no honors: the hand may be nine gates (``nine_gates`` looks closer)."""
    return f.suits == 1 and not f.honors


def nine_gates(h: Hand) -> int:
    """0, or 1 for chuuren poutou, or 2 for the pure nine-sided wait (junsei)."""
    c = h.concealed
    base = 9 * (h.win // 9)
    suit = c[base : base + 9]
    if sum(suit) != 14 or any(n < need for n, need in zip(suit, _NINE_GATES, strict=True)):
        return 0
    suit[h.win - base] -= 1
    return 2 if tuple(suit) == _NINE_GATES else 1


def _mult(yaku_id: str, rules: RiichiRules) -> int:
    return YAKU[yaku_id].yakuman if rules.double_yakuman else 1


def situation_yakuman(s: WinContext, renhou: str) -> list[tuple[str, int]]:
    """First-turn yakuman (renhou as ``RiichiRules.renhou`` says), multiplier 1 each."""
    out: list[tuple[str, int]] = []
    if s.tenhou:
        out.append(("tenhou", 1))
    if s.chiihou:
        out.append(("chiihou", 1))
    if renhou == "yakuman" and s.renhou:
        out.append(("renhou", 1))
    return out


def honor_yakuman(h: Hand, rules: RiichiRules) -> list[tuple[str, int]]:
    """Big three dragons, big or little four winds."""
    out: list[tuple[str, int]] = []
    if daisangen(h):
        out.append(("daisangen", 1))
    if daisuushii(h):
        out.append(("daisuushii", _mult("daisuushii", rules)))
    elif shousuushii(h):
        out.append(("shousuushii", 1))
    return out


def tile_yakuman(f: Facts, h: Hand) -> list[tuple[str, int]]:
    """Yakuman of which tiles the hand holds: all honors, all terminals, all green, four kans."""
    out: list[tuple[str, int]] = []
    if tsuuiisou(f):
        out.append(("tsuuiisou", 1))
    if chinroutou(f):
        out.append(("chinroutou", 1))
    if f.suits <= 1 and ryuuiisou(h):
        out.append(("ryuuiisou", 1))
    if h.kans == 4:
        out.append(("suukantsu", 1))
    return out


def hand_yakuman(h: Hand, s: WinContext, rules: RiichiRules, f: Facts) -> list[tuple[str, int]]:
    """Yakuman that do not depend on the reading, with their multipliers."""
    out = situation_yakuman(s, rules.renhou)
    if f.honors >= 9:  # three dragon triplets, or three wind triplets and a wind pair
        out += honor_yakuman(h, rules)
    out += tile_yakuman(f, h)
    if nine_gates_possible(f) and not h.melds and h.win < 27:
        gates = nine_gates(h)
        if gates == 2:
            out.append(("junsei_chuuren_poutou", _mult("junsei_chuuren_poutou", rules)))
        elif gates == 1:
            out.append(("chuuren_poutou", 1))
    return out


# --------------------------------------------------------------------------- reading checks


def is_value_pair(pair: int, s: WinContext) -> bool:
    return pair >= CHUN or pair == _seat(s) or pair == _round(s)


def value_pair_fu(pair: int, s: WinContext) -> int:
    """Fu for the pair: 2 per reason it is a value tile (a double wind pair is worth 4)."""
    if pair < 27:
        return 0
    if pair >= CHUN:
        return 2
    return 2 * ((pair == _seat(s)) + (pair == _round(s)))


def pinfu(r: Reading, h: Hand, s: WinContext, runs: list[int]) -> int:
    if not h.closed or r.wait != RYANMEN or len(runs) != 4 or is_value_pair(r.pair, s):
        return 0
    return 1


def peikou(h: Hand, runs: list[int]) -> int:
    """Number of pairs of identical runs (closed hands only): 1 iipeikou, 2 ryanpeikou."""
    if not h.closed or len(runs) < 2:
        return 0
    runs = sorted(runs)
    pairs = 0
    i = 0
    while i + 1 < len(runs):
        if runs[i] == runs[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def ittsu(h: Hand, runs: list[int]) -> int:
    for base in (0, 9, 18):
        if base in runs and base + 3 in runs and base + 6 in runs:
            return 2 if h.closed else 1
    return 0


def sanshoku(h: Hand, runs: list[int]) -> int:
    for i in runs:
        if i < 7 and i + 9 in runs and i + 18 in runs:
            return 2 if h.closed else 1
    return 0


def sanshoku_doukou(triplets: list[int]) -> int:
    for i in triplets:
        if i < 9 and i + 9 in triplets and i + 18 in triplets:
            return 2
    return 0


def toitoi(triplets: list[int]) -> int:
    return 2 if len(triplets) == 4 else 0


def sanankou(concealed_triplets: int) -> int:
    return 2 if concealed_triplets == 3 else 0


def outside_hand(r: Reading, h: Hand, runs: list[int], triplets: list[int]) -> tuple[str, int]:
    """Chanta or junchan: every set and the pair hold a terminal or honor, with some run."""
    if not runs or r.pair not in _TERMINAL_OR_HONOR:
        return "", 0
    for i in runs:
        if i % 9 not in (0, 6):
            return "", 0
    honors = r.pair >= 27
    for i in triplets:
        if i not in _TERMINAL_OR_HONOR:
            return "", 0
        honors = honors or i >= 27
    if honors:
        return "chanta", 2 if h.closed else 1
    return "junchan", 3 if h.closed else 2


def reading_yaku(r: Reading, h: Hand, s: WinContext) -> tuple[list[tuple[str, int]], int]:
    """The ordinary yaku that depend on how the hand is read, and its concealed triplets."""
    if r.form != 0:  # seven pairs (thirteen orphans never gets here with ordinary yaku)
        return ([("chiitoitsu", 2)] if r.form == CHIITOITSU else []), 0
    runs: list[int] = []
    triplets: list[int] = []
    concealed = 0
    for t, i, hidden, _ in r.sets:
        if t:
            runs.append(i)
        else:
            triplets.append(i)
            if hidden:
                concealed += 1
    out: list[tuple[str, int]] = []
    if runs:
        if pinfu(r, h, s, runs):
            out.append(("pinfu", 1))
        pairs = peikou(h, runs)
        if pairs >= 2:
            out.append(("ryanpeikou", 3))
        elif pairs == 1:
            out.append(("iipeikou", 1))
        if len(runs) >= 3:
            han = ittsu(h, runs)
            if han:
                out.append(("ittsu", han))
            han = sanshoku(h, runs)
            if han:
                out.append(("sanshoku", han))
    if len(triplets) >= 3:
        if sanshoku_doukou(triplets):
            out.append(("sanshoku_doukou", 2))
        if toitoi(triplets):
            out.append(("toitoi", 2))
        if sanankou(concealed):
            out.append(("sanankou", 2))
    name, han = outside_hand(r, h, runs, triplets)
    if han:
        out.append((name, han))
    return out, concealed


def reading_yakuman(
    r: Reading, concealed_triplets: int, rules: RiichiRules
) -> list[tuple[str, int]]:
    """Thirteen orphans and four concealed triplets."""
    if r.form == KOKUSHI:
        if r.wait == THIRTEEN_SIDED:
            return [("kokushi_musou_13", _mult("kokushi_musou_13", rules))]
        return [("kokushi_musou", 1)]
    if concealed_triplets == 4:
        if r.wait == TANKI:
            return [("suuankou_tanki", _mult("suuankou_tanki", rules))]
        return [("suuankou", 1)]
    return []
