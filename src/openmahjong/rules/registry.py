"""The ruleset registry: every ruleset, built-in or third-party, by name, typed as the contract
(:class:`~openmahjong.rules.contract.Ruleset`, ``docs/rulesets.md``).

A package adds a ruleset by declaring, in its ``pyproject.toml``::

    [project.entry-points."openmahjong.rulesets"]
    myrules = "mypackage.rules:RULESET"

The built-in rulesets come the same way. A ruleset made in the process (a plugin loaded some
other way, a test) is added with :func:`register` and taken away with :func:`unregister`.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from openmahjong.fairness import WALL_RULESETS, register_wall, unregister_wall
from openmahjong.rules.contract import Ruleset

__all__ = ["GROUP", "rulesets", "get_ruleset", "preset_name", "register", "unregister"]

GROUP = "openmahjong.rulesets"

#: Rulesets added by :func:`register`, by name (they hide an installed one of the same name).
_registered: dict[str, Ruleset] = {}
#: Names of the walls :func:`register` added, so :func:`unregister` takes them away too.
_walls_added: dict[str, str] = {}


#: The contract's members (its properties and methods).
MEMBERS = tuple(sorted(m for m in vars(Ruleset) if not m.startswith("_")))


def _missing_members(candidate: object) -> list[str]:
    return [m for m in MEMBERS if not hasattr(candidate, m)]


def _checked(candidate: object, where: str) -> Ruleset:
    if not isinstance(candidate, Ruleset):
        missing = ", ".join(_missing_members(candidate))
        raise TypeError(f"{where} is not a ruleset: it lacks {missing} (docs/rulesets.md)")
    return candidate


@cache
def _installed() -> dict[str, Ruleset]:
    """The rulesets of the entry-point group (loaded once per process), each with its wall
    registered (``fairness.register_wall``), so the seed tools know every installed wall."""
    found: dict[str, Ruleset] = {}
    for point in entry_points(group=GROUP):
        ruleset = _checked(point.load(), f"entry point {point.name} ({point.value})")
        register_wall(ruleset.wall_rules)
        found[point.name] = ruleset
    return found


def rulesets() -> dict[str, Ruleset]:
    """Every ruleset by name: the installed ones and those registered in this process."""
    return {**_installed(), **_registered}


def get_ruleset(name: str) -> Ruleset:
    known = rulesets()
    if name not in known:
        choices = ", ".join(sorted(known)) or "none installed"
        raise ValueError(f"unknown ruleset {name!r}: choose from {choices}")
    return known[name]


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset made in this process, and its wall (``fairness.register_wall``) when that
    is not registered yet. Registering the same object again is harmless; another ruleset
    under a registered name is a ``ValueError``. Returns the ruleset."""
    ruleset = _checked(ruleset, repr(ruleset))
    name = ruleset.name
    known = _registered.get(name)
    if known is not None and known is not ruleset:
        raise ValueError(f"another ruleset is registered as {name!r}")
    wall = ruleset.wall_rules
    new_wall = wall.name not in WALL_RULESETS
    register_wall(wall)  # the same wall again is harmless; another under its name is refused
    if new_wall:
        _walls_added[name] = wall.name
    _registered[name] = ruleset
    return ruleset


def unregister(name: str) -> None:
    """Take away a ruleset :func:`register` added (and the wall it registered with it)."""
    if name not in _registered:
        raise ValueError(f"no ruleset {name!r} was registered in this process")
    del _registered[name]
    wall = _walls_added.pop(name, None)
    if wall is not None:
        unregister_wall(wall)


def preset_name(ruleset: Ruleset, name: str) -> str:
    """The canonical name of ``ruleset``'s preset ``name`` (an alias such as Riichi's
    ``MAJSOUL_TONPUU`` becomes ``majsoul-tonpuu``); rooms and queues store what this returns.
    A name the ruleset does not know comes back unchanged (the caller refuses it)."""
    try:
        return ruleset.preset_name(name)
    except ValueError:
        return name
