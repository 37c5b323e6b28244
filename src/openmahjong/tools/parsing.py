"""Reading the small pieces of tool requests: winds and tile lists, with clear errors."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from openmahjong import tiles
from openmahjong.table.seat import Meld

__all__ = [
    "WIND_WORDS",
    "WIND_NAMES",
    "wind",
    "tile_list",
    "meld",
    "concealed_without_win",
    "plain_message",
]

WIND_WORDS = {
    "e": 41, "east": 41, "1z": 41, "41": 41,
    "s": 42, "south": 42, "2z": 42, "42": 42,
    "w": 43, "west": 43, "3z": 43, "43": 43,
    "n": 44, "north": 44, "4z": 44, "44": 44,
}  # fmt: skip
WIND_NAMES = {41: "East", 42: "South", 43: "West", 44: "North"}


def wind(field: str, text: str | None) -> int | None:
    """A wind written E/S/W/N (or East, 1z, 41...); ``None`` when not given."""
    if text is None or not text.strip():
        return None
    try:
        return WIND_WORDS[text.strip().lower()]
    except KeyError:
        raise ValueError(f"{field} {text!r} is not a wind: write E, S, W or N") from None


def tile_list(field: str, texts: list[str]) -> list[int]:
    """Tiles from one or more pieces of text notation, naming the field in any error."""
    found: list[int] = []
    for text in texts:
        try:
            found += tiles.parse(text)
        except ValueError as problem:
            raise ValueError(f"{field} {text!r}: {problem}") from None
    return found


def meld(text: str, kinds: Sequence[str], example: str = "pon:555m") -> Meld:
    """A meld written ``kind:tiles`` (``chi:123m``, ``ankan:1111z``), ``kind`` one of ``kinds``
    (a ruleset's calculator passes its own: Sichuan has no chi); ``example`` is shown in the
    error."""
    kind, sep, written = text.partition(":")
    kind = kind.strip().lower()
    if not sep or kind not in kinds:
        raise ValueError(
            f"meld {text!r}: write kind:tiles with kind one of {', '.join(kinds)}, e.g. {example}"
        )
    return Meld(kind, tuple(tile_list("meld", [written])))


def concealed_without_win(hand: str, win: int, melds: int, hand_size: int = 13) -> list[int]:
    """The concealed tiles of a win without the winning tile, whether ``hand`` was written with
    it or without; the count is checked against the ``melds`` called (``hand_size`` tiles in a
    waiting hand: 13, or 16 in Taiwan's)."""
    concealed = tile_list("hand", [hand])
    without = hand_size - 3 * melds
    if len(concealed) == without + 1:
        if win not in concealed:
            raise ValueError(
                f"hand {hand!r} has {len(concealed)} tiles but not the winning tile: write it "
                f"with the winning tile or give the {without} tiles without it"
            )
        concealed.remove(win)
    elif len(concealed) != without:
        raise ValueError(
            f"hand {hand!r} has {len(concealed)} tiles; with {melds} meld(s) give {without} "
            f"(without the winning tile) or {without + 1} (with it)"
        )
    return concealed


def plain_message(problem: ValueError) -> str:
    """One line for a person: pydantic's multi-line report becomes ``field: what is wrong``."""
    if isinstance(problem, ValidationError):
        return "; ".join(
            f"{'.'.join(str(part) for part in error['loc'])}: {error['msg'].lower()}"
            for error in problem.errors()
        )
    return str(problem)
