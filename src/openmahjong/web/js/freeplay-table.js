// Free play's pieces for the shared table (table-view.js `state.parts`): every move by
// clicking. Hand tiles are toggles (picked tiles rise); the action bar offers what the table
// could physically let this seat do now (rules/freeplay/table.py checks it again):
// deal, draw (front or back), discard the picked tile, lay the picked tiles face up (with the
// last discard, or added to one of your groups), show or hide a tile or the hand, take back the
// last discard or a grouped tile, pass the turn, and end the hand with a declared result
// (winner, off whose tile, the points typed, whether it is the last hand). With the table's
// `agreement` the result is a proposal: the centre says so to everyone, and a seat's bar
// shows it whole (who proposes, the points, who is still to agree) with only Agree / Refuse
// (Withdraw to its proposer) until every seat agreed or one refused.
//
// The prompt of a free-play seat is a standing choice (`choice.type` "free_play") that lists
// no actions: a reply is any move. The picks and the end-of-hand form are kept here, between
// drawings, and forgotten when the hand changes.

import { h } from "./dom.js";
import { t, tileName } from "./i18n.js";
import { tileMarkup } from "./tile-svg.js";
import { handLayout } from "./exchange-picker.js";

export { applyFreeplayEvent, isFreeplay } from "./freeplay-view.js";

/** The picked positions in the hand's layout, and the layout they were picked in. */
let picks = { key: "", keys: [] };
/** The open end-of-hand form ({winner, from, points, last}), or null. */
let form = null;

function tileSpan(code) {
  return h("span", { class: "tile-holder", html: tileMarkup(code, { label: "" }) });
}

/** Hands shown whole face up, by seat (the others' concealed tiles are backs). */
export function freeplayHands(view) {
  const pub = view.seats_public || [];
  return [0, 1, 2, 3].map((s) => {
    const shown = (pub[s] || {}).revealed || [];
    return shown.length && shown.length === (view.hand_sizes || [])[s] ? shown : null;
  });
}

/** Which positions of the layout are shown face up (each shown tile marks one copy). */
function shownKeys(layout, shown) {
  const left = [...shown];
  const keys = new Set();
  layout.forEach((code, k) => {
    const i = left.indexOf(code);
    if (i >= 0) {
      left.splice(i, 1);
      keys.add(k);
    }
  });
  return keys;
}

/** A move's button, or nothing when the table would refuse the move now; every button waits
 *  (disabled) while no prompt is open (a reply is on its way). */
function button(label, action, state, testid, extra = {}) {
  if (!action) return null;
  const enabled = !!state.prompt;
  return h("button", {
    type: "button", class: `act-btn fp-btn${extra.primary ? " primary" : ""}`, "data-action": action ? action.type : null,
    "data-testid": testid, disabled: !enabled,
    onclick: () => {
      if (!enabled) return;
      picks = { key: "", keys: [] };
      state.handlers.act(action);
    },
  }, h("span", {}, label), extra.tiles && extra.tiles.length ? h("span", { class: "tiles small" }, extra.tiles.map(tileSpan)) : null);
}

function endForm(state) {
  const v = state.view;
  const n = (v.hand_sizes || []).length || 4;
  const name = (s) => (state.names || [])[s] || t("table.seat", { n: s + 1 });
  const seatOptions = (blank) => [h("option", { value: "" }, blank),
    ...Array.from({ length: n }, (_, s) => h("option", { value: String(s) }, name(s)))];
  const winner = h("select", { "data-testid": "fp-winner", onchange: (e) => { form.winner = e.target.value; } }, seatOptions(t("freeplay.nobody")));
  winner.value = form.winner;
  const from = h("select", { "data-testid": "fp-from", onchange: (e) => { form.from = e.target.value; } }, seatOptions(t("freeplay.selfDrawn")));
  from.value = form.from;
  const points = Array.from({ length: n }, (_, s) => h("label", { class: "fp-points" }, name(s), " ",
    h("input", { type: "number", step: "1", value: String(form.points[s]), "data-testid": `fp-points-${s}`,
      oninput: (e) => { form.points[s] = e.target.value; } })));
  const num = (x) => (x === "" ? null : Number(x));
  const declare = () => {
    const deltas = form.points.map((p) => Math.trunc(Number(p) || 0));
    const win = num(form.winner);
    const action = { type: "free_end", winner: win, deltas, from_seat: win === null ? null : num(form.from), last: !!form.last };
    form = null;
    state.handlers.act(action);
  };
  return h("div", { class: "fp-end-form", "data-testid": "fp-end-form", role: "group", "aria-label": t("freeplay.endHand") },
    h("label", {}, t("freeplay.winner"), " ", winner),
    h("label", {}, t("freeplay.fromSeat"), " ", from),
    h("div", { class: "fp-points-row" }, t("freeplay.points"), " ", points),
    h("label", {}, h("input", { type: "checkbox", "data-testid": "fp-last", checked: form.last, onchange: (e) => { form.last = e.target.checked; } }), " ", t("freeplay.last")),
    h("div", { class: "button-row" },
      h("button", { type: "button", class: "primary", "data-testid": "fp-declare", disabled: !state.prompt, onclick: declare }, t("freeplay.declare")),
      h("button", { type: "button", "data-testid": "fp-cancel", onclick: () => { form = null; state.handlers.redraw(); } }, t("freeplay.cancel"))));
}

/** A proposed result in words: who proposes what, the points, and who still has to agree. */
function proposalNote(state, p) {
  const name = (s) => (state.names || [])[s] || t("table.seat", { n: s + 1 });
  const what = p.winner === null ? t("freeplay.proposalDraw")
    : p.from_seat === null ? t("freeplay.proposalTsumo", { winner: name(p.winner) })
      : t("freeplay.proposalRon", { winner: name(p.winner), from: name(p.from_seat) });
  const points = p.deltas.map((d, s) => `${name(s)} ${d > 0 ? "+" : ""}${d}`).join(" · ");
  const waiting = [0, 1, 2, 3].filter((s) => !p.agreed.includes(s)).map(name).join(", ");
  return h("div", { class: "fp-proposal", "data-testid": "fp-proposal", role: "status" },
    h("p", { class: "fp-proposal-head" }, t("freeplay.proposes", { name: name(p.seat), result: what })),
    h("p", { "data-testid": "fp-proposal-points" }, points, p.last ? ` · ${t("freeplay.last")}` : ""),
    h("p", { class: "muted", "data-testid": "fp-proposal-waiting" }, t("freeplay.waitingFor", { names: waiting })));
}

/** The answers to a proposed result this seat can give. */
function answers(state, p, bar) {
  const me = state.view.seat;
  const mine = p.agreed.includes(me);
  if (!mine) bar.append(button(t("freeplay.agree"), { type: "free_agree", agree: true }, state, "fp-agree", { primary: true }));
  bar.append(button(t(p.seat === me ? "freeplay.withdraw" : "freeplay.refuse"), { type: "free_agree", agree: false }, state, "fp-refuse"));
  // Last: the desktop bar wraps upward, so the note stands above the buttons (freeplay.css).
  bar.append(proposalNote(state, p));
  return bar;
}

/** The action bar: the moves the table would take now (the picked tiles decide several). */
function actions(state) {
  const v = state.view;
  if (v.seat === null || v.seat === undefined || v.phase === "ended") return null;
  const me = v.seat;
  const tb = v.table || {};
  const layout = handLayout(v);
  const chosen = picks.keys.map((k) => layout[k]).filter((c) => c !== undefined);
  const shown = ((v.seats_public || [])[me] || {}).revealed || [];
  const groups = (v.melds || [])[me] || [];
  const bar = h("div", { class: "actions fp-actions", "data-testid": "actions", role: "group", "aria-label": t("table.actions") });
  const add = (...items) => { for (const item of items) if (item) bar.append(item); };
  if (tb.proposal) return answers(state, tb.proposal, bar);
  if (form) {
    add(endForm(state));
    return bar;
  }
  const dealt = !!tb.dealt;
  const wall = v.live_remaining || 0;
  const offered = v.offered_tile ?? null;
  if (!dealt) {
    add(button(t("freeplay.deal"), { type: "free_deal" }, state, "fp-deal", { primary: true }));
  } else {
    add(
      button(t("freeplay.draw"), wall ? { type: "free_draw", back: false } : null, state, "fp-draw"),
      button(t("freeplay.drawBack"), wall ? { type: "free_draw", back: true } : null, state, "fp-draw-back"),
      button(t("freeplay.discard"), chosen.length === 1 ? { type: "free_discard", tile: chosen[0] } : null, state, "fp-discard", { primary: true }),
      button(t("freeplay.meld"), chosen.length ? { type: "free_meld", tiles: chosen, discard: false, group: null } : null, state, "fp-meld", { tiles: chosen }),
      button(t("freeplay.meldDiscard"), offered !== null ? { type: "free_meld", tiles: chosen, discard: true, group: null } : null, state, "fp-meld-discard",
        { tiles: offered !== null ? [offered] : [] }),
    );
    groups.forEach((g, i) => {
      if (chosen.length) add(button(t("freeplay.addTo", { n: i + 1 }), { type: "free_meld", tiles: chosen, discard: false, group: i }, state, `fp-add-${i}`));
    });
    if (chosen.length === 1) {
      const code = chosen[0];
      const showing = shown.filter((c) => c === code).length;
      const held = (v.hand || []).filter((c) => c === code).length;
      if (showing < held) add(button(t("freeplay.show"), { type: "free_reveal", tile: code, show: true }, state, "fp-show", { tiles: [code] }));
      if (showing > 0) add(button(t("freeplay.hide"), { type: "free_reveal", tile: code, show: false }, state, "fp-hide", { tiles: [code] }));
    }
    add(shown.length && shown.length === (v.hand || []).length
      ? button(t("freeplay.hideHand"), { type: "free_reveal", tile: null, show: false }, state, "fp-hide-hand")
      : button(t("freeplay.showHand"), { type: "free_reveal", tile: null, show: true }, state, "fp-show-hand"));
    if (offered !== null && tb.last_discard !== null && tb.last_discard !== undefined) {
      add(button(t("freeplay.take"), { type: "free_take", tile: offered, source: "pond", index: tb.last_discard }, state, "fp-take-discard", { tiles: [offered] }));
    }
    groups.forEach((g, i) => {
      const last = (g.tiles || [])[g.tiles.length - 1];
      if (last !== undefined) add(button(t("freeplay.take"), { type: "free_take", tile: last, source: "group", index: i }, state, `fp-take-group-${i}`, { tiles: [last] }));
    });
  }
  add(button(t("freeplay.pass"), { type: "free_pass" }, state, "fp-pass"));
  add(h("button", { type: "button", class: "act-btn fp-btn", "data-testid": "fp-end", disabled: !state.prompt,
    onclick: () => { form = { winner: "", from: "", points: Array((v.hand_sizes || []).length || 4).fill(0), last: false }; state.handlers.redraw(); } },
  t("freeplay.endHand")));
  return bar;
}

/** The parts for table-view.js: hand toggles, shown tiles by each seat, the centre's notes
 *  and the action bar. `state`: {view, names, prompt, handlers: {act, redraw}}. */
export function freeplayParts(state) {
  const v = state.view;
  const layout = handLayout(v);
  const key = JSON.stringify([layout, (v.table || {}).hand_number]);
  if (picks.key !== key) picks = { key, keys: [] };
  if (!state.prompt && form && v.phase === "ended") form = null;
  const me = v.seat;
  const revealed = (s) => ((v.seats_public || [])[s] || {}).revealed || [];
  const ownShown = me === null || me === undefined ? new Set() : shownKeys(layout, revealed(me));
  const name = (s) => (state.names || [])[s] || t("table.seat", { n: s + 1 });
  return {
    numbersHands: false,
    seatBadges(seat) {
      const shown = revealed(seat);
      if (!shown.length || (seat !== me && shown.length === (v.hand_sizes || [])[seat])) return null;
      return h("span", { class: "fp-revealed tiles small", "data-testid": `revealed-${seat}`, title: t("freeplay.show") }, shown.map(tileSpan));
    },
    centre() {
      const tb = v.table || {};
      return h("div", { class: "fp-centre", "data-testid": "fp-centre" },
        // While a result is proposed nobody's turn matters: the centre says so instead.
        tb.proposal && v.phase !== "ended" ? h("p", { class: "fp-proposed", "data-testid": "fp-proposed" }, t("freeplay.proposed"))
          : h("p", { "data-testid": "fp-turn" }, t("freeplay.turn", { name: name(v.turn) })),
        tb.dealt ? null : h("p", { class: "muted", "data-testid": "fp-not-dealt" }, t("freeplay.notDealt")));
    },
    actions: () => actions(state),
    handTile(code, isDrawn, k) {
      const on = picks.keys.includes(k);
      return h("button", {
        type: "button", class: `hand-tile pick${isDrawn ? " drawn" : ""}${on ? " picked" : ""}${ownShown.has(k) ? " fp-shown" : ""}`,
        "data-tile": code, "data-drawn": isDrawn ? "1" : "0", "data-picked": on ? "1" : "0", "aria-pressed": on ? "true" : "false",
        "aria-label": tileName(code),
        onclick: () => {
          picks = { key: picks.key, keys: on ? picks.keys.filter((x) => x !== k) : [...picks.keys, k] };
          state.handlers.redraw();
        },
        html: tileMarkup(code, { label: "" }),
      });
    },
  };
}
