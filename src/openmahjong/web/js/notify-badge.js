// The header's link to #/notifications with the unread count (GET /api/notifications).
// Only a signed-in browser asks: a visitor costs no request and no 401. The count is kept a
// short while so moving between pages does not ask on every click; the notifications page
// sets it at once after marking read (setUnread).

import { getJson } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import "./i18n-notifications.js";
import { currentUser } from "./session.js";

const FRESH_MS = 20000;
const BELL = '<svg viewBox="0 0 24 24" width="22" height="22"><path fill="currentColor" '
  + 'd="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2.5 15a2.5 2.5 0 0 0 5 0z"/></svg>';
let known = { count: null, at: 0 };

function paint(link, count) {
  link.hidden = count === null;
  const n = count || 0;
  link.setAttribute("aria-label", n ? t("note.badge", { n }) : t("note.badgeNone"));
  link.querySelector(".note-count").textContent = n ? String(n > 99 ? "99+" : n) : "";
  link.classList.toggle("has-unread", n > 0);
}

async function unreadCount() {
  const user = await currentUser();
  if (!user) return null;
  if (known.count !== null && Date.now() - known.at < FRESH_MS) return known.count;
  const answer = await getJson("/api/notifications?unread=true&limit=1");
  known = { count: answer.unread, at: Date.now() };
  return answer.unread;
}

/** The page changed the count (marked read): every badge shows it without asking. */
export function setUnread(count) {
  known = { count, at: Date.now() };
  for (const link of document.querySelectorAll("[data-testid=note-badge]")) paint(link, count);
}

/** The header's link: hidden until a signed-in user's count arrives. */
export function notifyBadge(current) {
  const link = h("a", {
    class: "note-badge", href: "#/notifications", "data-testid": "note-badge", hidden: true,
    "aria-current": current ? "page" : false,
  },
  h("span", { class: "note-bell", "aria-hidden": "true", html: BELL }),
  h("span", { class: "note-count" }));
  unreadCount().then((count) => paint(link, count), () => paint(link, null));
  return link;
}

window.addEventListener("userchange", () => { known = { count: null, at: 0 }; });
