"""A winning hand as the scorer sees it: melds, count vectors and checks of the input.

Everything here is computed once per call of ``score_win``; the interpretations and yaku checks
then read these plain lists (dense index 0..33, see ``openmahjong.tiles``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from openmahjong import tiles as T
from openmahjong.rules.riichi.errors import InvalidHand

__all__ = [
    "Meld",
    "MELD_KINDS",
    "MeldSet",
    "Hand",
    "build_hand",
    "parse_meld",
]

_INDEX = {k: i for i, k in enumerate(T.ALL_KINDS)}


def _check_copies(tiles: list[int]) -> None:
    try:
        T.check_copies(tiles)
    except ValueError as problem:
        raise InvalidHand(str(problem)) from None


MELD_KINDS = ("chi", "pon", "minkan", "ankan", "kakan")


class Meld(NamedTuple):
    """A called (or closed-kan) set: ``kind`` in chi, pon, minkan, ankan, kakan; its tiles."""

    kind: str
    tiles: tuple[int, ...]

    @classmethod
    def parse(cls, text: str) -> Meld:
        """``"pon:555z"``, ``"chi:406p"``, ``"ankan:1111m"`` in text notation."""
        return parse_meld(text)


def parse_meld(text: str) -> Meld:
    kind, sep, body = text.partition(":")
    kind = kind.strip().lower()
    if not sep or kind not in MELD_KINDS:
        raise InvalidHand(
            f"meld {text!r} should look like pon:555z, chi:123m, minkan:5555p, ankan:1111s "
            "or kakan:7777z"
        )
    try:
        return Meld(kind, tuple(T.parse(body)))
    except ValueError as exc:
        raise InvalidHand(f"meld {text!r}: {exc}") from None


class MeldSet(NamedTuple):
    """A meld as a set: kind 0 triplet / 1 sequence, its lowest dense index, concealed?, kan?"""

    type: int
    start: int
    concealed: bool
    kan: bool


@dataclass(slots=True)
class Hand:
    concealed: list[int]  # counts34 of the concealed tiles, winning tile included
    win: int  # index34 of the winning tile
    melds: tuple[MeldSet, ...]
    closed: bool  # no called meld (closed kans keep a hand closed)
    shape: list[int]  # counts34 of concealed + melds, a kan counted as three
    physical: list[int]  # counts34 of every tile held, a kan counted as four
    reds: int  # red fives held (concealed and melded)
    kans: int


# Tile code -> dense index, red fives included; anything else (flowers, junk) is missing.
_CODE_INDEX: dict[int, int] = {**_INDEX, 105: 4, 205: 13, 305: 22}


def _tile_list(tiles: Iterable[int] | str, what: str) -> list[int]:
    if isinstance(tiles, str):
        try:
            return T.parse(tiles)
        except ValueError as exc:
            raise InvalidHand(f"{what}: {exc}") from None
    out = tiles if type(tiles) is list else list(tiles)
    for t in out:
        if t not in _CODE_INDEX or type(t) is not int:
            raise InvalidHand(
                f"{what}: {t!r} is not a Riichi tile code (11-19, 21-29, 31-39, 41-47)"
            )
    return out


def _meld_error(kind: str, ts: list[int], why: str) -> InvalidHand:
    shown = T.format(ts) if ts else "nothing"
    return InvalidHand(f"{kind} {shown} {why}")


def _meld_set(meld: Meld | tuple[str, Sequence[int]]) -> tuple[MeldSet, list[int]]:
    kind, raw = meld[0], meld[1]
    if kind not in MELD_KINDS:
        raise InvalidHand(f"{kind!r} is not a meld kind: use chi, pon, minkan, ankan or kakan")
    ts = _tile_list(raw, f"{kind} meld")
    idx = sorted(_CODE_INDEX[t] for t in ts)
    if kind == "chi":
        if not (
            len(idx) == 3
            and idx[0] < 27
            and idx[1] == idx[0] + 1
            and idx[2] == idx[0] + 2
            and idx[0] % 9 <= 6
        ):
            raise _meld_error(kind, ts, "is not three consecutive tiles of one suit")
        return MeldSet(1, idx[0], False, False), ts
    need = 3 if kind == "pon" else 4
    if len(idx) != need or idx[0] != idx[-1]:
        raise _meld_error(kind, ts, f"should be {need} copies of one tile")
    return MeldSet(0, idx[0], kind == "ankan", need == 4), ts


def _check_reds(everything: list[int], red_fives: int) -> None:
    """Raise if the table could not have dealt these red and plain fives."""
    reds = [t for t in everything if t >= 100]
    for suit_red in set(reds):
        allowed = 2 if red_fives == 4 and suit_red == 205 else 1
        if reds.count(suit_red) > allowed:
            copies = "one red five per suit" if red_fives == 3 else "two red 5p, one red 5m, 5s"
            raise InvalidHand(
                f"{T.format([suit_red])} appears {reds.count(suit_red)} times: "
                f"this table has {copies}"
            )
    for five, red in ((15, 105), (25, 205), (35, 305)):
        if everything.count(five) == 4:
            raise InvalidHand(
                f"four plain {T.format([five])}: this table plays red fives, so one of "
                f"the four is red (write it {T.format([red])})"
            )


# A meld's reading depends only on its kind and tiles: remember it (few distinct melds exist).
_MELD_CACHE: dict[object, tuple[MeldSet, list[int], int]] = {}


def _read_meld(m: Meld | tuple) -> tuple[MeldSet, list[int], int]:
    """(set, tiles, red fives among them), cached for hashable melds."""
    try:
        return _MELD_CACHE[m]
    except KeyError:
        pass
    except TypeError:  # a meld with a list of tiles: not hashable, read it every time
        ms, ts = _meld_set(m)
        return ms, ts, sum(1 for t in ts if t >= 100)
    ms, ts = _meld_set(m)
    found = (ms, ts, sum(1 for t in ts if t >= 100))
    if len(_MELD_CACHE) < 4096:
        _MELD_CACHE[m] = found
    return found


def build_hand(
    hand: Iterable[int] | str, win_tile: int | str, melds: Iterable[Meld | tuple], red_fives: int
) -> Hand:
    if type(hand) is not list:
        hand = _tile_list(hand, "hand")
    if type(melds) is not tuple and type(melds) is not list:
        melds = list(melds)  # read twice below when something looks wrong
    if type(win_tile) is str:
        parsed = _tile_list(win_tile, "winning tile")
        if len(parsed) != 1:
            raise InvalidHand(f"the winning tile {win_tile!r} should be exactly one tile")
        win_tile = parsed[0]
    index = _CODE_INDEX
    concealed = [0] * 34
    reds = 0
    try:
        for t in hand:
            concealed[index[t]] += 1
        if hand and max(hand) >= 100:
            reds = sum(1 for t in hand if t >= 100)
        win = index[win_tile]  # type: ignore[index]  # a str was parsed above
    except (KeyError, TypeError):
        _tile_list(hand, "hand")
        raise InvalidHand(f"the winning tile {win_tile!r} is not a Riichi tile code") from None
    if type(win_tile) is not int:
        raise InvalidHand(f"the winning tile {win_tile!r} is not a Riichi tile code")
    shape = concealed[:]
    physical = concealed[:]
    sets: list[MeldSet] = []
    closed = True
    kans = 0
    if melds:
        for m in melds:
            ms, ts, meld_reds = _read_meld(m)
            sets.append(ms)
            reds += meld_reds
            i = ms[1]
            if ms[0] == 1:
                shape[i] += 1
                shape[i + 1] += 1
                shape[i + 2] += 1
                physical[i] += 1
                physical[i + 1] += 1
                physical[i + 2] += 1
                closed = False
            else:
                shape[i] += 3
                if ms[3]:
                    physical[i] += 4
                    kans += 1
                else:
                    physical[i] += 3
                if not ms[2]:
                    closed = False
        if len(sets) > 4:
            raise InvalidHand(f"{len(sets)} melds: a hand has at most four")
    expected = 14 - 3 * len(sets)
    if len(hand) != expected:
        raise InvalidHand(
            f"the concealed hand has {len(hand)} tiles; with {len(sets)} meld(s) it "
            f"needs {expected}, winning tile included"
        )
    if not concealed[win]:
        raise InvalidHand(
            f"the winning tile {T.format([win_tile])} is not in the hand: pass the hand with the "
            "winning tile included"
        )
    if max(physical) > 4:
        _check_copies(list(hand) + [t for m in melds for t in _read_meld(m)[1]])
    if red_fives:
        # Checked in full only when something could be wrong: several reds, or four fives.
        if reds > 1 or physical[4] == 4 or physical[13] == 4 or physical[22] == 4:
            _check_reds(list(hand) + [t for m in melds for t in _read_meld(m)[1]], red_fives)
    else:
        reds = 0
    return Hand(concealed, win, tuple(sets), closed, shape, physical, reds, kans)
