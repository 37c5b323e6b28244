"""What the web client shows differently for Qingque (``Ruleset.client_info``), with its own
words in English, Chinese and Japanese (a plugin's ``messages``)."""

from __future__ import annotations

from typing import Any

__all__ = ["client_info", "MESSAGES"]

_WORDS = ("tsumo", "ron", "chi", "pon", "minkan", "ankan", "kakan")

MESSAGES: dict[str, dict[str, str]] = {
    "en": {"qingque.name": "Qingque", "qingque.seatChange": "Seats drawn again from the hand seed"},
    "zh": {"qingque.name": "青雀", "qingque.seatChange": "按本局种子重新随机座位"},
    "ja": {"qingque.name": "青雀（チンチュエ）", "qingque.seatChange": "局シードで席を再抽選"},
}


def client_info() -> dict[str, Any]:
    return {
        "label": "qingque.name",
        "default_preset": "qingque-1round",
        "words": {kind: f"mcrAct.{kind}" for kind in _WORDS},
        "table": {"dead_wall": 0, "dora": False, "sticks": False, "flowers": False},
        "lobby": [
            {
                "option": "rounds",
                "label": "lobby.length",
                "blank": "lobby.presetLength",
                "values": {"1": "lobby.mcrEast", "2": "lobby.mcrHalf", "4": "lobby.mcrFull"},
            },
        ],
        "messages": MESSAGES,
    }
