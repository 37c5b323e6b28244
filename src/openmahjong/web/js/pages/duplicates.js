// A duplicate set (GET /api/duplicates/{key}): its state, commitment, tables, and once it has
// closed the master seed and every table side by side, hand by hand (who won what on the same
// wall). "#/duplicates" alone: open a set by key, or create one (signed in).

import "../i18n-records.js";
import { getJson, postJson } from "../api.js";
import { errorBox, field, h } from "../dom.js";
import { errorText, presetName, t } from "../i18n.js";
import { rulesetName } from "../rulesets.js";
import { currentUser } from "../session.js";
import { handLabel } from "./replay.js";

let keyInput = "";

function finder() {
  const input = h("input", { name: "key", value: keyInput, spellcheck: "false", oninput: (e) => { keyInput = e.target.value; } });
  return h("section", { class: "panel" }, h("h2", {}, t("dup.find")),
    h("form", { class: "inline-form", onsubmit: (e) => { e.preventDefault(); if (keyInput.trim()) window.location.hash = `#/duplicates/${encodeURIComponent(keyInput.trim())}`; } },
      field(t("dup.findLabel"), input), h("button", { type: "submit", class: "primary" }, t("dup.findButton"))));
}

async function creator() {
  const user = await currentUser();
  if (!user || user.is_guest) return h("section", { class: "panel" }, h("h2", {}, t("dup.create")), h("p", { class: "muted" }, t("dup.signIn")));
  const form = { name: "", ruleset: "riichi", preset: "majsoul-hanchan" };
  const out = h("div", { "aria-live": "polite" });
  const input = (name) => h("input", { name, value: form[name], oninput: (e) => { form[name] = e.target.value; } });
  return h("section", { class: "panel" }, h("h2", {}, t("dup.create")),
    h("form", { onsubmit: async (e) => {
      e.preventDefault();
      try {
        const made = await postJson("/api/duplicates", form);
        window.location.hash = `#/duplicates/${made.key}`;
      } catch (err) {
        out.replaceChildren(errorBox(errorText(err)));
      }
    } },
    field(t("dup.name"), input("name")), field(t("games.ruleset"), input("ruleset")), field(t("dup.preset"), input("preset")),
    h("button", { type: "submit", class: "primary" }, t("dup.createButton"))), out);
}

function winText(w) {
  const value = w.value === null || w.value === undefined ? "" : String(w.value);
  return t(w.han ? "dup.wonHan" : "dup.won", { name: w.name, value, han: w.han });
}

function handCell(cell) {
  if (!cell) return h("div", { class: "dup-cell muted" }, t("dup.notPlayed"));
  const wins = cell.wins.map((w) => h("li", {}, winText(w), " · ",
    w.from_name ? t("dup.ron", { name: w.from_name }) : t("dup.tsumo")));
  return h("div", { class: "dup-cell" },
    h("p", { class: "dup-label" }, cell.label ? handLabel(cell.label) : ""),
    wins.length ? h("ul", {}, wins) : h("p", { class: "muted" }, t("dup.drawn", { reason: cell.reason || "–" })),
    h("p", { class: "help dup-deltas" }, cell.deltas.map((d) => (d > 0 ? `+${d}` : String(d))).join(" / ")));
}

function tableCard(table, n, closed) {
  const seats = table.seats.map((s) => h("li", {}, s.name, s.is_bot ? h("span", { class: "muted" }, ` (${t("dup.bot")})`) : "",
    closed && s.placement ? ` · ${s.placement}. ${s.score}` : ""));
  return h("div", { class: "dup-table", "data-testid": "dup-table" },
    h("h3", {}, t("dup.table", { n }), " ", h("span", { class: "muted" }, `#${table.game_id} · ${t(`dup.status.${table.status}`)}`)),
    h("ol", { class: "dup-seats" }, seats),
    closed ? h("p", {},
      h("a", { href: `#/replay/${table.game_id}` }, t("dup.replay")), " · ",
      h("span", { class: table.commitment_ok ? "ok" : "danger" }, table.commitment_ok ? `✓ ${t("dup.commitOk")}` : `✗ ${t("dup.commitBad")}`)) : null);
}

function setView(set) {
  const closed = set.state === "closed";
  const finished = set.tables.filter((tb) => tb.status === "finished");
  const facts = [
    [t("dup.state"), h("strong", { "data-testid": "dup-state" }, t(`dup.state.${set.state}`))],
    [t("dup.rules"), `${rulesetName(set.ruleset)} · ${presetName(set.preset)}`],
    [t("dup.organiser"), set.organiser || "–"],
    [t("dup.key"), h("code", {}, set.key)],
    set.closes_at ? [t("dup.closesAt"), new Date(set.closes_at).toLocaleString()] : null,
    [t("dup.commitment"), h("code", { class: "wrap" }, set.commitment)],
    [t("dup.salt"), h("code", { class: "wrap" }, set.salt)],
    [t("dup.seed"), set.master_seed
      ? h("span", {}, h("code", { class: "wrap", "data-testid": "dup-seed" }, set.master_seed), " ",
        h("a", { href: `#/tools/seed?seed=${encodeURIComponent(set.master_seed)}&salt=${encodeURIComponent(set.salt)}&commitment=${encodeURIComponent(set.commitment)}&ruleset=${encodeURIComponent(set.ruleset)}` }, t("dup.verify")))
      : h("span", { class: "muted" }, t("dup.seedSecret"))],
  ].filter(Boolean);
  return [
    h("p", { class: "lead" }, t("dup.lead")),
    h("section", { class: "panel" }, h("dl", { class: "dup-facts" }, facts.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
      set.state === "open" ? h("p", { class: "help" }, t("dup.keyHelp")) : null),
    h("section", { class: "panel" }, h("h2", {}, t("dup.tables")),
      set.tables.length
        ? h("div", { class: "dup-grid" }, set.tables.map((tb, i) => tableCard(tb, i + 1, closed)))
        : h("p", { class: "muted" }, t("dup.noTables"))),
    h("section", { class: "panel" }, h("h2", {}, t("dup.hands")),
      closed && set.hands.length
        ? set.hands.map((row) => h("div", { class: "dup-hand", "data-testid": "dup-hand" },
          h("h3", {}, t("dup.hand", { n: row.hand })),
          h("div", { class: "dup-grid" }, row.tables.map((cell, i) => h("div", { class: "dup-table" },
            h("p", { class: "dup-who" }, t("dup.table", { n: set.tables.findIndex((tb) => tb.game_id === finished[i].game_id) + 1 })),
            handCell(cell))))))
        : h("p", { class: "muted" }, t("dup.handsLater"))),
  ];
}

export async function render(main, route) {
  if (!route.id) {
    main.append(h("h1", {}, route.title), finder(), await creator());
    return;
  }
  const out = h("div", {}, h("p", { class: "muted" }, t("common.working")));
  main.append(h("h1", {}, route.title), out);
  try {
    const set = await getJson(`/api/duplicates/${encodeURIComponent(route.id)}`);
    main.querySelector("h1").textContent = t("dup.title", { name: set.name });
    const user = await currentUser();
    const extra = [];
    if (set.state === "open" && user) {
      const msg = h("div", { "aria-live": "polite" });
      extra.push(h("p", {}, h("button", { type: "button", class: "primary", "data-testid": "dup-open-table", onclick: async () => {
        try {
          const room = await postJson("/api/rooms", { name: set.name.slice(0, 64), ruleset: set.ruleset, preset: set.preset, duplicate_key: set.key });
          window.location.hash = `#/room/${room.id}`;
        } catch (err) {
          msg.replaceChildren(errorBox(errorText(err)));
        }
      } }, t("dup.openTable"))), msg);
    }
    out.replaceChildren(...setView(set), ...extra);
  } catch (err) {
    out.replaceChildren(errorBox(errorText(err)), finder());
  }
}
