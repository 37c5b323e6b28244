// What the calculators share: the winning-tile picker, the meld list, wind selects, the
// condition checkboxes and the page around them (calculatorPage).

import { postJson } from "../api.js";
import { checkbox, errorBox, field, h, revealOutput, select } from "../dom.js";
import { handEditor } from "../hand-editor.js";
import { t } from "../i18n.js";
import { format } from "../tiles.js";
import { tileMarkup } from "../tile-svg.js";

export const WINDS = ["E", "S", "W", "N"];

export function windSelect(value, onchange, attrs = {}, extra = []) {
  return select([...extra, ...WINDS.map((w) => [w, t(`wind.${w}`)])], value, onchange, attrs);
}

/**
 * The winning tile: one button per distinct tile of the hand (radio semantics), defaulting to
 * the last tile added. state.win holds its notation ("8s"), state.winChosen whether the player
 * picked it.
 */
export function winPicker(state) {
  const group = h("div", {
    class: "tiles win-picker",
    role: "radiogroup",
    "aria-label": t("score.win"),
  });
  const note = h("p", { class: "help" }, t("score.winHelp"));

  function update(tiles) {
    const seen = [];
    for (const code of tiles) if (!seen.includes(code)) seen.push(code);
    const names = seen.map((c) => format([c]));
    // Until the player picks one, the winning tile follows the last tile added.
    if (!names.includes(state.win)) state.winChosen = false;
    if (!state.winChosen) state.win = tiles.length ? format([tiles[tiles.length - 1]]) : "";
    group.replaceChildren(
      ...(seen.length
        ? seen.map((code) => {
            const name = format([code]);
            const chosen = name === state.win;
            return h("button", {
              type: "button",
              role: "radio",
              class: "tile-btn win-choice",
              "aria-checked": chosen ? "true" : "false",
              tabindex: chosen ? "0" : "-1",
              "data-tile": name,
              html: tileMarkup(code),
              onclick: () => {
                state.win = name;
                state.winChosen = true;
                update(tiles);
                group.querySelector(`[data-tile="${name}"]`).focus();
              },
              onkeydown: (e) => arrowKeys(e, names, tiles),
            });
          })
        : [h("span", { class: "muted" }, t("score.winNone"))]),
    );
  }

  function arrowKeys(event, names, tiles) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const i = (names.indexOf(state.win) + step + names.length) % names.length;
    state.win = names[i];
    state.winChosen = true;
    update(tiles);
    group.querySelector(`[data-tile="${state.win}"]`).focus();
  }

  const element = h(
    "div",
    { class: "field" },
    h("span", { class: "label", id: "win-label" }, h("strong", {}, t("score.win"))),
    group,
    note,
  );
  return { element, update };
}

/** The declared melds as rows of kind + tiles; `kinds` are the meld kinds the scorer knows. */
export function meldList(state, kinds, onChange) {
  const list = h("div", { class: "melds" });
  function draw() {
    list.replaceChildren(
      ...state.melds.map((meld, i) =>
        h(
          "div",
          { class: "meld-row", "data-meld": i },
          field(
            t("score.meldKind"),
            select(kinds.map((k) => [k, t(`meld.${k}`)]), meld.kind, (e) => {
              meld.kind = e.target.value;
            }, { name: `meld-kind-${i}` }),
          ),
          field(
            t("score.meldTiles"),
            h("input", {
              type: "text",
              name: `meld-tiles-${i}`,
              value: meld.tiles,
              placeholder: t("score.meldPlaceholder"),
              autocomplete: "off",
              spellcheck: "false",
              oninput: (e) => {
                meld.tiles = e.target.value;
              },
            }),
          ),
          h("button", {
            type: "button",
            class: "danger",
            "aria-label": `${t("common.remove")} ${i + 1}`,
            onclick: () => {
              state.melds.splice(i, 1);
              onChange();
            },
          }, "✕"),
        ),
      ),
    );
  }
  draw();
  const add = h("button", {
    type: "button",
    class: "secondary",
    disabled: state.melds.length >= 4,
    onclick: () => {
      state.melds.push({ kind: kinds[1] || kinds[0], tiles: "" });
      onChange();
    },
  }, "+ " + t("score.addMeld"));
  return h("fieldset", {}, h("legend", {}, t("score.melds")), list, h("div", { class: "actions" }, add));
}

export const meldStrings = (melds) =>
  melds.filter((m) => m.tiles.trim()).map((m) => `${m.kind}:${m.tiles.trim()}`);

/** The concealed tiles a hand may hold with this many melds (14, 11, 8, 5, 2). */
export const concealedMax = (melds) => 14 - 3 * melds.length;

// The Calculate button and the form's submit handler: post the request, keep the answer (or the
// error message) in `state`, then redraw and bring the output into view.
export function calculateAction(url, state, requestBody, showOutput, output) {
  const button = h("button", { type: "submit", class: "primary-action" }, t("score.calculate"));
  async function submit(event) {
    event.preventDefault();
    button.disabled = true;
    button.textContent = t("common.working");
    try {
      state.result = await postJson(url, requestBody(state));
      state.error = "";
    } catch (err) {
      state.error = err.message;
      state.result = null;
    } finally {
      button.disabled = false;
      button.textContent = t("score.calculate");
    }
    showOutput();
    revealOutput(output);
  }
  return { button, submit };
}

/** One checkbox per flag of `state.flags`, labelled by `${prefix}.${flag}`. */
export function flagChecks(prefix, flags, state) {
  return flags.map((f) =>
    checkbox(t(`${prefix}.${f}`), state.flags[f], (e) => {
      state.flags[f] = e.target.checked;
    }, f));
}

/** The conditions fieldset: the given checkboxes in a grid. */
export function conditions(...boxes) {
  return h("fieldset", {}, h("legend", {}, t("score.conditions")), h("div", { class: "checks" }, ...boxes));
}

/**
 * A calculator page: the hand editor and winning-tile picker (built first, so `fields` can
 * use them), the meld list, the page's own `fields`, Calculate, and the output that shows
 * `state.result` through `resultView` (or `state.error`). `self` is the page's render, which
 * the meld list and `rerender` call to draw the page again.
 */
export function calculatorPage(main, route, self, spec) {
  const { state, title, lead, url, requestBody, resultView, meldKinds, editor: editorOptions } = spec;
  const rerender = () => {
    main.replaceChildren();
    self(main, route);
  };
  const output = h("div", { class: "output" });
  const showOutput = () =>
    output.replaceChildren(state.error ? errorBox(state.error) : "", state.result ? resultView(state.result) : "");

  const picker = winPicker(state);
  const editor = handEditor(state, {
    label: t("hand.label"),
    max: concealedMax(state.melds),
    ...editorOptions,
    onChange: (tiles) => picker.update(tiles),
  });
  picker.update(editor.tiles());

  const { button: run, submit: calculate } = calculateAction(url, state, requestBody, showOutput, output);
  main.append(
    h("h1", {}, title),
    h("p", { class: "lead" }, lead),
    h(
      "div",
      { class: "two-col" },
      h(
        "form",
        { class: "panel", onsubmit: calculate, novalidate: true, "aria-label": title },
        editor.element,
        picker.element,
        meldList(state, meldKinds, rerender),
        ...spec.fields(rerender),
        h("div", { class: "actions" }, run),
      ),
      output,
    ),
  );
  showOutput();
}
