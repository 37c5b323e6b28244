"""A seat's clocks as pure functions: the move time, the bank, a tactical re-ask's window.

Platform guide §5: each prompt gets the move time, then the seat's bank for this hand; a
tactical re-ask (the seat answered this window already and the core asks it again) gets
``TACTICAL_SECONDS`` of its own and leaves the bank alone. Time spent past the move time comes
out of the bank; a prompt that runs out empties it. A new hand refills every bank. Nothing
here reads a clock: the room passes its readings in.
"""

from __future__ import annotations

__all__ = ["TACTICAL_SECONDS", "bank_after_answer", "deadline", "fresh_banks", "prompt_window"]

#: A tactical re-ask's own window (platform guide §5), not taken from the bank.
TACTICAL_SECONDS = 5.0


def prompt_window(move_seconds: float, bank: float, tactical: bool) -> tuple[float, float]:
    """The move time and the bank a prompt offers."""
    move = TACTICAL_SECONDS if tactical else float(move_seconds)
    return move, 0.0 if tactical else bank


def deadline(shown_at: float, move: float, bank: float) -> float:
    """When a prompt shown at ``shown_at`` runs out."""
    return shown_at + move + bank


def bank_after_answer(
    bank: float, shown_at: float, now: float, move_seconds: float, tactical: bool
) -> float:
    """The bank left after an answer at ``now`` to a prompt shown at ``shown_at``."""
    if tactical:
        return bank
    used = now - shown_at - move_seconds
    return max(0.0, bank - used) if used > 0 else bank


def bank_after_timeout(bank: float, tactical: bool) -> float:
    """The bank left when a prompt ran out: empty, unless the re-ask had its own window."""
    return bank if tactical else 0.0


def fresh_banks(bank_seconds: float, seats: int) -> list[float]:
    """Every seat's bank at the start of a hand."""
    return [float(bank_seconds)] * seats
