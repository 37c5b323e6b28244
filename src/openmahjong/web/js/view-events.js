// Keeps a seat's view current between full views: the room sends one `view` at the start of
// each hand (and on reconnect), then only `event`s (event_to_dict of what the seat may see).
// applyEvent(view, event) returns the view after the event; the argument is not changed. No DOM.

import { kind } from "./tiles.js";
import { applySichuanEvent } from "./sichuan-view.js";
import { applyFreeplayEvent } from "./freeplay-view.js";

function removeOne(list, tile) {
  const i = list.indexOf(tile);
  if (i >= 0) list.splice(i, 1);
}

/** Tiles of `all` left after taking out each tile of `some` once (multiset difference). */
function minus(all, some) {
  const rest = [...all];
  for (const t of some) removeOne(rest, t);
  return rest;
}

/** `rules`: the ruleset's client object (optional), for the events of a ruleset's own. */
export function applyEvent(view, event, rules) {
  const v = JSON.parse(JSON.stringify(view));
  const me = v.seat;
  const mine = event.seat !== undefined && event.seat === me && me !== null;
  v.events = [...(view.events || []), event];
  v.table = v.table || {};
  switch (event.type) {
    case "HandStarted": {
      const n = (event.points || v.points || []).length || 4;
      Object.assign(v.table, {
        dealer: event.dealer, round_wind: event.round_wind, hand_number: event.hand_number,
        honba: event.honba, sticks: event.sticks, dora_indicators: [...event.dora_indicators],
      });
      v.points = [...event.points];
      v.discards = Array.from({ length: n }, () => []);
      v.melds = Array.from({ length: n }, () => []);
      v.hand_sizes = Array.from({ length: n }, (_, i) => (i === event.dealer ? 14 : 13));
      v.hand = [];
      v.turn = event.dealer;
      v.phase = "turn";
      v.events = [event];
      v.seats_public = Array.from({ length: n }, (_, i) => ({ ...((view.seats_public || [])[i] || {}),
        riichi: false, double_riichi: false, seat_wind: 41 + ((i - event.dealer + n) % n) }));
      break;
    }
    case "Dealt":
      if (mine) v.hand = [...event.tiles];
      v.hand_sizes[event.seat] = event.tiles.length;
      break;
    case "Drew":
      v.hand_sizes[event.seat] += 1;
      if (v.live_remaining > 0) v.live_remaining -= 1;
      if (mine && event.tile !== null) v.hand.push(event.tile);
      v.turn = event.seat;
      v.phase = "turn";
      v.offered_tile = null;
      break;
    case "Discarded":
      v.discards[event.seat].push([event.tile, !!event.tsumogiri, !!event.riichi, null]);
      v.hand_sizes[event.seat] -= 1;
      if (mine) removeOne(v.hand, event.tile);
      v.offered_tile = event.tile;
      v.phase = "reaction";
      break;
    case "Called": {
      const melds = v.melds[event.seat];
      let fromHand;
      if (event.kind === "kakan") {
        const i = melds.findIndex((m) => m.kind === "pon" && kind(m.tiles[0]) === kind(event.tiles[0]));
        fromHand = i >= 0 ? minus(event.tiles, melds[i].tiles) : [event.tiles[event.tiles.length - 1]];
        const meld = { kind: "kakan", tiles: [...event.tiles], called_tile: event.called_tile ?? null, from_seat: event.from_seat ?? null };
        if (i >= 0) melds[i] = meld;
        else melds.push(meld);
      } else {
        fromHand = event.kind === "ankan" ? [...event.tiles] : minus(event.tiles, [event.called_tile]);
        melds.push({ kind: event.kind, tiles: [...event.tiles], called_tile: event.called_tile ?? null, from_seat: event.from_seat ?? null });
        if (event.from_seat !== null && event.from_seat !== undefined && event.kind !== "ankan") {
          const pile = v.discards[event.from_seat];
          if (pile.length) pile[pile.length - 1][3] = event.seat;
        }
      }
      v.hand_sizes[event.seat] -= fromHand.length;
      if (mine) for (const t of fromHand) removeOne(v.hand, t);
      v.turn = event.seat;
      v.phase = "turn";
      v.offered_tile = null;
      break;
    }
    case "DoraRevealed":
      v.table.dora_indicators = [...(v.table.dora_indicators || []), event.indicator];
      break;
    case "RiichiAccepted":
      v.seats_public[event.seat] = { ...v.seats_public[event.seat], riichi: true, double_riichi: !!event.double };
      v.points[event.seat] -= 1000;
      v.table.sticks = event.sticks;
      break;
    case "FlowerRevealed": {
      // MCR: the flower leaves the hand for the seat's flower row; a replacement Drew follows.
      const pub = v.seats_public[event.seat] || {};
      v.seats_public[event.seat] = { ...pub, flowers: [...(pub.flowers || []), event.tile] };
      v.hand_sizes[event.seat] -= 1;
      if (mine) removeOne(v.hand, event.tile);
      break;
    }
    case "Won":
    case "McrWon":
      if (event.from_seat !== null && event.from_seat !== undefined) {
        const pile = v.discards[event.from_seat];
        const last = pile[pile.length - 1];
        if (last && last[0] === event.tile && last[3] === null) last[3] = event.seat;
      }
      v.shown = { ...(v.shown || {}), [event.seat]: [...event.hand] };
      break;
    case "Revealed":
      if (event.tiles && event.tiles.length) v.shown = { ...(v.shown || {}), [event.seat]: [...event.tiles] };
      break;
    case "HandEnded":
      v.points = [...event.points];
      v.table.sticks = event.sticks;
      v.phase = "ended";
      break;
    default:
      break;
  }
  // Sichuan's own events, and its stage at a new hand (sichuan-view.js); free play's table
  // and hand as its events tell them (freeplay-view.js).
  return applyFreeplayEvent(applySichuanEvent(v, event, rules), event);
}
