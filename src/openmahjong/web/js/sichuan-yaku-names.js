// Sichuan yaku names by key (openmahjong.rules.sichuan.yaku), in English, Chinese and Japanese:
// a win's event and a record's summary name yaku by key only.

export const SICHUAN_YAKU = {
  "yakuless": { en: "Yakuless Win", zh: "无番和", ja: "無番和" },
  "all_triplets": { en: "All Triplets", zh: "对对和", ja: "対々和" },
  "full_flush": { en: "Full Flush", zh: "清一色", ja: "清一色" },
  "seven_pairs": { en: "Seven Pairs", zh: "七对", ja: "七対子" },
  "terminals_in_all_sets": { en: "Terminals in All Sets", zh: "带幺九", ja: "帯么九" },
  "single_wait": { en: "Single Wait after 4 Triplets", zh: "金钩钓", ja: "金勾釣" },
  "pure_triplets": { en: "Pure Triplets", zh: "清对", ja: "清対" },
  "258_triplets": { en: "2/5/8 Triplets", zh: "将对", ja: "将対" },
  "dragon_seven_pairs": { en: "Seven Pairs with One Duplicate", zh: "龙七对", ja: "龍七対" },
  "pure_seven_pairs": { en: "Pure Seven Pairs", zh: "清七对", ja: "清七対" },
  "all_terminals": { en: "All Terminals", zh: "清幺九", ja: "清么九" },
  "pure_single_wait": { en: "Pure Single Wait after 4 Triplets", zh: "清金钩钓", ja: "清金勾釣" },
  "heaven": { en: "Blessing of Heaven", zh: "天和", ja: "天和" },
  "earth": { en: "Blessing of Earth", zh: "地和", ja: "地和" },
  "pure_dragon_seven_pairs": { en: "Pure Seven Pairs with One Duplicate", zh: "清龙七对", ja: "清龍七対" },
  "four_quads": { en: "Four Quads", zh: "十八罗汉", ja: "十八羅漢" },
  "pure_four_quads": { en: "Pure Four Quads", zh: "清十八罗汉", ja: "清十八羅漢" },
  "root": { en: "Root", zh: "根", ja: "根" },
  "after_kan": { en: "After a Kan", zh: "杠上开花", ja: "嶺上開花" },
  "kan_deal_in": { en: "Dealing into Win after Kan", zh: "杠上炮", ja: "嶺上放銃" },
  "robbing_kan": { en: "Robbing a Kan", zh: "抢杠胡", ja: "槍槓" },
  "under_the_sea": { en: "Under the Sea", zh: "海底捞月", ja: "海底摸月" },
};

/** A yaku's name in `code` (en, zh, ja); an unknown key is shown as it is. */
export function sichuanYakuName(key, code) {
  const names = SICHUAN_YAKU[key];
  return names ? names[code] || names.en : String(key);
}
