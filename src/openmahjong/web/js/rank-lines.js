// The lobby's ranked lines: one quick-match link per room tier (Bronze ... Throne) of the chosen
// ruleset and preset; a tier above the player's rank is shown locked, saying the rank it needs
// (GET /api/ranks/{ruleset} for the gates, /api/players/{id}/ranks for the player's rank).

import { getJson } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import "./i18n-ranks.js";
import { rankIcon, rankName } from "./rank-view.js";

const TIERS = ["bronze", "silver", "gold", "jade", "throne"];
// A small padlock drawn as SVG (an emoji may have no glyph in the reader's fonts).
const LOCK = '<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" class="lock-icon">'
  + '<rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor"/>'
  + '<path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" stroke-width="1.8"/></svg>';
const ladders = {}; // ruleset -> its ladder (gates, first rank), fetched once

function ladder(ruleset) {
  if (!ladders[ruleset]) {
    ladders[ruleset] = getJson(`/api/ranks/${encodeURIComponent(ruleset)}`);
    ladders[ruleset].catch(() => { delete ladders[ruleset]; });
  }
  return ladders[ruleset];
}

/** The ranked lines for `user`; `current()` gives the form's {ruleset, preset} when drawn or
 *  clicked. The lines follow the form's ruleset when it changes. */
export function rankedLines(user, current) {
  const row = h("div", { class: "button-row tier-lines", "data-testid": "tier-lines" });
  const section = h("div", { class: "tier-block" }, h("h3", {}, t("tier.lines")), row, h("p", { class: "help" }, t("tier.help")));
  const hashFor = (tier) => {
    const { ruleset, preset } = current();
    return `#/room/quick?ruleset=${encodeURIComponent(ruleset)}&preset=${encodeURIComponent(preset)}&tier=${tier}`;
  };
  let mine = null; // the player's ranks, once known (a guest has none: the first rank)
  const draw = async () => {
    const { ruleset, ranked } = current();
    if (!ranked) { row.replaceChildren(); return; } // no ladder (the listing says ranked): no ranked lines, no 404 asked for
    let lad;
    try {
      lad = await ladder(ruleset);
    } catch {
      row.replaceChildren(); // a ruleset without a ladder has no ranked lines
      return;
    }
    const own = (mine || []).find((r) => r.ruleset === ruleset);
    const yours = own ? own.rank : lad.steps[0].key;
    row.replaceChildren(...TIERS.map((tier) => {
      const needs = lad.gates[tier];
      const open = own ? own.tiers[tier].open : needs === null;
      const name = t(`tier.${tier}`);
      if (!open) {
        return h("span", { class: "button tier-locked", "aria-disabled": "true", "data-testid": `tier-${tier}`, "data-locked": "true" },
          h("span", { html: LOCK }), " ", t("tier.locked", { tier: name, rank: rankName(needs), yours: rankName(yours) }));
      }
      const link = h("a", { class: "button", href: hashFor(tier), "data-testid": `tier-${tier}`,
        onclick: () => { link.href = hashFor(tier); } }, needs ? rankIcon(needs, 16) : null, " ", t("tier.open", { tier: name }));
      return link;
    }));
  };
  const follow = (e) => {
    if (!section.isConnected) { document.removeEventListener("change", follow); return; }
    if (e.target && e.target.name === "ruleset") draw();
  };
  document.addEventListener("change", follow);
  draw();
  if (user && !user.is_guest) {
    getJson(`/api/players/${user.id}/ranks`).then((data) => { mine = data.ranks; draw(); }, () => {});
  }
  return section;
}
