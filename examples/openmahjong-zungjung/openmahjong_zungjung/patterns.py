"""The 44 patterns of Zung Jung (中庸麻雀, Alan Kwan), each a predicate on one reading of the
winning hand (``openmahjong.rules.declarative.WinContext``).

The numbers are the rulebook's: category.series.pattern. Patterns of one series never count
together (only the highest does: ``series``); patterns of different series add up, even when
one implies another. "3.1 Value Honor" counts once per set. Sources: see README.md.
"""

from __future__ import annotations

from collections import Counter

from openmahjong.rules.declarative import Group, Pattern, WinContext
from openmahjong.tiles import DRAGONS, WINDS

__all__ = ["PATTERNS", "CHICKEN_HAND"]


# ---------------------------------------------------------------------- small helpers
def _regular(h: WinContext) -> bool:
    return h.form == "regular"


def _suited(g: Group) -> bool:
    return g.tile < 40


def _middle(t: int) -> bool:
    return t < 40 and 2 <= t % 10 <= 8


def _terminal(t: int) -> bool:
    return t < 40 and t % 10 in (1, 9)


def _chow_counts(h: WinContext) -> Counter[int]:
    """How many times each chow (by its lowest tile) appears."""
    return Counter(g.tile for g in h.chows)


def _wind_pungs(h: WinContext) -> int:
    return sum(1 for g in h.pungs if g.tile in WINDS)


def _dragon_pungs(h: WinContext) -> int:
    return sum(1 for g in h.pungs if g.tile in DRAGONS)


def _pair_in(h: WinContext, kinds: tuple[int, ...]) -> bool:
    return h.pair is not None and h.pair.tile in kinds


def _nine_gates(h: WinContext) -> bool:
    """1112345678999 of one suit, concealed, and any tile of that suit to win on."""
    if not _regular(h) or h.melds or len(h.suits) != 1 or h.has_honors:
        return False
    waiting = list(h.concealed_tiles)
    waiting.remove(h.winning_tile)
    numbers = Counter(t % 10 for t in waiting)
    return [numbers[n] for n in range(1, 10)] == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _three_similar_chows(h: WinContext) -> bool:
    starts = {(g.number, g.suit) for g in h.chows}
    return any(all((n, s) in starts for s in (1, 2, 3)) for n in range(1, 8))


def _similar_pungs(h: WinContext) -> set[tuple[int, int]]:
    """(number, suit) of the suited pungs."""
    return {(g.number, g.suit) for g in h.pungs if _suited(g)}


def _three_similar_pungs(h: WinContext) -> bool:
    pungs = _similar_pungs(h)
    return any(all((n, s) in pungs for s in (1, 2, 3)) for n in range(1, 10))


def _small_three_similar_pungs(h: WinContext) -> bool:
    """Two pungs and the pair of one number, in the three suits."""
    pair = h.pair
    if pair is None or not _suited(pair):
        return False
    pungs = _similar_pungs(h)
    others = [s for s in (1, 2, 3) if s != pair.suit]
    return all((pair.number, s) in pungs for s in others)


def _nine_tile_straight(h: WinContext) -> bool:
    starts = {(g.suit, g.number) for g in h.chows}
    return any({(s, 1), (s, 4), (s, 7)} <= starts for s in (1, 2, 3))


def _consecutive_pungs(h: WinContext, run: int) -> bool:
    pungs = {g.tile for g in h.pungs if _suited(g)}
    return any(all(t + i in pungs for i in range(run)) for t in pungs)


def _every_group(h: WinContext, test) -> bool:  # noqa: ANN001 - a predicate on a group
    return _regular(h) and all(test(g) for g in h.groups)


# ---------------------------------------------------------------------- the patterns
def _p(key: str, en: str, zh: str, ja: str, value: int, test, series: str | None = None, **kw):  # noqa: ANN001, ANN201
    return Pattern(key, {"en": en, "zh": zh, "ja": ja}, value, test, series=series, **kw)


PATTERNS: list[Pattern] = [
    # 1. Trivial patterns
    _p("all_sequences", "All Sequences", "平和", "平和", 5,
       lambda h: _regular(h) and len(h.chows) == 4, note="1.1: four chows; any pair"),
    _p("concealed_hand", "Concealed Hand", "門前清", "門前清", 5,
       lambda h: _regular(h) and h.is_concealed,
       note="1.2: a regular hand without claimed melds (concealed kongs allowed)"),
    _p("no_terminals", "No Terminals", "斷么九", "断么九", 5,
       lambda h: all(_middle(t) for t in h.tiles), note="1.3: only tiles 2 to 8"),
    # 2. One-suit patterns
    _p("mixed_one_suit", "Mixed One-Suit", "混一色", "混一色", 40,
       lambda h: len(h.suits) == 1 and h.has_honors, "2.1", note="2.1.1: one suit and honors"),
    _p("pure_one_suit", "Pure One-Suit", "清一色", "清一色", 80,
       lambda h: len(h.suits) == 1 and not h.has_honors, "2.1", note="2.1.2: one suit only"),
    _p("nine_gates", "Nine Gates", "九蓮寶燈", "九蓮宝燈", 480, _nine_gates,
       note="2.2: concealed 1112345678999 of one suit, winning on any tile of it"),
    # 3. Honor tiles
    _p("value_honor", "Value Honor", "番牌", "役牌", 10,
       lambda h: sum(1 for g in h.pungs if g.tile in DRAGONS or g.tile == h.seat_wind),
       note="3.1: each pung or kong of a dragon or of one's seat wind"),
    _p("small_three_dragons", "Small Three Dragons", "小三元", "小三元", 40,
       lambda h: _dragon_pungs(h) == 2 and _pair_in(h, DRAGONS), "3.2",
       note="3.2.1: two dragon pungs and a dragon pair"),
    _p("big_three_dragons", "Big Three Dragons", "大三元", "大三元", 130,
       lambda h: _dragon_pungs(h) == 3, "3.2", note="3.2.2: three dragon pungs"),
    _p("small_three_winds", "Small Three Winds", "小三風", "小三風", 30,
       lambda h: _wind_pungs(h) >= 2 and _pair_in(h, WINDS), "3.3",
       note="3.3.1: two wind pungs and a wind pair"),
    _p("big_three_winds", "Big Three Winds", "大三風", "大三風", 120,
       lambda h: _wind_pungs(h) >= 3, "3.3", note="3.3.2: three wind pungs"),
    _p("small_four_winds", "Small Four Winds", "小四喜", "小四喜", 320,
       lambda h: _wind_pungs(h) == 3 and _pair_in(h, WINDS), "3.3",
       note="3.3.3: three wind pungs and a wind pair"),
    _p("big_four_winds", "Big Four Winds", "大四喜", "大四喜", 400,
       lambda h: _wind_pungs(h) == 4, "3.3", note="3.3.4: four wind pungs"),
    _p("all_honors", "All Honors", "字一色", "字一色", 320,
       lambda h: all(t > 40 for t in h.tiles), note="3.4: only honors"),
    # 4. Triplets and kongs
    _p("all_triplets", "All Triplets", "對對和", "対々和", 30,
       lambda h: _regular(h) and len(h.pungs) == 4, note="4.1: four pungs or kongs"),
    _p("two_concealed_triplets", "Two Concealed Triplets", "二暗刻", "二暗刻", 5,
       lambda h: len(h.concealed_pungs) == 2, "4.2"),
    _p("three_concealed_triplets", "Three Concealed Triplets", "三暗刻", "三暗刻", 30,
       lambda h: len(h.concealed_pungs) == 3, "4.2"),
    _p("four_concealed_triplets", "Four Concealed Triplets", "四暗刻", "四暗刻", 125,
       lambda h: len(h.concealed_pungs) == 4, "4.2",
       note="4.2: a pung the winning discard completes is not concealed"),
    _p("one_kong", "One Kong", "一槓", "一槓子", 5, lambda h: len(h.kongs) == 1, "4.3"),
    _p("two_kongs", "Two Kongs", "二槓", "二槓子", 20, lambda h: len(h.kongs) == 2, "4.3"),
    _p("three_kongs", "Three Kongs", "三槓", "三槓子", 120, lambda h: len(h.kongs) == 3, "4.3"),
    _p("four_kongs", "Four Kongs", "四槓", "四槓子", 480, lambda h: len(h.kongs) == 4, "4.3"),
    # 5. Identical sets
    _p("two_identical_sequences", "Two Identical Sequences", "一般高", "一盃口", 10,
       lambda h: max(_chow_counts(h).values(), default=0) >= 2, "5.1"),
    _p("two_identical_sequences_twice", "Two Identical Sequences Twice", "兩般高", "二盃口", 60,
       lambda h: sum(n // 2 for n in _chow_counts(h).values()) == 2, "5.1"),
    _p("three_identical_sequences", "Three Identical Sequences", "一色三同順", "一色三同順",
       120, lambda h: max(_chow_counts(h).values(), default=0) >= 3, "5.1"),
    _p("four_identical_sequences", "Four Identical Sequences", "一色四同順", "一色四同順",
       480, lambda h: max(_chow_counts(h).values(), default=0) == 4, "5.1"),
    # 6. Similar sets
    _p("three_similar_sequences", "Three Similar Sequences", "三色同順", "三色同順", 35,
       _three_similar_chows, note="6.1: one chow in each suit, of the same numbers"),
    _p("small_three_similar_triplets", "Small Three Similar Triplets", "三色小同刻",
       "三色小同刻", 30, _small_three_similar_pungs, "6.2",
       note="6.2.1: two pungs and the pair of one number, in the three suits"),
    _p("three_similar_triplets", "Three Similar Triplets", "三色同刻", "三色同刻", 120,
       _three_similar_pungs, "6.2"),
    # 7. Consecutive sets
    _p("nine_tile_straight", "Nine-Tile Straight", "一氣通貫", "一気通貫", 40,
       _nine_tile_straight, note="7.1: 123, 456 and 789 of one suit"),
    _p("three_consecutive_triplets", "Three Consecutive Triplets", "三連刻", "三連刻", 100,
       lambda h: _consecutive_pungs(h, 3), "7.2"),
    _p("four_consecutive_triplets", "Four Consecutive Triplets", "四連刻", "四連刻", 200,
       lambda h: _consecutive_pungs(h, 4), "7.2"),
    # 8. Terminals
    _p("mixed_lesser_terminals", "Mixed Lesser Terminals", "混全帶么", "混全帯么", 40,
       lambda h: _every_group(h, lambda g: g.has_terminal_or_honor), "8.1",
       note="8.1.1: every set and the pair hold a terminal or an honor"),
    _p("pure_lesser_terminals", "Pure Lesser Terminals", "純全帶么", "純全帯么", 50,
       lambda h: not h.has_honors and _every_group(h, lambda g: g.has_terminal_or_honor),
       "8.1", note="8.1.2: every set and the pair hold a terminal; no honors"),
    _p("mixed_greater_terminals", "Mixed Greater Terminals", "混么九", "混老頭", 100,
       lambda h: all(_terminal(t) or t > 40 for t in h.tiles), "8.1",
       note="8.1.3: only terminals and honors"),
    _p("pure_greater_terminals", "Pure Greater Terminals", "清么九", "清老頭", 400,
       lambda h: all(_terminal(t) for t in h.tiles), "8.1", note="8.1.4: only terminals"),
    # 9. Incidental bonuses
    _p("final_draw", "Final Draw", "海底撈月", "海底撈月", 10,
       lambda h: h.last_tile and h.self_drawn, "9.1", note="9.1.1: self-drawn last tile"),
    _p("final_discard", "Final Discard", "河底撈魚", "河底撈魚", 10,
       lambda h: h.last_tile and not h.self_drawn, "9.1",
       note="9.1.2: on the discard after the last tile"),
    _p("win_on_kong", "Win on Kong", "嶺上開花", "嶺上開花", 10, lambda h: h.after_kong,
       note="9.2: on a kong's replacement tile"),
    _p("robbing_a_kong", "Robbing a Kong", "搶槓", "搶槓", 10, lambda h: h.robbing_kong,
       note="9.3: on the tile added to a pung"),
    _p("blessing_of_heaven", "Blessing of Heaven", "天和", "天和", 155,
       lambda h: h.heavenly, "9.4", note="9.4.1: East wins on the dealt hand"),
    _p("blessing_of_earth", "Blessing of Earth", "地和", "地和", 155,
       lambda h: h.earthly and not h.self_drawn, "9.4",
       note="9.4.2: another player wins on East's first discard, before any call"),
    # 10. Irregular hands
    _p("thirteen_terminals", "Thirteen Terminals", "十三么九", "国士無双", 160,
       lambda h: h.form == "thirteen_orphans", excludes=("mixed_greater_terminals",),
       note="10.1: one of each terminal and honor, and one more"),
    _p("seven_pairs", "Seven Pairs", "七對", "七対子", 30,
       lambda h: h.form == "seven_pairs", note="10.2: four of a kind count as two pairs"),
]  # fmt: skip

#: A hand with no pattern scores a token point.
CHICKEN_HAND = _p("chicken_hand", "Chicken Hand", "雞和", "チキンハンド", 1, lambda h: True,
                  note="no pattern: one point")  # fmt: skip
