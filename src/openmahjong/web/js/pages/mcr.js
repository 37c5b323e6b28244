// MCR calculator: POST /api/tools/score/mcr, the JSON of `openmahjong score mcr --json`.

import { checkbox, errorBox, field, h } from "../dom.js";
import { handEditor } from "../hand-editor.js";
import { lang, t } from "../i18n.js";
import {
  calculateAction,
  concealedMax,
  meldList,
  meldStrings,
  windSelect,
  winPicker,
} from "./score-common.js";

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
  const rerender = () => {
    main.replaceChildren();
    render(main, route);
  };
  const output = h("div", { class: "output" });
  const showOutput = () =>
    output.replaceChildren(state.error ? errorBox(state.error) : "", state.result ? resultView(state.result) : "");

  const picker = winPicker(state);
  const editor = handEditor(state, {
    label: t("hand.label"),
    max: concealedMax(state.melds),
    onChange: (tiles) => picker.update(tiles),
  });
  picker.update(editor.tiles());
  const setter = (key) => (e) => {
    state[key] = e.target.value;
  };

  const { button: run, submit: calculate } = calculateAction(
    "/api/tools/score/mcr", state, requestBody, showOutput, output,
  );

  main.append(
    h("h1", {}, t("mcr.title")),
    h("p", { class: "lead" }, t("mcr.lead")),
    h(
      "div",
      { class: "two-col" },
      h(
        "form",
        { class: "panel", onsubmit: calculate, novalidate: true, "aria-label": t("mcr.title") },
        editor.element,
        picker.element,
        meldList(state, MELD_KINDS, rerender),
        h("fieldset", {}, h("legend", {}, t("score.conditions")),
          h("div", { class: "checks" }, FLAGS.map((f) =>
            checkbox(t(`mcr.${f}`), state.flags[f], (e) => {
              state.flags[f] = e.target.checked;
            }, f)))),
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
        h("div", { class: "actions" }, run),
      ),
      output,
    ),
  );
  showOutput();
}
