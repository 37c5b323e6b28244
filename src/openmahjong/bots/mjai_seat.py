"""One table seat spoken to in mjai: what the seat may see, out; the bot's answer, in.

An outside program that speaks mjai (a researcher's bot: Mortal, the ``mjai`` package's
example bots, anything written for mjai.app) plays a seat of our Riichi engine through one
:class:`MjaiSeat`. The class holds no socket and no process: a runner (``openmahjong selfplay
--seat N=cmd:...`` in :mod:`openmahjong.bots.mjai_process`, or the server's ``/ws/mjai``)
moves the lines, and asks this class two things:

* :meth:`MjaiSeat.events_for` -- the mjai events of ``table`` the seat has not been sent yet,
  as that seat may see them (another seat's draw is ``"pai": "?"``, other hands are
  ``"?"`` x 13 in ``start_kyoku``), in the order mjai consumers expect
  (:func:`~openmahjong.formats.mjai.standard_order`). A new hand begins with ``start_kyoku``
  and the dealer's first ``tsumo``; a finished hand ends with its ``hora`` (one per winner) or
  ``ryukyoku`` and ``end_kyoku``. Passing the next hand's table first finishes the previous
  one, so a runner only ever passes ``match.table``. :meth:`start_game` and :meth:`end_game`
  frame the match.
* :meth:`MjaiSeat.action_from` -- the bot's reply (the raw line, or its parsed JSON) as one of
  the actions the table offered the seat (``table.legal_actions(seat)``). A reply that is not
  JSON, not an mjai action, or not among the offered actions gives the default action (pass a
  call, else discard the drawn tile) and says why (:attr:`MjaiReply.error`).

Riichi takes two replies in mjai: the bot answers ``reach``; the runner sends back the batch
in :attr:`MjaiReply.followup` (``[{"type": "reach", "actor": seat}]``) and asks again; the bot
answers the ``dahai`` that is the riichi discard. :meth:`events_for` then leaves that
``reach`` out of the next batch (the bot has seen it). The framing of the lines is documented
in ``docs/bots.md``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from openmahjong import tiles as T
from openmahjong.formats.export import (
    MJAI_BAKAZE,
    mjai_play_events,
    mjai_ryukyoku,
    mjai_start_doras,
)
from openmahjong.formats.mjai import standard_order
from openmahjong.rules.riichi.game.events import RiichiDiscarded, RiichiHandStarted
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
)
from openmahjong.table.events import Called, Dealt, Drew, HandEnded

__all__ = ["ERROR_KINDS", "MjaiReply", "MjaiSeat"]

#: Why a reply was not played, as counted in self-play's ``bot_errors``: ``not_json`` (the
#: line does not parse), ``not_action`` (JSON, but no mjai action: wrong type, fields or tile
#: names), ``illegal`` (an mjai action the table did not offer now), ``timeout`` (no answer
#: within the move time) and ``crashed`` (the program exited or closed its output).
ERROR_KINDS = ("not_json", "not_action", "illegal", "timeout", "crashed")

_CLAIMS: dict[str, type[Action]] = {"chi": Chi, "pon": Pon, "daiminkan": Minkan}


@dataclass
class MjaiReply:
    """What one reply means for the table.

    ``action``: play it (``None`` only when ``followup`` is set). ``followup``: a batch to send
    the bot before asking it again (the ``reach`` it declared). ``error``: one of
    :data:`ERROR_KINDS` when the reply was not played as given (``action`` is then the
    default), with ``detail`` for the log.
    """

    action: Action | None
    followup: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    detail: str = ""


class MjaiSeat:
    """The mjai side of one seat for a whole match (see the module's docstring)."""

    def __init__(self, seat: int, names: Sequence[str] | None = None) -> None:
        if not 0 <= seat < 4:
            raise ValueError(f"seat {seat} is not 0-3")
        self.seat = seat
        self.names = [str(n) for n in names] if names else ["0", "1", "2", "3"]
        self._table: Any = None
        self._next = 0  # index of the first event of ``_table`` not yet sent
        self._drawn: int | None = None  # the seat's own drawn tile, until it discards or calls
        self._reach_pending = False  # the bot answered ``reach``; its discard comes next
        self._reach_sent = False  # the bot saw its own ``reach``: leave the engine's out

    # ------------------------------------------------------------------ out: events

    def start_game(self) -> list[dict[str, Any]]:
        """The first batch: ``start_game`` with this seat's ``id``."""
        return [{"type": "start_game", "id": self.seat, "names": list(self.names)}]

    def end_game(
        self, final_points: Sequence[int] | None = None, table: Any = None
    ) -> list[dict[str, Any]]:
        """The last batch: the last hand's unsent events (pass its ``table``), ``end_game``."""
        out = [] if table is None else self.events_for(table)
        out += self._finish()
        end: dict[str, Any] = {"type": "end_game"}
        if final_points is not None:
            end["scores"] = list(final_points)
        return [*out, end]

    def events_for(self, table: Any) -> list[dict[str, Any]]:
        """The events of ``table`` this seat has not been sent, as it may see them."""
        out: list[dict[str, Any]] = []
        if table is not self._table:
            out += self._finish()
            self._table, self._next = table, 0
            self._drawn = None
            self._reach_pending = self._reach_sent = False
        out += self._convert(table.events[self._next :])
        self._next = len(table.events)
        return standard_order(out)

    def _finish(self) -> list[dict[str, Any]]:
        """The rest of the current hand (it has ended when a new table comes)."""
        if self._table is None:
            return []
        out = standard_order(self._convert(self._table.events[self._next :]))
        self._next = len(self._table.events)
        self._table = None
        return out

    def _convert(self, events: Sequence[Any]) -> list[dict[str, Any]]:
        table = self._table
        out: list[dict[str, Any]] = []
        for event in events:
            e = event.visible_to(self.seat)
            if e is None:
                continue
            if isinstance(e, RiichiHandStarted):
                out += self._start_kyoku(table, e)
            elif isinstance(e, Dealt):
                continue  # in start_kyoku
            elif isinstance(e, Drew):
                if e.seat == self.seat:
                    self._drawn = e.tile
                pai = "?" if e.tile is None else T.to_mjai(e.tile)
                out.append({"type": "tsumo", "actor": e.seat, "pai": pai})
            elif isinstance(e, RiichiDiscarded):
                items = mjai_play_events(table, e)
                if e.seat == self.seat:
                    self._drawn = None
                    if e.riichi and self._reach_sent:
                        items = [i for i in items if i["type"] != "reach"]
                        self._reach_sent = False
                out += items
            elif isinstance(e, Called):
                if e.seat == self.seat and e.kind in ("chi", "pon", "minkan"):
                    self._drawn = None
                out += mjai_play_events(table, e)
            elif isinstance(e, HandEnded):
                if e.reason != "win":
                    out.append(mjai_ryukyoku(table.events, e.reason, e.deltas))
                out.append({"type": "end_kyoku"})
            else:  # a riichi accepted, an indicator, a win; [] for the rest (Revealed)
                out += mjai_play_events(table, e)
        return out

    def _start_kyoku(self, table: Any, e: RiichiHandStarted) -> list[dict[str, Any]]:
        tehais: list[list[str]] = [["?"] * 13 for _ in range(4)]
        first = "?"
        for d in table.events:
            if isinstance(d, Dealt) and d.seat == self.seat:
                tehais[self.seat] = [T.to_mjai(t) for t in d.tiles[:13]]
                if len(d.tiles) == 14:
                    first = T.to_mjai(d.tiles[13])
                    self._drawn = d.tiles[13]
                break
        start = {
            "type": "start_kyoku",
            "bakaze": MJAI_BAKAZE[e.round_wind],
            "kyoku": e.dealer % 4 + 1,
            "honba": e.honba,
            "kyotaku": e.sticks,
            "oya": e.dealer,
            "scores": list(e.points),
            "dora_marker": T.to_mjai(e.dora_indicators[0]),
            "tehais": tehais,
        }
        doras = mjai_start_doras(e.dora_indicators)
        return [start, *doras, {"type": "tsumo", "actor": e.dealer, "pai": first}]

    # ------------------------------------------------------------------ in: the reply

    @staticmethod
    def automatic(offered: Sequence[Action]) -> Action | None:
        """The answer to a decision mjai has no message for (showing a ready hand at an
        exhaustive draw: mjai bots always show it), else ``None``: ask the bot."""
        if offered and all(isinstance(a, Reveal) for a in offered):
            return Reveal(True) if Reveal(True) in offered else offered[0]
        return None

    def default(self, offered: Sequence[Action]) -> Action:
        """What the seat plays when the bot's reply cannot be: pass a call; discard the drawn
        tile (else the last plain discard offered) -- the table's own timeout default -- or,
        after the bot declared riichi, the riichi discard of the drawn tile (else the last
        riichi discard offered), so that the riichi the bot has seen stands."""
        if not offered:
            raise ValueError("nothing is offered: the seat has no decision to make")
        if PASS in offered:
            return PASS
        riichi = self._reach_pending and any(isinstance(a, Discard) and a.riichi for a in offered)
        discards = [a for a in offered if isinstance(a, Discard) and a.riichi == riichi]
        if self._drawn is not None and Discard(self._drawn, riichi) in discards:
            return Discard(self._drawn, riichi)
        if discards:
            return discards[-1]
        return self.automatic(offered) or offered[0]

    def fallback(self, offered: Sequence[Action], error: str, detail: str = "") -> MjaiReply:
        """The default action, played because of ``error`` (one of :data:`ERROR_KINDS`)."""
        action = self.default(offered)
        self._reach_pending = False
        return MjaiReply(action, error=error, detail=detail)

    def action_from(
        self, reply: str | bytes | dict[str, Any], offered: Sequence[Action]
    ) -> MjaiReply:
        """The bot's ``reply`` to the last batch as one of the ``offered`` actions."""
        if isinstance(reply, (str, bytes)):
            line = reply if isinstance(reply, str) else reply.decode("utf-8", "replace")
            try:
                reply = json.loads(line)
            except ValueError as problem:
                return self.fallback(offered, "not_json", f"{line[:80]!r}: {problem}")
        if not isinstance(reply, dict) or not isinstance(reply.get("type"), str):
            return self.fallback(offered, "not_action", f"{str(reply)[:80]}: no type")
        try:
            return self._read(reply, offered)
        except (KeyError, TypeError, ValueError) as problem:
            return self.fallback(offered, "not_action", f"{_short(reply)}: {problem}")

    def _read(self, reply: dict[str, Any], offered: Sequence[Action]) -> MjaiReply:
        kind = reply["type"]
        actor = reply.get("actor", self.seat)
        if kind != "none" and actor != self.seat:
            return self.fallback(offered, "illegal", f"{_short(reply)}: actor is not {self.seat}")
        action: Action | None = None
        if kind == "none":
            action = PASS
        elif kind == "dahai":
            action = Discard(T.from_mjai(reply["pai"]), self._reach_pending)
        elif kind == "reach":
            if not self._reach_pending and any(
                isinstance(a, Discard) and a.riichi for a in offered
            ):
                self._reach_pending = self._reach_sent = True
                return MjaiReply(None, followup=[{"type": "reach", "actor": self.seat}])
        elif kind == "hora":
            action = next((a for a in (Tsumo(), Ron()) if a in offered), None)
        elif kind in _CLAIMS or kind == "ankan":
            want = sorted(T.from_mjai(t) for t in reply["consumed"])
            cls = _CLAIMS.get(kind, Ankan)
            action = next(
                (a for a in offered if type(a) is cls and sorted(a.tiles) == want),  # type: ignore[attr-defined]
                None,
            )
        elif kind == "kakan":
            action = Kakan(T.from_mjai(reply["pai"]))
        elif kind == "ryukyoku":
            action = AbortiveDraw("nine_terminals")
        else:
            return self.fallback(offered, "not_action", f"{_short(reply)}: unknown type")
        if action is None or action not in offered:
            return self.fallback(offered, "illegal", f"{_short(reply)}: not offered now")
        self._reach_pending = False
        return MjaiReply(action)


def _short(reply: Any) -> str:
    text = json.dumps(reply, separators=(",", ":"), ensure_ascii=False, default=str)
    return text if len(text) <= 120 else text[:117] + "..."
