// Help while ready: which tiles complete a hand of 3k+1 tiles, and how many of each the player
// has not seen yet (no DOM). The shapes are those every ruleset here shares: sets and a pair,
// seven pairs, thirteen orphans; a ruleset's client data adds its own (`shapes`: MCR's
// "knitted", its knitted straight and honors-and-knitted hands). The server's `own.waits`, when
// a ruleset sends it, wins.

import { ALL_KINDS, kind } from "./tiles.js";
import { discardEntry, meldEntry } from "./table-view.js";

const ORPHANS = [11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47];
const HONORS = [41, 42, 43, 44, 45, 46, 47];

/** The six knitted straights: 1-4-7 in one suit, 2-5-8 in another, 3-6-9 in the third. */
const KNITTED = [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]].map((suits) =>
  suits.flatMap((suit, i) => [1, 4, 7].map((n) => suit * 10 + n + i)));

function countsOf(tiles) {
  const c = new Map();
  for (const t of tiles) c.set(kind(t), (c.get(kind(t)) || 0) + 1);
  return c;
}

/** Whether `counts` (kind -> n, as a sorted array walk) splits into sets only. */
function allSets(counts, kinds) {
  const i = kinds.findIndex((k) => counts.get(k) > 0);
  if (i < 0) return true;
  const k = kinds[i];
  const n = counts.get(k);
  if (n >= 3) {
    counts.set(k, n - 3);
    const ok = allSets(counts, kinds);
    counts.set(k, n);
    if (ok) return true;
  }
  if (k < 40 && k % 10 <= 7 && counts.get(k + 1) > 0 && counts.get(k + 2) > 0) {
    for (const x of [k, k + 1, k + 2]) counts.set(x, counts.get(x) - 1);
    const ok = allSets(counts, kinds);
    for (const x of [k, k + 1, k + 2]) counts.set(x, counts.get(x) + 1);
    if (ok) return true;
  }
  return false;
}

/** MCR's knitted shapes, for 14 - 3k tiles: a knitted straight with a set and a pair (or just
 *  the pair beside one meld), or 14 different tiles from one knitted straight and the honors
 *  (lesser honors and knitted tiles; greater when all seven honors are there). */
function knittedComplete(counts, total) {
  for (const straight of KNITTED) {
    if (total === 14 && [...counts.keys()].every((k) => counts.get(k) === 1
      && (HONORS.includes(k) || straight.includes(k)))) return true;
    if ((total === 14 || total === 11) && straight.every((k) => counts.get(k) > 0)) {
      for (const k of straight) counts.set(k, counts.get(k) - 1);
      const ok = complete(counts, []);
      for (const k of straight) counts.set(k, counts.get(k) + 1);
      if (ok) return true;
    }
  }
  return false;
}

function complete(counts, shapes) {
  const kinds = [...counts.keys()].sort((a, b) => a - b);
  const total = kinds.reduce((s, k) => s + counts.get(k), 0);
  for (const k of kinds) {
    if (counts.get(k) < 2) continue;
    counts.set(k, counts.get(k) - 2);
    const ok = allSets(counts, kinds);
    counts.set(k, counts.get(k) + 2);
    if (ok) return true;
  }
  if (total === 14) {
    if (kinds.length === 7 && kinds.every((k) => counts.get(k) === 2)) return true;
    if (ORPHANS.every((k) => counts.get(k) > 0) && kinds.every((k) => ORPHANS.includes(k))) return true;
  }
  return shapes.includes("knitted") && knittedComplete(counts, total);
}

/** The kinds that complete `hand` (its concealed tiles, 3k+1 of them), in code order; `shapes`
 *  names a ruleset's own shapes beyond the shared ones (the client data's `shapes`). */
export function waitsOf(hand, shapes = []) {
  if (!hand || hand.length % 3 !== 1) return [];
  const counts = countsOf(hand);
  const found = [];
  for (const k of ALL_KINDS) {
    if ((counts.get(k) || 0) >= 4) continue;
    counts.set(k, (counts.get(k) || 0) + 1);
    if (complete(counts, shapes)) found.push(k);
    counts.set(k, counts.get(k) - 1);
    if (counts.get(k) === 0) counts.delete(k);
  }
  return found;
}

/** How many of `k` the seat has not seen: four less its hand, every pond, every meld and the
 *  dora indicators. */
export function unseen(view, k) {
  const seen = [...(view.hand || [])];
  for (const pond of view.discards || []) for (const d of pond || []) seen.push(discardEntry(d).tile);
  for (const melds of view.melds || []) for (const m of melds || []) seen.push(...meldEntry(m).tiles);
  seen.push(...((view.table || {}).dora_indicators || []));
  // A called discard is in the caller's meld and may still be listed in the pond: count it once.
  let claimedTwice = 0;
  for (const pond of view.discards || []) {
    for (const d of pond || []) {
      const e = discardEntry(d);
      if (e.claimed_by !== null && kind(e.tile) === k) claimedTwice += 1;
    }
  }
  return Math.max(0, 4 - seen.filter((t) => kind(t) === k).length + claimedTwice);
}

/** The seat's waits as [{tile, left}], from the server's `own.waits` or the hand's shape
 *  (with the shapes the ruleset's client data `rules` adds). */
export function waitsHelp(view, rules) {
  if (!view || view.seat === null || view.seat === undefined) return [];
  const own = view.own || {};
  const kinds = Array.isArray(own.waits) ? own.waits : waitsOf(view.hand || [], (rules && rules.shapes) || []);
  return kinds.map((k) => ({ tile: k, left: unseen(view, k) }));
}
