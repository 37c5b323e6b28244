"""The turn kernel: one loop for every ruleset.

Phases: ``turn`` (one seat holds 3k+2 tiles and must act), ``reaction`` (a tile is offered and
eligible seats answer; see :mod:`openmahjong.table.claims`), ``special`` (a ruleset-run phase:
each asked seat picks from the options the policy set), ``ended``.

The kernel moves tiles (draws, discards, melds, replacement draws) and sequences turns; the
:class:`~openmahjong.table.policy.RoundPolicy` decides what is legal and what follows. Every action
is checked against the legal list *before* anything changes, so an :class:`IllegalAction`
leaves the table exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mypy_extensions import mypyc_attr

from openmahjong.fairness import deal
from openmahjong.table.actions import (
    PASS,
    WIN_PRIORITY,
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Minkan,
    Pon,
    Tsumo,
    action_to_dict,
)
from openmahjong.table.choices import ChoiceRule
from openmahjong.table.claims import Resolution, Window, answer, open_window, resolve
from openmahjong.table.errors import IllegalAction
from openmahjong.table.events import Called, Dealt, Drew, Event
from openmahjong.table.policy import RoundPolicy, Trigger
from openmahjong.table.seat import DiscardRecord, Meld, SeatState
from openmahjong.table.wall import Wall
from openmahjong.tiles import kind, sort_key

__all__ = ["Phase", "Table", "SeatView"]

_UNCLAIMED = Resolution()
_new = object.__new__


def _built(cls: type[Any], values: dict[str, Any]) -> Any:
    """``cls(**values)`` for a frozen dataclass on the kernel's hot path (draws, discards,
    views): ``values`` (naming every field) becomes the instance dict. A frozen dataclass's own
    ``__init__`` sets each field through ``object.__setattr__``, and keyword arguments would be
    packed into a dict first; a dict literal passed whole costs about half as much again."""
    obj = _new(cls)
    obj.__dict__.update(values)
    return obj


class Phase(StrEnum):
    TURN = "turn"
    REACTION = "reaction"
    SPECIAL = "special"
    ENDED = "ended"


# Reading an enum member off its class costs a metaclass lookup (about 70 ns in Python 3.11);
# the kernel compares phases several times per action, so it reads them from module names.
_TURN, _REACTION, _SPECIAL, _ENDED = Phase.TURN, Phase.REACTION, Phase.SPECIAL, Phase.ENDED


# A plain Python class even where this module is compiled (mypyc): its instances are built
# by filling ``__dict__`` directly, which a native class does not have.
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class SeatView:
    """Exactly what one seat may know (``seat=None``: a spectator's public view)."""

    seat: int | None
    phase: str
    turn: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[tuple[int, bool, bool, int | None], ...], ...]
    points: tuple[int, ...]
    live_remaining: int
    offered_tile: int | None
    legal_actions: tuple[Action, ...]
    table: dict[str, Any]
    seats_public: tuple[dict[str, Any], ...]
    events: tuple[Event, ...]
    #: The seat's own private state from the ruleset (empty for a spectator).
    own: dict[str, Any]
    #: The open parametric choice of this seat (``ChoiceRule.describe()``), else ``None``.
    choice: dict[str, Any] | None


def _listed(action: Action, legal: list[Action]) -> bool:
    """``action in legal``, looking for the very object first: bots and the server hand back one
    of the listed actions, and ``in`` would call the dataclass ``__eq__`` on each one before it."""
    for a in legal:
        if a is action:
            return True
    return action in legal


class Table:
    def __init__(
        self,
        policy: RoundPolicy,
        wall: Sequence[int],
        *,
        dealer: int = 0,
        points: Sequence[int] = (25000, 25000, 25000, 25000),
    ) -> None:
        self.policy = policy
        n = policy.seats
        hands, rest = deal(
            wall, n, dealer=dealer, dealer_extra=policy.dealer_extra, tiles_each=policy.hand_size
        )
        self.initial_wall = tuple(wall)
        self.wall = Wall.split(rest, policy.dead_wall)
        self.seats = [SeatState(i, hands[i], points[i]) for i in range(n)]
        self.dealer = dealer
        self.turn = dealer
        self.phase = _TURN
        #: Whether the seat on turn drew this turn (False right after a chi or pon).
        self.drew = policy.dealer_extra
        self.last_drawn: int | None = hands[dealer][-1] if policy.dealer_extra else None
        #: Whether the turn's tile came from a replacement draw.
        self.rinshan = False
        self.window: Window | None = None
        self.trigger: Trigger | None = None
        self.special: dict[int, tuple[Action, ...]] = {}
        #: Seats of the special phase whose choice a rule checks instead of a list.
        self.rules: dict[int, ChoiceRule] = {}
        self.events: list[Event] = []
        self.log: list[tuple[int, Action]] = []
        #: Indices into ``log`` of actions the table played for a seat that timed out.
        self.timeouts: set[int] = set()
        self.result: Any = None
        self._legal_cache: tuple[int, int, list[Action]] | None = None
        self._view_cache: tuple[int, Any, Any] | None = None
        #: Melds made or changed so far (the kernel is their only writer), and the views'
        #: meld tuples as of that count: most actions change no meld.
        self._meld_changes = 0
        self._meld_view: tuple[int, tuple[tuple[Meld, ...], ...]] = (-1, ())
        self._histories: list[tuple[tuple[int, bool, bool, int | None], ...]] = [()] * policy.seats
        policy.on_start(self)
        for s in range(n):
            self.emit(Dealt(seat=s, tiles=tuple(hands[s]), private_to=s))
        policy.after_deal(self)
        if not policy.dealer_extra and self.phase == _TURN:
            self.draw_for(dealer)

    # ------------------------------------------------------------------ queries
    @property
    def n(self) -> int:
        return self.policy.seats

    def legal_actions(self, seat: int) -> list[Action]:
        key = len(self.log)
        cache = self._legal_cache
        if cache is not None and cache[0] == key and cache[1] == seat:
            return cache[2]
        if self.phase == _TURN:
            actions = self.policy.turn_actions(self, seat) if seat == self.turn else []
        elif self.phase == _REACTION:
            assert self.window is not None
            actions = list(self.window.choices(seat))
        elif self.phase == _SPECIAL:
            actions = list(self.special.get(seat, ()))
        else:
            actions = []
        self._legal_cache = (key, seat, actions)
        return actions

    def waiting_for(self) -> list[int]:
        """The seats whose answer the table needs now."""
        if self.phase == _TURN:
            return [self.turn]
        if self.phase == _REACTION:
            assert self.window is not None
            return sorted(self.window.asking)
        if self.phase == _SPECIAL:
            if self.rules:
                return sorted(set(self.special) | set(self.rules))
            return sorted(self.special)
        return []

    def default_action(self, seat: int) -> Action | None:
        """What a seat that timed out plays: pass a claim, discard the drawn tile (else the last
        legal plain discard), or the first option of a special phase (or what its choice
        rule picks)."""
        if self.phase == _SPECIAL and seat in self.rules:
            return self.rules[seat].default()
        legal = self.legal_actions(seat)
        if not legal:
            return None
        if self.phase == _REACTION:
            return PASS
        if self.phase == _TURN:
            plain = [a for a in legal if isinstance(a, Discard) and not a.riichi]
            if self.drew and Discard(self.last_drawn) in plain:  # type: ignore[arg-type]
                return Discard(self.last_drawn)  # type: ignore[arg-type]
            if plain:
                return plain[-1]
        return legal[0]

    # ------------------------------------------------------------------ the one entry point
    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply one player's action; return the events it caused (unredacted)."""
        if self.phase == _ENDED:
            raise IllegalAction("the hand is over")
        if not 0 <= seat < len(self.seats):
            raise IllegalAction(f"{seat!r} is not a seat")
        legal = self.legal_actions(seat)
        rule = self.rules.get(seat) if self.phase == _SPECIAL else None
        if rule is not None and not _listed(action, legal):
            reason = rule.why_not(action)
            if reason is not None:
                raise IllegalAction(reason)
        elif not _listed(action, legal):
            if not legal:
                raise IllegalAction(f"seat {seat} has nothing to do now ({self.phase} phase)")
            raise IllegalAction(self._why_illegal(seat, action, legal))
        start = len(self.events)
        self.log.append((seat, action))
        if self.phase == _TURN:
            self._turn_action(seat, action)
        elif self.phase == _REACTION:
            self._reaction_answer(seat, action)
        else:
            self.special.pop(seat, None)
            self.rules.pop(seat, None)
            self.policy.apply_special(self, seat, action)
        return self.events[start:]

    def timeout(self, seat: int) -> list[Event]:
        """The seat ran out of time: play its :meth:`default_action`, recorded as a timeout."""
        action = self.default_action(seat)
        if action is None:
            raise IllegalAction(f"seat {seat} has nothing to do now ({self.phase} phase)")
        self.timeouts.add(len(self.log))
        return self.act(seat, action)

    def _why_illegal(self, seat: int, action: Action, legal: list[Action]) -> str:
        reason = self.policy.why_illegal(self, seat, action)
        if reason:
            return reason
        names = sorted({a.name for a in legal})
        return f"{action!r} is not legal for seat {seat} now; it may: {', '.join(names)}"

    # ------------------------------------------------------------------ turn
    def _turn_action(self, seat: int, action: Action) -> None:
        if isinstance(action, Discard):
            self._discard(seat, action)
        elif isinstance(action, Tsumo):
            self.policy.settle_tsumo(self, seat)
        elif isinstance(action, Ankan):
            hand = self.seats[seat].hand
            for t in action.tiles:
                hand.remove(t)
            meld = Meld("ankan", tuple(sorted(action.tiles, key=sort_key)))
            self.seats[seat].melds.append(meld)
            self._meld_changes += 1
            self._declare_kan(seat, meld, "ankan", action.tiles[0])
        elif isinstance(action, Kakan):
            st = self.seats[seat]
            i = next(
                i
                for i, m in enumerate(st.melds)
                if m.kind == "pon" and kind(m.tiles[0]) == kind(action.tile)
            )
            pon = st.melds[i]
            st.hand.remove(action.tile)
            meld = Meld("kakan", pon.tiles + (action.tile,), pon.called_tile, pon.from_seat)
            st.melds[i] = meld
            self._meld_changes += 1
            self._declare_kan(seat, meld, "kakan", action.tile)
        else:
            self.policy.apply_special(self, seat, action)

    def _discard(self, seat: int, action: Discard) -> None:
        self.policy.before_discard(self, seat, action)
        st = self.seats[seat]
        st.hand.remove(action.tile)
        tsumogiri = self.drew and action.tile == self.last_drawn
        st.discards.append(DiscardRecord(action.tile, tsumogiri, action.riichi))
        self.events.append(self.policy.discard_event(seat, action, tsumogiri))
        self.policy.after_discard(self, seat, action)
        if self.phase != _ENDED:
            trigger = {"kind": "discard", "seat": seat, "tile": action.tile, "meld": None}
            self.offer(_built(Trigger, trigger))

    def _declare_kan(self, seat: int, meld: Meld, how: str, tile: int) -> None:
        self.emit(
            Called(
                seat=seat,
                kind=how,
                tiles=meld.tiles,
                called_tile=meld.called_tile,
                from_seat=meld.from_seat,
            )
        )
        self.policy.kan_declared(self, seat, meld)
        if self.phase != _ENDED:
            self.offer(Trigger(how, seat, tile, meld))

    # ------------------------------------------------------------------ reactions
    def offer(self, trigger: Trigger) -> None:
        """Open a reaction window on ``trigger``'s tile (settles at once if nobody may claim)."""
        policy = self.policy
        ron_only = (
            trigger.kind == "discard"
            and policy.final_discard_ron_only
            and self.wall.live_remaining == 0
        )
        options: dict[int, list[Action]] = {}
        source = trigger.seat
        seats = self.seats
        for s in range(len(seats)):
            if s == source or seats[s].out:
                continue
            opts = policy.reaction_options(self, s, trigger)
            if opts and ron_only:
                opts = [a for a in opts if a.priority == WIN_PRIORITY]
            if opts:
                options[s] = opts
        if not options:  # the common case: nobody may claim, so no window to build
            self._after_window(trigger, _UNCLAIMED)
            return
        window = open_window(
            trigger.seat,
            trigger.tile,
            options,
            self.policy.arbitration,
            seats=self.n,
            trigger=trigger.kind,
        )
        if window.settled:
            self._after_window(trigger, Resolution())
            return
        self.phase = _REACTION
        self.window = window
        self.trigger = trigger

    def _reaction_answer(self, seat: int, action: Action) -> None:
        assert self.window is not None and self.trigger is not None
        offered = self.window.choices(seat)
        self.window = answer(self.window, seat, action)
        self.policy.on_answer(self, seat, action, offered)
        if self.window.settled:
            outcome = resolve(self.window)
            trigger = self.trigger
            self.window = None
            self.trigger = None
            self._after_window(trigger, outcome)

    def _after_window(self, trigger: Trigger, outcome: Resolution) -> None:
        if outcome.winners:
            if trigger.kind == "discard":
                self.seats[trigger.seat].discards[-1].claimed_by = outcome.winners[0][0]
            self.policy.settle_wins(self, trigger, [s for s, _ in outcome.winners])
            return
        if outcome.call is not None:
            self._call(trigger, *outcome.call)
            return
        if trigger.kind == "discard":
            self.policy.after_window(self, trigger)
            if self.phase != _ENDED:
                self.draw_for(self.policy.next_seat(self, trigger.seat))
        else:
            assert trigger.meld is not None
            self._complete_kan(trigger.seat, trigger.meld)

    def _call(self, trigger: Trigger, seat: int, action: Action) -> None:
        assert isinstance(action, (Chi, Pon, Minkan))  # a tuple: ``A | B`` builds a union each time
        self.seats[trigger.seat].discards[-1].claimed_by = seat
        st = self.seats[seat]
        for t in action.tiles:
            st.hand.remove(t)
        tiles = tuple(sorted(action.tiles + (trigger.tile,), key=sort_key))
        meld = Meld(action.name, tiles, trigger.tile, trigger.seat)
        st.melds.append(meld)
        self._meld_changes += 1
        self.emit(
            Called(
                seat=seat,
                kind=meld.kind,
                tiles=tiles,
                called_tile=trigger.tile,
                from_seat=trigger.seat,
            )
        )
        self.turn = seat
        self.phase = _TURN
        self.drew = False
        self.last_drawn = None
        self.rinshan = False
        self.policy.after_call(self, seat, meld)
        if isinstance(action, Minkan) and self.phase != _ENDED:
            self.policy.kan_declared(self, seat, meld)
            self._complete_kan(seat, meld)

    def _complete_kan(self, seat: int, meld: Meld) -> None:
        self.policy.kan_completed(self, seat, meld)
        if self.phase == _ENDED:
            return
        tile = self.wall.draw_replacement()
        self._take(seat, tile, rinshan=True)

    # ------------------------------------------------------------------ draws
    def draw_for(self, seat: int) -> None:
        """Give ``seat`` its turn with a live draw, or tell the policy the wall is exhausted."""
        if self.wall.live_remaining == 0:
            self.policy.exhausted(self)
            return
        self._take(seat, self.wall.draw(), rinshan=False)

    def _take(self, seat: int, tile: int, *, rinshan: bool) -> None:
        self.seats[seat].hand.append(tile)
        self.turn = seat
        self.phase = _TURN
        self.drew = True
        self.last_drawn = tile
        self.rinshan = rinshan
        self.events.append(
            _built(Drew, {"seat": seat, "tile": tile, "rinshan": rinshan, "private_to": seat})
        )
        self.policy.after_draw(self, seat, tile, rinshan)

    # ------------------------------------------------------------------ for policies
    def emit(self, event: Event) -> None:
        self.events.append(event)

    def end(self, result: Any) -> None:
        self.phase = _ENDED
        self.result = result
        self.window = None
        self.special = {}
        self.rules = {}

    def replacement_draw(self, seat: int) -> None:
        """A replacement draw outside a kan (MCR flowers): from the dead wall or the back."""
        self._take(seat, self.wall.draw_replacement(), rinshan=True)

    def deal_replacement(self, seat: int, tile: int) -> int:
        """Outside any turn (the deal): ``tile`` leaves ``seat``'s hand and a replacement from
        the dead wall or the back joins it (a private ``Drew`` marked ``rinshan``). The turn is
        not moved; the dealer's drawn tile follows its replacement. Returns the new tile."""
        hand = self.seats[seat].hand
        hand.remove(tile)
        new = self.wall.draw_replacement()
        hand.append(new)
        if seat == self.dealer and self.last_drawn == tile:
            self.last_drawn = new
        self.emit(Drew(seat=seat, tile=new, rinshan=True, private_to=seat))
        return new

    def continue_unclaimed(self, trigger: Trigger) -> None:
        """From ``settle_wins``: treat the window on ``trigger`` as unclaimed after all (every
        win declared on it was refused), so play goes on as if everyone had passed."""
        if trigger.kind == "discard":
            self.seats[trigger.seat].discards[-1].claimed_by = None
        self.phase = _TURN
        self._after_window(trigger, Resolution())

    def start_special(
        self,
        asking: dict[int, tuple[Action, ...]],
        rules: dict[int, ChoiceRule] | None = None,
    ) -> None:
        """Enter a special phase: each listed seat must pick one of its options, or (a seat in
        ``rules``) make a choice its rule accepts. Seats that sit out are never asked."""
        seats = self.seats
        self.phase = _SPECIAL
        self.special = {s: a for s, a in asking.items() if not seats[s].out}
        self.rules = {s: r for s, r in (rules or {}).items() if not seats[s].out}

    # ------------------------------------------------------------------ seats that sit out
    def sit_out(self, seat: int) -> None:
        """``seat`` has won and plays no more this hand (Sichuan's bloody continuation): it
        draws no tile, is offered no claim and is asked in no special phase."""
        self.seats[seat].out = True

    def in_play(self) -> list[int]:
        """The seats still playing, in seat order."""
        return [s.index for s in self.seats if not s.out]

    def next_in_play(self, seat: int) -> int | None:
        """The first seat after ``seat`` (in turn order) still playing; ``None`` if none is."""
        n = len(self.seats)
        for step in range(1, n + 1):
            s = (seat + step) % n
            if not self.seats[s].out:
                return s
        return None

    def rob_kan(self, trigger: Trigger) -> None:
        """An added kan was robbed: its fourth tile leaves the meld, which is a pon again (the
        winner takes that tile; the kan never completes, so no replacement is drawn)."""
        assert trigger.kind == "kakan" and trigger.meld is not None
        melds = self.seats[trigger.seat].melds
        i = melds.index(trigger.meld)
        kakan = melds[i]
        tiles = list(kakan.tiles)
        tiles.remove(trigger.tile)
        melds[i] = Meld("pon", tuple(tiles), kakan.called_tile, kakan.from_seat)
        self._meld_changes += 1

    # ------------------------------------------------------------------ views and records
    def events_for(self, seat: int | None) -> list[Event]:
        out = []
        for e in self.events:
            v = e.visible_to(seat)
            if v is not None:
                out.append(v)
        return out

    def view(self, seat: int | None, *, events: bool = True) -> SeatView:
        """``events=False`` leaves the event stream out (empty ``events``): everything else a
        bot decides from is there, without the cost of redacting the whole hand's events."""
        # The offered tile is public (it was discarded or added to a kan); who may claim it is
        # not, so the window itself never appears in a view.
        offered = self.trigger.tile if self.trigger is not None else None
        # Melds and discard histories change only inside ``act`` (after the log grows), and
        # are the same for every seat: build them once per action.
        shared = self._view_cache
        if shared is None or shared[0] != len(self.log):
            melds, histories = self._meld_tuples(), self._discard_histories()
            shared = self._view_cache = (len(self.log), melds, histories)
        seats = self.seats
        policy = self.policy
        # Built without the dataclass __init__ (``_built``): its 16 object.__setattr__ calls
        # were most of a bot's view cost.
        return _built(
            SeatView,
            {
                "seat": seat,
                "phase": str(self.phase),
                "turn": self.turn,
                "hand": tuple(seats[seat].hand) if seat is not None else (),
                "hand_sizes": tuple([len(s.hand) for s in seats]),
                "melds": shared[1],
                "discards": shared[2],
                "points": tuple([s.points for s in seats]),
                "live_remaining": self.wall.live_remaining,
                "offered_tile": offered,
                "legal_actions": tuple(self.legal_actions(seat)) if seat is not None else (),
                "table": policy.table_public(self),
                "seats_public": policy.seats_public(self),
                "events": tuple(self.events_for(seat)) if events else (),
                "own": policy.seat_private(self, seat) if seat is not None else {},
                "choice": (
                    self.rules[seat].describe()
                    if seat is not None and self.phase == _SPECIAL and seat in self.rules
                    else None
                ),
            },
        )

    def _meld_tuples(self) -> tuple[tuple[Meld, ...], ...]:
        """Every seat's melds as view tuples, rebuilt only after a meld was made or changed."""
        if self._meld_view[0] != self._meld_changes:
            self._meld_view = (self._meld_changes, tuple([tuple(s.melds) for s in self.seats]))
        return self._meld_view[1]

    def _discard_histories(self) -> tuple[tuple[tuple[int, bool, bool, int | None], ...], ...]:
        """Every seat's discards as view tuples. A history is extended, not rebuilt: only its
        last record ever changes after it is made (``claimed_by``), so the rest is reused."""
        histories = self._histories
        for i, st in enumerate(self.seats):
            discards = st.discards
            cached = histories[i]
            kept = len(cached)
            if kept and cached[-1][3] != discards[kept - 1].claimed_by:
                kept -= 1  # its last record was claimed (or unclaimed) since
            if kept < len(discards):
                histories[i] = cached[:kept] + tuple(
                    [(d.tile, d.tsumogiri, d.riichi, d.claimed_by) for d in discards[kept:]]
                )
        return tuple(histories)

    def action_log(self) -> list[list[Any]]:
        """``[seat, action]`` per action, with a third element ``"timeout"`` for timeouts."""
        return [
            [s, action_to_dict(a)] + (["timeout"] if i in self.timeouts else [])
            for i, (s, a) in enumerate(self.log)
        ]

    def validate(self) -> None:
        for s in self.seats:
            if self.phase == _ENDED:
                continue
            s.validate(self.policy.hand_size)
