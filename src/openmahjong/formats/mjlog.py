"""A minimal reader for Tenhou's mjlog XML: the wins (``<AGARI>``) with what scoring needs.

mjlog writes tiles as 136-ids (``id // 4`` is the kind in Tenhou's order; 16, 52, 88 are the red
fives when the table plays them). Calls are packed into the ``m`` bit field of ``<N>`` and
``<AGARI>``; ``decode_meld`` unpacks it. Seat winds follow from ``<INIT oya>`` and the round
wind from the first number of ``<INIT seed>`` (0-3 East, 4-7 South, 8-11 West).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from openmahjong import tiles as T

__all__ = [
    "AgariRecord",
    "GameType",
    "decode_meld",
    "iter_agari",
    "read_agari",
    "game_type",
]

_WINDS = (41, 42, 43, 44)


@dataclass(frozen=True, slots=True)
class GameType:
    """The ``<GO type>`` flags that matter for reading and scoring."""

    flags: int

    @property
    def red_fives(self) -> bool:
        return not self.flags & 0x02

    @property
    def open_tanyao(self) -> bool:
        return not self.flags & 0x04

    @property
    def hanchan(self) -> bool:
        return bool(self.flags & 0x08)

    @property
    def three_player(self) -> bool:
        return bool(self.flags & 0x10)


@dataclass(slots=True)
class AgariRecord:
    """One recorded win. Tiles are our codes; seats are 0-3 as in the log."""

    round_index: int  # INIT seed kyoku: 0 = East 1 ... 4 = South 1
    honba: int
    riichi_sticks: int
    who: int
    from_who: int
    pao_who: int | None
    hand: list[int]  # concealed tiles, winning tile included
    melds: list[tuple[str, tuple[int, ...]]]  # (chi|pon|minkan|ankan|kakan|nuki, tiles)
    win_tile: int
    dora_indicators: list[int]
    ura_indicators: list[int]
    seat_wind: int
    round_wind: int
    riichi: bool  # the winner's riichi was accepted (REACH step 2) this hand
    fu: int
    points: int  # Tenhou's hand value, before honba and sticks
    limit: int  # 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman
    yaku: list[tuple[int, int]] = field(default_factory=list)  # (Tenhou yaku id, han)
    yakuman: list[int] = field(default_factory=list)  # Tenhou yakuman ids
    game_type: GameType = field(default_factory=lambda: GameType(0))
    scores: list[int] = field(default_factory=list)  # sc: before/change pairs, units of 100
    #: A second (or third) winner on the same discard: the first one took honba and sticks.
    after_another_win: bool = False

    @property
    def tsumo(self) -> bool:
        return self.who == self.from_who


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def decode_meld(m: int, *, red_fives: bool = True) -> tuple[str, tuple[int, ...], int]:
    """Unpack an mjlog ``m`` field into (kind, tiles, from) with ``from`` relative (0 = self).

    kind is chi, pon, kakan, minkan, ankan (or nuki, the three-player North set aside).
    """
    rel = m & 3

    def tile(i: int) -> int:
        return T.from_tenhou136(i, red_fives=red_fives)

    if m & 0x4:  # chi: base kind and which copy of each of the three tiles
        t = (m >> 10) // 3
        base = (t // 7) * 9 + t % 7
        ids = [(base + k) * 4 + ((m >> (3 + 2 * k)) & 3) for k in range(3)]
        return "chi", tuple(tile(i) for i in ids), rel
    if m & 0x18:  # pon (0x08) or added kan (0x10): kind, and the copy left out of the pon
        t = (m >> 9) // 3
        unused = (m >> 5) & 3
        if m & 0x8:
            ids = [t * 4 + k for k in range(4) if k != unused]
            return "pon", tuple(tile(i) for i in ids), rel
        return "kakan", tuple(tile(t * 4 + k) for k in range(4)), rel
    if m & 0x20:  # nuki: a North set aside (three-player games only)
        return "nuki", (tile((m >> 8) & 0xFF),), rel
    kind = (m >> 8) // 4
    return ("ankan" if rel == 0 else "minkan"), tuple(tile(kind * 4 + k) for k in range(4)), rel


def game_type(root: ET.Element) -> GameType:
    go = root.find("GO")
    return GameType(int(go.get("type", "0")) if go is not None else 0)


def iter_agari(xml_text: str) -> Iterator[AgariRecord]:
    """Every win in an mjlog document, in order."""
    root = ET.fromstring(xml_text)
    gt = game_type(root)
    red = gt.red_fives
    oya = 0
    kyoku = 0
    accepted: set[int] = set()
    last_was_agari = False
    for el in root:
        tag = el.tag
        if tag == "INIT":
            seed = _ints(el.get("seed"))
            kyoku = seed[0]
            oya = int(el.get("oya", "0"))
            accepted = set()
        elif tag == "REACH":
            if el.get("step") == "2":
                accepted.add(int(el.get("who", "0")))
        elif tag == "AGARI":
            record = _agari(el, gt, red, oya, kyoku, accepted)
            record.after_another_win = last_was_agari
            yield record
        last_was_agari = tag == "AGARI"


def _agari(
    el: ET.Element, gt: GameType, red: bool, oya: int, kyoku: int, accepted: set[int]
) -> AgariRecord:
    who = int(el.get("who", "0"))
    from_who = int(el.get("fromWho", str(who)))
    ba = _ints(el.get("ba")) or [0, 0]
    ten = _ints(el.get("ten"))
    yaku_flat = _ints(el.get("yaku"))
    melds = [decode_meld(m, red_fives=red)[:2] for m in _ints(el.get("m"))]
    pao = el.get("paoWho")

    def tile(i: int) -> int:
        return T.from_tenhou136(i, red_fives=red)

    return AgariRecord(
        round_index=kyoku,
        honba=ba[0],
        riichi_sticks=ba[1],
        who=who,
        from_who=from_who,
        pao_who=int(pao) if pao is not None else None,
        hand=[tile(i) for i in _ints(el.get("hai"))],
        melds=melds,
        win_tile=tile(int(el.get("machi", "0"))),
        dora_indicators=[tile(i) for i in _ints(el.get("doraHai"))],
        ura_indicators=[tile(i) for i in _ints(el.get("doraHaiUra"))],
        seat_wind=_WINDS[(who - oya) % 4],
        round_wind=_WINDS[(kyoku // 4) % 4],
        riichi=who in accepted,
        fu=ten[0],
        points=ten[1],
        limit=ten[2],
        yaku=list(zip(yaku_flat[0::2], yaku_flat[1::2], strict=True)),
        yakuman=_ints(el.get("yakuman")),
        game_type=gt,
        scores=_ints(el.get("sc")),
    )


def read_agari(path: str | Path) -> list[AgariRecord]:
    """Every win in an mjlog file."""
    return list(iter_agari(Path(path).read_text(encoding="utf-8")))
