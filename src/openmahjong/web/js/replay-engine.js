// Rebuilds a Riichi game's table, action by action, from our record (docs/records.md) in the
// browser: no server call beyond the record itself, no DOM.
//
// The record's header reveals the master seed, so each hand's wall is shuffledWall("riichi",
// seed, round_index) (fairness.js, the port of openmahjong.fairness) and the deal is deal(wall,
// dealer). The actions then say everything else. Draws are implied: a seat about to act on its
// turn with 3n+1 concealed tiles first draws the next live tile; a kan is followed by its
// replacement from the dead wall (the 14 tiles at the back: indicators at 0-4, ura at 5-9,
// replacements from 10), one live tile crossing over to keep the dead wall at 14, exactly as
// openmahjong.table.wall does. Kan dora follows the options' kan_dora (MAJSOUL: a closed kan
// shows at once, an open one after the next discard or kan; EARLY_KAN_DORA: at once).
//
// handStates(record, i) returns one state per step of hand i: states[0] is the deal, states[k]
// the table after the hand's k-th action. A state is a spectator view for table-view.js plus
// `hands` (every concealed hand) and `last` (the action just played).

import { deal, parseMasterSeed, shuffledWall } from "./fairness.js";
import { compareTiles, kind } from "./tiles.js";

const DEAD = 14;
const TURN_ACTIONS = new Set(["discard", "tsumo", "ankan", "kakan", "abort"]);
const ANSWERS = new Set(["pass", "ron", "chi", "pon", "minkan"]);
const REPLACEMENT_OFFSET = 10;

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
      out.push({ summary: s, label: s.label, round_index: s.round_index, entries: all.slice(at, at + s.actions) });
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

function labelParts(label) {
  const m = /^([ESWN])(\d+)-(\d+)$/.exec(label || "");
  if (!m) return { wind: 41, number: 1, honba: 0 };
  return { wind: WIND_LETTERS[m[1]], number: Number(m[2]), honba: Number(m[3]) };
}

function clone(state) {
  return JSON.parse(JSON.stringify(state));
}

function removeTile(hand, tile) {
  const i = hand.indexOf(tile);
  if (i < 0) throw new Error(`tile ${tile} is not in the hand ${hand.join(",")}`);
  hand.splice(i, 1);
}

/** Every state of hand `index` (0-based) of the record. */
export function handStates(record, index) {
  const hands = splitHands(record);
  const hand = hands[index];
  if (!hand) throw new RangeError(`no hand ${index}`);
  const header = record.header || {};
  if (!header.master_seed) throw new Error("the record has no revealed master seed");
  const options = header.options || {};
  const seed = parseMasterSeed(String(header.master_seed));
  const summary = hand.summary || {};
  const dealer = summary.dealer ?? 0;
  const wall = shuffledWall("riichi", seed, hand.round_index, { redFives: options.red_fives !== false });
  const [dealt, rest] = deal(wall, 4, { dealer, dealerExtra: true });
  const live = rest.slice(0, rest.length - DEAD);
  const dead = rest.slice(rest.length - DEAD);
  let position = 0;
  let replacements = 0;
  let revealed = 1;
  let pendingDora = 0;
  let pendingRiichi = null;
  const early = options.kan_dora === "EARLY_KAN_DORA";
  const startPoints = index > 0 && hands[index - 1].summary ? hands[index - 1].summary.points
    : Array(4).fill(options.starting_points ?? 25000);
  const lp = labelParts(hand.label);
  const hands4 = dealt.map((h) => [...h]);
  const s = {
    seat: null,
    phase: "turn",
    turn: dealer,
    hand_sizes: hands4.map((h) => h.length),
    melds: [[], [], [], []],
    discards: [[], [], [], []],
    points: [...startPoints],
    live_remaining: live.length,
    table: {
      round_wind: lp.wind, hand_number: lp.number, dealer, honba: summary.honba ?? lp.honba,
      sticks: summary.sticks_at_start ?? 0, dora_indicators: [dead[0]],
    },
    seats_public: [0, 1, 2, 3].map((i) => ({ riichi: false, seat_wind: 41 + ((i - dealer + 4) % 4) })),
    hands: hands4,
    drawn: [null, null, null, null],
    last: null,
  };
  s.drawn[dealer] = hands4[dealer][hands4[dealer].length - 1];
  let lastDiscard = null;
  const states = [snapshot(s)];

  const reveal = (n = 1) => {
    for (let k = 0; k < n && revealed < 5; k += 1) {
      revealed += 1;
      s.table.dora_indicators.push(dead[revealed - 1]);
    }
  };
  const revealPending = () => {
    if (pendingDora) reveal(pendingDora);
    pendingDora = 0;
  };
  const replacement = (seat) => {
    const tile = dead[REPLACEMENT_OFFSET + replacements];
    replacements += 1;
    if (live.length - position > 0) dead.push(live.pop());
    hands4[seat].push(tile);
    s.drawn[seat] = tile;
  };
  const kanDone = (seat, kindName) => {
    replacement(seat);
    if (early || kindName === "ankan") reveal();
    else pendingDora += 1;
  };

  // The table draws for the next seat as soon as nobody can claim any more, so the draw belongs
  // to the step that closes the window: the one right before that seat's turn action.
  const drawFor = (next) => {
    if (!next || !TURN_ACTIONS.has(next.action.type) || hands4[next.seat].length % 3 !== 1) return;
    const tile = live[position];
    position += 1;
    hands4[next.seat].push(tile);
    s.drawn[next.seat] = tile;
    s.turn = next.seat;
    s.phase = "turn";
  };
  // Answers to a window (pass, ron, chi, pon, minkan) are collected; the table acts on them
  // when the window closes, that is at the last answer: the step before a non-answer.
  let answers = [];
  let pendingKan = null;
  const closeWindow = () => {
    const rons = answers.filter((a) => a.action.type === "ron");
    const calls = answers.filter((a) => ["pon", "minkan"].includes(a.action.type))
      .concat(answers.filter((a) => a.action.type === "chi"));
    answers = [];
    if (rons.length) {
      if (lastDiscard && lastDiscard.index >= 0) s.discards[lastDiscard.seat][lastDiscard.index][3] = rons[0].seat;
      s.phase = "ended";
      pendingKan = null;
      return;
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
      if (!early && type === "minkan") revealPending();
      for (const t of action.tiles) removeTile(hands4[seat], t);
      s.discards[lastDiscard.seat][lastDiscard.index][3] = seat;
      s.melds[seat].push({ kind: type, tiles: [...action.tiles, lastDiscard.tile].sort(compareTiles),
        called_tile: lastDiscard.tile, from_seat: lastDiscard.seat });
      s.turn = seat;
      s.phase = "turn";
      if (type === "minkan") kanDone(seat, type);
    }
  };
  hand.entries.forEach(({ seat, action }, j) => {
    const type = action.type;
    if (TURN_ACTIONS.has(type)) s.turn = seat;
    if (type === "discard") {
      const tsumogiri = action.tsumogiri ?? (s.drawn[seat] === action.tile);
      removeTile(hands4[seat], action.tile);
      s.discards[seat].push([action.tile, !!tsumogiri, !!action.riichi, null]);
      lastDiscard = { seat, index: s.discards[seat].length - 1, tile: action.tile };
      if (action.riichi) pendingRiichi = seat;
      s.drawn[seat] = null;
      if (!early) revealPending();
      s.phase = "call";
    } else if (ANSWERS.has(type)) {
      answers.push({ seat, action });
    } else if (type === "ankan") {
      if (!early) revealPending();
      for (const t of action.tiles) removeTile(hands4[seat], t);
      s.melds[seat].push({ kind: "ankan", tiles: [...action.tiles], called_tile: null, from_seat: null });
      s.drawn[seat] = null;
      lastDiscard = { seat, index: -1, tile: action.tiles[0] };
      pendingKan = { seat, kind: "ankan" };
    } else if (type === "kakan") {
      if (!early) revealPending();
      removeTile(hands4[seat], action.tile);
      const meld = s.melds[seat].find((m) => m.kind === "pon" && kind(m.tiles[0]) === kind(action.tile));
      if (meld) {
        meld.kind = "kakan";
        meld.tiles = [...meld.tiles, action.tile];
      }
      s.drawn[seat] = null;
      lastDiscard = { seat, index: -1, tile: action.tile };
      pendingKan = { seat, kind: "kakan" };
    } else if (type === "tsumo" || type === "abort") {
      s.phase = "ended";
    }
    const next = hand.entries[j + 1];
    if (!(next && ANSWERS.has(next.action.type)) && s.phase !== "ended") closeWindow();
    drawFor(next);
    s.last = { seat, action };
    s.live_remaining = live.length - position;
    s.hand_sizes = hands4.map((h) => h.length);
    states.push(snapshot(s));
  });
  if (hand.summary) {
    const end = states[states.length - 1];
    end.phase = "ended";
    end.points = [...hand.summary.points];
    end.table.sticks = hand.summary.sticks;
    end.result = hand.summary;
  }
  return states;
}

function snapshot(s) {
  return clone(s);
}
