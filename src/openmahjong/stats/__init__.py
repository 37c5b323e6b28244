"""Statistics computed from game records (issue #21; ``docs/statistics.md``).

- ``extract``: one extractor per ruleset turning a record into per-player facts.
- ``counts``: one counted game as additions to the summary tables (pure).
- ``store``: ``record_game`` when a game ends, ``rebuild`` from every stored record.
- ``queries``: a player's statistics per ruleset and the platform's, from the summaries.
"""

from __future__ import annotations

from openmahjong.stats.queries import platform_statistics, player_statistics
from openmahjong.stats.store import rebuild, record_game

__all__ = ["platform_statistics", "player_statistics", "rebuild", "record_game"]
