// Local yaku names (Mahjong Soul's Melee Room, majsoul-melee) by their stable id, kept apart
// from yaku-names.js as the Python table keeps LOCAL_YAKU apart from YAKU
// (openmahjong.rules.riichi.yaku_table); tests/web/test_local_yaku_names.py checks the two.

export const LOCAL_YAKU_NAMES = {
  tsubame_gaeshi: {"en": "Tsubame-gaeshi", "zh": "燕返", "ja": "燕返し"},
  kanburi: {"en": "Kanburi", "zh": "杠振", "ja": "槓振り"},
  shiiaru_raotai: {"en": "Shiiaruraotai", "zh": "十二落抬", "ja": "十二落抬"},
  uumensai: {"en": "Uumensai", "zh": "五门齐", "ja": "五門斉"},
  sanrenkou: {"en": "Three chained triplets", "zh": "三连刻", "ja": "三連刻"},
  isshoku_sanjun: {"en": "Pure triple chow", "zh": "一色三同顺", "ja": "一色三順"},
  iipin_moyue: {"en": "Iipinmoyue", "zh": "一筒摸月", "ja": "一筒摸月"},
  chuupin_raoyui: {"en": "Chuupinraoyui", "zh": "九筒捞鱼", "ja": "九筒撈魚"},
  daisharin: {"en": "Big wheels", "zh": "大车轮", "ja": "大車輪"},
  daichikurin: {"en": "Bamboo forest", "zh": "大竹林", "ja": "大竹林"},
  daisuurin: {"en": "Numerous neighbours", "zh": "大数邻", "ja": "大数隣"},
  ishi_no_ue_ni_mo_sannen: {"en": "Ishinouenimosannen", "zh": "石上三年", "ja": "石の上にも三年"},
  daichisei: {"en": "Big seven stars", "zh": "大七星", "ja": "大七星"},
};
