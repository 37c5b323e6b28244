"""Every yaku and yakuman: stable English id, han closed/open, Tenhou's id and display names.

Ids never change once published (records, quiz data and bots refer to them). Han of 0 for the open
hand means the yaku needs a closed hand. A yakuman row has ``yakuman`` = its multiplier when the
table plays double yakuman (otherwise every yakuman counts once). ``tenhou_id`` is the number
Tenhou's mjlog writes in ``yaku=``/``yakuman=`` (dora 52, ura-dora 53, red fives 54).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["YakuInfo", "YAKU", "LOCAL_YAKU", "BY_TENHOU_ID", "yaku_info", "display_name"]


class YakuInfo(NamedTuple):
    id: str
    tenhou_id: int
    han_closed: int
    han_open: int
    yakuman: int  # 0 for ordinary yaku; 1 or 2 (its multiplier under double yakuman)
    en: str
    zh: str
    ja: str


_ROWS: tuple[YakuInfo, ...] = (
    YakuInfo("menzen_tsumo", 0, 1, 0, 0, "Fully concealed hand", "门前清自摸和", "門前清自摸和"),
    YakuInfo("riichi", 1, 1, 0, 0, "Riichi", "立直", "立直"),
    YakuInfo("ippatsu", 2, 1, 0, 0, "Ippatsu", "一发", "一発"),
    YakuInfo("chankan", 3, 1, 1, 0, "Robbing a kan", "抢杠", "槍槓"),
    YakuInfo("rinshan_kaihou", 4, 1, 1, 0, "After a kan", "岭上开花", "嶺上開花"),
    YakuInfo("haitei_raoyue", 5, 1, 1, 0, "Under the sea", "海底摸月", "海底摸月"),
    YakuInfo("houtei_raoyui", 6, 1, 1, 0, "Under the river", "河底捞鱼", "河底撈魚"),
    YakuInfo("pinfu", 7, 1, 0, 0, "Pinfu", "平和", "平和"),
    YakuInfo("tanyao", 8, 1, 1, 0, "All simples", "断幺九", "断幺九"),
    YakuInfo("iipeikou", 9, 1, 0, 0, "Pure double sequence", "一杯口", "一盃口"),
    YakuInfo("seat_wind_east", 10, 1, 1, 0, "Seat wind East", "自风 东", "自風 東"),
    YakuInfo("seat_wind_south", 11, 1, 1, 0, "Seat wind South", "自风 南", "自風 南"),
    YakuInfo("seat_wind_west", 12, 1, 1, 0, "Seat wind West", "自风 西", "自風 西"),
    YakuInfo("seat_wind_north", 13, 1, 1, 0, "Seat wind North", "自风 北", "自風 北"),
    YakuInfo("round_wind_east", 14, 1, 1, 0, "Round wind East", "场风 东", "場風 東"),
    YakuInfo("round_wind_south", 15, 1, 1, 0, "Round wind South", "场风 南", "場風 南"),
    YakuInfo("round_wind_west", 16, 1, 1, 0, "Round wind West", "场风 西", "場風 西"),
    YakuInfo("round_wind_north", 17, 1, 1, 0, "Round wind North", "场风 北", "場風 北"),
    YakuInfo("haku", 18, 1, 1, 0, "White dragon", "役牌 白", "役牌 白"),
    YakuInfo("hatsu", 19, 1, 1, 0, "Green dragon", "役牌 发", "役牌 發"),
    YakuInfo("chun", 20, 1, 1, 0, "Red dragon", "役牌 中", "役牌 中"),
    YakuInfo("double_riichi", 21, 2, 0, 0, "Double riichi", "两立直", "ダブル立直"),
    YakuInfo("chiitoitsu", 22, 2, 0, 0, "Seven pairs", "七对子", "七対子"),
    YakuInfo("chanta", 23, 2, 1, 0, "Half outside hand", "混全带幺九", "混全帯幺九"),
    YakuInfo("ittsu", 24, 2, 1, 0, "Pure straight", "一气通贯", "一気通貫"),
    YakuInfo("sanshoku", 25, 2, 1, 0, "Mixed triple sequence", "三色同顺", "三色同順"),
    YakuInfo("sanshoku_doukou", 26, 2, 2, 0, "Triple triplets", "三色同刻", "三色同刻"),
    YakuInfo("sankantsu", 27, 2, 2, 0, "Three kans", "三杠子", "三槓子"),
    YakuInfo("toitoi", 28, 2, 2, 0, "All triplets", "对对和", "対々和"),
    YakuInfo("sanankou", 29, 2, 2, 0, "Three concealed triplets", "三暗刻", "三暗刻"),
    YakuInfo("shousangen", 30, 2, 2, 0, "Little three dragons", "小三元", "小三元"),
    YakuInfo("honroutou", 31, 2, 2, 0, "All terminals and honors", "混老头", "混老頭"),
    YakuInfo("ryanpeikou", 32, 3, 0, 0, "Twice pure double sequence", "二杯口", "二盃口"),
    YakuInfo("junchan", 33, 3, 2, 0, "Fully outside hand", "纯全带幺九", "純全帯幺九"),
    YakuInfo("honitsu", 34, 3, 2, 0, "Half flush", "混一色", "混一色"),
    YakuInfo("chinitsu", 35, 6, 5, 0, "Full flush", "清一色", "清一色"),
    YakuInfo("renhou", 36, 5, 0, 0, "Blessing of man", "人和", "人和"),
    YakuInfo("tenhou", 37, 0, 0, 1, "Blessing of heaven", "天和", "天和"),
    YakuInfo("chiihou", 38, 0, 0, 1, "Blessing of earth", "地和", "地和"),
    YakuInfo("daisangen", 39, 0, 0, 1, "Big three dragons", "大三元", "大三元"),
    YakuInfo("suuankou", 40, 0, 0, 1, "Four concealed triplets", "四暗刻", "四暗刻"),
    YakuInfo(
        "suuankou_tanki",
        41,
        0,
        0,
        2,
        "Four concealed triplets, single wait",
        "四暗刻单骑",
        "四暗刻単騎",
    ),
    YakuInfo("tsuuiisou", 42, 0, 0, 1, "All honors", "字一色", "字一色"),
    YakuInfo("ryuuiisou", 43, 0, 0, 1, "All green", "绿一色", "緑一色"),
    YakuInfo("chinroutou", 44, 0, 0, 1, "All terminals", "清老头", "清老頭"),
    YakuInfo("chuuren_poutou", 45, 0, 0, 1, "Nine gates", "九莲宝灯", "九蓮宝燈"),
    YakuInfo(
        "junsei_chuuren_poutou", 46, 0, 0, 2, "True nine gates", "纯正九莲宝灯", "純正九蓮宝燈"
    ),
    YakuInfo("kokushi_musou", 47, 0, 0, 1, "Thirteen orphans", "国士无双", "国士無双"),
    YakuInfo(
        "kokushi_musou_13",
        48,
        0,
        0,
        2,
        "Thirteen orphans, 13-sided wait",
        "国士无双十三面",
        "国士無双１３面",
    ),
    YakuInfo("daisuushii", 49, 0, 0, 2, "Big four winds", "大四喜", "大四喜"),
    YakuInfo("shousuushii", 50, 0, 0, 1, "Little four winds", "小四喜", "小四喜"),
    YakuInfo("suukantsu", 51, 0, 0, 1, "Four kans", "四杠子", "四槓子"),
    YakuInfo("dora", 52, 0, 0, 0, "Dora", "宝牌", "ドラ"),
    YakuInfo("ura_dora", 53, 0, 0, 0, "Ura-dora", "里宝牌", "裏ドラ"),
    YakuInfo("aka_dora", 54, 0, 0, 0, "Red fives", "赤宝牌", "赤ドラ"),
)

#: Local yaku (scored only where ``RiichiRules.local_yaku`` names them: Mahjong Soul's Melee
#: Room). Tenhou has no number for them (-1). Han as the room scores them, English names as its
#: English client shows them; the checks are ``local_yaku.py``, the sources docs/riichi-melee.md.
_LOCAL_ROWS: tuple[YakuInfo, ...] = (
    YakuInfo("tsubame_gaeshi", -1, 1, 1, 0, "Tsubame-gaeshi", "燕返", "燕返し"),
    YakuInfo("kanburi", -1, 1, 1, 0, "Kanburi", "杠振", "槓振り"),
    YakuInfo("shiiaru_raotai", -1, 1, 1, 0, "Shiiaruraotai", "十二落抬", "十二落抬"),
    YakuInfo("uumensai", -1, 2, 2, 0, "Uumensai", "五门齐", "五門斉"),
    YakuInfo("sanrenkou", -1, 2, 2, 0, "Three chained triplets", "三连刻", "三連刻"),
    YakuInfo("isshoku_sanjun", -1, 3, 2, 0, "Pure triple chow", "一色三同顺", "一色三順"),
    YakuInfo("iipin_moyue", -1, 5, 5, 0, "Iipinmoyue", "一筒摸月", "一筒摸月"),
    YakuInfo("chuupin_raoyui", -1, 5, 5, 0, "Chuupinraoyui", "九筒捞鱼", "九筒撈魚"),
    YakuInfo("daisharin", -1, 0, 0, 1, "Big wheels", "大车轮", "大車輪"),
    YakuInfo("daichikurin", -1, 0, 0, 1, "Bamboo forest", "大竹林", "大竹林"),
    YakuInfo("daisuurin", -1, 0, 0, 1, "Numerous neighbours", "大数邻", "大数隣"),
    YakuInfo(
        "ishi_no_ue_ni_mo_sannen",
        -1,
        0,
        0,
        1,
        "Ishinouenimosannen",
        "石上三年",
        "石の上にも三年",
    ),
    YakuInfo("daichisei", -1, 0, 0, 2, "Big seven stars", "大七星", "大七星"),
)

#: Every standard yaku by its stable id.
YAKU: dict[str, YakuInfo] = {row.id: row for row in _ROWS}
#: The local yaku by id (kept apart: records of standard games only ever name ``YAKU``).
LOCAL_YAKU: dict[str, YakuInfo] = {row.id: row for row in _LOCAL_ROWS}
BY_TENHOU_ID: dict[int, YakuInfo] = {row.tenhou_id: row for row in _ROWS}


def yaku_info(yaku_id: str) -> YakuInfo:
    """A standard or local yaku's row (``KeyError`` for an unknown id)."""
    row = YAKU.get(yaku_id) or LOCAL_YAKU.get(yaku_id)
    if row is None:
        raise KeyError(yaku_id)
    return row


def display_name(yaku_id: str, lang: str = "en") -> str:
    """The name players see, in ``en``, ``zh`` or ``ja``."""
    row = yaku_info(yaku_id)
    if lang not in ("en", "zh", "ja"):
        raise ValueError(f"no yaku names in {lang!r}: choose en, zh or ja")
    return getattr(row, lang)
