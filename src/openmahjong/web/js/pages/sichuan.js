// Sichuan calculator: POST /api/tools/score/sichuan, the JSON of `openmahjong score sichuan --json`.
// One base yaku, the bonus yaku stacked on it, han capped at 6, points by the room's table.

import { field, h, select } from "../dom.js";
import { lang, t } from "../i18n.js";
import { calculatorPage, conditions, flagChecks, meldStrings } from "./score-common.js";

const FLAGS = ["tsumo", "after_kan", "kan_deal_in", "robbing_kan", "last_tile", "heaven", "earth"];
const MELD_KINDS = ["pon", "minkan", "ankan", "kakan"];
const SUITS = ["m", "p", "s"];
const LANG_ATTR = { en: "en", zh: "zh-Hans", ja: "ja" };

const state = {
  text: "",
  win: "",
  melds: [],
  void: "",
  flags: Object.fromEntries(FLAGS.map((f) => [f, false])),
  result: null,
  error: "",
};

/** The request body: the CLI's options in JSON form. */
export function requestBody(s) {
  return {
    hand: s.text,
    win: s.win,
    melds: meldStrings(s.melds),
    void: s.void || null,
    ...s.flags,
  };
}

function yakuRow(y) {
  const shown = lang();
  // The current language first; the other two beside it, for players who know the yaku by them.
  const others = ["en", "zh", "ja"].filter((l) => l !== shown && y[l] !== y[shown]);
  return h(
    "tr",
    { "data-yaku": y.id, "data-kind": y.kind },
    h("td", {}, h("span", { class: "yaku-name" }, y[shown] || y.en), " ",
      ...others.map((l) => h("span", { class: "muted", lang: LANG_ATTR[l] }, `${y[l]} `))),
    h("td", {}, t(`sichuanCalc.${y.kind}`)),
    h("td", { class: "num" }, t("sichuanCalc.han", { han: y.han })),
  );
}

function resultView(r) {
  const capped = r.uncapped_han > r.han;
  return h(
    "section",
    { class: "panel result", "aria-live": "polite" },
    h("h2", {}, t("score.result")),
    h("p", { class: "big", "data-testid": "points" }, t("riichi.total", { points: r.total.toLocaleString("en") })),
    h(
      "p",
      { class: "summary" },
      h("strong", { "data-testid": "han" }, t("sichuanCalc.han", { han: r.han })),
      capped ? h("span", { class: "limit" }, t("sichuanCalc.capped", { n: r.uncapped_han })) : "",
      h("span", { class: "muted", "data-testid": "payer" },
        t(r.tsumo ? "sichuanCalc.payTsumo" : "sichuanCalc.payRon", {
          points: r.each_pays.toLocaleString("en"),
        })),
    ),
    h("h3", {}, t("riichi.yaku")),
    h("table", { class: "yaku", "data-testid": "yaku" }, h("tbody", {}, r.yaku.map(yakuRow))),
  );
}

export function render(main, route) {
  const voidPicker = select(
    [["", t("sichuanCalc.voidNone")], ...SUITS.map((s) => [s, t(`sichuanCalc.suit.${s}`)])],
    state.void,
    (e) => {
      state.void = e.target.value;
    },
    { name: "void" },
  );
  calculatorPage(main, route, render, {
    state,
    title: t("nav.sichuan"),
    lead: t("sichuanCalc.lead"),
    url: "/api/tools/score/sichuan",
    requestBody,
    resultView,
    meldKinds: MELD_KINDS,
    editor: { honors: false },
    fields: () => [
      field(t("sichuanCalc.void"), voidPicker, t("sichuanCalc.voidHelp")),
      conditions(flagChecks("sichuanCalc", FLAGS, state)),
    ],
  });
}
