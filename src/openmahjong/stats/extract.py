"""Per-seat facts from one game record, one extractor per ruleset.

A record (``docs/records.md``) keeps one summary per hand (``hands``: wins with their yaku or
fans and value, the draw's tenpai) and the ordered actions (``[hand, seat, action]``: riichi
declarations and calls). An extractor reads both and returns what each player did, by player
(the store's seat: the record's ``result.places`` order). A new ruleset adds one function::

    @extractor("myrules", tracks={"riichi"})
    def my_facts(record): ...

A ruleset without an extractor still counts games and placements (``facts_of`` returns
``None`` for it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "BestHand",
    "Extractor",
    "SeatFacts",
    "EXTRACTORS",
    "extractor",
    "facts_of",
    "hand_entries",
    "calls_made",
]

Record = Mapping[str, Any]


@dataclass(slots=True)
class BestHand:
    """A winning hand as the player's best-hands list shows it."""

    hand_index: int
    seat: int
    value: int
    detail: dict[str, Any]


@dataclass(slots=True)
class SeatFacts:
    """What one player did over one game. ``hands``: hands dealt to them; ``riichi`` and
    ``calls``: hands in which they declared riichi or made an open call (chi, pon, open kan);
    ``deal_ins``: hands in which a win came off their discard (or robbed kan), and
    ``deal_in_value`` the value of those wins; ``draws``: exhaustive draws they were at,
    ``draw_tenpai`` those they were ready at; ``yaku``: wins holding each yaku or fan."""

    hands: int = 0
    wins: int = 0
    tsumo: int = 0
    win_value: int = 0
    deal_ins: int = 0
    deal_in_value: int = 0
    riichi: int = 0
    calls: int = 0
    draws: int = 0
    draw_tenpai: int = 0
    yaku: Counter[str] = field(default_factory=Counter)
    best: list[BestHand] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """The plain counts by counter name (``stat_counters.name``), yaku as ``yaku:<name>``."""
        out = {
            name: getattr(self, name)
            for name in (
                "hands",
                "wins",
                "tsumo",
                "win_value",
                "deal_ins",
                "deal_in_value",
                "riichi",
                "calls",
                "draws",
                "draw_tenpai",
            )
        }
        out.update({f"yaku:{k}": v for k, v in self.yaku.items()})
        return out


@dataclass(frozen=True, slots=True)
class Extractor:
    """A ruleset's extractor, and which of the optional measures its records carry
    (``riichi``: declarations; ``tenpai``: who was ready at an exhaustive draw)."""

    facts: Callable[[Record], list[SeatFacts]]
    tracks: frozenset[str]


#: Extractors by ruleset name.
EXTRACTORS: dict[str, Extractor] = {}


def extractor(
    ruleset: str, *, tracks: set[str] | frozenset[str] = frozenset()
) -> Callable[[Callable[[Record], list[SeatFacts]]], Callable[[Record], list[SeatFacts]]]:
    """Register ``ruleset``'s extractor (a decorator)."""

    def register(fn: Callable[[Record], list[SeatFacts]]) -> Callable[[Record], list[SeatFacts]]:
        EXTRACTORS[ruleset] = Extractor(fn, frozenset(tracks))
        return fn

    return register


def facts_of(ruleset: str, record: Record) -> list[SeatFacts] | None:
    """Each player's facts, or ``None`` when no extractor knows ``ruleset``."""
    found = EXTRACTORS.get(ruleset)
    return None if found is None else found.facts(record)


# ---------------------------------------------------------------------- shared reading


def hand_entries(record: Record) -> Iterator[tuple[int, Mapping[str, Any], list[Sequence[Any]]]]:
    """``(index, hand summary, its action entries)`` for every finished hand. Each summary
    says how many actions its hand took, so the log splits in order."""
    entries = list(record.get("actions") or [])
    start = 0
    for index, hand in enumerate(record.get("hands") or []):
        count = int(hand.get("actions") or 0)
        yield index, hand, entries[start : start + count]
        start += count


#: Answers to a discard (or an added kan) that a claim window collects.
_RESPONSES = frozenset({"pass", "chi", "pon", "minkan", "ron"})
_CALLS = frozenset({"chi", "pon", "minkan"})


def _seat_action(entry: Sequence[Any]) -> tuple[int, Mapping[str, Any]]:
    # Match records write [hand, seat, action, *flags]; store logs [seat, action, *flags].
    # (``type(...) is dict``, not an isinstance of Mapping: this runs for every action.)
    if len(entry) >= 3 and type(entry[2]) is dict:
        return entry[1], entry[2]
    return entry[0], entry[1]


def calls_made(entries: Sequence[Sequence[Any]]) -> set[int]:
    """Table seats that made an open call in a hand's entries.

    A call in the log is a claim, which may lose (to a ron, or a pon to a chi's caller's
    rival): it was made only when no ron answered the same discard and the caller is the
    next to act after the window (a caller discards, or draws after an open kan)."""
    made: set[int] = set()
    i = 0
    n = len(entries)
    while i < n:
        seat, action = _seat_action(entries[i])
        if action.get("type") not in _RESPONSES:
            i += 1
            continue
        window: list[tuple[int, str]] = []
        while i < n:
            seat, action = _seat_action(entries[i])
            kind = str(action.get("type"))
            if kind not in _RESPONSES:
                break
            window.append((seat, kind))
            i += 1
        if any(kind == "ron" for _, kind in window) or i >= n:
            continue
        next_seat, _ = _seat_action(entries[i])
        if any(s == next_seat and kind in _CALLS for s, kind in window):
            made.add(next_seat)
    return made


def riichi_seats(entries: Sequence[Sequence[Any]]) -> set[int]:
    """Table seats that declared riichi (a discard with ``riichi``) in a hand's entries."""
    seats = set()
    for entry in entries:
        seat, action = _seat_action(entry)
        if action.get("type") == "discard" and action.get("riichi"):
            seats.add(seat)
    return seats


def _players(record: Record) -> int:
    places = (record.get("result") or {}).get("places")
    return len(places) if places else 4


def _add_wins(
    facts: list[SeatFacts],
    index: int,
    hand: Mapping[str, Any],
    player_of: Callable[[int], int],
    value_of: Callable[[Mapping[str, Any]], int],
    names_of: Callable[[Mapping[str, Any]], list[str]],
    detail_of: Callable[[Mapping[str, Any]], dict[str, Any]],
) -> None:
    """Wins, tsumo, values, yaku and deal-ins of one hand (the rulesets share this part)."""
    dealt: dict[int, int] = {}
    for win in hand.get("wins") or []:
        winner = player_of(int(win["seat"]))
        value = value_of(win)
        f = facts[winner]
        f.wins += 1
        f.win_value += value
        if win.get("from_seat") is None:
            f.tsumo += 1
        else:
            source = player_of(int(win["from_seat"]))
            dealt[source] = dealt.get(source, 0) + value
        for name in set(names_of(win)):
            f.yaku[name] += 1
        detail = {"label": hand.get("label"), "tile": win.get("tile")}
        detail["tsumo"] = win.get("from_seat") is None
        f.best.append(BestHand(index, winner, value, {**detail, **detail_of(win)}))
    for source, value in dealt.items():
        facts[source].deal_ins += 1
        facts[source].deal_in_value += value


# ---------------------------------------------------------------------- the rulesets


@extractor("riichi", tracks={"riichi", "tenpai"})
def riichi_facts(record: Record) -> list[SeatFacts]:
    """Riichi: value is the hand's points before honba and sticks (``total``); an exhaustive
    draw (or nagashi) records who showed a ready hand (``tenpai``)."""
    facts = [SeatFacts() for _ in range(_players(record))]
    for index, hand, entries in hand_entries(record):
        for f in facts:
            f.hands += 1
        for seat in riichi_seats(entries):
            facts[seat].riichi += 1
        for seat in calls_made(entries):
            facts[seat].calls += 1
        _add_wins(
            facts,
            index,
            hand,
            lambda seat: seat,
            lambda w: int(w["total"]),
            lambda w: [str(name) for name, _han in w.get("yaku") or []],
            lambda w: {
                "han": w.get("han"),
                "fu": w.get("fu"),
                "yakuman": w.get("yakuman"),
                "yaku": [list(y) for y in w.get("yaku") or []],
            },
        )
        tenpai = hand.get("tenpai") or []
        if not hand.get("wins") and tenpai:
            for seat, ready in enumerate(tenpai):
                facts[seat].draws += 1
                facts[seat].draw_tenpai += 1 if ready else 0
    return facts


@extractor("mcr")
def mcr_facts(record: Record) -> list[SeatFacts]:
    """MCR: players change seats each wind round (the hand's ``seating`` maps a table seat to
    a player); value is the hand's fan count with flowers (``total``). MCR has no riichi and
    no payment for a ready hand at a draw."""
    facts = [SeatFacts() for _ in range(_players(record))]
    for index, hand, entries in hand_entries(record):
        seating = list(hand.get("seating") or range(len(facts)))

        def player(seat: int, seating: list[int] = seating) -> int:
            return int(seating[seat])

        for f in facts:
            f.hands += 1
        for seat in calls_made(entries):
            facts[player(seat)].calls += 1
        _add_wins(
            facts,
            index,
            hand,
            player,
            lambda w: int(w["total"]),
            lambda w: [str(fan[0]) for fan in w.get("fans") or []],
            lambda w: {
                "fan_total": w.get("fan_total"),
                "flowers": w.get("flowers"),
                "fans": [list(fan) for fan in w.get("fans") or []],
            },
        )
    return facts


@extractor("sichuan")
def sichuan_facts(record: Record) -> list[SeatFacts]:
    """Sichuan (blood battle): several seats may win one hand, each once; value is the win's
    points (``points``). A hand a seat won and sat out still counts as dealt to it."""
    facts = [SeatFacts() for _ in range(_players(record))]
    for index, hand, entries in hand_entries(record):
        for f in facts:
            f.hands += 1
        for seat in calls_made(entries):
            facts[seat].calls += 1
        _add_wins(
            facts,
            index,
            hand,
            lambda seat: seat,
            lambda w: int(w["points"]),
            lambda w: [str(y[0]) for y in w.get("yaku") or []],
            lambda w: {"han": w.get("han"), "yaku": [list(y) for y in w.get("yaku") or []]},
        )
    return facts
