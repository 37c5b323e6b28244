"""Sichuan's own actions: the exchange of three and the void declaration.

Both are registered (``register_action``), so records name them and read them back. The
exchange is the shared one (:mod:`openmahjong.table.exchange`, also Riichi's Battle of Asura).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from openmahjong.table.actions import Action, register_action
from openmahjong.table.exchange import Exchange

__all__ = ["Exchange", "DeclareVoid", "SUITS"]

#: The suits as the wire and the options name them, in code order (m 1x, p 2x, s 3x).
SUITS = ("m", "p", "s")


@dataclass(frozen=True, slots=True)
class DeclareVoid(Action):
    """Declare ``suit`` ("m", "p" or "s") the void suit: no tile of it may be in a win."""

    name: ClassVar[str] = "void"
    suit: str


register_action(DeclareVoid)
