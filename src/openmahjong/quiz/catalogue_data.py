"""The fan quiz's data: each ruleset's patterns live with the ruleset, next to the scorer's
own table (``rules.mcr.quiz_patterns`` beside ``fans.py``, ``rules.riichi.quiz_patterns``
beside ``yaku_table.py``); this module gathers them and adds the relations across rulesets.

Names and values come from the scorers' tables; the rulesets' quiz rows hold only what those
tables do not know. Keys are the scorers' own: an MCR fan by its constant in ``fans.py`` spelled
in lower case (``PURE_STRAIGHT`` -> ``pure_straight``), a Riichi yaku by its stable id.
"""

from __future__ import annotations

from openmahjong.rules.mcr.quiz_patterns import MCR, MCR_JA, MCR_LEFT_OUT
from openmahjong.rules.pattern_categories import CATEGORIES, WH, Row
from openmahjong.rules.riichi.quiz_patterns import (
    DOUBLE_YAKUMAN,
    RIICHI,
    RIICHI_EXTRA_NAMES,
    RIICHI_MELEE_ONLY,
    RIICHI_MERGED,
    YAKUMAN,
)

__all__ = [
    "CATEGORIES",
    "DOUBLE_YAKUMAN",
    "MCR",
    "MCR_JA",
    "MCR_LEFT_OUT",
    "RELATED_GROUPS",
    "RIICHI",
    "RIICHI_EXTRA_NAMES",
    "RIICHI_MELEE_ONLY",
    "RIICHI_MERGED",
    "WH",
    "YAKUMAN",
    "Row",
]

#: Related names (yellow name hints): every pattern of a group is related to every other.
#: Cross-ruleset synonyms (same name or same shape), then the seed's merged groups (§7.4.6).
RELATED_GROUPS: tuple[tuple[str, ...], ...] = (
    ("riichi:ittsu", "mcr:pure_straight"),
    ("riichi:pinfu", "mcr:all_chows"),
    ("riichi:tanyao", "mcr:all_simples"),
    ("riichi:chiitoitsu", "mcr:seven_pairs"),
    ("riichi:sanshoku", "mcr:mixed_triple_chow"),
    ("riichi:sanshoku_doukou", "mcr:triple_pung"),
    ("riichi:sankantsu", "mcr:three_kongs"),
    ("riichi:toitoi", "mcr:all_pungs"),
    ("riichi:sanankou", "mcr:three_concealed_pungs"),
    ("riichi:shousangen", "mcr:little_three_dragons"),
    ("riichi:honroutou", "mcr:all_terminals_and_honors"),
    ("riichi:honitsu", "mcr:half_flush"),
    ("riichi:chinitsu", "mcr:full_flush"),
    ("riichi:chanta", "mcr:outside_hand"),
    ("riichi:junchan", "mcr:outside_hand"),
    ("riichi:iipeikou", "mcr:pure_double_chow"),
    ("riichi:menzen_tsumo", "mcr:fully_concealed_hand"),
    ("riichi:chankan", "mcr:robbing_the_kong"),
    ("riichi:rinshan_kaihou", "mcr:out_with_replacement_tile"),
    ("riichi:yakuhai", "mcr:dragon_pung"),
    ("riichi:seat_wind", "mcr:seat_wind"),
    ("riichi:round_wind", "mcr:prevalent_wind"),
    ("riichi:daisangen", "mcr:big_three_dragons"),
    ("riichi:suuankou", "mcr:four_concealed_pungs"),
    ("riichi:suuankou_tanki", "mcr:four_concealed_pungs"),
    ("riichi:tsuuiisou", "mcr:all_honors"),
    ("riichi:ryuuiisou", "mcr:all_green"),
    ("riichi:chinroutou", "mcr:all_terminals"),
    ("riichi:chuuren_poutou", "mcr:nine_gates"),
    ("riichi:junsei_chuuren_poutou", "mcr:nine_gates"),
    ("riichi:kokushi_musou", "mcr:thirteen_orphans"),
    ("riichi:kokushi_musou_13", "mcr:thirteen_orphans"),
    ("riichi:daisuushii", "mcr:big_four_winds"),
    ("riichi:shousuushii", "mcr:little_four_winds"),
    ("riichi:suukantsu", "mcr:four_kongs"),
    ("riichi:uumensai", "mcr:all_types"),
    ("riichi:isshoku_sanjun", "mcr:pure_triple_chow"),
    ("riichi:sanrenkou", "mcr:pure_shifted_pungs"),
    ("riichi:shiiaru_raotai", "mcr:melded_hand"),
    ("riichi:daisharin", "mcr:seven_shifted_pairs"),
    ("riichi:daichikurin", "mcr:seven_shifted_pairs"),
    ("riichi:daisuurin", "mcr:seven_shifted_pairs"),
    # §7.4.6 merged groups
    ("mcr:upper_tiles", "mcr:middle_tiles", "mcr:lower_tiles"),
    ("riichi:dora", "riichi:aka_dora", "riichi:ura_dora"),
    (
        "riichi:haitei_raoyue",
        "riichi:houtei_raoyui",
        "mcr:last_tile_draw",
        "mcr:last_tile_claim",
        "riichi:iipin_moyue",
        "riichi:chuupin_raoyui",
    ),
)
