"""From han and fu (or yakuman) to basic points, the limit reached, and the hand's value.

basic points = fu * 2^(han + 2), capped at 2,000 (mangan); 5 han mangan, 6-7 haneman 3,000,
8-10 baiman 4,000, 11-12 sanbaiman 6,000, 13+ kazoe yakuman 8,000 (or sanbaiman when the table
caps kazoe); each yakuman multiple is 8,000. A ron is worth 4x basic points (6x for the dealer)
and a tsumo splits into 1x from each non-dealer and 2x from the dealer (2x each when the dealer
wins), every payment rounded up to 100.
"""

from __future__ import annotations

from openmahjong.rules.riichi.options import RiichiRules

__all__ = ["basic_points", "ceil100", "hand_value", "LIMIT_NAMES", "TENHOU_LIMIT_CODE"]

LIMIT_NAMES = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
#: The third number of Tenhou's ``ten="fu,points,limit"``.
TENHOU_LIMIT_CODE = {name: code for code, name in enumerate(LIMIT_NAMES)}


def ceil100(x: int) -> int:
    return -(-x // 100) * 100


def yakuman_limit_name(multiplier: int) -> str:
    return {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}.get(
        multiplier, f"{multiplier}x yakuman"
    )


def basic_points(han: int, fu: int, yakuman: int, rules: RiichiRules) -> tuple[int, str]:
    """(basic points, limit name or "") for han/fu, or for a yakuman multiplier."""
    if yakuman:
        return 8000 * yakuman, yakuman_limit_name(yakuman)
    if han >= 13:
        if rules.kazoe_limit == "yakuman":
            return 8000, "kazoe yakuman"
        return 6000, "sanbaiman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han == 5:
        return 2000, "mangan"
    base = fu * (1 << (han + 2))
    if base >= 2000 or (rules.kiriage and base >= 1920):
        return 2000, "mangan"
    return base, ""


def hand_value(base: int, dealer: bool, tsumo: bool) -> int:
    """What the hand is worth in total, before honba and riichi sticks (Tenhou's figure)."""
    if not tsumo:
        return ceil100(base * (6 if dealer else 4))
    if dealer:
        return 3 * ceil100(2 * base)
    return ceil100(2 * base) + 2 * ceil100(base)
