"""Row ids in paths and queries, checked at the edge so no database sees an id it cannot hold.

SQLite and PostgreSQL keep ids in signed 64-bit integers: handing them ``2**63`` raised
``OverflowError`` deep in the driver (a 500). A path id no row can have (0, negative, or past
``MAX_ROW_ID``) is answered exactly like a missing row, with the route's own 404
(``no_such_game``...); a query id out of range is a 422 like any other bad query value.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import Path, Query
from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError

__all__ = [
    "MAX_ROW_ID",
    "NO_SUCH_ROW",
    "EventId",
    "GameId",
    "NotificationId",
    "PlayerId",
    "RoomId",
    "UserId",
    "BeforeId",
    "row_id_in_range",
]

MAX_ROW_ID = 2**63 - 1
#: The validation error type of a path id out of range; errors.py answers it with a 404.
NO_SUCH_ROW = "no_such_row"

_INTEGER = re.compile(r"[+-]?[0-9]+")


def row_id_in_range(value: int) -> bool:
    return 1 <= value <= MAX_ROW_ID


def _shown(text: str) -> str:
    return text if len(text) <= 24 else f"{text[:20]}..."


def _path_id(code: str, noun: str) -> BeforeValidator:
    def check(value: Any) -> Any:
        # Only whole numbers are judged here; anything else is left to int (a 422).
        if isinstance(value, str) and _INTEGER.fullmatch(value):
            digits = value.lstrip("+-").lstrip("0")
            if value.startswith("-") or len(digits) > 19 or not row_id_in_range(int(digits or 0)):
                raise PydanticCustomError(
                    NO_SUCH_ROW, "no {noun} {id}", {"code": code, "noun": noun, "id": _shown(value)}
                )
        return value

    return BeforeValidator(check)


def _path(description: str) -> Any:
    # The bounds are documented in the schema; out of them the answer is the 404, not a 422.
    return Path(description=description, json_schema_extra={"minimum": 1, "maximum": MAX_ROW_ID})


EventId = Annotated[int, _path_id("no_such_event", "event"), _path("An event's id.")]
GameId = Annotated[int, _path_id("no_such_game", "game"), _path("A game's id.")]
NotificationId = Annotated[
    int, _path_id("no_such_notification", "notification"), _path("A notification's id.")
]
PlayerId = Annotated[int, _path_id("no_such_player", "player"), _path("An account's id.")]
RoomId = Annotated[int, _path_id("no_such_room", "room"), _path("A room's id.")]
UserId = Annotated[int, _path_id("no_such_user", "account"), _path("An account's id.")]
#: ``?before=``: paging by id.
BeforeId = Annotated[
    int | None, Query(ge=1, le=MAX_ROW_ID, description="Only games with a smaller id.")
]
