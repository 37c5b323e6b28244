"""Reading the small pieces of tool requests: winds and tile lists, with clear errors."""

from __future__ import annotations

from pydantic import ValidationError

from openmahjong import tiles

__all__ = ["WIND_WORDS", "WIND_NAMES", "wind", "tile_list", "plain_message"]

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


def plain_message(problem: ValueError) -> str:
    """One line for a person: pydantic's multi-line report becomes ``field: what is wrong``."""
    if isinstance(problem, ValidationError):
        return "; ".join(
            f"{'.'.join(str(part) for part in error['loc'])}: {error['msg'].lower()}"
            for error in problem.errors()
        )
    return str(problem)
