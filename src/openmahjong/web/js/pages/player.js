// A player's page (GET /api/players/{id}): statistics, ratings and recent games. "#/player"
// alone opens the signed-in player's page, or a form to find someone by name.

import { getJson } from "../api.js";
import { errorBox, field, h } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { currentUser } from "../session.js";
import { rulesetName } from "../rulesets.js";
import { gamesTable } from "./games-list.js";
import { myBookmarks } from "../bookmarks.js";
import { playerRanksSection } from "../rank-view.js";
import { playerStatsSection } from "../stats-view.js";
import { playerEventsSection } from "../profile-events.js";

let query = "";

/** A player's id from a name: the seats of their finished games carry it. */
async function findId(text) {
  if (/^\d+$/.test(text)) return Number(text);
  const page = await getJson(`/api/games?limit=1&player=${encodeURIComponent(text)}`);
  const key = text.toLowerCase();
  for (const g of page.games) for (const s of g.seats) if (s.player_id && s.name.toLowerCase() === key) return s.player_id;
  return null;
}

function finder(main) {
  const out = h("div", { "aria-live": "polite" });
  const input = h("input", { name: "player", value: query, oninput: (e) => { query = e.target.value; } });
  return h("section", { class: "panel", "aria-labelledby": "find-h" }, h("h2", { id: "find-h" }, t("profile.find")),
    h("form", {
      class: "inline-form",
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          const id = await findId(query.trim());
          if (id === null) out.replaceChildren(errorBox(t("profile.notFound", { name: query.trim() })));
          else window.location.hash = `#/player/${id}`;
        } catch (err) {
          out.replaceChildren(errorBox(errorText(err)));
        }
      },
    }, field(t("profile.findLabel"), input), h("button", { type: "submit", class: "primary" }, t("profile.findButton"))),
    out);
}

function statsBlock(stats) {
  const rows = [["", stats], ...Object.entries(stats.by_ruleset || {})];
  return h("div", { class: "table-scroll" }, h("table", { class: "stats", "data-testid": "stats" },
    h("thead", {}, h("tr", {}, h("th", {}, t("games.ruleset")), h("th", {}, t("profile.games")), h("th", {}, t("profile.avg")),
      h("th", {}, t("profile.placements")))),
    h("tbody", {}, rows.map(([name, s]) => h("tr", {},
      h("td", {}, name ? rulesetName(name) : "∑"),
      h("td", {}, String(s.games)),
      h("td", {}, s.average_placement === null || s.average_placement === undefined ? "–" : String(s.average_placement)),
      h("td", {}, Object.entries(s.placements || {}).map(([p, n]) => `${p}: ${n}`).join(" · ") || "–"))))));
}

export async function render(main, route) {
  if (!route.id) {
    const user = await currentUser();
    if (user) {
      window.location.replace(`#/player/${user.id}`);
      return;
    }
    main.append(h("h1", {}, route.title), finder(main));
    return;
  }
  const out = h("div", {}, h("p", { class: "muted" }, t("common.working")));
  main.append(h("h1", {}, route.title), out);
  try {
    const p = await getJson(`/api/players/${encodeURIComponent(route.id)}?games=20`);
    main.querySelector("h1").textContent = t("profile.title", { name: p.name });
    out.replaceChildren(...[
      h("p", { class: "lead" }, t("profile.lead"), p.is_guest ? ` ${t("profile.guestNote")}` : ""),
      h("section", { class: "panel" }, h("h2", {}, t("profile.games")), statsBlock(p.stats),
        p.stats.supplied_seed_games ? h("p", { class: "help", "data-testid": "seed-excluded" }, t("seed.excluded", { n: p.stats.supplied_seed_games })) : null,
        p.stats.casual_games ? h("p", { class: "help", "data-testid": "casual-excluded" }, t("casual.excluded", { n: p.stats.casual_games })) : null),
      playerStatsSection(p.id),
      playerRanksSection(p.id), // rank (tier icon, level, point bar) and rating ± 2σ per ruleset
      playerEventsSection(p.id), // the events registered for or played in
      h("section", { class: "panel" }, h("h2", {}, t("profile.recent")),
        p.recent_games.length ? gamesTable(p.recent_games) : h("p", { class: "muted" }, t("profile.noGames"))),
      finder(main)].filter(Boolean)); // a player without ratings has no ratings panel (null)
    // One's own page lists one's favourites and private notes (nobody else sees them).
    const me = await currentUser();
    if (me && me.id === p.id) out.insertBefore(await myBookmarks(), out.lastChild);
  } catch (err) {
    out.replaceChildren(errorBox(errorText(err)), finder(main));
  }
}
