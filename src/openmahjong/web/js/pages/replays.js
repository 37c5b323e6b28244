// Finished games, newest first (GET /api/games), with paging; each opens its replay. Below
// them, a whole day's records as one archive (bulk-download.js).

import { getJson } from "../api.js";
import { errorBox, h } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { bulkDownloadPanel } from "../bulk-download.js";
import { gamesTable } from "./games-list.js";

export async function render(main, route) {
  main.append(h("h1", {}, route.title), h("p", { class: "lead" }, t("replays.lead")));
  const out = h("div", { "aria-live": "polite" }, h("p", { class: "muted" }, t("common.working")));
  main.append(out, bulkDownloadPanel());
  const before = route.query.get("before");
  try {
    const page = await getJson(`/api/games?limit=20${before ? `&before=${encodeURIComponent(before)}` : ""}`);
    out.replaceChildren(gamesTable(page.games),
      ...(page.next_before ? [h("p", {}, h("a", { class: "button", href: `#/replays?before=${page.next_before}` }, t("replays.more")))] : []));
  } catch (err) {
    out.replaceChildren(errorBox(errorText(err)));
  }
}
