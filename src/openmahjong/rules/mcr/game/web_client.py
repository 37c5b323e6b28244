"""What the web client shows differently for MCR (``Ruleset.client_info``).

Every text is an i18n key of the client's message tables (``web/js/i18n*.js``), never English:
the client translates it. ``docs/web-client.md`` ("Ruleset data") describes each key.
"""

from __future__ import annotations

from typing import Any

__all__ = ["client_info"]

#: MCR names its calls and wins in its own words (Chow, Pung, Kong, 和牌).
_WORDS = ("tsumo", "ron", "chi", "pon", "minkan", "ankan", "kakan")


def client_info() -> dict[str, Any]:
    return {
        "label": "common.mcr",
        "default_preset": "mcr-1round",
        "words": {kind: f"mcrAct.{kind}" for kind in _WORDS},
        "table": {"dead_wall": 0, "dora": False, "sticks": False, "flowers": True},
        # Winning shapes beyond those every ruleset shares (the waits help, web/js/waits.js).
        "shapes": ["knitted"],
        "lobby": [
            {
                "option": "rounds",
                "label": "lobby.length",
                "blank": "lobby.presetLength",
                "values": {"1": "lobby.mcrEast", "2": "lobby.mcrHalf", "4": "lobby.mcrFull"},
            },
        ],
    }
