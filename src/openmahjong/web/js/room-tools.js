// The bar under the live table, from plain data: the auto options, the sound switch, and help
// while ready (the waits with how many of each are still unseen, the furiten badge).
//
// roomTools({view, rules, options, sound, waiting}, {auto(key, on), sound(on)})
//   view     the seat's view (a spectator's has seat null: no auto options, no help)
//   rules    the ruleset's client data (its `shapes` add to the waits' shapes: MCR's knitted)
//   options  the auto options (auto-play.js): {win, noCalls, riichi}
//   sound    whether sound is on; waiting: true once Continue is pressed and others still read

import { h } from "./dom.js";
import { t, tileName } from "./i18n.js";
import { tileMarkup } from "./tile-svg.js";
import { waitsHelp } from "./waits.js";

/** A labelled checkbox (a touch target of the full label). */
function toggle(testid, label, on, change) {
  return h("label", { class: "tool-toggle" },
    h("input", { type: "checkbox", "data-testid": testid, checked: on, onchange: (e) => change(e.target.checked) }),
    h("span", {}, label));
}

/** Waits and furiten while the hand is ready (13 - 3k tiles: not the seat's turn to discard). */
export function helpPanel(view, rules) {
  const furiten = !!(view.own && view.own.furiten);
  const waits = waitsHelp(view, rules);
  if (!waits.length && !furiten) return null;
  return h("div", { class: "help-ready", "data-testid": "waits-help" },
    waits.length ? [h("span", { class: "muted" }, t("help.waits")),
      waits.map((w) => h("span", { class: `wait${w.left ? "" : " dead"}`, "data-tile": w.tile, "data-left": w.left },
        h("span", { class: "tile-holder", html: tileMarkup(w.tile, { label: tileName(w.tile) }) }),
        h("span", { class: "wait-left" }, t("help.left", { n: w.left }))))] : null,
    furiten ? h("span", { class: "badge furiten-badge", "data-testid": "furiten", title: t("help.furitenTitle") }, t("help.furiten")) : null);
}

export function roomTools(state, handlers) {
  const view = state.view || {};
  const seated = view.seat !== null && view.seat !== undefined;
  const o = state.options || {};
  return h("div", { class: "room-tools", "data-testid": "room-tools" },
    seated ? h("div", { class: "auto-bar", role: "group", "aria-label": t("auto.bar") },
      toggle("auto-win", t("auto.win"), !!o.win, (on) => handlers.auto("win", on)),
      toggle("auto-no-calls", t("auto.noCalls"), !!o.noCalls, (on) => handlers.auto("noCalls", on)),
      // Only a ruleset with riichi sticks has riichi (its client data; MCR and Sichuan do not).
      ((state.rules || {}).table || {}).sticks === false ? null
        : toggle("auto-riichi", t("auto.riichi"), !!o.riichi, (on) => handlers.auto("riichi", on))) : null,
    toggle("sound", t("sound.on"), !!state.sound, (on) => handlers.sound(on)),
    seated ? helpPanel(view, state.rules) : null,
    state.waiting ? h("p", { class: "muted", "data-testid": "waiting-others", role: "status" }, t("result.waitingOthers")) : null);
}
