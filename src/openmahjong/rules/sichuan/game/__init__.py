"""Sichuan Bloody (血战到底, Mahjong Soul's Bloodshed Skirmish) on the shared turn kernel.

One hand: :mod:`openmahjong.rules.sichuan.game.round` (``new_hand``, ``SichuanPolicy``); its
options and presets: :mod:`~openmahjong.rules.sichuan.game.options`; its actions (the exchange
of three, the void declaration) and events: ``actions`` and ``events``. See ``docs/sichuan.md``.
The scorer is :mod:`openmahjong.rules.sichuan.scoring`.

Nothing is imported here, so the options, actions and events load without the scorer.
"""
