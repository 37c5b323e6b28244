"""tenhou.net/6 JSON: read a game into a log for the Riichi import, and write ours.

The reader returns a :class:`~openmahjong.formats.riichi_import.GameLog`.

A kyoku is ``[[kyoku, honba, sticks], scores, dora, ura, hai0, draws0, discards0, ..., result]``.
Tiles are 11-19 m, 21-29 p, 31-39 s, 41-47 E S W N White Green Red, 51-53 red fives, 60 a
tsumogiri discard. Calls are strings: in the draws column ``c`` chi, ``p`` pon, ``m`` open kan;
in the discards column ``r`` riichi, ``a`` closed kan, ``k`` added kan, and ``0`` fills the
discard slot of an open kan. The letter's position says where a called tile came from: first
the seat on the left, second across, last the seat on the right.

Each seat has its own columns, so reading replays the turn order: after a discard, a seat whose
next draw entry is a call of that discard (pon or kan before chi) takes it; otherwise the next
seat draws. A file may hold one document or one document per line (one kyoku a line).
"""

from __future__ import annotations

import json
import re
from typing import Any

from openmahjong import tiles as T
from openmahjong.formats.riichi_import import (
    Event,
    FormatError,
    GameLog,
    HandLog,
    LogWin,
    UnsupportedGame,
    tenhou_options,
)
from openmahjong.rules.riichi.game.options import PRESETS
from openmahjong.rules.riichi.game.options import preset as make_preset
from openmahjong.rules.riichi.yaku_table import LOCAL_YAKU, YAKU, yaku_info

__all__ = ["read_game", "loads", "write_game"]

_RESULT = {
    "和了": "win",
    "流局": "exhaustive",
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
    "流し満貫": "nagashi",
    "九種九牌": "nine_terminals",
    "四家立直": "four_riichi",
    "三家和了": "triple_ron",
    "四槓散了": "four_kans",
    "四風連打": "four_winds",
}
_RESULT_NAME = {
    "win": "和了",
    "exhaustive": "流局",
    "nagashi": "流し満貫",
    "nine_terminals": "九種九牌",
    "four_riichi": "四家立直",
    "triple_ron": "三家和了",
    "four_kans": "四槓散了",
    "four_winds": "四風連打",
}


def _norm(name: str) -> str:
    return re.sub(r"[\s_\-]", "", name).lower()


# Yaku names as logs spell them: Tenhou's Japanese, Mahjong Soul's English, our ids.
_YAKU_JA = {
    _norm(n): row.id
    for row in (*YAKU.values(), *LOCAL_YAKU.values())  # local yaku: our Melee exports
    for n in (row.ja, row.en, row.id)
}
_YAKU_JA.update(
    {
        _norm(k): v
        for k, v in {
            "両立直": "double_riichi",
            "役牌中": "chun",
            "役牌白": "haku",
            "役牌發": "hatsu",
            "Ura Dora": "ura_dora",
            "Red Five": "aka_dora",
            "Red Dora": "aka_dora",
            "Aka Dora": "aka_dora",
            "Tsumo": "menzen_tsumo",
            "Fully Concealed Hand": "menzen_tsumo",
            "All Simples": "tanyao",
            "Tanyao": "tanyao",
            "Pinfu": "pinfu",
            "Ippatsu": "ippatsu",
        }.items()
    }
)
_YAKU_OUT = {v: k for k, v in _YAKU_JA.items()}
_YAKU_OUT.update({"double_riichi": "両立直"})
_LIMITS = {"満貫": 5, "跳満": 6, "倍満": 8, "三倍満": 11, "役満": 13}


def loads(text: str) -> list[dict[str, Any]]:
    """The JSON documents of a tenhou.net/6 file (one, or one per line)."""
    text = text.strip()
    try:
        doc = json.loads(text)
        return [doc]
    except json.JSONDecodeError:
        pass
    docs = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            docs.append(json.loads(line))
        except json.JSONDecodeError as problem:
            raise FormatError(f"line {n}: not JSON ({problem.msg})") from None
    return docs


def _tile(code: Any, where: str) -> int:
    try:
        return T.from_tenhou6(code)
    except (ValueError, TypeError):
        raise FormatError(f"{where}: {code!r} is not a tenhou.net/6 tile") from None


def _parse_call(text: str, where: str) -> tuple[str, int, list[int]]:
    """``(letter, position of the marked tile, tiles)``; the marked tile is ``tiles[position]``."""
    m = re.fullmatch(r"((?:\d\d)*)([cpmkar])((?:\d\d)+)", text)
    if not m:
        raise FormatError(f"{where}: {text!r} is not a call")
    before = [int(m.group(1)[i : i + 2]) for i in range(0, len(m.group(1)), 2)]
    after = [int(m.group(3)[i : i + 2]) for i in range(0, len(m.group(3)), 2)]
    return m.group(2), len(before), before + after


def _source(caller: int, letter: str, position: int, size: int) -> int:
    """Seat a called tile came from, by the marker's position (left, across, right)."""
    if letter == "c" or position == 0:
        return (caller + 3) % 4
    if position == 1:
        return (caller + 2) % 4
    return (caller + 1) % 4


def _options(doc: dict[str, Any]) -> Any:
    rule = doc.get("rule") or {}
    if not isinstance(rule, dict):
        raise FormatError(f"rule is not an object: {rule!r}")
    ours = _our_preset(doc)
    if ours is not None:
        return ours
    disp = rule.get("disp", "")
    disp = disp if isinstance(disp, str) else ""
    ref = doc.get("ref", "")
    ref = ref if isinstance(ref, str) else ""
    red = bool(rule.get("aka", 1) or rule.get("aka51"))
    hanchan, kuitan = True, True
    flags = re.search(r"gm-([0-9a-f]{4})-", ref)
    if disp and disp.isascii():
        # Mahjong Soul's export ("Gold Room South"): open tanyao, red fives per aka51..53.
        three = "3" in disp or "three" in disp.lower()
        if three:
            raise UnsupportedGame(f"a three-player game ({disp!r}): the engine plays four")
        name = "majsoul-tonpuu" if "east" in disp.lower() else "majsoul-hanchan"
        red = bool(rule.get("aka", 0) or rule.get("aka51") or rule.get("aka52"))
        return make_preset(name, red_fives=red) if not red else PRESETS[name]
    if disp:
        hanchan = "南" in disp
        kuitan = "喰" in disp
        if "三" in disp:
            raise UnsupportedGame("a three-player game (rule.disp says 三): the engine plays four")
    elif flags:
        go = int(flags.group(1), 16)
        if go & 0x10:
            raise UnsupportedGame("a three-player game (lobby flag 0x10): the engine plays four")
        hanchan, kuitan, red = bool(go & 0x08), not go & 0x04, not go & 0x02
    return tenhou_options(hanchan=hanchan, red_fives=red, open_tanyao=kuitan)


def _our_preset(doc: dict[str, Any]) -> Any:
    """Our own export of a table Tenhou's rule flags cannot describe: its title names the preset
    (``["openmahjong", "majsoul-dorasan"]``: three indicators at the start, which a tenhou.net/6
    dora list does not tell apart from kan dora). Other titles go by the flags as before."""
    title = doc.get("title")
    if not (isinstance(title, list) and len(title) >= 2 and title[0] == "openmahjong"):
        return None
    options = PRESETS.get(title[1]) if isinstance(title[1], str) else None
    # Its own scorer (majsoul-melee: local yaku) is no more in Tenhou's flags than the indicators.
    ordinary = options is not None and options.scoring in ("majsoul", "tenhou")
    if options is None or (options.dora_at_start == 1 and ordinary):
        return None
    return options


def read_game(docs: list[dict[str, Any]] | dict[str, Any], name: str = "<tenhou6>") -> GameLog:
    if isinstance(docs, dict):
        docs = [docs]
    if not docs or not all(isinstance(d, dict) and isinstance(d.get("log"), list) for d in docs):
        raise FormatError('not a tenhou.net/6 log: expected {"log": [...]}')
    options = _options(docs[0])
    hands: list[HandLog] = []
    for d in docs:
        for kyoku in d["log"]:
            try:
                hands.append(_read_kyoku(kyoku, len(hands) + 1))
            except (TypeError, ValueError, KeyError, IndexError, AttributeError) as problem:
                if isinstance(problem, FormatError):
                    raise
                raise FormatError(
                    f"kyoku {len(hands) + 1} {_kyoku_name(kyoku)}: malformed entry ({problem})"
                ) from None
    if not hands:
        raise FormatError("the log has no kyoku")
    names = docs[0].get("name")
    final = None
    sc = docs[-1].get("sc")
    if isinstance(sc, list) and len(sc) == 8:
        final = [round(float(x)) for x in sc[0::2]]
    first = hands[0]
    starts = first.kyoku == 0 and first.honba == 0 and first.points == [25000] * 4
    return GameLog(
        source="tenhou6",
        options=options,
        hands=hands,
        players=list(names) if isinstance(names, list) and len(names) == 4 else None,
        final_points=final,
        complete=starts and final is not None,
        consecutive=True,
        title=name,
    )


def _kyoku_name(k: Any) -> str:
    try:
        from openmahjong.rules.riichi.game.match import hand_label

        return f"({hand_label(int(k[0][0]), int(k[0][1]))})"
    except (TypeError, ValueError, KeyError, IndexError):
        return ""


def _read_kyoku(k: Any, n: int) -> HandLog:
    where = f"kyoku {n}"
    if not isinstance(k, list) or len(k) != 17:
        raise FormatError(
            f"{where}: a kyoku has 17 entries, not {len(k) if isinstance(k, list) else k!r}"
        )
    try:
        kyoku, honba, sticks = (int(x) for x in k[0])
        points = [int(x) for x in k[1]]
    except (TypeError, ValueError):
        raise FormatError(f"{where}: bad header {k[0]!r} {k[1]!r}") from None
    if len(points) != 4:
        raise FormatError(f"{where}: {len(points)} scores: only four-player games are supported")
    hand = HandLog(kyoku, honba, sticks, points, [], [], [], reason="", where=where)
    label = hand.label
    hand.dora = [_tile(t, f"{label}, dora") for t in k[2]]
    ura = [_tile(t, f"{label}, ura") for t in k[3]]
    hand.hands = [[_tile(t, f"{label}, hai{s}") for t in k[4 + 3 * s]] for s in range(4)]
    draws = [list(k[5 + 3 * s]) for s in range(4)]
    discards = [list(k[6 + 3 * s]) for s in range(4)]
    result = k[16]
    if not isinstance(result, list) or not result or result[0] not in _RESULT:
        raise FormatError(f"{label}: unknown result {result!r}")
    hand.reason = _RESULT[result[0]]
    choices: list[bool] = []
    while True:
        try:
            events, riichi_seats = _order(
                hand, [list(c) for c in draws], [list(c) for c in discards], choices
            )
            break
        except _Dead as dead:
            while choices and not choices[-1]:
                choices.pop()
            if not choices:
                raise FormatError(str(dead)) from None
            choices[-1] = False
    hand.events = events
    _read_result(hand, result, ura, riichi_seats, events)
    return hand


def _robbed(draws: list[list[Any]], discards: list[list[Any]], seat: int) -> bool:
    """An added kan with nothing after it anywhere: robbed (chankan)."""
    return not draws[seat] and not any(discards)


def _read_result(
    hand: HandLog, result: list[Any], ura: list[int], riichi: list[int], events: list[Event]
) -> None:
    label = hand.label
    reason = hand.reason
    deltas: list[int] | None = None
    if reason == "win":
        deltas = [0, 0, 0, 0]
        parts = result[1:]
        if len(parts) % 2 or not parts:
            raise FormatError(f"{label}: a win result is deltas and details per winner")
        wins = []
        for i in range(0, len(parts), 2):
            d, info = parts[i], parts[i + 1]
            deltas = [a + int(b) for a, b in zip(deltas, d, strict=True)]
            who, frm = int(info[0]), int(info[1])
            win = LogWin(seat=who, from_seat=None if who == frm else frm, ura=ura)
            if len(info) > 3:  # some excerpts leave the points and yaku out
                _read_points(win, info[3], label)
            yaku = []
            for text in info[4:]:
                m = re.fullmatch(r"(.+)\((\d+)(?:飜|han)\)|(.+)\((?:役満|yakuman)\)", text.strip())
                if not m:
                    raise FormatError(f"{label}: cannot read the yaku {text!r}")
                ja = _norm(m.group(1) or m.group(3))
                if ja not in _YAKU_JA:
                    raise FormatError(f"{label}: unknown yaku {text!r}")
                yaku.append((_YAKU_JA[ja], int(m.group(2)) if m.group(2) else 13))
            if yaku:
                win.yaku = yaku
                win.yakuman = any(h == 13 and yaku_info(y).yakuman for y, h in yaku)
                if not win.yakuman:
                    win.han = sum(h for _, h in yaku)
            wins.append(win)
            events.append(Event("tsumo" if win.from_seat is None else "ron", who))
        hand.wins = wins
    elif reason == "nine_terminals":
        seat = next(e.seat for e in reversed(events) if e.kind == "draw")
        events.append(Event("abort", seat, reason="nine_terminals"))
    elif len(result) > 1 and isinstance(result[1], list):
        deltas = [int(x) for x in result[1]]
        if reason == "triple_ron":
            deltas = None
    if deltas is not None:
        # tenhou.net/6 leaves the hand's own riichi sticks out of the deltas.
        ron_on_riichi = (
            reason == "win" and hand.wins[0].from_seat is not None and _last_discard_riichi(events)
        )
        for s in set(riichi):
            if ron_on_riichi and s == _last_discarder(events):
                continue
            deltas[s] -= 1000
        hand.deltas = deltas


def _last_discarder(events: list[Event]) -> int:
    return next((e.seat for e in reversed(events) if e.kind in ("discard", "kakan")), -1)


def _last_discard_riichi(events: list[Event]) -> bool:
    last = next((e for e in reversed(events) if e.kind in ("discard", "kakan")), None)
    return bool(last and last.riichi)


def _read_points(win: LogWin, text: str, label: str) -> None:
    m = re.fullmatch(
        r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満|\d*倍役満))(\d+)(?:-(\d+))?点(∀)?", text
    )
    if not m:
        raise FormatError(f"{label}: cannot read the points {text!r}")
    if m.group(1):
        win.fu = int(m.group(1))
    a = int(m.group(4))
    if win.from_seat is None:
        if m.group(5):
            win.total = 2 * a + int(m.group(5))
        else:
            win.total = 3 * a
    else:
        win.total = a


class _Dead(Exception):
    """The columns cannot be ordered with the choices made so far."""


def _order(
    hand: HandLog, draws: list[list[Any]], discards: list[list[Any]], choices: list[bool]
) -> tuple[list[Event], list[int]]:
    """Interleave the per-seat columns into one event list. ``choices`` says, for each discard
    that a waiting call could take, whether the call takes it (True) or a later identical
    discard does (False); missing choices default to True and are appended."""
    label = hand.label
    events: list[Event] = []
    point = 0
    seat = hand.dealer
    need_draw = True
    drawn: int | None = None
    step = 0
    riichi_seats: list[int] = []
    last: Event | None = None
    while True:
        step += 1
        if step > 400:
            raise _Dead(f"{label}: the columns never run out (inconsistent log)")
        at = f"{label}, seat {seat}"
        if need_draw:
            if not draws[seat]:
                break
            entry = draws[seat].pop(0)
            if isinstance(entry, str):
                raise _Dead(f"{at}: call {entry!r} where a draw was expected")
            drawn = _tile(entry, f"{at}, draw")
            events.append(Event("draw", seat, drawn, where=f"{at} draw {entry}"))
        if not discards[seat]:
            break  # tsumo or nine terminals: the hand ends with this seat's draw
        entry = discards[seat].pop(0)
        w = f"{at} discard {entry!r}"
        if isinstance(entry, str) and entry[:1] == "r" or isinstance(entry, int):
            riichi = isinstance(entry, str)
            code = int(entry[1:]) if isinstance(entry, str) else entry
            if code == 60:
                if drawn is None:
                    raise FormatError(f"{w}: tsumogiri without a drawn tile")
                tile = drawn
            elif code == 0:
                need_draw = True  # the slot an open kan leaves; its replacement draw follows
                continue
            else:
                tile = _tile(code, w)
            if riichi:
                riichi_seats.append(seat)
            last = Event("discard", seat, tile, riichi=riichi, where=w)
            events.append(last)
        elif isinstance(entry, str):
            letter, pos, tiles = _parse_call(entry, w)
            if letter == "a":
                events.append(
                    Event("ankan", seat, tiles=tuple(_tile(t, w) for t in tiles), where=w)
                )
            elif letter == "k":
                last = Event("kakan", seat, _tile(tiles[pos], w), where=w)
                events.append(last)
            else:
                raise FormatError(f"{w}: {letter!r} calls belong in the draws column")
            if letter == "k" and _robbed(draws, discards, seat):
                break
            need_draw = True
            drawn = None
            continue
        else:
            raise FormatError(f"{w}: not a tile or a call")
        # Who takes the discard?
        caller = None
        for prefer in ("pm", "c"):
            for s in (1, 2, 3):
                other = (seat + s) % 4
                if not draws[other] or not isinstance(draws[other][0], str):
                    continue
                letter, pos, tiles = _parse_call(draws[other][0], f"{label}, seat {other} call")
                if (
                    letter in prefer
                    and _source(other, letter, pos, len(tiles)) == seat
                    and T.kind(_tile(tiles[pos], label)) == T.kind(last.tile if last else 0)
                ):
                    caller = other
                    break
            if caller is not None:
                break
        if caller is not None:
            if point >= len(choices):
                choices.append(True)
            take = choices[point]
            point += 1
            if not take:
                caller = None
        if caller is None:
            seat = (seat + 1) % 4
            need_draw = True
            continue
        entry = draws[caller].pop(0)
        w = f"{label}, seat {caller} call {entry!r}"
        letter, pos, tiles = _parse_call(entry, w)
        codes = [_tile(t, w) for t in tiles]
        called = codes.pop(pos)
        if T.kind(called) != T.kind(last.tile if last else 0):
            raise _Dead(f"{w}: calls {T.format([called])}, but the discard was another tile")
        assert last is not None
        kind_ = {"c": "chi", "p": "pon", "m": "minkan"}[letter]
        events.append(Event(kind_, caller, last.tile, tuple(codes), where=w))
        seat = caller
        need_draw = False
        drawn = None
        if kind_ == "minkan":
            if discards[seat] and discards[seat][0] == 0:
                discards[seat].pop(0)
            need_draw = True
    for s in range(4):
        if draws[s] or discards[s]:
            raise _Dead(
                f"{label}, seat {s}: entries left over after the hand ends "
                f"(draws {draws[s]}, discards {discards[s]}): inconsistent columns"
            )
    return events, riichi_seats


# --------------------------------------------------------------------------- writing


def write_game(record: dict[str, Any]) -> dict[str, Any]:
    """Our record as a tenhou.net/6 document (every hand replayed for its tiles)."""
    from openmahjong.formats.export import hand_tables, points_text, yaku_names_ja

    header = record.get("header", record)
    options = header.get("options", {})
    logs = []
    for table, summary in hand_tables(record):
        logs.append(_write_kyoku(table, summary, points_text, yaku_names_ja))
    hanchan = options.get("length", 8) == 8
    players = header.get("players") or ["A", "B", "C", "D"]
    doc: dict[str, Any] = {
        "title": ["openmahjong", header.get("preset") or "custom"],
        "name": list(players),
        "rule": {
            "disp": ("般南" if hanchan else "般東")
            + "喰"
            + ("赤" if options.get("red_fives", True) else ""),
            "aka": 1 if options.get("red_fives", True) else 0,
        },
        "log": logs,
    }
    result = record.get("result")
    if isinstance(result, dict) and "final_points" in result:
        doc["sc"] = [x for p in result["final_points"] for x in (p, 0)]
    return doc


def _write_kyoku(table: Any, summary: dict[str, Any], points_text: Any, yaku_ja: Any) -> list[Any]:
    from openmahjong.rules.riichi.game.events import (
        DoraRevealed,
        RiichiDiscarded,
        RiichiHandStarted,
        RiichiWon,
    )
    from openmahjong.table.events import Called, Dealt, Drew

    t6 = T.to_tenhou6
    start = next(e for e in table.events if isinstance(e, RiichiHandStarted))
    kyoku = (start.round_wind - 41) * 4 + (table.dealer)
    head = [kyoku, start.honba, start.sticks]
    dora = list(start.dora_indicators)
    hai: list[list[int]] = [[], [], [], []]
    draws: list[list[Any]] = [[], [], [], []]
    discards: list[list[Any]] = [[], [], [], []]
    ura: list[int] = []
    result: list[Any] = []
    riichi_next: set[int] = set()
    for e in table.events:
        if isinstance(e, Dealt):
            hai[e.seat] = [t6(t) for t in e.tiles[:13]]
            if len(e.tiles) == 14:
                draws[e.seat].append(t6(e.tiles[13]))
        elif isinstance(e, Drew):
            assert e.tile is not None
            draws[e.seat].append(t6(e.tile))
        elif isinstance(e, RiichiDiscarded):
            code = 60 if e.tsumogiri else t6(e.tile)
            discards[e.seat].append(f"r{code}" if e.riichi else code)
        elif isinstance(e, DoraRevealed):
            dora.append(e.indicator)
        elif isinstance(e, Called):
            discards_entry, draws_entry = _call_string(e, t6)
            if draws_entry is not None:
                draws[e.seat].append(draws_entry)
            if discards_entry is not None:
                discards[e.seat].append(discards_entry)
        elif isinstance(e, RiichiWon) and e.ura_indicators:
            ura = list(e.ura_indicators)
    del riichi_next
    res = table.result
    reason = res.reason
    riichi_paid = _riichi_paid(table)
    deltas = [d + 1000 * r for d, r in zip(res.deltas, riichi_paid, strict=True)]
    if reason == "win":
        result = ["和了"]
        wins = res.wins
        for i, w in enumerate(wins):
            # One delta list per winner: payments of that win only (the first takes the sticks).
            d = [0, 0, 0, 0]
            for wind, delta in w.win.payments.items():
                d[(table.dealer + wind - 41) % 4] += delta
            if i == 0 and len(wins) == 1:
                d = deltas
            frm = w.seat if w.from_seat is None else w.from_seat
            info: list[Any] = [w.seat, frm, w.seat, points_text(w, table.dealer)]
            info += yaku_ja(w.win)
            result += [d, info]
    else:
        result = [_RESULT_NAME.get(reason, "流局")]
        if reason in ("exhaustive", "nagashi"):
            result.append(deltas)
    out: list[Any] = [head, list(start.points), [t6(t) for t in dora], [t6(t) for t in ura]]
    for s in range(4):
        out += [hai[s], draws[s], discards[s]]
    out.append(result)
    return out


def _riichi_paid(table: Any) -> list[int]:
    from openmahjong.rules.riichi.game.events import RiichiAccepted

    paid = [0, 0, 0, 0]
    for e in table.events:
        if isinstance(e, RiichiAccepted):
            paid[e.seat] = 1
    return paid


def _call_string(e: Any, t6: Any) -> tuple[Any, Any]:
    """(discards-column entry, draws-column entry) of a call."""
    caller = e.seat
    tiles = list(e.tiles)
    if e.kind == "ankan":
        codes = [t6(t) for t in tiles]
        return "".join(f"{c}" for c in codes[:3]) + f"a{codes[3]}", None
    called = e.called_tile
    rest = list(tiles)
    if called is not None and called in rest:
        rest.remove(called)
    rel = (e.from_seat - caller) % 4 if e.from_seat is not None else 3
    pos = {3: 0, 2: 1, 1: 2}[rel]
    codes = [str(t6(t)) for t in rest]
    letter = {"chi": "c", "pon": "p", "minkan": "m", "kakan": "k"}[e.kind]
    if e.kind == "kakan":
        # The pon's string with ``k`` and the added tile in front of the called tile.
        added = tiles[-1]
        pon_rest = list(tiles[:-1])
        pon_rest.remove(called)
        codes = [str(t6(t)) for t in pon_rest]
        marked = f"k{t6(added)}{t6(called)}"
        return "".join(codes[:pos] + [marked] + codes[pos:]), None
    if e.kind == "chi":
        pos = 0
    if e.kind == "minkan" and pos == 2:
        pos = 3
    marked = f"{letter}{t6(called)}"
    parts = codes[:pos] + [marked] + codes[pos:]
    entry = "".join(parts)
    if e.kind == "minkan":
        return 0, entry
    return None, entry
