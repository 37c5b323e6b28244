"""Why a hand could not be scored. All three are ``ValueError``s with a message for players."""

from __future__ import annotations

__all__ = ["ScoringError", "InvalidHand", "NotAWin", "NoYaku"]


class ScoringError(ValueError):
    """Base of the scorer's errors."""


class InvalidHand(ScoringError):
    """The input cannot describe a real hand: tile counts, meld shapes, impossible flags."""


class NotAWin(ScoringError):
    """The tiles are real but do not form a winning shape."""


class NoYaku(ScoringError):
    """A winning shape without any yaku: dora alone never allow a win."""
