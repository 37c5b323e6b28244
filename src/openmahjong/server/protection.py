"""Call protection as pure functions of the clock's reading: who sees an action's events when.

Platform guide §4: when a discard can be claimed, the discarder and the seats that may act on
it see it at once; every other seat (the *held* seats) sees it after the protection delay, or
at once when a claimant answers, and then sees the outcome no sooner than the first catch-up
delay later; a call is followed by the caller's discard no sooner than the second catch-up
delay. Nothing here reads a clock or sends: ``now`` and the table settings come in, times come
out, and the room's broadcast (``server/broadcast.py``) queues each message at its time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openmahjong.table.events import Called, Discarded, Event
from openmahjong.table.kernel import Phase

__all__ = ["ActionTiming", "action_timing", "call_floor", "held_seats", "opened_window", "seen_at"]


@dataclass(frozen=True)
class ActionTiming:
    """How one action's events go out to the seats held by the current window."""

    #: The held seats' waiting messages go out now (a claimant acted during the delay).
    expedite: bool
    #: A claimant has acted in this window (what the window remembers from now on).
    acted: bool
    #: When the held seats see this action's events (``None``: at once).
    held_at: float | None


def action_timing(
    now: float, settings: Any, held: Iterable[int], acted: bool, was_reaction: bool
) -> ActionTiming:
    """The timing of an action taken at ``now`` while ``held`` seats are kept waiting and
    ``acted`` says whether a claimant already answered in this window."""
    active = bool(set(held))
    expedite = active and was_reaction and not acted
    acted = acted or expedite
    held_at = now + settings.catch_up_first if active and acted else None
    return ActionTiming(expedite, acted, held_at)


def opened_window(
    settings: Any, table: Any, events: Sequence[Event]
) -> tuple[set[int], int | None]:
    """The seats asked about a discard these events just made claimable, and its discarder:
    ``(set(), None)`` when there is nothing to protect (protection off, no discard, no
    claim possible)."""
    if (
        settings.call_protection
        and table.phase == Phase.REACTION
        and table.trigger is not None
        and table.trigger.kind == "discard"
        and any(isinstance(e, Discarded) for e in events)
        and table.window is not None
    ):
        return set(table.window.asking), table.trigger.seat
    return set(), None


def seen_at(
    seat: int,
    event: Event,
    now: float,
    settings: Any,
    held: Iterable[int],
    held_at: float | None,
    opened: set[int],
    discarder: int | None,
) -> float | None:
    """When ``seat`` sees ``event`` (``None``: at once). A discard a seat cannot claim waits
    the protection delay; a held seat sees what a claimant's action brought at ``held_at``."""
    at = held_at if seat in held else None
    if isinstance(event, Discarded) and opened and seat not in opened and seat != discarder:
        at = now + settings.protection_delay
    return at


def call_floor(
    event: Event, seat: int, at: float | None, now: float, settings: Any, held: Iterable[int]
) -> float | None:
    """After a held seat sees a call at ``at``, nothing more (the caller's discard) reaches it
    before the second catch-up delay: the seat channel's new floor, or ``None``."""
    if isinstance(event, Called) and seat in held:
        return (at or now) + settings.catch_up_second
    return None


def held_seats(
    size: int,
    opened: set[int],
    discarder: int | None,
    held: set[int],
    acted: bool,
    window_goes_on: bool,
) -> tuple[set[int], bool]:
    """The window's held seats and ``acted`` after the action: a newly opened window holds
    every seat that may not claim (not the discarder); a window that ended (no reaction any
    more, a call, a new hand) holds nobody; otherwise nothing changes."""
    if opened:
        return {i for i in range(size) if i not in opened and i != discarder}, False
    if not window_goes_on:
        return set(), False
    return held, acted
