"""A Sichuan Bloody bot: clears its void suit, then builds the most valuable two-suit hand it can
reach in time.

Like the Riichi and MCR bots it is a message handler: :meth:`SichuanBot.act` takes one seat's
view (a :class:`~openmahjong.table.kernel.SeatView`) and returns one of its ``legal_actions``
(or, for the exchange, the :class:`Exchange` its choice rule accepts), reading nothing else.
Its choices are a pure function of ``(seed, view)``: the seed breaks exact ties only.

Decisions, in order (``docs/bots.md``):

* **Exchange**: three tiles of its weakest suit (fewest tiles, then fewest pairs and neighbours),
  the least connected of them.
* **Void**: the suit it can clear fastest, judged the same way after the exchange.
* **Wins**: always, on a self-draw or a discard (the rules offer only legal wins).
* **Discards**: a void-suit tile while it holds one; then the discard leaving the best hand.
  A hand is judged by its routes (two suits; seven pairs; one suit: the flush; all triplets),
  each worth its han (roots added) less a price per step from ready that rises as the wall
  runs out, plus a little per unseen useful tile; a ready hand is worth what its waits score
  (``scoring.score_win``) by the copies left. A tile of a suit every live opponent voided is
  safe, and late in the hand safety breaks near-ties.
* **Calls**: pon when the best hand after the call and a discard is worth more than the hand
  without it; an open kan, a concealed kan or an added kan of the tile just drawn when it costs
  no step from ready (the kan bonus is paid at once); never of the void suit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from openmahjong.hand import sichuan as shape
from openmahjong.hand.distance import VECTORS, combine, honor_id, suit_class_id, suit_code
from openmahjong.rules.sichuan.game.actions import DeclareVoid, Exchange
from openmahjong.table.actions import PASS, Action, Ankan, Discard, Kakan, Minkan, Pon, Ron, Tsumo
from openmahjong.table.seat import Meld
from openmahjong.tiles import from_index34, index34

__all__ = ["SichuanBot", "SICHUAN_BOTS", "suit_strength", "exchange_tiles", "void_suit"]

#: Worth of one more unseen useful tile, next to one han (a shanten step costs about one han).
USEFUL_WEIGHT = 0.02
#: Most unseen useful tiles a hand can have (18 live kinds, 4 copies each): bounds the
#: useful-tile term when a discard is pruned.
_MOST_USEFUL = 72
#: Tiles left in the live wall from which safety counts (and added kans get careful).
_LATE = 24
#: Most a discard's safety may move its worth late in a hand (3 opponents x 0.05).
_SAFETY_MARGIN = 0.15
#: What a pon must gain over passing (a call gives up seven pairs and shows the hand).
CALL_MARGIN = 0.8
#: Extra worth of a kan's immediate bonus, in han-like units.
KAN_BONUS = 0.4


# --------------------------------------------------------------------------- before play


def suit_strength(counts9: Sequence[int]) -> float:
    """How much a suit's tiles are worth keeping: one per tile, more for pairs, triplets and
    neighbours (they are half-made sets). The weakest suit is given away and voided."""
    value = 0.0
    for i, n in enumerate(counts9):
        if not n:
            continue
        value += n
        if n >= 2:
            value += 0.6
        if n >= 3:
            value += 0.6
        if i + 1 < 9 and counts9[i + 1]:
            value += 0.5
        if i + 2 < 9 and counts9[i + 2]:
            value += 0.25
    return value


def _suit_counts(hand: Sequence[int]) -> list[list[int]]:
    counts = [[0] * 9 for _ in range(3)]
    for t in hand:
        i = index34(t)
        if i < 27:
            counts[i // 9][i % 9] += 1
    return counts


def _weakest(suits: list[list[int]], candidates: Sequence[int], tie: Callable[[int], int]) -> int:
    return min(candidates, key=lambda s: (suit_strength(suits[s]), tie(s)))


def exchange_tiles(hand: Sequence[int], tie: Callable[[int], int] = lambda s: s) -> tuple[int, ...]:
    """Three tiles of the weakest suit holding at least three, the least connected first."""
    suits = _suit_counts(hand)
    candidates = [s for s in range(3) if sum(suits[s]) >= 3]
    suit = _weakest(suits, candidates, tie)
    counts = list(suits[suit])
    given: list[int] = []
    for _ in range(3):
        # Give the tile whose loss costs the suit least.
        best = min(
            (p for p in range(9) if counts[p]),
            key=lambda p: (suit_strength(counts) - suit_strength(_less(counts, p)), p),
        )
        counts[best] -= 1
        given.append(best)
    codes = [t for t in hand if index34(t) // 9 == suit]
    chosen: list[int] = []
    for p in given:
        code = next(t for t in codes if index34(t) % 9 == p)
        codes.remove(code)
        chosen.append(code)
    return tuple(chosen)


def _less(counts: list[int], p: int) -> list[int]:
    out = list(counts)
    out[p] -= 1
    return out


def void_suit(hand: Sequence[int], tie: Callable[[int], int] = lambda s: s) -> str:
    """The suit to void: the one cleared fastest (fewest tiles, weighing pairs and sequences)."""
    return shape.SUITS[_weakest(_suit_counts(hand), (0, 1, 2), tie)]


# --------------------------------------------------------------------------- judging a hand


def _top(c3: int, c2: int, c1: int, n: int) -> int:
    """Sum of the ``n`` largest held counts (capped at 3) given how many kinds hold 3+, 2, 1."""
    total = 0
    for value, many in ((3, c3), (2, c2), (1, c1)):
        take = many if many < n else n
        total += value * take
        n -= take
    return total


def _triplets_shanten(c3: int, c2: int, c1: int, sets: int) -> int:
    """All triplets: ``sets`` triplets and a pair (tiles lacking - 1). The pair comes from the
    largest ``sets + 1`` kinds; only when all of them are triplets does it waste a tile."""
    used = _top(c3, c2, c1, sets + 1) - (1 if c3 >= sets + 1 else 0)
    return 3 * sets + 2 - used - 1


def _pairs_shanten(pairs: int, singles: int) -> int:
    missing = 7 - pairs
    return missing + max(0, missing - singles) - 1


class _Hand:
    """One hand to judge: concealed counts (13 - 3k tiles) and what the melds allow."""

    __slots__ = ("counts", "melds", "meld_suits", "void")

    def __init__(self, counts: list[int], melds: Sequence[Any], void: int | None) -> None:
        self.counts = counts
        self.melds = len(melds)
        self.meld_suits = {index34(m.tiles[0]) // 9 for m in melds}
        self.void = void


def _roots(hand: _Hand, melds: Sequence[Any]) -> int:
    """Sets of four identical tiles held, concealed or melded (each root is one han)."""
    roots = sum(1 for n in hand.counts if n == 4)
    for m in melds:
        if len(m.tiles) == 4:
            roots += 1
        else:
            roots += hand.counts[index34(m.tiles[0])] == 1  # a pon and its fourth tile held
    return roots


_EMPTY_HONORS = honor_id(bytes(7))


def routes(hand: _Hand) -> list[tuple[int, int]]:
    """``(han, shanten)`` for each way the hand may win (roots not included): sets and a pair
    in two suits (1 han), all triplets (2), seven pairs (3), and in one suit alone the flush
    (3), pure triplets (4) and pure seven pairs (5)."""
    counts, melds, void = hand.counts, hand.melds, hand.void
    sets = 4 - melds
    slot = 2 * sets + 1
    empty = suit_class_id(0)
    ids = [empty, empty, empty]
    tallies = [(0, 0, 0, 0, 0)] * 3  # kinds held 3+, 2, 1; pairs; singles (four: two pairs)
    for s in range(3):
        if s == void:
            continue
        part = counts[9 * s : 9 * s + 9]
        ids[s] = suit_class_id(suit_code(bytes(part)))
        c3 = c2 = c1 = pairs = singles = 0
        for n in part:
            if n:
                if n >= 3:
                    c3 += 1
                elif n == 2:
                    c2 += 1
                else:
                    c1 += 1
                pairs += n >> 1
                singles += n & 1
        tallies[s] = (c3, c2, c1, pairs, singles)
    both = combine(combine(ids[0], ids[1]), combine(ids[2], _EMPTY_HONORS))
    t = [sum(x[k] for x in tallies) for k in range(5)]
    out = [(1, VECTORS[both][slot] - 1), (2, _triplets_shanten(t[0], t[1], t[2], sets))]
    if not melds:
        out.append((3, _pairs_shanten(t[3], t[4])))
    lone = combine(empty, combine(empty, _EMPTY_HONORS))
    for s in range(3):
        if s == void or hand.meld_suits - {s}:
            continue  # the void, or a meld of another suit: no flush in this suit
        c3, c2, c1, pairs, singles = tallies[s]
        out.append((3, VECTORS[combine(ids[s], lone)][slot] - 1))
        out.append((4, _triplets_shanten(c3, c2, c1, sets)))
        if not melds:
            out.append((5, _pairs_shanten(pairs, singles)))
    return out


_Key = tuple[bytes, tuple[tuple[str, int], ...], int | None]
_Routes = tuple[list[tuple[int, int]], int, int]
#: Remembered judgements of concealed hands (pure functions of the key), bounded.
_ROUTES: dict[_Key, _Routes] = {}
_KINDS: dict[_Key, list[int]] = {}
_WAIT_HAN: dict[_Key, dict[int, int]] = {}
_MEMO_LIMIT = 50_000


def _remember(memo: dict[_Key, Any], key: _Key, value: Any) -> None:
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value


def _routes(counts: list[int], melds: Sequence[Any], void: int | None, key: _Key) -> _Routes:
    """Routes, roots and shanten (regular or seven pairs) of a concealed hand (remembered)."""
    hand = _Hand(counts, melds, void)
    paths = routes(hand)
    main = paths[0][1] if melds else min(paths[0][1], paths[2][1])
    found = (paths, _roots(hand, melds), main)
    _remember(_ROUTES, key, found)
    return found


def _wait_hans(
    view: Any, counts: list[int], melds: Sequence[Any], kinds: list[int], key: _Key
) -> dict[int, int]:
    """Han of a discard win on each wait of a ready hand, roots left out (the caller adds the
    hand's roots to every route alike); waits that are no legal win are left out."""
    from openmahjong.rules.sichuan.scoring import NotAWin, score_win

    concealed = [from_index34(i) for i, n in enumerate(counts) for _ in range(n)]
    void = key[2]
    letter = shape.SUITS[void] if void is not None else None
    hans = {}
    for i in kinds:
        try:
            win = score_win(concealed, melds, from_index34(i), tsumo=False, void=letter)
        except NotAWin:
            continue
        hans[i] = win.han - win.roots
    _remember(_WAIT_HAN, key, hans)
    return hans


class SichuanBot:
    useful_weight = USEFUL_WEIGHT
    kan_bonus = KAN_BONUS
    #: What a pon must gain over passing.
    call_margin = CALL_MARGIN

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def _tie(self, x: int) -> int:
        return (self.seed * 1_000_003 + x * 7919) % 65_521

    # ------------------------------------------------------------------ reading the view
    @staticmethod
    def _seen(view: Any) -> list[int]:
        """Copies of each kind visible outside the seat's concealed hand, plus the hand."""
        seen = [0] * 34
        for river in view.discards:
            for tile, _tsumogiri, _riichi, claimed_by in river:
                if claimed_by is None:
                    seen[index34(tile)] += 1
        for melds in view.melds:
            for m in melds:
                for t in m.tiles:
                    seen[index34(t)] += 1
        for s, public in enumerate(view.seats_public):
            if s != view.seat:
                for t in public.get("revealed") or ():
                    seen[index34(t)] += 1
        return seen

    @staticmethod
    def _void(view: Any) -> int | None:
        letter = (view.own or {}).get("void") or view.seats_public[view.seat].get("void")
        return shape.suit_index(letter) if letter else None

    @staticmethod
    def _price(view: Any) -> float:
        """Worth of one step towards ready: more as the wall runs out (an unready hand pays at
        the exhaustive draw)."""
        left = view.live_remaining
        if left > 40:
            return 3.0
        if left > 24:
            return 4.2
        if left > 12:
            return 6.0
        return 9.0

    def _worth(
        self,
        view: Any,
        counts: list[int],
        melds: Sequence[Any],
        seen: list[int],
        floor: float = -math.inf,
    ) -> float:
        """What a 13 - 3k tile concealed hand is worth (higher is better). A hand short of
        ready whose routes alone, with the most useful tiles there could be, stay under
        ``floor`` is not looked at further (its routes' worth is returned)."""
        void = self._void(view)
        key = (bytes(counts), tuple((m.kind, index34(m.tiles[0])) for m in melds), void)
        found = _ROUTES.get(key)
        if found is None:
            found = _routes(counts, melds, void, key)
        paths, roots, main = found
        price = self._price(view)
        best = max(han - price * max(s, 0) for han, s in paths) + roots
        if main != 0 and best + self.useful_weight * _MOST_USEFUL < floor:
            return best
        kinds = _KINDS.get(key)
        if kinds is None:
            kinds = shape.improving(counts, len(melds), void)[1]
            _remember(_KINDS, key, kinds)
        left = 0
        for i in kinds:
            left += max(0, 4 - counts[i] - seen[i])
        if main == 0:
            value = self._wait_worth(view, counts, melds, kinds, seen, key)
            if value is not None:
                best = max(best, value + roots)
            elif left == 0:
                best -= price  # a dead wait is a step from ready
        return best + self.useful_weight * left

    def _wait_worth(
        self,
        view: Any,
        counts: list[int],
        melds: Sequence[Any],
        kinds: list[int],
        seen: list[int],
        key: tuple[bytes, tuple[tuple[str, int], ...], int | None],
    ) -> float | None:
        """log2 of the mean points of a ready hand's live waits (None: no live wait)."""
        hans = _WAIT_HAN.get(key)
        if hans is None:
            hans = _wait_hans(view, counts, melds, kinds, key)
        total = weight = 0.0
        for i, han in hans.items():
            left = max(0, 4 - counts[i] - seen[i])
            if left:
                total += left * 2.0**han
                weight += left
        if not weight:
            return None
        return math.log2(total / weight)

    def _danger(self, view: Any, tile: int) -> int:
        """Live opponents who may win on ``tile`` (those voiding its suit never can)."""
        letter = shape.SUITS[index34(tile) // 9]
        n = 0
        for s, public in enumerate(view.seats_public):
            if s == view.seat or public.get("won") is not None:
                continue
            if public.get("void") != letter:
                n += 1
        return n

    # ------------------------------------------------------------------ decisions
    def act(self, view: Any) -> Action:
        choice = view.choice
        if choice is not None and choice.get("type") == "exchange":
            return Exchange(exchange_tiles(view.hand, self._tie))  # type: ignore[arg-type]
        legal = list(view.legal_actions)
        voids = [a for a in legal if isinstance(a, DeclareVoid)]
        if voids:
            want = void_suit(view.hand, self._tie)
            return next((a for a in voids if a.suit == want), voids[0])
        if len(legal) == 1:
            return legal[0]
        if Tsumo() in legal:
            return Tsumo()
        if Ron() in legal:
            return Ron()
        seen = self._seen(view)
        melds = view.melds[view.seat]
        if view.phase == "reaction":
            return self._react(view, legal, list(view.hand), melds, seen)
        return self._turn(view, legal, list(view.hand), melds, seen)

    def _turn(
        self, view: Any, legal: list[Action], hand: list[int], melds: Sequence[Any], seen: list[int]
    ) -> Action:
        void = self._void(view)
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        in_void = [a for a in discards if void is not None and index34(a.tile) // 9 == void]
        if in_void:
            counts = _counts(hand)
            # Singles of the void first, then the rest; the seed breaks ties.
            return min(in_void, key=lambda a: (counts[index34(a.tile)], self._tie(a.tile)))
        counts = _counts(hand)
        late = view.live_remaining <= _LATE
        scored: list[tuple[float, int, Action]] = []
        done: dict[int, float] = {}
        floor = -math.inf
        for a in discards:
            i = index34(a.tile)
            if i not in done:
                counts[i] -= 1
                seen[i] += 1  # the discarded copy is seen by everyone
                done[i] = self._worth(view, counts, melds, seen, floor)
                seen[i] -= 1
                counts[i] += 1
                floor = max(floor, done[i] - _SAFETY_MARGIN)
            value = done[i]
            if late:
                value -= 0.05 * self._danger(view, a.tile)
            scored.append((value, -self._tie(a.tile), a))
        scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
        best_value, _, best = scored[0]
        kan = self._turn_kan(view, legal, hand, melds, seen, counts, best_value)
        return kan or best

    def _turn_kan(
        self,
        view: Any,
        legal: list[Action],
        hand: list[int],
        melds: Sequence[Any],
        seen: list[int],
        counts: list[int],
        best_value: float,
    ) -> Action | None:
        void = self._void(view)
        drawn = hand[-1] if hand else None
        for a in legal:
            if isinstance(a, Ankan):
                used = list(a.tiles)
                bonus = self.kan_bonus
            elif isinstance(a, Kakan):
                if view.live_remaining <= _LATE and self._danger(view, a.tile):
                    continue  # late, an added kan may be robbed by a ready opponent
                used = [a.tile]
                bonus = self.kan_bonus if a.tile == drawn else 0.0
            else:
                continue
            i = index34(used[0])
            if void is not None and i // 9 == void:
                continue
            for t in used:
                counts[index34(t)] -= 1
            kind = "ankan" if isinstance(a, Ankan) else "kakan"
            rest = self._worth_after_kan(view, counts, melds, _meld(kind, used[0]), a, seen)
            for t in used:
                counts[index34(t)] += 1
            if rest + bonus >= best_value - 0.05:
                return a
        return None

    def _worth_after_kan(
        self,
        view: Any,
        counts: list[int],
        melds: Sequence[Any],
        meld: Any,
        action: Action,
        seen: list[int],
    ) -> float:
        """Worth of the hand after a kan, before its replacement draw (13 - 3k tiles)."""
        if isinstance(action, Ankan):
            new_melds = [*melds, meld]
        else:
            new_melds = [
                meld if index34(m.tiles[0]) == index34(meld.tiles[0]) else m for m in melds
            ]
        return self._worth(view, counts, new_melds, seen)

    def _react(
        self, view: Any, legal: list[Action], hand: list[int], melds: Sequence[Any], seen: list[int]
    ) -> Action:
        tile = view.offered_tile
        void = self._void(view)
        passing = PASS if PASS in legal else legal[-1]
        if tile is None or (void is not None and index34(tile) // 9 == void):
            return passing
        counts = _counts(hand)
        now = self._worth(view, counts, melds, seen)
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Minkan):
                for t in a.tiles:
                    counts[index34(t)] -= 1
                value = self._worth(view, counts, [*melds, _meld("minkan", tile)], seen)
                value += self.kan_bonus
                for t in a.tiles:
                    counts[index34(t)] += 1
            elif isinstance(a, Pon):
                for t in a.tiles:
                    counts[index34(t)] -= 1
                new_melds = [*melds, _meld("pon", tile)]
                value = -math.inf
                for i, n in enumerate(counts):
                    if not n:
                        continue
                    counts[i] -= 1
                    seen[i] += 1
                    value = max(value, self._worth(view, counts, new_melds, seen))
                    seen[i] -= 1
                    counts[i] += 1
                for t in a.tiles:
                    counts[index34(t)] += 1
                value -= self.call_margin  # a call gives up seven pairs: want a gain
            else:
                continue
            if value > now and (best is None or value > best[0]):
                best = (value, a)
        return best[1] if best is not None else passing


def _meld(kind: str, tile: int) -> Meld:
    """A meld as it would be after a call or kan (enough for judging and scoring the hand)."""
    return Meld(kind, (tile,) * (3 if kind == "pon" else 4), tile)


def _counts(hand: Sequence[int]) -> list[int]:
    c = [0] * 34
    for t in hand:
        c[index34(t)] += 1
    return c


SICHUAN_BOTS: dict[str, Callable[[int], SichuanBot]] = {
    "efficiency": SichuanBot,
    "sichuan": SichuanBot,
}
