// Hand analysis: POST /api/tools/analyze, the JSON of `openmahjong analyze --json`.
//
// The rulesets offered are the installed ones that name forms for the analysis
// (GET /api/rooms/rulesets, their `analysis_forms`; rulesets.js); a ruleset's wall says what the
// hand editor offers (honors when the wall has them, red fives when it can hold them, 17 tiles
// for a 16-tile game).

import { postJson } from "../api.js";
import { drawWhenLoaded, errorBox, field, h, revealOutput, select } from "../dom.js";
import { handEditor } from "../hand-editor.js";
import { errorText, t } from "../i18n.js";
import { loadRulesets, rulesetName } from "../rulesets.js";
import { isHonor, parse } from "../tiles.js";
import { tileMarkup, tilesMarkup } from "../tile-svg.js";

// Kept across re-renders (language switch, ruleset change) and navigation.
const state = { text: "", visible: "", ruleset: null, result: null, error: "" };

let offered = null; // the analysable rulesets by name, once loaded

/** Only the rulesets whose hands the analysis measures, in the server's order. */
function analysable(all) {
  return Object.fromEntries(
    Object.entries(all).filter(([, info]) => (info.analysis_forms || []).length),
  );
}

/** The chosen ruleset's wall: the state's ruleset, else the first the server lists. */
function chosenWall() {
  if (!Object.hasOwn(offered, state.ruleset)) state.ruleset = Object.keys(offered)[0] || null;
  return offered[state.ruleset]?.wall || { kinds: [], red_fives: false, hand_size: 13 };
}

const notation = (text) => parse(text, { check: false });

function shantenWords(n) {
  if (n === -1) return t("analyze.complete");
  if (n === 0) return t("analyze.tenpai");
  return t("analyze.shanten", { n });
}

function tileRow(texts, cls = "small") {
  return h("span", { class: `tiles ${cls}`, html: tilesMarkup(texts.flatMap(notation)) });
}

function resultView(r) {
  const parts = [
    h("h2", {}, t("analyze.result")),
    h(
      "div",
      { class: "summary" },
      h("p", { class: "big", "data-testid": "shanten" }, shantenWords(r.shanten)),
      h("span", { class: "muted" }, t("common.tiles", { n: r.tiles })),
    ),
    h("div", { class: "tiles", html: tilesMarkup(notation(r.hand)) }),
    h("h3", {}, t("analyze.byForm")),
    h(
      "table",
      { class: "forms" },
      h("thead", {}, h("tr", {}, h("th", {}, t("analyze.form")), h("th", { class: "num" }, "#"))),
      h(
        "tbody",
        {},
        Object.entries(r.shanten_by_form).map(([form, v]) =>
          h(
            "tr",
            { "data-form": form },
            h("td", {}, t(`form.${form}`)),
            h("td", { class: "num" }, v === null ? t("analyze.notApplicable") : shantenWords(v)),
          ),
        ),
      ),
    ),
  ];
  if (r.waits) {
    parts.push(
      h("h3", {}, t("analyze.waits")),
      r.waits.length
        ? h("div", { class: "tiles large", "data-testid": "waits", html: tilesMarkup(r.waits.flatMap(notation)) })
        : h("p", { class: "muted" }, t("analyze.noWaits")),
      h("h3", {}, t("analyze.useful")),
      h("p", {}, t("analyze.usefulTotal", { n: r.useful_total })),
      h(
        "div",
        { class: "useful-list" },
        r.useful.map((u) =>
          h(
            "span",
            { class: "item" },
            h("span", { class: "tiles", html: tileMarkup(notation(u.tile)[0]) }),
            h("span", {}, t("analyze.remaining", { n: u.remaining })),
          ),
        ),
      ),
    );
  } else if (r.discards) {
    const best = r.discards.length ? r.discards[0] : null;
    parts.push(
      h("h3", {}, t("analyze.discards")),
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          { class: "discards", "data-testid": "discards" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", {}, t("analyze.discard")),
              h("th", { class: "num" }, t("analyze.after")),
              h("th", {}, t("analyze.usefulAfter")),
              h("th", { class: "num" }, t("analyze.count")),
            ),
          ),
          h(
            "tbody",
            {},
            r.discards.map((d) =>
              h(
                "tr",
                {
                  class: best && d.shanten === best.shanten && d.useful_total === best.useful_total ? "best" : false,
                  "data-discard": d.discard,
                },
                h("td", { html: tileMarkup(notation(d.discard)[0]) }),
                h("td", { class: "num" }, String(d.shanten)),
                h("td", {}, d.useful.length ? tileRow(d.useful) : "–"),
                h("td", { class: "num" }, String(d.useful_total)),
              ),
            ),
          ),
        ),
      ),
    );
  }
  return h("section", { class: "panel result", "aria-live": "polite" }, parts);
}

/** The page; the first visit asks the server for its rulesets, then draws the form. */
export function render(main, route) {
  if (offered) {
    draw(main, route);
    return;
  }
  const drawWith = (all) => {
    offered = analysable(all);
    draw(main, route);
  };
  drawWhenLoaded(main, t("analyze.title"), t("common.working"), loadRulesets, drawWith, errorText);
}

function draw(main, route) {
  const wall = chosenWall();
  const rerender = () => {
    main.replaceChildren();
    render(main, route);
  };
  const output = h("div", { class: "output" });
  const showOutput = () => {
    output.replaceChildren(
      state.error ? errorBox(state.error) : "",
      state.result ? resultView(state.result) : "",
    );
  };

  const editor = handEditor(state, {
    label: t("hand.label"),
    max: (wall.hand_size || 13) + 1,
    honors: wall.kinds.some(isHonor),
    reds: !!wall.red_fives,
  });
  const rulesetSelect = select(
    Object.entries(offered).map(([name, info]) => [name, rulesetName(name, info)]),
    state.ruleset,
    (e) => {
      state.ruleset = e.target.value;
      state.result = null;
      rerender();
      document.getElementById("ruleset").focus();
    },
    { id: "ruleset", name: "ruleset" },
  );
  const visible = h("input", {
    type: "text",
    name: "visible",
    value: state.visible,
    placeholder: t("analyze.visiblePlaceholder"),
    autocomplete: "off",
    spellcheck: "false",
    oninput: (e) => {
      state.visible = e.target.value;
    },
  });
  const run = h("button", { type: "submit", class: "primary-action" }, t("analyze.run"));

  async function analyze(event) {
    event.preventDefault();
    if (!editor.tiles().length && !state.text.trim()) {
      state.error = t("analyze.needTiles");
      state.result = null;
      showOutput();
      return;
    }
    run.disabled = true;
    run.textContent = t("common.working");
    try {
      state.result = await postJson("/api/tools/analyze", {
        hand: state.text,
        ruleset: state.ruleset,
        visible: state.visible,
      });
      state.error = "";
    } catch (err) {
      state.error = err.message;
      state.result = null;
    } finally {
      run.disabled = false;
      run.textContent = t("analyze.run");
    }
    showOutput();
    revealOutput(output);
  }

  main.append(
    h("h1", {}, t("analyze.title")),
    // The chosen ruleset's hand: 13 / 14 tiles, or 16 / 17 for Taiwan's.
    h("p", { class: "lead", "data-testid": "analyze-lead" }, t("analyze.lead", { n: wall.hand_size || 13, m: (wall.hand_size || 13) + 1 })),
    h(
      "div",
      { class: "two-col" },
      h(
        "form",
        { class: "panel", onsubmit: analyze, novalidate: true, "aria-label": t("analyze.title") },
        field(t("common.ruleset"), rulesetSelect),
        editor.element,
        h("details", {},
          h("summary", {}, t("analyze.visible")),
          field(t("analyze.visible"), visible, t("analyze.visibleHelp"))),
        h("div", { class: "actions" }, run),
      ),
      output,
    ),
  );
  showOutput();
}
