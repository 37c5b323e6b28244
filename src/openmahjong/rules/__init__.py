"""Rulesets: one package per ruleset (``riichi``, ...) with its options, presets, scoring."""
