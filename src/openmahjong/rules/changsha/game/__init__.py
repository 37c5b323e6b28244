"""Changsha mahjong (长沙麻将) on the shared turn kernel.

One hand: :mod:`openmahjong.rules.changsha.game.round` (``new_hand``, ``ChangshaPolicy``); its
options and presets: ``options``; its events: ``events``. See ``docs/changsha.md``. The scorer is
:mod:`openmahjong.rules.changsha.scoring`.
"""
