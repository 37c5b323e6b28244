"""Views built by hand for bot unit tests: the bot reads nothing but the view's fields."""

from __future__ import annotations

from typing import Any

from openmahjong.table.kernel import SeatView
from openmahjong.table.seat import Meld
from openmahjong.tiles import parse


def tiles(text: str) -> tuple[int, ...]:
    return tuple(parse(text)) if text else ()


def view(
    hand: str,
    legal: list[Any],
    *,
    seat: int = 0,
    phase: str = "turn",
    discards: dict[int, list[tuple[str, bool]]] | None = None,
    riichi: tuple[int, ...] = (),
    melds: dict[int, list[Meld]] | None = None,
    offered: str | None = None,
    dora: str = "1z",
    round_wind: int = 41,
    dealer: int = 0,
) -> SeatView:
    """A seat view: ``discards`` maps a seat to ``[(tiles, riichi_flag)]`` in order."""
    history: list[tuple[tuple[int, bool, bool, int | None], ...]] = []
    for s in range(4):
        rows: list[tuple[int, bool, bool, int | None]] = []
        for text, flag in (discards or {}).get(s, []):
            for i, t in enumerate(tiles(text)):
                rows.append((t, False, flag and i == 0, None))
        history.append(tuple(rows))
    winds = (41, 42, 43, 44)
    return SeatView(
        seat=seat,
        phase=phase,
        turn=seat,
        hand=tiles(hand),
        hand_sizes=(13, 13, 13, 13),
        melds=tuple(tuple((melds or {}).get(s, [])) for s in range(4)),
        discards=tuple(history),
        points=(25000,) * 4,
        live_remaining=50,
        offered_tile=tiles(offered)[0] if offered else None,
        legal_actions=tuple(legal),
        table={
            "round_wind": round_wind,
            "dealer": dealer,
            "honba": 0,
            "sticks": 0,
            "dora_indicators": tiles(dora),
            "kans": 0,
        },
        seats_public=tuple(
            {"riichi": s in riichi, "double_riichi": False, "seat_wind": winds[(s - dealer) % 4]}
            for s in range(4)
        ),
        events=(),
        own={"furiten": False, "kuikae": (), "ippatsu": False},
        choice=None,
    )
