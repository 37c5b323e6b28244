// The events a player registered for or played in, on their profile (GET
// /api/players/{id}/events): each a link to the event's page with its dates, whether they
// registered and how many games they sat in at its tables.

import { getJson } from "./api.js";
import { errorBox, h } from "./dom.js";
import { errorText, t } from "./i18n.js";
import "./i18n-notifications.js";
import { dates, stateBadge } from "./event-parts.js";

function item(e) {
  return h("li", { "data-testid": "profile-event", "data-event": e.id },
    h("a", { href: `#/events/${e.id}`, class: "ev-link" }, e.name), " ",
    stateBadge(e), " ",
    h("span", { class: "muted" }, dates(e),
      e.registered ? ` · ${t("pev.registered")}` : "",
      e.games ? ` · ${t("pev.games", { n: e.games })}` : ""));
}

/** The profile's events panel; it fills in when the list arrives. */
export function playerEventsSection(id) {
  const body = h("p", { class: "muted" }, t("common.working"));
  const box = h("section", { class: "panel", "aria-labelledby": "pev-h", "data-testid": "profile-events" },
    h("h2", { id: "pev-h" }, t("pev.title")), body);
  getJson(`/api/players/${encodeURIComponent(id)}/events`).then(
    (list) => body.replaceWith(list.length ? h("ul", { class: "profile-events" }, list.map(item))
      : h("p", { class: "muted" }, t("pev.none"))),
    (err) => body.replaceWith(errorBox(errorText(err))));
  return box;
}
