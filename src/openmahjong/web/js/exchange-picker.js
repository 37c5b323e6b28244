// Sichuan's two choices before play, as controls (plain data in, DOM out; no socket):
//
// - the exchange: a prompt whose `choice` is {type: "exchange", count, same_suit, suggested}
//   lists no actions (docs/protocol.md, "Choices"). The own hand's tiles become toggles; the
//   suggested tiles start chosen; Confirm sends {type: choice.type, tiles} once `count` tiles
//   of one suit are chosen. The selection is kept by the page (`pick`: positions in the hand
//   as drawn, which do not move while the prompt is open).
// - the void: a prompt listing {type: "void", suit} actions, the first the server's
//   suggestion (the suit with fewest tiles); three suit buttons, the suggestion marked. The
//   tiles just received stand out in the hand, with where they came from.
//
// handParts(state) -> {actions(), handTile(code, isDrawn, k, button)} for table-view.js (state.parts),
// given state.pick ({seq, keys}) and state.handlers.pick(keys).

import { h } from "./dom.js";
import { t, tileName } from "./i18n.js";
import { compareTiles } from "./tiles.js";
import { tileMarkup } from "./tile-svg.js";
import { drawnTile } from "./table-view.js";
import { directionWord, giverOf, ownVoidDeclared, suitOf, suitTile, suitWord } from "./sichuan-view.js";

/** The prompt's exchange choice, or null. */
export function exchangeChoice(prompt) {
  const choice = prompt && prompt.choice;
  return choice && choice.type === "exchange" ? choice : null;
}

/** The prompt's void declarations ({type: "void", suit}), the suggested first, or []. */
export function voidActions(prompt) {
  return ((prompt && prompt.actions) || []).filter((a) => a.type === "void");
}

/** The own hand as table-view.js lays it out: sorted, the drawn tile last (position k is the
 *  k-th button). */
export function handLayout(view) {
  const hand = [...(view.hand || [])];
  const drawn = drawnTile(view);
  if (drawn !== null) hand.splice(hand.lastIndexOf(drawn), 1);
  hand.sort(compareTiles);
  return drawn !== null ? [...hand, drawn] : hand;
}

/** Positions of the suggested tiles in the layout (each copy once). */
export function suggestedKeys(layout, suggested) {
  const used = new Set();
  const keys = [];
  for (const code of suggested || []) {
    const k = layout.findIndex((c, i) => c === code && !used.has(i));
    if (k >= 0) {
      used.add(k);
      keys.push(k);
    }
  }
  return keys;
}

/** The selection after tapping position `k`: off if chosen; else on, starting over when it is
 *  of another suit (the choice is of one suit) or the count is reached. */
export function toggled(layout, keys, k, choice) {
  if (keys.includes(k)) return keys.filter((x) => x !== k);
  const suit = suitOf(layout[k]);
  const sameSuit = keys.filter((x) => !choice.same_suit || suitOf(layout[x]) === suit);
  if (sameSuit.length !== keys.length) return [k];
  return sameSuit.length >= choice.count ? [...sameSuit.slice(1), k] : [...sameSuit, k];
}

/** The tiles chosen, when they make a valid exchange; else null. */
export function chosenTiles(layout, keys, choice) {
  const tiles = keys.map((k) => layout[k]).filter((c) => c !== undefined);
  if (tiles.length !== choice.count) return null;
  if (choice.same_suit && new Set(tiles.map(suitOf)).size !== 1) return null;
  return tiles;
}

function tileSpan(code) {
  return h("span", { class: "tile-holder", html: tileMarkup(code, { label: "" }) });
}

function exchangeBar(state, choice, layout, keys) {
  const tiles = chosenTiles(layout, keys, choice);
  // Sichuan passes three of one suit; Asura (same_suit: false) any three.
  const lead = choice.same_suit === false ? t("sc.exchangeLeadAny") : t("sc.exchangeLead");
  const suggested = suggestedKeys(layout, choice.suggested);
  const isSuggested = keys.length === suggested.length && keys.every((k) => suggested.includes(k));
  return h("div", { class: "actions sc-picker", "data-testid": "exchange-picker", role: "group", "aria-label": lead },
    h("p", { class: "sc-lead" }, lead, " ",
      h("strong", { "data-testid": "exchange-count" }, t("sc.exchangeCount", { n: keys.length, count: choice.count })),
      keys.length === choice.count && !tiles ? h("span", { class: "sc-warn" }, ` ${t("sc.exchangeOneSuit")}`) : null),
    h("button", {
      type: "button", class: "act-btn act-suggested", "data-action": "exchange-suggested", disabled: isSuggested,
      onclick: () => state.handlers.pick(suggested),
    }, t("sc.exchangeSuggested"), h("span", { class: "tiles small" }, (choice.suggested || []).map(tileSpan))),
    h("button", {
      type: "button", class: "act-btn act-exchange primary", "data-action": "exchange", "data-testid": "exchange-confirm",
      disabled: !tiles, onclick: () => tiles && state.handlers.act({ type: choice.type, tiles }),
    }, t("sc.exchangeConfirm"), tiles ? h("span", { class: "tiles small" }, tiles.map(tileSpan)) : null));
}

/** Where the tiles came from: "You received 2p 3p 8p from B (counter-clockwise)." */
function receivedLine(state) {
  const v = state.view;
  const own = v.own || {};
  const direction = (v.table || {}).exchange_direction;
  if (!direction || !(own.received || []).length) return null;
  const giver = giverOf(v.seat, direction, (v.points || []).length || 4);
  const name = (s) => (state.names || [])[s] || t("table.seat", { n: s + 1 });
  return h("p", { class: "sc-received", "data-testid": "received-line", "data-direction": direction },
    t("sc.received", { who: name(giver), dir: directionWord(direction) }), " ",
    h("span", { class: "tiles small", "aria-label": own.received.map(tileName).join(", ") }, own.received.map(tileSpan)));
}

function voidBar(state, acts) {
  const suggested = acts[0] && acts[0].suit;
  return h("div", { class: "actions sc-void", "data-testid": "void-picker", role: "group", "aria-label": t("sc.voidLead") },
    receivedLine(state),
    h("p", { class: "sc-lead" }, t("sc.voidLead")),
    ["m", "p", "s"].map((suit) => {
      const action = acts.find((a) => a.suit === suit);
      if (!action) return null;
      const mark = suit === suggested;
      return h("button", {
        type: "button", class: `act-btn act-void void-${suit}${mark ? " suggested" : ""}`, "data-action": `void-${suit}`,
        "data-suggested": mark ? "1" : "0",
        onclick: () => {
          // No event tells the seat's own declaration until all four have declared: the view
          // shows it at once, as the engine's own view does.
          ownVoidDeclared(state.view, suit);
          state.handlers.act(action);
        },
      }, h("span", { class: "tiles small" }, tileSpan(suitTile(suit))), suitWord(suit),
      mark ? h("span", { class: "sc-mark" }, `★ ${t("sc.voidSuggested")}`) : null);
    }));
}

function waitingBar(state) {
  const stage = (state.view.table || {}).stage;
  if (stage !== "exchange" && stage !== "void") return null;
  return h("div", { class: "actions sc-waiting", "data-testid": "sc-waiting", role: "status" },
    stage === "void" ? receivedLine(state) : null,
    h("p", { class: "sc-lead muted" }, t(stage === "exchange" ? "sc.exchangeWaiting" : "sc.voidWaiting")));
}

/** The pieces of the own hand and the prompt area (table-view.js state.parts). */
export function handParts(state) {
  const v = state.view;
  const prompt = state.prompt;
  const choice = exchangeChoice(prompt);
  const layout = handLayout(v);
  const keys = choice && state.pick && state.pick.seq === prompt.seq ? state.pick.keys : choice ? suggestedKeys(layout, choice.suggested) : [];
  const stage = (v.table || {}).stage;
  const own = v.own || {};
  // The tiles received stand out until the seat's first discard of the hand.
  const marks = [...(stage === "void" || (stage === "play" && !((v.discards || [])[v.seat] || []).length) ? own.received || [] : [])];
  return {
    actions() {
      if (choice) return exchangeBar(state, choice, layout, keys);
      const acts = voidActions(prompt);
      if (acts.length) return voidBar(state, acts);
      return prompt ? null : waitingBar(state);
    },
    handTile(code, isDrawn, k, button) {
      if (choice) {
        const on = keys.includes(k);
        return h("button", {
          type: "button", class: `hand-tile playable pick${on ? " picked" : ""}${isDrawn ? " drawn" : ""}`,
          "data-tile": code, "data-key": k, "data-picked": on ? "1" : "0", "aria-pressed": on ? "true" : "false",
          "aria-label": tileName(code), onclick: () => state.handlers.pick(toggled(layout, keys, k, choice)),
          html: tileMarkup(code, { label: "" }),
        });
      }
      const at = marks.indexOf(code);
      if (at < 0 || !button) return button;
      marks.splice(at, 1);
      button.classList.add("received"); // still the usual button: it discards in play
      button.dataset.received = "1";
      return button;
    },
  };
}
