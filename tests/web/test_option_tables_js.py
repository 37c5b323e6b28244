"""option-tables.js: the one place the client merges a ruleset's ``option_tables`` into a table's
client data, for the ruleset entries the server really lists (``GET /api/rooms/rulesets``): an
Asura room by its preset (or an alias of it) or its rule overrides, an Asura record by its
header's options; other Riichi tables and Sichuan's keep their data as it is."""

from __future__ import annotations

import json
import subprocess

from openmahjong.rules.registry import get_ruleset
from openmahjong.server.rooms import ruleset_entry

from .jsrun import NODE, WEB, needs_node

pytestmark = needs_node

SCRIPT = """
import { readFileSync } from "node:fs";
const { tableOptions, withOptions } = await import(process.argv[1] + "/option-tables.js");
const { info, cases } = JSON.parse(readFileSync(0, "utf8"));
const out = cases.map((c) => {
  const on = tableOptions(info, c);
  const merged = withOptions(info, on);
  const again = JSON.stringify(withOptions(merged, on).client.table);
  const twice = again === JSON.stringify(merged.client.table);
  return { on, table: merged.client.table, same: merged === info, twice };
});
process.stdout.write(JSON.stringify(out));
"""


def merged(ruleset: str, cases: list[dict]) -> list[dict]:
    info = json.loads(json.dumps(ruleset_entry(get_ruleset(ruleset))))
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT, str(WEB / "js")],
        input=json.dumps({"info": info, "cases": cases}),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_an_asura_table_gets_the_exchange_and_keeps_riichis_pieces():
    alias = {a: p for a, p in get_ruleset("riichi").preset_aliases.items() if p == "majsoul-asura"}
    cases = [
        {"preset": "majsoul-asura"},
        {"options": {"asura": True, "length": 4}},
        {"preset": "majsoul-tonpuu", "rules": {"asura": True}},
        *({"preset": a} for a in alias),
    ]
    for got in merged("riichi", cases):
        assert got["on"] == {"asura": True}
        table = got["table"]
        assert table["exchange"]["same_suit"] is False and table["exchange"]["count"] == 3
        assert table["bloody"] is True and table["winners_hidden"] is True
        assert table["dora"] is True and table["sticks"] is True  # Riichi's own stay
        assert "void" not in table
        assert got["twice"]  # merging again changes nothing


def test_other_tables_keep_their_data():
    cases = [
        {"preset": "majsoul-tonpuu"},
        {"options": {"asura": False}},
        {"preset": "majsoul-asura", "rules": {"asura": False}},
        {},
    ]
    for got in merged("riichi", cases):
        assert got["same"] and "exchange" not in got["table"] and "bloody" not in got["table"]
    (sichuan,) = merged("sichuan", [{"preset": "majsoul-bloodshed"}])
    assert sichuan["same"] and sichuan["on"] == {}
    assert sichuan["table"]["void"] == ["m", "p", "s"]
