"""The end-of-match settlement: final points -> each player's settled score.

A settled score is in thousands of points: the points above the return points, the place's uma,
and the oka (what the return points take from the table, ``4 x (return - start)``) for first
place. Places come from :func:`~openmahjong.rules.riichi.game.match.ranking` (ties: the earlier
starting seat takes the higher place, and with it the whole uma; nothing is split).

Rounding (``GameOptions.final_rounding``):

- ``exact`` (Mahjong Soul): no rounding; points are multiples of 100, so a score has at most one
  decimal (``38,500`` with uma +15 -> ``+28.5``).
- ``thousand`` (Tenhou): each player's points are rounded to the thousand, half away from zero
  (``1000点未満を四捨五入``: 21,500 -> 22; -4,500 -> -5), then the return points and uma apply;
  first place takes the balance, so the scores always sum to zero.

``docs/riichi-game.md`` ("Final settlement") has the table per preset with its sources.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openmahjong.rules.riichi.game.options import GameOptions

__all__ = ["round_thousands", "settle", "settlement_document"]


def round_thousands(points: int) -> int:
    """``points`` in whole thousands, a half rounded away from zero (Tenhou's 四捨五入)."""
    whole, rest = divmod(abs(points), 1000)
    whole += int(rest >= 500)
    return whole if points >= 0 else -whole


def _places(points: Sequence[int]) -> list[int]:
    order = sorted(range(len(points)), key=lambda s: (-points[s], s))
    return [order.index(s) for s in range(len(points))]


def settle(points: Sequence[int], options: GameOptions) -> list[int]:
    """Each seat's settled score in tenths of a thousand (``285`` is +28.5)."""
    places = _places(points)
    uma = options.uma
    oka_tenths = 4 * (options.return_points - options.starting_points) // 100
    if options.final_rounding == "exact":
        return [
            (p - options.return_points) // 100
            + 10 * uma[places[s]]
            + (oka_tenths if places[s] == 0 else 0)
            for s, p in enumerate(points)
        ]
    back = options.return_points // 1000
    tenths = [
        10 * (round_thousands(p) - back + uma[places[s]]) if places[s] else 0
        for s, p in enumerate(points)
    ]
    first = places.index(0)
    tenths[first] = -sum(tenths)
    return tenths


def settlement_document(points: Sequence[int], options: GameOptions) -> dict[str, Any]:
    """The ``settlement`` of a record's ``result``: the scores (per seat, in thousands) and the
    rules that gave them."""
    return {
        "scores": [t / 10 for t in settle(points, options)],
        "starting_points": options.starting_points,
        "return_points": options.return_points,
        "oka": 4 * (options.return_points - options.starting_points) / 1000,
        "uma": list(options.uma),
        "rounding": options.final_rounding,
    }
