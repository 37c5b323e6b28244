// Sichuan's parts of the hand-end screen (result-view.js), from plain data:
//
// sichuanWinScore(win, name)   a win's order (1st, 2nd, 3rd), its base and bonus yaku by key
//                              with their han, the han and points, and who paid what. `win` is
//                              built from a SichuanWon event (room.js) or a record summary's win
//                              ({yaku: [[key, han, kind]], han, points, payments, order}).
// recheckElement(recheck, result, name)  the exhaustive draw's recheck: each seat ready? void
//                              cleared? what it paid or got, and kan bonuses paid back.
//
// `name(seat)` gives a seat's player name.

import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { sichuanYakuName } from "./sichuan-yaku-names.js";
import { orderWord, paymentsText } from "./sichuan-view.js";

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** A yaku entry as {key, han, kind}: [key, han, kind] (events, summaries) or [key, han]. */
function yakuEntry(y, i) {
  if (Array.isArray(y)) return { key: String(y[0]), han: y[1], kind: y[2] || (i === 0 ? "base" : "bonus") };
  return { key: String(y.key || y.name), han: y.han, kind: y.kind || (i === 0 ? "base" : "bonus") };
}

/** A Sichuan win: an order and no fu (a Riichi win with an order, Asura's, has fu). */
export function isSichuanWin(w) {
  return !!w && w.order !== undefined && w.order !== null && w.fu === undefined;
}

/** A Riichi win paid as it happened (Asura: it has an order): the order badge, its yaku (by
 *  `riichiYaku`, result-view.js's) or, while the hand is hidden, "won (hidden)", and who paid
 *  what. */
export function orderedRiichiScore(w, name, riichiYaku) {
  return [
    h("p", { class: "sc-order" }, h("span", { class: `badge won-badge won-${w.order}`, "data-testid": "win-order", "data-order": w.order },
      orderWord(w.order))),
    w.hidden ? h("p", { class: "score-line muted", "data-testid": "win-hidden" }, t("sc.wonHidden")) : riichiYaku(w),
    w.payments ? h("p", { class: "sc-pay", "data-testid": "win-payments" }, t("sc.payLine", { pays: paymentsText(w.payments, name) })) : null,
  ];
}

export function sichuanWinScore(w, name) {
  const yaku = (w.yaku || []).map(yakuEntry);
  const points = w.total ?? w.points;
  return [
    h("p", { class: "sc-order" }, h("span", { class: `badge won-badge won-${w.order}`, "data-testid": "win-order", "data-order": w.order },
      orderWord(w.order))),
    h("ul", { class: "yaku sc-yaku" }, yaku.map((y) => h("li", { "data-yaku": y.key, "data-kind": y.kind },
      `${sichuanYakuName(y.key, lang())} · ${t("result.han", { n: y.han })}`,
      h("span", { class: "muted" }, ` (${t(`sc.yakuKind.${y.kind}`)})`)))),
    h("p", { class: "score-line" }, t("sc.winLine", { han: w.han, points })),
    w.payments ? h("p", { class: "sc-pay", "data-testid": "win-payments" }, t("sc.payLine", { pays: paymentsText(w.payments, name) })) : null,
  ];
}

function yesNo(flag, testid) {
  return h("td", { class: flag ? "plus" : "minus", "data-testid": testid }, flag ? t("sc.yes") : t("sc.no"));
}

export function recheckElement(recheck, result, name) {
  if (!recheck) return null;
  const wonSeats = new Set((result.wins || []).map((w) => w.seat));
  return h("div", { class: "sc-recheck", "data-testid": "recheck" },
    h("h3", {}, t("sc.recheck")),
    h("p", { class: "help" }, t("sc.recheckLead")),
    h("table", { class: "payments recheck-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("result.player")), h("th", {}, t("sc.ready")), h("th", {}, t("sc.voidCleared")),
        h("th", {}, t("sc.penalty")), h("th", {}, t("sc.refund")))),
      h("tbody", {}, recheck.ready.map((ready, s) => h("tr", { "data-seat": s, "data-ready": ready ? "1" : "0",
        "data-void-clear": recheck.void_clear[s] ? "1" : "0" },
      h("td", {}, name(s)),
      wonSeats.has(s) ? h("td", { colspan: "2", class: "muted" }, t("sc.won")) : [yesNo(ready, `ready-${s}`), yesNo(recheck.void_clear[s], `void-clear-${s}`)],
      h("td", { class: recheck.deltas[s] > 0 ? "plus" : recheck.deltas[s] < 0 ? "minus" : "" }, signed(recheck.deltas[s] || 0)),
      h("td", { class: recheck.refunds[s] > 0 ? "plus" : recheck.refunds[s] < 0 ? "minus" : "" }, signed(recheck.refunds[s] || 0)))))));
}
