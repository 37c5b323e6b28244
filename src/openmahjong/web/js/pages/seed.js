// Seed verification, computed in this browser by fairness.js. The server only describes the
// walls it knows (GET /api/tools/walls, through rulesets.js) and, for a chosen preset, the wall
// that preset deals from (GET /api/tools/walls/{ruleset}/{preset}: Battle of Asura's adds each
// hand's exchange direction); the seed never leaves the page, and the shuffles, deals and
// directions are recomputed here.
//
// Fields can be filled from the address: #/tools/seed?seed=HEX&salt=S&commitment=C&ruleset=mcr
// &preset=P&hands=8&players=a,b,c,d (the end-of-game screen links here that way).

import { checkbox, drawWhenLoaded, errorBox, field, h, revealOutput, select } from "../dom.js";
import { getJson } from "../api.js";
import { errorText, presetName, t } from "../i18n.js";
import {
  commitment,
  formatCommitment,
  parseCommitment,
  parseMasterSeed,
  SeedError,
  verify,
} from "../fairness.js";
import { loadRulesets, loadWalls, rulesetName } from "../rulesets.js";
import { sortTiles } from "../tiles.js";
import { tileMarkup, tilesMarkup } from "../tile-svg.js";

const MAX_HANDS = 64;
const EXAMPLE_SEED = "1234567890abcdef".repeat(4);
const EXAMPLE_SALT = "0123456789abcdef0123456789abcdef";

const state = {
  seed: "",
  salt: "",
  commitment: "",
  ruleset: null, // the first wall the server lists until one is chosen
  preset: "", // "": none, the ruleset's own wall (as seed verify without --preset)
  hands: 4,
  players: ["p1", "p2", "p3", "p4"],
  redFives: true,
  report: null,
  error: null,
  fromQuery: "",
};

let walls = {};
let presets = {}; // each installed ruleset's presets, as GET /api/rooms/rulesets lists them
const presetWalls = new Map(); // "ruleset/preset" -> the promise of that preset's wall

/** The presets offered for the chosen wall's ruleset (none for a wall with no ruleset). */
function presetsOfRuleset() {
  return Object.hasOwn(presets, state.ruleset) ? presets[state.ruleset] : [];
}

/** The wall to verify with: the chosen preset's, asked of the server once, else the ruleset's. */
function wallToVerify() {
  const wall = chosenWall();
  if (!state.preset) return Promise.resolve(wall);
  const key = `${state.ruleset}/${state.preset}`;
  if (!presetWalls.has(key)) {
    const url = `/api/tools/walls/${encodeURIComponent(state.ruleset)}/${encodeURIComponent(state.preset)}`;
    const asked = getJson(url);
    asked.catch(() => presetWalls.delete(key)); // a failed answer is asked again next time
    presetWalls.set(key, asked);
  }
  return presetWalls.get(key);
}

/** The chosen wall: the state's, else the first the server lists. */
function chosenWall() {
  if (!(state.ruleset in walls)) state.ruleset = Object.keys(walls)[0] || null;
  return walls[state.ruleset];
}

function readQuery(query) {
  const key = query.toString();
  if (!key || key === state.fromQuery) return false;
  state.fromQuery = key;
  if (query.has("seed")) state.seed = query.get("seed");
  if (query.has("salt")) state.salt = query.get("salt");
  if (query.has("commitment")) state.commitment = query.get("commitment");
  if (query.has("ruleset") && Object.hasOwn(walls, query.get("ruleset"))) state.ruleset = query.get("ruleset");
  state.preset = "";
  if (query.has("preset") && presetsOfRuleset().includes(query.get("preset"))) state.preset = query.get("preset");
  if (query.has("hands")) state.hands = Number(query.get("hands")) || state.hands;
  if (query.has("players")) {
    const names = query.get("players").split(",");
    if (names.length === 4) state.players = names;
  }
  return query.has("seed") && query.has("salt");
}

function compute(wall) {
  const masterSeed = parseMasterSeed(state.seed);
  if (!state.salt) throw new SeedError("no salt", "seed.err.salt");
  const claimed = state.commitment.trim() ? parseCommitment(state.commitment) : null;
  const hands = Number(state.hands);
  if (!Number.isInteger(hands) || hands < 1 || hands > MAX_HANDS) {
    throw new SeedError("hands out of range", "seed.err.hands", { max: MAX_HANDS });
  }
  const players = state.players.map((p) => p.trim());
  if (players.some((p) => !p) || new Set(players).size !== players.length) {
    throw new SeedError("bad players", "seed.err.players");
  }
  return verify({
    masterSeed,
    salt: state.salt,
    wall,
    hands,
    players,
    claimed,
    redFives: state.redFives,
  });
}

function wallGrid(wall) {
  return wall
    .map((code, i) => `<span class="wall-cell">${tileMarkup(code)}<span>${i}</span></span>`)
    .join("");
}

function handView(report, hand) {
  const names = report.seat_order;
  const wallBox = h("div", { class: "wall-grid", "data-testid": "wall" });
  const wall = h(
    "details",
    {
      ontoggle: (e) => {
        // Drawn on first opening: a long game has thousands of wall tiles.
        if (e.target.open && !wallBox.firstChild) wallBox.innerHTML = wallGrid(hand.wall);
      },
    },
    h("summary", {}, t("seed.showWall")),
    h("p", { class: "muted" }, t("seed.wall", { n: hand.wall.length })),
    wallBox,
  );
  return h(
    "section",
    { class: "panel hand", "data-hand": hand.hand_number },
    h("h3", {}, t("seed.hand", { n: hand.hand_number })),
    h("p", {}, h("strong", {}, t("seed.handSeed")), " ",
      h("span", { class: "mono", "data-testid": "hand-seed" }, hand.hand_seed_hex)),
    directionLine(hand),
    h("p", { class: "muted" }, t("seed.dealt")),
    hand.dealt.map((tiles, seat) =>
      h(
        "div",
        { class: "dealt-row", "data-seat": seat },
        h("span", { class: "who" }, `${t("seed.seat")} ${seat} · ${names[seat]}`,
          seat === report.dealer ? ` (${t("seed.dealerMark")})` : ""),
        h("span", { class: "tiles small", html: tilesMarkup(sortTiles(tiles)) }),
      )),
    wall,
  );
}

/** The hand's exchange of three tiles, when its wall has one (Asura, Sichuan): the direction
 *  drawn from the hand seed and where each seat's tiles go. */
function directionLine(hand) {
  if (!hand.exchange_direction) return "";
  const dir = hand.exchange_direction;
  const key = `seed.dir.${dir}`;
  const words = t(key) === key ? dir : t(key);
  return h("p", { class: "exchange-direction", "data-testid": "exchange-direction", "data-direction": dir },
    h("strong", {}, t("seed.exchange")), " ", words);
}

/** The same check with the Python tool, for anyone who prefers not to trust this page. */
function cliCommand(report, preset) {
  const quote = (v) => (/^[\w.,:-]+$/.test(v) ? v : `'${v.replace(/'/g, "'\\''")}'`);
  const parts = ["openmahjong seed verify", `--master-seed ${report.master_seed}`,
    `--salt ${quote(report.salt)}`, `--ruleset ${report.ruleset}`, `--hands ${report.hands.length}`,
    `--players ${quote(report.entry_order.join(","))}`];
  if (preset) parts.push(`--preset ${quote(preset)}`);
  if (state.commitment.trim()) parts.push(`--commitment ${quote(state.commitment.trim())}`);
  if (walls[report.ruleset] && walls[report.ruleset].red_fives && !state.redFives) parts.push("--no-red-fives");
  return parts.join(" ");
}

function reportView(report, preset) {
  const status =
    report.commitment_matches === null
      ? h("p", { class: "status-info", "data-testid": "commitment-status" }, t("seed.noClaim"))
      : report.commitment_matches
        ? h("p", { class: "status-ok", "data-testid": "commitment-status", "data-match": "yes" }, "✓ " + t("seed.match"))
        : h("p", { class: "status-bad", "data-testid": "commitment-status", "data-match": "no" }, "✗ " + t("seed.mismatch"));
  return h(
    "div",
    { class: "report", "aria-live": "polite" },
    h(
      "section",
      { class: "panel" },
      h("h2", {}, t("seed.commitmentComputed")),
      status,
      // The published form first (what the table showed during the game), then the integer.
      h("p", { class: "mono", "data-testid": "commitment" }, formatCommitment(BigInt(report.commitment))),
      h("p", { class: "mono muted", "data-testid": "commitment-decimal" }, report.commitment),
      h("p", { class: "muted" }, t(`seed.field.${report.hand_number_field}`)),
      h("details", {},
        h("summary", {}, t("seed.cli")),
        h("p", { class: "mono", "data-testid": "cli" }, cliCommand(report, preset))),
      h("h2", {}, t("seed.seats")),
      h("ol", { class: "seat-list", start: "0", "data-testid": "seat-order" },
        report.seat_order.map((name, seat) =>
          h("li", { "data-seat": seat },
            h("strong", {}, `${t("seed.seat")} ${seat}`),
            h("span", { class: "player" }, name),
            seat === report.dealer ? h("span", { class: "muted" }, `(${t("seed.dealerMark")})`) : ""))),
    ),
    report.hands.map((hand) => handView(report, hand)),
  );
}

let wallsLoaded = false;

/** The page; the first visit asks the server for its walls, then draws the form. */
export function render(main, route) {
  if (wallsLoaded) {
    draw(main, route);
    return;
  }
  const drawWith = ([known, installed]) => {
    walls = known;
    presets = Object.fromEntries(Object.entries(installed).map(([name, info]) => [name, info.presets || []]));
    wallsLoaded = true;
    draw(main, route);
  };
  // Without the rulesets list the page still verifies every wall, with no preset to choose.
  const load = () => Promise.all([loadWalls(), loadRulesets().catch(() => ({}))]);
  drawWhenLoaded(main, t("seed.title"), t("common.working"), load, drawWith, errorText);
}

function draw(main, route) {
  chosenWall();
  const autoRun = readQuery(route.query);
  const output = h("div", { class: "output" });
  const show = () => {
    output.replaceChildren(
      state.error ? errorBox(errorText(state.error)) : "",
      state.report ? reportView(state.report, state.reportPreset) : "",
    );
  };
  const settle = (work) => {
    try {
      state.report = work();
      state.reportPreset = state.preset;
      state.error = null;
    } catch (err) {
      state.report = null;
      state.error = err;
    }
    show();
  };
  // Without a preset the answer is drawn at once; a preset's wall may have to be asked for
  // first, and only the latest run's answer is shown.
  let runs = 0;
  const run = () => {
    const mine = ++runs;
    if (!state.preset) {
      settle(() => compute(chosenWall()));
      return Promise.resolve();
    }
    return wallToVerify().then(
      (wall) => { if (mine === runs) settle(() => compute(wall)); },
      (err) => { if (mine === runs) settle(() => { throw err; }); },
    );
  };
  const runAndReveal = () => {
    run().then(() => {
      if (main.isConnected) revealOutput(output);
    });
  };

  const input = (key, attrs = {}) =>
    h("input", {
      type: "text",
      name: key,
      value: state[key],
      autocomplete: "off",
      spellcheck: "false",
      autocapitalize: "off",
      class: "mono",
      ...attrs,
      oninput: (e) => {
        state[key] = e.target.value;
      },
    });
  const rulesetSelect = select(
    Object.entries(walls).map(([name, wall]) => [name, `${rulesetName(name)} (${wall.size})`]),
    state.ruleset,
    (e) => {
      state.ruleset = e.target.value;
      redBox.hidden = !chosenWall().red_fives;
      handsHelp.textContent = t("seed.handsHelp", { field: chosenWall().hand_number });
      state.preset = "";
      fillPresets();
    },
    { name: "ruleset" },
  );
  const presetSelect = select([], "", (e) => {
    state.preset = e.target.value;
  }, { name: "preset" });
  const presetField = field(t("seed.preset"), presetSelect, t("seed.presetHelp"));
  const fillPresets = () => {
    const offered = presetsOfRuleset();
    presetSelect.replaceChildren(
      ...[["", t("seed.noPreset")], ...offered.map((p) => [p, presetName(p)])].map(([v, text]) =>
        h("option", { value: v }, text)),
    );
    presetSelect.value = state.preset;
    presetField.hidden = offered.length === 0;
  };
  fillPresets();
  const redBox = checkbox(t("seed.redFives"), state.redFives, (e) => {
    state.redFives = e.target.checked;
  }, "red_fives");
  redBox.hidden = !chosenWall().red_fives;
  const hands = h("input", {
    type: "number", name: "hands", min: "1", max: String(MAX_HANDS), inputmode: "numeric",
    value: String(state.hands),
    oninput: (e) => {
      state.hands = e.target.value;
    },
  });
  const handsField = field(t("seed.hands"), hands,
    t("seed.handsHelp", { field: chosenWall().hand_number }));
  const handsHelp = handsField.querySelector(".help");
  const players = state.players.map((name, i) =>
    field(t("seed.player", { n: i + 1 }), h("input", {
      type: "text", name: `player-${i}`, value: name, autocomplete: "off",
      oninput: (e) => {
        state.players[i] = e.target.value;
      },
    })));

  const form = h(
    "form",
    {
      class: "panel",
      novalidate: true,
      "aria-label": t("seed.title"),
      onsubmit: (e) => {
        e.preventDefault();
        runAndReveal();
      },
    },
    field(t("seed.masterSeed"), input("seed", { placeholder: "0123…cdef (64)", maxlength: "80" }), t("seed.masterHelp")),
    field(t("seed.salt"), input("salt")),
    field(t("seed.commitment"), input("commitment", { autocapitalize: "off", spellcheck: "false" }), t("seed.commitmentHelp")),
    h("div", { class: "grid-2 top" }, field(t("common.ruleset"), rulesetSelect), handsField),
    presetField,
    redBox,
    h("fieldset", {}, h("legend", {}, t("seed.players")), h("div", { class: "grid-2" }, players)),
    h(
      "div",
      { class: "actions" },
      h("button", { type: "submit", class: "primary-action" }, t("seed.verify")),
      h("button", {
        type: "button",
        class: "secondary",
        onclick: () => {
          state.seed = EXAMPLE_SEED;
          state.salt = EXAMPLE_SALT;
          state.commitment = formatCommitment(commitment(BigInt("0x" + EXAMPLE_SEED), EXAMPLE_SALT));
          state.runOnRender = true;
          main.replaceChildren();
          render(main, route);
        },
      }, t("seed.example")),
    ),
  );

  main.append(
    h("h1", {}, t("seed.title")),
    h("p", { class: "lead" }, t("seed.lead")),
    form,
    output,
  );
  if (autoRun || state.runOnRender) {
    state.runOnRender = false;
    run();
  }
  else show();
}
