"""What the web client shows differently for Changsha (``Ruleset.client_info``).

Texts are i18n keys of the client's tables, or (the plugin path of docs/rulesets.md, "What the
client is told") ``messages`` the ruleset brings in en / zh / ja.
"""

from __future__ import annotations

from typing import Any

from openmahjong.rules.changsha.scoring import NAMES
from openmahjong.tiles import SUITED

__all__ = ["client_info", "MESSAGES"]

MESSAGES: dict[str, dict[str, str]] = {
    "en": {"common.changsha": "Changsha", "table.birds": "Birds"},
    "zh": {"common.changsha": "长沙麻将", "table.birds": "扎鸟"},
    "ja": {"common.changsha": "長沙麻雀", "table.birds": "鳥"},
}
for _key, _names in NAMES.items():
    for _lang, _text in _names.items():
        MESSAGES[_lang][f"changsha.{_key}"] = _text


def client_info() -> dict[str, Any]:
    return {
        "label": "common.changsha",
        "default_preset": "changsha-standard",
        "messages": MESSAGES,
        # Chi, pon, kan and the wins keep the shared words; there is no riichi.
        "words": {},
        "table": {
            "dead_wall": 0,
            "dora": False,
            "sticks": False,
            "flowers": False,
            "kinds": list(SUITED),
        },
        "lobby": [
            {"option": "hands", "label": "lobby.length"},
            {"option": "starting_points", "label": "lobby.startingPoints"},
        ],
    }
