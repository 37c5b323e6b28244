// Sichuan Bloody on the table, from plain data (no socket, no timers): what its events do to a
// seat's view, and the pieces table-view.js draws for it (`state.parts`).
//
// Which tables get these pieces is the ruleset's client data (rulesets.js): a table with
// `table.exchange` or `table.bloody` (Sichuan's client_info), never a ruleset name.
//
// applySichuanEvent(view, event, rules)  the view after one of Sichuan's events (ExchangeChosen,
//                                 TilesExchanged, VoidsDeclared, SichuanWon, KanBonus,
//                                 DrawRecheck), or after HandStarted the hand's stage reset;
//                                 changes `view` in place (view-events.js hands it a copy).
// seatParts(state)                {seatBadges(seat), seatClass(seat), centre()} for table-view.js.
//
// The view's Sichuan fields (docs/web-client.md, "Sichuan Bloody"): table.stage, exchange_direction,
// wins; seats_public[s].void, won (win order), revealed, chosen; own.void, given, received;
// and, kept by this module, view.notes (the hand's wins and kan bonuses as they happened) and
// view.recheck (the exhaustive draw's DrawRecheck).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { compareTiles } from "./tiles.js";
import { tileMarkup } from "./tile-svg.js";

export const SUITS = ["m", "p", "s"];

/** Whether the ruleset's client data (its `client` object) describes a bloody table. */
export function isBloody(rules) {
  const table = (rules || {}).table || {};
  return !!(table.bloody || table.exchange);
}

/** The suit letter of a suited tile code (11-19 m, 21-29 p, 31-39 s; red fives 105...). */
export function suitOf(code) {
  const k = code >= 100 ? Math.floor(code / 100) : Math.floor(code / 10);
  return SUITS[k - 1] || null;
}

function removeOne(list, tile) {
  const i = list.indexOf(tile);
  if (i >= 0) list.splice(i, 1);
}

function addTo(points, deltas) {
  if (!Array.isArray(points) || !Array.isArray(deltas)) return;
  deltas.forEach((d, i) => { points[i] = (points[i] || 0) + d; });
}

function seatPub(v, seat) {
  v.seats_public = v.seats_public || [];
  v.seats_public[seat] = { ...(v.seats_public[seat] || {}) };
  return v.seats_public[seat];
}

/** The seat that receives `from`'s tiles in `direction` (docs/sichuan.md: counter-clockwise to
 *  seat + 1, clockwise to seat + 3, across to seat + 2). */
export function receiverOf(from, direction, n = 4) {
  if (direction === "counterclockwise") return (from + 1) % n; // the next seat, on the right
  if (direction === "clockwise") return (from + n - 1) % n; // the previous seat, on the left
  return (from + 2) % n;
}

/** The seat whose tiles `seat` received in `direction`. */
export function giverOf(seat, direction, n = 4) {
  for (let s = 0; s < n; s += 1) if (receiverOf(s, direction, n) === seat) return s;
  return null;
}

/** Whether a void stage follows the exchange: Sichuan's client data lists the void suits (a
 *  Riichi table with bloody play, Asura, has none, and keeps its wind, dora and sticks). A view
 *  folded without the client data: Sichuan's engine view has `void` on its seats. */
function hasVoids(v, rules) {
  if (rules && rules.table) return Array.isArray(rules.table.void) && rules.table.void.length > 0;
  return (v.seats_public || []).some((p) => p && Object.hasOwn(p, "void")) || Object.hasOwn(v.own || {}, "void");
}

export function applySichuanEvent(v, ev, rules) {
  const me = v.seat;
  const mine = me !== null && me !== undefined && ev.seat === me;
  v.table = v.table || {};
  switch (ev.type) {
    case "HandStarted":
      if (!("stage" in v.table) && !v.sichuan && !isBloody(rules)) return v;
      v.sichuan = true;
      Object.assign(v.table, { stage: "exchange", exchange_direction: null, wins: [] });
      if (hasVoids(v, rules)) {
        // Sichuan has no wind rounds; a Riichi table with bloody play (Asura) keeps its wind.
        v.table.round_wind = null;
        v.seats_public = (v.seats_public || []).map((p) => ({ ...p, void: null, won: null, revealed: [], chosen: false }));
        v.own = { void: null, given: [], received: [] };
      } else {
        v.seats_public = (v.seats_public || []).map((p) => ({ ...p, won: null, revealed: [], chosen: false }));
        v.own = { given: [], received: [] };
      }
      v.phase = "special";
      v.shown = {};
      v.notes = [];
      delete v.recheck;
      return v;
    case "ExchangeChosen":
      v.sichuan = true;
      seatPub(v, ev.seat).chosen = true;
      return v;
    case "TilesExchanged":
      v.sichuan = true;
      Object.assign(v.table, { stage: hasVoids(v, rules) ? "void" : "play", exchange_direction: ev.direction });
      (v.seats_public || []).forEach((_, s) => { seatPub(v, s).chosen = false; });
      if (!hasVoids(v, rules)) {
        // No void to declare (Asura): play starts at the pass, the dealer to discard.
        v.phase = "turn";
        if (v.table.dealer !== undefined) v.turn = v.table.dealer;
      }
      if (mine && Array.isArray(ev.given)) {
        v.hand = [...(v.hand || [])];
        for (const tile of ev.given) removeOne(v.hand, tile);
        v.hand.push(...ev.received);
        v.own = { ...(v.own || {}), given: [...ev.given], received: [...ev.received] };
      }
      return v;
    case "VoidsDeclared":
      v.sichuan = true;
      ev.voids.forEach((suit, s) => { Object.assign(seatPub(v, s), { void: suit, chosen: false }); });
      if (me !== null && me !== undefined) v.own = { ...(v.own || {}), void: ev.voids[me] };
      Object.assign(v.table, { stage: "play" });
      v.phase = "turn";
      if (v.table.dealer !== undefined) v.turn = v.table.dealer;
      return v;
    case "SichuanWon": {
      v.sichuan = true;
      Object.assign(seatPub(v, ev.seat), { won: ev.order, revealed: [...(ev.hand || [])] });
      v.shown = { ...(v.shown || {}), [ev.seat]: [...(ev.hand || [])] };
      v.points = [...(v.points || [])];
      addTo(v.points, ev.payments);
      v.table.wins = [...(v.table.wins || []), { seat: ev.seat, order: ev.order, tile: ev.tile,
        tsumo: ev.from_seat === null || ev.from_seat === undefined, from_seat: ev.from_seat ?? null, han: ev.han, points: ev.total }];
      if (ev.from_seat !== null && ev.from_seat !== undefined && !ev.robbed_kan) {
        const pile = (v.discards || [])[ev.from_seat] || [];
        const last = pile[pile.length - 1];
        if (last && last[0] === ev.tile && last[3] === null) last[3] = ev.seat;
      }
      if (ev.robbed_kan && ev.from_seat !== null && ev.from_seat !== undefined) {
        // The robbed added kan is a pon again (the kernel's rob_kan).
        const melds = (v.melds || [])[ev.from_seat] || [];
        const meld = melds.find((m) => m.kind === "kakan" && (m.tiles || []).includes(ev.tile));
        if (meld) {
          meld.kind = "pon";
          meld.tiles = [...meld.tiles];
          removeOne(meld.tiles, ev.tile);
        }
      }
      v.notes = [...(v.notes || []), { type: "win", seat: ev.seat, order: ev.order, han: ev.han, points: ev.total,
        payments: [...(ev.payments || [])] }];
      return v;
    }
    case "Won":
      // A Riichi win that leaves the hand going (Asura: it has an order). The others see it
      // hidden (no hand, no yaku), who won off whom and what it paid; the hands show at the
      // hand's end (WinnerRevealed).
      if (ev.order === undefined || ev.order === null) return v;
      v.sichuan = true;
      seatPub(v, ev.seat).won = ev.order;
      if (v.shown) delete v.shown[ev.seat]; // face down until the hand ends
      v.points = [...(v.points || [])];
      addTo(v.points, ev.payments);
      v.table.wins = [...(v.table.wins || []), { seat: ev.seat, order: ev.order, tile: ev.tile,
        tsumo: ev.from_seat === null || ev.from_seat === undefined, from_seat: ev.from_seat ?? null, points: ev.total,
        gain: (ev.payments || [])[ev.seat] }];
      if (ev.sticks) v.table.sticks = 0; // the sticks on the table went with the win
      v.notes = [...(v.notes || []), { type: "win", seat: ev.seat, order: ev.order, han: ev.han, points: ev.total,
        hidden: !!ev.hidden, payments: [...(ev.payments || [])] }];
      return v;
    case "WinnerRevealed": {
      v.sichuan = true;
      const hand = [...(ev.hand || [])].sort(compareTiles);
      Object.assign(seatPub(v, ev.seat), { won: ev.order, revealed: hand });
      v.shown = { ...(v.shown || {}), [ev.seat]: hand };
      return v;
    }
    case "KanBonus":
      v.sichuan = true;
      v.points = [...(v.points || [])];
      addTo(v.points, ev.deltas);
      v.notes = [...(v.notes || []), { type: "kan", seat: ev.seat, kind: ev.kind, cancelled: !!ev.cancelled, payments: [...ev.deltas] }];
      return v;
    case "DrawRecheck":
      v.sichuan = true;
      v.recheck = { ready: [...ev.ready], void_clear: [...ev.void_clear], deltas: [...ev.deltas], refunds: [...ev.refunds] };
      return v;
    case "HandEnded":
      if (v.sichuan) v.table.stage = "ended";
      return v;
    default:
      return v;
  }
}

/** The seat declared `suit` void (its own choice, sent): its view says so at once, as
 *  `Table.view(seat)` does (own.void, and "chosen" on its seat). Changes `v` in place. */
export function ownVoidDeclared(v, suit) {
  if (v.seat === null || v.seat === undefined) return v;
  v.own = { ...(v.own || {}), void: suit };
  seatPub(v, v.seat).chosen = true;
  return v;
}

// ------------------------------------------------------------------ words

export function suitWord(suit) {
  return t(`sc.suit.${suit}`);
}

export function orderWord(order) {
  return t(`sc.order${order}`);
}

export function directionWord(direction) {
  return t(`sc.dir.${direction}`);
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** "A +2000, B -2000": who gained or paid what, seats with no change left out. */
export function paymentsText(payments, name) {
  return (payments || []).map((d, s) => (d ? t("sc.pays", { who: name(s), n: signed(d) }) : null)).filter(Boolean).join(", ");
}

function tileSpan(code) {
  return h("span", { class: "tile-holder", html: tileMarkup(code, { label: "" }) });
}

/** A tile of the suit, as the suit's small picture (the 5). */
export function suitTile(suit) {
  return { m: 15, p: 25, s: 35 }[suit];
}

// ------------------------------------------------------------------ the table's pieces

/** A seat's badges: its void suit, whether it has chosen (exchange, void), its win order. */
function seatBadges(v, seat, hiddenWins = false) {
  const pub = (v.seats_public || [])[seat] || {};
  const stage = (v.table || {}).stage;
  const out = [];
  if (pub.void) {
    out.push(h("span", { class: `badge void-badge void-${pub.void}`, "data-testid": `void-${seat}`, "data-void": pub.void,
      title: t("sc.voidBadge", { suit: suitWord(pub.void) }) },
    h("span", { class: "tiles small" }, tileSpan(suitTile(pub.void))),
    h("span", { class: "void-word" }, t("sc.voidBadge", { suit: suitWord(pub.void) }))));
  }
  if (pub.chosen && (stage === "exchange" || stage === "void")) {
    out.push(h("span", { class: "badge chosen-badge", "data-testid": `chosen-${seat}` }, `✓ ${t("sc.chosen")}`));
  }
  if (pub.won) {
    // A win the others may not see yet (Asura's winners_hidden): its order, "won (hidden)".
    const hidden = !!hiddenWins && !(pub.revealed || []).length && !((v.shown || {})[seat] || []).length && seat !== v.seat;
    out.push(h("span", { class: `badge won-badge won-${pub.won}${hidden ? " won-hidden" : ""}`, "data-testid": `won-${seat}`,
      "data-order": pub.won, "data-hidden": hidden ? "1" : "0" }, orderWord(pub.won), hidden ? ` · ${t("sc.wonHidden")}` : null));
  }
  return out;
}

/** The hand's stage, the exchange's direction, and the latest wins and kan bonuses. */
function centrePart(v, label, name) {
  const tb = v.table || {};
  const notes = (v.notes || []).slice(-2);
  const number = (label && label.number) ?? tb.hand_number;
  const hands = label && label.hands;
  return h("div", { class: "sc-centre", "data-testid": "sc-centre" },
    h("p", { class: "sc-stage" },
      number ? h("span", { "data-testid": "sc-hand" }, hands ? t("sc.handOf", { n: number, hands }) : `#${number}`) : null,
      tb.stage ? h("span", { class: "sc-stage-name", "data-testid": "sc-stage", "data-stage": tb.stage }, t(`sc.stage.${tb.stage}`)) : null),
    tb.exchange_direction ? h("p", { class: "sc-direction", "data-testid": "sc-direction", "data-direction": tb.exchange_direction },
      t("sc.passed", { dir: directionWord(tb.exchange_direction) })) : null,
    notes.length ? h("ul", { class: "sc-notes", "data-testid": "sc-notes", "aria-label": t("sc.notes") }, notes.map((n) => noteItem(n, name))) : null);
}

function noteItem(n, name) {
  if (n.type === "win" && n.hidden) {
    return h("li", { "data-note": "win-hidden", "data-seat": n.seat },
      t("sc.noteWinHidden", { who: name(n.seat), order: orderWord(n.order), points: paymentsText(n.payments, name) }));
  }
  if (n.type === "win") {
    return h("li", { "data-note": "win", "data-seat": n.seat },
      t("sc.noteWin", { who: name(n.seat), order: orderWord(n.order), han: n.han, points: paymentsText(n.payments, name) }));
  }
  if (n.cancelled) return h("li", { "data-note": "kan-cancelled", "data-seat": n.seat }, t("sc.noteKanCancelled", { who: name(n.seat) }));
  return h("li", { "data-note": "kan", "data-seat": n.seat },
    t("sc.noteKan", { who: name(n.seat), kind: t(`sc.kind.${n.kind}`), pays: paymentsText(n.payments, name) }));
}

/** The pieces table-view.js asks for (state.parts), from the table's state. */
export function seatParts(state) {
  const v = state.view;
  const name = (s) => (state.names || [])[s] || t("table.seat", { n: s + 1 });
  return {
    seatBadges: (seat) => seatBadges(v, seat, !!(((state.rules || {}).table || {}).winners_hidden)),
    seatClass: (seat) => (((v.seats_public || [])[seat] || {}).won ? "sat-out" : ""),
    centre: () => centrePart(v, state.label, name),
    numbersHands: true, // its centre says "Hand 1 of 2" (table-view.js keeps "Commitment" on the button)
  };
}

/** The seats' revealed hands (winners'), by seat, for table-view.js's `hands`. */
export function revealedHands(v) {
  return (v.seats_public || []).map((p, s) => {
    const shown = (v.shown || {})[s];
    if (shown && shown.length) return [...shown];
    return p && p.revealed && p.revealed.length ? [...p.revealed].sort(compareTiles) : null;
  });
}
