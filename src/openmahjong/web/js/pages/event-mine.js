// My applications and events (#/events/mine, GET /api/events/mine): each with its state and a
// link to its management page.

import { getJson } from "../api.js";
import { drawWhenLoaded, h } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { currentUser } from "../session.js";
import { dates, eventLinks, signInFirst, stateBadge } from "../event-parts.js";

function item(e) {
  return h("li", { class: "panel", "data-testid": "my-event", "data-event": e.id },
    h("h2", {}, h("a", { href: `#/events/${e.id}/manage` }, e.name)),
    h("p", {}, stateBadge(e), " ", dates(e)));
}

export function render(main) {
  drawWhenLoaded(main, t("ev.mineTitle"), t("ev.loading"),
    async () => {
      const user = await currentUser();
      return [user, user && !user.is_guest ? await getJson("/api/events/mine") : []];
    },
    ([user, mine]) => {
      main.append(h("h1", {}, t("ev.mineTitle")), eventLinks(user));
      if (!user || user.is_guest) {
        main.append(signInFirst());
        return;
      }
      main.append(mine.length ? h("ul", { class: "event-list" }, mine.map(item))
        : h("p", { class: "muted" }, t("ev.mineEmpty"), " ", h("a", { href: "#/events/apply" }, t("ev.navApply"))));
    },
    errorText);
}
