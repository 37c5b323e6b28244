// #/leaderboards: the public boards (GET /api/leaderboards/{ruleset}) per ruleset, preset and
// period, by rank or by rating, a page at a time. The choice lives in the hash
// (#/leaderboards?ruleset=riichi&period=week&by=rank&page=2), so a board can be linked.

import { getJson } from "../api.js";
import { errorBox, field, h, select } from "../dom.js";
import { errorText, presetName, t } from "../i18n.js";
import "../i18n-ranks.js";
import { rankIcon, rankName, ratingText } from "../rank-view.js";
import { loadRulesets, rulesetName } from "../rulesets.js";

const LADDERS = ["riichi", "sichuan", "mcr"];
const PERIODS = ["week", "month", "all"];

function choice(route) {
  const q = route.query || new URLSearchParams();
  const ruleset = LADDERS.includes(q.get("ruleset")) ? q.get("ruleset") : "riichi";
  return {
    ruleset,
    preset: q.get("preset") || "",
    period: PERIODS.includes(q.get("period")) ? q.get("period") : "all",
    by: q.get("by") === "rating" ? "rating" : "rank",
    page: Math.max(1, Number(q.get("page")) || 1),
  };
}

function hashOf(c) {
  const q = new URLSearchParams({ ruleset: c.ruleset, period: c.period, by: c.by, page: String(c.page) });
  if (c.preset) q.set("preset", c.preset);
  return `#/leaderboards?${q}`;
}

/** "+119", "-20", "+0.2" (soul points keep one decimal). */
function signed(value, decimal) {
  const text = decimal ? value.toFixed(1) : String(value);
  return value > 0 ? `+${text}` : text;
}

function boardTable(board) {
  if (!board.entries.length) return h("p", { class: "muted", "data-testid": "board-empty" }, t("board.empty"));
  const celestial = (e) => e.group === "celestial";
  return h("div", { class: "table-scroll" }, h("table", { class: "leaderboard", "data-testid": "board" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, t("board.place")),
      h("th", { scope: "col" }, t("board.player")),
      h("th", { scope: "col" }, t("board.rank")),
      h("th", { scope: "col", class: "num" }, t("board.rankPoints")),
      h("th", { scope: "col", class: "num" }, t("board.rating")),
      h("th", { scope: "col", class: "num narrow-hide" }, t("board.games")),
      board.period === "all" && !board.preset ? null : h("th", { scope: "col", class: "num narrow-hide" }, t("board.gained")))),
    h("tbody", {}, board.entries.map((e) => h("tr", { "data-player": String(e.player_id) },
      h("td", {}, String(e.place)),
      h("td", {}, h("a", { href: `#/player/${e.player_id}` }, e.name)),
      h("td", { class: "board-rank" }, rankIcon(e.rank, 22), " ", rankName(e.rank)),
      h("td", { class: "num" }, celestial(e) ? (e.rank_points / 100).toFixed(1) : String(e.rank_points)),
      h("td", { class: "num", title: `${e.rating.toFixed(2)}` }, ratingText(e.mu, e.sigma).replace(/^[^\d-]*/, "")),
      h("td", { class: "num narrow-hide" }, String(e.games)),
      e.points_gained === null ? null : h("td", { class: "num narrow-hide" }, signed(celestial(e) ? e.points_gained / 100 : e.points_gained, celestial(e))))))));
}

export async function render(main, route) {
  const c = choice(route);
  const out = h("div", { "aria-live": "polite" }, h("p", { class: "muted" }, t("common.working")));
  let rulesets = {};
  try {
    rulesets = await loadRulesets();
  } catch {
    rulesets = {};
  }
  const presets = (rulesets[c.ruleset] || {}).presets || [];
  const go = (changes) => { window.location.hash = hashOf({ ...c, page: 1, ...changes }); };
  const form = h("form", { class: "inline-form board-form", onsubmit: (e) => e.preventDefault() },
    field(t("board.ruleset"), select(LADDERS.filter((r) => !Object.keys(rulesets).length || rulesets[r]).map((r) => [r, rulesetName(r)]), c.ruleset,
      (e) => go({ ruleset: e.target.value, preset: "" }), { name: "ruleset" })),
    field(t("board.preset"), select([["", t("board.allPresets")], ...presets.map((p) => [p, presetName(p)])], c.preset,
      (e) => go({ preset: e.target.value }), { name: "preset" })),
    field(t("board.period"), select(PERIODS.map((p) => [p, t(`board.${p}`)]), c.period,
      (e) => go({ period: e.target.value }), { name: "period" })),
    field(t("board.by"), select([["rank", t("board.byRank")], ["rating", t("board.byRating")]], c.by,
      (e) => go({ by: e.target.value }), { name: "by" })));
  main.append(h("h1", {}, t("board.title")), h("p", { class: "lead" }, t("board.lead")),
    h("section", { class: "panel" }, form, out));
  try {
    const q = new URLSearchParams({ period: c.period, by: c.by, page: String(c.page) });
    if (c.preset) q.set("preset", c.preset);
    const board = await getJson(`/api/leaderboards/${encodeURIComponent(c.ruleset)}?${q}`);
    const pager = h("nav", { class: "pager", "aria-label": t("board.title") },
      h("a", { class: "button", href: hashOf({ ...c, page: c.page - 1 }), "aria-disabled": c.page <= 1 ? "true" : false,
        hidden: c.page <= 1 ? true : false, "data-testid": "board-prev" }, t("board.prev")),
      h("span", { "data-testid": "board-page" }, t("board.page", { page: board.page, pages: board.pages, total: board.total })),
      h("a", { class: "button", href: hashOf({ ...c, page: c.page + 1 }), hidden: c.page >= board.pages ? true : false,
        "data-testid": "board-next" }, t("board.next")));
    out.replaceChildren(boardTable(board), pager);
  } catch (err) {
    out.replaceChildren(errorBox(errorText(err)));
  }
}
