// MCR calculator: POST /api/tools/score/mcr, the JSON of `openmahjong score mcr --json`.

import { field, h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { calculatorPage, conditions, flagChecks, meldStrings, windSelect } from "./score-common.js";

const FLAGS = ["self_drawn", "fourth_tile", "kong", "last_tile"];
const MELD_KINDS = ["chi", "pon", "minkan", "ankan", "kakan"];

const state = {
  text: "",
  win: "",
  melds: [],
  flags: Object.fromEntries(FLAGS.map((f) => [f, false])),
  seat_wind: "E",
  prevalent_wind: "E",
  flowers: 0,
  result: null,
  error: "",
};

export function requestBody(s) {
  return {
    hand: s.text,
    win: s.win,
    melds: meldStrings(s.melds),
    ...s.flags,
    seat_wind: s.seat_wind,
    prevalent_wind: s.prevalent_wind,
    flowers: Number(s.flowers) || 0,
  };
}

function resultView(r) {
  // The rulebook names are Chinese; Japanese players use the same kanji names.
  const primary = lang() === "en" ? "en" : "zh";
  const secondary = primary === "en" ? "zh" : "en";
  return h(
    "section",
    { class: "panel result", "aria-live": "polite" },
    h("h2", {}, t("score.result")),
    h("p", { class: "big", "data-testid": "fan-total" },
      r.flowers
        ? t("mcr.totalFlowers", { n: r.total, base: r.fan_total, flowers: r.flowers })
        : t("mcr.total", { n: r.total })),
    h("p", { class: r.legal ? "status-ok" : "status-bad", "data-testid": "legal" },
      r.legal ? t("mcr.legal") : t("mcr.below", { n: r.fan_total })),
    h("p", { class: "muted" }, t("mcr.form", { form: t(`mcrform.${r.form}`) })),
    h(
      "div",
      { class: "table-wrap" },
      h(
        "table",
        { class: "fans", "data-testid": "fans" },
        h("thead", {}, h("tr", {},
          h("th", {}, t("mcr.fan")),
          h("th", { class: "num" }, t("mcr.value")),
          h("th", { class: "num" }, t("mcr.count")),
          h("th", { class: "num" }, t("mcr.points")))),
        h("tbody", {}, r.fans.map((f) =>
          h("tr", {},
            h("td", {}, h("span", {}, f[primary]), " ",
              h("span", { class: "muted", lang: secondary === "zh" ? "zh-Hans" : "en" }, f[secondary])),
            h("td", { class: "num" }, String(f.value)),
            h("td", { class: "num" }, String(f.count)),
            h("td", { class: "num" }, String(f.value * f.count))))),
      ),
    ),
  );
}

export function render(main, route) {
  const setter = (key) => (e) => {
    state[key] = e.target.value;
  };
  calculatorPage(main, route, render, {
    state,
    title: t("mcr.title"),
    lead: t("mcr.lead"),
    url: "/api/tools/score/mcr",
    requestBody,
    resultView,
    meldKinds: MELD_KINDS,
    editor: {},
    fields: () => [
      conditions(flagChecks("mcr", FLAGS, state)),
      h(
        "fieldset",
        {},
        h("legend", {}, t("score.winds")),
        h(
          "div",
          { class: "grid-3" },
          field(t("mcr.seat_wind"), windSelect(state.seat_wind, setter("seat_wind"), { name: "seat_wind" })),
          field(t("mcr.prevalent_wind"),
            windSelect(state.prevalent_wind, setter("prevalent_wind"), { name: "prevalent_wind" })),
          field(t("mcr.flowers"), h("input", {
            type: "number", name: "flowers", min: "0", max: "8", inputmode: "numeric",
            value: String(state.flowers), oninput: setter("flowers"),
          })),
        ),
      ),
    ],
  });
}
