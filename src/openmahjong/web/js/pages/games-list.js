// A list of finished games (GET /api/games or a player's recent games) as a table of links.

import { h } from "../dom.js";
import { lang, presetName, t } from "../i18n.js";
import { rulesetName } from "../rulesets.js";

export function when(iso) {
  if (!iso) return "";
  try {
    return new Date(iso).toLocaleString(lang() === "zh" ? "zh-CN" : lang(), { dateStyle: "medium", timeStyle: "short" });
  } catch {
    return iso;
  }
}

function seatText(s) {
  const place = s.placement ? `${s.placement}. ` : "";
  const score = s.score !== null && s.score !== undefined ? ` ${s.score}` : "";
  // A seat's name can be missing (a bot seat, a deleted account): never print "null".
  const name = s.name ?? (s.is_bot ? t("room.bot") : "?");
  return `${place}${name}${s.is_bot && s.name ? ` (${t("room.bot")})` : ""}${score}`;
}

export function gamesTable(games) {
  if (!games.length) return h("p", { class: "muted" }, t("replays.none"));
  return h("div", { class: "table-scroll" }, h("table", { class: "games", "data-testid": "games" },
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("games.when")), h("th", {}, t("games.ruleset")),
      h("th", {}, t("games.players")), h("th", {}, ""))),
    h("tbody", {}, games.map((g) => h("tr", { "data-game": g.id },
      h("td", {}, String(g.id)),
      h("td", {}, when(g.finished_at || g.started_at)),
      h("td", {}, `${rulesetName(g.ruleset)}${g.preset ? ` · ${presetName(g.preset)}` : ""}${g.has_bots ? ` · ${t("replays.bots")}` : ""}`,
        g.supplied_seed ? h("span", { class: "badge seed-flag", "data-testid": "seed-flag", title: t("seed.replay") }, t("seed.gameFlag")) : null),
      h("td", {}, h("ul", { class: "seat-list" }, [...g.seats].sort((a, b) => (a.placement || 9) - (b.placement || 9)).map((s) =>
        h("li", {}, s.player_id ? h("a", { href: `#/player/${s.player_id}` }, seatText(s)) : seatText(s))))),
      h("td", {}, h("a", { class: "button", href: `#/replay/${g.id}`, "aria-label": `${t("replays.open")} ${g.id}` }, t("replays.open"))))))));
}
