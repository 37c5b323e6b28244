// The plugin rulesets' parts of the hand-end screen (result-view.js), from plain data: what a
// Qingque or Changsha win scored, Changsha's birds and its starting-hand wins. Which part is
// drawn is read off the data's shape, never a ruleset's name:
//
// qingqueWinScore(win, name)    a win with `fans` as [zh, value] pairs, `fan` and `base`
//                               (the room's QingqueWon event, a record summary's win): each fan
//                               (the occasional ones with their value), the fan total (marked
//                               when `exact` is false: our estimate), base points, who pays.
// taiwanWinScore(win, name)     a win with `tai` as [zh, en, tai], `hand_tai` and `payments` as
//                               [seat, amount] (TaiwanWon, a summary's win): each tai, the
//                               hand's and the dealer's, what each payer pays.
// changshaWinScore(win, birds, name)  a win with `patterns` (ChangshaWon, a summary's win): the
//                               big wins (or the small win) with their values, the value per
//                               payer and each payment with the birds that multiplied it.
// startingElement(result, name) the starting-hand wins (起手胡) paid before play:
//                               `result.starting` as [seat, patterns] (a summary) or
//                               {seat, patterns, hand, deltas} (the StartingWin events).
// birdsElement(result, name)    the birds (扎鸟): `result.birds` (tiles) with `bird_seats`
//                               (BirdsTurned) or the seats counted from `result.dealer` (a
//                               summary), which seat each points at and whether it counted.
// handExtras(events, view)      what the room keeps of a hand's StartingWin and BirdsTurned
//                               events for its screen (room.js adds it to the hand's result).
// pluginWinScore(win, result, name)  the score part above that fits the win (result-view.js's
//                               winScore), or null.
//
// `name(seat)` gives a seat's player name.

import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { number } from "./tiles.js";
import { tileMarkup } from "./tile-svg.js";
import { qingqueFanName } from "./qingque-fan-names.js";

/** Changsha's values per payer (rules/changsha/scoring.py BIG_WINS, SMALL_RON, SMALL_TSUMO;
 *  test_win_details_js.py checks them against the Python table). */
export const CHANGSHA_VALUES = {
  pengpeng: 6, jiangjiang: 6, qingyise: 6, qixiaodui: 6, haohua_qixiaodui: 12, quanqiuren: 6,
  haidi_lao: 6, haidi_pao: 6, gangshang_kaihua: 6, qianggang: 6, tianhu: 6, dihu: 6,
};
export const CHANGSHA_SMALL = { ron: 1, tsumo: 2 };

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function tileSpan(code) {
  return h("span", { class: "tile-holder", html: tileMarkup(code) });
}

function isTsumo(w) {
  return w.from_seat === null || w.from_seat === undefined;
}

// ------------------------------------------------------------------ Qingque

/** A Qingque win: fans as [zh, value] pairs with the fan total and base points (MCR's fans
 *  are [zh, value, count] and carry fan_total instead). */
export function isQingqueWin(w) {
  return !!w && Array.isArray(w.fans) && typeof w.fan === "number" && typeof w.base === "number";
}

/** A fan total as the page shows it: the source values a set of fans from its table, not
 *  always in whole fans (at most two decimals here; the base points use the exact value). */
export function fanText(fan) {
  return String(Math.round(fan * 100) / 100);
}

export function qingqueWinScore(w, name) {
  const base = w.base;
  // Only the occasional fans (天和 16, 岭上开花 4...) carry a value of their own; the others are
  // valued together, as a set (value 0 in the event): they are listed by name.
  return [
    h("ul", { class: "yaku fans", "data-testid": "win-fans" }, w.fans.map(([zh, value]) => h("li", {
      "data-fan": zh, "data-value": value, lang: lang() === "en" ? null : "zh-Hans" },
    value ? `${qingqueFanName(zh, lang())} · ${t("qq.fan", { n: value })}` : qingqueFanName(zh, lang())))),
    h("p", { class: "score-line", "data-testid": "win-total", "data-fan": w.fan, "data-base": base,
      "data-exact": w.exact === false ? "0" : "1" },
    t("qq.total", { fan: fanText(w.fan), base }),
    w.exact === false ? h("span", { class: "muted", "data-testid": "fan-estimated" }, ` (${t("qq.estimated")})`) : null),
    h("p", { class: "win-pay", "data-testid": "win-payments" }, isTsumo(w)
      ? t("qq.payTsumo", { base, n: 3 * base })
      : t("qq.payRon", { who: name(w.from_seat), base, n: 3 * base })),
  ];
}

// ------------------------------------------------------------------ Taiwan

/** A Taiwan win: its tai as [zh, en, tai] (the dealer's among them when they count), the
 *  hand's own tai (`hand_tai`) and each payer's payment as [seat, amount]. */
export function isTaiwanWin(w) {
  return !!w && Array.isArray(w.tai) && typeof w.hand_tai === "number" && Array.isArray(w.payments);
}

export function taiwanWinScore(w, name) {
  const all = w.tai.reduce((n, [, , value]) => n + value, 0);
  const pays = w.payments.map(([seat, n]) => t("taiwan.pays", { who: name(seat), n })).join(" · ");
  return [
    h("ul", { class: "yaku fans", "data-testid": "win-tai" }, w.tai.map(([zh, en, value]) => h("li", {
      "data-tai": zh, "data-value": value, lang: lang() === "en" ? null : "zh-Hant" },
    `${lang() === "en" ? en : zh} · ${t("taiwan.tai", { n: value })}`))),
    h("p", { class: "score-line", "data-testid": "win-total", "data-tai": all },
      t("taiwan.total", { tai: all, hand: w.hand_tai, dealer: all - w.hand_tai })),
    h("p", { class: "win-pay", "data-testid": "win-payments" }, pays),
  ];
}

// ------------------------------------------------------------------ Changsha

/** A Changsha win: its big-win patterns (empty for a small win) and its value per payer. */
export function isChangshaWin(w) {
  return !!w && Array.isArray(w.patterns) && typeof w.value === "number";
}

/** A Changsha pattern's name in the page language (the ruleset's own messages). */
export function patternName(key) {
  const text = t(`changsha.${key}`);
  return text === `changsha.${key}` ? key : text;
}

/** The birds as [{tile, seat}]: the seats the room's BirdsTurned event gave, else counted from
 *  the dealer as the rules do (a bird numbered n points n - 1 seats after the dealer). */
export function birdsOf(result) {
  const tiles = Array.isArray(result.birds) ? result.birds : [];
  const given = Array.isArray(result.bird_seats) && result.bird_seats.length === tiles.length ? result.bird_seats : null;
  const dealer = typeof result.dealer === "number" ? result.dealer : null;
  return tiles.map((tile, i) => ({ tile, seat: given ? given[i] : dealer === null ? null : (dealer + number(tile) - 1) % 4 }));
}

/** Who pays a win: the discarder (or the robbed kan's declarer), else every other seat. */
function payersOf(w, n = 4) {
  if (!isTsumo(w)) return [w.from_seat];
  return Array.from({ length: n }, (_, s) => s).filter((s) => s !== w.seat);
}

function hitsOf(birds) {
  const hits = [0, 0, 0, 0];
  for (const b of birds) if (b.seat !== null && b.seat >= 0 && b.seat < 4) hits[b.seat] += 1;
  return hits;
}

export function changshaWinScore(w, birds, name) {
  const tsumo = isTsumo(w);
  const rows = w.patterns.length
    ? w.patterns.map((key) => [key, CHANGSHA_VALUES[key]])
    : [["small", tsumo ? CHANGSHA_SMALL.tsumo : CHANGSHA_SMALL.ron]];
  const hits = hitsOf(birds || []);
  const payments = Array.isArray(w.payments) ? w.payments : null;
  const unit = typeof w.total === "number" && w.value ? w.total / w.value : 1;
  const pays = payments ? payments.map((d, s) => {
    if (!d) return null;
    const k = s === w.seat ? 1 : 1 + hits[w.seat] + hits[s];
    return k > 1 ? t("cs.paysBirds", { who: name(s), n: signed(d), k }) : t("cs.pays", { who: name(s), n: signed(d) });
  }).filter(Boolean).join(", ") : "";
  return [
    h("ul", { class: "yaku patterns", "data-testid": "win-patterns", "aria-label": w.patterns.length ? t("cs.bigWins") : null },
      rows.map(([key, value]) => h("li", { "data-pattern": key, "data-value": value ?? "" },
        value === undefined ? patternName(key) : `${patternName(key)} · ${value}`))),
    h("p", { class: "score-line", "data-testid": "win-total", "data-value": w.value },
      unit !== 1 ? t("cs.valueUnit", { n: w.value, unit, total: w.total }) : t("cs.value", { n: w.value })),
    pays ? h("p", { class: "win-pay", "data-testid": "win-payments", "data-payers": payersOf(w).join(",") }, t("cs.payLine", { pays })) : null,
  ];
}

/** The starting-hand wins as [{seat, patterns, hand, deltas}] from either shape. */
export function startingOf(result) {
  return (Array.isArray(result.starting) ? result.starting : []).map((s) => (Array.isArray(s)
    ? { seat: s[0], patterns: [...(s[1] || [])], hand: null, deltas: null }
    : { seat: s.seat, patterns: [...(s.patterns || [])], hand: s.hand || null, deltas: s.deltas || null }));
}

export function startingElement(result, name) {
  const starting = startingOf(result);
  if (!starting.length) return null;
  return h("div", { class: "cs-starting", "data-testid": "starting-wins" },
    h("h3", {}, t("cs.starting")),
    starting.map((s) => {
      const gain = s.deltas ? s.deltas[s.seat] : null;
      const each = s.deltas ? -s.deltas[(s.seat + 1) % s.deltas.length] : null;
      return h("div", { class: "cs-start", "data-seat": s.seat },
        h("p", {}, h("strong", {}, name(s.seat)), ": ",
          s.patterns.map((key, i) => [i ? ", " : "", h("span", { "data-pattern": key }, patternName(key))]),
          gain ? h("span", { class: "plus", "data-testid": "starting-paid" }, ` ${t("cs.startingPaid", { n: gain, each })}`) : null),
        s.hand && s.hand.length ? h("p", { class: "tiles small cs-start-hand" }, s.hand.map((c) => tileSpan(c))) : null);
    }));
}

export function birdsElement(result, name) {
  const birds = birdsOf(result);
  if (!birds.length) return null;
  const wins = (result.wins || []).filter(isChangshaWin);
  const counting = new Set(wins.flatMap((w) => [w.seat, ...payersOf(w)]));
  return h("div", { class: "cs-birds", "data-testid": "birds" },
    h("h3", {}, t("cs.birds")),
    h("p", { class: "help" }, t("cs.birdsLead")),
    h("ul", { class: "bird-list" }, birds.map((b) => {
      const hit = b.seat !== null && counting.has(b.seat);
      return h("li", { class: `bird${hit ? " hit" : ""}`, "data-tile": b.tile, "data-seat": b.seat ?? "", "data-hit": hit ? "1" : "0" },
        h("span", { class: "tiles small" }, tileSpan(b.tile)),
        h("span", {}, b.seat === null ? "" : ` ${t("cs.birdAt", { who: name(b.seat) })} `),
        h("span", { class: hit ? "bird-hit" : "muted" }, `(${hit ? t("cs.birdHit") : t("cs.birdMiss")})`));
    })));
}

// ------------------------------------------------------------------ the room

/** What a hand's screen needs of its StartingWin and BirdsTurned events (a seat's view keeps
 *  the hand's events from its deal on), with the dealer to count birds from. */
export function handExtras(events, view) {
  const out = {};
  const starting = (events || []).filter((e) => e && e.type === "StartingWin");
  if (starting.length) {
    out.starting = starting.map((e) => ({ seat: e.seat, patterns: [...(e.patterns || [])], hand: [...(e.hand || [])], deltas: [...(e.deltas || [])] }));
  }
  const birds = (events || []).filter((e) => e && e.type === "BirdsTurned").pop();
  if (birds) {
    out.birds = [...birds.tiles];
    out.bird_seats = [...(birds.seats || [])];
  }
  const dealer = view && view.table ? view.table.dealer : undefined;
  if (typeof dealer === "number" && (out.starting || out.birds)) out.dealer = dealer;
  return out;
}

/** A win's score part for result-view.js's winScore, or null when it is neither shape. */
export function pluginWinScore(w, result, name) {
  if (isQingqueWin(w)) return qingqueWinScore(w, name);
  if (isTaiwanWin(w)) return taiwanWinScore(w, name);
  if (isChangshaWin(w)) return changshaWinScore(w, birdsOf(result || {}), name);
  return null;
}
