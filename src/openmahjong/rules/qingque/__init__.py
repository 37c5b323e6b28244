"""Qingque (青雀), the ruleset the open_mahjong_unity project plays (``docs/qingque.md``)."""
