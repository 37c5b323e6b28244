// Sichuan Bloody's steps in a replay (replay-engine.js asks for them on a table whose client
// data says `bloody`): the exchange of three tiles (each seat's choice, then all pass at once in
// the hand's direction, which the record's summary names), the void declarations (shown once
// all four declared, as at the table), and wins that do not end the hand (the winner's hand is
// revealed, its seat sits out with its win order; the summary's payments move the points).
// Each function changes the replay state `s` (a spectator view plus `hands`, `drawn`).

import { receiverOf } from "./sichuan-view.js";
import { winPayments } from "./riichi-win-payments.js";

/** The state's bloody fields at the deal. `voids`: a void stage follows the exchange (Sichuan;
 *  without it play starts at the pass, as in Battle of Asura). `riichi`: a Riichi table (Asura)
 *  keeps its wind round and pays each win by the Riichi split, the summary keeping no payments. */
export function startBloody(s, summary = {}, { voids = true, riichi = false } = {}) {
  Object.assign(s.table, { stage: "exchange", exchange_direction: null, wins: [] });
  if (!riichi) s.table.round_wind = null; // Sichuan has no wind rounds: the hand's number of the match
  if (summary.hand_number) s.table.hand_number = summary.hand_number;
  s.phase = "special";
  s.seats_public.forEach((p) => Object.assign(p, { void: null, won: null, revealed: [], chosen: false }));
  s.sichuan = { chosen: {}, voids: {}, order: 0, hasVoids: voids, riichi };
}

function removeTile(hand, tile) {
  const i = hand.indexOf(tile);
  if (i >= 0) hand.splice(i, 1);
}

/** One seat's exchange; with the fourth, every seat passes its tiles in `direction`. */
export function exchangeStep(s, hands, seat, tiles, direction, dealer) {
  const x = s.sichuan;
  x.chosen[seat] = [...tiles];
  s.seats_public[seat].chosen = true;
  if (Object.keys(x.chosen).length < hands.length) return;
  const n = hands.length;
  for (let from = 0; from < n; from += 1) for (const t of x.chosen[from]) removeTile(hands[from], t);
  for (let from = 0; from < n; from += 1) hands[receiverOf(from, direction, n)].push(...x.chosen[from]);
  Object.assign(s.table, { stage: x.hasVoids === false ? "play" : "void", exchange_direction: direction });
  s.seats_public.forEach((p) => { p.chosen = false; });
  s.drawn = s.drawn.map(() => null);
  s.drawn[dealer] = hands[dealer][hands[dealer].length - 1]; // the table's "drawn" tile after the pass
  if (x.hasVoids === false) {
    s.phase = "turn";
    s.turn = dealer;
  }
}

/** One seat's void; with the fourth, every void is shown and play starts from the dealer. */
export function voidStep(s, seat, suit, dealer) {
  const x = s.sichuan;
  x.voids[seat] = suit;
  s.seats_public[seat].chosen = true;
  if (Object.keys(x.voids).length < s.seats_public.length) return;
  s.seats_public.forEach((p, i) => Object.assign(p, { void: x.voids[i], chosen: false }));
  s.table.stage = "play";
  s.phase = "turn";
  s.turn = dealer;
}

/** A win that leaves the hand going: `summary` is the record summary's wins (in order). */
export function winStep(s, hands, seat, tile, fromSeat, summaryWins) {
  const x = s.sichuan;
  x.order += 1;
  const win = (summaryWins || []).find((w) => w.order === x.order && w.seat === seat) || (summaryWins || [])[x.order - 1] || {};
  // A discard won stays out of the hand (as the engine keeps it); the revealed hand has it.
  const ron = fromSeat !== null && fromSeat !== undefined;
  s.seats_public[seat] = { ...s.seats_public[seat], won: x.order, revealed: ron ? [...hands[seat], tile] : [...hands[seat]] };
  s.table.wins = [...s.table.wins, { seat, order: x.order, tile, tsumo: fromSeat === null || fromSeat === undefined,
    from_seat: fromSeat ?? null, han: win.han, points: win.points ?? win.total }];
  let payments = win.payments;
  if (!Array.isArray(payments) && x.riichi) {
    // A Riichi win paid at once: the first win takes the sticks on the table.
    const out = s.seats_public.map((p) => !!p.won);
    out[seat] = false;
    payments = winPayments(win, { seat, fromSeat: ron ? fromSeat : null, dealer: s.table.dealer, out,
      sticks: s.table.sticks || 0, honba: s.table.honba || 0, seats: s.points.length });
    s.table.sticks = 0;
  }
  if (Array.isArray(payments)) payments.forEach((d, i) => { s.points[i] += d; });
  if (x.riichi && Array.isArray(payments)) s.table.wins[s.table.wins.length - 1].gain = payments[seat];
  s.drawn[seat] = null;
}

/** A kan's bonus, paid at once (docs/sichuan.md "Payments"): an open kan `open_kan_bonus` from
 *  its feeder; a concealed kan `concealed_kan_bonus` from each seat still playing; an added kan
 *  of the tile just drawn `added_kan_bonus` from each seat still playing (paid back when it is
 *  robbed: `undoKanBonus`), one of a tile held earlier nothing. `options`: the record's. */
export function kanBonus(s, seat, kindName, { feeder = null, justDrawn = false, options = {} } = {}) {
  const deltas = s.points.map(() => 0);
  const stillPlaying = (i) => i !== seat && !s.seats_public[i].won;
  if (kindName === "minkan" && feeder !== null) {
    const pay = options.open_kan_bonus ?? 2000;
    deltas[feeder] -= pay;
    deltas[seat] += pay;
  } else if (kindName === "ankan" || (kindName === "kakan" && justDrawn)) {
    const pay = kindName === "ankan" ? options.concealed_kan_bonus ?? 2000 : options.added_kan_bonus ?? 1000;
    deltas.forEach((_, i) => {
      if (stillPlaying(i)) {
        deltas[i] -= pay;
        deltas[seat] += pay;
      }
    });
  }
  deltas.forEach((d, i) => { s.points[i] += d; });
  s.sichuan.lastKan = deltas;
}

/** A robbed added kan's bonus paid back. */
export function undoKanBonus(s) {
  const deltas = s.sichuan.lastKan || [];
  deltas.forEach((d, i) => { s.points[i] -= d; });
  s.sichuan.lastKan = null;
}
