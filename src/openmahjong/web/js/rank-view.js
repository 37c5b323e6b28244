// Ranks on the page: a rank's name, its tier icon (SVG), its point bar, the rating with its
// uncertainty, and the player page's block (GET /api/players/{id}/ranks). docs/ranks.md.

import { getJson } from "./api.js";
import { errorBox, h } from "./dom.js";
import { errorText, t } from "./i18n.js";
import "./i18n-ranks.js";
import { rulesetName } from "./rulesets.js";

const SVG = "http://www.w3.org/2000/svg";

// Each rank group's colours (fill, edge): the ladder's metals and stones, then MCR's.
const COLOURS = {
  novice: ["#9fb3a6", "#5d7364"],
  adept: ["#c98a4b", "#7a4a1c"],
  expert: ["#c4ced8", "#66727e"],
  master: ["#e7c14a", "#8a6a0e"],
  saint: ["#4cbf97", "#1d6b50"],
  celestial: ["#9d6ee0", "#4b2a80"],
  level: ["#7aa6e0", "#2d5590"],
  dan: ["#e07a7a", "#8a2d2d"],
};

/** "expert-2" -> {group: "expert", level: 2}. */
export function splitRank(key) {
  const at = key.lastIndexOf("-");
  return { group: key.slice(0, at), level: Number(key.slice(at + 1)) };
}

/** A rank's name in the page's language ("expert-2" -> "Expert 2", "雀杰2"). */
export function rankName(key) {
  if (!key) return "–";
  const { group, level } = splitRank(key);
  const text = t(`rank.${group}`, { n: level });
  return text === `rank.${group}` ? key : text;
}

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** The tier icon: a shield in the group's colours, its level as pips (a number past three). */
export function rankIcon(key, size = 36) {
  const { group, level } = splitRank(key || "novice-1");
  const [fill, edge] = COLOURS[group] || COLOURS.novice;
  const icon = svg("svg", { viewBox: "0 0 40 44", width: size, height: size * 1.1, class: "rank-icon",
    role: "img", "aria-label": rankName(key), "data-group": group });
  icon.append(svg("path", { d: "M20 2 L37 8 V22 C37 32 29 39 20 42 C11 39 3 32 3 22 V8 Z", fill, stroke: edge, "stroke-width": 2.5 }));
  icon.append(svg("path", { d: "M20 9 L23 16 L31 17 L25 22 L27 30 L20 26 L13 30 L15 22 L9 17 L17 16 Z", fill: "#fff", opacity: 0.85 }));
  if (level <= 3) {
    for (let i = 0; i < level; i++) {
      const x = 20 + (i - (level - 1) / 2) * 7;
      icon.append(svg("circle", { cx: x, cy: 36, r: 2.4, fill: edge }));
    }
  } else {
    const label = svg("text", { x: 20, y: 38.5, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: edge });
    label.textContent = String(level);
    icon.append(label);
  }
  return icon;
}

/** The point bar of a rank (points out of its bar), as a labelled progress bar. */
export function pointBar(r) {
  const celestial = r.group === "celestial";
  const shown = (v) => (celestial ? (v / 100).toFixed(1) : String(v));
  const text = r.bar === null || r.bar === undefined
    ? t("rank.top", { points: shown(r.points) })
    : t(celestial ? "rank.soul" : "rank.points", { points: shown(r.points), bar: shown(r.bar) });
  const bar = h("progress", { class: "rank-bar", max: String(r.bar || Math.max(r.points, 1)), value: String(r.points), "aria-label": text });
  return h("div", { class: "rank-progress" }, bar, h("span", { class: "rank-points" }, text));
}

/** "Rating 27.3 ± 4.1". */
export function ratingText(mu, sigma) {
  return t("rank.rating", { mu: mu.toFixed(1), twoSigma: (2 * sigma).toFixed(1) });
}

function rankCard(r) {
  return h("li", { class: "rank-card", "data-testid": `rank-${r.ruleset}` },
    rankIcon(r.rank, 44),
    h("div", { class: "rank-card-body" },
      h("p", { class: "rank-card-title" }, h("strong", {}, rulesetName(r.ruleset)), " · ", h("span", { class: "rank-name" }, rankName(r.rank))),
      pointBar(r),
      h("p", { class: "rank-rating", title: t("rank.ratingHelp", { ordinal: r.ordinal.toFixed(1) }) }, ratingText(r.mu, r.sigma)),
      h("p", { class: "help" }, t("rank.games", { ranked: r.ranked_games, games: r.games }))));
}

/** The player page's block: a card per ruleset with the rank and rating. */
export function playerRanksSection(playerId) {
  const body = h("div", { "aria-live": "polite" }, h("p", { class: "muted" }, t("common.working")));
  const section = h("section", { class: "panel", "aria-labelledby": "ranks-h", "data-testid": "ranks" },
    h("h2", { id: "ranks-h" }, t("rank.title")), body);
  getJson(`/api/players/${encodeURIComponent(playerId)}/ranks`).then((data) => {
    const cards = h("ul", { class: "rank-cards" }, data.ranks.map(rankCard));
    if (data.mcrpl_eligible) body.replaceChildren(cards, h("p", { class: "badge", "data-testid": "mcrpl" }, t("rank.mcrpl")));
    else body.replaceChildren(cards);
  }, (err) => body.replaceChildren(errorBox(errorText(err))));
  return section;
}
