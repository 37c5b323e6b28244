// Riichi yaku names by their stable id (openmahjong.rules.riichi.yaku_table), for the win
// screens: the room's Won events and the records name yaku by id. test_yaku_names_play.py checks
// this table against the Python one.

import { LOCAL_YAKU_NAMES } from "./local-yaku-names.js";

export const YAKU_NAMES = {
  menzen_tsumo: {"en": "Fully concealed hand", "zh": "门前清自摸和", "ja": "門前清自摸和"},
  riichi: {"en": "Riichi", "zh": "立直", "ja": "立直"},
  ippatsu: {"en": "Ippatsu", "zh": "一发", "ja": "一発"},
  chankan: {"en": "Robbing a kan", "zh": "抢杠", "ja": "槍槓"},
  rinshan_kaihou: {"en": "After a kan", "zh": "岭上开花", "ja": "嶺上開花"},
  haitei_raoyue: {"en": "Under the sea", "zh": "海底摸月", "ja": "海底摸月"},
  houtei_raoyui: {"en": "Under the river", "zh": "河底捞鱼", "ja": "河底撈魚"},
  pinfu: {"en": "Pinfu", "zh": "平和", "ja": "平和"},
  tanyao: {"en": "All simples", "zh": "断幺九", "ja": "断幺九"},
  iipeikou: {"en": "Pure double sequence", "zh": "一杯口", "ja": "一盃口"},
  seat_wind_east: {"en": "Seat wind East", "zh": "自风 东", "ja": "自風 東"},
  seat_wind_south: {"en": "Seat wind South", "zh": "自风 南", "ja": "自風 南"},
  seat_wind_west: {"en": "Seat wind West", "zh": "自风 西", "ja": "自風 西"},
  seat_wind_north: {"en": "Seat wind North", "zh": "自风 北", "ja": "自風 北"},
  round_wind_east: {"en": "Round wind East", "zh": "场风 东", "ja": "場風 東"},
  round_wind_south: {"en": "Round wind South", "zh": "场风 南", "ja": "場風 南"},
  round_wind_west: {"en": "Round wind West", "zh": "场风 西", "ja": "場風 西"},
  round_wind_north: {"en": "Round wind North", "zh": "场风 北", "ja": "場風 北"},
  haku: {"en": "White dragon", "zh": "役牌 白", "ja": "役牌 白"},
  hatsu: {"en": "Green dragon", "zh": "役牌 发", "ja": "役牌 發"},
  chun: {"en": "Red dragon", "zh": "役牌 中", "ja": "役牌 中"},
  double_riichi: {"en": "Double riichi", "zh": "两立直", "ja": "ダブル立直"},
  chiitoitsu: {"en": "Seven pairs", "zh": "七对子", "ja": "七対子"},
  chanta: {"en": "Half outside hand", "zh": "混全带幺九", "ja": "混全帯幺九"},
  ittsu: {"en": "Pure straight", "zh": "一气通贯", "ja": "一気通貫"},
  sanshoku: {"en": "Mixed triple sequence", "zh": "三色同顺", "ja": "三色同順"},
  sanshoku_doukou: {"en": "Triple triplets", "zh": "三色同刻", "ja": "三色同刻"},
  sankantsu: {"en": "Three kans", "zh": "三杠子", "ja": "三槓子"},
  toitoi: {"en": "All triplets", "zh": "对对和", "ja": "対々和"},
  sanankou: {"en": "Three concealed triplets", "zh": "三暗刻", "ja": "三暗刻"},
  shousangen: {"en": "Little three dragons", "zh": "小三元", "ja": "小三元"},
  honroutou: {"en": "All terminals and honors", "zh": "混老头", "ja": "混老頭"},
  ryanpeikou: {"en": "Twice pure double sequence", "zh": "二杯口", "ja": "二盃口"},
  junchan: {"en": "Fully outside hand", "zh": "纯全带幺九", "ja": "純全帯幺九"},
  honitsu: {"en": "Half flush", "zh": "混一色", "ja": "混一色"},
  chinitsu: {"en": "Full flush", "zh": "清一色", "ja": "清一色"},
  renhou: {"en": "Blessing of man", "zh": "人和", "ja": "人和"},
  tenhou: {"en": "Blessing of heaven", "zh": "天和", "ja": "天和"},
  chiihou: {"en": "Blessing of earth", "zh": "地和", "ja": "地和"},
  daisangen: {"en": "Big three dragons", "zh": "大三元", "ja": "大三元"},
  suuankou: {"en": "Four concealed triplets", "zh": "四暗刻", "ja": "四暗刻"},
  suuankou_tanki: {"en": "Four concealed triplets, single wait", "zh": "四暗刻单骑", "ja": "四暗刻単騎"},
  tsuuiisou: {"en": "All honors", "zh": "字一色", "ja": "字一色"},
  ryuuiisou: {"en": "All green", "zh": "绿一色", "ja": "緑一色"},
  chinroutou: {"en": "All terminals", "zh": "清老头", "ja": "清老頭"},
  chuuren_poutou: {"en": "Nine gates", "zh": "九莲宝灯", "ja": "九蓮宝燈"},
  junsei_chuuren_poutou: {"en": "True nine gates", "zh": "纯正九莲宝灯", "ja": "純正九蓮宝燈"},
  kokushi_musou: {"en": "Thirteen orphans", "zh": "国士无双", "ja": "国士無双"},
  kokushi_musou_13: {"en": "Thirteen orphans, 13-sided wait", "zh": "国士无双十三面", "ja": "国士無双１３面"},
  daisuushii: {"en": "Big four winds", "zh": "大四喜", "ja": "大四喜"},
  shousuushii: {"en": "Little four winds", "zh": "小四喜", "ja": "小四喜"},
  suukantsu: {"en": "Four kans", "zh": "四杠子", "ja": "四槓子"},
  dora: {"en": "Dora", "zh": "宝牌", "ja": "ドラ"},
  ura_dora: {"en": "Ura-dora", "zh": "里宝牌", "ja": "裏ドラ"},
  aka_dora: {"en": "Red fives", "zh": "赤宝牌", "ja": "赤ドラ"},
};

/** A yaku id (a local one too) in the given language, the id itself when unknown. */
export function yakuName(id, language) {
  const row = YAKU_NAMES[id] || LOCAL_YAKU_NAMES[id];
  return row ? row[language] || row.en : id;
}
