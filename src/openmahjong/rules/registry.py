"""The ruleset registry: every ruleset, built-in or third-party, comes from one entry-point group.

A package adds a ruleset by declaring, in its ``pyproject.toml``::

    [project.entry-points."openmahjong.rulesets"]
    myrules = "mypackage.rules:RULESET"

The object needs a ``name``, ``seats``, its presets and ``new_match(options, seed)``; see the
Riichi ruleset (``openmahjong.rules.riichi.game.ruleset``) for the full shape.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

__all__ = ["GROUP", "rulesets", "get_ruleset", "preset_name"]

GROUP = "openmahjong.rulesets"


@cache
def rulesets() -> dict[str, Any]:
    """Every registered ruleset by name (loaded once per process)."""
    found: dict[str, Any] = {}
    for point in entry_points(group=GROUP):
        found[point.name] = point.load()
    return found


def get_ruleset(name: str) -> Any:
    known = rulesets()
    if name not in known:
        choices = ", ".join(sorted(known)) or "none installed"
        raise ValueError(f"unknown ruleset {name!r}: choose from {choices}")
    return known[name]


def preset_name(ruleset: Any, name: str) -> str:
    """The canonical name of ``ruleset``'s preset ``name``: a ruleset may accept other names
    for its presets (Riichi's ``MAJSOUL_TONPUU``) through a ``preset_name`` method; rooms and
    queues store what this returns. A name the ruleset does not know comes back unchanged (the
    caller refuses it)."""
    resolve = getattr(ruleset, "preset_name", None)
    if resolve is None:
        return name
    try:
        return str(resolve(name))
    except ValueError:
        return name
