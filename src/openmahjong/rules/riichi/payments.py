"""Who pays whom: ron and tsumo splits, honba, riichi sticks and pao (liability).

Seats are named by their seat wind (41 East = the dealer .. 44 North). The result maps every seat
to its change in points for this win: the winner's gain includes the riichi sticks on the table,
so the changes sum to ``1000 * riichi_sticks`` (the sticks come from the pool, not from a seat).

Honba: 300 per honba on a ron (from the discarder), 100 per honba from each payer on a tsumo.

Pao, for the yakuman a player fed (the last dragon or wind triplet they let the winner call):

* tsumo: the liable player pays the liable part as if it were a ron, and the honba;
* ron by a third player: the liable player and the discarder split the liable part in half; the
  discarder pays the rest and the honba;
* which part is liable is the table's ``pao_scope``: the whole hand (Tenhou) or only the
  yakuman that was fed (Mahjong Soul); what is not liable is paid the usual way.
"""

from __future__ import annotations

from openmahjong.rules.riichi.points import ceil100

__all__ = ["settle", "SEATS"]

SEATS = (41, 42, 43, 44)


def settle(
    base: int,
    winner: int,
    tsumo: bool,
    discarder: int | None,
    honba: int,
    riichi_sticks: int,
    pao: int | None = None,
    liable_base: int = 0,
) -> dict[int, int]:
    """Point changes per seat; ``liable_base`` is the part of ``base`` the ``pao`` seat covers."""
    ron_factor = 6 if winner == 41 else 4
    if pao is None or liable_base <= 0 or pao == winner:
        liable_base, pao = 0, None
        if not tsumo:  # the common ron: one payer
            assert discarder is not None and discarder != winner
            value = -(-ron_factor * base // 100) * 100 + 300 * honba
            changes = {41: 0, 42: 0, 43: 0, 44: 0}
            changes[discarder] = -value
            changes[winner] = value + 1000 * riichi_sticks
            return changes
    paid = {41: 0, 42: 0, 43: 0, 44: 0}
    rest = base - liable_base
    if tsumo:
        if rest:
            # Dealer wins: everyone pays 2x; otherwise the dealer 2x and the others 1x.
            double = -(-2 * rest // 100) * 100
            single = double if winner == 41 else -(-rest // 100) * 100
            for seat in SEATS:
                if seat != winner:
                    paid[seat] += double if seat == 41 else single
        if pao is not None:
            paid[pao] += ceil100(ron_factor * liable_base) + 300 * honba
        elif honba:
            for seat in SEATS:
                if seat != winner:
                    paid[seat] += 100 * honba
    else:
        assert discarder is not None and discarder != winner
        if pao is not None and pao != discarder:
            liable = ceil100(ron_factor * liable_base)
            half = liable // 2
            paid[pao] += half
            paid[discarder] += liable - half
            if rest:
                paid[discarder] += ceil100(ron_factor * rest)
        else:
            paid[discarder] += ceil100(ron_factor * base)
        paid[discarder] += 300 * honba
    total = paid[41] + paid[42] + paid[43] + paid[44]
    changes = {seat: -amount for seat, amount in paid.items()}
    changes[winner] = total + 1000 * riichi_sticks
    return changes
