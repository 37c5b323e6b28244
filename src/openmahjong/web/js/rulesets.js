// What differs between rulesets, as the server describes it: the page never branches on a
// ruleset's name. GET /api/rooms/rulesets lists every installed ruleset with its presets, its
// option schema, its wall and a `client` object (the ruleset's client_info(): i18n keys for its
// name and its words for calls and wins, the table's dead wall, dora, sticks and flowers, the
// lobby's rule fields). GET /api/tools/walls lists every wall the seed tool can rebuild. Each
// list is fetched once per page load and cached here; docs/web-client.md, "Ruleset data".

import { getJson } from "./api.js";
import { addMessages, presetName, t } from "./i18n.js";

let rulesetsPromise = null;
let wallsPromise = null;

/** Every installed ruleset by name, in the server's order (its default first). */
export function loadRulesets() {
  if (!rulesetsPromise) {
    rulesetsPromise = getJson("/api/rooms/rulesets").then((all) => {
      for (const info of Object.values(all)) addMessages(clientOf(info).messages);
      return all;
    });
    rulesetsPromise.catch(() => { rulesetsPromise = null; }); // a failed fetch is asked again
  }
  return rulesetsPromise;
}

/** Every wall the seed tool can rebuild by name (fairness.WallRuleset fields). */
export function loadWalls() {
  if (!wallsPromise) {
    wallsPromise = getJson("/api/tools/walls");
    wallsPromise.catch(() => { wallsPromise = null; });
  }
  return wallsPromise;
}

/** The cached lists are forgotten (tests that serve other rulesets). */
export function forgetRulesets() {
  rulesetsPromise = null;
  wallsPromise = null;
}

/** The ruleset the server lists first: the default wherever none is named. */
export function defaultRuleset(all) {
  return Object.keys(all || {})[0] || null;
}

/** The ruleset's `client` object ({} when the server sends none). */
export function clientOf(info) {
  return (info && info.client) || {};
}

/** A translated key, or `fallback` when no message table has it. */
function translated(key, fallback) {
  if (!key) return fallback;
  const text = t(key);
  return text === key ? fallback : text;
}

/** A ruleset's name for people: its client label key, else the shared common.<name>, else the
 *  name itself (a ruleset this client has no words for). */
export function rulesetName(name, info) {
  return translated(clientOf(info).label, null) ?? translated(`common.${name}`, name);
}

/** An action's name: the ruleset's own word for it (MCR's Chow, Pung, Kong), else the shared
 *  act.<type>, else the type itself. `client` is a ruleset's client object, or nothing. */
export function actionWord(type, client) {
  const own = ((client || {}).words || {})[type];
  return translated(own, null) ?? translated(`act.${type}`, type);
}

/** A preset the ruleset suggests (client.default_preset), else its first. */
export function defaultPreset(info) {
  const presets = (info && info.presets) || [];
  const wanted = clientOf(info).default_preset;
  return presets.includes(wanted) ? wanted : presets[0] || "";
}

/** Live wall tiles once the hands are dealt (13 a seat, the dealer one more), the dead wall
 *  apart: 136 - 14 - 53 = 69 for Riichi, 144 - 53 = 91 for MCR. */
export function liveAfterDeal(info) {
  if (!info || !info.wall) return 0;
  const seats = info.seats || 4;
  const dealt = 13 * seats + (info.wall.dealer_extra ? 1 : 0);
  return info.wall.size - ((clientOf(info).table || {}).dead_wall || 0) - dealt;
}

/** The lobby's field descriptions: the client's `lobby` list, or, from a ruleset that gives
 *  none, every option of its schema but its preset's `name`. */
function lobbySpecs(info, props) {
  const listed = clientOf(info).lobby;
  if (Array.isArray(listed)) return listed;
  return Object.keys(props).filter((option) => option !== "name").map((option) => ({ option }));
}

/** A rule field of the lobby form: the client's description of one option joined to the
 *  option's JSON schema. `kind` is "select" (an enum: `choices` are [value, label]),
 *  "checkbox" (a boolean), "number" (an integer or number: `min`, `max`) or "text". */
export function lobbyFields(info) {
  const props = ((info && info.options_schema) || {}).properties || {};
  const out = [];
  for (const spec of lobbySpecs(info, props)) {
    const schema = Object.hasOwn(props, spec.option) ? props[spec.option] : null;
    if (!schema) continue; // the ruleset's schema has no such option: nothing to send
    const label = translated(spec.label, schema.title || spec.option);
    const blank = translated(spec.blank, t("lobby.presetLength"));
    const base = { option: spec.option, label, type: schema.type, blank };
    if (schema.type === "boolean") {
      out.push({ ...base, kind: "checkbox", default: schema.default ?? false });
    } else if (Array.isArray(schema.enum)) {
      const values = spec.values || null;
      const offered = schema.enum.filter((v) => !values || Object.hasOwn(values, String(v)));
      out.push({ ...base, kind: "select",
        choices: offered.map((v) => [String(v), values ? translated(values[String(v)], String(v)) : String(v)]) });
    } else if (schema.type === "integer" || schema.type === "number") {
      out.push({ ...base, kind: "number", min: schema.minimum ?? null, max: schema.maximum ?? null,
        step: schema.type === "integer" ? 1 : null });
    } else if (schema.type === "string") {
      out.push({ ...base, kind: "text", maxLength: schema.maxLength ?? null });
    } // lists and objects (Riichi's uma) are left to the presets
  }
  return out;
}

/** A room's name: a matchmaking table's is worded here from its line (the stored one is
 *  English, "riichi majsoul-tonpuu (gold) (matchmaking)"); a typed one is shown as typed. */
export function roomName(r, rulesets) {
  if (!r.matchmaking) return r.name;
  const line = r.casual ? t("lobby.casual") : t(`tier.${r.tier || "bronze"}`);
  return t("lobby.matchRoom", { ruleset: rulesetName(r.ruleset, (rulesets || {})[r.ruleset]),
    preset: r.preset ? presetName(r.preset) : "", line });
}
