// An event's public page (#/events/{id}, GET /api/events/{id}): its dates, organiser,
// description and page texts, registration, rooms and results; links to manage or review it
// for those who may (the answer's `viewer`). Every text from the server is shown as text.

import { getJson, requestJson } from "../api.js";
import { drawWhenLoaded, errorBox, h } from "../dom.js";
import { errorText, presetName, t } from "../i18n.js";
import { currentUser } from "../session.js";
import { loadRulesets, rulesetName } from "../rulesets.js";
import { dates, eventLinks, resultsTables, roomsList, stateBadge } from "../event-parts.js";

const PAGE_PARTS = ["announcements", "rules", "prizes", "schedule"];

/** Register or withdraw, for a signed-in account while registration is open. */
function registration(event, user, participants, redraw) {
  const box = h("div", { class: "ev-register", "aria-live": "polite" });
  const on = user && participants.some((p) => p.name.toLowerCase() === user.name.toLowerCase());
  box.append(h("p", {}, event.registration_open ? t("ev.regOpen") : t("ev.regClosed"),
    " · ", t("ev.participants", { n: event.participants })));
  if (on) box.append(h("p", { "data-testid": "registered" }, t("ev.youAre")));
  if (event.registration_open && user && !user.is_guest && !user.is_bot) {
    box.append(h("button", { type: "button", class: on ? "" : "primary", "data-testid": on ? "withdraw" : "register",
      onclick: async () => {
        try {
          await requestJson(on ? "DELETE" : "POST", `/api/events/${event.id}/register`);
          redraw();
        } catch (err) {
          box.append(errorBox(errorText(err)));
        }
      } }, on ? t("ev.withdraw") : t("ev.register")));
  }
  return box;
}

function textSection(title, text, testid) {
  return h("section", { class: "panel", "data-testid": testid }, h("h2", {}, title), h("p", { class: "ev-text" }, text));
}

export function render(main, route) {
  const redraw = () => { main.replaceChildren(); render(main, route); };
  drawWhenLoaded(main, t("nav.events"), t("ev.loading"),
    async () => {
      const [user, event, rulesets] = await Promise.all([currentUser(), getJson(`/api/events/${encodeURIComponent(route.id)}`), loadRulesets()]);
      const people = event.status === "approved" ? await getJson(`/api/events/${event.id}/participants`) : { participants: [] };
      return { user, event, rulesets, participants: people.participants };
    },
    ({ user, event, rulesets, participants }) => {
      document.title = `${event.name} · ${t("app.name")}`;
      const viewer = event.viewer || {};
      const nameOf = (r) => rulesetName(r, rulesets[r]);
      main.append(h("h1", {}, event.name), eventLinks(user),
        h("section", { class: "panel", "data-testid": "event-summary" },
          h("p", {}, stateBadge(event), " ", dates(event)),
          h("p", {}, t("ev.organiser", { name: event.organiser_name })),
          event.status === "approved" ? registration(event, user, participants, redraw) : null,
          viewer.can_manage || viewer.applicant ? h("p", {}, h("a", { class: "button", href: `#/events/${event.id}/manage`, "data-testid": "manage-link" }, t("ev.manageLink"))) : null,
          viewer.can_review ? h("p", {}, h("a", { class: "button", href: "#/events/review" }, t("ev.reviewLink"))) : null),
        textSection(t("ev.about"), event.description, "event-description"));
      for (const part of PAGE_PARTS) {
        const text = (event.page || {})[part];
        if (text) main.append(textSection(t(`ev.pg.${part}`), text, `event-${part}`));
      }
      if (event.status !== "approved") return;
      main.append(
        h("section", { class: "panel", "aria-labelledby": "ev-rooms-h" }, h("h2", { id: "ev-rooms-h" }, t("ev.roomsHeading")),
          roomsList(event.rooms, nameOf, presetName)),
        h("section", { class: "panel", "aria-labelledby": "ev-results-h" }, h("h2", { id: "ev-results-h" }, t("ev.resultsHeading")),
          resultsTables(event.results, nameOf),
          event.results.length ? h("p", {}, h("a", { class: "button", href: `/api/events/${event.id}/results.csv`, download: "" }, t("ev.csv"))) : null));
    },
    errorText);
}
