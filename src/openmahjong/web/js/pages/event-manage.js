// An event's own page for its applicant and the event admins (#/events/{id}/manage): the
// application's state, the form while it may be edited (draft, changes requested), the planned
// dates once sent, the two-way notes history with a note form, and once approved the
// management panel (event-panel.js). The server says who may do what (`viewer`).

import { getJson, postJson } from "../api.js";
import { drawWhenLoaded, errorBox, field, h } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { currentUser } from "../session.js";
import { loadRulesets } from "../rulesets.js";
import { applicationForm, datesForm } from "../event-form.js";
import { eventLinks, notesHistory, signInFirst, stateBadge } from "../event-parts.js";
import { managementPanel } from "../event-panel.js";

function noteForm(event, redraw) {
  const text = h("textarea", { name: "note", rows: 3, maxlength: 2000 });
  const out = h("div", { "aria-live": "polite" });
  return h("form", { "data-testid": "note-form", onsubmit: async (e) => {
    e.preventDefault();
    try {
      await postJson(`/api/events/${event.id}/notes`, { text: text.value });
      redraw();
    } catch (err) {
      out.replaceChildren(errorBox(errorText(err)));
    }
  } }, field(t("ev.addNote"), text), h("button", { type: "submit" }, t("ev.sendNote")), out);
}

/** Open or close an approved event: the event admins' buttons. */
function phaseButtons(event, redraw) {
  const out = h("div", { "aria-live": "polite" });
  const step = event.phase === "upcoming" ? ["open", "ev.openEvent"] : event.phase === "running" ? ["close", "ev.closeEvent"] : null;
  if (!step) return null;
  return h("p", {}, h("button", { type: "button", "data-testid": `event-${step[0]}`, onclick: async () => {
    try {
      await postJson(`/api/events/${event.id}/${step[0]}`, {});
      redraw();
    } catch (err) {
      out.replaceChildren(errorBox(errorText(err)));
    }
  } }, t(step[1])), out);
}

export function render(main, route) {
  const redraw = () => { main.replaceChildren(); render(main, route); };
  drawWhenLoaded(main, t("ev.manageTitle"), t("ev.loading"),
    async () => {
      const user = await currentUser();
      if (!user) return { user };
      const [event, rules, rulesets] = await Promise.all([
        getJson(`/api/events/${encodeURIComponent(route.id)}`), getJson("/api/events/rules"), loadRulesets()]);
      const viewer = event.viewer || {};
      const panel = viewer.can_manage ? await managementPanel(event, rulesets, redraw) : null;
      return { user, event, rules, panel };
    },
    ({ user, event, rules, panel }) => {
      if (!user) {
        main.append(h("h1", {}, t("ev.manageTitle")), eventLinks(user), signInFirst());
        return;
      }
      const viewer = event.viewer || {};
      document.title = `${event.name} · ${t("app.name")}`;
      main.append(h("h1", {}, event.name), eventLinks(user),
        h("section", { class: "panel", "data-testid": "event-status" },
          h("p", {}, t("ev.statusLabel"), " ", stateBadge(event)),
          event.status === "approved" ? h("p", {}, h("a", { href: `#/events/${event.id}`, class: "ev-link", "data-testid": "public-link" }, t("ev.publicLink"))) : null,
          viewer.event_admin ? phaseButtons(event, redraw) : null,
          viewer.event_admin && viewer.applicant && event.status === "pending" ? h("p", { class: "muted" }, t("ev.ownApplication")) : null,
          viewer.can_review ? h("p", {}, h("a", { class: "button", href: "#/events/review" }, t("ev.reviewLink"))) : null));
      if (viewer.can_edit) {
        main.append(h("section", { class: "panel", "aria-labelledby": "ev-edit-h" }, h("h2", { id: "ev-edit-h" }, t("ev.editHeading")),
          applicationForm({ event, limits: rules.limits, done: redraw })));
      } else if (viewer.applicant && event.status !== "rejected" && event.phase !== "finished") {
        main.append(h("section", { class: "panel", "aria-labelledby": "ev-dates-h" }, h("h2", { id: "ev-dates-h" }, t("ev.datesHeading")),
          datesForm(event, redraw)));
      }
      if (panel) main.append(panel);
      const history = notesHistory(event.notes);
      if (viewer.applicant || viewer.event_admin) history.append(noteForm(event, redraw));
      main.append(history);
    },
    errorText);
}
