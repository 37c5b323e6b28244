// Statistics drawn as panels: a player's per ruleset (tabs, on the player page) and the
// platform's (#/stats). Data from /api/stats/players/{id} and /api/stats/platform
// (docs/statistics.md); charts from charts.js.

import { getJson } from "./api.js";
import { barChart, donutChart, lineChart } from "./charts.js";
import { errorBox, h } from "./dom.js";
import { errorText, lang, presetName, t } from "./i18n.js";
import "./i18n-stats.js";
import { mcrFanName } from "./mcr-fan-names.js";
import { rulesetName } from "./rulesets.js";
import { sichuanYakuName } from "./sichuan-yaku-names.js";
import { yakuName } from "./yaku-names.js";

const pct = (v) => (v === null || v === undefined ? "–" : `${Math.round(v * 1000) / 10}%`);
const num = (v) => (v === null || v === undefined ? "–" : String(v));

/** A yaku or fan in the page's language, by ruleset. */
export function handName(ruleset, name) {
  if (ruleset === "mcr") return mcrFanName(name, lang());
  if (ruleset === "sichuan") return sichuanYakuName(name, lang());
  return yakuName(name, lang());
}

function valueText(ruleset, v) {
  if (v === null || v === undefined) return "–";
  return ruleset === "mcr" ? t("stats.fan", { v }) : t("stats.points", { v });
}

function figures(ruleset, s) {
  const rows = [
    ["stats.games", num(s.games)],
    ["stats.avgPlace", num(s.average_placement)],
    ["stats.hands", num(s.hands)],
    ["stats.winRate", pct(s.win_rate)],
    ["stats.dealInRate", pct(s.deal_in_rate)],
    s.riichi_rate !== null ? ["stats.riichiRate", pct(s.riichi_rate)] : null,
    ["stats.callRate", pct(s.call_rate)],
    ["stats.tsumoShare", pct(s.tsumo_share)],
    ["stats.avgWin", valueText(ruleset, s.average_win_value)],
    ["stats.avgDealIn", valueText(ruleset, s.average_deal_in_value)],
    s.draw_tenpai_rate !== null ? ["stats.tenpaiRate", pct(s.draw_tenpai_rate)] : null,
  ].filter(Boolean);
  return h("dl", { class: "stat-figures", "data-testid": "stat-figures" },
    rows.map(([key, value]) => h("div", { class: "stat-figure" }, h("dt", {}, t(key)), h("dd", {}, value))));
}

function bestHands(ruleset, best) {
  if (!best.length) return null;
  return h("div", { class: "table-scroll" }, h("table", { class: "stats", "data-testid": "best-hands" },
    h("caption", {}, t("stats.best")),
    h("thead", {}, h("tr", {}, h("th", {}, t("stats.bestValue")), h("th", {}, t("stats.bestHand")),
      h("th", {}, t("stats.bestYaku")), h("th", {}, t("stats.replay")))),
    h("tbody", {}, best.map((b) => h("tr", {},
      h("td", {}, valueText(ruleset, b.value)),
      h("td", {}, b.label ?? "–"),
      h("td", {}, (b.yaku || b.fans || []).map((y) => handName(ruleset, y[0])).join(" · ")),
      h("td", {}, h("a", { href: `#/replay/${b.game_id}` }, `#${b.game_id}`)))))));
}

function historyBlock(history) {
  if (!history.available) return h("p", { class: "help" }, t("stats.historyMissing"));
  if (!history.points.length) return h("p", { class: "help", "data-testid": "no-history" }, t("stats.noHistory"));
  const points = history.points.map((p, n) => ({ label: String(n + 1), value: p.rating }));
  const last = history.points[history.points.length - 1];
  return h("div", {}, lineChart(t("stats.rating"), points),
    h("p", { class: "help" }, `${t("stats.rank")}: ${last.rank} (${last.rank_points})`));
}

function rulesetPanel(ruleset, s) {
  const places = Object.entries(s.placements).map(([p, n]) => ({ label: t("stats.place", { n: p }), value: n }));
  const won = s.counts.wins;
  const dealt = s.counts.deal_ins;
  const outcomes = [
    { label: t("stats.won"), value: won },
    { label: t("stats.dealtIn"), value: dealt },
    { label: t("stats.other"), value: Math.max(0, s.hands - won - dealt) },
  ];
  const yaku = s.yaku.slice(0, 10).map((y) => ({ label: handName(ruleset, y.name), value: y.wins }));
  return [
    figures(ruleset, s),
    h("div", { class: "chart-grid" },
      barChart(t("stats.placements"), places),
      donutChart(t("stats.outcomes"), outcomes, { centre: String(s.hands) }),
      yaku.length ? barChart(t("stats.yaku"), yaku, { horizontal: true }) : null,
      historyBlock(s.history)),
    bestHands(ruleset, s.best_hands),
  ];
}

/** Tabs, one per ruleset (arrow keys move between them, as the ARIA tabs pattern says). */
function tabs(entries) {
  const list = h("div", { role: "tablist", class: "tabs", "aria-label": t("stats.byRuleset") });
  const panel = h("div", { role: "tabpanel", class: "tab-panel", tabindex: "0" });
  const buttons = entries.map(([ruleset], n) => h("button", {
    type: "button", role: "tab", id: `stats-tab-${ruleset}`, "data-ruleset": ruleset,
    onclick: () => select(n), onkeydown: (e) => {
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        const next = (n + (e.key === "ArrowRight" ? 1 : entries.length - 1)) % entries.length;
        select(next);
        buttons[next].focus();
      }
    },
  }, rulesetName(ruleset)));
  function select(n) {
    buttons.forEach((b, k) => {
      b.setAttribute("aria-selected", String(k === n));
      b.tabIndex = k === n ? 0 : -1;
    });
    panel.setAttribute("aria-labelledby", buttons[n].id);
    panel.replaceChildren(...rulesetPanel(...entries[n]).filter(Boolean));
  }
  list.append(...buttons);
  select(0);
  return [list, panel];
}

/** The player page's statistics section (it fills itself in when the answer comes). */
export function playerStatsSection(playerId) {
  const body = h("div", { "aria-live": "polite" }, h("p", { class: "muted" }, t("common.working")));
  const section = h("section", { class: "panel stats-panel", "data-testid": "player-stats", "aria-labelledby": "stats-h" },
    h("h2", { id: "stats-h" }, t("stats.byRuleset")), body);
  getJson(`/api/stats/players/${encodeURIComponent(playerId)}`).then((data) => {
    const entries = Object.entries(data.rulesets);
    body.replaceChildren(...(entries.length ? tabs(entries) : [h("p", { class: "muted" }, t("stats.none"))]));
  }).catch((err) => body.replaceChildren(errorBox(errorText(err))));
  return section;
}

/** The platform page (#/stats). */
export async function renderPlatform(main, route) {
  const out = h("div", {}, h("p", { class: "muted" }, t("common.working")));
  main.append(h("h1", {}, route.title), h("p", { class: "lead" }, t("stats.lead")), out);
  const days = 30;
  try {
    const p = await getJson(`/api/stats/platform?days=${days}`);
    const short = (day) => day.slice(5);
    const mix = p.rulesets.map((r) => ({ label: rulesetName(r.ruleset), value: r.games }));
    out.replaceChildren(
      h("dl", { class: "stat-figures", "data-testid": "platform-figures" },
        h("div", { class: "stat-figure" }, h("dt", {}, t("stats.total")), h("dd", {}, String(p.games))),
        h("div", { class: "stat-figure" }, h("dt", {}, t("stats.length")),
          h("dd", {}, p.average_game.hands === null ? "–" : t("stats.lengthValue", p.average_game))),
        h("div", { class: "stat-figure" }, h("dt", {}, t("stats.botShare")), h("dd", {}, pct(p.bot_share.games))),
        h("div", { class: "stat-figure" }, h("dt", {}, t("stats.botSeats")), h("dd", {}, pct(p.bot_share.seats)))),
      h("div", { class: "chart-grid", "data-testid": "platform-charts" },
        barChart(t("stats.gamesPerDay", { n: days }), p.days.map((d) => ({ label: short(d.day), value: d.games }))),
        lineChart(t("stats.activePerDay"), p.days.map((d) => ({ label: short(d.day), value: d.active_players }))),
        barChart(t("stats.activePerWeek"), p.weeks.map((w) => ({ label: short(w.week), value: w.active_players }))),
        mix.length ? donutChart(t("stats.rulesetMix"), mix, { centre: String(p.games) }) : null),
      p.presets.length ? h("div", { class: "table-scroll" }, h("table", { class: "stats", "data-testid": "preset-mix" },
        h("caption", {}, t("stats.presetMix")),
        h("thead", {}, h("tr", {}, h("th", {}, t("games.ruleset")), h("th", {}, t("stats.preset")), h("th", {}, t("stats.games")))),
        h("tbody", {}, p.presets.map((x) => h("tr", {}, h("td", {}, rulesetName(x.ruleset)),
          h("td", {}, x.preset ? presetName(x.preset) : "–"), h("td", {}, String(x.games))))))) : null);
  } catch (err) {
    out.replaceChildren(errorBox(errorText(err)));
  }
}
