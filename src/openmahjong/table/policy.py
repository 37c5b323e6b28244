"""What a ruleset supplies to the turn kernel: legality and the consequences of events.

The kernel (:class:`openmahjong.table.kernel.Table`) moves tiles and sequences turns; it asks the
policy at each decision point. Every hook has a harmless default except the three a ruleset
cannot do without (``turn_actions``, ``settle_wins``/``settle_tsumo`` and ``exhausted``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from openmahjong.table.actions import Action, Discard
from openmahjong.table.claims import STANDARD, ArbitrationMode
from openmahjong.table.errors import IllegalAction
from openmahjong.table.events import Discarded, Event, built_event
from openmahjong.table.seat import Meld

if TYPE_CHECKING:
    from openmahjong.table.kernel import Table

__all__ = ["Trigger", "RoundPolicy"]


# A plain Python class even where this module is compiled (mypyc): the kernel builds the
# discard's trigger by filling ``__dict__``, which a native class does not have.
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Trigger:
    """Why a reaction window opened: a ``discard``, or a ``kakan``/``ankan`` that may be robbed."""

    kind: str
    seat: int
    tile: int
    meld: Meld | None = None


# Compiled (mypyc), this is a native class, so a compiled ruleset's policy is one too (its
# attributes are slots and its hooks direct calls); rulesets and tests that stay plain Python
# subclass it all the same. The settings a subclass overrides in its class body are
# ``ClassVar``s: a compiled read of a native attribute would not see a plain subclass's
# class-level value.
@mypyc_attr(allow_interpreted_subclasses=True)
class RoundPolicy:
    seats: ClassVar[int] = 4
    #: Tiles split off the back of the wall after the deal (Riichi 14; MCR, Sichuan 0).
    dead_wall: ClassVar[int] = 14
    #: Whether the dealer starts with one tile more (and so discards without drawing).
    dealer_extra: ClassVar[bool] = True
    #: Tiles dealt to each seat (13; Taiwan's game 16): a hand holds ``hand_size - 3k`` tiles
    #: between turns and one more on its turn.
    hand_size: ClassVar[int] = 13
    arbitration: ArbitrationMode = STANDARD
    #: The discard after the last live tile may be claimed only for a win.
    final_discard_ron_only: ClassVar[bool] = True

    # ---------------------------------------------------------------- legality
    def turn_actions(self, table: Table, seat: int) -> list[Action]:
        raise NotImplementedError

    def reaction_options(self, table: Table, seat: int, trigger: Trigger) -> list[Action]:
        return []

    def next_seat(self, table: Table, seat: int) -> int:
        """Who draws after ``seat``'s discard passes: the next seat still playing (seats that
        have won and sit out are skipped)."""
        nxt = (seat + 1) % self.seats
        if table.seats[nxt].out:
            found = table.next_in_play(seat)
            return nxt if found is None else found
        return nxt

    def why_illegal(self, table: Table, seat: int, action: Action) -> str | None:
        """Why ``action`` is refused, in the player's words (a chow from the wrong seat, a win
        without a yaku...); ``None`` leaves the kernel's message listing what is legal."""
        return None

    # ---------------------------------------------------------------- consequences
    def on_start(self, table: Table) -> None:
        """After the deal, before the first turn (dora, opening events, special phases)."""

    def after_deal(self, table: Table) -> None:
        """After the ``Dealt`` events, before the first draw: MCR replaces the dealt flowers
        here (``table.deal_replacement``), so the deal is recorded before its replacements."""

    def after_draw(self, table: Table, seat: int, tile: int, rinshan: bool) -> None:
        pass

    def before_discard(self, table: Table, seat: int, action: Discard) -> None:
        pass

    def discard_event(self, seat: int, action: Discard, tsumogiri: bool) -> Event:
        """The event the kernel records for a discard (a ruleset may add its own fields)."""
        return built_event(
            Discarded,
            {"seat": seat, "tile": action.tile, "tsumogiri": tsumogiri, "private_to": None},
        )

    def after_discard(self, table: Table, seat: int, action: Discard) -> None:
        """Before the reaction window opens (e.g. an open kan's dora is revealed here)."""

    def on_answer(self, table: Table, seat: int, action: Action, offered: tuple) -> None:
        """A seat answered a reaction window; ``offered`` is what it was offered."""

    def after_call(self, table: Table, seat: int, meld: Meld) -> None:
        pass

    def kan_declared(self, table: Table, seat: int, meld: Meld) -> None:
        """Before the robbing window of an ankan or kakan (and before a minkan completes)."""

    def kan_completed(self, table: Table, seat: int, meld: Meld) -> None:
        """The kan stands; the replacement draw comes next."""

    def after_window(self, table: Table, trigger: Trigger) -> None:
        """Nobody claimed a discard; the policy may end the hand (abortive draws)."""

    def settle_wins(self, table: Table, trigger: Trigger, winners: list[int]) -> None:
        raise NotImplementedError

    def settle_tsumo(self, table: Table, seat: int) -> None:
        raise NotImplementedError

    def exhausted(self, table: Table) -> None:
        """The next draw has no live tile: end the hand or start a special phase."""
        raise NotImplementedError

    def apply_special(self, table: Table, seat: int, action: Action) -> None:
        """Actions the kernel does not know (abortive draw requests, reveals, exchanges...)."""
        raise IllegalAction(f"{action.name} is not handled by this ruleset")

    # ---------------------------------------------------------------- views
    def table_public(self, table: Table) -> dict[str, Any]:
        return {}

    def seat_public(self, table: Table, seat: int) -> dict[str, Any]:
        return {}

    def seats_public(self, table: Table) -> tuple[dict[str, Any], ...]:
        """``seat_public`` of every seat, in seat order (what a view shows). A policy may keep
        these between views, as long as each view gets dicts of its own."""
        return tuple([self.seat_public(table, s) for s in range(table.n)])

    def seat_private(self, table: Table, seat: int) -> dict[str, Any]:
        """What only ``seat`` itself may see beyond its hand (furiten, forbidden discards...)."""
        return {}
