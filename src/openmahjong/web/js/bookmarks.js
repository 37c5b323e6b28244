// Favourites and private notes on records (GET/PUT/DELETE /api/games/{id}/favourite|note,
// GET /api/games/{id}/mine, GET /api/me/bookmarks): only their author ever sees them, so the
// panels render nothing for someone signed out.

import "./i18n-records.js";
import { requestJson, getJson } from "./api.js";
import { errorBox, field, h } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { currentUser } from "./session.js";

/** The replay page's panel for game `id`: one element, filled once the account is known,
 *  kept across the page's re-renders (a note being typed survives a step). */
export function bookmarkPanel(id) {
  const box = h("section", { class: "panel bookmarks", "data-testid": "bookmarks", hidden: true });
  fill(box, id);
  return box;
}

async function fill(box, id) {
  const user = await currentUser();
  if (!user) return;
  let mine;
  try {
    mine = await getJson(`/api/games/${encodeURIComponent(id)}/mine`);
  } catch {
    return; // a record nobody may mark (not finished): no panel
  }
  box.hidden = false;
  const status = h("p", { class: "help", "aria-live": "polite", "data-testid": "bookmark-status" });
  const note = h("textarea", { name: "note", rows: 3, maxlength: 2000, "data-testid": "note" });
  note.value = mine.note || "";
  const star = h("button", { type: "button", "data-testid": "favourite" });
  const showStar = () => {
    star.textContent = mine.favourite ? `★ ${t("bm.unfavourite")}` : `☆ ${t("bm.favourite")}`;
    star.setAttribute("aria-pressed", mine.favourite ? "true" : "false");
  };
  const call = async (method, url, body) => {
    try {
      mine = await requestJson(method, url, body);
      status.textContent = t("bm.saved");
      showStar();
      note.value = mine.note || "";
    } catch (err) {
      status.replaceChildren(errorBox(errorText(err)));
    }
  };
  const base = `/api/games/${encodeURIComponent(id)}`;
  star.addEventListener("click", () => call(mine.favourite ? "DELETE" : "PUT", `${base}/favourite`));
  showStar();
  box.replaceChildren(
    h("h2", {}, t("bm.title")),
    h("p", { class: "help" }, t("bm.private")),
    h("p", {}, star),
    field(t("bm.note"), note),
    h("p", { class: "actions" },
      h("button", { type: "button", class: "primary", "data-testid": "save-note", onclick: () => call("PUT", `${base}/note`, { text: note.value }) }, t("bm.save")),
      " ",
      h("button", { type: "button", "data-testid": "delete-note", onclick: () => call("DELETE", `${base}/note`) }, t("bm.delete"))),
    status);
}

/** The signed-in player's own favourites and notes (their player page). */
export async function myBookmarks() {
  const list = (await getJson("/api/me/bookmarks")).bookmarks;
  return h("section", { class: "panel", "data-testid": "my-bookmarks" },
    h("h2", {}, t("bm.mine")),
    h("p", { class: "help" }, t("bm.private")),
    list.length
      ? h("ul", { class: "bookmark-list" }, list.map((b) => h("li", {},
        h("a", { href: `#/replay/${b.game}` }, t("bm.game", { id: b.game })),
        b.favourite ? " ★" : "",
        b.note ? h("span", { class: "bookmark-note" }, ` — ${b.note}`) : "")))
      : h("p", { class: "muted" }, t("bm.none")));
}
