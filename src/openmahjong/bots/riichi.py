"""A Riichi bot: tile efficiency with yaku-aware calls, riichi when ready, and folding.

The bot is a message handler: :meth:`RiichiBot.act` takes one seat's view (a
:class:`~openmahjong.table.kernel.SeatView`, or anything with the same fields) and returns one
of the view's ``legal_actions``. It reads nothing else: no other hand, no wall, no seed. Its
choices are a pure function of ``(seed, view)``; the seed only breaks exact ties, so bots with
different seeds play slightly different games and the same seed always plays the same one.

Decisions, in order (see ``docs/bots.md``):

* **Wins**: a legal ``Tsumo`` or ``Ron`` is always taken (the engine offers them only when the
  hand scores: a yaku and the minimum han).
* **Defence**: when an opponent has declared riichi and the bot is far from ready (two or more
  tiles away, or one away against two riichi), it folds: it discards the safest tile
  (:mod:`openmahjong.bots.safety`), never calls, never declares riichi or a kan.
* **Efficiency**: otherwise the discard that leaves the lowest shanten, then the most unseen
  useful tiles, then keeps dora, red fives and value honours.
* **Riichi** when the hand is closed, ready, and at least one winning tile is still unseen.
* **Calls** only when the hand keeps a yaku: a value-honour pon, or a hand that can be all
  simples, one suit plus honours, or all triplets, and the call brings it closer to ready.
* **Exhaustive draw**: a ready hand is always shown (``Reveal(True)``): showing earns the tenpai
  payment and, for the dealer, keeps the deal; hiding never scores better for this bot.
* **Nine terminals**: the abortive draw is declared unless the hand is close to thirteen orphans.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final, Protocol

from openmahjong.bots.safety import danger
from openmahjong.hand.improving import TurnShape, draw_lowers, useful_count
from openmahjong.hand.shanten import shanten_counts
from openmahjong.rules.riichi.dora import DORA_OF_CODE
from openmahjong.table.actions import (
    PASS,
    AbortiveDraw,
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Pon,
    Reveal,
    Ron,
    Tsumo,
)
from openmahjong.tiles import ALL_KINDS, RED_FIVES, kind

__all__ = ["RiichiBot", "BotView"]

# Module constants are ``Final`` and their tuples typed ``tuple[..., ...]``: under mypyc a
# ``Final`` is a C static (not a module-dict lookup per read), and a fixed-length tuple type
# would be a native tuple that is boxed again whenever it is indexed by a variable.


def _index_of_codes() -> list[int]:
    # Built in a function: module-level loop variables would be module globals under mypyc.
    index = [1 << 30] * (max(RED_FIVES) + 1)
    for i, code in enumerate(ALL_KINDS):
        index[code] = i
    for red in RED_FIVES:
        index[red] = index[kind(red)]
    return index


#: Tile code (red fives included) -> dense kind index 0..33; a list indexed by the code, which
#: is cheaper than a dict. A code that is no tile maps far past any count list, so using it
#: fails loudly (IndexError) instead of counting a wrong kind.
INDEX: Final[list[int]] = _index_of_codes()
_RED: Final[frozenset[int]] = frozenset(RED_FIVES)
_ORPHANS: Final[tuple[int, ...]] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_DRAGONS: Final[tuple[int, ...]] = (31, 32, 33)
#: Per kind: a terminal or an honour (what an all-simples hand may not hold).
_OUTSIDE: Final[tuple[bool, ...]] = tuple(i >= 27 or i % 9 in (0, 8) for i in range(34))
_OUTSIDE_KINDS: Final[tuple[int, ...]] = tuple(i for i in range(34) if _OUTSIDE[i])
#: Per kind: its suit, 3 for the honours.
_SUIT: Final[tuple[int, ...]] = tuple(min(i // 9, 3) for i in range(34))
_WIND_INDEX: Final[dict[int, int]] = {41: 27, 42: 28, 43: 29, 44: 30}
# Type tuples built once (``A | B`` in an isinstance call builds a union on every call).
_WINS: Final[tuple[type, ...]] = (Tsumo, Ron)
_KANS: Final[tuple[type, ...]] = (Ankan, Kakan)


def _counts(hand: Sequence[int]) -> list[int]:
    """Copies held per dense kind."""
    index = INDEX
    counts = [0] * 34
    for t in hand:
        # Written out: under mypyc ``counts[k] += 1`` is a generic in-place add on the item.
        k = index[t]
        counts[k] = counts[k] + 1
    return counts


def _in_riichi(public: Sequence[dict[str, Any]], s: int, history: Sequence[tuple]) -> bool:
    """Whether seat ``s`` has declared riichi: its public flag (set once the stick is taken), or
    a declaration still waiting for its window, which is then its last discard. A view without
    the flag is read from the riichi marks of the whole history."""
    flag = public[s].get("riichi") if s < len(public) else None
    if flag is None:
        return any(d[2] for d in history)
    return bool(flag) or bool(history and history[-1][2])


def _least(values: dict[int, int]) -> int:
    """The least value of a non-empty dict (builtin ``min`` is a generic call under mypyc,
    several times slower than this loop; in CPython they cost about the same here)."""
    least = 1 << 30
    for n in values.values():
        if n < least:
            least = n
    return least


def _genbutsu(history: Sequence[tuple]) -> list[bool]:
    """Per kind: whether the seat with this discard history has discarded it."""
    index = INDEX
    gen = [False] * 34
    for d in history:
        gen[index[d[0]]] = True
    return gen


def _risks(sit: _Situation, kinds: Iterable[int]) -> dict[int, int]:
    """Per kind: its danger (``bots.safety.danger``) summed over the riichi players."""
    seen, threats = sit.seen, sit.threats
    if len(threats) == 1:  # the common case
        gen = threats[0]
        return {i: danger(i, seen, gen) for i in kinds}
    return {i: sum(danger(i, seen, gen) for gen in threats) for i in kinds}


class BotView(Protocol):
    """The fields of a seat view the bot reads (``openmahjong.table.kernel.SeatView``)."""

    seat: int | None
    phase: str
    hand: tuple[int, ...]
    melds: tuple[tuple[Any, ...], ...]
    discards: tuple[tuple[tuple[int, bool, bool, int | None], ...], ...]
    offered_tile: int | None
    legal_actions: tuple[Action, ...]
    table: dict[str, Any]
    seats_public: tuple[dict[str, Any], ...]
    own: dict[str, Any]


class _Situation:
    """What the bot derives from one view, once per decision.

    A plain class with its own ``__init__``, not a dataclass: under mypyc a dataclass keeps
    the ``__init__`` the dataclasses module writes, which runs as interpreted Python."""

    __slots__ = ("seat", "counts", "threats", "melds", "yakuhai", "in_riichi", "seen", "value")

    seat: int
    counts: list[int]
    #: Per opponent in riichi: which kinds they discarded.
    threats: list[list[bool]]
    #: Dense kinds of the melds the seat has made, as (meld kind, indices).
    melds: list[tuple[str, list[int]]]
    yakuhai: frozenset[int]
    in_riichi: bool
    #: Visible copies per kind, and the value of keeping each kind (dora, value honours): a
    #: turn reads them, reactions do not, so they stay empty there.
    seen: list[int]
    value: list[int]

    def __init__(
        self,
        seat: int,
        counts: list[int],
        threats: list[list[bool]],
        melds: list[tuple[str, list[int]]],
        yakuhai: frozenset[int],
        in_riichi: bool,
        seen: list[int] | None = None,
        value: list[int] | None = None,
    ) -> None:
        self.seat = seat
        self.counts = counts
        self.threats = threats
        self.melds = melds
        self.yakuhai = yakuhai
        self.in_riichi = in_riichi
        self.seen = [] if seen is None else seen
        self.value = [] if value is None else value

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"_Situation({fields})"


#: (seat wind, round wind) packed in an int (cheaper to hash than a pair) -> (value honours,
#: their base values per kind).
_HONOURS: Final[dict[int, tuple[frozenset[int], list[int]]]] = {}


def _honours(seat_wind: int, round_wind: int) -> tuple[frozenset[int], list[int]]:
    key = seat_wind << 8 | round_wind
    found = _HONOURS.get(key)
    if found is None:
        yakuhai = frozenset({*_DRAGONS, _WIND_INDEX[seat_wind], _WIND_INDEX[round_wind]})
        value = [0] * 34
        for i in yakuhai:
            value[i] += 1
        found = _HONOURS[key] = (yakuhai, value)
    return found


class RiichiBot:
    """Efficiency play with yaku-aware calls and a folding layer (``defend=False`` turns the
    folding off, which the tests use to compare)."""

    name = "efficiency"

    def __init__(self, seed: int = 0, *, defend: bool = True) -> None:
        self.seed = seed & 0xFFFFFFFF
        self.defend = defend

    # ------------------------------------------------------------------ entry point
    def act(self, view: BotView) -> Action:
        legal = view.legal_actions
        if not legal:
            choice = getattr(view, "choice", None)
            if choice is not None and choice.get("type") == "exchange":
                return self._exchange(view, choice)
            raise ValueError("the view offers no action: the seat has nothing to decide")
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase != "special" and phase != "reaction":
            # The turn's own pass over the legal actions takes a win as it meets one.
            return self._turn(view, legal)
        for a in legal:
            if isinstance(a, _WINS):
                return a
        if phase == "special":
            return self._special(legal)
        return self._react(view, legal)

    # ------------------------------------------------------------------ reading the view
    def _situation(self, view: BotView, counts: list[int]) -> _Situation:
        """The situation of the seat holding ``counts`` (``_counts(view.hand)``)."""
        seat = view.seat
        assert seat is not None, "a bot plays a seat, not the spectator view"
        index = INDEX
        threats: list[list[bool]] = []
        public = view.seats_public
        for s, history in enumerate(view.discards):
            if s != seat and history and _in_riichi(public, s, history):
                threats.append(_genbutsu(history))
        melds = [(m.kind, [index[t] for t in m.tiles]) for m in view.melds[seat]]
        seat_wind = public[seat].get("seat_wind", 41)
        yakuhai, _ = _honours(seat_wind, view.table.get("round_wind", 41))
        in_riichi = _in_riichi(public, seat, view.discards[seat])
        return _Situation(seat, counts, threats, melds, yakuhai, in_riichi)

    def _turn_situation(self, view: BotView, counts: list[int]) -> _Situation:
        """The situation of a seat that must discard (not in riichi): ``_situation`` with the
        visible counts and the value of keeping each kind, from one pass over the discards."""
        seat = view.seat
        assert seat is not None, "a bot plays a seat, not the spectator view"
        index = INDEX
        # Each field of the view (a plain Python object) is read once.
        public = view.seats_public
        all_melds = view.melds
        table = view.table
        seen = list(counts)
        threats: list[list[bool]] = []
        # Increments written out (``seen[k] = seen[k] + 1``): under mypyc ``seen[k] += 1`` is
        # a generic in-place add on the item. Tiles typed ``int`` so they are read as such.
        k: int
        t: int
        for s, history in enumerate(view.discards):
            # Indexed rather than unpacked: under mypyc unpacking converts all four fields.
            for d in history:
                if d[3] is None:  # a claimed discard is counted in the caller's meld
                    k = index[d[0]]
                    seen[k] = seen[k] + 1
            if s != seat and history and _in_riichi(public, s, history):
                threats.append(_genbutsu(history))
        for seat_melds in all_melds:
            for m in seat_melds:
                for t in m.tiles:
                    k = index[t]
                    seen[k] = seen[k] + 1
        melds = [(m.kind, [index[t] for t in m.tiles]) for m in all_melds[seat]]
        seat_wind = public[seat].get("seat_wind", 41)
        yakuhai, base = _honours(seat_wind, table.get("round_wind", 41))
        value = list(base)
        dora_of = DORA_OF_CODE
        for t in table.get("dora_indicators", ()):
            k = index[t]
            seen[k] = seen[k] + 1
            k = dora_of[t]
            value[k] = value[k] + 2
        # Cannot happen in a consistent view; keeps the arithmetic safe. A loop: cheaper than
        # max() both in CPython and (far) under mypyc.
        for n in seen:
            if n > 4:
                seen = [min(c, 4) for c in seen]
                break
        return _Situation(seat, counts, threats, melds, yakuhai, False, seen, value)

    def _tiebreak(self, i: int) -> int:
        x = (self.seed ^ (i * 0x9E3779B1)) & 0xFFFFFFFF
        x = ((x >> 16) ^ x) * 0x45D9F3B & 0xFFFFFFFF
        return (x >> 16) ^ x

    @staticmethod
    def _should_fold(sit: _Situation, shanten: int) -> bool:
        if not sit.threats or sit.in_riichi:
            return False
        return shanten >= 2 or (shanten == 1 and len(sit.threats) >= 2)

    def _fold(self, sit: _Situation, after: dict[int, int]) -> int:
        """The discard kind to fold with: the least danger summed over the riichi players,
        then the lowest shanten, then the least value given up, then the seed's tie-break.
        Each criterion only among the kinds tied on the ones before it (the order of
        ``after`` is kept, so an exact tie goes to the first kind, as ``min`` would)."""
        risk = _risks(sit, after)
        least = min(risk.values())
        left = [i for i in after if risk[i] == least]
        for measure in (after, sit.value):
            if len(left) == 1:
                return left[0]
            least = min(measure[i] for i in left)
            left = [i for i in left if measure[i] == least]
        return min(left, key=self._tiebreak)

    # ------------------------------------------------------------------ yaku plans (open hands)
    def _plan_violations(
        self, sit: _Situation, counts: Sequence[int], melds: list[tuple[str, list[int]]]
    ) -> int | None:
        """How many concealed tiles stand in the way of a yaku for an open hand (0: a yaku is
        already secured or the hand is closed); ``None`` when no yaku is reachable."""
        if all(kind == "ankan" for kind, _ in melds):
            return 0
        if any(kind != "chi" and idx[0] in sit.yakuhai for kind, idx in melds):
            return 0
        if any(counts[i] >= 3 for i in sit.yakuhai):
            return 0
        options = []
        flat = [i for _, idx in melds for i in idx]
        if not any(_OUTSIDE[i] for i in flat):  # all simples
            options.append(sum([counts[i] for i in _OUTSIDE_KINDS]))
        suits = {i // 9 for i in flat if i < 27}
        if len(suits) <= 1:  # one suit (and honours)
            per_suit = [sum(counts[9 * s : 9 * s + 9]) for s in range(3)]
            suited = sum(per_suit)
            options.append(min(suited - per_suit[s] for s in (suits or (0, 1, 2))))
        if all(kind != "chi" for kind, _ in melds):  # all triplets
            singles = counts.count(1)
            pairs = 34 - counts.count(0) - singles
            needed = 5 - len(melds)
            if pairs + 1 >= needed:
                options.append(max(0, singles - 1) + max(0, needed - pairs - 1))
        return min(options) if options else None

    def _plan_table(
        self, sit: _Situation, counts: list[int], discards: Sequence[int]
    ) -> dict[int, int | None]:
        """``_plan_violations`` of the open hand after each discard, from one pass over the
        14-tile hand: each plan's count changes only by the discarded tile."""
        melds = sit.melds
        if any(kind != "chi" and idx[0] in sit.yakuhai for kind, idx in melds):
            return dict.fromkeys(discards, 0)
        flat = [i for _, idx in melds for i in idx]
        simples = not any(_OUTSIDE[i] for i in flat)
        outside = sum(counts[i] for i in _OUTSIDE_KINDS)
        suits = {i // 9 for i in flat if i < 27}
        flush_after: tuple[int, ...] = ()
        if len(suits) <= 1:
            # The off-suit tiles left for a one-suit plan, by the discard's suit (3: honours).
            per_suit = [sum(counts[9 * s : 9 * s + 9]) for s in range(3)]
            off = [sum(per_suit) - n for n in per_suit]
            flush_after = tuple(
                min(off[s] - (t < 3 and t != s) for s in (suits or (0, 1, 2))) for t in range(4)
            )
        triplets = all(kind != "chi" for kind, _ in melds)
        singles = counts.count(1)
        pairs = 34 - counts.count(0) - singles
        needed = 5 - len(melds)
        # Value honours held three times secure a yaku unless the discard breaks the triplet.
        held = [y for y in sit.yakuhai if counts[y] >= 3]
        out: dict[int, int | None] = {}
        for i in discards:
            n = counts[i]
            if held and any(y != i or n >= 4 for y in held):
                out[i] = 0
                continue
            best = None
            if simples:
                best = outside - _OUTSIDE[i]
            if flush_after:
                left = flush_after[_SUIT[i]]
                best = left if best is None or left < best else best
            if triplets:
                p1 = pairs - (n == 2)
                if p1 + 1 >= needed:
                    s1 = singles - (n == 1) + (n == 2)
                    left = max(0, s1 - 1) + max(0, needed - p1 - 1)
                    best = left if best is None or left < best else best
            out[i] = best
        return out

    # ------------------------------------------------------------------ turn
    def _turn(self, view: BotView, legal: Sequence[Action]) -> Action:
        plain: dict[int, Discard] = {}
        riichi: dict[int, Discard] = {}
        kans: list[Action] = []
        abort: Action | None = None
        index = INDEX
        discard_type = Discard  # another module's global: looked up once, not per action
        for a in legal:
            if isinstance(a, discard_type):
                i = index[a.tile]
                target = riichi if a.riichi else plain
                # Between a red five and a plain one, discard the plain one.
                if i not in target or target[i].tile in _RED:
                    target[i] = a
            elif isinstance(a, _WINS):
                return a
            elif isinstance(a, _KANS):
                kans.append(a)
            elif isinstance(a, AbortiveDraw):
                abort = a
        counts = _counts(view.hand)
        if abort is not None and sum(1 for i in _ORPHANS if counts[i]) < 11:
            return abort
        seat = view.seat
        assert seat is not None, "a bot plays a seat, not the spectator view"
        if _in_riichi(view.seats_public, seat, view.discards[seat]):
            # Only the drawn tile may go; a kan the engine offers keeps the waits.
            for a in kans:
                if isinstance(a, Ankan):
                    return a
            return next(iter(plain.values()))
        sit = self._turn_situation(view, counts)
        shape = TurnShape(counts)
        after = shape.shanten_after(plain)
        best = _least(after)
        if self.defend and self._should_fold(sit, best):
            return plain[self._fold(sit, after)]
        if kans and not sit.threats:
            kan = self._kan(sit, kans, best)
            if kan is not None:
                return kan
        open_hand = any(kind != "ankan" for kind, _ in sit.melds)
        # Narrow down cheaply first (yaku plan, shanten, danger), then count useful tiles only
        # for the few discards still in the running.
        if open_hand or sit.threats:
            rough = []
            plans = self._plan_table(sit, counts, list(after)) if open_hand else {}
            risks = _risks(sit, after) if sit.threats else {}
            for i, s in after.items():
                violations = plans[i] if open_hand else 0
                risk = risks[i] // 6 if sit.threats else 0
                rough.append(((99 if violations is None else violations, s, risk), i))
            first = min(key for key, _ in rough)
            tied = [i for key, i in rough if key == first]
        else:  # the common case: shanten is the only cheap criterion
            tied = [i for i, s in after.items() if s == best]
        choice = tied[0] if len(tied) == 1 else self._most_useful(sit, shape, after, plain, tied)
        if after[choice] == 0 and riichi and not open_hand:
            declared = self._riichi(sit, riichi, after)
            if declared is not None:
                return declared
        return plain[choice]

    def _most_useful(
        self,
        sit: _Situation,
        shape: TurnShape,
        after: dict[int, int],
        plain: dict[int, Discard],
        tied: list[int],
    ) -> int:
        """Among discards tied so far: the most unseen useful tiles, then the least value kept
        back (dora, red five, value honour), then the seed's tie-break."""
        useful_of = shape.useful_after(tied, after, sit.seen)
        most = -1
        for n in useful_of.values():  # a loop: builtin max() is a generic call under mypyc
            if n > most:
                most = n
        best = [i for i in tied if useful_of[i] == most]
        if len(best) > 1:
            value = sit.value
            kept = {i: value[i] + (plain[i].tile in _RED) for i in best}
            least = min(kept.values())
            best = [i for i in best if kept[i] == least]
        if len(best) == 1:
            return best[0]
        return min(best, key=lambda i: (self._tiebreak(i), i))

    def _riichi(
        self, sit: _Situation, riichi: dict[int, Discard], after: dict[int, int]
    ) -> Action | None:
        """The riichi discard with the most unseen winning tiles (none if every wait is seen)."""
        counts = sit.counts
        best: tuple[int, int] | None = None
        for i in riichi:
            counts[i] -= 1
            live = useful_count(counts, sit.seen)
            counts[i] += 1
            if live > 0 and (best is None or live > best[0]):
                best = (live, i)
        return riichi[best[1]] if best else None

    def _kan(self, sit: _Situation, kans: list[Action], best: int) -> Action | None:
        counts = sit.counts
        for a in kans:
            if isinstance(a, Kakan):
                return a  # the fourth tile of a pon is dead weight in the hand
            assert isinstance(a, Ankan)
            i = INDEX[a.tiles[0]]
            counts[i] -= 4
            s = shanten_counts(counts)
            counts[i] += 4
            if s <= best:
                return a
        return None

    # ------------------------------------------------------------------ reactions
    def _react(self, view: BotView, legal: Sequence[Action]) -> Action:
        # Never an open kan (Minkan): it gives every opponent a new dora and the bot nothing
        # its pon would not.
        calls = [a for a in legal if isinstance(a, (Pon, Chi))]
        seat = view.seat
        assert seat is not None, "a bot plays a seat, not the spectator view"
        public = view.seats_public
        if not calls or _in_riichi(public, seat, view.discards[seat]):
            return PASS
        # A call is like drawing the tile with a set fixed: if drawing it would not lower the
        # shanten, no call on it can. Nearly half the prompts end here, before the rest of the
        # view is read. (Two shanten lookups: most prompts come on a hand not asked about
        # before, where finding every kind that lowers it cost several times more.)
        counts = _counts(view.hand)
        offered = view.offered_tile
        assert offered is not None
        called = INDEX[offered]
        now, lowers = draw_lowers(counts, called)
        if not lowers:
            seat_wind = public[seat].get("seat_wind", 41)
            yakuhai, _ = _honours(seat_wind, view.table.get("round_wind", 41))
            if called not in yakuhai:
                return PASS
        sit = self._situation(view, counts)
        if self.defend and self._should_fold(sit, now):
            return PASS
        best_call: tuple[tuple[int, int, int], Action] | None = None
        for a in calls:
            taken = [INDEX[t] for t in a.tiles]
            for i in taken:
                counts[i] = counts[i] - 1
            meld_idx = sorted(taken + [called])
            melds = sit.melds + [(a.name, meld_idx)]
            violations = self._plan_violations(sit, counts, melds)
            value_pon = isinstance(a, Pon) and called in sit.yakuhai
            if violations is not None and (value_pon or violations <= 3):
                options = [i for i in range(34) if counts[i] and i != called]
                after = _least(TurnShape(counts).shanten_after(options)) if options else 9
                if after < now or (value_pon and after <= now):
                    key = (after, violations, -self._tiebreak(called))
                    if best_call is None or key < best_call[0]:
                        best_call = (key, a)
            for i in taken:
                counts[i] = counts[i] + 1
        if best_call is not None:
            return best_call[1]
        return PASS

    # ------------------------------------------------------------------ special phases
    @staticmethod
    def _exchange(view: BotView, choice: dict[str, Any]) -> Action:
        """Battle of Asura's exchange: the three tiles the hand misses least, keeping dora
        and red fives (any three may go; a one-suit rule gets its own suggestion)."""
        from openmahjong.rules.riichi.game.asura import suggest_exchange
        from openmahjong.table.exchange import Exchange

        if choice.get("same_suit"):
            a, b, c = choice["suggested"]
            return Exchange((a, b, c))
        dora = frozenset([DORA_OF_CODE[i] for i in view.table.get("dora_indicators", ())])
        return Exchange(suggest_exchange(view.hand, dora))

    @staticmethod
    def _special(legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, Reveal) and a.show:
                return a
        return legal[0]
