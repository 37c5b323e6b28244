"""Our record out to other formats: every hand is replayed and its events written.

``hand_tables(record)`` replays one of our records (a self-play record with its master seed,
or an imported one with its walls in ``header.deals``) and returns each finished hand's table;
:mod:`~openmahjong.formats.tenhou6` and :func:`write_mjai` turn the tables' events into
tenhou.net/6 JSON and mjai JSONL.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from openmahjong import tiles as T
from openmahjong.formats.mjai import standard_order
from openmahjong.formats.riichi_import import FormatError, replay_imported
from openmahjong.rules.riichi.game.events import RiichiAccepted
from openmahjong.rules.riichi.game.round import WinResult
from openmahjong.rules.riichi.yaku_table import LOCAL_YAKU, YAKU
from openmahjong.table.events import Event
from openmahjong.table.kernel import Phase, Table

__all__ = [
    "hand_tables",
    "points_text",
    "yaku_names_ja",
    "write_mjai",
    "mjai_lines",
    "mjai_play_events",
    "mjai_ryukyoku",
    "mjai_start_doras",
    "MJAI_BAKAZE",
]

_LIMIT_JA = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満"}


def hand_tables(record: dict[str, Any]) -> list[tuple[Table, dict[str, Any]]]:
    """Each finished hand of ``record`` as (table, the record's summary of it, or {})."""
    header = record.get("header", record)
    if not isinstance(header, dict):
        raise FormatError("the record has no header")
    hands = record.get("hands") or []
    if "deals" in header:
        tables, _report = replay_imported(record)
    else:
        tables = _replay_seeded(record)
    out = []
    for i, table in enumerate(tables):
        if table.phase != Phase.ENDED:
            continue
        out.append((table, hands[i] if i < len(hands) else {}))
    return out


def _replay_seeded(record: dict[str, Any]) -> list[Table]:
    from openmahjong.rules.riichi.game.match import RiichiMatch, _master_seed, split_entry
    from openmahjong.rules.riichi.game.options import GameOptions
    from openmahjong.table.actions import action_from_dict
    from openmahjong.table.errors import IllegalAction

    header = record.get("header", record)
    try:
        match = RiichiMatch(
            GameOptions(**header["options"]), _master_seed(header.get("master_seed"))
        )
    except (KeyError, TypeError, ValueError) as problem:
        raise FormatError(f"cannot replay the record: {problem}") from None
    tables: list[Table] = []
    for k, entry in enumerate(record.get("actions") or []):
        table = match.table
        try:
            seat, data, flags = split_entry(entry)
            if "timeout" in flags:
                match.timeout(seat)
            else:
                match.act(seat, action_from_dict(data))
        except (IllegalAction, ValueError, KeyError, TypeError) as problem:
            raise FormatError(f"action {k}: the engine refuses it: {problem}") from None
        if table.phase == Phase.ENDED:
            tables.append(table)
    return tables


def points_text(w: WinResult, dealer: int) -> str:
    """Tenhou's points string: ``30符4飜7700点``, ``満貫2000-4000点``, ``役満16000点∀``."""
    win = w.win
    if win.yakuman:
        head = "役満"
    elif win.limit in _LIMIT_JA:
        head = _LIMIT_JA[win.limit]
    else:
        head = f"{win.fu}符{win.han}飜"
    if w.from_seat is not None:
        return f"{head}{win.total}点"
    if w.seat == dealer:
        return f"{head}{win.total // 3}点∀"
    # Non-dealer tsumo: the dealer pays the larger share; total = 2 * small + large.
    small, large = _tsumo_shares(win.total)
    return f"{head}{small}-{large}点"


def _tsumo_shares(total: int) -> tuple[int, int]:
    """Split a non-dealer tsumo total into (non-dealer share, dealer share)."""
    for large in range(100, total + 100, 100):
        small = (total - large) // 2
        if small > 0 and 2 * small + large == total and abs(large - 2 * small) <= 100:
            return small, large
    return 0, 0


def yaku_names_ja(win: Any) -> list[str]:
    names = []
    for y, han in win.yaku:
        row = YAKU.get(y) or LOCAL_YAKU.get(y)  # local yaku by their Japanese names too
        name = "両立直" if y == "double_riichi" else (row.ja if row else y)
        if win.yakuman:
            names.append(f"{name}(役満)")
        else:
            names.append(f"{name}({han}飜)")
    return names


# --------------------------------------------------------------------------- mjai

#: mjai's ``bakaze`` per round wind (our honor codes 41-44).
MJAI_BAKAZE = {41: "E", 42: "S", 43: "W", 44: "N"}
_DRAW_MJAI = {
    "nine_terminals": "kyushukyuhai",
    "four_winds": "suufon_renda",
    "four_riichi": "suucha_riichi",
    "four_kans": "suukaikan",
    "triple_ron": "sanchaho",
    "nagashi": "nagashimangan",
}


def mjai_ryukyoku(events: Sequence[Event], reason: str, deltas: Sequence[int]) -> dict[str, Any]:
    """The ``ryukyoku`` of a hand that ended without a win (``reason`` as our results name it,
    ``events`` the hand's). mjai's deltas leave out the riichi sticks paid this hand."""
    riichi = {e.seat for e in events if isinstance(e, RiichiAccepted)}
    sticks = [1000 if seat in riichi else 0 for seat in range(len(deltas))]
    event: dict[str, Any] = {
        "type": "ryukyoku",
        "deltas": [d + s for d, s in zip(deltas, sticks, strict=True)],
    }
    if reason in _DRAW_MJAI:
        event["reason"] = _DRAW_MJAI[reason]
    return event


def mjai_lines(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Our record as mjai events (the standard dialect: ``hora`` with ``deltas``,
    ``ura_markers``, ``fan``, ``fu`` and ``yakus``), each hand's events in the order mjai
    consumers expect (:func:`~openmahjong.formats.mjai.standard_order`)."""
    from openmahjong.rules.riichi.game.events import RiichiHandStarted
    from openmahjong.table.events import Dealt

    header = record.get("header", record)
    names = header.get("players") or ["0", "1", "2", "3"]
    out: list[dict[str, Any]] = [{"type": "start_game", "names": list(names)}]
    m = T.to_mjai
    for table, _summary in hand_tables(record):
        tehais: list[list[str]] = [[], [], [], []]
        first_draw: tuple[int, int] | None = None
        body: list[dict[str, Any]] = []
        start: RiichiHandStarted | None = None
        for e in table.events:
            if isinstance(e, RiichiHandStarted):
                start = e
            elif isinstance(e, Dealt):
                tehais[e.seat] = [m(t) for t in e.tiles[:13]]
                if len(e.tiles) == 14:
                    first_draw = (e.seat, e.tiles[13])
            else:
                body.extend(mjai_play_events(table, e))
        assert start is not None and first_draw is not None
        result = table.result
        if result.reason != "win":
            body.append(mjai_ryukyoku(table.events, result.reason, result.deltas))
        kyoku = (start.round_wind - 41) * 4 + table.dealer
        out.append(
            {
                "type": "start_kyoku",
                "bakaze": MJAI_BAKAZE[start.round_wind],
                "kyoku": kyoku % 4 + 1,
                "honba": start.honba,
                "kyotaku": start.sticks,
                "oya": table.dealer,
                "scores": list(start.points),
                "dora_marker": m(start.dora_indicators[0]),
                "tehais": tehais,
            }
        )
        out.extend(mjai_start_doras(start.dora_indicators))
        out.append({"type": "tsumo", "actor": first_draw[0], "pai": m(first_draw[1])})
        out.extend(standard_order(body))
        out.append({"type": "end_kyoku"})
    result = record.get("result")
    end: dict[str, Any] = {"type": "end_game"}
    if isinstance(result, dict) and "final_points" in result:
        end["scores"] = list(result["final_points"])
    out.append(end)
    return out


def mjai_start_doras(indicators: Sequence[int]) -> list[dict[str, Any]]:
    """``start_kyoku`` has room for one indicator: a table that starts with more (DoraDorara,
    three) sends the rest as ``dora`` events right after it, before the dealer's first draw."""
    return [{"type": "dora", "dora_marker": T.to_mjai(t)} for t in indicators[1:]]


def mjai_play_events(table: Table, e: Any) -> list[dict[str, Any]]:
    """The mjai events of one engine event of play (a draw, a discard with its ``reach``, a
    riichi accepted, an indicator shown, a call or kan, a win; ``[]`` for the rest), in the
    engine's order: pass a hand's (or a live batch's) events through
    :func:`~openmahjong.formats.mjai.standard_order` before sending them. A win needs the
    ended ``table`` (its result holds the score)."""
    from openmahjong.rules.riichi.game.events import DoraRevealed, RiichiDiscarded, RiichiWon
    from openmahjong.table.events import Called, Drew

    m = T.to_mjai
    if isinstance(e, Drew):
        assert e.tile is not None
        return [{"type": "tsumo", "actor": e.seat, "pai": m(e.tile)}]
    if isinstance(e, RiichiDiscarded):
        dahai = {"type": "dahai", "actor": e.seat, "pai": m(e.tile), "tsumogiri": e.tsumogiri}
        return [{"type": "reach", "actor": e.seat}, dahai] if e.riichi else [dahai]
    if isinstance(e, RiichiAccepted):
        return [{"type": "reach_accepted", "actor": e.seat}]
    if isinstance(e, DoraRevealed):
        return [{"type": "dora", "dora_marker": m(e.indicator)}]
    if isinstance(e, Called):
        return [_mjai_call(e)]
    if isinstance(e, RiichiWon):
        return [_mjai_hora(table, e)]
    return []


def _mjai_call(e: Any) -> dict[str, Any]:
    m = T.to_mjai
    tiles = list(e.tiles)
    if e.kind == "ankan":
        return {"type": "ankan", "actor": e.seat, "consumed": [m(t) for t in tiles]}
    if e.kind == "kakan":
        added = tiles[-1]
        return {
            "type": "kakan",
            "actor": e.seat,
            "pai": m(added),
            "consumed": [m(t) for t in tiles[:-1]],
        }
    rest = list(tiles)
    rest.remove(e.called_tile)
    kind = {"minkan": "daiminkan"}.get(e.kind, e.kind)
    return {
        "type": kind,
        "actor": e.seat,
        "target": e.from_seat,
        "pai": m(e.called_tile),
        "consumed": [m(t) for t in rest],
    }


def _mjai_hora(table: Table, e: Any) -> dict[str, Any]:
    wr = next(w for w in table.result.wins if w.seat == e.seat)
    deltas = [0, 0, 0, 0]
    for wind, delta in wr.win.payments.items():
        deltas[(table.dealer + wind - 41) % 4] += delta
    return {
        "type": "hora",
        "actor": e.seat,
        "target": e.seat if e.from_seat is None else e.from_seat,
        "pai": T.to_mjai(e.tile),
        "deltas": deltas,
        "ura_markers": [T.to_mjai(t) for t in e.ura_indicators],
        "fan": wr.win.han,
        "fu": wr.win.fu,
        "yakus": [[y, h] for y, h in wr.win.yaku],
    }


def write_mjai(record: dict[str, Any]) -> str:
    return "".join(json.dumps(ev, ensure_ascii=False) + "\n" for ev in mjai_lines(record))
