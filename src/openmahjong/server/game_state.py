"""What a room holds about its running game: the match, the seats, the clocks' banks, the
prompts it waits on, the call-protection window, and the public log spectators catch up from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from openmahjong.server.hand_hold import HandHold
from openmahjong.server.prompts import PendingPrompt
from openmahjong.server.seats import SeatSlot
from openmahjong.table.actions import Action
from openmahjong.table.choices import ChoiceRule

__all__ = ["_Game", "_Open"]


@dataclass
class _Open:
    """A prompt the room is waiting on."""

    prompt: PendingPrompt | None  # None for a bot
    actions: list[Action]
    key: tuple[Any, ...]
    deadline: float
    shown_at: float
    tactical: bool
    user_id: int | None = None
    bot: Any = None
    #: The seat's parametric choice (``table/choices.py``): ``actions`` is then what it lists
    #: besides (usually nothing) and a reply the rule accepts is played.
    rule: ChoiceRule | None = None


@dataclass
class _Game:
    id: int
    match: Any
    seats: list[SeatSlot]
    commitment: str
    salt: str
    master_seed: int
    started_at: datetime
    next_seq: int = 1
    bots: dict[int, Any] = field(default_factory=dict)
    banks: list[float] = field(default_factory=list)
    hands_done: int = 0
    open: dict[int, _Open] = field(default_factory=dict)
    #: Seats that answered the current window (a later prompt to one of them is a re-ask).
    answered: set[int] = field(default_factory=set)
    window_key: Any = None
    #: Call protection of the current window: the seats kept waiting, and whether a claimant
    #: has acted (then the outcome is shown after the first catch-up delay).
    protected: set[int] = field(default_factory=set)
    protect_acted: bool = False
    public_log: list[tuple[float, BaseModel | str]] = field(default_factory=list)
    #: Where each hand's public events begin in ``public_log`` (its spectator ``view``).
    hand_starts: list[int] = field(default_factory=list)
    #: After a hand ended: the table waits for the players' ``continue`` (``hand_hold.py``).
    hold: HandHold | None = None
