// The signed-in account's notifications (#/notifications, GET /api/notifications): newest
// first, each worded in the page's language from its kind and params, with a link to what it
// is about; unread ones are marked and can be marked read one by one or all at once.

import { getJson, postJson } from "../api.js";
import { drawWhenLoaded, errorBox, h } from "../dom.js";
import { errorText, t } from "../i18n.js";
import "../i18n-notifications.js";
import { when } from "../event-parts.js";
import { setUnread } from "../notify-badge.js";
import { currentUser } from "../session.js";

/** The words for a notification: ours for its kind, else the server's English text. */
export function noteText(n) {
  const kind = n.kind === "event_submitted" && n.params && n.params.resubmitted ? "event_resubmitted" : n.kind;
  const key = `note.k.${kind}`;
  const words = t(key, n.params || {});
  return words === key ? n.text : words;
}

// Only the site's own routes are followed: a link is "#/..." or nothing.
const safeLink = (link) => (typeof link === "string" && link.startsWith("#/") ? link : null);

function item(n, state) {
  const unread = !n.read_at;
  const link = safeLink(n.link);
  const row = h("li", { class: `panel note-item${unread ? " unread" : ""}`, "data-testid": "notification", "data-kind": n.kind },
    h("p", { class: "note-line" },
      unread ? h("span", { class: "badge note-new" }, t("note.new")) : null,
      unread ? " " : null,
      h("span", { class: "note-text" }, noteText(n))),
    h("p", { class: "muted note-meta" }, h("time", { datetime: n.created_at }, when(n.created_at))),
    h("div", { class: "note-actions" },
      link ? h("a", { class: "button", href: link, onclick: () => { if (unread) markRead(n, state); } }, t("note.open")) : null,
      unread ? h("button", { type: "button", "data-testid": "note-read", onclick: () => markRead(n, state) }, t("note.markRead")) : null));
  return row;
}

async function markRead(n, state) {
  try {
    const done = await postJson(`/api/notifications/${n.id}/read`, {});
    Object.assign(n, done);
    state.unread = Math.max(0, state.unread - 1);
    setUnread(state.unread);
    state.redraw();
  } catch (err) {
    state.status.replaceChildren(errorBox(errorText(err)));
  }
}

async function markAll(state) {
  try {
    await postJson("/api/notifications/read-all", {});
    const now = new Date().toISOString();
    for (const n of state.items) n.read_at = n.read_at || now;
    state.unread = 0;
    setUnread(0);
    state.redraw();
  } catch (err) {
    state.status.replaceChildren(errorBox(errorText(err)));
  }
}

export function render(main) {
  drawWhenLoaded(main, t("note.title"), t("note.loading"),
    async () => {
      const user = await currentUser();
      return [user, user ? await getJson("/api/notifications?limit=100") : null];
    },
    ([user, answer]) => {
      main.append(h("h1", {}, t("note.title")), h("p", { class: "lead" }, t("note.lead")));
      if (!user) {
        main.append(h("p", { class: "panel", "data-testid": "sign-in-first" }, t("note.signIn"), " ",
          h("a", { href: "#/account" }, t("nav.account"))));
        return;
      }
      const box = h("div", {});
      const state = { items: answer.items, unread: answer.unread, status: h("div", { "aria-live": "polite" }) };
      state.redraw = () => {
        const head = h("div", { class: "note-head" },
          h("p", { "data-testid": "note-unread" }, t("note.unread", { n: state.unread })),
          state.unread ? h("button", { type: "button", "data-testid": "note-read-all", onclick: () => markAll(state) }, t("note.markAll")) : null);
        box.replaceChildren(head, state.status,
          state.items.length ? h("ul", { class: "note-list" }, state.items.map((n) => item(n, state)))
            : h("p", { class: "muted" }, t("note.none")));
      };
      setUnread(state.unread);
      state.redraw();
      main.append(box);
    },
    errorText);
}
