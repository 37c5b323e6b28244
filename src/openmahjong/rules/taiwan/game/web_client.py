"""What the web client shows differently for Taiwan (``Ruleset.client_info``), with its own
words in English, Chinese and Japanese (a plugin's ``messages``)."""

from __future__ import annotations

from typing import Any

__all__ = ["client_info", "MESSAGES"]

_WORDS = ("tsumo", "ron", "chi", "pon", "minkan", "ankan", "kakan")

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "taiwan.name": "Taiwan 16-tile",
        "taiwan.tai": "{n} tai",
        "taiwan.total": "{tai} tai in all (hand {hand}, dealer {dealer})",
        "taiwan.stakes": "Base {base} + {per_tai} a tai",
        "taiwan.pays": "{who} pays {n}",
        "taiwan.repeats": "Dealer repeats: {n}",
        "taiwan.yiquan": "One round (一圈)",
        "taiwan.yijiang": "Four rounds (一將)",
    },
    "zh": {
        "taiwan.name": "台湾十六张",
        "taiwan.tai": "{n} 台",
        "taiwan.total": "共 {tai} 台（牌型 {hand}，庄家 {dealer}）",
        "taiwan.stakes": "底 {base}，每台 {per_tai}",
        "taiwan.pays": "{who} 支付 {n}",
        "taiwan.repeats": "连庄 {n}",
        "taiwan.yiquan": "一圈",
        "taiwan.yijiang": "一将（四圈）",
    },
    "ja": {
        "taiwan.name": "台湾麻雀（十六張）",
        "taiwan.tai": "{n} 台",
        "taiwan.total": "合計 {tai} 台（手役 {hand}・親 {dealer}）",
        "taiwan.stakes": "底 {base}・1台 {per_tai}",
        "taiwan.pays": "{who} が {n} を支払う",
        "taiwan.repeats": "連荘 {n}",
        "taiwan.yiquan": "一圏（東場のみ）",
        "taiwan.yijiang": "一将（四圏）",
    },
}


def client_info() -> dict[str, Any]:
    return {
        "label": "taiwan.name",
        "default_preset": "taiwan-1round",
        "words": {kind: f"mcrAct.{kind}" for kind in _WORDS},
        "table": {"dead_wall": 0, "dora": False, "sticks": False, "flowers": True},
        # 16 tiles a hand (the dealer 17): the client lays the hand out for that many.
        "hand_size": 16,
        "lobby": [
            {
                "option": "rounds",
                "label": "lobby.length",
                "blank": "lobby.presetLength",
                "values": {"1": "taiwan.yiquan", "4": "taiwan.yijiang"},
            },
        ],
        "messages": MESSAGES,
    }
