"""mjai JSONL: one event per line (``start_game``, ``start_kyoku``, ``tsumo``, ``dahai``, calls,
``reach``/``reach_accepted``, ``dora``, ``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``).

Tiles are ``1m..9s``, ``5mr 5pr 5sr`` (red), ``E S W N`` winds and ``P F C`` White, Green,
Red; :func:`openmahjong.tiles.from_mjai` owns that mapping. ``hora`` and ``ryukyoku`` carry
``deltas``: the win's (or the draw's) payments, without the riichi sticks paid this hand;
the Mortal/libriichi dialect gives only deltas, the standard dialect adds ``fan``, ``fu`` and
``yakus`` (compared when present).
"""

from __future__ import annotations

import json
from typing import Any

from openmahjong import tiles as T
from openmahjong.formats.riichi_import import (
    Event,
    FormatError,
    GameLog,
    HandLog,
    LogWin,
)
from openmahjong.rules.riichi.game.options import GameOptions
from openmahjong.rules.riichi.game.options import preset as make_preset

__all__ = ["loads", "read_game"]

_WIND = {"E": 0, "S": 1, "W": 2, "N": 3}


def loads(text: str) -> list[dict[str, Any]]:
    events = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as problem:
            raise FormatError(f"line {n}: not JSON ({problem.msg}): truncated file?") from None
        if not isinstance(event, dict) or "type" not in event:
            raise FormatError(f"line {n}: an mjai event is an object with a type")
        event["_line"] = n
        events.append(event)
    return events


def read_game(
    events: list[dict[str, Any]], name: str = "<mjai>", options: GameOptions | None = None
) -> GameLog:
    """An mjai game (four players) as a GameLog; ``options`` default to ``tenhou-hanchan``."""
    options = options or make_preset("tenhou-hanchan")
    hands: list[HandLog] = []
    hand: HandLog | None = None
    riichi_pending: int | None = None
    accepted: set[int] = set()
    players = None
    final = None
    for ev in events:
        kind = ev["type"]
        line = f"line {ev.get('_line', '?')}"
        label = hand.label if hand else "before the first hand"

        def tile(name_: Any, label: str = label, line: str = line) -> int:
            try:
                return T.from_mjai(name_)
            except ValueError as problem:
                raise FormatError(f"{label}, {line}: {problem}") from None

        try:
            if kind == "start_game":
                names = ev.get("names")
                players = [str(x) for x in names] if isinstance(names, list) else None
                if isinstance(names, list) and len(names) != 4:
                    raise FormatError(f"{line}: {len(names)} players: only four are supported")
            elif kind == "start_kyoku":
                kyoku = 4 * _WIND[ev["bakaze"]] + int(ev["kyoku"]) - 1
                if int(ev["oya"]) != kyoku % 4:
                    raise FormatError(
                        f"{line}: oya {ev['oya']} is not the dealer of {ev['bakaze']}{ev['kyoku']}"
                    )
                hand = HandLog(
                    kyoku=kyoku,
                    honba=int(ev["honba"]),
                    sticks=int(ev["kyotaku"]),
                    points=[int(x) for x in ev["scores"]],
                    hands=[],
                    dora=[],
                    events=[],
                    reason="",
                    where=line,
                )
                label = hand.label
                hand.dora.append(tile(ev["dora_marker"], label))
                hand.hands = [[tile(t, label) for t in h] for h in ev["tehais"]]
                if len(hand.hands) != 4 or len(hand.points) != 4:
                    raise FormatError(f"{label}, {line}: only four-player games are supported")
                hands.append(hand)
                riichi_pending = None
                accepted = set()
            elif hand is None:
                if kind not in ("end_game",):
                    raise FormatError(f"{line}: {kind} before the first start_kyoku")
            elif kind == "tsumo":
                hand.events.append(Event("draw", int(ev["actor"]), tile(ev["pai"]), where=line))
            elif kind == "dahai":
                seat = int(ev["actor"])
                hand.events.append(
                    Event(
                        "discard", seat, tile(ev["pai"]), riichi=riichi_pending == seat, where=line
                    )
                )
                riichi_pending = None
            elif kind == "reach":
                riichi_pending = int(ev["actor"])
            elif kind == "reach_accepted":
                accepted.add(int(ev["actor"]))
            elif kind in ("chi", "pon", "daiminkan"):
                hand.events.append(
                    Event(
                        {"daiminkan": "minkan"}.get(kind, kind),
                        int(ev["actor"]),
                        tile(ev["pai"]),
                        tuple(tile(t) for t in ev["consumed"]),
                        where=line,
                    )
                )
            elif kind == "ankan":
                hand.events.append(
                    Event(
                        "ankan",
                        int(ev["actor"]),
                        tiles=tuple(tile(t) for t in ev["consumed"]),
                        where=line,
                    )
                )
            elif kind == "kakan":
                hand.events.append(Event("kakan", int(ev["actor"]), tile(ev["pai"]), where=line))
            elif kind == "dora":
                hand.dora.append(tile(ev["dora_marker"]))
            elif kind == "hora":
                who, target = int(ev["actor"]), int(ev["target"])
                hand.reason = "win"
                hand.events.append(Event("tsumo" if who == target else "ron", who, where=line))
                win = LogWin(
                    seat=who,
                    from_seat=None if who == target else target,
                    ura=[tile(t) for t in ev.get("ura_markers") or []],
                )
                if "fan" in ev:
                    win.han = int(ev["fan"])
                if "fu" in ev:
                    win.fu = int(ev["fu"])
                if isinstance(ev.get("yakus"), list):
                    win.yaku = [(str(y), int(h)) for y, h in ev["yakus"]]
                hand.wins.append(win)
                deltas = [int(x) for x in ev["deltas"]]
                hand.deltas = [
                    a + b for a, b in zip(hand.deltas or [0, 0, 0, 0], deltas, strict=True)
                ]
                if len(hand.wins) == 1:
                    hand.deltas = [
                        d - (1000 if s in accepted else 0) for s, d in enumerate(hand.deltas)
                    ]
            elif kind == "ryukyoku":
                deltas = [int(x) for x in ev.get("deltas") or [0, 0, 0, 0]]
                hand.deltas = [d - (1000 if s in accepted else 0) for s, d in enumerate(deltas)]
                reason = ev.get("reason")
                hand.reason = _ryukyoku_reason(hand, reason)
                if hand.reason == "nine_terminals":
                    seat = next(e.seat for e in reversed(hand.events) if e.kind == "draw")
                    hand.events.append(Event("abort", seat, reason="nine_terminals", where=line))
                    hand.deltas = None
            elif kind == "end_kyoku":
                if not hand.reason:
                    raise FormatError(f"{label}, {line}: end_kyoku without hora or ryukyoku")
            elif kind == "end_game" and isinstance(ev.get("scores"), list):
                final = [int(x) for x in ev["scores"]]
        except (KeyError, TypeError, ValueError) as problem:
            if isinstance(problem, FormatError):
                raise
            raise FormatError(f"{label}, {line} ({kind}): missing or bad field {problem}") from None
    if not hands:
        raise FormatError("no start_kyoku: not an mjai game")
    for h in hands:
        if not h.reason:
            raise FormatError(f"{h.label}: the hand has no result (truncated file?)")
    return GameLog(
        source="mjai",
        options=options,
        hands=hands,
        players=players,
        final_points=final,
        complete=final is not None
        and hands[0].kyoku == 0
        and hands[0].honba == 0
        and hands[0].points == [options.starting_points] * 4,
        consecutive=True,
        title=name,
    )


def _ryukyoku_reason(hand: HandLog, reason: Any) -> str:
    names = {
        "kyushukyuhai": "nine_terminals",
        "kyushu_kyuhai": "nine_terminals",
        "suufon_renda": "four_winds",
        "suucha_riichi": "four_riichi",
        "suukaikan": "four_kans",
        "sanchaho": "triple_ron",
        "nagashimangan": "nagashi",
    }
    if isinstance(reason, str) and reason.lower() in names:
        return names[reason.lower()]
    draws = [e for e in hand.events if e.kind == "draw"]
    discards = [e for e in hand.events if e.kind == "discard"]
    if (
        draws
        and len(draws) <= 4
        and hand.events[-1].kind == "draw"
        and not any(e.seat == draws[-1].seat for e in discards)
    ):
        return "nine_terminals"
    return "exhaustive"


# --------------------------------------------------------------------------- writing order

_CALLS = ("chi", "pon", "daiminkan")


def standard_order(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """mjai events in the order mjai consumers expect, from events in the engine's order.

    The engine reveals an open or added kan's dora after its caller's discard and accepts a
    riichi after the call that takes the riichi discard. libriichi's arena (Mortal, the
    simulator of mjai.app: ``libriichi/src/arena/board.rs``) and Tenhou's mjlog write:

    * ``dahai`` then its ``dora`` -> ``dora`` then ``dahai`` (an open or added kan's indicator
      comes between the replacement ``tsumo`` and the discard, after a ``reach``);
    * a ``chi``/``pon``/``daiminkan`` then ``reach_accepted`` -> ``reach_accepted`` first;
    * ``ankan`` then two ``dora`` -> the first (the earlier open kan's, shown as this kan is
      declared) before the ``ankan``, the closed kan's own after it.

    Only adjacent events move, so the pass works on a whole hand or on one batch of a live
    game alike (a discard and the dora it reveals arrive together).
    """
    out = list(events)
    i = 0
    while i < len(out):
        kind = out[i]["type"]
        j = i + 1
        follows = "reach_accepted" if kind in _CALLS else "dora"
        while j < len(out) and out[j]["type"] == follows:
            j += 1
        if kind == "ankan":
            j -= 1  # the closed kan's own dora stays after it
        if j > i + 1 and kind in ("dahai", "ankan", *_CALLS):
            out[i:j] = [*out[i + 1 : j], out[i]]
        i = max(j, i + 1)
    return out
