"""The rank ladders as data, and the pure functions that move a player along one.

Riichi and Sichuan climb Mahjong Soul's four-player ladder (docs/ranks.md cites the tables):
Novice, Adept, Expert, Master and Saint with levels 1-3, then Celestial with open-ended
levels. A ranked game moves a player by

    ceil((final score - starting points) / 1000 + uma) + room bonus (1st, 2nd) - last penalty

where the room bonus depends on the room tier (Bronze ... Throne) and the game length (East
or South), and the 4th-place penalty on the player's own level. Reaching a level's bar
promotes to the next level's starting points; falling below zero demotes to the previous
level's starting points, except from the lowest levels (Novice 1-3 and Adept 1). Celestial
counts soul points by placement only (x100 here: 1000 = 10.0 SP).

MCR has a ladder of our own (Level 9 ... Level 1, then Dan 1 ... Dan 9) moved by placement
only, since an MCR score is a sum of fan payments with no common origin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "CELESTIAL",
    "Ladder",
    "Length",
    "Standing",
    "Step",
    "Tier",
    "TIERS",
    "ladder_for",
    "length_of",
]


class Tier(StrEnum):
    """A ranked matchmaking line's room tier, lowest first."""

    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"
    JADE = "jade"
    THRONE = "throne"


TIERS: tuple[Tier, ...] = tuple(Tier)


class Length(StrEnum):
    """Which column of the placement tables a game uses."""

    EAST = "east"  # four-hand base (tonpuu, Sichuan's four hands, MCR one or two rounds)
    SOUTH = "south"  # eight-hand base or longer


@dataclass(frozen=True, slots=True)
class Step:
    """One level of a ladder: its name, its bar and what a promotion or demotion lands on."""

    key: str  # "expert-2", "celestial-1", "level-3", "dan-1"
    group: str  # "expert", "celestial", "level", "dan"
    level: int
    #: Points that promote (None: the top, never promotes).
    bar: int | None
    #: Points a player starts with on reaching this level.
    start: int
    #: 4th place loses this much here, per game length.
    last_penalty: dict[Length, int]
    #: Whether falling below zero demotes from this level.
    demotes: bool


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a player stands on a ladder: the step's index and the points inside it."""

    step: int
    points: int


CELESTIAL = "celestial"


def _ceil_thousandths(value: int) -> int:
    """``ceil(value / 1000)`` in integers (a Mahjong Soul delta is always rounded up)."""
    return -((-value) // 1000)


@dataclass(frozen=True)
class Ladder:
    """A ladder: its steps (lowest first), room bonuses and how a game moves a player."""

    name: str
    steps: tuple[Step, ...]
    #: Room bonus for (tier, length): points added for 1st, 2nd, 3rd, 4th (before the penalty).
    room_bonus: dict[tuple[Tier, Length], tuple[int, int, int, int]]
    #: Uma in thousands of points (added to the score term), 1st to 4th; None: placement only.
    uma: tuple[int, int, int, int] | None
    #: Open-ended top group (Celestial) whose deltas are by placement only, per length.
    top_deltas: dict[Length, tuple[int, int, int, int]] | None = None
    #: The lowest step a rank credit may grant (MCR: Level 1), by key; None: no credit.
    credit_cap: str | None = None
    #: Lowest step that may queue in each tier.
    gates: dict[Tier, str] | None = None

    # ------------------------------------------------------------------ steps
    def index(self, key: str) -> int:
        """The step index of ``key`` (``celestial-4`` exists past the table's first)."""
        for i, step in enumerate(self.steps):
            if step.key == key:
                return i
        group, _, level = key.rpartition("-")
        top = self.steps[-1]
        if self.top_deltas is not None and group == top.group and level.isdigit():
            extra = int(level) - top.level
            if extra > 0:
                return len(self.steps) - 1 + extra
        raise ValueError(f"{self.name} has no rank {key!r}")

    def step(self, index: int) -> Step:
        """The step at ``index``; past the table, the open-ended top group's next levels."""
        if index < 0:
            raise ValueError("a step index is never negative")
        if index < len(self.steps):
            return self.steps[index]
        top = self.steps[-1]
        if self.top_deltas is None:
            raise ValueError(f"{self.name} has no step {index}")
        level = top.level + index - (len(self.steps) - 1)
        return Step(f"{top.group}-{level}", top.group, level, top.bar, top.start, {}, True)

    def first(self) -> Standing:
        return Standing(0, self.steps[0].start)

    def key(self, standing: Standing) -> str:
        return self.step(standing.step).key

    # ------------------------------------------------------------------ a game
    def delta(
        self,
        standing: Standing,
        tier: Tier,
        length: Length,
        place: int,
        score: int,
        starting_points: int,
        *,
        all_top: bool = False,
    ) -> int:
        """The rank points one ranked game gives (negative: takes): ``place`` 1-4, the final
        ``score`` against the preset's ``starting_points``. ``all_top``: every seat was in the
        open-ended top group (Celestial doubles then)."""
        if place not in (1, 2, 3, 4):
            raise ValueError(f"a four-player placement is 1 to 4, not {place}")
        step = self.step(standing.step)
        if self.top_deltas is not None and step.group == self.steps[-1].group:
            gained = self.top_deltas[length][place - 1]
            return gained * 2 if all_top else gained
        bonus = self.room_bonus[(tier, length)][place - 1]
        if self.uma is None:
            base = 0
        else:
            base = _ceil_thousandths(score - starting_points + self.uma[place - 1] * 1000)
        penalty = step.last_penalty.get(length, 0) if place == 4 else 0
        return base + bonus - penalty

    def apply(self, standing: Standing, delta: int) -> Standing:
        """Add ``delta``: reaching the bar promotes to the next level's starting points,
        falling below zero demotes to the previous level's (one step at most per game)."""
        step = self.step(standing.step)
        points = standing.points + delta
        if step.bar is not None and points >= step.bar:
            nxt = self.step(standing.step + 1) if self._has_next(standing.step) else None
            if nxt is not None:
                return Standing(standing.step + 1, nxt.start)
            return Standing(standing.step, points)
        if points < 0:
            if not step.demotes or standing.step == 0:
                return Standing(standing.step, 0)
            below = standing.step - 1
            return Standing(below, self.step(below).start)
        return Standing(standing.step, points)

    def _has_next(self, index: int) -> bool:
        return index + 1 < len(self.steps) or self.top_deltas is not None

    # ------------------------------------------------------------------ gates
    def may_queue(self, standing: Standing | None, tier: Tier) -> bool:
        """Whether a player at ``standing`` (None: never ranked) may wait in ``tier``."""
        if self.gates is None or tier not in self.gates:
            return True
        need = self.index(self.gates[tier])
        return (standing.step if standing is not None else 0) >= need

    def gate(self, tier: Tier) -> str | None:
        """The lowest rank that may queue in ``tier`` (None: anyone)."""
        return None if self.gates is None else self.gates.get(tier)


def _majsoul() -> Ladder:
    """Mahjong Soul's four-player ladder (the tables in docs/ranks.md)."""
    # (group, level, bar, start, last penalty East, last penalty South)
    table = [
        ("novice", 1, 20, 0, 0, 0),
        ("novice", 2, 80, 0, 0, 0),
        ("novice", 3, 200, 0, 0, 0),
        ("adept", 1, 600, 300, 10, 20),
        ("adept", 2, 800, 400, 20, 40),
        ("adept", 3, 1000, 500, 30, 60),
        ("expert", 1, 1200, 600, 40, 80),
        ("expert", 2, 1400, 700, 50, 100),
        ("expert", 3, 2000, 1000, 60, 120),
        ("master", 1, 2800, 1400, 80, 165),
        ("master", 2, 3200, 1600, 90, 180),
        ("master", 3, 3600, 1800, 100, 195),
        ("saint", 1, 4000, 2000, 110, 210),
        ("saint", 2, 6000, 3000, 120, 225),
        ("saint", 3, 9000, 4500, 130, 240),
    ]
    steps = [
        Step(
            f"{g}-{lv}",
            g,
            lv,
            bar,
            start,
            {Length.EAST: east, Length.SOUTH: south},
            # No demotion while a Novice, nor from Adept 1 down to Novice.
            demotes=not (g == "novice" or (g == "adept" and lv == 1)),
        )
        for g, lv, bar, start, east, south in table
    ]
    steps.append(Step(f"{CELESTIAL}-1", CELESTIAL, 1, 2000, 1000, {}, True))
    bonus = {
        Tier.BRONZE: ((10, 5), (20, 10)),
        Tier.SILVER: ((20, 10), (40, 20)),
        Tier.GOLD: ((40, 20), (80, 40)),
        Tier.JADE: ((55, 30), (110, 55)),
        Tier.THRONE: ((60, 30), (120, 60)),
    }
    room_bonus = {}
    for tier, (east, south) in bonus.items():
        room_bonus[(tier, Length.EAST)] = (east[0], east[1], 0, 0)
        room_bonus[(tier, Length.SOUTH)] = (south[0], south[1], 0, 0)
    return Ladder(
        name="majsoul",
        steps=tuple(steps),
        room_bonus=room_bonus,
        uma=(15, 5, -5, -15),
        top_deltas={Length.EAST: (30, 10, -10, -30), Length.SOUTH: (50, 20, -20, -50)},
        gates={
            Tier.SILVER: "adept-1",
            Tier.GOLD: "expert-1",
            Tier.JADE: "master-1",
            Tier.THRONE: "saint-1",
        },
    )


def _mcr() -> Ladder:
    """Our MCR ladder: Level 9 ... Level 1 (kyu, counting down), then Dan 1 ... Dan 9, moved by
    placement only. Bars grow with the level; no demotion below Level 6."""
    steps: list[Step] = []
    for n in range(9, 0, -1):  # Level 9 .. Level 1
        climbed = 9 - n  # 0 .. 8
        bar = 40 + 40 * climbed  # 40, 80, ..., 360
        start = 0 if n >= 7 else bar // 2
        steps.append(
            Step(
                f"level-{n}",
                "level",
                n,
                bar,
                start,
                {Length.EAST: 10 + 5 * climbed, Length.SOUTH: 20 + 10 * climbed},
                demotes=n <= 5,
            )
        )
    for n in range(1, 10):  # Dan 1 .. Dan 9
        dan_bar: int | None = 400 + 100 * n if n < 9 else None
        steps.append(
            Step(
                f"dan-{n}",
                "dan",
                n,
                dan_bar,
                250 + 50 * n if n > 1 else 250,
                {Length.EAST: 50 + 5 * n, Length.SOUTH: 100 + 10 * n},
                demotes=True,
            )
        )
    bonus = {
        Tier.BRONZE: ((20, 10), (40, 20)),
        Tier.SILVER: ((30, 15), (60, 30)),
        Tier.GOLD: ((45, 20), (90, 40)),
        Tier.JADE: ((60, 30), (120, 60)),
        Tier.THRONE: ((70, 35), (140, 70)),
    }
    room_bonus = {}
    for tier, (east, south) in bonus.items():
        room_bonus[(tier, Length.EAST)] = (east[0], east[1], 0, 0)
        room_bonus[(tier, Length.SOUTH)] = (south[0], south[1], 0, 0)
    return Ladder(
        name="mcr",
        steps=tuple(steps),
        room_bonus=room_bonus,
        uma=None,
        credit_cap="level-1",
        gates={
            Tier.SILVER: "level-6",
            Tier.GOLD: "level-3",
            Tier.JADE: "dan-1",
            Tier.THRONE: "dan-4",
        },
    )


MAJSOUL = _majsoul()
MCR = _mcr()

#: Which ladder each ruleset climbs. Sichuan's Bloodshed uses Mahjong Soul's four-player
#: ladder unchanged: no separate table for it was found (docs/ranks.md).
LADDERS: dict[str, Ladder] = {"riichi": MAJSOUL, "sichuan": MAJSOUL, "mcr": MCR}


def ladder_for(ruleset: str) -> Ladder:
    try:
        return LADDERS[ruleset]
    except KeyError:
        raise ValueError(f"{ruleset!r} has no rank ladder") from None


def length_of(ruleset: str, options: dict[str, object]) -> Length:
    """East or South for a game of ``ruleset`` with these rule ``options``: Riichi by its
    ``length`` (4: East), Sichuan by ``hands`` (4 or fewer: East), MCR by ``rounds`` (1 or 2:
    East)."""

    def number(name: str, default: int) -> int:
        value = options.get(name, default)
        return int(value) if isinstance(value, int | float) and not math.isnan(value) else default

    if ruleset == "riichi":
        return Length.EAST if number("length", 8) <= 4 else Length.SOUTH
    if ruleset == "sichuan":
        return Length.EAST if number("hands", 8) <= 4 else Length.SOUTH
    if ruleset == "mcr":
        return Length.EAST if number("rounds", 4) <= 2 else Length.SOUTH
    raise ValueError(f"{ruleset!r} has no rank ladder")
