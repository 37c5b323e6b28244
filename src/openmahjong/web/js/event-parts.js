// Pieces the events pages share (docs/events.md): dates, the state badge, the page links, the
// notes history and the results table. Every text from the server is shown as text.

import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import "./i18n-events.js";

export function day(iso) {
  return iso ? new Date(iso).toLocaleDateString(lang(), { dateStyle: "medium" }) : "";
}

export function when(iso) {
  return iso ? new Date(iso).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" }) : "";
}

/** "From 6 Dec 2026" or "6 Dec 2026 to 8 Dec 2026". */
export function dates(e) {
  const start = day(e.planned_start);
  return e.planned_end ? t("ev.dates", { start, end: day(e.planned_end) }) : t("ev.from", { start });
}

/** The event's state in words: its phase once approved, else its review status. */
export function stateWord(e) {
  return e.phase ? t(`ev.phase.${e.phase}`) : t(`ev.status.${e.status}`);
}

export function stateBadge(e) {
  return h("span", { class: `badge ev-state ev-${e.phase || e.status}`, "data-testid": "event-state" }, stateWord(e));
}

/** The value of a datetime-local input for an ISO time, in the browser's time zone. */
export function localInput(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An ISO time with its zone from a datetime-local value ("" stays ""). */
export function isoFromLocal(value) {
  if (!value) return "";
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** The links between the events pages; the review queue only for event admins. */
export function eventLinks(user) {
  const links = [["#/events", "ev.navList"], ["#/events/apply", "ev.navApply"]];
  if (user && !user.is_guest) links.push(["#/events/mine", "ev.navMine"]);
  if (user && (user.role === "event_admin" || user.role === "admin")) links.push(["#/events/review", "ev.navReview"]);
  const here = window.location.hash.split("?")[0];
  return h("nav", { class: "ev-links", "aria-label": t("ev.nav") },
    links.map(([href, key]) => h("a", { href, class: "button", "aria-current": here === href ? "page" : false }, t(key))));
}

/** The two-way history, oldest first: who wrote each entry, its kind, when, and its text. */
export function notesHistory(notes) {
  const box = h("section", { class: "panel", "aria-labelledby": "ev-history-h", "data-testid": "event-history" },
    h("h2", { id: "ev-history-h" }, t("ev.history")));
  if (!notes || !notes.length) {
    box.append(h("p", { class: "muted" }, t("ev.historyNone")));
    return box;
  }
  box.append(h("ol", { class: "ev-history" }, notes.map((n) => h("li", { class: n.reviewer ? "by-reviewer" : "", "data-kind": n.kind },
    h("p", { class: "ev-note-head" },
      h("strong", {}, t(`ev.kind.${n.kind}`)), " · ", n.author || "–",
      n.reviewer ? h("span", { class: "badge" }, t("ev.byReviewer")) : null,
      " · ", h("time", { datetime: n.at }, when(n.at))),
    n.text ? h("p", { class: "ev-text" }, n.text) : null))));
  return box;
}

const COLUMNS = ["rank", "player", "games", "total", "average_placement", "firsts", "best"];

/** The results rows as tables, one per ruleset (the server's order and ranks). */
export function resultsTables(rows, rulesetName) {
  if (!rows || !rows.length) return h("p", { class: "muted", "data-testid": "results-empty" }, t("ev.noResults"));
  const blocks = new Map();
  for (const row of rows) {
    if (!blocks.has(row.ruleset)) blocks.set(row.ruleset, []);
    blocks.get(row.ruleset).push(row);
  }
  return h("div", {}, [...blocks].map(([ruleset, list]) => h("div", { class: "table-scroll" },
    h("table", { class: "stats ev-results", "data-testid": "results", "data-ruleset": ruleset },
      blocks.size > 1 || rulesetName ? h("caption", {}, rulesetName ? rulesetName(ruleset) : ruleset) : null,
      h("thead", {}, h("tr", {}, COLUMNS.map((c) => h("th", { scope: "col" }, t(`ev.col.${c}`))))),
      h("tbody", {}, list.map((r) => h("tr", {}, COLUMNS.map((c) => h(c === "player" ? "th" : "td",
        c === "player" ? { scope: "row" } : {}, String(r[c]))))))))));
}

/** A signed-out visitor's line: sign in first (the account page). */
export function signInFirst() {
  return h("p", { class: "panel", "data-testid": "sign-in-first" }, t("ev.signIn"), " ",
    h("a", { href: "#/account" }, t("ev.signInLink")));
}

/** The event's rooms, oldest first: each a link to the room, its kept seats, its games. */
export function roomsList(rooms, rulesetName, presetName) {
  if (!rooms || !rooms.length) return h("p", { class: "muted" }, t("ev.noRooms"));
  const seatWord = (s) => s === null ? t("ev.freeSeat") : s;
  return h("ul", { class: "ev-rooms", "data-testid": "event-rooms" }, rooms.map((r) => h("li", { "data-room": r.id },
    h("p", {}, h("a", { href: `#/room/${r.id}`, class: "room-link" }, h("strong", {}, r.name)), " ",
      h("span", { class: "muted" }, `${rulesetName(r.ruleset)} · ${r.preset ? presetName(r.preset) : ""}`), " ",
      h("span", { class: "badge" }, t(`room.${r.status}`))),
    h("p", { class: "muted" }, t("ev.roomSeats", { seats: r.seats.map(seatWord).join(", ") })),
    r.games.length ? h("ul", { class: "ev-games" }, r.games.map((g) => h("li", { "data-game": g.id },
      h("a", { href: `#/replay/${g.id}` }, t("ev.gameLine", { id: g.id,
        seats: g.seats.map((s) => (s.score === null || s.score === undefined ? s.name : `${s.name} ${s.score}`)).join(" · ") })),
      " ", h("span", { class: "badge" }, t(`ev.game.${g.status}`))))) : null)));
}
