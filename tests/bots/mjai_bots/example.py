"""Run one of the ``mjai`` package's example bots as an outside program.

    python example.py riichibot SEAT    # mjai.bot.riichibot.RiichiBot: shanten-based, riichi
    python example.py rulebase SEAT     # mjai.bot.rulebase.RulebaseBot: also calls pon/chi
    python example.py tsumogiri SEAT    # mjai.bot.base.Bot: discards what it draws

The package ships these classes but no entry point; mjai.app's bot.py does just this:
``Bot(player_id).start()`` reads one JSON array of events per line from stdin and writes one
JSON object per line (``mjai/bot/base.py``, ``Bot.start``).
"""

import sys

if __name__ == "__main__":
    kind, seat = sys.argv[1], int(sys.argv[2])
    if kind == "riichibot":
        from mjai.bot.riichibot import RiichiBot as Bot
    elif kind == "rulebase":
        from loguru import logger

        logger.remove()  # RulebaseBot logs every discard
        from mjai.bot.rulebase import RulebaseBot as Bot
    elif kind == "tsumogiri":
        from mjai.bot.base import Bot
    else:
        raise SystemExit(f"unknown example bot {kind!r}")
    Bot(seat).start()
