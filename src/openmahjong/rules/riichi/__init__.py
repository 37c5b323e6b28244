"""Riichi (Japanese) mahjong: rule options and presets, and the scorer (``scoring.score_win``)."""
