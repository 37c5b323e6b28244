// The events list (#/events): approved events by phase, from GET /api/events?phase=
// (docs/events.md, "Public pages"). Every name and text from the server is shown as text.

import { getJson } from "../api.js";
import { errorBox, h } from "../dom.js";
import { errorText, lang, t } from "../i18n.js";
import "../i18n-events.js";

const PHASES = ["running", "upcoming", "finished"];

function day(iso) {
  return iso ? new Date(iso).toLocaleDateString(lang(), { dateStyle: "medium" }) : "";
}

function dates(e) {
  const start = day(e.planned_start);
  return e.planned_end ? t("ev.dates", { start, end: day(e.planned_end) }) : t("ev.from", { start });
}

function eventItem(e) {
  return h("li", { class: "panel", "data-testid": "event-item" },
    h("h3", {}, e.name),
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
  for (const section of await Promise.all(PHASES.map(phaseSection))) main.append(section);
}
