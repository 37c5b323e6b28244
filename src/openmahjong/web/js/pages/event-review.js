// The event admins' review queue (#/events/review, GET /api/events/review): the applications
// sent for review, pending first, each with its contact, phone (verification only), description
// and history, and a decision form: approve, reject with a reason, or request changes.

import { getJson, postJson } from "../api.js";
import { drawWhenLoaded, errorBox, field, h, select, uid } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { currentUser } from "../session.js";
import { dates, eventLinks, notesHistory, signInFirst, stateBadge, when } from "../event-parts.js";

const STATES = ["", "pending", "changes_requested", "approved", "rejected"];
const DECISIONS = ["approve", "request_changes", "reject"];
let shown = "";

function decisionForm(event, user, redraw) {
  if (event.status !== "pending") return null;
  if (event.organiser && event.organiser.toLowerCase() === user.name.toLowerCase()) {
    return h("p", { class: "muted" }, t("ev.ownApplication"));
  }
  const group = uid("dec");
  const reason = h("textarea", { name: "reason", rows: 3, maxlength: 2000 });
  const out = h("div", { "aria-live": "polite" });
  const choices = DECISIONS.map((d, i) => h("label", { class: "check" },
    h("input", { type: "radio", name: group, value: d, checked: i === 0 }), h("span", {}, t(`ev.rv.${d}`))));
  return h("form", { class: "ev-decision", "data-testid": "decision-form", onsubmit: async (e) => {
    e.preventDefault();
    const decision = e.currentTarget.querySelector(`input[name=${group}]:checked`).value;
    try {
      await postJson(`/api/events/${event.id}/review`, { decision, reason: reason.value });
      redraw();
    } catch (err) {
      out.replaceChildren(errorBox(errorText(err)));
    }
  } }, h("fieldset", {}, h("legend", {}, t("ev.rvDecision")), choices),
  field(t("ev.rvReason"), reason), h("button", { type: "submit", class: "primary", "data-testid": "send-decision" }, t("ev.rvSend")), out);
}

function item(event, user, redraw) {
  return h("li", { class: "panel", "data-testid": "review-item", "data-event": event.id },
    h("h2", {}, h("a", { href: `#/events/${event.id}/manage` }, event.name)),
    h("p", {}, stateBadge(event), " ", dates(event),
      event.submitted_at ? ` · ${t("ev.rvSubmitted", { when: when(event.submitted_at) })}` : ""),
    h("p", {}, t("ev.rvApplicant", { name: event.organiser || "–" }), " · ", t("ev.organiser", { name: event.organiser_name })),
    h("p", {}, t("ev.rvContact", { contact: event.contact || "" })),
    event.phone ? h("p", { "data-testid": "review-phone" }, t("ev.rvPhone", { phone: event.phone })) : null,
    h("details", {}, h("summary", {}, t("ev.about")), h("p", { class: "ev-text" }, event.description)),
    notesHistory(event.notes),
    decisionForm(event, user, redraw));
}

export function render(main, route) {
  const redraw = () => { main.replaceChildren(); render(main, route); };
  drawWhenLoaded(main, t("ev.reviewTitle"), t("ev.loading"),
    async () => {
      const user = await currentUser();
      const admin = user && (user.role === "event_admin" || user.role === "admin");
      const query = shown ? `?status=${shown}` : "";
      return { user, admin, list: admin ? await getJson(`/api/events/review${query}`) : [] };
    },
    ({ user, admin, list }) => {
      main.append(h("h1", {}, t("ev.reviewTitle")), eventLinks(user));
      if (!user) {
        main.append(signInFirst());
        return;
      }
      if (!admin) {
        main.append(errorBox(t("ev.adminsOnly")));
        return;
      }
      main.append(field(t("ev.rvFilter"), select(STATES.map((s) => [s, s ? t(`ev.status.${s}`) : t("ev.rvAll")]), shown,
        (e) => { shown = e.target.value; redraw(); }, { name: "status" })));
      main.append(list.length ? h("ul", { class: "event-list" }, list.map((e) => item(e, user, redraw)))
        : h("p", { class: "muted", "data-testid": "review-empty" }, t("ev.rvEmpty")));
    },
    errorText);
}
