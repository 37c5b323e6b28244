// The lobby: sign in (account or guest), the room list, the create-room form with every option
// the server accepts (docs/server.md, Rooms), and "play against 3 bots" in one click.
//
// The rulesets, their presets and their rule fields come from the server (rulesets.js): each
// ruleset's client object lists the options the form offers, and its option schema says what
// each one is (an enum becomes a select, a boolean a checkbox).

import { getJson, postJson } from "../api.js";
import { checkbox, errorBox, field, h, select } from "../dom.js";
import { errorText, presetName, t } from "../i18n.js";
import { defaultPreset, defaultRuleset, lobbyFields, loadRulesets, roomName, rulesetName } from "../rulesets.js";
import { currentUser, guest, login, logout, register } from "../session.js";
import { rankedLines } from "../rank-lines.js";

const form = {
  name: "",
  ruleset: null, // the server's default ruleset until one is chosen
  preset: null, // the ruleset's default preset until one is chosen
  rules: {}, // by ruleset: {option: value}; a select's "" keeps the preset's value
  move_seconds: 5,
  bank_seconds: 20,
  call_protection: true,
  protection_delay: 1.3,
  catch_up_first: 0.7,
  catch_up_second: 0.5,
  tactical_calls: "auto",
  spectators: true,
  spectator_delay: 10,
  hand_end_seconds: 10,
  password: "",
  master_seed: "",
};
const auth = { name: "", password: "" };

/** The form's rule values for one ruleset ({option: value}). */
function ruleValues(f, ruleset) {
  if (!f.rules[ruleset]) f.rules[ruleset] = {};
  return f.rules[ruleset];
}

/** A select's text value as the schema types it (an integer option gets a number). */
function typed(value, type) {
  if (type === "integer" || type === "number") return Number(value);
  if (type === "boolean") return value === "true";
  return value;
}

/** The `rules` of POST /api/rooms: the changes to the preset the form's rule fields make. A
 *  select left on "as the preset", an empty number or text and an untouched checkbox change
 *  nothing. */
export function ruleChanges(f, info) {
  const values = (f.rules || {})[f.ruleset] || {};
  const rules = {};
  for (const field of lobbyFields(info)) {
    const value = values[field.option];
    if (field.kind === "checkbox") {
      if (value !== undefined) rules[field.option] = !!value; // once touched, what it shows
    } else if (field.kind === "select") {
      if (value && field.choices.some(([v]) => v === String(value))) rules[field.option] = typed(value, field.type);
    } else if (value !== undefined && String(value).trim() !== "") {
      // A number or text typed in; the server's schema checks it (a 422 names the field).
      rules[field.option] = typed(String(value).trim(), field.type);
    }
  }
  return rules;
}

/** The body of POST /api/rooms for the form's current values; `info` is the chosen ruleset's
 *  entry in GET /api/rooms/rulesets. */
export function roomBody(f, info) {
  const rules = ruleChanges(f, info);
  const body = {
    name: (f.name || "").trim() || t("lobby.defaultName"),
    ruleset: f.ruleset,
    preset: f.preset,
    rules,
    table: {
      move_seconds: Number(f.move_seconds),
      bank_seconds: Number(f.bank_seconds),
      call_protection: !!f.call_protection,
      protection_delay: Number(f.protection_delay),
      catch_up_first: Number(f.catch_up_first),
      catch_up_second: Number(f.catch_up_second),
      tactical_calls: f.tactical_calls === "auto" ? null : f.tactical_calls === "on",
      spectators: !!f.spectators,
      spectator_delay: Number(f.spectator_delay),
      hand_end_seconds: Number(f.hand_end_seconds),
    },
  };
  if (f.password) body.password = f.password;
  if ((f.master_seed || "").trim()) body.master_seed = f.master_seed.trim();
  return body;
}

function authSection(user, rerender) {
  const box = h("section", { class: "panel", "aria-labelledby": "acct-h" }, h("h2", { id: "acct-h" }, t("lobby.account")));
  const out = h("div", { "aria-live": "polite" });
  if (user) {
    box.append(
      h("p", { "data-testid": "signed-in" }, t("lobby.signedIn", { name: user.name }),
        user.is_guest ? ` (${t("lobby.guest")})` : ""),
      h("div", { class: "button-row" },
        h("a", { class: "button", href: `#/player/${user.id}` }, t("lobby.myGames")),
        h("a", { class: "button", href: "#/account" }, t("nav.account")),
        h("button", { type: "button", onclick: async () => { await logout(); rerender(); } }, t("lobby.logout"))),
    );
    return box;
  }
  const run = (fn) => async (event) => {
    event.preventDefault();
    out.replaceChildren(h("p", { class: "muted" }, t("common.working")));
    try {
      await fn();
      rerender();
    } catch (err) {
      out.replaceChildren(errorBox(errorText(err)));
    }
  };
  const nameInput = h("input", { name: "account-name", autocomplete: "username", value: auth.name, oninput: (e) => { auth.name = e.target.value; } });
  const passInput = h("input", { name: "account-password", type: "password", autocomplete: "current-password", value: auth.password, oninput: (e) => { auth.password = e.target.value; } });
  box.append(
    h("form", { class: "auth-form", onsubmit: run(() => login(auth.name, auth.password)) },
      field(t("lobby.name"), nameInput),
      field(t("lobby.password"), passInput, t("lobby.passwordHelp")),
      h("div", { class: "button-row" },
        h("button", { type: "submit", class: "primary" }, t("lobby.login")),
        h("button", { type: "button", onclick: run(() => register(auth.name, auth.password)) }, t("lobby.register")),
        h("button", { type: "button", onclick: run(() => guest()) }, t("lobby.asGuest")))),
    out,
  );
  return box;
}

async function playBots(out, user, rulesets) {
  out.replaceChildren(h("p", { class: "muted" }, t("common.working")));
  try {
    const body = roomBody({ ...form, name: t("lobby.botsRoom", { name: user.name }), password: "", master_seed: "" }, rulesets[form.ruleset]);
    const room = await postJson("/api/rooms", body);
    window.location.hash = `#/room/${room.id}?bots=3&start=1`;
  } catch (err) {
    out.replaceChildren(errorBox(errorText(err)));
  }
}

function numberField(label, key, attrs) {
  return field(label, h("input", { type: "number", name: key, value: String(form[key]), inputmode: "decimal", ...attrs,
    oninput: (e) => { form[key] = e.target.value; } }));
}

/** The quick match's page for the form's ruleset and preset (`casual`: the unranked line). */
function quickHash(casual) {
  const base = `#/room/quick?ruleset=${encodeURIComponent(form.ruleset)}&preset=${encodeURIComponent(form.preset)}`;
  return casual ? `${base}&casual=1` : base;
}

/** A quick-match link: it follows the preset chosen in the form below since the page was drawn. */
function quickLink(testid, casual, text) {
  const link = h("a", { class: "button", "data-testid": testid, href: quickHash(casual),
    onclick: () => { link.href = quickHash(casual); } }, text);
  return link;
}

/** The form's preset as the ruleset names it: an alias the server lists (Riichi's MAJSOUL_TONPUU,
 *  from a link such as #/lobby?preset=MAJSOUL_TONPUU) becomes its canonical preset. */
export function canonicalPreset(rulesets, ruleset, preset) {
  const aliases = (rulesets[ruleset] || {}).aliases || {};
  return Object.prototype.hasOwnProperty.call(aliases, preset) ? aliases[preset] : preset;
}

/** The chosen ruleset (the server's default until one is chosen) and a preset it has. */
function settleChoice(rulesets) {
  if (!form.ruleset || !Object.hasOwn(rulesets, form.ruleset)) form.ruleset = defaultRuleset(rulesets);
  const info = rulesets[form.ruleset] || { presets: [] };
  if (form.preset) form.preset = canonicalPreset(rulesets, form.ruleset, form.preset);
  if (!info.presets.includes(form.preset)) form.preset = defaultPreset(info);
  return info;
}

/** The chosen ruleset's rule fields, generated from what the server sends: a select (with "as
 *  the preset" first) for an option with choices, a checkbox for a yes/no option. */
function ruleFieldsOf(info) {
  const values = ruleValues(form, form.ruleset);
  const selects = [];
  const boxes = [];
  for (const f of lobbyFields(info)) {
    if (f.kind === "checkbox") {
      const on = values[f.option] ?? f.default;
      boxes.push(checkbox(f.label, on, (e) => { values[f.option] = e.target.checked; }, f.option));
      continue;
    }
    if (f.kind === "select") {
      if (!f.choices.some(([v]) => v === values[f.option])) values[f.option] = "";
      selects.push(field(f.label, select([["", f.blank], ...f.choices], values[f.option],
        (e) => { values[f.option] = e.target.value; }, { name: f.option })));
      continue;
    }
    // A number or text left empty keeps the preset's value (its placeholder says so).
    const attrs = f.kind === "number"
      ? { type: "number", inputmode: "numeric", ...(f.min !== null ? { min: String(f.min) } : {}),
        ...(f.max !== null ? { max: String(f.max) } : {}), ...(f.step ? { step: String(f.step) } : {}) }
      : { type: "text", ...(f.maxLength ? { maxlength: String(f.maxLength) } : {}) };
    selects.push(field(f.label, h("input", { ...attrs, name: f.option, value: values[f.option] ?? "",
      placeholder: f.blank, oninput: (e) => { values[f.option] = e.target.value; } })));
  }
  return { selects, boxes };
}

function createSection(user, rulesets) {
  const out = h("div", { "aria-live": "polite" });
  const info = settleChoice(rulesets);
  const presets = info.presets;
  const rules = ruleFieldsOf(info);
  const submit = async (event) => {
    event.preventDefault();
    out.replaceChildren(h("p", { class: "muted" }, t("common.working")));
    try {
      const room = await postJson("/api/rooms", roomBody(form, rulesets[form.ruleset]));
      window.location.hash = `#/room/${room.id}`;
    } catch (err) {
      out.replaceChildren(errorBox(errorText(err)));
    }
  };
  const rerenderForm = () => section.replaceWith(createSection(user, rulesets));
  const section = h("section", { class: "panel", "aria-labelledby": "create-h" },
    h("h2", { id: "create-h" }, t("lobby.create")),
    h("form", { class: "room-form", onsubmit: submit, "data-testid": "create-room" },
      field(t("lobby.roomName"), h("input", { name: "room-name", value: form.name, maxlength: "64", oninput: (e) => { form.name = e.target.value; } })),
      h("div", { class: "form-grid" },
        field(t("common.ruleset"), select(Object.entries(rulesets).map(([r, i]) => [r, rulesetName(r, i)]), form.ruleset,
          (e) => { form.ruleset = e.target.value; rerenderForm(); }, { name: "ruleset" })),
        field(t("lobby.preset"), select(presets.map((p) => [p, presetName(p)]), form.preset, (e) => { form.preset = e.target.value; }, { name: "preset" })),
        ...rules.selects,
        numberField(t("lobby.moveSeconds"), "move_seconds", { min: "1", max: "300" }),
        numberField(t("lobby.bankSeconds"), "bank_seconds", { min: "0", max: "3600" }),
        numberField(t("lobby.handEndSeconds"), "hand_end_seconds", { min: "0", max: "120" }),
        field(t("lobby.tactical"), select([["auto", t("lobby.tacticalAuto")], ["on", t("lobby.on")], ["off", t("lobby.off")]], form.tactical_calls,
          (e) => { form.tactical_calls = e.target.value; }, { name: "tactical_calls" }), t("lobby.tacticalHelp")),
      ),
      ...rules.boxes,
      checkbox(t("lobby.protection"), form.call_protection, (e) => { form.call_protection = e.target.checked; }, "call_protection"),
      h("div", { class: "form-grid" },
        numberField(t("lobby.protectionDelay"), "protection_delay", { min: "0", max: "10", step: "0.1" }),
        numberField(t("lobby.catchUp1"), "catch_up_first", { min: "0", max: "10", step: "0.1" }),
        numberField(t("lobby.catchUp2"), "catch_up_second", { min: "0", max: "10", step: "0.1" }),
      ),
      checkbox(t("lobby.spectators"), form.spectators, (e) => { form.spectators = e.target.checked; }, "spectators"),
      h("div", { class: "form-grid" }, numberField(t("lobby.spectatorDelay"), "spectator_delay", { min: "0", max: "600", step: "1" })),
      h("div", { class: "form-grid" },
        field(t("lobby.roomPassword"), h("input", { name: "room-password", type: "password", autocomplete: "new-password", value: form.password, oninput: (e) => { form.password = e.target.value; } })),
        field(t("lobby.seed"), h("input", { name: "master-seed", value: form.master_seed, spellcheck: "false", oninput: (e) => { form.master_seed = e.target.value; } }), t("lobby.seedHelp")),
      ),
      h("button", { type: "submit", class: "primary", disabled: !user }, t("lobby.createButton")),
      user ? null : h("p", { class: "help" }, t("lobby.signInFirst")),
    ),
    out);
  return section;
}

/** Whether a listed room is live. The server lists only live rooms (a game played there, or an
 *  open lobby); a closed one that still comes (an older server) is left out here. */
export function isLive(room) {
  return room.status !== "closed";
}

function roomsSection(rooms, rulesets) {
  const list = h("ul", { class: "room-list", "data-testid": "rooms" });
  rooms = rooms.filter(isLive);
  for (const r of rooms) {
    list.append(h("li", { "data-room": r.id },
      h("a", { href: `#/room/${r.id}`, class: "room-link" },
        h("strong", {}, roomName(r, rulesets)), " ",
        h("span", { class: "muted" }, `${rulesetName(r.ruleset, rulesets[r.ruleset])} · ${r.preset ? presetName(r.preset) : ""}`),
        r.has_password ? h("span", { class: "badge" }, t("lobby.locked")) : null,
        r.supplied_seed ? h("span", { class: "badge seed-flag", "data-testid": "seed-flag", title: t("seed.flagTitle") }, t("seed.flag")) : null,
        h("span", { class: "badge" }, t(`room.${r.status}`)),
        r.casual ? h("span", { class: "badge casual", "data-testid": "casual-flag", title: t("lobby.casualHelp") }, t("lobby.casual")) : null,
        r.seats ? h("span", { class: "badge seats", "data-testid": "seat-count" }, t("lobby.seats", { n: r.seated ?? 0, total: r.seats })) : null,
        r.owner ? h("span", { class: "muted" }, ` ${r.owner.name}`) : null)));
  }
  return h("section", { class: "panel", "aria-labelledby": "rooms-h" }, h("h2", { id: "rooms-h" }, t("lobby.rooms")),
    rooms.length ? list : h("p", { class: "muted" }, t("lobby.noRooms")));
}

export async function render(main, route) {
  main.append(h("h1", {}, route.title), h("p", { class: "lead" }, t("lobby.lead")));
  const body = h("div", { class: "lobby" }, h("p", { class: "muted" }, t("common.working")));
  main.append(body);
  const rerender = () => { main.replaceChildren(); render(main, route); };
  let user;
  let rulesets = {};
  let rooms = [];
  try {
    [user, rulesets, rooms] = await Promise.all([currentUser(), loadRulesets(), getJson("/api/rooms")]);
  } catch (err) {
    body.replaceChildren(errorBox(errorText(err)));
    return;
  }
  settleChoice(rulesets);
  const asked = route.query && route.query.get("preset");  // a link may name a preset (or an alias)
  if (asked && rulesets[form.ruleset]) form.preset = canonicalPreset(rulesets, form.ruleset, asked);
  const quickOut = h("div", { "aria-live": "polite" });
  const quick = h("section", { class: "panel quick", "aria-labelledby": "quick-h" },
    h("h2", { id: "quick-h" }, t("lobby.play")),
    h("div", { class: "button-row" },
      h("button", { type: "button", class: "primary big", "data-testid": "play-bots", disabled: !user, onclick: () => playBots(quickOut, user, rulesets) }, t("lobby.playBots")),
      user ? quickLink("quick-match", false, t("lobby.quickMatch")) : null,
      // The same preset's unranked line (Mahjong Soul's Casual Room): its games never count.
      user ? quickLink("casual-match", true, t("lobby.casualMatch")) : null),
    user ? h("p", { class: "help" }, t("lobby.quickHelp")) : null,
    user ? h("p", { class: "help" }, t("lobby.casualHelp")) : null,
    // The ranked lines per room tier, each with its rank gate (a locked one says why).
    user ? rankedLines(user, () => ({ ruleset: form.ruleset, preset: form.preset, ranked: (rulesets[form.ruleset] || {}).ranked })) : null,
    user ? null : h("p", { class: "help" }, t("lobby.signInFirst")),
    quickOut);
  body.replaceChildren(authSection(user, rerender), quick, roomsSection(rooms, rulesets), createSection(user, rulesets));
}
