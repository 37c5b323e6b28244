"""Bots: pure, deterministic players. A bot is a message handler: given one seat's view (with
its legal actions) it returns one of those actions (``bot.act(view)``).

* :class:`RiichiBot` (``"efficiency"``): tile efficiency, yaku-aware calls, riichi when ready,
  and folding against riichi when far from ready (``docs/bots.md``).
* :func:`play_match`: four bots play a whole match (self-play); :func:`selfplay_seed` derives
  each game's master seed and salt from one self-play seed.
"""

from openmahjong.bots.riichi import BotView, RiichiBot
from openmahjong.bots.selfplay import BOTS, make_bot, play_match, selfplay_seed

__all__ = ["BOTS", "BotView", "RiichiBot", "make_bot", "play_match", "selfplay_seed"]
