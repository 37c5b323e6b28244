"""Importing Riichi records (Tenhou, mjai): a format-neutral game log, its wall, and the replay.

The readers only understand Riichi games, and the replay deals them with the Riichi ruleset;
hence the module name.

Each reader (:mod:`~openmahjong.formats.mjlog`, :mod:`~openmahjong.formats.tenhou6`,
:mod:`~openmahjong.formats.mjai`) turns its file into a :class:`GameLog`: per hand the start
(round, honba, sticks, points, the dealt tiles), the ordered events in our tile codes, and the
outcome the log states. :func:`replay_game` then

1. lays out a 136-tile wall from the hand's tiles (deal, live draws in order, dora and ura
   indicators and replacement draws in the dead wall; tiles the log never shows fill the rest),
2. deals it with :func:`~openmahjong.rules.riichi.game.new_hand` under the matching preset and
   plays every recorded action through ``Table.act`` (a seat that could claim and did not
   passes),
3. compares what the engine makes of the hand with the log: reason, winners, han, fu, points,
   yaku, every seat's delta, tenpai seats, and between hands the match transition and final
   scores,

and returns our record (``format: openmahjong`` with the walls in ``header.deals``) plus a
:class:`GameReport` of matched hands and mismatches.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from openmahjong import tiles as T
from openmahjong.fairness import build_wall
from openmahjong.rules.riichi.game.match import (
    RECORD_FORMAT,
    RECORD_VERSION,
    MatchState,
    advance,
    hand_label,
    hand_summary,
    ranking,
)
from openmahjong.rules.riichi.game.options import PRESETS, GameOptions, preset
from openmahjong.rules.riichi.game.round import HandResult, new_hand
from openmahjong.rules.riichi.game.settlement import settlement_document
from openmahjong.rules.riichi.yaku_table import YAKU
from openmahjong.table.actions import (
    PASS,
    AbortiveDraw,
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Minkan,
    Pon,
    Reveal,
    Ron,
    Tsumo,
    action_from_dict,
    action_to_dict,
)
from openmahjong.table.errors import IllegalAction
from openmahjong.table.events import Discarded
from openmahjong.table.kernel import Phase, Table

__all__ = [
    "FormatError",
    "UnsupportedGame",
    "Event",
    "LogWin",
    "HandLog",
    "GameLog",
    "GameReport",
    "build_hand_wall",
    "replay_game",
    "replay_imported",
    "YAKU_BY_TENHOU_ID",
]

#: Tenhou's yaku number -> our yaku id.
YAKU_BY_TENHOU_ID: dict[int, str] = {row.tenhou_id: row.id for row in YAKU.values()}

ABORT_REASONS = ("nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron")


class FormatError(ValueError):
    """A file is malformed or inconsistent; the message names the hand and the action."""


class UnsupportedGame(ValueError):
    """A well-formed game the engine does not play (three players, no open tanyao, ...)."""


@dataclass(frozen=True)
class Event:
    """One recorded step, in our tile codes.

    ``kind``: draw, discard (``riichi``), chi / pon / minkan (``tiles`` from the hand, ``tile``
    the called one), ankan (``tiles``), kakan (``tile``), dora (``tile``), tsumo, ron
    (``seat`` wins on the last offered tile), abort (``reason``: nine_terminals).
    ``where`` locates it in the source file for error messages (e.g. ``tag 57``).
    """

    kind: str
    seat: int = -1
    tile: int = 0
    tiles: tuple[int, ...] = ()
    riichi: bool = False
    reason: str = ""
    where: str = ""

    def describe(self) -> str:
        parts = [self.kind]
        if self.seat >= 0:
            parts.insert(0, f"seat {self.seat}")
        if self.tiles:
            parts.append(T.format(self.tiles))
        if self.tile and self.kind in ("draw", "discard", "chi", "pon", "minkan", "kakan", "dora"):
            parts.append(T.format([self.tile]))
        if self.riichi:
            parts.append("(riichi)")
        if self.reason:
            parts.append(self.reason)
        text = " ".join(parts)
        return f"{text} at {self.where}" if self.where else text


@dataclass
class LogWin:
    """One win as the log states it. ``None`` means the log does not say."""

    seat: int
    from_seat: int | None
    han: int | None = None
    fu: int | None = None
    total: int | None = None  # the hand's value before honba and sticks
    yaku: list[tuple[str, int]] | None = None  # our yaku ids with han (dora included)
    yakuman: bool | None = None
    ura: list[int] = field(default_factory=list)


@dataclass
class HandLog:
    kyoku: int  # 0 = East 1 ... 4 = South 1 ... 8 = West 1
    honba: int
    sticks: int
    points: list[int]
    hands: list[list[int]]  # 13 dealt tiles per seat
    dora: list[int]  # every indicator the hand revealed, first one first
    events: list[Event]
    #: win, exhaustive, nagashi, or an abort reason (nine_terminals, four_winds, ...).
    reason: str
    wins: list[LogWin] = field(default_factory=list)
    #: Each seat's change over the hand, riichi sticks included (None: the log does not say).
    deltas: list[int] | None = None
    #: Seats that showed a ready hand at an exhaustive draw (None: the log does not say).
    tenpai: list[bool] | None = None
    where: str = ""

    @property
    def dealer(self) -> int:
        return self.kyoku % 4

    @property
    def label(self) -> str:
        if 0 <= self.kyoku < 16:
            return hand_label(self.kyoku, self.honba)
        return f"kyoku {self.kyoku}"

    def check_start(self) -> None:
        """The hand's start is one the engine can deal (else a FormatError naming it)."""
        if not 0 <= self.kyoku < 16:
            raise FormatError(f"{self.label}: the round number must be 0..15 (East 1 .. North 4)")
        if self.honba < 0 or self.sticks < 0:
            raise FormatError(f"{self.label}: negative honba or riichi sticks")
        if len(self.points) != 4 or len(self.hands) != 4:
            raise FormatError(f"{self.label}: four players' points and hands are needed")


@dataclass
class GameLog:
    source: str  # mjlog, tenhou6, mjai
    options: GameOptions
    hands: list[HandLog]
    players: list[str] | None = None
    #: Final points the log states (after leftover sticks), when it states them.
    final_points: list[int] | None = None
    #: Whether the log holds a whole game from East 1 (then transitions and the end are checked).
    complete: bool = False
    #: Whether consecutive hands follow one another (then each transition is checked).
    consecutive: bool = False
    title: str | None = None


@dataclass
class GameReport:
    hands: int = 0
    hands_matched: int = 0
    mismatches: list[tuple[str, str]] = field(default_factory=list)  # (hand label, what)

    def add(self, label: str, what: str) -> None:
        self.mismatches.append((label, what))


# --------------------------------------------------------------------------- options


def tenhou_options(*, hanchan: bool, red_fives: bool, open_tanyao: bool) -> GameOptions:
    """The Tenhou preset for a log's flags (hanchan or tonpuu, red fives, open tanyao)."""
    name = "tenhou-hanchan" if hanchan else "tenhou-tonpuu"
    if red_fives and open_tanyao:
        return PRESETS[name]
    return preset(name, red_fives=red_fives, open_tanyao=open_tanyao)


# --------------------------------------------------------------------------- walls


def build_hand_wall(hand: HandLog, red_fives: bool) -> list[int]:
    """The 136-tile wall that deals ``hand`` and draws exactly its recorded tiles.

    Layout (``fairness.deal`` and ``table.wall``): 13 tiles per seat in seat order, the dealer's
    first draw as its 14th tile, the live draws in order, unknown live tiles, then the dead
    wall: ``dead[0..4]`` dora indicators in order, ``dead[5..9]`` ura indicators,
    ``dead[10..13]`` replacement draws. Tiles the log never shows fill the gaps in code order.
    """
    hand.check_start()
    label = hand.label
    live: list[int] = []
    rinshan: list[int] = []
    first = True
    after_kan = False
    for e in hand.events:
        if e.kind in ("ankan", "minkan", "kakan"):
            after_kan = True
        elif e.kind == "draw":
            if first:
                if e.seat != hand.dealer:
                    raise FormatError(
                        f"{label}: the first draw ({e.describe()}) is not the dealer's "
                        f"(seat {hand.dealer})"
                    )
                first = False
                dealer_tile = e.tile
            elif after_kan:
                rinshan.append(e.tile)
            else:
                live.append(e.tile)
            after_kan = False
    if first:
        raise FormatError(f"{label}: the dealer never draws")
    if len(hand.dora) > 5 or len(rinshan) > 4:
        raise FormatError(f"{label}: more than four kans")
    ura = next((w.ura for w in hand.wins if w.ura), [])
    dead: list[int | None] = [None] * 14
    for i, t in enumerate(hand.dora):
        dead[i] = t
    for i, t in enumerate(ura[:5]):
        dead[5 + i] = t
    for i, t in enumerate(rinshan):
        dead[10 + i] = t
    live_size = 136 - 53 - 14
    if len(live) > live_size - len(rinshan):
        raise FormatError(f"{label}: {len(live)} live draws do not fit in the wall")
    for h in hand.hands:
        if len(h) != 13:
            raise FormatError(f"{label}: a dealt hand has {len(h)} tiles, not 13")
    known = [t for h in hand.hands for t in h] + [dealer_tile] + live
    known += [t for t in dead if t is not None]
    pool = Counter(build_wall("riichi", red_fives=red_fives))
    used = Counter(known)
    for red in T.RED_FIVES if red_fives else ():
        plain = T.kind(red)
        if used[plain] == 4 and not used[red]:
            # Four plain fives and no red one: this suit's red five is not in play (Mahjong
            # Soul sets red fives per suit; hand-made excerpts do the same).
            pool[red] -= 1
            pool[plain] += 1
    over = used - pool
    if over:
        what = ", ".join(f"{T.format([t])} x{used[t]}" for t in sorted(over))
        raise FormatError(
            f"{label}: the hand uses more copies than the tile set holds ({what})"
            + ("" if red_fives else "; the game is played without red fives")
        )
    rest = iter(sorted((pool - used).elements()))
    wall = [t for h in hand.hands for t in h] + [dealer_tile] + live
    wall += [next(rest) for _ in range(live_size - len(live))]
    wall += [t if t is not None else next(rest) for t in dead]
    assert len(wall) == 136
    return wall


# --------------------------------------------------------------------------- replay


def _call_action(e: Event) -> Action:
    if e.kind == "chi":
        return Chi(tuple(sorted(e.tiles, key=T.kind)))  # type: ignore[arg-type]
    if e.kind == "pon":
        return Pon(tuple(sorted(e.tiles)))  # type: ignore[arg-type]
    return Minkan(tuple(sorted(e.tiles)))  # type: ignore[arg-type]


class _HandReplay:
    """Drives one hand of a log through the engine, collecting the action log."""

    def __init__(
        self, hand: HandLog, options: GameOptions, index: int, auto_reveal: bool = False
    ) -> None:
        self.hand = hand
        self.auto_reveal = auto_reveal
        self.label = hand.label
        self.wall = build_hand_wall(hand, options.red_fives)
        self.table = new_hand(
            self.wall,
            options,
            dealer=hand.dealer,
            round_wind=41 + hand.kyoku // 4,
            hand_number=index,
            honba=hand.honba,
            sticks=hand.sticks,
            points=hand.points,
        )
        self.actions: list[list[Any]] = []

    def fail(self, e: Event | None, why: str) -> FormatError:
        n = len(self.actions)
        what = f"action {n} ({e.describe()})" if e is not None else f"after action {n}"
        return FormatError(f"{self.label}, {what}: {why}")

    def act(self, seat: int, action: Action, e: Event | None) -> None:
        try:
            events = self.table.act(seat, action)
        except IllegalAction as problem:
            raise self.fail(e, f"the engine refuses it: {problem}") from None
        data = {
            k: list(v) if isinstance(v, tuple) else v for k, v in action_to_dict(action).items()
        }
        if isinstance(action, Discard):
            for ev in events:
                if isinstance(ev, Discarded):
                    data["tsumogiri"] = ev.tsumogiri
        self.actions.append([seat, data])

    def settle(self, answers: Mapping[int, Action], e: Event | None) -> None:
        """Answer the open claim window: ``answers`` for the seats that claimed, pass for the
        rest."""
        table = self.table
        pending = dict(answers)
        if pending and table.phase != Phase.REACTION:
            raise self.fail(e, "no discard or kan is on offer to claim")
        while table.phase == Phase.REACTION:
            asking = table.waiting_for()
            for seat in list(pending):
                if seat not in asking and seat not in self._answered:
                    raise self.fail(
                        e, f"seat {seat} is not offered {pending[seat].name} on this tile"
                    )
            for seat in asking:
                self._answered.add(seat)
                self.act(seat, pending.pop(seat, PASS), e)
                if table.phase != Phase.REACTION:
                    break
        if pending:
            raise self.fail(e, f"seat {min(pending)} cannot claim now")

    def run(self) -> HandResult:
        table = self.table
        self._answered: set[int] = set()
        events = self.hand.events
        i = 0
        first = True
        while i < len(events):
            e = events[i]
            if e.kind == "dora":
                i += 1
                continue
            if e.kind == "draw":
                if table.phase == Phase.REACTION:
                    self.settle({}, e)
                self._answered = set()
                if first:
                    first = False
                elif table.phase != Phase.TURN:
                    raise self.fail(e, f"the engine ended the hand ({table.phase})")
                if table.turn != e.seat or not table.drew or table.last_drawn != e.tile:
                    drawn = table.last_drawn
                    raise self.fail(
                        e,
                        f"the engine has seat {table.turn} on turn"
                        + (f" with {T.format([drawn])} drawn" if drawn else ""),
                    )
            elif e.kind in ("discard", "ankan", "kakan", "tsumo", "abort"):
                if table.phase == Phase.REACTION:
                    self.settle({}, e)
                    self._answered = set()
                if table.phase != Phase.TURN or table.turn != e.seat:
                    raise self.fail(e, f"it is not seat {e.seat}'s turn ({table.phase})")
                if e.kind == "discard":
                    self.act(e.seat, Discard(e.tile, e.riichi), e)
                elif e.kind == "ankan":
                    self.act(e.seat, Ankan(tuple(sorted(e.tiles))), e)  # type: ignore[arg-type]
                elif e.kind == "kakan":
                    hand = table.seats[e.seat].hand
                    tile = e.tile
                    if tile not in hand:  # a reader that knows only the kind
                        tile = next((t for t in hand if T.kind(t) == T.kind(e.tile)), e.tile)
                    self.act(e.seat, Kakan(tile), e)
                elif e.kind == "tsumo":
                    self.act(e.seat, Tsumo(), e)
                else:
                    self.act(e.seat, AbortiveDraw(e.reason), e)
                self._answered = set()
            elif e.kind in ("chi", "pon", "minkan"):
                self.settle({e.seat: _call_action(e)}, e)
                self._answered = set()
            elif e.kind == "ron":
                winners = {e.seat: Ron()}
                while i + 1 < len(events) and events[i + 1].kind == "ron":
                    i += 1
                    winners[events[i].seat] = Ron()
                self.settle(winners, e)
            else:  # pragma: no cover - readers only produce the kinds above
                raise self.fail(e, f"unknown event {e.kind!r}")
            i += 1
        # The end of the log: claims nobody made, then the exhaustive draw's reveals.
        if table.phase == Phase.REACTION:
            if self.hand.reason == "triple_ron":
                asking = table.waiting_for()
                offers = {s: Ron() for s in asking if Ron() in table.legal_actions(s)}
                self.settle(offers, None)
            else:
                self.settle({}, None)
        if table.phase == Phase.TURN and self.hand.reason in ("exhaustive", "nagashi"):
            raise self.fail(
                None, "the log ends in an exhaustive draw, the engine's wall is not empty"
            )
        if table.phase == Phase.SPECIAL:
            shown = self._shown()
            for seat in table.waiting_for():
                if self.auto_reveal and not shown[seat]:
                    # Tenhou shows every ready hand itself: a hidden hand the engine calls ready
                    # means the two disagree on what counts as tenpai.
                    raise self.fail(
                        None, f"the engine finds seat {seat} ready, the log shows it noten"
                    )
                self.act(seat, Reveal(shown[seat]), None)
        if table.phase != Phase.ENDED:
            raise self.fail(
                None,
                f"the log's hand is over ({self.hand.reason}), the engine's is not "
                f"({table.phase}, seat {table.turn} on turn)",
            )
        result: HandResult = table.result
        return result

    def _shown(self) -> list[bool]:
        if self.hand.tenpai is not None:
            return list(self.hand.tenpai)
        asked = set(self.table.waiting_for())
        deltas = self.hand.deltas
        if deltas is not None:
            # Tenpai payments: the seats that gained showed their hands.
            riichi = [self.table.seats[s].extra.riichi for s in range(4)]
            paid = [d + (1000 if r else 0) for d, r in zip(deltas, riichi, strict=True)]
            if any(paid):
                return [p > 0 for p in paid]
            everyone = {s for s in range(4) if riichi[s]} | asked
            return [len(everyone) == 4] * 4
        return [True] * 4


def _compare(hand: HandLog, result: HandResult, report: GameReport) -> bool:
    label = hand.label
    problems: list[str] = []
    reason = result.reason
    if reason != hand.reason:
        problems.append(f"reason: log {hand.reason}, engine {reason}")
    if hand.deltas is not None and list(result.deltas) != list(hand.deltas):
        problems.append(f"deltas: log {list(hand.deltas)}, engine {list(result.deltas)}")
    if hand.tenpai is not None and result.tenpai and list(result.tenpai) != list(hand.tenpai):
        problems.append(f"tenpai: log {hand.tenpai}, engine {list(result.tenpai)}")
    mine = {(w.seat, w.from_seat): w for w in result.wins}
    theirs = {(w.seat, w.from_seat): w for w in hand.wins}
    if set(mine) != set(theirs):
        problems.append(
            f"winners (seat, from): log {sorted(theirs, key=str)}, engine {sorted(mine, key=str)}"
        )
    for key in sorted(set(mine) & set(theirs), key=str):
        w, lw = mine[key].win, theirs[key]
        who = f"seat {key[0]}"
        if lw.yakuman is not None and bool(w.yakuman) != lw.yakuman:
            problems.append(f"{who} yakuman: log {lw.yakuman}, engine {bool(w.yakuman)}")
        if lw.han is not None and not w.yakuman and w.han != lw.han:
            problems.append(f"{who} han: log {lw.han}, engine {w.han}")
        if lw.fu is not None and not w.yakuman and w.fu != lw.fu:
            problems.append(f"{who} fu: log {lw.fu}, engine {w.fu}")
        if lw.total is not None and w.total != lw.total:
            problems.append(f"{who} points: log {lw.total}, engine {w.total}")
        if lw.yaku is not None:
            want = sorted((y, h) for y, h in lw.yaku if h)
            got = sorted((y, h) for y, h in w.yaku if h)
            if w.yakuman:
                got = sorted((y, 0) for y, _ in w.yaku)
                want = sorted((y, 0) for y, _ in lw.yaku)
            if got != want:
                problems.append(f"{who} yaku: log {want}, engine {got}")
    for p in problems:
        report.add(label, p)
    return not problems


def replay_game(game: GameLog) -> tuple[dict[str, Any], GameReport]:
    """Play every hand of ``game`` through the engine; return our record and the comparison.

    A hand the engine refuses is a mismatch (its actions stop there); a malformed hand raises
    :class:`FormatError`.
    """
    report = GameReport()
    options = game.options
    actions: list[list[Any]] = []
    deals: list[dict[str, Any]] = []
    summaries: list[dict[str, Any]] = []
    state: MatchState | None = None
    for n, hand in enumerate(game.hands, start=1):
        report.hands += 1
        start = MatchState(
            points=tuple(hand.points),
            label=hand.kyoku,
            honba=hand.honba,
            sticks=hand.sticks,
            round_index=n,
        )
        if state is not None and (game.complete or game.consecutive):
            if state.ended:
                report.add(hand.label, "the engine ended the match before this hand")
            else:
                want = (state.label, state.honba, state.sticks, state.points)
                got = (hand.kyoku, hand.honba, hand.sticks, tuple(hand.points))
                if want != got:
                    report.add(
                        hand.label,
                        f"start: the engine expects {hand_label(state.label, state.honba)} "
                        f"with {state.sticks} sticks and points {list(state.points)}, the log "
                        f"has {hand.label} with {hand.sticks} sticks and points {hand.points}",
                    )
        replay = _HandReplay(hand, options, n, game.source in ("mjlog", "tenhou6"))
        deals.append(
            {
                "round_index": n,
                "label": hand.kyoku,
                "dealer": hand.dealer,
                "honba": hand.honba,
                "sticks": hand.sticks,
                "points": list(hand.points),
                "wall": replay.wall,
            }
        )
        try:
            result = replay.run()
        except FormatError as problem:
            # The engine and the log part ways: a mismatch of this hand; the next hand starts
            # from the log's own state.
            actions.extend([n, *entry] for entry in replay.actions)
            report.add(hand.label, str(problem).removeprefix(f"{hand.label}, "))
            state = None
            continue
        actions.extend([n, *entry] for entry in replay.actions)
        summaries.append(hand_summary(start, result, len(replay.actions)))
        if _compare(hand, result, report):
            report.hands_matched += 1
        state = advance(start, result, options)
    final: list[int] | None = None
    if game.complete and state is not None:
        if not state.ended:
            report.add("result", "the log ends, the engine's match goes on")
        else:
            final = list(state.final_points)
            if game.final_points is not None and final != list(game.final_points):
                report.add("result", f"final points: log {game.final_points}, engine {final}")
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "header": {
            "ruleset": "riichi",
            "preset": options.name if options.name in PRESETS else None,
            "options": options.model_dump(),
            "players": game.players,
            "player_entry_order": None,
            "commitment": None,
            "salt": None,
            "master_seed": None,
            "started_at": None,
            "ended_at": None,
            "source": {"format": game.source, "title": game.title, "complete": game.complete},
            "deals": deals,
        },
        "actions": actions,
        "hands": summaries,
    }
    if final is not None:
        order = ranking(final)
        record["result"] = {
            "final_points": final,
            "ranking": order,
            "places": [order.index(s) + 1 for s in range(4)],
            "settlement": settlement_document(final, options),
        }
    return record, report


# --------------------------------------------------------------------------- our imported records


def replay_imported(record: dict[str, Any]) -> tuple[list[Table], GameReport]:
    """Replay one of our records that carries its walls (``header.deals``, an imported game):
    every hand is dealt from its wall and every action goes through the engine again; the
    summaries are compared with ``hands``. Returns the finished tables and the report."""
    header = record.get("header")
    if not isinstance(header, dict) or not isinstance(header.get("deals"), list):
        raise FormatError("header.deals is missing: not an imported record")
    try:
        options = GameOptions(**header["options"])
    except Exception as problem:  # pydantic's ValidationError and TypeError alike
        raise FormatError(f"header.options: {problem}") from None
    by_hand: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise FormatError("actions is missing or not a list")
    for k, entry in enumerate(actions):
        if not (isinstance(entry, list) and len(entry) >= 3 and isinstance(entry[2], dict)):
            raise FormatError(f"action {k}: an entry is [round_index, seat, action]")
        by_hand.setdefault(entry[0], []).append((entry[1], entry[2]))
    stored = record.get("hands") or []
    report = GameReport()
    tables: list[Table] = []
    last: tuple[MatchState, HandResult] | None = None
    for i, deal in enumerate(header["deals"]):
        try:
            n, kyoku = deal["round_index"], deal["label"]
            honba, sticks = deal["honba"], deal["sticks"]
            table = new_hand(
                deal["wall"],
                options,
                dealer=deal["dealer"],
                round_wind=41 + kyoku // 4,
                hand_number=n,
                honba=honba,
                sticks=sticks,
                points=deal["points"],
            )
        except (KeyError, TypeError, ValueError) as problem:
            raise FormatError(f"header.deals[{i}]: {problem!r}") from None
        label = hand_label(kyoku, honba)
        report.hands += 1
        for k, (seat, data) in enumerate(by_hand.get(n, [])):
            try:
                table.act(seat, action_from_dict(data))
            except (IllegalAction, ValueError, KeyError, TypeError) as problem:
                raise FormatError(
                    f"{label}, action {k} (seat {seat} {data.get('type', '?')}): the engine "
                    f"refuses it: {problem}"
                ) from None
        tables.append(table)
        if table.phase != Phase.ENDED:
            report.add(label, "the hand's actions stop before the hand ends")
            continue
        start = MatchState(tuple(deal["points"]), kyoku, honba, sticks, n)
        mine = hand_summary(start, table.result, len(by_hand.get(n, [])))
        theirs = next((h for h in stored if h.get("round_index") == n), None)
        if theirs is None:
            report.add(label, "the record has no summary for this hand")
            continue
        differs = [k for k in mine if theirs.get(k) != mine[k]]
        if differs:
            report.add(
                label,
                "; ".join(f"{k}: record {theirs.get(k)!r}, replay {mine[k]!r}" for k in differs),
            )
        else:
            report.hands_matched += 1
        last = (start, table.result)
    stored_result = record.get("result")
    if isinstance(stored_result, dict) and tables and tables[-1].phase == Phase.ENDED:
        assert last is not None
        state = advance(last[0], last[1], options)
        final = list(state.final_points) if state.ended else None
        if final != stored_result.get("final_points"):
            report.add(
                "result",
                f"final_points: record {stored_result.get('final_points')!r}, replay {final!r}",
            )
    return tables, report
