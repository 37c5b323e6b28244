"""Changsha mahjong (长沙麻将): scoring and the game (``docs/changsha.md``)."""
