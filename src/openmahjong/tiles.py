"""Tile codes, text notation and conversions to the formats other tools speak.

A tile is a plain ``int`` (architecture.md, decision 1):

* 11-19 characters (m), 21-29 dots (p), 31-39 bamboo (s)
* 41-44 East South West North, 45 Red, 46 White, 47 Green
* 51-58 flowers: Spring Summer Autumn Winter, Plum Orchid Bamboo Chrysanthemum
* 105 / 205 / 305 red fives; ``kind(105) == 15``

Analysis code works on a dense index 0..33 in code order (11..19, 21..29, 31..39, 41..47).

Tenhou, tenhou.net/6 and mjai order the dragons White, Green, Red while our codes are
Red 45, White 46, Green 47. The converters in this module own that mapping; nothing else does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

__all__ = [
    "SUITED",
    "HONORS",
    "WINDS",
    "DRAGONS",
    "FLOWERS",
    "ALL_KINDS",
    "RED_FIVES",
    "EAST",
    "SOUTH",
    "WEST",
    "NORTH",
    "RED",
    "WHITE",
    "GREEN",
    "kind",
    "is_red",
    "is_tile",
    "is_suited",
    "is_honor",
    "is_flower",
    "is_terminal",
    "is_terminal_or_honor",
    "suit",
    "number",
    "index34",
    "from_index34",
    "counts34",
    "validate",
    "parse",
    "format",
    "sort_key",
    "to_tenhou136",
    "from_tenhou136",
    "to_tenhou6",
    "from_tenhou6",
    "to_mjai",
    "from_mjai",
    "to_gb",
    "from_gb",
]

EAST, SOUTH, WEST, NORTH = 41, 42, 43, 44
RED, WHITE, GREEN = 45, 46, 47

SUITED: tuple[int, ...] = tuple(s * 10 + n for s in (1, 2, 3) for n in range(1, 10))
WINDS: tuple[int, ...] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: tuple[int, ...] = (RED, WHITE, GREEN)
HONORS: tuple[int, ...] = WINDS + DRAGONS
FLOWERS: tuple[int, ...] = tuple(range(51, 59))
#: The 34 ordinary kinds in code order; position == dense index.
ALL_KINDS: tuple[int, ...] = SUITED + HONORS
RED_FIVES: tuple[int, ...] = (105, 205, 305)

_INDEX_OF_KIND: dict[int, int] = {k: i for i, k in enumerate(ALL_KINDS)}
_VALID: frozenset[int] = frozenset(ALL_KINDS) | frozenset(FLOWERS) | frozenset(RED_FIVES)
#: Every valid code with a kind (red fives included) -> its dense index: one lookup, no kind().
_INDEX_OF_CODE: dict[int, int] = {
    **_INDEX_OF_KIND,
    **{red: _INDEX_OF_KIND[red // 100 * 10 + 5] for red in RED_FIVES},
}

_SUIT_LETTERS = {1: "m", 2: "p", 3: "s"}
_SUIT_OF_LETTER = {"m": 1, "p": 2, "s": 3}
# Text notation numbers honors E S W N White Green Red (the common convention).
_Z_TO_CODE = {1: EAST, 2: SOUTH, 3: WEST, 4: NORTH, 5: WHITE, 6: GREEN, 7: RED}
_CODE_TO_Z = {code: z for z, code in _Z_TO_CODE.items()}


def _describe(tile: object) -> str:
    return repr(tile)


def is_tile(tile: object) -> bool:
    return isinstance(tile, int) and not isinstance(tile, bool) and tile in _VALID


def validate(tile: int) -> int:
    """Return ``tile`` if it is a tile code, else raise a ``ValueError`` that says why."""
    if is_tile(tile):
        return tile
    is_int = isinstance(tile, int) and not isinstance(tile, bool)
    if is_int and tile >= 100 and tile // 100 * 10 + tile % 10 in SUITED[:27]:
        raise ValueError(f"{tile} is not a tile: only fives come in red (105, 205, 305)")
    raise ValueError(
        f"{_describe(tile)} is not a tile code: use 11-19, 21-29, 31-39, 41-47, 51-58 "
        "or a red five 105/205/305"
    )


def kind(tile: int) -> int:
    """The kind of a tile: red fives become plain fives, everything else is unchanged."""
    return tile // 100 * 10 + tile % 10 if tile >= 100 else tile


def is_red(tile: int) -> bool:
    return tile in (105, 205, 305)


def is_suited(tile: int) -> bool:
    return 11 <= kind(tile) <= 39 and kind(tile) % 10 != 0


def is_honor(tile: int) -> bool:
    return 41 <= tile <= 47


def is_flower(tile: int) -> bool:
    return 51 <= tile <= 58


def is_terminal(tile: int) -> bool:
    k = kind(tile)
    return k < 40 and k % 10 in (1, 9)


def is_terminal_or_honor(tile: int) -> bool:
    return is_honor(tile) or is_terminal(tile)


def suit(tile: int) -> int:
    """1 characters, 2 dots, 3 bamboo, 4 honors, 5 flowers."""
    return kind(tile) // 10


def number(tile: int) -> int:
    return kind(tile) % 10


def index34(tile: int) -> int:
    """Dense index 0..33 of a tile's kind (flowers have none)."""
    try:
        return _INDEX_OF_CODE[tile]
    except (KeyError, TypeError):
        pass
    try:
        return _INDEX_OF_KIND[kind(tile)]
    except KeyError:
        raise ValueError(f"{_describe(tile)} has no place among the 34 kinds") from None


def from_index34(index: int) -> int:
    if not 0 <= index < 34:
        raise ValueError(f"kind index {index} is outside 0..33")
    return ALL_KINDS[index]


def counts34(tiles: Iterable[int]) -> list[int]:
    """A count vector of 34 (flowers are ignored: they never form sets)."""
    counts = [0] * 34
    direct = _INDEX_OF_CODE
    for t in tiles:
        i = direct.get(t)
        if i is not None:
            counts[i] += 1
            continue
        k = kind(t)
        if k in _INDEX_OF_KIND:
            counts[_INDEX_OF_KIND[k]] += 1
    return counts


def sort_key(tile: int) -> tuple[int, int]:
    """Code order, with a red five just before the plain fives of its suit."""
    return (kind(tile), 0 if is_red(tile) else 1)


def check_copies(tiles: Sequence[int], limit: int = 4) -> None:
    """Raise if any kind (or flower) appears more often than a physical set holds."""
    over = [(k, n) for k, n in Counter(kind(t) for t in tiles).items() if n > limit]
    if over:
        k, n = over[0]
        which = "copy" if n == limit + 1 else "copies"
        ordinal = {5: "fifth", 6: "sixth"}.get(n, f"{n}th")
        raise ValueError(
            f"{format([k])} appears {n} times: a set has only {limit} of each tile "
            f"(the {ordinal} {which} cannot exist)"
        )
    reds = Counter(t for t in tiles if is_red(t))
    for t, n in reds.items():
        if n > 2:
            raise ValueError(f"{format([t])} appears {n} times: no set has more than two red fives")


# --------------------------------------------------------------------------- text notation


def parse(text: str, *, check: bool = True) -> list[int]:
    """Parse ``"123m406p789s1234567z1f"`` into tile codes, keeping the written order.

    Digits are followed by their suit letter: m p s z (honors E S W N White Green Red) or f
    (flowers 1-8). ``0`` is a red five. With ``check`` (the default) more than four copies of a
    kind is an error.

    The work is linear in the length of ``text``: error text (which quotes the input) is built
    only when raising, never per tile.
    """
    if not isinstance(text, str):
        raise ValueError(f"a hand must be written as text, not {type(text).__name__}")
    tiles: list[int] = []
    pending: list[tuple[int, int]] = []  # (digit, position) waiting for their suit letter
    for pos, ch in enumerate(text.strip()):
        if ch.isspace():
            continue
        if ch.isdigit():
            pending.append((int(ch), pos))
            continue
        letter = ch.lower()
        if letter not in "mpszf":
            raise ValueError(
                f"unexpected {ch!r} at position {pos + 1} in {_quoted(text)}: "
                "write digits followed by m, p, s, z or f (e.g. 123m55z)"
            )
        if not pending:
            raise ValueError(
                f"suit letter {ch!r} at position {pos + 1} in {_quoted(text)} has no digits"
            )
        for digit, dpos in pending:
            tile = _tile_from_digit(digit, letter)
            if tile is None:
                raise ValueError(_not_a_tile(digit, letter, dpos, text))
            tiles.append(tile)
        pending.clear()
    if pending:
        raise ValueError(f"{_quoted(text)} ends with digits but no suit letter (m, p, s, z or f)")
    if check:
        check_copies(tiles)
    return tiles


def _quoted(text: str, room: int = 48) -> str:
    """``text`` quoted for an error message; a long one shortened, so a message stays a line."""
    if len(text) <= room:
        return repr(text)
    return f"{text[:room]!r}... ({len(text)} characters)"


def _tile_from_digit(digit: int, letter: str) -> int | None:
    """The tile a digit and its suit letter name; ``None`` if they name none."""
    if letter in _SUIT_OF_LETTER:
        s = _SUIT_OF_LETTER[letter]
        return s * 100 + 5 if digit == 0 else s * 10 + digit
    if letter == "z":
        return _Z_TO_CODE.get(digit)
    return 50 + digit if 1 <= digit <= 8 else None


def _not_a_tile(digit: int, letter: str, pos: int, text: str) -> str:
    where = f"at position {pos + 1} in {_quoted(text)}"
    if letter == "z":
        return f"{digit}z {where} is not an honor: honors are 1z-7z"
    return f"{digit}f {where} is not a flower: flowers are 1f-8f"


def _letter_and_digit(tile: int) -> tuple[str, int]:
    validate(tile)
    if is_red(tile):
        return _SUIT_LETTERS[tile // 100], 0
    if is_honor(tile):
        return "z", _CODE_TO_Z[tile]
    if is_flower(tile):
        return "f", tile - 50
    return _SUIT_LETTERS[tile // 10], tile % 10


def format(tiles: Iterable[int]) -> str:  # noqa: A001 - the public name the issue asks for
    """Write tiles in text notation, in the given order, merging runs of one suit."""
    out: list[str] = []
    digits: list[str] = []
    current = ""
    for t in tiles:
        letter, digit = _letter_and_digit(t)
        if letter != current and digits:
            out.append("".join(digits) + current)
            digits = []
        current = letter
        digits.append(str(digit))
    if digits:
        out.append("".join(digits) + current)
    return "".join(out)


# --------------------------------------------------------------------------- Tenhou 136-ids

# Tenhou's kind order 0..33 is ours except the dragons: White, Green, Red.
_TENHOU_KINDS: tuple[int, ...] = SUITED + WINDS + (WHITE, GREEN, RED)
_TENHOU_INDEX = {k: i for i, k in enumerate(_TENHOU_KINDS)}
_TENHOU_RED_IDS = {16: 105, 52: 205, 88: 305}


def from_tenhou136(tile_id: int, *, red_fives: bool = True) -> int:
    """A Tenhou 136-id to our code; ids 16, 52, 88 are red fives when the table plays them."""
    if not isinstance(tile_id, int) or not 0 <= tile_id < 136:
        raise ValueError(f"{tile_id!r} is not a Tenhou tile id (0..135)")
    if red_fives and tile_id in _TENHOU_RED_IDS:
        return _TENHOU_RED_IDS[tile_id]
    return _TENHOU_KINDS[tile_id // 4]


def to_tenhou136(tiles: Iterable[int]) -> list[int]:
    """Assign distinct Tenhou 136-ids to tiles (a red five takes the red id, copy 0)."""
    used: Counter[int] = Counter()
    ids: list[int] = []
    tiles = list(tiles)
    for t in tiles:
        validate(t)
        if is_flower(t):
            raise ValueError(f"{format([t])} is a flower: Tenhou has no flowers")
        base = _TENHOU_INDEX[kind(t)] * 4
        if is_red(t):
            if used[base] & 1:
                raise ValueError(f"{format([t])} appears twice: Tenhou has one red five per suit")
            used[base] |= 1
            ids.append(base)
            continue
        # Plain copies use ids 1..3 first when the kind is a five (id 0 is the red one).
        order = (1, 2, 3, 0) if kind(t) % 10 == 5 and kind(t) < 40 else (0, 1, 2, 3)
        for copy in order:
            if not used[base] & (1 << copy):
                used[base] |= 1 << copy
                ids.append(base + copy)
                break
        else:
            raise ValueError(f"{format([t])} appears more than four times")
    return ids


# --------------------------------------------------------------------------- tenhou.net/6 codes

_T6_RED = {51: 105, 52: 205, 53: 305}
_T6_DRAGON = {45: WHITE, 46: GREEN, 47: RED}


def from_tenhou6(code: int) -> int:
    """A tenhou.net/6 tile code (11..47, dragons White Green Red; 51-53 red fives)."""
    if code in _T6_RED:
        return _T6_RED[code]
    if code in _T6_DRAGON:
        return _T6_DRAGON[code]
    if isinstance(code, int) and (11 <= code <= 44) and code % 10 != 0 and code in _VALID:
        return code
    raise ValueError(f"{code!r} is not a tenhou.net/6 tile code")


def to_tenhou6(tile: int) -> int:
    validate(tile)
    if is_red(tile):
        return 50 + tile // 100
    if tile in DRAGONS:
        return {WHITE: 45, GREEN: 46, RED: 47}[tile]
    if is_flower(tile):
        raise ValueError(f"{format([tile])} is a flower: tenhou.net/6 has no flowers")
    return tile


# --------------------------------------------------------------------------- mjai

_MJAI_HONORS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH, "P": WHITE, "F": GREEN, "C": RED}
_HONOR_TO_MJAI = {code: name for name, code in _MJAI_HONORS.items()}


def from_mjai(name: str) -> int:
    """An mjai tile name (``1m``..``9s``, ``5mr``, ``E S W N P F C``) to our code."""
    if not isinstance(name, str):
        raise ValueError(f"{name!r} is not an mjai tile name")
    if name in _MJAI_HONORS:
        return _MJAI_HONORS[name]
    if len(name) in (2, 3) and name[0].isdigit() and name[1] in _SUIT_OF_LETTER:
        n, s = int(name[0]), _SUIT_OF_LETTER[name[1]]
        if n == 0:
            raise ValueError(f"{name!r} is not an mjai tile name (mjai writes a red five as 5mr)")
        if len(name) == 3:
            if name[2] != "r":
                raise ValueError(f"{name!r} is not an mjai tile name")
            if n != 5:
                raise ValueError(f"{name!r} is not a tile: only fives come in red")
            return s * 100 + 5
        return s * 10 + n
    raise ValueError(f"{name!r} is not an mjai tile name (1m..9s, 5mr, E S W N P F C)")


def to_mjai(tile: int) -> str:
    validate(tile)
    if is_red(tile):
        return f"5{_SUIT_LETTERS[tile // 100]}r"
    if is_honor(tile):
        return _HONOR_TO_MJAI[tile]
    if is_flower(tile):
        raise ValueError(f"{format([tile])} is a flower: mjai has no flowers")
    return f"{tile % 10}{_SUIT_LETTERS[tile // 10]}"


# --------------------------------------------------------------------------- PyMahjongGB

# W characters, T bamboo, B dots; F1-4 winds; J1 Red, J2 Green, J3 White; H1-8 flowers.
_GB_SUIT = {"W": 1, "B": 2, "T": 3}
_SUIT_GB = {v: k for k, v in _GB_SUIT.items()}
_GB_DRAGON = {1: RED, 2: GREEN, 3: WHITE}
_DRAGON_GB = {v: k for k, v in _GB_DRAGON.items()}


def from_gb(name: str) -> int:
    """A PyMahjongGB tile name (``W1``, ``T9``, ``B5``, ``F1``, ``J3``, ``H1``) to our code."""
    if not isinstance(name, str) or len(name) != 2 or not name[1].isdigit():
        raise ValueError(f"{name!r} is not a PyMahjongGB tile (W1-9 T1-9 B1-9 F1-4 J1-3 H1-8)")
    letter, n = name[0], int(name[1])
    if letter in _GB_SUIT and 1 <= n <= 9:
        return _GB_SUIT[letter] * 10 + n
    if letter == "F" and 1 <= n <= 4:
        return 40 + n
    if letter == "J" and n in _GB_DRAGON:
        return _GB_DRAGON[n]
    if letter == "H" and 1 <= n <= 8:
        return 50 + n
    raise ValueError(f"{name!r} is not a PyMahjongGB tile (W1-9 T1-9 B1-9 F1-4 J1-3 H1-8)")


def to_gb(tile: int) -> str:
    validate(tile)
    k = kind(tile)
    if k in _DRAGON_GB:
        return f"J{_DRAGON_GB[k]}"
    if is_honor(k):
        return f"F{k - 40}"
    if is_flower(k):
        return f"H{k - 50}"
    return f"{_SUIT_GB[k // 10]}{k % 10}"
