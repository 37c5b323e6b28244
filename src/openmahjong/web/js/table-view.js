// The 2D table as DOM, from plain data: no socket, no timers, no global state.
//
// renderTable(state, handlers) -> <section class="table2d">
//   state.view     one seat's view as JSON (the kernel's Table.view(seat), see docs/web-client.md)
//   state.names    player names by seat (optional)
//   state.rules    the ruleset's `client` object from the server (rulesets.js; optional): its
//                  own words for calls and wins (MCR's Chow, Pung, Kong), else the shared ones
//   state.prompt   the open prompt {seq, actions, context} or null; its actions become controls
//   state.riichi   true while the player is choosing a riichi discard
//   state.label    the hand's label data from the server ({wind, number, honba} or, without wind
//                  rounds, {number, hands}: Match.label_data),
//                  else the view's table fields are read (a replay puts the label's number there)
//   state.clock    {move, bank, total, bankTotal} seconds left and at the start (optional);
//                  state.protection: text (optional)
//   state.fairness {commitment, salt, hand}; state.showFairness opens the hand counter panel
//   state.result   a hand summary (records.md "hands" entry) to show over the table, or null
//   state.matchEnd {ranking, final_points, places, settlement, master_seed, salt, commitment, ruleset, names}
//                  or null; names are by player when seats are not players (MCR's seat changes)
//   state.parts    a ruleset's own pieces (optional; sichuan-view.js, exchange-picker.js):
//                  seatBadges(seat), seatClass(seat), centre(), actions() (drawn instead of the
//                  prompt's buttons when it returns something), handTile(code, isDrawn, k, button),
//                  numbersHands (true: its centre() says the hand's number, the button need not)
// handlers: act(action), toggleRiichi(), toggleFairness(), copy(text), next()
//
// The same renderer draws replays: a spectator view (seat null) with `hands` for every seat.

import { h } from "./dom.js";
import { lang, t, tileName } from "./i18n.js";
import { compareTiles } from "./tiles.js";
import { tileBackMarkup, tileMarkup } from "./tile-svg.js";
import { actionWord } from "./rulesets.js";
// The hand and match end screens live in result-view.js (the room shows them as modals;
// a replay still draws them with the table).
import { matchEndElement, resultElement } from "./result-view.js";

export { matchEndElement, resultElement };

const WIND_KEYS = { 41: "wind.E", 42: "wind.S", 43: "wind.W", 44: "wind.N" };

export function windName(code) {
  return WIND_KEYS[code] ? t(WIND_KEYS[code]) : "";
}

/** An action's name in the page language: the ruleset's own word when its `client` object
 *  (`rules`) names one (MCR: Chow, Pung, Kong, 和牌), else the shared name (discard, pass). */
export function actionLabel(type, rules) {
  return actionWord(type, rules);
}

function tileSpan(code, opts = {}) {
  return h("span", { class: "tile-holder", html: tileMarkup(code, opts) });
}

function backSpan(opts = {}) {
  return h("span", { class: "tile-holder", html: tileBackMarkup(opts) });
}

/** A discard entry as {tile, tsumogiri, riichi, claimed_by}, from a list or an object. */
export function discardEntry(d) {
  if (Array.isArray(d)) return { tile: d[0], tsumogiri: !!d[1], riichi: !!d[2], claimed_by: d[3] ?? null };
  return { tile: d.tile, tsumogiri: !!d.tsumogiri, riichi: !!d.riichi, claimed_by: d.claimed_by ?? null };
}

/** A meld as {kind, tiles, called_tile, from_seat}, from an object or a [kind, tiles, ...] list. */
export function meldEntry(m) {
  if (Array.isArray(m)) return { kind: m[0], tiles: m[1], called_tile: m[2] ?? null, from_seat: m[3] ?? null };
  return { kind: m.kind, tiles: m.tiles || [], called_tile: m.called_tile ?? null, from_seat: m.from_seat ?? null };
}

/** Which place in the meld the called tile takes: left player -> first, across -> middle,
 *  right player -> last (the usual way of turning the claimed tile toward its giver). */
function calledPosition(owner, from, size) {
  const rel = (from - owner + 4) % 4; // 3 left, 2 across, 1 right
  if (rel === 3) return 0;
  if (rel === 2) return 1;
  return size - 1;
}

export function meldElement(meld, owner, rules) {
  const m = meldEntry(meld);
  const tiles = [...m.tiles];
  const el = h("span", { class: `meld meld-${m.kind}`, "data-kind": m.kind,
    "aria-label": t("table.meld", { kind: actionLabel(m.kind, rules), tiles: tiles.map(tileName).join(", ") }) });
  if (m.kind === "ankan") {
    tiles.forEach((code, i) => el.append(i === 0 || i === 3 ? backSpan({ label: "" }) : tileSpan(code, { label: "" })));
    return el;
  }
  let order = tiles;
  if (m.called_tile !== null && m.from_seat !== null && owner !== null && owner !== undefined) {
    const rest = [...tiles];
    const idx = rest.indexOf(m.called_tile);
    if (idx >= 0) rest.splice(idx, 1);
    const size = m.kind === "kakan" ? 3 : tiles.length;
    const pos = Math.min(calledPosition(owner, m.from_seat, size), rest.length);
    order = [...rest.slice(0, pos), { called: m.called_tile }, ...rest.slice(pos)];
  }
  for (const item of order) {
    if (typeof item === "object") {
      el.append(h("span", { class: "called", "data-called": "1" }, tileSpan(item.called, { sideways: true, label: "" })));
    } else {
      el.append(tileSpan(item, { label: "" }));
    }
  }
  return el;
}

/** The seat whose discard is the latest on the table (from the view's events, else the
 *  tile on offer), or null. */
export function lastDiscarder(v) {
  const events = v.events || [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const e = events[i];
    if (e.type === "Discarded") return e.seat;
    if (e.type === "Drew" || e.type === "Called" || e.type === "HandStarted") return null;
  }
  return v.offered_tile !== null && v.offered_tile !== undefined ? v.turn ?? null : null;
}

function discardsElement(list, seat, last) {
  const el = h("div", { class: "discards pond", "data-testid": `discards-${seat}`, "aria-label": t("table.discards") });
  const entries = list || [];
  entries.forEach((raw, i) => {
    const d = discardEntry(raw);
    const isLast = last && i === entries.length - 1 && d.claimed_by === null;
    const cls = ["discard", d.tsumogiri ? "tsumogiri" : "", d.claimed_by !== null ? "claimed" : "", isLast ? "last" : ""].filter(Boolean).join(" ");
    const label = [tileName(d.tile), d.tsumogiri ? t("table.tsumogiri") : "", d.riichi ? t("table.riichiDiscard") : "",
      d.claimed_by !== null ? t("table.claimed") : ""].filter(Boolean).join(", ");
    el.append(h("span", {
      class: cls, "data-tile": d.tile, "data-tsumogiri": d.tsumogiri ? "1" : "0", "data-riichi": d.riichi ? "1" : "0",
      "data-last": isLast ? "1" : null, title: label, html: tileMarkup(d.tile, { sideways: d.riichi, label }),
    }));
  });
  return el;
}

function playerName(state, seat) {
  const names = state.names || [];
  return names[seat] || t("table.seat", { n: seat + 1 });
}

// Each seat's part of the square board turns to face that seat: the viewer's own at the
// bottom, the right-hand player's a quarter turn, the one across upside down, the left one
// three quarters (as the tiles lie on a real table).
const ROTATION = { self: 0, right: 270, across: 180, left: 90 };

/** A seat's wind: the view's, else counted from the dealer (East) round the table, as a table
 *  without wind rounds (Sichuan, Changsha) still seats its players. */
export function seatWind(v, seat) {
  const pub = (v.seats_public || [])[seat] || {};
  if (WIND_KEYS[pub.seat_wind]) return pub.seat_wind;
  const dealer = (v.table || {}).dealer;
  const n = (v.points || []).length || 4;
  return typeof dealer === "number" && n === 4 ? 41 + ((seat - dealer + n) % n) : null;
}

/** One seat's side of the table: its score plate at the centre's edge, its pond in front of
 *  the centre, and at the table's edge its name, concealed tiles (backs, or face up in a
 *  replay) and melds. */
function seatPanel(state, seat, position, spectated) {
  const v = state.view;
  const pub = (v.seats_public || [])[seat] || {};
  const dealer = v.table && v.table.dealer === seat;
  const isTurn = v.turn === seat && v.phase !== "ended";
  const size = (v.hand_sizes || [])[seat] ?? 0;
  const melds = ((v.melds || [])[seat] || []).map((m) => meldElement(m, seat, state.rules));
  const wind = seatWind(v, seat);
  const windShort = WIND_KEYS[wind] ? t(WIND_KEYS[wind].replace("wind.", "windShort.")) : "";
  const plate = h("div", { class: "seat-plate" },
    h("span", { class: `wind-badge${dealer ? " dealer" : ""}`, "data-testid": `wind-${seat}`, "data-wind": wind ?? "",
      title: `${t("table.seatWind")}: ${windName(wind)}` }, windShort),
    h("span", { class: "seat-points", "data-testid": `points-${seat}` }, String((v.points || [])[seat] ?? "")),
    pub.riichi ? h("span", { class: "riichi-stick", title: t("act.riichi") }) : null);
  const head = h("div", { class: "seat-head" },
    h("span", { class: "seat-name" }, playerName(state, seat)),
    dealer ? h("span", { class: "badge" }, t("table.dealer")) : null,
    pub.riichi ? h("span", { class: "badge riichi-badge" }, t("act.riichi")) : null,
    isTurn ? h("span", { class: "badge turn-badge" }, t("table.turn")) : null,
    state.parts && state.parts.seatBadges ? state.parts.seatBadges(seat) : null,
    (pub.flowers || []).length ? h("span", { class: "flowers" }, pub.flowers.map((f) => tileSpan(f))) : null,
  );
  const shown = state.hands && state.hands[seat];
  const concealed = position === "self" && !spectated ? null
    : h("div", { class: `opp-hand${shown ? " face-up" : ""}`, "aria-label": t("table.handSize", { n: size }) },
      shown ? shown.map((c) => tileSpan(c, { label: "" })) : Array.from({ length: size }, () => backSpan()));
  return h("section", {
    class: `seat seat-${position}${spectated ? " spectated" : ""}${isTurn ? " on-turn" : ""} ${state.parts && state.parts.seatClass ? state.parts.seatClass(seat) : ""}`.trim(), "data-seat": seat,
    "data-rotation": ROTATION[position], "aria-label": playerName(state, seat),
  }, plate, discardsElement((v.discards || [])[seat], seat, lastDiscarder(v) === seat),
  h("div", { class: "seat-edge" }, position === "self" ? head : null, concealed, h("div", { class: "melds" }, melds)),
  // The other seats' names stand upright in a corner of the board (drawn along their turned
  // edge they read sideways or upside down): a layer the size of the board, turned back.
  position === "self" ? null : h("div", { class: "seat-tag-layer" }, head));
}

/** The hand's label as data: the server's (Match.label_data: wind, number within the wind
 *  round, honba), else what the view's table says (a replay puts the label's number there). */
export function roundLabel(view, label) {
  const tb = (view && view.table) || {};
  const l = label || {};
  return {
    wind: l.wind ?? tb.round_wind ?? tb.prevalent_wind ?? null,
    number: l.number ?? tb.hand_number ?? null,
    honba: l.honba ?? tb.honba,
    hands: l.hands ?? null,
  };
}

/** Whether the ruleset has riichi sticks and honba on its table: its client data says so;
 *  without client data, whatever the view carries is shown. */
function hasSticks(rules) {
  const table = (rules || {}).table;
  return table && table.sticks !== undefined ? !!table.sticks : null;
}

function centre(state) {
  const v = state.view;
  const tb = v.table || {};
  const lab = roundLabel(v, state.label);
  const roundText = lab.wind ? t("table.round", { wind: windName(lab.wind), n: lab.number ?? "" }) : "";
  // Without wind rounds the hand's number ("Hand 1 of 8", Changsha), unless the ruleset's own
  // centre part numbers its hands (Sichuan's "Hand 1 of 2": then it names what it opens).
  const numbered = !!(state.parts && state.parts.numbersHands);
  const handText = !roundText && lab.number && !numbered
    ? (lab.hands ? t("table.handOf", { n: lab.number, hands: lab.hands }) : t("table.handNumber", { n: lab.number })) : "";
  const counter = h("button", {
    type: "button", class: "hand-counter", "data-testid": "hand-counter",
    "aria-expanded": state.showFairness ? "true" : "false", onclick: () => state.handlers.toggleFairness(),
    title: roundText || handText ? t("table.commitment") : null,
  }, roundText || handText || t("table.commitment"));
  const sticks = hasSticks(state.rules);
  const dora = tb.dora_indicators || [];
  const showDora = ((state.rules || {}).table || {}).dora !== false; // the ruleset's client data
  return h("section", { class: "centre", "aria-label": t("table.centre") },
    counter,
    h("div", { class: "centre-facts" },
      sticks !== false && lab.honba !== undefined ? h("span", { "data-testid": "honba" }, t("table.honba", { n: lab.honba })) : null,
      sticks !== false && tb.sticks !== undefined ? h("span", { "data-testid": "sticks" }, t("table.sticks", { n: tb.sticks })) : null,
      v.live_remaining !== undefined ? h("span", { "data-testid": "remaining" }, t("table.remaining", { n: v.live_remaining })) : null,
    ),
    showDora && (dora.length || tb.dora_indicators) ? h("div", { class: "dora", "data-testid": "dora", "aria-label": t("table.dora") },
      h("span", { class: "tiles small" }, dora.map((c) => tileSpan(c)))) : null,
    state.parts && state.parts.centre ? state.parts.centre() : null,
    state.clock ? clockElement(state.clock) : null,
    state.protection ? h("p", { class: "protection", "data-testid": "protection", role: "status" }, state.protection) : null,
  );
}

/** The clock: the move's seconds as a bar that empties (then the bank's, in red) and as text.
 *  `clock.total` / `clock.bankTotal` are the seconds the prompt started with, when known. */
export function clockElement(clock) {
  const low = clock.move !== undefined && clock.move <= 2;
  const onBank = clock.move !== undefined && clock.move <= 0 && clock.bank !== undefined;
  const left = onBank ? clock.bank : clock.move;
  const total = onBank ? clock.bankTotal ?? clock.bank : clock.total ?? clock.move;
  const share = left !== undefined && total ? Math.max(0, Math.min(1, left / total)) : null;
  return h("div", { class: `clock${low ? " low" : ""}${onBank ? " on-bank" : ""}`, "data-testid": "clock", role: "timer" },
    share !== null ? h("div", { class: "clock-bar", "data-testid": "clock-bar", "aria-hidden": "true" },
      h("span", { class: "clock-fill", style: `width: ${(share * 100).toFixed(1)}%` })) : null,
    h("div", { class: "clock-text" },
      clock.move !== undefined ? h("span", {}, t("table.move", { s: Math.max(0, Math.ceil(clock.move)) })) : null,
      clock.bank !== undefined ? h("span", {}, t("table.bank", { s: Math.max(0, Math.ceil(clock.bank)) })) : null),
  );
}

function copyRow(label, value, handlers, testid) {
  return h("div", { class: "copy-row" },
    h("span", { class: "muted" }, label),
    h("code", { class: "mono", "data-testid": testid }, value ?? t("table.unknown")),
    value ? h("button", { type: "button", class: "small-btn", onclick: () => handlers.copy(String(value)) }, t("table.copy")) : null);
}

function fairnessPanel(state) {
  const f = state.fairness || {};
  return h("div", { class: "fairness-panel", "data-testid": "fairness" },
    h("p", { class: "help" }, t("table.fairnessLead")),
    copyRow(t("table.commitment"), f.commitment, state.handlers, "commitment"),
    copyRow(t("table.salt"), f.salt, state.handlers, "salt"));
}

/** Actions of one type from the prompt, in the order offered. */
function ofType(actions, type) {
  return actions.filter((a) => a.type === type);
}

function actionTiles(a) {
  if (a.tiles) return a.tiles;
  if (a.tile !== undefined) return [a.tile];
  return [];
}

function actionButton(label, action, handlers, extra = {}) {
  const tiles = actionTiles(action);
  return h("button", {
    type: "button", class: `act-btn act-${action.type}`, "data-action": action.type,
    onclick: () => handlers.act(action), ...extra,
  }, h("span", {}, label), tiles.length && action.type !== "discard" ? h("span", { class: "tiles small" }, tiles.map((c) => tileSpan(c, { label: "" }))) : null);
}

/** The controls for a prompt: everything but plain discards, which are the hand's own buttons. */
function actionBar(state) {
  const prompt = state.prompt;
  const own = state.parts && state.parts.actions ? state.parts.actions() : null;
  if (own) return own;
  if (!prompt) return null;
  const acts = prompt.actions || [];
  const hs = state.handlers;
  const bar = h("div", { class: "actions", "data-testid": "actions", role: "group", "aria-label": t("table.actions") });
  const riichiDiscards = acts.filter((a) => a.type === "discard" && a.riichi);
  if (riichiDiscards.length) {
    bar.append(h("button", {
      type: "button", class: `act-btn act-riichi${state.riichi ? " active" : ""}`, "data-action": "riichi",
      "aria-pressed": state.riichi ? "true" : "false", onclick: () => hs.toggleRiichi(),
    }, state.riichi ? t("act.riichiCancel") : t("act.riichi")));
  }
  for (const type of ["tsumo", "ron", "chi", "pon", "minkan", "ankan", "kakan"]) {
    for (const a of ofType(acts, type)) bar.append(actionButton(actionLabel(type, state.rules), a, hs));
  }
  for (const a of ofType(acts, "reveal")) {
    bar.append(actionButton(a.show ? t("act.reveal") : t("act.hide"), a, hs));
  }
  for (const a of ofType(acts, "abort")) bar.append(actionButton(t("act.abort", { reason: a.reason || "" }), a, hs));
  const known = new Set(["discard", "tsumo", "ron", "chi", "pon", "minkan", "ankan", "kakan", "reveal", "abort", "pass"]);
  for (const a of acts.filter((x) => !known.has(x.type))) bar.append(actionButton(actionLabel(a.type, state.rules), a, hs));
  for (const a of ofType(acts, "pass")) bar.append(actionButton(t("act.pass"), a, hs));
  return bar.childElementCount ? bar : null;
}

/** The place the prompt's buttons appear in: always there for a seated player and of a fixed
 *  height, so a prompt moves nothing (more buttons than a row grow it over the board). */
function actionArea(state) {
  return h("div", { class: "action-area", "data-testid": "action-area" }, actionBar(state));
}

/** The drawn tile: the view's `drawn` when the server gives it, else the 14th tile on turn. */
export function drawnTile(view) {
  if (view.drawn !== undefined) return view.drawn;
  const hand = view.hand || [];
  if (view.events && view.events.length) {
    // The latest of my own draws, unless I discarded or called since.
    for (let i = view.events.length - 1; i >= 0; i -= 1) {
      const e = view.events[i];
      if (e.seat !== view.seat) continue;
      if (e.type === "Drew") return e.tile !== null && hand.includes(e.tile) && hand.length % 3 === 2 ? e.tile : null;
      if (e.type === "Discarded" || e.type === "Called" || e.type === "Dealt") {
        return e.type === "Dealt" && hand.length % 3 === 2 && view.turn === view.seat ? hand[hand.length - 1] : null;
      }
    }
    return null;
  }
  if (view.phase === "turn" && view.turn === view.seat && hand.length % 3 === 2 && !view.after_call) return hand[hand.length - 1];
  return null;
}

function ownHand(state) {
  const v = state.view;
  const hand = [...(v.hand || [])];
  const drawn = drawnTile(v);
  if (drawn !== null) hand.splice(hand.lastIndexOf(drawn), 1);
  hand.sort(compareTiles);
  const acts = state.prompt ? state.prompt.actions || [] : [];
  const discards = acts.filter((a) => a.type === "discard" && !!a.riichi === !!state.riichi);
  const byTile = new Map(discards.map((a) => [a.tile, a]));
  // While a discard is asked for, the tiles it may not be (riichi's choice, the locked hand
  // after riichi, kuikae after a call) look blocked; between turns the hand looks as usual.
  const choosing = discards.length > 0;
  const button = (code, isDrawn) => {
    const action = byTile.get(code);
    return h("button", {
      type: "button", class: `hand-tile${isDrawn ? " drawn" : ""}${action ? " playable" : choosing ? " blocked" : ""}`,
      "data-tile": code, "data-drawn": isDrawn ? "1" : "0", disabled: !action,
      "aria-label": isDrawn ? t("table.discardDrawn", { tile: tileName(code) }) : t("table.discardTile", { tile: tileName(code) }),
      onclick: () => action && state.handlers.act(action),
      html: tileMarkup(code, { label: "" }),
    });
  };
  // A ruleset's piece may make a tile another control (Sichuan's exchange picker) or mark it.
  const own = state.parts && state.parts.handTile;
  const tile = (code, isDrawn, k) => {
    const usual = button(code, isDrawn);
    return own ? own(code, isDrawn, k, usual) || usual : usual;
  };
  return h("div", { class: "own-hand", "data-testid": "own-hand", role: "group", "aria-label": t("table.yourHand") },
    h("div", { class: "hand-row" }, hand.map((c, k) => tile(c, false, k))),
    drawn !== null ? h("div", { class: "drawn-slot" }, tile(drawn, true, hand.length)) : null);
}

/** The whole table. Positions are relative to the viewer: self at the bottom, then right, across, left. */
export function renderTable(state, handlers = {}) {
  const hs = { act() {}, toggleRiichi() {}, toggleFairness() {}, copy() {}, ...handlers };
  const full = { ...state, handlers: hs };
  const v = state.view;
  const me = v.seat ?? 0;
  const seated = v.seat !== null && v.seat !== undefined;
  const n = (v.points || [0, 0, 0, 0]).length || 4;
  const positions = ["self", "right", "across", "left"];
  const panels = [];
  for (let k = 0; k < n; k += 1) panels.push(seatPanel(full, (me + k) % n, positions[k], !seated));
  const root = h("section", { class: `table2d${seated ? " seated" : ""}`, "data-testid": "table", "data-phase": v.phase || "" },
    h("div", { class: "board-wrap" },
      h("div", { class: "board" }, centre(full), panels),
      state.showFairness ? fairnessPanel(full) : null),
  );
  if (seated) {
    root.append(h("div", { class: "controls" }, actionArea(full), ownHand(full)));
  }
  if (state.result) root.append(resultElement(state.result, full));
  if (state.matchEnd) root.append(matchEndElement(state.matchEnd, full));
  return root;
}
