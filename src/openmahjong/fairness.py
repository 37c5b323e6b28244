"""Provably fair walls: commit-reveal seeds, hand seeds, seat order, walls and dealing.

This module is bit-exact with the seed scheme of ``shared/seeds/platform-guide.en.txt`` §6
(architecture.md, decision 3):

* ``commitment = int(SHA256(format(master_seed, '064x') + salt), 16)`` is published when a game
  starts; the master seed and salt are published when it ends.
* ``hand_seed = int(SHA256(format(master_seed, '064x') + str(hand_number)), 16)`` seeds
  ``random.Random`` which shuffles that hand's wall (the document writes ``random.seed(seed);
  random.shuffle(tiles)``: same generator, same result, but no global state is touched here).
* ``random.Random(master_seed).shuffle(entry_order)`` fixes the seats for the whole game.

Everything here is pure and deterministic except :func:`new_seed` and :func:`new_salt`, which
draw from :mod:`secrets` and are only called by the server (or ``openmahjong seed new``).

Which hand number feeds :func:`hand_seed` depends on the ruleset (see :data:`WALL_RULESETS`):
Riichi and Sichuan (and Classical) use ``round_index``, 1-based and advanced by every hand
including repeat dealerships and honba hands (Riichi East 1, one honba is hand 2); MCR (and
Qingque) use ``current_round``, the hand number within the prevailing-wind round, which a repeat
dealership does not advance.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from openmahjong.tiles import RED_FIVES, SUITED

__all__ = [
    "WALL_RULESETS",
    "WallRuleset",
    "WallTable",
    "register_wall",
    "unregister_wall",
    "wall_rules",
    "commitment",
    "hand_seed",
    "seat_order",
    "build_wall",
    "shuffled_wall",
    "deal",
    "new_seed",
    "new_salt",
    "parse_master_seed",
    "format_master_seed",
    "parse_commitment",
    "format_commitment",
]

T = TypeVar("T")


@dataclass(frozen=True)
class WallRuleset:
    """What the fairness layer needs to know about a ruleset's wall, and how to build it.

    A ruleset declares one and registers it (:func:`register_wall`); :func:`build_wall` and
    :func:`shuffled_wall` then work for it by name, with the same seeds and commitments as for
    every other ruleset.
    """

    name: str
    #: Tiles in a full wall (with the default options).
    size: int
    #: Which counter is the ``hand_number`` of :func:`hand_seed`.
    hand_number: str
    #: Whether the dealer starts with 14 tiles (one more than the others).
    dealer_extra: bool
    note: str
    #: The tile kinds in the order the unshuffled wall lists them, ``copies`` of each.
    kinds: tuple[int, ...] = ()
    copies: int = 4
    #: Tiles that come once, appended after the kinds (MCR's flowers).
    extra: tuple[int, ...] = ()
    #: Whether the wall can hold red fives: then one plain five of each suit leaves and the
    #: red fives go to the end (when the table plays with them: ``red_fives``).
    red_fives: bool = False
    #: The directions a hand's tile exchange may take (Sichuan's "exchange three"), in the
    #: order :meth:`exchange_direction` indexes them; empty when the ruleset exchanges none.
    exchange_directions: tuple[str, ...] = ()
    #: Tiles each seat is dealt before the dealer's extra one (:func:`deal`'s ``tiles_each``):
    #: 13, or 16 in Taiwan's game.
    hand_size: int = 13

    def __post_init__(self) -> None:
        if len(self.build()) != self.size:
            raise ValueError(
                f"the {self.name} wall has {len(self.build())} tiles, not the {self.size} declared"
            )

    def build(self, *, red_fives: bool = True) -> list[int]:
        """The unshuffled wall in the order the seed document builds it."""
        wall = [t for t in self.kinds for _ in range(self.copies)]
        if self.red_fives and red_fives:
            for red in RED_FIVES:
                # One plain five of that suit leaves: 105 -> 15. Written out rather than
                # tiles.kind() so the wall never depends on anything but this file.
                wall.remove(red // 100 * 10 + 5)
            wall.extend(RED_FIVES)  # the red fives go to the end, in suit order
        wall.extend(self.extra)
        return wall

    def shuffled(self, master_seed: int, hand_number: int, *, red_fives: bool = True) -> list[int]:
        """The wall of one hand: :meth:`build` shuffled by ``Random(hand_seed(...))``."""
        wall = self.build(red_fives=red_fives)
        _shuffle(random.Random(hand_seed(master_seed, hand_number)), wall)
        return wall

    def exchange_direction(self, master_seed: int, hand_number: int) -> str | None:
        """The direction of one hand's tile exchange: ``exchange_directions[hand_seed %
        len(exchange_directions)]`` (the same hand seed that shuffles its wall), so whoever
        verifies the walls also verifies the directions. ``None`` for a wall without them."""
        directions = self.exchange_directions
        if not directions:
            return None
        return directions[hand_seed(master_seed, hand_number) % len(directions)]


class WallTable(Mapping[str, WallRuleset]):
    """The registered walls by name (:data:`WALL_RULESETS`).

    Rulesets register their walls when their module is imported. Asking for a name that is not
    registered yet, or listing the walls, first loads the installed rulesets (the registry's
    entry points), so ``shuffled_wall("riichi", ...)`` works with nothing else imported.
    """

    def __init__(self, walls: Mapping[str, WallRuleset]) -> None:
        self._walls = dict(walls)
        self._loaded = False

    def _load_rulesets(self) -> None:
        if not self._loaded:
            self._loaded = True
            from openmahjong.rules.registry import rulesets  # the rulesets import this module

            rulesets()

    def __getitem__(self, name: str) -> WallRuleset:
        if name not in self._walls:
            self._load_rulesets()
        return self._walls[name]

    def __contains__(self, name: object) -> bool:
        if name not in self._walls:
            self._load_rulesets()
        return name in self._walls

    def __iter__(self) -> Iterator[str]:
        self._load_rulesets()
        return iter(self._walls)

    def __len__(self) -> int:
        self._load_rulesets()
        return len(self._walls)

    def add(self, wall: WallRuleset) -> WallRuleset:
        known = self._walls.get(wall.name)
        if known is not None and known != wall:
            raise ValueError(f"another wall is registered as {wall.name!r}")
        self._walls[wall.name] = wall
        return wall

    def remove(self, name: str) -> None:
        del self._walls[name]


#: Every wall this module builds, by the ``ruleset`` argument of :func:`build_wall`. Sichuan's is
#: declared here (the seed tool lists it before its ruleset exists); the others are registered
#: by their rulesets (:func:`register_wall`).
WALL_RULESETS = WallTable(
    {
        "sichuan": WallRuleset(
            name="sichuan",
            size=108,
            hand_number="round_index",
            dealer_extra=True,
            note="the 27 suited kinds x4 in code order (no honors, no flowers)",
            kinds=SUITED,
            # Each hand's exchange of three tiles passes them one way (docs/sichuan.md).
            exchange_directions=("clockwise", "counterclockwise", "across"),
        ),
    }
)


def register_wall(wall: WallRuleset) -> WallRuleset:
    """Make ``wall`` known by its name (a ruleset calls this when its module is imported);
    registering the same wall again is harmless, another wall under a taken name is a
    ``ValueError``. Returns the wall."""
    return WALL_RULESETS.add(wall)


def unregister_wall(name: str) -> None:
    """Forget a registered wall (tests that register their own)."""
    WALL_RULESETS.remove(name)


def wall_rules(ruleset: str) -> WallRuleset:
    """The registered wall of ``ruleset`` (``ValueError`` naming the known ones)."""
    try:
        return WALL_RULESETS[ruleset]
    except KeyError:
        known = ", ".join(sorted(WALL_RULESETS))
        raise ValueError(f"unknown ruleset {ruleset!r}: the walls known here are {known}") from None


def _seed_hex(master_seed: int) -> str:
    _check_master_seed(master_seed)
    return format(master_seed, "064x")


def _check_master_seed(master_seed: int) -> None:
    if not isinstance(master_seed, int) or isinstance(master_seed, bool):
        raise ValueError(f"a master seed is an int, not {type(master_seed).__name__}")
    # No upper bound on purpose: the seed document's own example seed has 67 hex digits, and
    # format(seed, '064x') simply writes all of them. New seeds are 256 bits (new_seed) and
    # seeds typed by people must be 64 hex digits (parse_master_seed).
    if master_seed < 0:
        raise ValueError("a master seed is a non-negative number")


def _sha256_int(text: str) -> int:
    return int(hashlib.sha256(text.encode()).hexdigest(), 16)


def commitment(master_seed: int, salt: str) -> int:
    """``int(SHA256(format(master_seed, '064x') + salt), 16)``: published before the game."""
    if not isinstance(salt, str):
        raise ValueError(f"a salt is text, not {type(salt).__name__}")
    return _sha256_int(_seed_hex(master_seed) + salt)


def hand_seed(master_seed: int, hand_number: int) -> int:
    """``int(SHA256(format(master_seed, '064x') + str(hand_number)), 16)``.

    ``hand_number`` is the ruleset's counter named in :data:`WALL_RULESETS` (``round_index`` or
    ``current_round``); both start at 1.
    """
    if not isinstance(hand_number, int) or isinstance(hand_number, bool):
        raise ValueError(f"a hand number is an int, not {type(hand_number).__name__}")
    return _sha256_int(_seed_hex(master_seed) + str(hand_number))


def seat_order(master_seed: int, entry_order: Sequence[T]) -> list[T]:
    """The players in seat order: a copy of ``entry_order`` shuffled by ``Random(master_seed)``.

    Seat 0 is East for the first hand. ``entry_order`` itself is left untouched.
    """
    _check_master_seed(master_seed)
    seats = list(entry_order)
    random.Random(master_seed).shuffle(seats)
    return seats


def build_wall(ruleset: str, *, red_fives: bool = True) -> list[int]:
    """The unshuffled wall of a registered ruleset in the order the seed document builds it.

    ``red_fives`` only matters for walls that have them (Riichi): MCR and Sichuan have none.
    """
    return wall_rules(ruleset).build(red_fives=red_fives)


def shuffled_wall(
    ruleset: str, master_seed: int, hand_number: int, *, red_fives: bool = True
) -> list[int]:
    """The wall of one hand: :func:`build_wall` shuffled by ``Random(hand_seed(...))``.

    Index 0 is the first tile dealt. For MCR this equals the seed document's ``tiles_list``
    after ``random.seed(round_random_seed); random.shuffle(tiles_list)``.
    """
    return wall_rules(ruleset).shuffled(master_seed, hand_number, red_fives=red_fives)


#: ``n.bit_length()`` for every list length a wall shuffle meets.
_BITS = [n.bit_length() for n in range(1, 146)]


def _shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)`` written out, with the same draws in the same order: CPython's
    Fisher-Yates from the last place down, each index drawn by ``getrandbits`` of the bit length
    of the places left, again while it falls outside them (``Random._randbelow``). Written out,
    it skips two method calls per tile (about 26 -> 17 us a wall); a test compares it with
    ``Random.shuffle`` on every wall size and many seeds, so the published walls stay its own."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        places = i + 1
        bits = _BITS[i]  # places.bit_length()
        j = getrandbits(bits)
        while j >= places:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def deal(
    wall: Sequence[int],
    seats: int = 4,
    *,
    dealer: int = 0,
    dealer_extra: bool = True,
    tiles_each: int = 13,
) -> tuple[list[list[int]], list[int]]:
    """Deal starting hands from the front of a shuffled wall; return ``(hands, rest)``.

    Seat 0 takes the first 13 tiles (``tiles_each``: 16 in Taiwan's game), seat 1 the next 13,
    and so on in seat order; then, when ``dealer_extra`` is true, the dealer takes one more
    tile. ``hands[i]`` is seat ``i``'s hand in the order drawn and ``rest`` is the live
    remainder, front first.

    How a ruleset uses it: it calls ``deal(shuffled_wall(...), dealer=<dealer seat>,
    dealer_extra=WALL_RULESETS[name].dealer_extra)`` and draws later tiles from the front of
    ``rest``. Anything else is the ruleset's business: Riichi splits its dead wall (14 tiles,
    dora indicators, replacement draws) off the *back* of ``rest``; MCR replaces flowers in the
    dealt hands from ``rest`` (from the back, as it does for kong replacements); Sichuan deals
    only suited tiles so it needs nothing more.
    """
    if not isinstance(seats, int) or seats < 1:
        raise ValueError(f"seats must be a positive number, not {seats!r}")
    if not 0 <= dealer < seats:
        raise ValueError(f"dealer {dealer!r} is not a seat: seats are 0..{seats - 1}")
    n = tiles_each
    need = n * seats + (1 if dealer_extra else 0)
    if len(wall) < need:
        raise ValueError(f"a wall of {len(wall)} tiles cannot deal {need} tiles to {seats} seats")
    tiles = list(wall)
    hands = [tiles[n * s : n * (s + 1)] for s in range(seats)]
    pos = n * seats
    if dealer_extra:
        hands[dealer].append(tiles[pos])
        pos += 1
    return hands, tiles[pos:]


# --------------------------------------------------------------------------- seeds and salts

_HEX64 = re.compile(r"(?:0[xX])?([0-9a-fA-F]{64})")


def new_seed() -> int:
    """A fresh 256-bit master seed from the operating system's CSPRNG."""
    return secrets.randbits(256)


def new_salt() -> str:
    """A fresh salt: 32 hex digits (128 bits)."""
    return secrets.token_hex(16)


def format_master_seed(master_seed: int) -> str:
    """The 64-hex-digit form used everywhere (and hashed by :func:`commitment`)."""
    return _seed_hex(master_seed)


def format_commitment(value: int) -> str:
    """The published form of a commitment: exactly 64 lowercase hex digits, no prefix."""
    return format(value, "064x")


_COMMITMENT_HEX = re.compile(r"(?:0[xX])?([0-9a-fA-F]{64})|0[xX]([0-9a-fA-F]{1,63})")
_COMMITMENT_DECIMAL = re.compile(r"[0-9]{1,78}")


def parse_commitment(text: str) -> int:
    """Read a commitment as people paste it: the published form (64 hex digits, an ``0x``
    prefix allowed), shorter hex with ``0x``, or a decimal number (the integer of the formula,
    as some sites show it). Exactly 64 digits are always read as hex, the published form: a
    decimal commitment that short has odds of about 1e-13."""
    if not isinstance(text, str):
        raise ValueError(f"a commitment is written as text, not {type(text).__name__}")
    digits = text.strip()
    match = _COMMITMENT_HEX.fullmatch(digits)
    if match is not None:
        return int(match.group(1) or match.group(2), 16)
    if _COMMITMENT_DECIMAL.fullmatch(digits) and int(digits) < 1 << 256:
        return int(digits)
    raise ValueError(
        "a commitment is 64 hex digits as the server publishes it (0x-hex or a decimal number "
        "are accepted too)"
    )


def parse_master_seed(text: str) -> int:
    """Read a master seed written as exactly 64 hex digits (an ``0x`` prefix is allowed)."""
    if not isinstance(text, str):
        raise ValueError(f"a master seed is written as text, not {type(text).__name__}")
    match = _HEX64.fullmatch(text.strip())
    if match is None:
        digits = text.strip()
        if digits[:2].lower() == "0x":
            digits = digits[2:]
        bad = sorted({c for c in digits if c not in "0123456789abcdefABCDEF"})
        if bad:
            why = "it contains " + ", ".join(repr(c) for c in bad)
        else:
            why = f"it has {len(digits)} digits"
        raise ValueError(f"a master seed must be exactly 64 hex digits (0-9, a-f); {why}")
    return int(match.group(1), 16)
