"""Ranks, ratings, rank credit and leaderboards (issue #21; docs/ranks.md).

- ``ladder``: the rank ladders as data and the pure functions that move a player on them.
- ``engine``: one counted game applied to its players (ranks and Weng-Lin ratings).
- ``store``: written when a game ends (``record_game``), rebuilt from every record
  (``rebuild``).
- ``credit``: an admin's rank credit and MCRPL eligibility, with the audit log.
- ``leaderboard``: paged boards per ruleset, preset and period.
- ``matching``: tier gates of the ranked lines and rating-balanced seating.
"""

from __future__ import annotations

from openmahjong.ranks.ladder import TIERS, Length, Tier, ladder_for, length_of
from openmahjong.ranks.store import rebuild, record_game

__all__ = ["TIERS", "Length", "Tier", "ladder_for", "length_of", "rebuild", "record_game"]
