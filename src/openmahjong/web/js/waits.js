// Help while ready: which tiles complete a hand of 3k+1 tiles, and how many of each the player
// has not seen yet (no DOM). The shapes are those every ruleset here shares: sets and a pair,
// seven pairs, thirteen orphans. The server's `own.waits`, when a ruleset sends it, wins.

import { ALL_KINDS, kind } from "./tiles.js";
import { discardEntry, meldEntry } from "./table-view.js";

const ORPHANS = [11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47];

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

function complete(counts) {
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
  return false;
}

/** The kinds that complete `hand` (its concealed tiles, 3k+1 of them), in code order. */
export function waitsOf(hand) {
  if (!hand || hand.length % 3 !== 1) return [];
  const counts = countsOf(hand);
  const found = [];
  for (const k of ALL_KINDS) {
    if ((counts.get(k) || 0) >= 4) continue;
    counts.set(k, (counts.get(k) || 0) + 1);
    if (complete(counts)) found.push(k);
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

/** The seat's waits as [{tile, left}], from the server's `own.waits` or the hand's shape. */
export function waitsHelp(view) {
  if (!view || view.seat === null || view.seat === undefined) return [];
  const own = view.own || {};
  const kinds = Array.isArray(own.waits) ? own.waits : waitsOf(view.hand || []);
  return kinds.map((k) => ({ tile: k, left: unseen(view, k) }));
}
