"""An MCR bot: builds towards 8 fans and takes the wins the rules allow.

Like the Riichi bot it is a message handler: :meth:`McrBot.act` takes one seat's view (a
:class:`~openmahjong.table.kernel.SeatView`) and returns one of its ``legal_actions``, reading
nothing else. Its choices are a pure function of ``(seed, view)``: the seed breaks exact ties.

Decisions, in order (``docs/mcr-game.md``):

* **Wins**: a ``Tsumo`` or ``Ron`` is taken when it scores at least 8 fans. Under the default
  ``false_win="refuse"`` the engine offers only such wins; under ``"penalty"`` every declaration
  is offered, so the bot scores the hand itself and never declares a false one.
* **Discards**: each discard is judged by the hand it leaves. A ready hand is worth its waits:
  for every winning tile still unseen, the fans it would score on a discard (full weight) or only
  on a self-draw (a third of the weight, since three players' discards are out of reach); a
  ready hand whose waits score under 8 is worth nothing and ranks with hands one tile from
  ready. Otherwise: lower shanten over MCR's five forms, then more unseen useful tiles, weighted
  up when the hand leans towards one suit with honours (混一色 / 清一色) or keeps value honours.
* **Calls** (chow, pung, melded kong): only when, after the call and the best discard, the hand
  is ready with a wait worth 8 fans, or the call gets closer to ready along a fan route (a pung
  of a dragon, the seat wind or the prevalent wind; a one-suit-plus-honours hand).
* **Kongs**: concealed and added kongs when they do not cost a step towards ready.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from openmahjong.bots.driver import play_to_end
from openmahjong.rules.mcr.game.match import McrMatch
from openmahjong.rules.mcr.game.options import McrOptions
from openmahjong.rules.mcr.game.shape import mcr_shanten
from openmahjong.rules.mcr.scoring import BelowMinimum, InvalidHand, NotAWin, score_win
from openmahjong.rules.mcr.scoring import Meld as ScoringMeld
from openmahjong.table.actions import (
    PASS,
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Minkan,
    Pon,
    Ron,
    Tsumo,
)
from openmahjong.tiles import ALL_KINDS, index34, is_flower, kind

__all__ = ["McrBot", "MCR_BOTS", "PLAYERS", "play_mcr_match"]

_DRAGONS = (31, 32, 33)
#: Weight of a winning tile that only a self-draw can use (three of four sources are gone).
SELF_DRAW_ONLY = 1 / 3


def _counts(tiles: Sequence[int]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[index34(t)] += 1
    return c


class McrBot:
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    # ------------------------------------------------------------------ reading the view
    def _tie(self, tile: int) -> int:
        return (self.seed * 1_000_003 + tile * 7919) % 65_521

    @staticmethod
    def _visible(view: Any) -> list[int]:
        """Copies of each kind the seat can see outside its own concealed hand."""
        seen = [0] * 34
        for river in view.discards:
            for tile, _tsumogiri, _riichi, claimed_by in river:
                if claimed_by is None:
                    seen[index34(tile)] += 1
        for seat, melds in enumerate(view.melds):
            for m in melds:
                if m.kind == "ankan" and seat != view.seat:
                    continue
                for t in m.tiles:
                    seen[index34(t)] += 1
        return seen

    def _fans(
        self, view: Any, concealed: list[int], tile: int, *, self_drawn: bool, seen: list[int]
    ) -> int:
        """Fans (before flowers) of winning with ``concealed`` (winning tile included); 0 when
        it is no legal win."""
        seat = view.seat
        on_discard = not self_drawn and view.offered_tile == tile and view.phase == "reaction"
        robbing = on_discard and view.table.get("offer") == "kakan"
        fourth = seen[index34(tile)] - (1 if on_discard and not robbing else 0) == 3
        try:
            win = score_win(
                concealed,
                tile,
                [ScoringMeld(m.kind, m.tiles) for m in view.melds[seat]],
                self_drawn=self_drawn,
                fourth_tile=fourth and not robbing,
                kong=robbing,
                last_tile=view.live_remaining == 0 and not robbing,
                seat_wind=view.seats_public[seat]["seat_wind"],
                prevalent_wind=view.table["prevalent_wind"],
                flowers=len(view.seats_public[seat]["flowers"]),
            )
        except (NotAWin, BelowMinimum, InvalidHand):
            return 0
        return win.fan_total

    def _wait_value(self, view: Any, hand: list[int], seen: list[int]) -> float:
        """What a ready hand (13 - 3k tiles) is worth: unseen winning tiles weighted by how
        they may be won and how many fans they score."""
        counts = _counts(hand)
        value = 0.0
        for i in range(34):
            left = 4 - counts[i] - seen[i]
            if left <= 0:
                continue
            counts[i] += 1
            complete = mcr_shanten(counts) == -1
            counts[i] -= 1
            if not complete:
                continue
            tile = ALL_KINDS[i]
            whole = hand + [tile]
            ron = self._fans(view, whole, tile, self_drawn=False, seen=seen)
            if ron:
                value += left * (1 + ron / 24)
                continue
            tsumo = self._fans(view, whole, tile, self_drawn=True, seen=seen)
            if tsumo:
                value += left * SELF_DRAW_ONLY * (1 + tsumo / 24)
        return value

    @staticmethod
    def _lean(view: Any, hand: list[int]) -> float:
        """How much the hand leans towards a fan route (0 .. 1): one suit with honours, or value
        honours in pairs and pungs."""
        seat = view.seat
        tiles = list(hand) + [t for m in view.melds[seat] for t in m.tiles]
        suits = [0, 0, 0]
        honors = 0
        for t in tiles:
            k = kind(t)
            if k >= 41:
                honors += 1
            else:
                suits[k // 10 - 1] += 1
        off = sum(suits) - max(suits)
        lean = 0.0
        if off <= 2:
            lean += 0.6 - 0.2 * off
        value_kinds = _value_kinds(view)
        for k in value_kinds:
            n = sum(1 for t in tiles if kind(t) == k)
            if n >= 2:
                lean += 0.3
        return min(lean, 1.0)

    def _rank(self, view: Any, hand: list[int], seen: list[int]) -> tuple[float, float]:
        """Sort key of a hand of 13 - 3k tiles after a discard: lower is better."""
        counts = _counts(hand)
        s = mcr_shanten(counts)
        if s == 0:
            v = self._wait_value(view, hand, seen)
            if v > 0:
                return (-1.0, -v)
        useful = 0
        for i in range(34):
            if counts[i] >= 4:
                continue
            counts[i] += 1
            if mcr_shanten(counts) < s:
                useful += max(0, 5 - counts[i] - seen[i])  # counts[i] includes the new tile
            counts[i] -= 1
        return (float(max(s, 1) if s == 0 else s), -useful * (1 + self._lean(view, hand)))

    # ------------------------------------------------------------------ decisions
    def act(self, view: Any) -> Action:
        legal = list(view.legal_actions)
        if len(legal) == 1:
            return legal[0]
        seen = self._visible(view)
        hand = [t for t in view.hand if not is_flower(t)]
        if view.phase == "reaction":
            return self._react(view, legal, hand, seen)
        return self._turn(view, legal, hand, seen)

    def _penalty_mode(self, view: Any) -> bool:
        return view.table.get("false_win") == "penalty"

    def _turn(self, view: Any, legal: list[Action], hand: list[int], seen: list[int]) -> Action:
        if Tsumo() in legal:
            if not self._penalty_mode(view):
                return Tsumo()
            drawn = hand[-1]
            if self._fans(view, hand, drawn, self_drawn=True, seen=seen):
                return Tsumo()
        discards = [a for a in legal if isinstance(a, Discard)]
        ranked = sorted(
            discards,
            key=lambda a: (self._rank(view, _without(hand, [a.tile]), seen), self._tie(a.tile)),
        )
        best = ranked[0]
        best_s = mcr_shanten(_counts(_without(hand, [best.tile])))
        for a in legal:
            if isinstance(a, Ankan | Kakan):
                used = list(a.tiles) if isinstance(a, Ankan) else [a.tile]
                if mcr_shanten(_counts(_without(hand, used))) <= best_s:
                    return a
        return best

    def _react(self, view: Any, legal: list[Action], hand: list[int], seen: list[int]) -> Action:
        tile = view.offered_tile
        if Ron() in legal:
            if not self._penalty_mode(view):
                return Ron()
            if self._fans(view, hand + [tile], tile, self_drawn=False, seen=seen):
                return Ron()
        now = mcr_shanten(_counts(hand))
        value_kinds = _value_kinds(view)
        best: tuple[tuple[float, float], Action] | None = None
        for a in legal:
            if not isinstance(a, Chi | Pon | Minkan):
                continue
            rest = _without(hand, list(a.tiles))
            if isinstance(a, Minkan):
                if mcr_shanten(_counts(rest)) <= now and now > 0:
                    return a
                continue
            # After the call the seat discards: judge the best hand it can leave.
            options = sorted({t for t in rest})
            if not options:
                continue
            meld_kind = a.name
            called = tuple(sorted(a.tiles + (tile,)))
            view2 = _WithMeld(view, meld_kind, called)
            rank = min(self._rank(view2, _without(rest, [d]), seen) for d in options)
            ready_with_value = rank[0] < 0
            closer = rank[0] < now
            on_route = (isinstance(a, Pon) and kind(tile) in value_kinds) or self._lean(
                view2, rest
            ) >= 0.6
            wanted = ready_with_value or (closer and on_route)
            if wanted and (best is None or rank < best[0]):
                best = (rank, a)
        if best is not None:
            return best[1]
        return PASS if PASS in legal else legal[-1]


def _value_kinds(view: Any) -> set[int]:
    """Dragons, the seat wind and the prevalent wind: a pung of any scores fans."""
    return {45, 46, 47, view.seats_public[view.seat]["seat_wind"], view.table["prevalent_wind"]}


def _without(hand: list[int], tiles: Sequence[int]) -> list[int]:
    out = list(hand)
    for t in tiles:
        out.remove(t)
    return out


class _MeldStub:
    def __init__(self, kind_: str, tiles: tuple[int, ...]) -> None:
        self.kind = kind_
        self.tiles = tiles


class _WithMeld:
    """A view as it would be after the seat makes one more meld (for judging a call)."""

    def __init__(self, view: Any, meld_kind: str, tiles: tuple[int, ...]) -> None:
        self._view = view
        melds = list(view.melds)
        melds[view.seat] = tuple(melds[view.seat]) + (_MeldStub(meld_kind, tiles),)
        self.melds = tuple(melds)
        self.phase = "turn"
        self.offered_tile = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)


# --------------------------------------------------------------------------- self-play
# Each *player* (A..D) keeps one bot for the whole match, whatever seat the wind-round seat
# changes put it in; its seed comes from the master seed and the player, as for Riichi.

MCR_BOTS: dict[str, Callable[[int], McrBot]] = {"efficiency": McrBot, "mcr": McrBot}
PLAYERS = ("bot-1", "bot-2", "bot-3", "bot-4")


def play_mcr_match(
    options: McrOptions,
    master_seed: int,
    *,
    salt: str | None = None,
    bot: str = "efficiency",
    players: Sequence[str] = PLAYERS,
    on_hand: Callable[[McrMatch], None] | None = None,
    max_actions: int = 1_000_000,
) -> McrMatch:
    try:
        factory = MCR_BOTS[bot]
    except KeyError:
        raise ValueError(f"unknown MCR bot {bot!r}: choose from {', '.join(MCR_BOTS)}") from None
    bots = [factory((master_seed >> (32 * p)) ^ p) for p in range(4)]
    match = McrMatch(options, master_seed, players=players, salt=salt)
    return play_to_end(
        match, lambda seat: bots[match.player_at(seat)], max_actions=max_actions, on_hand=on_hand
    )
