// Every tile face at three sizes, with its code, notation and name: for checking the drawings
// on a phone or a high-DPI screen.

import { h } from "../dom.js";
import { t, tileName } from "../i18n.js";
import { ALL_KINDS, FLOWERS, RED_FIVES, format } from "../tiles.js";
import { tileBackMarkup, tileMarkup } from "../tile-svg.js";

const GROUPS = [
  ["tiles.suited", ALL_KINDS.filter((c) => c < 40)],
  ["tiles.honors", ALL_KINDS.filter((c) => c > 40)],
  ["tiles.redFives", RED_FIVES],
  ["tiles.flowers", FLOWERS],
];

export function render(main) {
  main.append(
    h("h1", {}, t("nav.tiles")),
    h("p", { class: "lead" }, t("tiles.lead")),
    ...GROUPS.map(([key, codes]) =>
      h(
        "section",
        { class: "panel" },
        h("h2", {}, t(key)),
        h("div", { class: "tiles large", "data-testid": key, html: codes.map((c) => tileMarkup(c)).join("") }),
        h(
          "table",
          { class: "tile-sheet" },
          h("tbody", {}, codes.map((c) =>
            h("tr", {},
              h("td", { html: tileMarkup(c, { label: "", cls: "xl" }) }),
              h("td", { class: "mono" }, `${c} · ${format([c])}`),
              h("td", {}, tileName(c))))),
        ),
      )),
    h(
      "section",
      { class: "panel" },
      h("h2", {}, t("tiles.table")),
      h("p", { class: "muted" }, t("tiles.tableLead")),
      h("div", {
        class: "tiles large",
        "data-testid": "tiles.table",
        html: tileMarkup(11) + tileMarkup(12) + tileMarkup(13, { sideways: true }) +
          tileBackMarkup({ label: t("tiles.back") }) + tileBackMarkup({ sideways: true }) +
          tileMarkup(105, { sideways: true }),
      }),
    ),
  );
}
