"""What the web client shows differently for Riichi (``Ruleset.client_info``).

Every text is an i18n key of the client's message tables (``web/js/i18n*.js``), never English:
the client translates it. ``docs/web-client.md`` ("Ruleset data") describes each key.
"""

from __future__ import annotations

from typing import Any

from openmahjong.rules.riichi.game.options import PRESETS

__all__ = ["client_info"]


def client_info() -> dict[str, Any]:
    return {
        "label": "common.riichi",
        "default_preset": "majsoul-tonpuu",
        # Calls and wins keep the shared words (act.chi "Chi", act.ron "Ron", ...).
        "words": {},
        "table": {"dead_wall": 14, "dora": True, "sticks": True, "flowers": False},
        # Table keys that apply when a table's option is on (its options say so, whatever
        # the preset): Battle of Asura (majsoul-asura, docs/riichi-asura.md) opens each hand
        # with an exchange of any three tiles (view.choice) in one of these directions, and
        # winners sit out with their hands hidden until the hand ends (seats_public[s].won,
        # revealed; table.stage, exchange_direction, wins as for Sichuan).
        "option_tables": {
            "asura": {
                "exchange": {
                    "count": 3,
                    "same_suit": False,
                    "directions": ["clockwise", "counterclockwise", "across"],
                },
                "bloody": True,
                "winners_hidden": True,
            }
        },
        # Which presets turn each of those options on (a room knows only its preset's name
        # and its rule overrides): web/js/option-tables.js.
        "option_presets": {
            "asura": sorted(name for name, options in PRESETS.items() if options.asura)
        },
        "lobby": [
            {
                "option": "length",
                "label": "lobby.length",
                "blank": "lobby.presetLength",
                "values": {"4": "lobby.east", "8": "lobby.half"},
            },
            {"option": "red_fives", "label": "lobby.redFives"},
        ],
    }
