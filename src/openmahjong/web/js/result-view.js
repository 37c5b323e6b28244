// The hand-end and match-end screens, from plain data (no socket, no timers).
//
// resultElement(result, state)     a hand's result: the winning hand, dora and ura indicators,
//                                  yaku or fans with their values, fu, base points, the honba
//                                  and riichi-stick parts, each seat's change; a draw's tenpai
//                                  hands; Qingque's fans, Changsha's patterns, birds and
//                                  starting-hand wins (win-details.js). `result` is built from
//                                  the hand's events (room.js) or a record's `hands` entry
//                                  (replays, a `hand_end` summary).
// matchEndElement(end, state)      placements, final points, the ruleset's settlement (uma and
//                                  oka where the preset has them), the seed check with names
//                                  and the game's preset.
// modal(content, label)            either one over the table, holding the eye until closed.
//
// state: {names, rules, handlers: {next(), copy(text)}, hold: {seconds, waiting}} (all optional).

import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { compareTiles } from "./tiles.js";
import { tileMarkup } from "./tile-svg.js";
import { mcrFanName } from "./mcr-fan-names.js";
import { yakuName } from "./yaku-names.js";
import { meldElement } from "./table-view.js";
import { isSichuanWin, orderedRiichiScore, recheckElement, sichuanWinScore } from "./sichuan-result.js";
import { birdsElement, pluginWinScore, startingElement } from "./win-details.js";

function tileSpan(code, opts = {}) {
  return h("span", { class: "tile-holder", html: tileMarkup(code, opts) });
}

function playerName(state, seat) {
  const names = state.names || [];
  return names[seat] || t("table.seat", { n: seat + 1 });
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** A row of indicator tiles with its label ("Dora", "Ura dora"), or nothing when there are none. */
function indicators(label, tiles, testid) {
  if (!tiles || !tiles.length) return null;
  return h("p", { class: "indicators", "data-testid": testid },
    h("span", { class: "muted" }, label), " ", h("span", { class: "tiles small" }, tiles.map((c) => tileSpan(c))));
}

/** A Riichi win's yaku with their han, then han and fu (or yakuman) and the value. */
function riichiYaku(w) {
  return [
    h("ul", { class: "yaku" }, (w.yaku || []).map(([name, han]) => h("li", { "data-yaku": name },
      `${yakuName(name, lang())} · ${t("result.han", { n: han })}`))),
    h("p", { class: "score-line" }, w.yakuman ? t("result.yakuman", { n: w.yakuman }) : t("result.hanFu", { han: w.han, fu: w.fu }),
      " · ", t("result.total", { n: w.total })),
  ];
}

/** An MCR win's fans ([zh, value, count], named in the page language), then the total. */
function mcrFans(w) {
  return [
    h("ul", { class: "yaku fans" }, w.fans.map(([zh, value, count]) => h("li", { "data-fan": zh, lang: lang() === "en" ? null : "zh-Hans" },
      `${mcrFanName(zh, lang())}${count > 1 ? ` ×${count}` : ""} · ${t("mcr.total", { n: value * count })}`))),
    h("p", { class: "score-line" }, w.flowers ? t("mcr.totalFlowers", { n: w.total, base: w.fan_total, flowers: w.flowers })
      : t("mcr.total", { n: w.total })),
  ];
}

/** A declared ruleset's win (rules/declarative): its patterns as [key, points, times], each
 *  named by the ruleset's own message `<ruleset>.pattern.<key>`, then its points. */
function isDeclaredWin(w) {
  return typeof w.ruleset === "string" && w.ruleset !== "" && Array.isArray(w.patterns) && w.patterns.every(Array.isArray);
}

function declaredPatterns(w) {
  const word = (key, args) => { const text = t(key, args); return text === key ? null : text; };
  return [
    h("ul", { class: "yaku patterns", "data-testid": "win-patterns" }, w.patterns.map(([key, points, times]) => h("li", { "data-pattern": key, "data-value": points },
      `${word(`${w.ruleset}.pattern.${key}`) || key}${times > 1 ? ` ×${times}` : ""} · ${points}`))),
    h("p", { class: "score-line", "data-testid": "win-total" }, word(`${w.ruleset}.points`, { n: w.total }) || t("result.total", { n: w.total })),
  ];
}

/** How a win scored, by what it carries: fans with a fan total and base points (Qingque) or
 *  patterns (Changsha; win-details.js), fans (MCR), yaku with han and fu (Riichi), or only its
 *  total (a ruleset with none of these). */
function winScore(w, state = {}, result = {}) {
  if (isDeclaredWin(w)) return declaredPatterns(w);
  const plugin = pluginWinScore(w, result, (s) => playerName(state, s));
  if (plugin) return plugin;
  if (w.fans) return mcrFans(w);
  if (isSichuanWin(w)) return sichuanWinScore(w, (s) => playerName(state, s)); // order, base and bonus yaku
  if (w.order) return orderedRiichiScore(w, (s) => playerName(state, s), riichiYaku); // Asura: order, yaku, payments
  if (w.yaku || w.han !== undefined || w.yakuman) return riichiYaku(w);
  return w.total !== undefined ? h("p", { class: "score-line" }, t("result.total", { n: w.total })) : null;
}

/** The riichi stick each seat put down during the hand (-1000, else 0): what its change over
 *  the hand (`deltas`) has beyond the wins' payments. Known only when every win says what it
 *  paid each seat and carries the stick parts (Riichi's Won event; a record's summary does not). */
export function sticksPutDown(result) {
  const wins = result.wins || [];
  const deltas = result.deltas || [];
  if (!wins.length || !wins.every((w) => Array.isArray(w.payments) && w.payments.length === deltas.length && w.stick_points !== undefined)) {
    return deltas.map(() => 0);
  }
  return deltas.map((d, i) => {
    const rest = d - wins.reduce((sum, w) => sum + w.payments[i], 0);
    return rest === -1000 ? rest : 0; // one stick per declaration; anything else is not a stick
  });
}

/** Where the winner's gain comes from, when the win says: base points, the hand's value, the
 *  honba and riichi-stick parts and their sum ("1100 points" alone hid a +3400); and, when the
 *  winner put down its own riichi stick this hand, why its change is 1000 less than the gain. */
function breakdown(w, state, putDown = 0) {
  const rows = [];
  if (w.basic_points) rows.push(h("li", { "data-part": "basic" }, t("result.basic", { n: w.basic_points })));
  if (w.honba_points) rows.push(h("li", { "data-part": "honba" }, t("result.honbaPart", { n: w.honba, points: w.honba_points })));
  if (w.stick_points) rows.push(h("li", { "data-part": "sticks" }, t("result.sticksPart", { n: w.sticks, points: w.stick_points })));
  if (!rows.length || w.total === undefined) return rows.length ? h("ul", { class: "breakdown" }, rows) : null;
  const terms = [w.total, w.honba_points, w.stick_points].filter((n) => n);
  const gain = terms.reduce((a, b) => a + b, 0);
  const who = playerName(state, w.seat);
  rows.push(h("li", { "data-part": "gain", class: "gain" }, terms.length > 1
    ? t("result.gainSum", { who, n: gain, sum: terms.join(" + ") }) : t("result.gain", { who, n: gain })));
  if (putDown) {
    rows.push(h("li", { "data-part": "own-stick" }, t("result.ownStick", { who, stick: signed(putDown), net: signed(gain + putDown) })));
  }
  return h("ul", { class: "breakdown", "data-testid": "breakdown" }, rows);
}

/** The winning hand when the win carries it (the room's Won / McrWon events do): concealed
 *  tiles sorted, the melds, the winning tile apart. Else just the winning tile. */
function winningHand(w, rules) {
  if (w.tile === undefined) return null;
  if (!w.hand) return h("p", { class: "tiles" }, tileSpan(w.tile));
  const concealed = [...w.hand];
  const at = concealed.lastIndexOf(w.tile);
  if (at >= 0) concealed.splice(at, 1);
  concealed.sort(compareTiles);
  return h("div", { class: "win-hand", "data-testid": "win-hand", "aria-label": t("result.hand") },
    h("span", { class: "tiles" }, concealed.map((c) => tileSpan(c))),
    (w.melds || []).map((m) => meldElement(m, w.seat, rules)),
    h("span", { class: "win-tile", "data-tile": w.tile }, tileSpan(w.tile)));
}

/** Who was tenpai at a draw: names, and their hands when they were shown. */
function tenpaiPart(result, state) {
  const who = (result.tenpai || []).map((x, i) => (x === true ? i : typeof x === "number" ? x : null)).filter((x) => x !== null);
  if (!(result.tenpai || []).length) return null;
  const shown = result.shown || {};
  return h("div", { class: "tenpai", "data-testid": "tenpai" },
    h("p", {}, t("result.tenpai", { who: who.map((s) => playerName(state, s)).join(", ") || t("common.none") })),
    who.filter((s) => shown[s] && shown[s].length).map((s) => h("p", { class: "tenpai-hand", "data-seat": s },
      h("span", { class: "muted" }, playerName(state, s)), " ",
      h("span", { class: "tiles small" }, [...shown[s]].sort(compareTiles).map((c) => tileSpan(c))))));
}

/** Each seat's change over the hand and its points; a riichi stick put down during the hand
 *  is said beside the change it is part of. */
function payments(result, state, putDown) {
  if (!result.deltas) return null;
  return h("table", { class: "payments", "data-testid": "payments" },
    h("thead", {}, h("tr", {}, h("th", {}, t("result.player")), h("th", {}, t("result.change")), h("th", {}, t("result.points")))),
    h("tbody", {}, result.deltas.map((d, i) => h("tr", { "data-seat": i }, h("td", {}, playerName(state, i)),
      h("td", { class: d > 0 ? "plus" : d < 0 ? "minus" : "" }, signed(d),
        putDown[i] ? h("span", { class: "stick-note", "data-testid": "stick-note" }, ` (${t("result.stickNote", { n: signed(putDown[i]) })})`) : null),
      h("td", {}, String((result.points || [])[i] ?? ""))))));
}

/** The hold's line: seconds before the next hand starts anyway, and how many still read. */
function holdLine(hold) {
  if (!hold) return null;
  return h("p", { class: "hold muted", "data-testid": "hold", role: "timer" },
    t("result.countdown", { s: Math.max(0, Math.ceil(hold.seconds)) }),
    hold.waiting !== undefined && hold.waiting > 0 ? ` · ${t("result.waitingFor", { n: hold.waiting })}` : "");
}

/** The win or draw screen for a hand. */
export function resultElement(result, state = {}) {
  const wins = result.wins || [];
  const putDown = sticksPutDown(result);
  const name = (s) => playerName(state, s);
  const parts = [h("h2", { tabindex: "-1" }, wins.length ? t("result.win") : t("result.draw", { reason: t(`reason.${result.reason}`) }))];
  // Changsha's starting-hand wins were paid before play, win or draw (win-details.js).
  parts.push(startingElement(result, name));
  for (const w of wins) {
    parts.push(h("div", { class: "win", "data-testid": "win", "data-seat": w.seat },
      h("p", {}, w.from_seat === null || w.from_seat === undefined
        ? t("result.tsumo", { who: playerName(state, w.seat) })
        : t("result.ron", { who: playerName(state, w.seat), from: playerName(state, w.from_seat) })),
      winningHand(w, state.rules),
      indicators(t("table.dora"), w.dora_indicators || result.dora_indicators, "result-dora"),
      indicators(t("result.ura"), w.ura_indicators, "result-ura"),
      winScore(w, state, result),
      breakdown(w, state, putDown[w.seat] || 0)));
  }
  // Changsha's birds, turned once for the hand's wins.
  parts.push(birdsElement(result, name));
  // A hand that went on after its wins to the wall's end (Asura) settles tenpai too.
  if (!wins.length || (result.reason === "exhaustive" && !result.recheck)) parts.push(tenpaiPart(result, state));
  // Sichuan's exhaustive draw: each seat's recheck (ready, void cleared, payments, refunds).
  if (result.recheck) parts.push(recheckElement(result.recheck, result, (s) => playerName(state, s)));
  parts.push(payments(result, state, putDown));
  const next = state.handlers && state.handlers.next;
  // The countdown and Continue stay at the modal's bottom edge while a long result scrolls.
  const foot = state.hold || next ? h("div", { class: "result-foot" }, holdLine(state.hold),
    next ? h("button", { type: "button", class: "primary", "data-testid": "continue", onclick: () => next() }, t("result.next")) : null) : null;
  return h("div", { class: "result", "data-testid": "result", role: "dialog", "aria-label": t("result.title") }, parts, foot);
}

/** A seat's uma and settled score from the record's result.settlement, as table cells. */
function settlementCells(end, seat) {
  const s = end.settlement || {};
  const score = (s.scores || [])[seat];
  if (typeof score !== "number") return [];
  const place = (end.places || [])[seat] ?? (end.ranking || []).indexOf(seat) + 1;
  const uma = (s.uma || [])[place - 1];
  return [
    h("td", { "data-testid": "uma" }, typeof uma === "number" ? signed(uma) : ""),
    h("td", { class: "settled", "data-testid": "settled", title: t("end.settled") }, `${score > 0 ? "+" : ""}${score.toFixed(1)}`),
  ];
}

/** The seed check link with everything the seed page needs, the players' names and the game's
 *  preset included (a preset may deal its own wall: Battle of Asura's exchange directions). */
export function verifyLink(end) {
  if (!end.master_seed) return null;
  const q = (k, v) => `&${k}=${encodeURIComponent(v)}`;
  return `#/tools/seed?seed=${encodeURIComponent(end.master_seed)}${q("salt", end.salt || "")}` +
    (end.commitment ? q("commitment", end.commitment) : "") + (end.ruleset ? q("ruleset", end.ruleset) : "") +
    (end.preset ? q("preset", end.preset) : "") + `&hands=${end.hands || 1}` + (end.players && end.players.length ? q("players", end.players.join(",")) : "");
}

function copyRow(label, value, handlers, testid) {
  return h("div", { class: "copy-row" },
    h("span", { class: "muted" }, label),
    h("code", { class: "mono", "data-testid": testid }, value ?? t("table.unknown")),
    value && handlers && handlers.copy ? h("button", { type: "button", class: "small-btn", onclick: () => handlers.copy(String(value)) }, t("table.copy")) : null);
}

/** The match end: placements, final points, uma and settled scores, the seed and its check. */
export function matchEndElement(end, state = {}) {
  const ranking = end.ranking || [];
  const s = end.settlement || {};
  const settled = Array.isArray(s.scores) && s.scores.length > 0;
  const name = (seat) => (end.names || [])[seat] || playerName(state, seat);
  const link = verifyLink(end);
  return h("div", { class: "result match-end", "data-testid": "match-end", role: "dialog", "aria-label": t("end.title") },
    h("h2", { tabindex: "-1" }, t("end.title")),
    h("table", { class: "placements", "data-testid": "placements" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("result.player")), h("th", {}, t("result.points")),
        settled ? [h("th", {}, t("end.uma")), h("th", {}, t("end.settledHead"))] : null)),
      h("tbody", {}, ranking.map((seat, i) => h("tr", { "data-seat": seat },
        h("td", {}, String(i + 1)), h("td", {}, h("strong", {}, name(seat))),
        h("td", {}, String((end.final_points || [])[seat] ?? "")), settlementCells(end, seat))))),
    settled && s.return_points !== undefined ? h("p", { class: "muted", "data-testid": "settlement-rule" },
      t("end.rule", { start: s.starting_points ?? "", ret: s.return_points, oka: s.oka ?? 0, uma: (s.uma || []).map(signed).join(" / ") })) : null,
    end.master_seed ? copyRow(t("end.seed"), end.master_seed, state.handlers, "master-seed") : null,
    link ? h("p", {}, h("a", { href: link, "data-testid": "verify-link" }, t("end.verify"))) : null,
    end.game ? h("p", {}, h("a", { href: `#/replay/${end.game}`, "data-testid": "replay-link" }, t("end.replay"))) : null,
    state.handlers && state.handlers.close ? h("button", { type: "button", "data-testid": "close-end", onclick: () => state.handlers.close() }, t("end.close")) : null);
}

/** A screen over the table: a dimmed backdrop and the dialog centred in the viewport. */
export function modal(content) {
  content.setAttribute("aria-modal", "true");
  content.classList.add("modal");
  return h("div", { class: "modal-backdrop", "data-testid": "modal" }, content);
}
