// The start page: a Play button to the lobby's tables, then one card per tool.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { tilesMarkup } from "../tile-svg.js";
import { parse } from "../tiles.js";

const CARDS = [
  ["/tools/analyze", "nav.analyze", "home.analyze"],
  ["/tools/riichi", "nav.riichi", "home.riichi"],
  ["/tools/mcr", "nav.mcr", "home.mcr"],
  ["/tools/sichuan", "nav.sichuan", "home.sichuan"],
  ["/tools/seed", "nav.seed", "home.seed"],
];

export function render(main) {
  main.append(
    h("h1", {}, t("app.name")),
    h("p", { class: "lead" }, t("app.tagline")),
    h("div", { class: "tiles large", "aria-hidden": "true", html: tilesMarkup(parse("19m0p19s1234567z"), { label: "" }) }),
    h("p", { class: "home-play" }, h("a", { class: "button primary big", href: "#/lobby", "data-testid": "home-play" }, t("home.play")),
      " ", h("span", { class: "muted" }, t("home.playLead"))),
    h("h2", {}, t("nav.tools")),
    h("p", {}, t("home.lead")),
    h(
      "ul",
      { class: "cards" },
      CARDS.map(([path, title, text]) =>
        h("li", { class: "card" }, h("a", { href: `#${path}` }, h("strong", {}, t(title)), t(text))),
      ),
    ),
  );
}
