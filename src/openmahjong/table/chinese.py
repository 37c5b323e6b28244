"""The table of the Chinese family (MCR, Qingque, Taiwan, the declared rulesets), written once.

No dead wall, so kong and flower replacements come from the back of the wall; the dealer takes
one tile more; flowers (when the wall has them) are laid out and replaced at the deal, dealer
first and round until nobody holds one, and whenever one is drawn; the next seat may chow a
discard (unless the ruleset has no chows), anyone may pung it or make an open kong with it;
on one's turn a concealed kong or a kong added to a pung (which may be robbed; a concealed one
may not); a win is offered whenever the ruleset says it may be one.

A subclass says what a win is (:meth:`ChineseTablePolicy.may_win`, and its own ``score`` and
settlement), where a seat keeps its flowers and which event lays one out.
"""

from __future__ import annotations

from collections.abc import Sequence

from openmahjong.table.actions import Action, Ankan, Chi, Discard, Kakan, Minkan, Pon, Ron, Tsumo
from openmahjong.table.events import Event
from openmahjong.table.kernel import Table
from openmahjong.table.policy import RoundPolicy, Trigger
from openmahjong.table.seat import Meld
from openmahjong.tiles import is_flower, is_suited, kind, number, sort_key

__all__ = ["ChineseTablePolicy", "chows"]


def chows(hand: Sequence[int], tile: int) -> list[Action]:
    """The chows ``hand`` can make with the suited ``tile``."""
    n = number(tile)
    held = set(hand)
    out: list[Action] = []
    for lo, hi in ((-2, -1), (-1, 1), (1, 2)):
        if n + lo >= 1 and n + hi <= 9 and tile + lo in held and tile + hi in held:
            out.append(Chi((tile + lo, tile + hi)))
    return out


class ChineseTablePolicy(RoundPolicy):
    seats = 4
    dead_wall = 0
    dealer_extra = True
    final_discard_ron_only = True
    #: Whether the next seat may chow a discard (a class's default; an instance may say).
    chows_allowed: bool = True

    def __init__(
        self, *, prevalent_wind: int, hand_number: int, start_points: Sequence[int]
    ) -> None:
        self.prevalent_wind = prevalent_wind
        self.hand_number = hand_number
        self.start_points = tuple(start_points)
        #: The seat on turn drew its tile as a kong's replacement (flowers after it included).
        self.after_kong = False

    # ------------------------------------------------------------------ for the subclass
    def may_win(
        self, table: Table, seat: int, tile: int, *, self_drawn: bool, robbing: bool
    ) -> bool:
        """Whether ``seat`` is offered a win on ``tile``."""
        raise NotImplementedError

    def flowers(self, table: Table, seat: int) -> list[int]:
        """The seat's flowers laid out (the list is added to)."""
        raise NotImplementedError

    def flower_event(self, seat: int, tile: int) -> Event:
        """The public event of a flower laid out."""
        raise NotImplementedError

    # ------------------------------------------------------------------ legality
    def turn_actions(self, table: Table, seat: int) -> list[Action]:
        st = table.seats[seat]
        actions: list[Action] = []
        drawn = table.last_drawn
        if (
            table.drew
            and drawn is not None
            and self.may_win(table, seat, drawn, self_drawn=True, robbing=False)
        ):
            actions.append(Tsumo())
        if table.drew and table.wall.live_remaining > 0:
            by_kind: dict[int, list[int]] = {}
            for t in st.hand:
                by_kind.setdefault(kind(t), []).append(t)
            for k in sorted(by_kind):
                if len(by_kind[k]) == 4:
                    a, b, c, d = by_kind[k]
                    actions.append(Ankan((a, b, c, d)))
            for m in st.melds:
                if m.kind == "pon":
                    k = kind(m.tiles[0])
                    if k in by_kind:
                        actions.append(Kakan(by_kind[k][0]))
        actions.extend(Discard(t) for t in sorted(set(st.hand), key=sort_key))
        return actions

    def reaction_options(self, table: Table, seat: int, trigger: Trigger) -> list[Action]:
        if trigger.kind == "ankan":
            return []  # a concealed kong cannot be robbed
        tile = trigger.tile
        robbing = trigger.kind == "kakan"
        opts: list[Action] = []
        if self.may_win(table, seat, tile, self_drawn=False, robbing=robbing):
            opts.append(Ron())
        if robbing:
            return opts
        hand = table.seats[seat].hand
        same = [t for t in hand if kind(t) == kind(tile)]
        if len(same) >= 2:
            opts.append(Pon((same[0], same[1])))
        if len(same) >= 3 and table.wall.live_remaining > 0:
            opts.append(Minkan((same[0], same[1], same[2])))
        if self.chows_allowed and seat == (trigger.seat + 1) % 4 and is_suited(tile):
            opts.extend(chows(hand, tile))
        return opts

    def why_not_chow(self, table: Table, seat: int, action: Action) -> str | None:
        """Why a chow asked for is refused (for ``why_illegal``)."""
        trigger = table.trigger
        if not isinstance(action, Chi) or trigger is None:
            return None
        if not self.chows_allowed:
            return "this ruleset has no chows"
        if seat != (trigger.seat + 1) % 4:
            return "a chow may be taken only from the player on your left"
        return None

    # ------------------------------------------------------------------ flowers and kongs
    def after_deal(self, table: Table) -> None:
        order = [(table.dealer + i) % 4 for i in range(4)]
        again = True
        while again:
            again = False
            for seat in order:
                for tile in [t for t in table.seats[seat].hand if is_flower(t)]:
                    self.flowers(table, seat).append(tile)
                    table.emit(self.flower_event(seat, tile))
                    again = is_flower(table.deal_replacement(seat, tile)) or again

    def after_draw(self, table: Table, seat: int, tile: int, rinshan: bool) -> None:
        if not rinshan:
            self.after_kong = False
        if not is_flower(tile):
            return
        table.seats[seat].hand.remove(tile)
        self.flowers(table, seat).append(tile)
        table.emit(self.flower_event(seat, tile))
        if table.wall.live_remaining == 0:
            self.exhausted(table)  # no tile left to replace the flower
        else:
            table.replacement_draw(seat)

    def before_discard(self, table: Table, seat: int, action: Discard) -> None:
        self.after_kong = False

    def after_call(self, table: Table, seat: int, meld: Meld) -> None:
        self.after_kong = False

    def kan_completed(self, table: Table, seat: int, meld: Meld) -> None:
        self.after_kong = True
