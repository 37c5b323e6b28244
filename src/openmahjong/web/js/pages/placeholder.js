// Lobby and replays: they arrive with the play protocol; until then say so plainly.

import { h } from "../dom.js";
import { t } from "../i18n.js";

export function render(main, route) {
  main.append(
    h("h1", {}, t("soon.title", { page: route.title })),
    h("p", {}, t("soon.body")),
    h("p", {}, h("a", { href: "#/" }, t("soon.tools"))),
  );
}
