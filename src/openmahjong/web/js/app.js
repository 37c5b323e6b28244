// The single-page shell: header with navigation and language switch, a hash router, the footer.
//
// Routes are "#/path?query". Each page module exports render(main, route); pages keep their
// own form state, so a language switch simply renders the current route again.

import { h } from "./dom.js";
import { initLang, lang, LANGS, setLang, t } from "./i18n.js";
import "./i18n-ranks.js"; // the leaderboards' words, their nav link among them
import "./i18n-stats.js"; // the statistics page's words, its nav link among them
import "./i18n-records.js"; // duplicate sets, favourites and notes
import "./i18n-quiz.js"; // the fan quiz, its nav link among them
import "./i18n-events.js"; // the events pages, their nav link among them
import { notifyBadge } from "./notify-badge.js";
import * as analyze from "./pages/analyze.js";
import * as home from "./pages/home.js";
import * as mcr from "./pages/mcr.js";

// The play pages load when first opened, so the start page and the tools stay light.
const account = { load: () => import("./pages/account.js") };
const admin = { load: () => import("./pages/admin.js") };
const duplicates = { load: () => import("./pages/duplicates.js") };
const events = { load: () => import("./pages/events.js") };
const eventApply = { load: () => import("./pages/event-apply.js") };
const eventMine = { load: () => import("./pages/event-mine.js") };
const eventPage = { load: () => import("./pages/event-page.js") };
const eventManage = { load: () => import("./pages/event-manage.js") };
const eventReview = { load: () => import("./pages/event-review.js") };
const notifications = { load: () => import("./pages/notifications.js") };
const leaderboards = { load: () => import("./pages/leaderboards.js") };
const lobby = { load: () => import("./pages/lobby.js") };
const player = { load: () => import("./pages/player.js") };
const quiz = { load: () => import("./pages/quiz.js") };
const replay = { load: () => import("./pages/replay.js") };
const replays = { load: () => import("./pages/replays.js") };
const room = { load: () => import("./pages/room.js") };
const statsPage = { load: () => import("./pages/stats.js") };
import * as riichi from "./pages/riichi.js";
import * as seed from "./pages/seed.js";
import * as sichuan from "./pages/sichuan.js";
import * as tileSheet from "./pages/tiles.js";

const ROUTES = {
  "/": { page: home, title: "nav.home" },
  "/tools/analyze": { page: analyze, title: "nav.analyze" },
  "/tools/riichi": { page: riichi, title: "nav.riichi" },
  "/tools/mcr": { page: mcr, title: "nav.mcr" },
  "/tools/sichuan": { page: sichuan, title: "nav.sichuan" },
  "/tools/seed": { page: seed, title: "nav.seed" },
  "/lobby": { page: lobby, title: "nav.lobby" },
  "/replays": { page: replays, title: "nav.replays" },
  "/player": { page: player, title: "nav.profile" },
  "/duplicates": { page: duplicates, title: "nav.duplicates" },
  "/leaderboards": { page: leaderboards, title: "board.title" },
  "/stats": { page: statsPage, title: "stats.title" },
  "/quiz": { page: quiz, title: "quiz.title" },
  "/events": { page: events, title: "nav.events" },
  "/events/apply": { page: eventApply, title: "ev.applyTitle" },
  "/events/mine": { page: eventMine, title: "ev.mineTitle" },
  "/events/review": { page: eventReview, title: "ev.reviewTitle" },
  "/notifications": { page: notifications, title: "note.title" },
  "/tiles": { page: tileSheet, title: "nav.tiles" },
  "/account": { page: account, title: "nav.account" },
  "/admin": { page: admin, title: "admin.title" },
};

// Routes with an id: "#/room/12" -> the room page with route.id "12".
const ID_ROUTES = {
  room: { page: room, title: "nav.room" },
  replay: { page: replay, title: "nav.replay" },
  player: { page: player, title: "nav.profile" },
  duplicates: { page: duplicates, title: "nav.duplicates" },
  events: { page: eventPage, title: "nav.events" },
};

// Routes with an id and a part after it: "#/events/12/manage".
const ID_PART_ROUTES = {
  "events/manage": { page: eventManage, title: "ev.manageTitle" },
};

/** The page for a path, with the id of "/kind/<id>" paths. */
export function lookup(path) {
  if (ROUTES[path]) return { entry: ROUTES[path], id: null };
  const parts = path.split("/").filter(Boolean);
  if (parts.length === 2 && ID_ROUTES[parts[0]]) return { entry: ID_ROUTES[parts[0]], id: decodeURIComponent(parts[1]) };
  const part = parts.length === 3 && ID_PART_ROUTES[`${parts[0]}/${parts[2]}`];
  if (part) return { entry: part, id: decodeURIComponent(parts[1]) };
  return { entry: null, id: null };
}

const NAV = [
  ["/tools/analyze", "nav.analyze"],
  ["/tools/riichi", "nav.riichi"],
  ["/tools/mcr", "nav.mcr"],
  ["/tools/sichuan", "nav.sichuan"],
  ["/tools/seed", "nav.seed"],
  ["/lobby", "nav.lobby"],
  ["/replays", "nav.replays"],
  ["/player", "nav.profile"],
  ["/leaderboards", "nav.leaderboards"],
  ["/stats", "nav.stats"],
  ["/quiz", "nav.quiz"],
  ["/events", "nav.events"],
  ["/account", "nav.account"],
];

/** "#/tools/seed?seed=ab&salt=cd" -> {path: "/tools/seed", query: URLSearchParams}. */
export function parseHash(hash) {
  const raw = (hash || "").replace(/^#/, "") || "/";
  const [path, query = ""] = raw.split("?");
  const clean = "/" + path.split("/").filter(Boolean).join("/");
  return { path: clean, query: new URLSearchParams(query) };
}

function header(route) {
  const picker = h(
    "select",
    {
      id: "lang",
      class: "lang-select",
      "aria-label": t("app.language"),
      onchange: (e) => setLang(e.target.value),
    },
    LANGS.map((l) => h("option", { value: l.code, lang: l.html }, l.label)),
  );
  picker.value = lang();
  return h(
    "header",
    { class: "topbar" },
    h(
      "div",
      { class: "topbar-row" },
      h("a", { class: "brand", href: "#/" },
        h("img", { class: "brand-mark", src: "favicon.svg", alt: "" }), t("app.name")),
      h("div", { class: "topbar-tools" },
        notifyBadge(route.path === "/notifications"),
        h("label", { class: "lang" }, h("span", { class: "visually-hidden" }, t("app.language")), picker)),
    ),
    h(
      "nav",
      { class: "mainnav", "aria-label": t("nav.main") },
      h(
        "ul",
        {},
        NAV.map(([path, key]) =>
          h(
            "li",
            {},
            h(
              "a",
              { href: `#${path}`, "aria-current": route.path === path || route.path.startsWith(`${path}/`) ? "page" : false },
              t(key),
            ),
          ),
        ),
      ),
    ),
  );
}

let lastPath = null;

function render() {
  const token = (renderToken += 1);
  const route = parseHash(window.location.hash);
  const { entry, id } = lookup(route.path);
  const root = document.getElementById("app");
  const main = h("main", { id: "main", tabindex: "-1" });
  root.replaceChildren(
    h("a", { class: "skip", href: "#main", onclick: skipToMain }, t("app.skip")),
    header(route),
    main,
    h("footer", { class: "footer" }, h("p", {}, t("app.footer")),
      h("p", {}, h("a", { href: "#/tiles" }, t("nav.tiles")))),
  );
  if (entry) {
    const info = { ...route, id, title: t(entry.title), titleKey: entry.title };
    document.title = `${t(entry.title)} · ${t("app.name")}`;
    if (entry.page.load) {
      main.append(h("h1", {}, info.title));
      entry.page.load().then((module) => {
        if (token !== renderToken) return; // another navigation came first
        main.replaceChildren();
        module.render(main, info);
        markLoaded(main);
        focusHeading(main, route);
      });
      return;
    }
    entry.page.render(main, info);
  } else {
    main.append(
      h("h1", {}, t("notfound.title")),
      h("p", {}, t("notfound.body", { path: route.path })),
      h("p", {}, h("a", { href: "#/" }, t("notfound.home"))),
    );
    document.title = `${t("notfound.title")} · ${t("app.name")}`;
  }
  markLoaded(main);
  focusHeading(main, route);
}

// A page whose module loads lazily first shows a placeholder heading; data-loaded says the
// page's own render has run (tests wait for it before drawing over the page).
function markLoaded(main) {
  main.dataset.loaded = "1";
}

let renderToken = 0;

// After a navigation (not the first load, not a language switch) move focus to the page's
// heading so keyboard and screen-reader users start at the new content.
function focusHeading(main, route) {
  if (lastPath !== null && lastPath !== route.path) {
    const heading = main.querySelector("h1");
    if (heading) {
      heading.setAttribute("tabindex", "-1");
      heading.focus();
    }
  }
  lastPath = route.path;
}

function skipToMain(event) {
  // The hash is the router's; a plain #main link would navigate away.
  event.preventDefault();
  document.getElementById("main").focus();
}

function start() {
  initLang();
  window.addEventListener("hashchange", render);
  window.addEventListener("langchange", () => {
    const focusedLang = document.activeElement && document.activeElement.id === "lang";
    render();
    if (focusedLang) document.getElementById("lang").focus();
  });
  render();
}

start();
