"""Typed player actions. Frozen, hashable and comparable, so "is it legal" is membership.

A ruleset may add its own action types (flower replacement, void-suit declaration, ...); the
kernel hands any type it does not know to the ruleset's ``apply_special`` hook.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

__all__ = [
    "NO_CLAIM",
    "CHI_PRIORITY",
    "PON_PRIORITY",
    "WIN_PRIORITY",
    "Action",
    "Discard",
    "Tsumo",
    "Ron",
    "Chi",
    "Pon",
    "Minkan",
    "Ankan",
    "Kakan",
    "Pass",
    "AbortiveDraw",
    "Reveal",
    "PASS",
    "action_to_dict",
    "action_from_dict",
    "register_action",
]

# Claim priorities: a win beats a pon or an open kan, which beat a chi.
NO_CLAIM = 0
CHI_PRIORITY = 1
PON_PRIORITY = 2
WIN_PRIORITY = 3


@dataclass(frozen=True, slots=True)
class Action:
    #: Claim priority when the action answers a reaction window (0: not a claim).
    priority: ClassVar[int] = NO_CLAIM
    #: The name used in records and prompts.
    name: ClassVar[str] = "action"

    @property
    def is_claim(self) -> bool:
        return self.priority > NO_CLAIM


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard ``tile`` (an exact code: a red five is not a plain five); optionally riichi."""

    name: ClassVar[str] = "discard"
    tile: int
    riichi: bool = False


@dataclass(frozen=True, slots=True)
class Tsumo(Action):
    name: ClassVar[str] = "tsumo"


@dataclass(frozen=True, slots=True)
class Ron(Action):
    """Win on the offered tile (a discard, or a kan tile robbed)."""

    name: ClassVar[str] = "ron"
    priority: ClassVar[int] = WIN_PRIORITY


@dataclass(frozen=True, slots=True)
class Chi(Action):
    """Claim a discard for a sequence with ``tiles``, the two tiles taken from the hand."""

    name: ClassVar[str] = "chi"
    priority: ClassVar[int] = CHI_PRIORITY
    tiles: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Pon(Action):
    name: ClassVar[str] = "pon"
    priority: ClassVar[int] = PON_PRIORITY
    tiles: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Minkan(Action):
    """Claim a discard as the fourth tile of an open kan (daiminkan)."""

    name: ClassVar[str] = "minkan"
    priority: ClassVar[int] = PON_PRIORITY
    tiles: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Ankan(Action):
    """Declare a concealed kan of four tiles from the hand."""

    name: ClassVar[str] = "ankan"
    tiles: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Kakan(Action):
    """Add ``tile`` from the hand to one's own pon (added kan)."""

    name: ClassVar[str] = "kakan"
    tile: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline every option of a reaction window (in upgrade mode: withdraw from the contest)."""

    name: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class AbortiveDraw(Action):
    """Ask for an abortive draw the rules offer to this seat (e.g. nine terminals)."""

    name: ClassVar[str] = "abort"
    reason: str


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """At an exhaustive draw: show a ready hand (``show``) or keep it hidden."""

    name: ClassVar[str] = "reveal"
    show: bool


PASS = Pass()

_TYPES: dict[str, type[Action]] = {}


def register_action(cls: type[Action]) -> type[Action]:
    """Make an action type known to records (``action_from_dict``). Rulesets call this too."""
    _TYPES[cls.name] = cls
    return cls


for _cls in (Discard, Tsumo, Ron, Chi, Pon, Minkan, Ankan, Kakan, Pass, AbortiveDraw, Reveal):
    register_action(_cls)


#: Action type -> its field names, read once per type (``dataclasses.asdict`` is generic and
#: slow, and every action of every game goes through this).
_FIELD_NAMES: dict[type[Action], tuple[str, ...]] = {}


def action_to_dict(action: Action) -> dict[str, Any]:
    cls = type(action)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    data: dict[str, Any] = {"type": action.name}
    for name in names:
        # Field values are ints, strings, bools or tuples of ints: immutable, so no copy.
        data[name] = getattr(action, name)
    return data


def action_from_dict(data: dict[str, Any]) -> Action:
    try:
        cls = _TYPES[data["type"]]
    except KeyError:
        raise ValueError(f"unknown action {data!r}") from None
    kwargs = {}
    for f in fields(cls):
        value = data[f.name]
        kwargs[f.name] = tuple(value) if isinstance(value, list) else value
    return cls(**kwargs)
