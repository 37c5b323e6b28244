// A free-play hand rebuilt step by step in the browser, for the replay page (replay-engine.js
// hands free-play records here): the hand's wall from the fairness scheme (136, 144 or 108
// tiles as the record's options say), then every move as rules/freeplay/table.py makes it.
// One state per step, in the shape handStates gives (a spectator view plus `hands`, `drawn`,
// `names` and `last`).

import { parseMasterSeed, shuffledWall } from "./fairness.js";
import { ALL_KINDS, FLOWERS, SUITED } from "./tiles.js";

/** The unshuffled wall of a free-play table with `options` (fairness.WallRuleset's fields). */
export function freeplayWall(options) {
  const tiles = (options || {}).tiles || 136;
  return { name: "freeplay", kinds: tiles === 108 ? SUITED : ALL_KINDS, copies: 4, extra: tiles === 144 ? FLOWERS : [], red_fives: false };
}

function removeOne(list, tile) {
  const i = list.indexOf(tile);
  if (i >= 0) list.splice(i, 1);
}

/** Every state of one free-play hand. `hand`: splitHands' entry; `names` by seat; `points`
 *  at the hand's start. */
export function freeplayStates(record, hand, index, names, points) {
  const header = record.header || {};
  const options = header.options || {};
  const size = options.hand_size || 13;
  const summary = hand.summary || {};
  const number = summary.hand_number ?? hand.round_index ?? index + 1;
  const dealer = summary.dealer ?? index % 4;
  const wall = shuffledWall(freeplayWall(options), parseMasterSeed(String(header.master_seed)), number);
  const hands = [[], [], [], []];
  const groups = [[], [], [], []];
  const ponds = [[], [], [], []];
  const shown = [[], [], [], []];
  const drawn = [null, null, null, null];
  const lastMove = [null, null, null, null];
  let turn = dealer;
  let dealt = false;
  let lastDiscard = null;
  let backDrawn = 0;
  let phase = "special";
  // The result waiting for agreement (options.agreement), as the table shows it.
  let proposal = null;
  const pts = [...points];
  const total = wall.length;

  const state = (last) => JSON.parse(JSON.stringify({
    seat: null, phase, turn, hand_sizes: hands.map((x) => x.length),
    melds: groups, discards: ponds.map((p) => p.map((t) => [t, false, false, null])), points: pts,
    live_remaining: wall.length, offered_tile: lastDiscard === null ? null : ponds[lastDiscard][ponds[lastDiscard].length - 1],
    table: { freeplay: true, dealt, dealer, hand_number: number, hands: options.hands, hand_size: size, tiles: total,
      last_discard: lastDiscard, back_drawn: backDrawn, agreement: options.agreement ?? true, proposal },
    seats_public: [0, 1, 2, 3].map((s) => ({ revealed: shown[s], last_move: lastMove[s], seat_wind: 41 + ((s - dealer + 4) % 4) })),
    hands, drawn, names, last,
  }));
  const states = [state(null)];

  const end = (deltas) => {
    (deltas || []).forEach((d, s) => { pts[s] += d; });
    phase = "ended";
    proposal = null;
  };
  const move = (seat, a) => {
    const hand = hands[seat];
    drawn[seat] = null;
    if (a.type === "free_deal") {
      for (let s = 0; s < 4; s += 1) hands[s] = wall.splice(0, size);
      dealt = true;
      turn = dealer;
    } else if (a.type === "free_draw") {
      const tile = a.back ? wall.pop() : wall.shift();
      if (a.back) backDrawn += 1;
      hand.push(tile);
      drawn[seat] = tile;
      turn = seat;
    } else if (a.type === "free_discard") {
      removeOne(hand, a.tile);
      ponds[seat].push(a.tile);
      lastDiscard = seat;
      turn = (seat + 1) % 4;
    } else if (a.type === "free_reveal") {
      if (a.tile === null) shown[seat] = a.show ? [...hand] : [];
      else if (a.show) shown[seat].push(a.tile);
      else removeOne(shown[seat], a.tile);
    } else if (a.type === "free_meld") {
      for (const t of a.tiles) removeOne(hand, t);
      const tiles = [...a.tiles];
      let called = null;
      let from = null;
      if (a.discard && lastDiscard !== null) {
        from = lastDiscard;
        called = ponds[from].pop();
        lastDiscard = null;
        tiles.push(called);
        turn = seat;
      }
      if (a.group === null || a.group === undefined) groups[seat].push({ kind: "group", tiles, called_tile: called, from_seat: from });
      else {
        const old = groups[seat][a.group];
        groups[seat][a.group] = { kind: "group", tiles: [...old.tiles, ...tiles], called_tile: called ?? old.called_tile, from_seat: called === null ? old.from_seat : from };
      }
    } else if (a.type === "free_take") {
      if (a.source === "pond") {
        const pond = ponds[a.index];
        const at = pond.lastIndexOf(a.tile);
        pond.splice(at, 1);
        if (lastDiscard === a.index && at === pond.length) lastDiscard = null;
        turn = seat;
      } else {
        const old = groups[seat][a.index];
        const rest = [...old.tiles];
        removeOne(rest, a.tile);
        if (rest.length) {
          const called = rest.includes(old.called_tile) ? old.called_tile : null;
          groups[seat][a.index] = { kind: "group", tiles: rest, called_tile: called, from_seat: called === null ? null : old.from_seat };
        } else groups[seat].splice(a.index, 1);
      }
      hand.push(a.tile);
    } else if (a.type === "free_pass") {
      if (seat === turn) turn = (seat + 1) % 4;
    } else if (a.type === "free_end") {
      if (options.agreement ?? true) {
        proposal = { seat, winner: a.winner, from_seat: a.from_seat ?? null, deltas: [...a.deltas], last: !!a.last, agreed: [seat] };
      } else end(a.deltas);
    } else if (a.type === "free_agree") {
      if (!a.agree) proposal = null;
      else {
        proposal.agreed = [...proposal.agreed, seat].sort((x, y) => x - y);
        if (proposal.agreed.length === 4) end(proposal.deltas);
      }
    }
    lastMove[seat] = a.type;
    // A shown tile that left the hand is shown no more.
    for (let s = 0; s < 4; s += 1) {
      const left = [...hands[s]];
      shown[s] = shown[s].filter((t) => { const i = left.indexOf(t); if (i < 0) return false; left.splice(i, 1); return true; });
    }
  };
  for (const e of hand.entries) {
    move(e.seat, e.action);
    states.push(state({ seat: e.seat, action: e.action }));
  }
  return states;
}
