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
from typing import TYPE_CHECKING

from openmahjong import tiles as T

if TYPE_CHECKING:
    from openmahjong.formats.riichi_import import GameLog, HandLog

__all__ = [
    "AgariRecord",
    "GameType",
    "decode_meld",
    "iter_agari",
    "read_agari",
    "game_type",
    "read_game",
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


# --------------------------------------------------------------------------- whole games

_DRAW_TAGS = {"T": 0, "U": 1, "V": 2, "W": 3}
_DISCARD_TAGS = {"D": 0, "E": 1, "F": 2, "G": 3}
_RYUUKYOKU = {
    None: "exhaustive",
    "nm": "nagashi",
    "yao9": "nine_terminals",
    "reach4": "four_riichi",
    "ron3": "triple_ron",
    "kan4": "four_kans",
    "kaze4": "four_winds",
}


def read_game(xml_text: str, name: str = "<mjlog>") -> GameLog:
    """A whole mjlog game as a :class:`~openmahjong.formats.riichi_import.GameLog` (4 players only).

    Raises :class:`~openmahjong.formats.riichi_import.FormatError` for a malformed file (naming
    the hand and the tag) and :class:`~openmahjong.formats.riichi_import.UnsupportedGame` for
    three-player games.
    """
    from urllib.parse import unquote

    from openmahjong.formats.riichi_import import (
        YAKU_BY_TENHOU_ID,
        Event,
        FormatError,
        GameLog,
        HandLog,
        LogWin,
        UnsupportedGame,
        tenhou_options,
    )

    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError as problem:
        raise FormatError(f"not mjlog XML ({problem})") from None
    if root.tag != "mjloggm":
        raise FormatError(f"not an mjlog document: the root tag is <{root.tag}>")
    try:
        gt = game_type(root)
    except ValueError:
        raise FormatError("<GO type> is not a number") from None
    if gt.three_player:
        raise UnsupportedGame("a three-player game (GO type flag 0x10): the engine plays four")
    options = tenhou_options(hanchan=gt.hanchan, red_fives=gt.red_fives, open_tanyao=gt.open_tanyao)
    red = gt.red_fives
    players: list[str] | None = None
    hands: list[HandLog] = []
    hand: HandLog | None = None
    final: list[int] | None = None
    riichi_pending: int | None = None
    last_discard: int | None = None
    start_ten: list[int] = []

    def tile(i: int, where: str) -> int:
        try:
            return T.from_tenhou136(i, red_fives=red)
        except ValueError as problem:
            label = hand.label if hand else "before the first hand"
            raise FormatError(f"{label}, {where}: {problem}") from None

    def ints(el: ET.Element, attr: str, where: str) -> list[int]:
        try:
            return _ints(el.get(attr))
        except ValueError:
            label = hand.label if hand else "before the first hand"
            raise FormatError(f"{label}, {where}: {attr}={el.get(attr)!r} is not numbers") from None

    def finish_scores(el: ET.Element, where: str, first: bool) -> None:
        assert hand is not None
        sc = ints(el, "sc", where)
        if len(sc) != 8:
            raise FormatError(f"{hand.label}, {where}: sc needs 8 numbers")
        before, change = sc[0::2], sc[1::2]
        if first or hand.deltas is None:
            hand.deltas = [
                (b + c) * 100 - p for b, c, p in zip(before, change, start_ten, strict=True)
            ]
        else:
            hand.deltas = [d + c * 100 for d, c in zip(hand.deltas, change, strict=True)]

    prev_tag = ""

    def _tag(el: ET.Element, tag: str, where: str) -> None:
        nonlocal players, hand, final, riichi_pending, last_discard, start_ten, prev_tag
        if tag == "UN" and players is None and el.get("n0") is not None:
            players = [unquote(el.get(f"n{i}", "")) for i in range(4)]
        elif tag == "INIT":
            seed = ints(el, "seed", where)
            ten = ints(el, "ten", where)
            if len(seed) != 6 or len(ten) != 4:
                raise FormatError(f"hand {len(hands) + 1}, {where}: seed needs 6 numbers, ten 4")
            oya = int(el.get("oya", "-1"))
            if oya != seed[0] % 4:
                raise FormatError(
                    f"hand {len(hands) + 1}, {where}: oya {oya} is not the dealer of round "
                    f"{seed[0]}"
                )
            start_ten = [t * 100 for t in ten]
            hand = HandLog(
                kyoku=seed[0],
                honba=seed[1],
                sticks=seed[2],
                points=list(start_ten),
                hands=[],
                dora=[],
                events=[],
                reason="",
                where=where,
            )
            hand.dora.append(tile(seed[5], where))
            hand.hands = [[tile(i, where) for i in ints(el, f"hai{s}", where)] for s in range(4)]
            hands.append(hand)
            riichi_pending = None
        elif hand is None:
            return
        elif tag[0] in _DRAW_TAGS and tag[1:].isdigit():
            hand.events.append(
                Event("draw", _DRAW_TAGS[tag[0]], tile(int(tag[1:]), where), where=where)
            )
        elif tag[0] in _DISCARD_TAGS and tag[1:].isdigit():
            seat = _DISCARD_TAGS[tag[0]]
            t = tile(int(tag[1:]), where)
            hand.events.append(
                Event("discard", seat, t, riichi=riichi_pending == seat, where=where)
            )
            riichi_pending = None
            last_discard = t
        elif tag == "REACH":
            if el.get("step") == "1":
                riichi_pending = int(el.get("who", "-1"))
        elif tag == "DORA":
            hand.dora.append(tile(int(el.get("hai", "-1")), where))
        elif tag == "N":
            seat = int(el.get("who", "-1"))
            try:
                kind_, meld, _rel = decode_meld(int(el.get("m", "")), red_fives=red)
            except ValueError as problem:
                raise FormatError(f"{hand.label}, {where}: bad meld ({problem})") from None
            if kind_ in ("chi", "pon", "minkan"):
                rest = list(meld)
                if last_discard is None or last_discard not in rest:
                    raise FormatError(
                        f"{hand.label}, {where}: seat {seat} {kind_} {T.format(meld)} does not "
                        "hold the last discard"
                    )
                rest.remove(last_discard)
                hand.events.append(Event(kind_, seat, last_discard, tuple(rest), where=where))
            elif kind_ == "ankan":
                hand.events.append(Event("ankan", seat, tiles=meld, where=where))
            elif kind_ == "kakan":
                added = ((int(el.get("m", "0")) >> 9) // 3) * 4 + ((int(el.get("m", "0")) >> 5) & 3)
                hand.events.append(Event("kakan", seat, tile(added, where), where=where))
            else:
                raise FormatError(f"{hand.label}, {where}: a {kind_} in a four-player game")
        elif tag == "AGARI":
            who = int(el.get("who", "-1"))
            from_who = int(el.get("fromWho", str(who)))
            first = prev_tag != "AGARI"
            if who == from_who:
                hand.events.append(Event("tsumo", who, where=where))
            else:
                hand.events.append(Event("ron", who, where=where))
            ten = ints(el, "ten", where)
            flat = ints(el, "yaku", where)
            yakuman = ints(el, "yakuman", where)
            try:
                if yakuman:
                    yaku = [(YAKU_BY_TENHOU_ID[i], 13) for i in yakuman]
                else:
                    yaku = [
                        (YAKU_BY_TENHOU_ID[i], h)
                        for i, h in zip(flat[0::2], flat[1::2], strict=True)
                    ]
            except (KeyError, ValueError):
                raise FormatError(
                    f"{hand.label}, {where}: unknown yaku in {flat or yakuman}"
                ) from None
            hand.reason = "win"
            hand.wins.append(
                LogWin(
                    seat=who,
                    from_seat=None if who == from_who else from_who,
                    han=sum(h for _, h in yaku) if not yakuman else None,
                    fu=ten[0] if ten else None,
                    total=ten[1] if len(ten) > 1 else None,
                    yaku=yaku,
                    yakuman=bool(yakuman),
                    ura=[tile(i, where) for i in ints(el, "doraHaiUra", where)],
                )
            )
            finish_scores(el, where, first)
        elif tag == "RYUUKYOKU":
            kind_name = el.get("type")
            if kind_name not in _RYUUKYOKU:
                raise FormatError(f"{hand.label}, {where}: unknown draw type {kind_name!r}")
            hand.reason = _RYUUKYOKU[kind_name]
            if hand.reason == "nine_terminals":
                seat = next(e.seat for e in reversed(hand.events) if e.kind == "draw")
                hand.events.append(Event("abort", seat, reason="nine_terminals", where=where))
            if hand.reason in ("exhaustive", "nagashi"):
                hand.tenpai = [el.get(f"hai{s}") is not None for s in range(4)]
            finish_scores(el, where, True)
        if tag in ("AGARI", "RYUUKYOKU") and el.get("owari"):
            owari = el.get("owari", "").split(",")
            final = [int(float(x)) * 100 for x in owari[0::2]]

    prev_tag = ""
    for n, el in enumerate(root):
        tag = el.tag
        where = f"tag {n} <{tag}>"
        try:
            _tag(el, tag, where)
        except (TypeError, ValueError, KeyError, IndexError, StopIteration) as problem:
            if isinstance(problem, FormatError):
                raise
            label = hand.label if hand else "before the first hand"
            raise FormatError(
                f"{label}, {where}: malformed ({problem or type(problem).__name__})"
            ) from None
        prev_tag = tag
    if not hands:
        raise FormatError("the log has no hand (<INIT>)")
    for h in hands:
        if not h.reason:
            raise FormatError(f"{h.label}: the hand has no result (truncated file?)")
    return GameLog(
        source="mjlog",
        options=options,
        hands=hands,
        players=players,
        final_points=final,
        complete=final is not None and hands[0].kyoku == 0 and hands[0].honba == 0,
        consecutive=True,
        title=name,
    )
