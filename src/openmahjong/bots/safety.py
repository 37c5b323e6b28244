"""How dangerous a tile is to discard against a player in riichi, from public information only.

The estimate is a small integer per kind (0 = cannot deal in to that player's ryanmen, kanchan,
shanpon or tanki as far as the seat can tell). It uses, in order of strength:

* **genbutsu**: a kind the riichi player has discarded can never be their winning tile (furiten);
* **visible counts**: a kind whose four copies are all visible (own hand, discards, melds, dora
  indicators) cannot be waited on; three visible makes a pair wait (shanpon, tanki) unlikely;
* **suji**: a two-sided wait on ``n`` also waits on ``n - 3`` or ``n + 3``; if that partner is
  genbutsu, that side is closed;
* **kabe** (no-chance): a two-sided wait on ``n`` from the block ``n+1 n+2`` needs both kinds; if
  either is fully visible, that side is closed (same below);
* **honors**: only pair waits are possible, so the more copies are visible the safer.

Not modelled (documented limits): tiles other players discarded after the riichi and the
riichi player let pass (same-turn furiten), and reading of discard order. Both only make the
estimate more cautious than a strong player would be.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["danger"]

# Base danger of a pair-type wait (shanpon / tanki / kanchan) by how many copies are visible.
_PAIR_RISK = (3, 3, 2, 1, 0)
_HONOR_RISK = (6, 4, 2, 1, 0)
_SIDE = 6  # an open two-sided (ryanmen) side
_EDGE = 2  # an open edge (penchan) side


def danger(i: int, seen: Sequence[int], genbutsu: Sequence[bool]) -> int:
    """Danger of dense kind ``i`` against one riichi player.

    ``seen``: visible copies per kind (the asking seat's own hand included); ``genbutsu``: per
    kind, whether the riichi player has discarded it.
    """
    if genbutsu[i]:
        return 0
    visible = seen[i]
    if visible >= 4:
        return 0
    if i >= 27:
        return _HONOR_RISK[visible]
    n = i % 9
    base = i - n
    risk = _PAIR_RISK[visible] if 0 < n < 8 else _PAIR_RISK[visible] - 1
    # The side below: the block (n-2, n-1) waits on n (and on n-3 when n >= 3).
    if n >= 2 and seen[base + n - 1] < 4 and seen[base + n - 2] < 4:
        if n >= 3:
            if not genbutsu[base + n - 3]:
                risk += _SIDE
        else:
            risk += _EDGE  # 1-2 waiting on 3 only
    # The side above: the block (n+1, n+2) waits on n (and on n+3 when n <= 5).
    if n <= 6 and seen[base + n + 1] < 4 and seen[base + n + 2] < 4:
        if n <= 5:
            if not genbutsu[base + n + 3]:
                risk += _SIDE
        else:
            risk += _EDGE  # 8-9 waiting on 7 only
    return max(risk, 0)
