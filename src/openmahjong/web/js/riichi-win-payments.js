// A Riichi win's payments from what a record's summary keeps of it (han, fu, yakuman, total),
// for tables whose wins are paid as they happen (Battle of Asura, docs/riichi-asura.md): the
// summary has no per-win payments, so the replay splits the win as the engine does
// (rules/riichi/payments.py, without pao): a ron from the discarder, a tsumo from every seat
// still playing (a seat that has won pays nothing and the winner loses its share: "tsumo
// loss"), the honba, and the riichi sticks on the table to the winner.

function ceil100(n) {
  return Math.ceil(n / 100) * 100;
}

/** The hand's base points (Mahjong Soul: no rounding up to mangan, kazoe yakuman at 13 han). */
export function basePoints(win) {
  if (win.yakuman) return 8000 * win.yakuman;
  const han = win.han || 0;
  if (han >= 13) return 8000;
  if (han >= 11) return 6000;
  if (han >= 8) return 4000;
  if (han >= 6) return 3000;
  if (han >= 5) return 2000;
  return Math.min(2000, (win.fu || 0) * 2 ** (han + 2));
}

/** Each seat's change for `win` ({han, fu, yakuman, total}) by `seat` off `fromSeat` (null:
 *  tsumo); `out[i]`: seat i has won already. `sticks` and `honba` go with this win. */
export function winPayments(win, { seat, fromSeat, dealer, out = [], sticks = 0, honba = 0, seats = 4 }) {
  const base = basePoints(win);
  const paid = Array(seats).fill(0);
  const dealerWins = seat === dealer;
  if (fromSeat === null || fromSeat === undefined) {
    for (let i = 0; i < seats; i += 1) {
      if (i === seat) continue;
      paid[i] = ceil100((dealerWins || i === dealer ? 2 : 1) * base) + 100 * honba;
    }
  } else {
    // The summary's total is the ron's value (what the discarder pays but the honba).
    paid[fromSeat] = (win.total ?? ceil100((dealerWins ? 6 : 4) * base)) + 300 * honba;
  }
  const deltas = paid.map((p) => -p);
  deltas[seat] = paid.reduce((a, b) => a + b, 0) + 1000 * sticks;
  for (let i = 0; i < seats; i += 1) {
    if (i !== seat && out[i]) {
      deltas[seat] += deltas[i]; // the share it would have paid, never paid
      deltas[i] = 0;
    }
  }
  return deltas;
}
