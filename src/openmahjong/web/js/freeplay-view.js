// Free play's events kept in a seat's view (no DOM). A free-play move is told as FreeMoved
// (the move; a draw's tile only to the drawer), FreeState (the table as everyone sees it, in
// the view's own shapes) and FreeHand (a seat's hand, to that seat only): the view takes the
// state and the hand as they come, whatever the move was (rules/freeplay/events.py).

/** The view fields a FreeState carries. */
const STATE_FIELDS = ["turn", "hand_sizes", "melds", "discards", "live_remaining", "offered_tile", "table", "seats_public"];

/** `v` (a copy the caller owns) after a free-play event; other events leave it as it is. */
export function applyFreeplayEvent(v, ev) {
  if (ev.type === "FreeState") {
    for (const name of STATE_FIELDS) v[name] = JSON.parse(JSON.stringify(ev[name]));
    v.phase = "special";
  } else if (ev.type === "FreeHand") {
    if (v.seat !== null && v.seat !== undefined && ev.seat === v.seat) v.hand = [...ev.tiles];
  } else if (ev.type === "FreeMoved" && v.seat !== null && v.seat !== undefined && ev.seat === v.seat) {
    // The drawn tile stands apart until this seat's next move (table-view.js reads `drawn`).
    v.drawn = ev.move === "free_draw" && (ev.tiles || []).length ? ev.tiles[0] : null;
  }
  return v;
}

/** Whether a ruleset's client data asks for the free-play table. */
export function isFreeplay(rules) {
  return !!(rules && rules.table && rules.table.freeplay);
}
