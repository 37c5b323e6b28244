"""The Riichi yaku as fan-quiz patterns: what the quiz needs beyond ``yaku_table.py``
(categories, group counts, the merged dragon and wind yaku, Nagashi mangan). Names and han stay
in ``yaku_table.py`` (``YAKU`` and the Melee Room's ``LOCAL_YAKU``), which the quiz reads
(``openmahjong.quiz.catalogue``); tests check that every yaku is covered by exactly one row here.
``docs/quiz.md`` gives the reason for each classification.

A row is ``(categories, groups)`` or ``(categories, groups, values)``, as in
``rules.mcr.quiz_patterns``; values only where the quiz departs from the table (yakuman as
13/26, quiz-only rows).
"""

from __future__ import annotations

from openmahjong.rules.pattern_categories import (
    CHANCE,
    COND,
    PAIR,
    SEQ,
    SET,
    SPECIAL,
    WH,
    WHOLE,
    Row,
)

#: The quiz's value of a yakuman and of a double yakuman (13 han is the yakuman threshold).
YAKUMAN, DOUBLE_YAKUMAN = 13, 26

#: §7.4.6: individual dragon and wind yaku merge into one pattern each. Merged key -> the
#: scorer ids it stands for, and its names (zh, en, ja); zh/ja are the scorer's common stem.
RIICHI_MERGED: dict[str, tuple[tuple[str, ...], str]] = {
    "yakuhai": (("haku", "hatsu", "chun"), "Value dragons"),
    "seat_wind": (
        ("seat_wind_east", "seat_wind_south", "seat_wind_west", "seat_wind_north"),
        "Seat wind",
    ),
    "round_wind": (
        ("round_wind_east", "round_wind_south", "round_wind_west", "round_wind_north"),
        "Round wind",
    ),
}

#: Patterns the quiz has but no yaku table row does: Nagashi mangan is a draw payment in the
#: scorer (``rules.riichi.payments``), yet the seed values it [5]. key -> (zh, en, ja).
RIICHI_EXTRA_NAMES: dict[str, tuple[str, str, str]] = {
    "nagashi_mangan": ("流局满贯", "Nagashi mangan", "流し満貫"),
}

#: Yaku of the yaku table the Mahjong Soul set plays only in the Melee Room: renhou (off in
#: ranked rooms, a yakuman in the Melee Room). Marked local like ``LOCAL_YAKU``.
RIICHI_MELEE_ONLY = ("renhou",)

RIICHI: dict[str, Row] = {
    "menzen_tsumo": ((COND,), 0),
    "riichi": ((COND,), 0),
    "ippatsu": ((COND, CHANCE), 0),
    "chankan": ((COND, CHANCE), 0),
    "rinshan_kaihou": ((COND, CHANCE), 0),
    "haitei_raoyue": ((COND, CHANCE), 0),
    "houtei_raoyui": ((COND, CHANCE), 0),
    "pinfu": ((SEQ, COND), 5),
    "tanyao": ((WHOLE,), WH),
    "iipeikou": ((SEQ,), 2),
    "yakuhai": ((SET,), 1),
    "seat_wind": ((SET,), 1),
    "round_wind": ((SET,), 1),
    "double_riichi": ((COND,), 0),
    "chiitoitsu": ((PAIR,), 7),
    "chanta": ((WHOLE,), WH),
    "ittsu": ((SEQ,), 3),
    "sanshoku": ((SEQ,), 3),
    "sanshoku_doukou": ((SET,), 3),
    "sankantsu": ((SET,), 3),
    "toitoi": ((SET,), 4),
    "sanankou": ((SET,), 3),
    "shousangen": ((SET,), 3),
    "honroutou": ((WHOLE, SET), WH),
    "ryanpeikou": ((SEQ,), 4),
    "junchan": ((WHOLE,), WH),
    "honitsu": ((WHOLE,), WH),
    "chinitsu": ((WHOLE,), WH),
    "renhou": ((CHANCE,), 0, (YAKUMAN,)),
    "tenhou": ((CHANCE,), 0),
    "chiihou": ((CHANCE,), 0),
    "daisangen": ((SET,), 3),
    "suuankou": ((SET,), 4),
    "suuankou_tanki": ((SET,), 4),
    "tsuuiisou": ((WHOLE,), WH),
    "ryuuiisou": ((WHOLE,), WH),
    "chinroutou": ((WHOLE, SET), WH),
    "chuuren_poutou": ((SPECIAL,), 1),
    "junsei_chuuren_poutou": ((SPECIAL,), 1),
    "kokushi_musou": ((SPECIAL,), WH),
    "kokushi_musou_13": ((SPECIAL,), WH),
    "daisuushii": ((SET,), 4),
    "shousuushii": ((SET,), 4),
    "suukantsu": ((SET,), 4),
    "dora": ((COND, CHANCE), 0, (1,)),
    "ura_dora": ((COND, CHANCE), 0, (1,)),
    "aka_dora": ((COND, CHANCE), 0, (1,)),
    "nagashi_mangan": ((COND,), 0, (5,)),
    # the Melee Room's local yaku (LOCAL_YAKU)
    "tsubame_gaeshi": ((COND, CHANCE), 0),
    "kanburi": ((COND, CHANCE), 0),
    "shiiaru_raotai": ((COND,), 4),
    "uumensai": ((WHOLE,), WH),
    "sanrenkou": ((SET,), 3),
    "isshoku_sanjun": ((SEQ,), 3),
    "iipin_moyue": ((COND, CHANCE), 0),
    "chuupin_raoyui": ((COND, CHANCE), 0),
    "daisharin": ((PAIR,), 7),
    "daichikurin": ((PAIR,), 7),
    "daisuurin": ((PAIR,), 7),
    "ishi_no_ue_ni_mo_sannen": ((COND, CHANCE), 0),
    "daichisei": ((PAIR,), 7),
}
