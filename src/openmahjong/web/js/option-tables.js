// A table's effective client data: the ruleset's `client.table`, with `client.option_tables`
// merged in for each option the table has on (Riichi's `asura`: Battle of Asura's exchange and
// winners sitting out, docs/riichi-asura.md). Every page that resolves a ruleset's client data
// for one table (the room, the replay, the replay engine) goes through `withOptions`, so the
// Sichuan pieces (exchange-picker.js, sichuan-view.js, sichuan-replay.js) light up on any
// table whose data says `exchange` / `bloody`, never by a ruleset's or preset's name.
//
// A table's options: a record's header has them all; a room knows its preset and its rule
// overrides, and the ruleset lists which presets turn each option on (`client.option_presets`).

/** The options of `options_tables`' keys a table has on: from a record header's options, or a
 *  room's preset (canonical or alias) and its rule overrides. */
export function tableOptions(info, { options = null, preset = null, rules = null } = {}) {
  const client = (info && info.client) || {};
  const out = {};
  const byPreset = client.option_presets || {};
  const canonical = preset && ((info && info.aliases) || {})[preset] ? info.aliases[preset] : preset;
  for (const key of Object.keys(client.option_tables || {})) {
    if (options && Object.hasOwn(options, key)) out[key] = !!options[key];
    else if (canonical && (byPreset[key] || []).includes(canonical)) out[key] = true;
    if (rules && Object.hasOwn(rules, key)) out[key] = !!rules[key];
  }
  return out;
}

/** `info` (a ruleset entry of GET /api/rooms/rulesets) with `client.table` merged with the
 *  option tables of every option `on` (from tableOptions, or a record header's options).
 *  `info` itself is not changed; with nothing to merge it is returned as is. */
export function withOptions(info, on) {
  const client = (info && info.client) || {};
  const tables = client.option_tables || {};
  const keys = Object.keys(tables).filter((key) => on && on[key]);
  if (!keys.length) return info;
  const table = { ...(client.table || {}) };
  for (const key of keys) Object.assign(table, tables[key]);
  return { ...info, client: { ...client, table, options_on: keys } };
}
