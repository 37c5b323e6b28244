"""What the web client shows differently for Sichuan Bloody (``Ruleset.client_info``).

Every text is an i18n key of the client's message tables (``web/js/i18n*.js``), never English:
the client translates it. ``docs/web-client.md`` ("Ruleset data") describes the shared keys;
``table.exchange`` and ``table.void`` are Sichuan's (docs/sichuan.md, "The match").
"""

from __future__ import annotations

from typing import Any

from openmahjong.tiles import SUITED

__all__ = ["client_info"]


def client_info() -> dict[str, Any]:
    return {
        "label": "common.sichuan",
        "default_preset": "majsoul-bloodshed",
        # Pon, kan and the wins keep the shared words; there is no chi and no riichi.
        "words": {},
        "table": {
            "dead_wall": 0,
            "dora": False,
            "sticks": False,
            "flowers": False,
            # The 27 suited kinds only: no honors (the client's hand tools offer no others).
            "kinds": list(SUITED),
            # Each hand starts with an exchange of three tiles of one suit (view.choice) in
            # one of these directions, then every seat declares a void suit (m, p or s).
            "exchange": {"count": 3, "directions": ["clockwise", "counterclockwise", "across"]},
            "void": ["m", "p", "s"],
            # Winners sit out and the hand goes on: their hands stay revealed.
            "bloody": True,
        },
        "lobby": [
            {"option": "hands", "label": "lobby.length"},
            {"option": "starting_points", "label": "lobby.startingPoints"},
        ],
    }
