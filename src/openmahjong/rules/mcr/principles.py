"""The counting principles that sit between "which fans does this hand show" and the score.

* No repeat (不重复原则): a fan implied by a bigger one is not counted again, e.g. Full Flush
  does not add No Honors. That is the ``EXCLUDES`` table below, applied in ``apply_exclusions``.
* No split (不拆移原则) and no identical reuse (不得相同原则): a set that already took part in a
  fan is not split up or reused to make the same fan again. The chow detectors honour this by
  construction: once three chows make a three-chow fan they are done, and the fourth chow may
  pair with only one of them.
* Account once (套算一次原则): a set not yet combined may be combined with an already-combined
  set only once. For the 1-fan chow pairs (一般高 喜相逢 连六 老少副) this caps how many of
  them one hand may count; ``limit_chow_pairs`` enforces the cap.
* Higher over lower (就高不就低): of all the ways to read a hand, the scorer keeps the one with
  the highest total (see ``scoring``).
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter

from openmahjong.rules.mcr import fans as F

__all__ = ["EXCLUDES", "apply_exclusions", "limit_chow_pairs"]

# Fan -> the fans it makes uncountable. Applied in this order, which matters: a fan removed by an
# earlier entry no longer removes anything itself. Mostly the rulebook's "不计" lists; where the
# calculators the platform agrees with remove one more fan that the hand shape makes possible
# (e.g. All Honors also leaves no One Voided Suit), that fan is listed too.
EXCLUDES: tuple[tuple[int, tuple[int, ...]], ...] = (
    (
        F.BIG_FOUR_WINDS,
        (
            F.BIG_THREE_WINDS,
            F.ALL_PUNGS,
            F.PUNG_OF_TERMINALS_OR_HONORS,
            F.PREVALENT_WIND,
            F.SEAT_WIND,
        ),
    ),
    (F.BIG_THREE_DRAGONS, (F.TWO_DRAGON_PUNGS, F.DRAGON_PUNG)),
    (F.ALL_GREEN, (F.HALF_FLUSH, F.ONE_VOIDED_SUIT)),
    (F.NINE_GATES, (F.FULL_FLUSH, F.CONCEALED_HAND, F.ONE_VOIDED_SUIT, F.NO_HONORS)),
    (F.FOUR_KONGS, (F.ALL_PUNGS, F.SINGLE_WAIT)),
    (
        F.SEVEN_SHIFTED_PAIRS,
        (
            F.SEVEN_PAIRS,
            F.FULL_FLUSH,
            F.FULLY_CONCEALED_HAND,
            F.CONCEALED_HAND,
            F.ONE_VOIDED_SUIT,
            F.NO_HONORS,
            F.SINGLE_WAIT,
        ),
    ),
    (
        F.THIRTEEN_ORPHANS,
        (
            F.ALL_TERMINALS_AND_HONORS,
            F.ALL_TYPES,
            F.FULLY_CONCEALED_HAND,
            F.CONCEALED_HAND,
            F.SINGLE_WAIT,
        ),
    ),
    (
        F.ALL_TERMINALS,
        (
            F.ALL_TERMINALS_AND_HONORS,
            F.ALL_PUNGS,
            F.OUTSIDE_HAND,
            F.PUNG_OF_TERMINALS_OR_HONORS,
            F.NO_HONORS,
            F.DOUBLE_PUNG,
        ),
    ),
    (F.LITTLE_FOUR_WINDS, (F.BIG_THREE_WINDS, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.LITTLE_THREE_DRAGONS, (F.TWO_DRAGON_PUNGS, F.DRAGON_PUNG)),
    (
        F.ALL_HONORS,
        (
            F.ALL_TERMINALS_AND_HONORS,
            F.ALL_PUNGS,
            F.OUTSIDE_HAND,
            F.PUNG_OF_TERMINALS_OR_HONORS,
            F.ONE_VOIDED_SUIT,
        ),
    ),
    (F.FOUR_CONCEALED_PUNGS, (F.ALL_PUNGS, F.CONCEALED_HAND)),
    (
        F.PURE_TERMINAL_CHOWS,
        (
            F.SEVEN_PAIRS,
            F.FULL_FLUSH,
            F.ALL_CHOWS,
            F.PURE_DOUBLE_CHOW,
            F.TWO_TERMINAL_CHOWS,
            F.ONE_VOIDED_SUIT,
            F.NO_HONORS,
        ),
    ),
    (
        F.QUADRUPLE_CHOW,
        (F.PURE_TRIPLE_CHOW, F.PURE_SHIFTED_PUNGS, F.SEVEN_PAIRS, F.TILE_HOG, F.PURE_DOUBLE_CHOW),
    ),
    (F.FOUR_PURE_SHIFTED_PUNGS, (F.PURE_TRIPLE_CHOW, F.PURE_SHIFTED_PUNGS, F.ALL_PUNGS)),
    (F.FOUR_PURE_SHIFTED_CHOWS, (F.PURE_SHIFTED_CHOWS, F.TWO_TERMINAL_CHOWS, F.SHORT_STRAIGHT)),
    (F.ALL_TERMINALS_AND_HONORS, (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.SEVEN_PAIRS, (F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND, F.SINGLE_WAIT)),
    (
        F.GREATER_HONORS_AND_KNITTED,
        (F.LESSER_HONORS_AND_KNITTED, F.ALL_TYPES, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND),
    ),
    (F.ALL_EVEN_PUNGS, (F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONORS)),
    (F.FULL_FLUSH, (F.ONE_VOIDED_SUIT, F.NO_HONORS)),
    (F.PURE_TRIPLE_CHOW, (F.PURE_SHIFTED_PUNGS, F.PURE_DOUBLE_CHOW)),
    (F.PURE_SHIFTED_PUNGS, (F.PURE_TRIPLE_CHOW,)),
    (F.UPPER_TILES, (F.UPPER_FOUR, F.NO_HONORS)),
    (F.MIDDLE_TILES, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.LOWER_TILES, (F.LOWER_FOUR, F.NO_HONORS)),
    (
        F.THREE_SUITED_TERMINAL_CHOWS,
        (F.ALL_CHOWS, F.NO_HONORS, F.MIXED_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS),
    ),
    (F.ALL_FIVES, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.LESSER_HONORS_AND_KNITTED, (F.ALL_TYPES, F.FULLY_CONCEALED_HAND, F.CONCEALED_HAND)),
    (F.UPPER_FOUR, (F.NO_HONORS,)),
    (F.LOWER_FOUR, (F.NO_HONORS,)),
    (F.REVERSIBLE_TILES, (F.ONE_VOIDED_SUIT,)),
    (F.LAST_TILE_DRAW, (F.SELF_DRAWN,)),
    (F.OUT_WITH_REPLACEMENT_TILE, (F.SELF_DRAWN,)),
    (F.ROBBING_THE_KONG, (F.LAST_TILE,)),
    (F.TWO_CONCEALED_KONGS, (F.CONCEALED_KONG, F.TWO_CONCEALED_PUNGS)),
    (F.HALF_FLUSH, (F.ONE_VOIDED_SUIT,)),
    (F.MELDED_HAND, (F.SINGLE_WAIT,)),
    (F.TWO_DRAGON_PUNGS, (F.DRAGON_PUNG,)),
    (F.FULLY_CONCEALED_HAND, (F.SELF_DRAWN,)),
    (F.TWO_MELDED_KONGS, (F.MELDED_KONG,)),
    (F.ALL_CHOWS, (F.NO_HONORS,)),
    (F.ALL_SIMPLES, (F.NO_HONORS,)),
)


#: fans whose shape is concealed by itself: a self-drawn win scores 自摸 instead of 不求人
_CONCEALED_SHAPES = frozenset((F.NINE_GATES, F.FOUR_CONCEALED_PUNGS))
# Each rule's own fan, read from a fan vector in one C call.
_HEADS = itemgetter(*(fan for fan, _ in EXCLUDES))


def apply_exclusions(f: list[int]) -> None:
    """Remove, in place, every fan that a counted fan says is not counted."""
    # Gather the rules whose fan is present first (one fast pass), then apply them in order,
    # asking again whether the fan is still there after the earlier rules.
    for fan, excluded in compress(EXCLUDES, _HEADS(f)):
        if not f[fan]:
            continue
        if fan in _CONCEALED_SHAPES and f[F.FULLY_CONCEALED_HAND]:
            # Fully Concealed is implied by the shape, but a self-drawn win still scores 自摸.
            f[F.FULLY_CONCEALED_HAND] = 0
            f[F.SELF_DRAWN] = 1
        if fan == F.NINE_GATES:
            f[F.PUNG_OF_TERMINALS_OR_HONORS] -= 1  # one end pung is the fan's own
        for other in excluded:
            f[other] = 0
    if f[F.BIG_THREE_WINDS] and not (f[F.ALL_HONORS] or f[F.ALL_TERMINALS_AND_HONORS]):
        f[F.PUNG_OF_TERMINALS_OR_HONORS] -= 3  # the three wind pungs are the fan itself


# Order in which surplus chow-pair fans are given up: Two Terminal Chows first, then Short
# Straight, Mixed Double Chow, Pure Double Chow.
_CHOW_PAIR_FANS = (F.PURE_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)


def limit_chow_pairs(found: list[int], cap: int, f: list[int]) -> None:
    """Count the chow-pair fans ``found`` (one entry per related pair of chows), at most ``cap``.

    Account once: with n chows, at most n - 1 pairings may count. When there are more, repeats of
    one fan go first (keeping variety, as no identical reuse asks), the lowest-priority fan first.
    """
    if len(found) <= cap:  # nothing to give up
        for fan in found:
            f[fan] += 1
        return
    counts = [found.count(fan) for fan in _CHOW_PAIR_FANS]
    total = sum(counts)
    for keep in (1, 0):
        for k in range(3, -1, -1):
            while total > cap and counts[k] > keep:
                counts[k] -= 1
                total -= 1
    for fan, n in zip(_CHOW_PAIR_FANS, counts, strict=True):
        f[fan] = n
