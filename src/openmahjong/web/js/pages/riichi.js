// Riichi calculator: POST /api/tools/score/riichi, the JSON of `openmahjong score riichi --json`.

import { checkbox, field, h, select } from "../dom.js";
import { lang, t } from "../i18n.js";
import { yakuName } from "../yaku-names.js";
import { calculatorPage, conditions, flagChecks, meldStrings, windSelect } from "./score-common.js";

const FLAGS = ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
  "houtei", "tenhou", "chiihou", "renhou"];
const MELD_KINDS = ["chi", "pon", "minkan", "ankan", "kakan"];
// Situations only the Melee Room's local yaku read (the request's `local`; majsoul-melee).
const LOCAL = ["tsubame_gaeshi", "kanburi"];
const PRESETS = ["majsoul", "tenhou", "majsoul-melee"];

const state = {
  text: "",
  win: "",
  melds: [],
  flags: Object.fromEntries(FLAGS.map((f) => [f, false])),
  local: Object.fromEntries(LOCAL.map((f) => [f, false])),
  seat: "E",
  round: "E",
  dora: "",
  ura: "",
  honba: 0,
  sticks: 0,
  discarder: "",
  pao: "",
  preset: "majsoul",
  result: null,
  error: "",
};

/** The request body: the CLI's options in JSON form. */
export function requestBody(s) {
  return {
    hand: s.text,
    win: s.win,
    melds: meldStrings(s.melds),
    ...s.flags,
    local: LOCAL.filter((f) => s.local && s.local[f]),
    seat: s.seat,
    round: s.round,
    dora: s.dora.trim() ? [s.dora.trim()] : [],
    ura: s.ura.trim() ? [s.ura.trim()] : [],
    honba: Number(s.honba) || 0,
    sticks: Number(s.sticks) || 0,
    discarder: s.discarder || null,
    pao: s.pao || null,
    preset: s.preset,
  };
}

const WIND_OF_NAME = { East: "E", South: "S", West: "W", North: "N" };
const translated = (prefix, raw) => {
  const key = `${prefix}.${raw}`;
  const text = t(key);
  return text === key ? raw : text;
};

function resultView(r) {
  const names = lang();
  const headline = r.yakuman
    ? t("riichi.yakuman", { n: r.yakuman })
    : t("riichi.hanFu", { han: r.han, fu: r.fu });
  const who = t("riichi.who", {
    who: r.dealer ? t("riichi.dealer") : t("riichi.nonDealer"),
    how: r.tsumo ? t("riichi.tsumoWord") : t("riichi.ron"),
  });
  return h(
    "section",
    { class: "panel result", "aria-live": "polite" },
    h("h2", {}, t("score.result")),
    h("p", { class: "big", "data-testid": "points" }, t("riichi.total", { points: r.total.toLocaleString("en") })),
    h(
      "p",
      { class: "summary" },
      h("strong", { "data-testid": "hanfu" }, headline),
      r.limit ? h("span", { class: "limit" }, translated("limit", r.limit)) : "",
      h("span", { class: "muted" }, who),
    ),
    h("h3", {}, t("riichi.yaku")),
    h(
      "table",
      { class: "yaku", "data-testid": "yaku" },
      h("tbody", {}, r.yaku.map((y) =>
        h("tr", { "data-yaku": y.id },
          h("td", {}, y[names] || y.en),
          h("td", { class: "num" }, `${y.han} ${t("riichi.han")}`)))),
    ),
    h("h3", {}, t("riichi.fuDetails")),
    h("p", { class: "muted" }, t("riichi.wait", { wait: translated("wait", r.wait) })),
    h(
      "table",
      { class: "fu" },
      h("tbody", {}, r.fu_details.map((f) =>
        h("tr", {}, h("td", {}, translated("fu", f.reason)),
          h("td", { class: "num" }, `${f.fu} ${t("riichi.fu")}`)))),
    ),
    h("h3", {}, t("riichi.payments")),
    h(
      "table",
      { class: "payments" },
      h("thead", {}, h("tr", {}, h("th", {}, t("riichi.player")), h("th", { class: "num" }, t("riichi.change")))),
      h("tbody", {}, Object.entries(r.payments).map(([wind, delta]) =>
        h("tr", {}, h("td", {}, t(`wind.${WIND_OF_NAME[wind] || wind}`)),
          h("td", { class: "num" }, delta > 0 ? `+${delta}` : String(delta))))),
    ),
  );
}

export function render(main, route) {
  const flagBoxes = flagChecks("riichi", FLAGS, state);
  // Shown for the Melee Room only: elsewhere no yaku reads them.
  const localBoxes = state.preset === "majsoul-melee"
    ? LOCAL.map((f) =>
      checkbox(yakuName(f, lang()), state.local[f], (e) => {
        state.local[f] = e.target.checked;
      }, f))
    : [];
  const text = (key, placeholder) =>
    h("input", {
      type: "text",
      name: key,
      value: state[key],
      placeholder,
      autocomplete: "off",
      spellcheck: "false",
      oninput: (e) => {
        state[key] = e.target.value;
      },
    });
  const num = (key) =>
    h("input", {
      type: "number",
      name: key,
      min: "0",
      max: "100",
      inputmode: "numeric",
      value: String(state[key]),
      oninput: (e) => {
        state[key] = e.target.value;
      },
    });
  const setter = (key) => (e) => {
    state[key] = e.target.value;
  };

  calculatorPage(main, route, render, {
    state,
    title: t("riichi.title"),
    lead: t("riichi.lead"),
    url: "/api/tools/score/riichi",
    requestBody,
    resultView,
    meldKinds: MELD_KINDS,
    editor: { reds: true },
    fields: (rerender) => [
      conditions(flagBoxes, localBoxes),
      h(
        "fieldset",
        {},
        h("legend", {}, t("riichi.table")),
        h(
          "div",
          { class: "grid-2" },
          field(t("riichi.seat"), windSelect(state.seat, setter("seat"), { name: "seat" })),
          field(t("riichi.round"), windSelect(state.round, setter("round"), { name: "round" })),
          field(t("riichi.dora"), text("dora", t("riichi.doraPlaceholder"))),
          field(t("riichi.ura"), text("ura", t("riichi.doraPlaceholder"))),
          field(t("riichi.honba"), num("honba")),
          field(t("riichi.sticks"), num("sticks")),
          field(t("riichi.discarder"),
            windSelect(state.discarder, setter("discarder"), { name: "discarder" },
              [["", t("riichi.discarderAuto")]])),
          field(t("riichi.pao"),
            windSelect(state.pao, setter("pao"), { name: "pao" }, [["", t("common.none")]])),
          field(t("riichi.preset"),
            select(PRESETS.map((p) => [p, t(`preset.${p}`)]), state.preset, (e) => {
              state.preset = e.target.value;
              if (state.preset !== "majsoul-melee") LOCAL.forEach((f) => { state.local[f] = false; });
              rerender();
            }, { name: "preset" })),
        ),
      ),
    ],
  });
}
