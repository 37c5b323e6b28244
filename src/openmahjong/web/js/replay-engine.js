// Rebuilds a game's table, action by action, from our record (docs/records.md) in the browser:
// no server call beyond the record and its ruleset's description, no DOM.
//
// The record's header names its ruleset and reveals the master seed. What differs between the
// rulesets comes from the server with the ruleset (rulesets.js: GET /api/rooms/rulesets): its
// `wall` (the fields of fairness.WallRuleset) and its client object's `table`. Each hand's wall
// is shuffledWall(wall, seed, n) (fairness.js, the port of openmahjong.fairness; n is the hand's
// counter the wall names in `hand_number`: Riichi's round_index, MCR's current_round) and the
// deal is deal(wall, dealer). The actions then say everything else. Draws are implied: a seat
// about to act on its turn with 3n+1 concealed tiles first draws the next live tile.
// - table.dead_wall: tiles kept at the back (Riichi's 14: indicators at 0-4, ura at 5-9,
//   replacements from 10, one live tile crossing over after each replacement, as
//   openmahjong.table.wall does). With none (MCR), a kong's replacement is the last tile.
// - table.dora: dora indicators are shown; kan dora follows the options' kan_dora (MAJSOUL: a
//   closed kan shows at once, an open one after the next discard or kan; EARLY_KAN_DORA: at once).
// - table.sticks: honba and riichi sticks are counted (a riichi discard pays 1000 into the pot).
// - wall.hand_size: tiles dealt to each seat (13; Taiwan's 16); an option kept_tiles leaves that
//   many tiles unplayed at the back (Taiwan's 16): replacements come from in front of them.
// - table.flowers: flowers are laid out and replaced from the back at once: at the deal the
//   dealer first, then in turn order, round after round until nobody holds one; in play whenever
//   one is drawn (a flower drawn with the wall empty ends the hand).
// Points and names follow each hand's seating when the summaries give one (MCR's seats change
// between wind rounds).
//
// - A false win (MCR tables with false_win = "penalty") does not end the hand: a declaration
//   that more actions follow was refused and fined (the fines are in the hand's deltas). A
//   false self-draw leaves the seat on turn to discard; false discard wins leave the tile
//   unclaimed, as if everyone had passed. Its step's state lists the seats in `false_win`.
//
// handStates(record, i, ruleset) returns one state per step of hand i: states[0] is the deal, states[k]
// the table after the hand's k-th action. A state is a spectator view for table-view.js plus
// `hands` (every concealed hand), `last` (the action just played), `names` (by seat) and, at a
// false win, `false_win`.

import { deal, parseMasterSeed, shuffledWall } from "./fairness.js";
import { compareTiles, isFlower, kind } from "./tiles.js";
import { exchangeStep, kanBonus, startBloody, undoKanBonus, voidStep, winStep } from "./sichuan-replay.js";
import { tableOptions, withOptions } from "./option-tables.js";
import { freeplayStates } from "./freeplay-replay.js";
import { isFreeplay } from "./freeplay-view.js";

const TURN_ACTIONS = new Set(["discard", "tsumo", "ankan", "kakan", "abort"]);
const ANSWERS = new Set(["pass", "ron", "chi", "pon", "minkan"]);
const REPLACEMENT_OFFSET = 10;

/** What the replay needs of a ruleset (`info`: its entry in GET /api/rooms/rulesets). */
function rulesOf(info) {
  const table = ((info && info.client) || {}).table || {};
  const schema = ((info && info.options_schema) || {}).properties || {};
  return {
    wall: info.wall,
    deadWall: table.dead_wall || 0,
    dora: !!table.dora,
    sticks: !!table.sticks,
    flowers: !!table.flowers,
    // Sichuan Bloody: an exchange and voids before play; wins leave the hand going (sichuan-replay.js).
    bloody: !!table.bloody,
    // Sichuan's voids (a stage after the exchange); without them play starts at the pass
    // (Battle of Asura, whose wins the replay pays by the Riichi split: sichuan-replay.js).
    voids: Array.isArray(table.void) && table.void.length > 0,
    // Sichuan's kan bonuses, paid at once (Asura has none).
    kanBonus: !!table.bloody && Array.isArray(table.void) && table.void.length > 0,
    startingPoints: (schema.starting_points || {}).default ?? 0,
  };
}

/** The counter that numbers a hand's wall: the summary's own (round_index or current_round, as
 *  the wall names it); without a summary, counted from the hand's place (current_round is the
 *  hand within its wind round of four). */
function wallNumber(hand, field) {
  const own = hand.summary && hand.summary[field];
  if (own) return own;
  return field === "current_round" ? ((hand.round_index - 1) % 4) + 1 : hand.round_index;
}

/** Whether handStates can rebuild games of this ruleset (`info` from the server, or nothing):
 *  it needs the wall; a ruleset whose client says nothing of its table has no dead wall, dora,
 *  sticks or flowers. */
export function canReplay(info) {
  return !!(info && info.wall && Array.isArray(info.wall.kinds));
}

/** [round_index | null, seat, action, flags] for each action entry of either record shape. */
export function entries(record) {
  return (record.actions || []).map((e) => {
    if (typeof e[1] === "number" && typeof e[2] === "object") return { round: e[0], seat: e[1], action: e[2], flags: e.slice(3) };
    return { round: null, seat: e[0], action: e[1], flags: e.slice(2) };
  });
}

/** The hands of the record: summary, label and the slice of action entries belonging to it. */
export function splitHands(record) {
  const all = entries(record);
  const summaries = record.hands || [];
  const out = [];
  let at = 0;
  if (summaries.length) {
    for (const s of summaries) {
      out.push({ summary: s, label: s.label, round_index: s.round_index ?? out.length + 1, entries: all.slice(at, at + s.actions) });
      at += s.actions;
    }
    if (at < all.length) out.push({ summary: null, label: "?", round_index: summaries.length + 1, entries: all.slice(at) });
    return out;
  }
  // No summaries (a record rebuilt from the log): group by round_index when present.
  for (const e of all) {
    const r = e.round ?? 1;
    if (!out.length || out[out.length - 1].round_index !== r) out.push({ summary: null, label: `#${r}`, round_index: r, entries: [] });
    out[out.length - 1].entries.push(e);
  }
  return out;
}

const WIND_LETTERS = { E: 41, S: 42, W: 43, N: 44 };

/** A record's hand label ("E2-1": East 2, one honba; MCR's "S3" has no honba) as numbers, or
 *  null for a label of another shape. */
export function parseLabel(label) {
  const m = /^([ESWN])(\d+)(?:-(\d+))?$/.exec(label || "");
  if (!m) return null;
  return { wind: WIND_LETTERS[m[1]], number: Number(m[2]), honba: m[3] === undefined ? null : Number(m[3]) };
}

/** A label of another shape (Changsha's and Sichuan's "H1") has no wind round: the hand's
 *  number comes from its summary (the table's button then says "Hand 1 of 8", not "East 1"). */
function labelParts(label, summary = {}) {
  const parts = parseLabel(label);
  return parts ? { ...parts, honba: parts.honba ?? 0 } : { wind: null, number: summary.hand_number ?? null, honba: 0 };
}

function clone(state) {
  return JSON.parse(JSON.stringify(state));
}

function removeTile(hand, tile) {
  const i = hand.indexOf(tile);
  if (i < 0) throw new Error(`tile ${tile} is not in the hand ${hand.join(",")}`);
  hand.splice(i, 1);
}

/** The wall after the deal, as openmahjong.table.wall.Wall keeps it. */
class ReplayWall {
  constructor(rest, deadSize) {
    this.live = rest.slice(0, rest.length - deadSize);
    this.dead = rest.slice(rest.length - deadSize);
    this.position = 0;
    this.replacements = 0;
  }

  get remaining() {
    return this.live.length - this.position;
  }

  draw() {
    this.position += 1;
    return this.live[this.position - 1];
  }

  /** A replacement draw: from the dead wall (one live tile crosses over) or, with none, the back. */
  replacement() {
    if (!this.dead.length) return this.live.pop();
    const tile = this.dead[REPLACEMENT_OFFSET + this.replacements];
    this.replacements += 1;
    if (this.remaining > 0) this.dead.push(this.live.pop());
    return tile;
  }
}

/** Each seat's points when hand `index` starts. Under MCR points belong to players, and each
 *  hand's `seating` says which player sits where. */
function startPoints(hands, index, rules, options) {
  const prev = index > 0 ? hands[index - 1].summary : null;
  if (!prev) return Array(4).fill(options.starting_points ?? rules.startingPoints);
  const seating = (hands[index].summary || {}).seating;
  if (!prev.seating || !seating) return [...prev.points];
  const byPlayer = [];
  prev.seating.forEach((player, seat) => { byPlayer[player] = prev.points[seat]; });
  return seating.map((player) => byPlayer[player]);
}

/** Player names by seat in hand `index`: the header's players, moved by the hand's seating. */
export function seatNames(record, index) {
  const players = (record.header || {}).players || [];
  const hand = splitHands(record)[index];
  const seating = hand && hand.summary && hand.summary.seating;
  return seating ? seating.map((p) => players[p]) : [...players];
}

/** Every state of hand `index` (0-based) of the record; `info` is its ruleset's entry in GET
 *  /api/rooms/rulesets (the page finds it by the header's ruleset). */
export function handStates(record, index, info) {
  const hands = splitHands(record);
  const hand = hands[index];
  if (!hand) throw new RangeError(`no hand ${index}`);
  const header = record.header || {};
  if (!header.master_seed) throw new Error("the record has no revealed master seed");
  if (!canReplay(info)) throw new Error(`no replay for ${header.ruleset} games`);
  // Free play's moves are its own (freeplay-replay.js).
  if (isFreeplay(info.client || {})) {
    return freeplayStates(record, hand, index, seatNames(record, index), startPoints(hands, index, rulesOf(info), header.options || {}));
  }
  const options = header.options || {};
  // The record's options turn on their option tables (an Asura record: the exchange, bloody wins).
  const rules = rulesOf(withOptions(info, tableOptions(info, { options })));
  const seed = parseMasterSeed(String(header.master_seed));
  const summary = hand.summary || {};
  const dealer = summary.dealer ?? 0;
  const number = wallNumber(hand, rules.wall.hand_number);
  const shuffled = shuffledWall(rules.wall, seed, number, { redFives: options.red_fives !== false });
  const [dealt, dealtRest] = deal(shuffled, 4, { dealer, dealerExtra: rules.wall.dealer_extra, handSize: rules.wall.hand_size ?? 13 });
  // An option kept_tiles (Taiwan's 16) leaves that many tiles unplayed at the back of the wall.
  const rest = options.kept_tiles ? dealtRest.slice(0, dealtRest.length - options.kept_tiles) : dealtRest;
  const wall = new ReplayWall(rest, rules.deadWall);
  // DoraDorara (majsoul-dorasan) starts with three indicators and only its first two kans show one.
  let revealed = options.dora_at_start ?? 1;
  const kansRevealing = options.kans_revealing_dora ?? 4;
  let kans = 0;
  let pendingDora = 0;
  let pendingRiichi = null;
  const early = options.kan_dora === "EARLY_KAN_DORA";
  const lp = labelParts(hand.label, summary);
  const hands4 = dealt.map((h) => [...h]);
  const table = { round_wind: lp.wind, hand_number: lp.number, dealer };
  if (rules.sticks) Object.assign(table, { honba: summary.honba ?? lp.honba, sticks: summary.sticks_at_start ?? 0 });
  if (rules.dora) table.dora_indicators = wall.dead.slice(0, revealed);
  const s = {
    seat: null,
    phase: "turn",
    turn: dealer,
    hand_sizes: hands4.map((h) => h.length),
    melds: [[], [], [], []],
    discards: [[], [], [], []],
    points: startPoints(hands, index, rules, options),
    live_remaining: wall.remaining,
    table,
    seats_public: [0, 1, 2, 3].map((i) => ({ riichi: false, seat_wind: 41 + ((i - dealer + 4) % 4),
      ...(rules.flowers ? { flowers: [] } : {}) })),
    hands: hands4,
    drawn: [null, null, null, null],
    names: seatNames(record, index),
    last: null,
  };
  s.drawn[dealer] = hands4[dealer][hands4[dealer].length - 1];
  if (rules.bloody) startBloody(s, summary, { voids: rules.voids, riichi: rules.sticks });
  let lastDiscard = null;

  // MCR: flowers are laid out and replaced at once (docs/mcr-game.md, "Flowers").
  const layOut = (seat, flower) => {
    removeTile(hands4[seat], flower);
    s.seats_public[seat].flowers.push(flower);
  };
  if (rules.flowers) {
    let again = true;
    while (again) {
      again = false;
      for (let k = 0; k < 4; k += 1) {
        const seat = (dealer + k) % 4;
        for (const flower of hands4[seat].filter(isFlower)) {
          layOut(seat, flower);
          const tile = wall.replacement();
          hands4[seat].push(tile);
          if (s.drawn[seat] === flower) s.drawn[seat] = tile;
          again = isFlower(tile) || again;
        }
      }
    }
    s.hand_sizes = hands4.map((h) => h.length);
    s.live_remaining = wall.remaining;
  }
  const states = [clone(s)];

  /** A tile joins `seat`'s hand; a flower is laid out and replaced from the back at once. */
  const take = (seat, tile) => {
    hands4[seat].push(tile);
    s.drawn[seat] = tile;
    while (rules.flowers && isFlower(s.drawn[seat])) {
      layOut(seat, s.drawn[seat]);
      s.drawn[seat] = null;
      if (wall.remaining === 0) {
        s.phase = "ended"; // nothing left to replace the flower: the hand is drawn
        return;
      }
      const next = wall.replacement();
      hands4[seat].push(next);
      s.drawn[seat] = next;
    }
  };
  const reveal = (n = 1) => {
    for (let k = 0; k < n && revealed < 5; k += 1) {
      revealed += 1;
      s.table.dora_indicators.push(wall.dead[revealed - 1]);
    }
  };
  const revealPending = () => {
    if (pendingDora) reveal(pendingDora);
    pendingDora = 0;
  };
  const kanDone = (seat, kindName) => {
    take(seat, wall.replacement());
    kans += 1;
    if (!rules.dora || kans > kansRevealing) return;
    if (early || kindName === "ankan") reveal();
    else pendingDora += 1;
  };

  // The table draws for the next seat as soon as nobody can claim any more, so the draw belongs
  // to the step that closes the window: the one right before that seat's turn action.
  const drawFor = (next) => {
    if (!next || s.phase === "ended" || !TURN_ACTIONS.has(next.action.type) || hands4[next.seat].length % 3 !== 1) return;
    s.turn = next.seat;
    s.phase = "turn";
    take(next.seat, wall.draw());
  };
  // Answers to a window (pass, ron, chi, pon, minkan) are collected; the table acts on them
  // when the window closes, that is at the last answer: the step before a non-answer.
  let answers = [];
  let pendingKan = null;
  const winners = ((hand.summary && hand.summary.wins) || []).map((w) => w.seat);
  const fines = (hand.summary && hand.summary.false_wins) || [];
  let fined = 0; // false wins shown so far
  const showFalseWins = (seats) => {
    s.false_win = seats;
    fined += seats.length;
  };
  /** Act on the window's answers; `goesOn`: more actions follow in this hand. */
  const closeWindow = (goesOn) => {
    const rons = answers.filter((a) => a.action.type === "ron");
    let calls = answers.filter((a) => ["pon", "minkan"].includes(a.action.type))
      .concat(answers.filter((a) => a.action.type === "chi"));
    answers = [];
    // The winner takes the tile: the nearest declaration the summary lists as a win (a nearer
    // false one only pays). None while the hand goes on, or when no declaration won.
    if (rules.bloody && rons.length) {
      // Every seat that declared wins (several may, on one tile); the hand goes on. A robbed
      // added kan is a pon again, and its replacement never comes.
      const from = lastDiscard ? lastDiscard.seat : null;
      pendingRiichi = null; // a riichi discard that deals in is not accepted
      // The win order: nearest the discarder first.
      if (from !== null) rons.sort((a, b) => ((a.seat - from + 4) % 4) - ((b.seat - from + 4) % 4));
      for (const a of rons) winStep(s, hands4, a.seat, lastDiscard ? lastDiscard.tile : a.action.tile, from, (hand.summary || {}).wins);
      if (lastDiscard && lastDiscard.index >= 0) s.discards[lastDiscard.seat][lastDiscard.index][3] = rons[0].seat;
      if (pendingKan !== null && pendingKan.kind === "kakan") {
        undoKanBonus(s);
        const meld = s.melds[pendingKan.seat].find((m) => m.kind === "kakan" && kind(m.tiles[0]) === kind(lastDiscard.tile));
        if (meld) {
          meld.kind = "pon";
          meld.tiles = meld.tiles.slice(0, 3);
        }
      }
      pendingKan = null;
      answers = [];
      return;
    }
    const taker = rons.length && !goesOn
      ? (hand.summary ? rons.find((a) => winners.includes(a.seat)) : rons[0])
      : undefined;
    if (taker) {
      if (lastDiscard && lastDiscard.index >= 0) s.discards[lastDiscard.seat][lastDiscard.index][3] = taker.seat;
      s.phase = "ended";
      pendingKan = null;
      // False declarations beside the win paid too: the summary's last fines.
      if (fines.length > fined) showFalseWins(fines.slice(fined));
      return;
    }
    if (rons.length) {
      // Every win declared on the tile was false: play goes on as if everyone had passed. The
      // engine fines them nearest the discarder first.
      const from = lastDiscard ? lastDiscard.seat : 0;
      showFalseWins(rons.map((a) => a.seat).sort((a, b) => ((a - from + 4) % 4) - ((b - from + 4) % 4)));
      calls = [];
    }
    if (pendingRiichi !== null) {
      s.points[pendingRiichi] -= 1000;
      s.table.sticks += 1;
      s.seats_public[pendingRiichi].riichi = true;
      pendingRiichi = null;
    }
    if (pendingKan !== null) {
      kanDone(pendingKan.seat, pendingKan.kind);
      pendingKan = null;
    }
    if (calls.length && lastDiscard && lastDiscard.index >= 0) {
      const { seat, action } = calls[0];
      const type = action.type;
      if (rules.dora && !early && type === "minkan") revealPending();
      for (const t of action.tiles) removeTile(hands4[seat], t);
      s.discards[lastDiscard.seat][lastDiscard.index][3] = seat;
      s.melds[seat].push({ kind: type, tiles: [...action.tiles, lastDiscard.tile].sort(compareTiles),
        called_tile: lastDiscard.tile, from_seat: lastDiscard.seat });
      s.turn = seat;
      s.phase = "turn";
      if (type === "minkan" && rules.kanBonus) kanBonus(s, seat, type, { feeder: lastDiscard.seat, options });
      if (type === "minkan") kanDone(seat, type);
    }
  };
  // MCR: the last live tile can be a flower with nothing left to replace it. The hand then ends
  // with no further action, so that draw belongs to the step of the last (unclaimed) discard.
  const drawLastFlower = () => {
    const unclaimed = lastDiscard && lastDiscard.index >= 0 && s.discards[lastDiscard.seat][lastDiscard.index][3] === null;
    if (!rules.flowers || s.phase === "ended" || wall.remaining === 0 || !unclaimed) return;
    if (!hand.summary || hand.summary.reason !== "exhaustive") return;
    const seat = (lastDiscard.seat + 1) % 4;
    s.turn = seat;
    take(seat, wall.draw());
  };
  hand.entries.forEach(({ seat, action }, j) => {
    const type = action.type;
    const next = hand.entries[j + 1];
    delete s.false_win;
    if (TURN_ACTIONS.has(type)) s.turn = seat;
    if (rules.kanBonus && (type === "ankan" || type === "kakan")) {
      kanBonus(s, seat, type, { justDrawn: s.drawn[seat] === action.tile, options });
    }
    if (type === "discard") {
      const tsumogiri = action.tsumogiri ?? (s.drawn[seat] === action.tile);
      removeTile(hands4[seat], action.tile);
      s.discards[seat].push([action.tile, !!tsumogiri, !!action.riichi, null]);
      lastDiscard = { seat, index: s.discards[seat].length - 1, tile: action.tile };
      if (action.riichi) pendingRiichi = seat;
      s.drawn[seat] = null;
      if (rules.dora && !early) revealPending();
      s.phase = "call";
    } else if (ANSWERS.has(type)) {
      answers.push({ seat, action });
    } else if (type === "ankan") {
      if (rules.dora && !early) revealPending();
      for (const t of action.tiles) removeTile(hands4[seat], t);
      s.melds[seat].push({ kind: "ankan", tiles: [...action.tiles], called_tile: null, from_seat: null });
      s.drawn[seat] = null;
      lastDiscard = { seat, index: -1, tile: action.tiles[0] };
      pendingKan = { seat, kind: "ankan" };
    } else if (type === "kakan") {
      if (rules.dora && !early) revealPending();
      removeTile(hands4[seat], action.tile);
      const meld = s.melds[seat].find((m) => m.kind === "pon" && kind(m.tiles[0]) === kind(action.tile));
      if (meld) {
        meld.kind = "kakan";
        meld.tiles = [...meld.tiles, action.tile];
      }
      s.drawn[seat] = null;
      lastDiscard = { seat, index: -1, tile: action.tile };
      pendingKan = { seat, kind: "kakan" };
    } else if (type === "exchange" && rules.bloody) {
      exchangeStep(s, hands4, seat, action.tiles, summary.direction, dealer);
    } else if (type === "void" && rules.bloody) {
      voidStep(s, seat, action.suit, dealer);
    } else if (type === "tsumo" && rules.bloody) {
      winStep(s, hands4, seat, s.drawn[seat], null, summary.wins); // the hand goes on without the seat
      if (!next) s.phase = "ended";
    } else if (type === "tsumo" && next) {
      showFalseWins([seat]); // refused and fined: the seat still has its turn to discard
    } else if (type === "tsumo" || type === "abort") {
      s.phase = "ended";
    }
    if (!(next && ANSWERS.has(next.action.type)) && s.phase !== "ended") closeWindow(Boolean(next));
    if (!next) drawLastFlower();
    drawFor(next);
    s.last = { seat, action };
    s.live_remaining = wall.remaining;
    s.hand_sizes = hands4.map((h) => h.length);
    states.push(clone(s));
  });
  if (hand.summary) {
    const end = states[states.length - 1];
    end.phase = "ended";
    end.points = [...hand.summary.points];
    if (rules.sticks) end.table.sticks = hand.summary.sticks;
    end.result = hand.summary;
  }
  return states;
}

/** The states of a hand with each draw as its own step: a step after which some other seat than
 *  the one that acted holds a newly drawn tile becomes two, the action alone and then the draw
 *  (`last` {seat, action: {type: "draw"}}). A kan's replacement stays with the kan. */
export function withDrawSteps(states) {
  const out = [states[0]];
  for (let k = 1; k < states.length; k += 1) {
    const prev = states[k - 1];
    const cur = states[k];
    const seat = cur.last ? cur.drawn.findIndex((tile, i) => tile !== null && tile !== undefined
      && (prev.drawn[i] === null || prev.drawn[i] === undefined) && i !== cur.last.seat) : -1;
    if (seat < 0) {
      out.push(cur);
      continue;
    }
    const before = clone(cur);
    const hand = before.hands[seat];
    hand.splice(hand.lastIndexOf(cur.drawn[seat]), 1);
    before.drawn[seat] = null;
    before.hand_sizes[seat] -= 1;
    before.live_remaining += 1;
    before.turn = prev.turn;
    const drew = clone(cur);
    delete drew.false_win;
    drew.last = { seat, action: { type: "draw" } };
    out.push(before, drew);
  }
  return out;
}
