"""The yaku checks: one small function per yaku, reading plain count vectors and sets.

Two kinds of check:

* hand checks depend only on the tiles and the situation (riichi, tanyao, flushes, dragons,
  winds...), so they run once per hand;
* reading checks depend on how the hand is read (pinfu, peikou, straights, outside hands,
  concealed triplets...), so they run once per reading (``shapes.readings``).

Each check returns the han it is worth (0 when it does not apply); yakuman checks return the
multiplier. ``collect_*`` turn them into ``(yaku_id, han)`` lists.
"""

from __future__ import annotations

from openmahjong.rules.riichi.context import Situation
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

__all__ = ["hand_yaku", "hand_yakuman", "reading_yaku", "reading_yakuman", "value_pair_fu"]

CHUN, HAKU, HATSU = 31, 32, 33  # dense indices of Red, White, Green (our codes 45, 46, 47)
WINDS = (27, 28, 29, 30)
DRAGONS = (CHUN, HAKU, HATSU)
_TERMINAL_OR_HONOR = frozenset(TERMINALS_AND_HONORS)
_GREEN = frozenset((19, 20, 21, 23, 25, HATSU))  # 2 3 4 6 8 bamboo and the green dragon
_WIND_WORD = ("east", "south", "west", "north")
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _seat(s: Situation) -> int:
    return 27 + s.seat_wind - 41


def _round(s: Situation) -> int:
    return 27 + s.round_wind - 41


# --------------------------------------------------------------------------- hand checks


def _has_terminal_or_honor(c: list[int]) -> bool:
    return any(c[i] for i in TERMINALS_AND_HONORS)


def tanyao(h: Hand, s: Situation, rules: RiichiRules) -> int:
    if not h.closed and not rules.open_tanyao:
        return 0
    return 0 if _has_terminal_or_honor(h.shape) else 1


def _suits(c: list[int]) -> tuple[int, bool]:
    """How many of the three suits appear, and whether honors do."""
    n = (any(c[0:9])) + (any(c[9:18])) + (any(c[18:27]))
    return n, any(c[27:34])


def honitsu(h: Hand) -> int:
    n, honors = _suits(h.shape)
    return (3 if h.closed else 2) if n == 1 and honors else 0


def chinitsu(h: Hand) -> int:
    n, honors = _suits(h.shape)
    return (6 if h.closed else 5) if n == 1 and not honors else 0


def honroutou(h: Hand) -> int:
    c = h.shape
    if any(n for i, n in enumerate(c) if n and i not in _TERMINAL_OR_HONOR):
        return 0
    return 2


def shousangen(h: Hand) -> int:
    d = sorted(h.shape[i] for i in DRAGONS)
    return 2 if d[0] == 2 and d[1] >= 3 else 0


def sankantsu(h: Hand) -> int:
    return 2 if h.kans == 3 else 0


def hand_yaku(h: Hand, s: Situation, rules: RiichiRules) -> list[tuple[str, int]]:
    """The ordinary yaku that do not depend on how the hand is read."""
    out: list[tuple[str, int]] = []
    if s.double_riichi:
        out.append(("double_riichi", 2))
    elif s.riichi:
        out.append(("riichi", 1))
    if s.ippatsu:
        out.append(("ippatsu", 1))
    if s.tsumo and h.closed:
        out.append(("menzen_tsumo", 1))
    if s.chankan:
        out.append(("chankan", 1))
    if s.rinshan:
        out.append(("rinshan_kaihou", 1))
    if s.haitei:
        out.append(("haitei_raoyue", 1))
    if s.houtei:
        out.append(("houtei_raoyui", 1))
    if s.renhou and rules.renhou == "mangan":
        out.append(("renhou", 5))
    c = h.shape
    if tanyao(h, s, rules):
        out.append(("tanyao", 1))
    if c[_seat(s)] >= 3:
        out.append((f"seat_wind_{_WIND_WORD[s.seat_wind - 41]}", 1))
    if c[_round(s)] >= 3:
        out.append((f"round_wind_{_WIND_WORD[s.round_wind - 41]}", 1))
    if c[HAKU] >= 3:
        out.append(("haku", 1))
    if c[HATSU] >= 3:
        out.append(("hatsu", 1))
    if c[CHUN] >= 3:
        out.append(("chun", 1))
    for name, check in (
        ("honitsu", honitsu),
        ("chinitsu", chinitsu),
        ("honroutou", honroutou),
        ("shousangen", shousangen),
        ("sankantsu", sankantsu),
    ):
        han = check(h)
        if han:
            out.append((name, han))
    return out


# --------------------------------------------------------------------------- hand yakuman


def daisangen(h: Hand) -> bool:
    return all(h.shape[i] >= 3 for i in DRAGONS)


def daisuushii(h: Hand) -> bool:
    return all(h.shape[i] >= 3 for i in WINDS)


def shousuushii(h: Hand) -> bool:
    w = sorted(h.shape[i] for i in WINDS)
    return w[0] == 2 and w[1] >= 3


def tsuuiisou(h: Hand) -> bool:
    return not any(h.shape[0:27])


def chinroutou(h: Hand) -> bool:
    c = h.shape
    return not any(c[27:34]) and all(not n or i % 9 in (0, 8) for i, n in enumerate(c[0:27]))


def ryuuiisou(h: Hand) -> bool:
    return all(not n or i in _GREEN for i, n in enumerate(h.shape))


def suukantsu(h: Hand) -> bool:
    return h.kans == 4


def nine_gates(h: Hand) -> int:
    """0, or 1 for chuuren poutou, or 2 for the pure nine-sided wait (junsei)."""
    if h.melds:
        return 0
    c = h.concealed
    for base in (0, 9, 18):
        suit = c[base : base + 9]
        if sum(suit) != 14:
            continue
        if all(n >= need for n, need in zip(suit, _NINE_GATES, strict=True)):
            rest = suit[:]
            rest[h.win - base] -= 1
            return 2 if tuple(rest) == _NINE_GATES else 1
        return 0
    return 0


def _mult(yaku_id: str, rules: RiichiRules) -> int:
    return YAKU[yaku_id].yakuman if rules.double_yakuman else 1


def hand_yakuman(h: Hand, s: Situation, rules: RiichiRules) -> list[tuple[str, int]]:
    """Yakuman that do not depend on the reading, with their multipliers."""
    out: list[tuple[str, int]] = []
    if s.tenhou:
        out.append(("tenhou", 1))
    if s.chiihou:
        out.append(("chiihou", 1))
    if s.renhou and rules.renhou == "yakuman":
        out.append(("renhou", 1))
    if daisangen(h):
        out.append(("daisangen", 1))
    if daisuushii(h):
        out.append(("daisuushii", _mult("daisuushii", rules)))
    elif shousuushii(h):
        out.append(("shousuushii", 1))
    if tsuuiisou(h):
        out.append(("tsuuiisou", 1))
    if chinroutou(h):
        out.append(("chinroutou", 1))
    if ryuuiisou(h):
        out.append(("ryuuiisou", 1))
    if suukantsu(h):
        out.append(("suukantsu", 1))
    gates = nine_gates(h)
    if gates == 2:
        out.append(("junsei_chuuren_poutou", _mult("junsei_chuuren_poutou", rules)))
    elif gates == 1:
        out.append(("chuuren_poutou", 1))
    return out


# --------------------------------------------------------------------------- reading checks


def is_value_pair(pair: int, s: Situation) -> bool:
    return pair >= CHUN or pair == _seat(s) or pair == _round(s)


def value_pair_fu(pair: int, s: Situation) -> int:
    """Fu for the pair: 2 per reason it is a value tile (a double wind pair is worth 4)."""
    if pair < 27:
        return 0
    if pair >= CHUN:
        return 2
    return 2 * ((pair == _seat(s)) + (pair == _round(s)))


def pinfu(r: Reading, h: Hand, s: Situation) -> int:
    if not h.closed or r.wait != RYANMEN or is_value_pair(r.pair, s):
        return 0
    return 1 if all(m.type == 1 for m in r.sets) else 0


def _peikou(r: Reading, h: Hand) -> int:
    """Number of pairs of identical sequences (closed hands only)."""
    if not h.closed:
        return 0
    seqs = sorted(m.index for m in r.sets if m.type == 1)
    pairs = 0
    i = 0
    while i + 1 < len(seqs):
        if seqs[i] == seqs[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def ittsu(r: Reading, h: Hand) -> int:
    seqs = {m.index for m in r.sets if m.type == 1}
    for base in (0, 9, 18):
        if base in seqs and base + 3 in seqs and base + 6 in seqs:
            return 2 if h.closed else 1
    return 0


def sanshoku(r: Reading, h: Hand) -> int:
    seqs = {m.index for m in r.sets if m.type == 1}
    for i in range(7):
        if i in seqs and i + 9 in seqs and i + 18 in seqs:
            return 2 if h.closed else 1
    return 0


def sanshoku_doukou(r: Reading) -> int:
    trips = {m.index for m in r.sets if m.type == 0}
    for i in range(9):
        if i in trips and i + 9 in trips and i + 18 in trips:
            return 2
    return 0


def toitoi(r: Reading) -> int:
    return 2 if all(m.type == 0 for m in r.sets) else 0


def concealed_triplets(r: Reading) -> int:
    return sum(1 for m in r.sets if m.type == 0 and m.concealed)


def _outside(r: Reading) -> tuple[bool, bool]:
    """(every set and the pair holds a terminal or honor, at least one is a sequence)."""
    if r.pair not in _TERMINAL_OR_HONOR:
        return False, False
    has_seq = False
    for m in r.sets:
        if m.type == 1:
            if m.index % 9 not in (0, 6):
                return False, False
            has_seq = True
        elif m.index not in _TERMINAL_OR_HONOR:
            return False, False
    return True, has_seq


def reading_yaku(r: Reading, h: Hand, s: Situation) -> list[tuple[str, int]]:
    """The ordinary yaku that depend on how the hand is read."""
    if r.form == CHIITOITSU:
        return [("chiitoitsu", 2)]
    out: list[tuple[str, int]] = []
    if pinfu(r, h, s):
        out.append(("pinfu", 1))
    peikou = _peikou(r, h)
    if peikou >= 2:
        out.append(("ryanpeikou", 3))
    elif peikou == 1:
        out.append(("iipeikou", 1))
    han = ittsu(r, h)
    if han:
        out.append(("ittsu", han))
    han = sanshoku(r, h)
    if han:
        out.append(("sanshoku", han))
    if sanshoku_doukou(r):
        out.append(("sanshoku_doukou", 2))
    if toitoi(r):
        out.append(("toitoi", 2))
    if concealed_triplets(r) == 3:
        out.append(("sanankou", 2))
    outside, has_seq = _outside(r)
    if outside and has_seq:
        if any(r.sets[k].index >= 27 for k in range(4)) or r.pair >= 27:
            out.append(("chanta", 2 if h.closed else 1))
        else:
            out.append(("junchan", 3 if h.closed else 2))
    return out


def reading_yakuman(r: Reading, h: Hand, s: Situation, rules: RiichiRules) -> list[tuple[str, int]]:
    if r.form == KOKUSHI:
        if r.wait == THIRTEEN_SIDED:
            return [("kokushi_musou_13", _mult("kokushi_musou_13", rules))]
        return [("kokushi_musou", 1)]
    if r.form == CHIITOITSU:
        return []
    if concealed_triplets(r) == 4:
        if r.wait == TANKI:
            return [("suuankou_tanki", _mult("suuankou_tanki", rules))]
        return [("suuankou", 1)]
    return []
