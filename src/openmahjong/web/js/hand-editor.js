// A hand editor: a text field in notation, the hand drawn as tiles (tap one to take it out) and
// an on-screen tile keyboard (tap to add). The text and the tiles always agree.

import { h, uid } from "./dom.js";
import { errorText, t, tileName } from "./i18n.js";
import { format, kind, parse, sortTiles, TileError } from "./tiles.js";
import { tileMarkup } from "./tile-svg.js";

const SUITS = [[11, 19], [21, 29], [31, 39]];

/**
 * state: {text} kept by the page across re-renders. Options: label, max (tiles), honors (show
 * the honor row), reds (show the red fives), onChange(tiles) after every valid change.
 */
export function handEditor(state, { label, max = 14, honors = true, reds = false, onChange } = {}) {
  let tiles = [];
  const id = uid("hand");
  const input = h("input", {
    id,
    type: "text",
    class: "hand-text",
    value: state.text || "",
    placeholder: t("hand.placeholder"),
    autocomplete: "off",
    autocapitalize: "off",
    spellcheck: "false",
    inputmode: "text",
    "aria-describedby": `${id}-help ${id}-error`,
  });
  const problem = h("p", { class: "error", id: `${id}-error`, "aria-live": "polite" });
  const count = h("span", { class: "hand-count", "aria-live": "polite" });
  const preview = h("div", { class: "hand-tiles", role: "group", "aria-label": label });
  const keys = new Map();

  function allowed(code) {
    if (tiles.length >= max) return false;
    const same = tiles.filter((x) => kind(x) === kind(code)).length;
    if (same >= 4) return false;
    if (code >= 100 && tiles.includes(code)) return false; // one red five per suit in a set
    return true;
  }

  function refresh(fromText) {
    count.textContent = t("hand.count", { n: tiles.length });
    if (!fromText) {
      input.value = format(tiles);
      state.text = input.value;
    }
    preview.replaceChildren(
      ...(tiles.length
        ? tiles.map((code, i) =>
            h("button", {
              type: "button",
              class: "tile-btn in-hand",
              "aria-label": t("hand.removeTile", { tile: tileName(code) }),
              "data-index": i,
              html: tileMarkup(code, { label: "" }),
              onclick: () => remove(i),
            }),
          )
        : [h("span", { class: "muted" }, t("hand.empty"))]),
    );
    for (const [code, button] of keys) button.disabled = !allowed(code);
    if (onChange) onChange([...tiles]);
  }

  function remove(i) {
    tiles.splice(i, 1);
    problem.textContent = "";
    refresh(false);
    const next = preview.querySelector(`[data-index="${Math.min(i, tiles.length - 1)}"]`);
    (next || input).focus();
  }

  function add(code) {
    if (!allowed(code)) return;
    tiles.push(code);
    problem.textContent = "";
    refresh(false);
  }

  function readText() {
    state.text = input.value;
    try {
      const parsed = parse(input.value);
      if (!honors && parsed.some((x) => x >= 41 && x <= 47)) {
        throw new TileError("no honors", "err.sichuanHonors");
      }
      tiles = parsed.filter((x) => !(x >= 51 && x <= 58));
      problem.textContent = "";
      input.removeAttribute("aria-invalid");
      refresh(true);
    } catch (err) {
      problem.textContent = errorText(err);
      input.setAttribute("aria-invalid", "true");
    }
  }
  input.addEventListener("input", readText);

  const rows = SUITS.map(([lo, hi]) => {
    const row = [];
    for (let c = lo; c <= hi; c++) row.push(c);
    return row;
  });
  if (honors) rows.push([41, 42, 43, 44, 46, 47, 45]);
  if (reds) rows.push([105, 205, 305]);
  const keyboard = h(
    "div",
    { class: "tile-keyboard", role: "group", "aria-label": t("hand.keyboard") },
    rows.map((row) =>
      h(
        "div",
        { class: "key-row" },
        row.map((code) => {
          const button = h("button", {
            type: "button",
            class: "tile-btn key",
            "data-tile": code,
            "aria-label": t("hand.add", { tile: tileName(code) }),
            title: tileName(code),
            html: tileMarkup(code, { label: "" }),
            onclick: () => add(code),
          });
          keys.set(code, button);
          return button;
        }),
      ),
    ),
  );

  const tools = h(
    "div",
    { class: "hand-tools" },
    count,
    h("button", {
      type: "button",
      class: "secondary",
      onclick: () => {
        tiles = sortTiles(tiles);
        refresh(false);
      },
    }, t("hand.sort")),
    h("button", {
      type: "button",
      class: "secondary",
      onclick: () => {
        tiles = [];
        problem.textContent = "";
        refresh(false);
        input.focus();
      },
    }, t("common.clear")),
  );

  const element = h(
    "div",
    { class: "hand-editor" },
    h("label", { for: id }, label),
    input,
    // A suited-only editor (Sichuan) names no red fives or honors it does not take.
    h("p", { class: "help", id: `${id}-help` }, t(honors ? "hand.help" : "hand.helpSuited")),
    problem,
    preview,
    tools,
    keyboard,
  );
  readText();
  return {
    element,
    input,
    tiles: () => [...tiles],
    valid: () => !input.hasAttribute("aria-invalid"),
  };
}

