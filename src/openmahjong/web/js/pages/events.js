// The events list (#/events): approved events by phase, from GET /api/events?phase=
// (docs/events.md, "Public pages"). Every name and text from the server is shown as text.

import { getJson } from "../api.js";
import { errorBox, h } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { currentUser } from "../session.js";
import { dates, eventLinks } from "../event-parts.js";

const PHASES = ["running", "upcoming", "finished"];

function eventItem(e) {
  return h("li", { class: "panel", "data-testid": "event-item" },
    h("h3", {}, h("a", { href: `#/events/${e.id}` }, e.name)),
    h("p", {}, t("ev.organiser", { name: e.organiser_name }), " · ", dates(e)),
    h("p", { class: "muted" }, t("ev.participants", { n: e.participants }),
      e.registration_open ? ` · ${t("ev.regOpen")}` : ""));
}

async function phaseSection(phase) {
  const box = h("section", { "aria-labelledby": `ev-${phase}`, "data-testid": `events-${phase}` },
    h("h2", { id: `ev-${phase}` }, t(`ev.${phase}`)));
  try {
    const list = await getJson(`/api/events?phase=${phase}`);
    box.append(list.length
      ? h("ul", { class: "event-list" }, list.map(eventItem))
      : h("p", { class: "muted" }, t("ev.none")));
  } catch (err) {
    box.append(errorBox(errorText(err)));
  }
  return box;
}

export async function render(main) {
  main.append(h("h1", {}, t("ev.title")), h("p", { class: "lead" }, t("ev.lead")));
  const links = h("div", {});
  main.append(links);
  currentUser().then((user) => links.replaceChildren(eventLinks(user)));
  for (const section of await Promise.all(PHASES.map(phaseSection))) main.append(section);
}
