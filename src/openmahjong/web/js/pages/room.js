// A room and its table: seats, ready, bots and start (room messages of docs/protocol.md), then
// the game itself: views, prompts, events, the end. The socket lives in play-client.js and the
// drawing in table-view.js; this module only keeps the state between them.
//
// "#/room/<id>?bots=3&start=1" (the lobby's "play against 3 bots") takes a seat, fills the
// other seats with bots, says ready and starts, one step per room update.

import { getJson } from "../api.js";
import { errorBox, h } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { PlayClient } from "../play-client.js";
import { queueWait } from "../queue-wait.js";
import { currentUser } from "../session.js";
import { clientOf, defaultPreset, defaultRuleset, liveAfterDeal, loadRulesets, roomName } from "../rulesets.js";
import { tableOptions, withOptions } from "../option-tables.js";
import { clockElement, drawnTile, renderTable } from "../table-view.js";
import { applyEvent } from "../view-events.js";
import { matchEndElement, modal, resultElement } from "../result-view.js";
import { handExtras } from "../win-details.js";
import { autoAnswer, loadOptions, saveOptions } from "../auto-play.js";
import { play, setSoundOn, soundFor, soundOn } from "../sound.js";
import { roomTools } from "../room-tools.js";
import { isBloody, revealedHands, seatParts } from "../sichuan-view.js";
import { handParts } from "../exchange-picker.js";
import { freeplayHands, freeplayParts, isFreeplay } from "../freeplay-table.js";

let session = null;

/** How long an automatic answer waits, so the table shows the draw before the discard. */
const AUTO_DELAY_MS = 250;

function freshSession(id, query) {
  const quick = id === "quick";
  return {
    id: quick ? "quick" : Number(id),
    // Unnamed, the quick match plays the server's default ruleset and preset (filled in once
    // the rulesets are loaded).
    quick: quick ? { ruleset: query.get("ruleset"), preset: query.get("preset"), casual: query.get("casual") === "1", tier: query.get("tier") || "bronze", waiting: 0 } : null,
    rulesets: {},
    auto: { bots: Number(query.get("bots") || 0), start: query.get("start") === "1" },
    password: query.get("password") || undefined,
    status: "connecting",
    statusDetail: null,
    room: null,
    info: null,
    game: null,
    seat: null,
    players: [],
    fairness: null,
    view: null,
    prompt: null,
    riichi: false,
    showFairness: false,
    result: null,
    // The server's hold after a hand ({hand, seconds, waiting, at}: `hand_end`), and whether
    // this player pressed Continue for it (then the table waits for the others).
    hold: null,
    continued: false,
    matchEnd: null,
    matchEndClosed: false,
    shown: {},
    autoOptions: loadOptions(),
    fresh: null,
    handStart: null,
    wins: [],
    message: null,
    clock: null,
    clockAt: 0,
    copied: false,
    client: null,
    main: null,
    autoSent: new Set(),
    handsDone: 0,
    suppliedSeed: false,
    sitChosen: false,
  };
}

/** The room's owner chose its master seed (duplicate play): the HTTP room, a room state or
 *  the game's start says so. That owner can know every wall; the games never count. */
function seedSupplied() {
  return !!(session.suppliedSeed || (session.info && session.info.supplied_seed) || (session.room && session.room.supplied_seed));
}

function isOwner() {
  const owner = session.room ? session.room.owner_id : session.info && session.info.owner ? session.info.owner.id : null;
  return owner !== null && owner !== undefined && owner === me();
}

/** A visitor of a room with a supplied seed is not seated on arrival: they read the warning
 *  and choose to sit (or watch). Its owner, who chose the seed, sits at once as anywhere. */
function holdBack() {
  return seedSupplied() && !isOwner() && !session.sitChosen;
}

function sit() {
  session.sitChosen = true;
  session.watching = false;
  send({ type: "join", room: session.id, ...(session.password ? { password: session.password } : {}) });
}

/** The room's ruleset: from the room state, else the quick-match queue's, else the server's
 *  default. */
function rulesetOf(s) {
  if (s.room && s.room.ruleset) return s.room.ruleset;
  if (s.info && s.info.ruleset) return s.info.ruleset;
  return s.quick && s.quick.ruleset ? s.quick.ruleset : defaultRuleset(s.rulesets);
}

/** What the server says of the room's ruleset (GET /api/rooms/rulesets), or null: its client
 *  data merged with the option tables of the options this table has on (option-tables.js:
 *  an Asura table gets the exchange and bloody pieces). */
function rulesetInfo(s) {
  const name = rulesetOf(s);
  const info = name && Object.hasOwn(s.rulesets, name) ? s.rulesets[name] : null;
  return withOptions(info, tableOptions(info, { preset: presetOf(s), rules: (s.info && s.info.rules) || null }));
}

/** The room's preset (the room state's, the HTTP room's or the queue's), or null. */
function presetOf(s) {
  return (s.room && s.room.preset) || (s.info && s.info.preset) || (s.quick && s.quick.preset) || null;
}

function send(msg) {
  if (session && session.client) session.client.send(msg);
}

function me() {
  return session.user ? session.user.id : null;
}

function mySeat(room) {
  if (!room || !room.seats) return null;
  const i = room.seats.findIndex((s) => s && s.user_id === me() && !s.bot);
  return i >= 0 ? i : null;
}

/** One step of "play against bots": join, add bots, ready, start; each sent once per state. */
function autoPlay() {
  const room = session.room;
  if (!session.auto.bots && !session.auto.start) return; // an ordinary visit: the player decides
  if (!room || room.status === "playing" || room.game) return;
  const seat = mySeat(room);
  const once = (key, msg) => {
    if (session.autoSent.has(key)) return;
    session.autoSent.add(key);
    send(msg);
  };
  if (seat === null) return;
  const empty = room.seats.filter((s) => !s).length;
  if (session.auto.bots > 0 && empty > 0 && room.owner_id === me()) {
    once(`bot-${empty}`, { type: "add_bot", room: session.id });
    return;
  }
  if (!room.seats[seat].ready) once("ready", { type: "ready", room: session.id, ready: true });
  else if (session.auto.start && empty === 0 && room.seats.every((s) => s && (s.ready || s.bot)) && room.owner_id === me()) {
    once("start", { type: "start", room: session.id });
  }
}

/** The winner's tiles for the win screen: the event's concealed hand and, from the view the
 *  event was just applied to, the melds (the next hand's view replaces both soon after). */
function winningHand(ev) {
  const melds = session.view ? (session.view.melds || [])[ev.seat] || [] : [];
  return { hand: ev.hand || null, melds: [...melds] };
}

/** The dora indicators on the table now (a win's screen shows them). */
function doraNow() {
  return [...(((session.view || {}).table || {}).dora_indicators || [])];
}

/** A hand's result from the record's summary of it (`hand_end.summary`): after a reconnect
 *  during the hold the hand's events are gone, and the summary says what they came to. */
function resultFromSummary(summary) {
  if (!summary || !summary.reason) return null;
  return { reason: summary.reason, deltas: summary.deltas, points: summary.points, tenpai: summary.tenpai || [],
    wins: (summary.wins || []).map((w) => ({ ...w, yaku: w.yaku ? w.yaku.map(yakuPair) : undefined })), shown: {},
    birds: summary.birds, starting: summary.starting, dealer: summary.dealer };
}

/** Build the hand-result document from the engine events of one hand (Won..., HandEnded). */
function noteEvent(ev) {
  if (!ev) return;
  if (ev.type === "HandStarted") {
    session.wins = [];
    session.shown = {};
    session.handStart = ev;
  } else if (ev.type === "Won") {
    // Everything the win carries (ura indicators, base points, the honba and stick parts)
    // goes to the result screen as it came.
    const { type, private_to: _private, ...win } = ev;
    session.wins.push({ ...win, ...winningHand(ev), yaku: (ev.yaku || []).map(yakuPair), dora_indicators: doraNow() });
  } else if (ev.type === "WinnerRevealed") {
    // Asura's hand end: a hidden win's hand and yaku, shown to everybody now.
    const i = session.wins.findIndex((w) => w.order === ev.order);
    if (i >= 0) {
      session.wins[i] = { ...session.wins[i], hand: [...ev.hand], yaku: (ev.yaku || []).map(yakuPair), han: ev.han, fu: ev.fu,
        ura_indicators: [...(ev.ura_indicators || [])], total: ev.total, hidden: false };
    }
  } else if (ev.type === "SichuanWon") {
    // A bloody win: the hand goes on; the hand's screen lists every win in order.
    const { type, private_to: _private, ...win } = ev;
    session.wins.push({ ...win, ...winningHand(ev) });
  } else if (ev.type === "McrWon") {
    session.wins.push({ seat: ev.seat, from_seat: ev.from_seat, tile: ev.tile, ...winningHand(ev), fans: ev.fans, fan_total: ev.fan_total,
      flowers: ev.flowers, total: ev.total });
  } else if (["QingqueWon", "ChangshaWon", "FreeplayWon", "TaiwanWon"].includes(ev.type)) {
    // The plugin rulesets' wins (issue 25), everything they carry: Qingque's fans, fan total
    // and base points, Changsha's patterns, value and payments, Taiwan's tai and payments
    // (win-details.js draws them).
    const { type, private_to: _private, ...win } = ev;
    session.wins.push({ ...win, ...winningHand(ev) });
  } else if (ev.type === "Revealed") {
    if (ev.tiles && ev.tiles.length) session.shown[ev.seat] = [...ev.tiles];
  } else if (ev.type === "HandEnded") {
    session.handsDone += 1;
    session.result = { reason: ev.reason, deltas: ev.deltas, points: ev.points, tenpai: ev.tenpai || [], wins: session.wins,
      shown: { ...session.shown }, recheck: (session.view && session.view.recheck) || null,
      // Changsha's starting-hand wins and birds, from the hand's events (win-details.js).
      ...handExtras(session.view && session.view.events, session.view) };
    session.wins = [];
    session.prompt = null;
    session.continued = false;
  }
}

/** A yaku as [name, han] whatever its shape: [name, han], {name, han}, {en, zh, ja, han}. */
export function yakuPair(y) {
  if (Array.isArray(y)) return [String(y[0]), y[1]];
  if (y && typeof y === "object") return [y.name || y.en || JSON.stringify(y), y.han ?? y.value ?? ""];
  return [String(y), ""];
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      session.user = msg.user;
      if (session.quick && session.id === "quick") send({ type: "queue", ruleset: session.quick.ruleset, preset: session.quick.preset, casual: session.quick.casual, tier: session.quick.tier });
      // After a reconnect (or a server restart, which forgets who watched) a spectator watches
      // again; joining as a player would take a free seat.
      else if (session.watching) watch();
      else if (!holdBack()) send({ type: "join", room: session.id, ...(session.password ? { password: session.password } : {}) });
      break;
    case "queued":
      if (session.quick) {
        session.quick.waiting = msg.ruleset ? msg.waiting : 0;
        session.quick.since = session.quick.since || Date.now(); // the shown wait counts from here
        session.quick.botFill = msg.bot_fill_seconds ?? null; // the server's bot fill, when it says
      }
      break;
    case "room":
      if (session.id === "quick") {
        // Matchmaking formed a table: this is our room from now on.
        session.id = msg.room;
        window.location.replace(`#/room/${msg.room}`);
      }
      if (msg.room !== session.id) return;
      session.room = msg;
      session.message = null;
      autoPlay();
      break;
    case "game_start":
      session.game = msg.game;
      session.seat = msg.seat;
      session.players = msg.players || [];
      session.fairness = { commitment: msg.commitment, salt: msg.salt };
      session.suppliedSeed = !!msg.supplied_seed;
      session.matchEnd = null;
      if (msg.seat === null || msg.seat === undefined) {
        // A spectator gets no view: start from an empty table that the events fill in.
        const n = session.players.length || 4;
        session.view = { seat: null, phase: "turn", turn: 0, hand: [], hand_sizes: Array(n).fill(0),
          melds: Array.from({ length: n }, () => []), discards: Array.from({ length: n }, () => []),
          points: Array(n).fill(0), live_remaining: 0, table: {}, seats_public: Array.from({ length: n }, () => ({})), events: [] };
      }
      break;
    case "view":
      session.label = msg.label || null; // the hand's label data (Match.label_data)
      if (session.hold && session.handsDone > 0) {
        // The next hand's deal: the hold is over (all continued, or its time ran out).
        session.hold = null;
        session.result = null;
        session.continued = false;
      }
      session.view = msg.view;
      if (msg.seat !== undefined && session.view.seat === undefined) session.view.seat = msg.seat;
      for (const ev of msg.view.events || []) if (ev.type === "HandStarted") session.handStart = ev;
      break;
    case "event":
      if (session.view) session.view = applyEvent(session.view, msg.event, clientOf(rulesetInfo(session)));
      if (session.view && session.seat === null && msg.event.type === "HandStarted") {
        // A spectator gets no view with the wall count: the live wall after the deal, which
        // the Drew events then count down.
        session.view.live_remaining = liveAfterDeal(rulesetInfo(session));
      }
      noteEvent(msg.event);
      cue(msg.event);
      break;
    case "prompt":
      session.prompt = msg;
      session.riichi = false;
      startClock(msg.context || {});
      // A free-play seat off the turn is asked too (it may move at any time): no turn cue.
      if ((msg.context || {}).optional) break;
      if (!answerByItself(msg)) play("turn");
      session.fresh = { ...(session.fresh || {}), turn: true };
      break;
    case "hand_end":
      session.hold = { hand: msg.hand, seconds: msg.seconds, waiting: (msg.waiting || []).length, at: performance.now(),
        label: msg.label || null };
      if (!session.result && !session.continued) session.result = resultFromSummary(msg.summary);
      break;
    case "accepted":
      if (session.prompt && session.prompt.seq === msg.seq) session.prompt = null;
      session.clock = null;
      break;
    case "game_end": {
      const r = msg.result || {};
      session.matchEnd = {
        ranking: r.ranking || [], final_points: r.final_points || r.points || [], places: r.places, settlement: r.settlement || null,
        master_seed: msg.master_seed, salt: msg.salt || (session.fairness && session.fairness.salt),
        commitment: msg.commitment || (session.fairness && session.fairness.commitment), ruleset: rulesetOf(session),
        preset: presetOf(session), hands: Math.max(1, session.handsDone), game: msg.game,
        // The names by starting seat, as the seed check wants them (not "p1".."p4").
        players: msg.players && msg.players.length ? msg.players : null, names: msg.players && msg.players.length ? msg.players : null,
      };
      session.prompt = null;
      // The last hand's hold is over (the server ends the game after it): its screen gives
      // way to the match's.
      session.hold = null;
      session.result = null;
      session.continued = false;
      break;
    }
    case "error":
      session.message = errorText(msg); // the code's words in the page's language
      session.errorCode = msg.code;
      break;
    default:
      return;
  }
  draw();
}

/** The sound and motion of an event: discard and call sounds (riichi and win their own), and
 *  which pond or meld to animate at the next drawing. */
function cue(ev) {
  const sound = soundFor(ev);
  if (sound) play(sound);
  if (ev.type === "Discarded") session.fresh = { discard: ev.seat };
  else if (ev.type === "Called") session.fresh = { call: ev.seat };
}

/** Answer the prompt by itself when the auto options say so (a single choice always), a
 *  moment later so the table shows what happens. Returns whether it will. */
function answerByItself(prompt) {
  const action = autoAnswer(prompt, session.autoOptions, session.view, session.view ? drawnTile(session.view) : null);
  if (!action) return false;
  if (session.autoScheduled === prompt.seq) return true; // one answer per prompt
  session.autoScheduled = prompt.seq;
  const mine = session;
  setTimeout(() => {
    if (session === mine && session.prompt === prompt) act(action);
  }, AUTO_DELAY_MS);
  return true;
}

/** Continue: this player has read the hand's result (the server waits for every player, or
 *  for the hold's time). A spectator just closes it. */
function continueHand() {
  if (session.seat !== null && session.seat !== undefined && session.game && session.hold) {
    send({ type: "continue", room: session.id, game: session.game });
  }
  session.result = null;
  session.continued = true;
  draw();
}

/** Seconds left of the hold, counted down from its `hand_end`. */
function holdLeft() {
  if (!session.hold) return null;
  return session.hold.seconds - (performance.now() - session.hold.at) / 1000;
}

function startClock(ctx) {
  const move = ctx.move_seconds ?? ctx.move ?? ctx.time_left;
  const bank = ctx.bank_seconds ?? ctx.bank;
  // total / bankTotal: what the clock's bar empties from.
  session.clock = move === undefined && bank === undefined ? null : { move, bank, total: move, bankTotal: bank };
  session.clockAt = performance.now();
  session.protection = ctx.protection_delay ?? ctx.protection;
}

function clockNow() {
  if (!session.clock) return null;
  const spent = (performance.now() - session.clockAt) / 1000;
  const move = session.clock.move;
  if (move === undefined) return session.clock;
  const left = move - spent;
  const totals = { total: session.clock.total, bankTotal: session.clock.bankTotal };
  if (left >= 0) return { move: left, bank: session.clock.bank, ...totals };
  return { move: 0, bank: session.clock.bank !== undefined ? session.clock.bank + left : undefined, ...totals };
}

function statusLine() {
  const s = session.status;
  const text = s === "reconnecting" ? t("room.reconnecting", { s: Math.ceil((session.statusDetail || 0) / 1000) })
    : s === "refused" ? t("room.refused", { code: session.statusDetail }) : t(`room.${s === "closed" ? "closedConn" : s}`);
  return h("p", { class: `conn conn-${s}`, "data-testid": "connection", "data-status": s, role: "status" }, text,
    s === "reconnecting" ? h("button", { type: "button", class: "small-btn", onclick: () => session.client.connect() }, t("room.reconnect")) : null);
}

function watch() {
  session.watching = true;
  send({ type: "join", room: session.id, spectate: true, ...(session.password ? { password: session.password } : {}) });
}

/** "Watch", when the room takes spectators: also shown when a game already running there
 *  refused our seat (then no room state has come). */
function watchButton() {
  if (!(session.info && session.info.table && session.info.table.spectators)) return null;
  return h("button", { type: "button", "data-testid": "watch", onclick: watch }, t("room.watch"));
}

/** The warning of a room whose seed a player chose: in full in the lobby (with "sit anyway"
 *  for a visitor who has not sat), one line above the table once the game runs. */
function seedWarning() {
  if (session.view) return h("p", { class: "seed-warning compact", "data-testid": "seed-warning" }, t("seed.table"));
  const owner = isOwner();
  const waiting = !session.room && holdBack();
  const playing = session.info && session.info.status === "playing";
  return h("section", { class: "seed-warning", "data-testid": "seed-warning", "aria-labelledby": "seed-h" },
    h("h2", { id: "seed-h" }, owner ? t("seed.ownerTitle") : t("seed.roomTitle")),
    h("p", {}, owner ? t("seed.ownerBody") : t("seed.roomBody")),
    waiting ? h("div", { class: "button-row" },
      playing ? null : h("button", { type: "button", class: "primary", "data-testid": "sit-anyway", onclick: sit }, t("seed.sit")),
      watchButton(),
      h("a", { class: "button", href: "#/lobby" }, t("room.backToLobby"))) : null);
}

function seatsPanel() {
  const room = session.room;
  if (!room && holdBack()) return null; // the warning offers the choices
  if (!room) return h("div", {}, h("p", { class: "muted" }, t("room.waiting")), h("div", { class: "button-row" }, watchButton()));
  const seat = mySeat(room);
  const owner = room.owner_id === me();
  const list = h("ol", { class: "room-seats", "data-testid": "room-seats" }, room.seats.map((s, i) => h("li", { "data-seat": i },
    s ? [h("strong", {}, s.name), " ", h("span", { class: "badge" }, s.bot ? t("room.bot") : s.ready ? t("room.ready") : t("room.notReady"))]
      : h("span", { class: "muted" }, t("room.empty")))));
  const empty = room.seats.filter((s) => !s).length;
  const buttons = h("div", { class: "button-row" },
    seat === null && !room.game ? h("button", { type: "button", class: "primary", onclick: sit }, t("room.join")) : null,
    seat === null ? watchButton() : null,
    seat !== null ? h("button", { type: "button", "data-testid": "ready", onclick: () => send({ type: "ready", room: session.id, ready: !room.seats[seat].ready }) },
      room.seats[seat].ready ? t("room.unready") : t("room.setReady")) : null,
    owner && empty ? h("button", { type: "button", "data-testid": "add-bot", onclick: () => send({ type: "add_bot", room: session.id }) }, t("room.addBot")) : null,
    owner ? h("button", { type: "button", class: "primary", "data-testid": "start", disabled: empty > 0, onclick: () => send({ type: "start", room: session.id }) }, t("room.start")) : null,
    seat !== null ? h("button", { type: "button", onclick: () => send({ type: "leave", room: session.id }) }, t("room.leave")) : null);
  return h("section", { class: "panel", "aria-labelledby": "seats-h" }, h("h2", { id: "seats-h" }, t("room.seats")), list, buttons);
}

function act(action) {
  if (!session.prompt) return;
  session.client.reply(session.prompt.seq, action);
  session.riichi = false;
  draw();
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // clipboard refused (insecure origin): the value is on screen to select by hand
  }
  session.copied = true;
  draw();
}

/** The game fills the screen while it runs (table.css hides the site's header and footer);
 *  leaving the room brings them back. */
function gameView(on) {
  document.body.classList.toggle("game-view", on);
}

function draw() {
  const main = session && session.main;
  if (!main || !main.isConnected) return;
  const quickTitle = session.quick && session.quick.casual ? t("lobby.casualMatch") : t("lobby.quickMatch");
  const title = session.room ? roomName(session.room, session.rulesets) : session.info && session.info.name ? session.info.name : session.id === "quick" ? quickTitle : t("room.title", { id: session.id });
  const playing = !!session.view;
  gameView(playing);
  const parts = [h("h1", {}, title), statusLine()];
  // A casual line or table (unranked): said once, under the title.
  if ((session.id === "quick" && session.quick.casual) || (session.room && session.room.casual)) {
    parts.push(h("p", { class: "badge casual", "data-testid": "casual-label" }, t("lobby.casual")));
  }
  if (playing) parts.push(h("a", { class: "button game-exit", href: "#/lobby", "data-testid": "game-exit" }, t("nav.lobby")));
  if (session.message) parts.push(errorBox(t("room.serverSays", { message: session.message })));
  if (seedSupplied() && !(session.room && session.room.status === "closed")) parts.push(seedWarning());
  if (session.id === "quick") {
    parts.push(h("section", { class: "panel", "data-testid": "queue" },
      h("p", {}, t("room.queued", { n: session.quick.waiting })),
      session.quick.since ? queueWait(session.quick.since, session.quick.botFill) : null,
      h("button", { type: "button", onclick: () => { send({ type: "unqueue" }); window.location.hash = "#/lobby"; } }, t("room.unqueue"))));
  } else if (session.room && session.room.status === "closed") {
    parts.push(h("section", { class: "panel", "data-testid": "room-closed" },
      h("p", {}, t("room.closedRoom")),
      h("a", { href: "#/lobby" }, t("room.backToLobby"))));
  } else if (!session.view) {
    const seats = seatsPanel();
    if (seats) parts.push(seats);
  }
  if (session.view) {
    const rules = clientOf(rulesetInfo(session));
    parts.push(renderTable({
      view: session.view,
      label: session.label,
      rules: clientOf(rulesetInfo(session)),
      names: session.players,
      hands: isBloody(rules) ? revealedHands(session.view) : isFreeplay(rules) ? freeplayHands(session.view)
        : [0, 1, 2, 3].map((i) => (session.view.shown || {})[i] || null),
      prompt: session.prompt,
      parts: isBloody(rules) ? tableParts(rules) : isFreeplay(rules) ? freeplayParts({ view: session.view, names: session.players,
        prompt: session.prompt, handlers: { act, redraw: draw } }) : null,
      riichi: session.riichi,
      clock: clockNow(),
      protection: session.protection ? t("table.protection", { s: session.protection }) : null,
      fairness: session.fairness,
      showFairness: session.showFairness,
      // The hand and match end are modals of their own (below), not drawn under the table.
      result: null,
      matchEnd: null,
    }, {
      act,
      toggleRiichi: () => { session.riichi = !session.riichi; draw(); },
      toggleFairness: () => { session.showFairness = !session.showFairness; draw(); },
      copy,
    }));
    parts.push(toolsBar());
    const over = endModal();
    if (over) parts.push(over);
  }
  const focused = document.activeElement;
  const focusKey = focused && focused.dataset ? focused.dataset.action || focused.dataset.testid : null;
  main.replaceChildren(...parts);
  animateFresh(main);
  const dialog = main.querySelector(".modal-backdrop .modal");
  if (dialog && !session.modalFocused) {
    // A screen that just opened takes the focus (keyboard and screen readers read it first).
    const heading = dialog.querySelector("h2");
    if (heading) heading.focus();
    session.modalFocused = true;
    return;
  }
  if (!dialog) session.modalFocused = false;
  if (focusKey) {
    const again = main.querySelector(`[data-action="${focusKey}"], [data-testid="${focusKey}"]`);
    if (again) again.focus();
  }
}

/** A bloody table's own pieces (sichuan-view.js, exchange-picker.js): badges, the centre's
 *  stage and notes, the exchange picker and void buttons. */
function tableParts(rules) {
  const state = { view: session.view, names: session.players, label: session.label, prompt: session.prompt, pick: session.pick,
    rules, handlers: { act, pick: (keys) => { if (session.prompt) session.pick = { seq: session.prompt.seq, keys }; draw(); } } };
  return { ...seatParts(state), ...handParts(state) };
}

/** The hand's result, then (once it is closed) the match's end, over the table. */
function endModal() {
  const state = { names: session.players, rules: clientOf(rulesetInfo(session)) };
  if (session.result) {
    const left = holdLeft();
    const hold = left === null ? null : { seconds: left, waiting: session.hold.waiting };
    return modal(resultElement(session.result, { ...state, hold, handlers: { next: continueHand } }));
  }
  if (session.matchEnd && !session.matchEndClosed) {
    return modal(matchEndElement(session.matchEnd, { ...state, handlers: { copy, close: () => { session.matchEndClosed = true; draw(); } } }));
  }
  return null;
}

function setAuto(key, on) {
  session.autoOptions = { ...session.autoOptions, [key]: on };
  saveOptions(session.autoOptions);
  if (session.prompt) answerByItself(session.prompt);
}

function toolsBar() {
  return roomTools({
    view: session.view, rules: clientOf(rulesetInfo(session)), options: session.autoOptions, sound: soundOn(),
    waiting: session.continued && session.hold && !session.result,
  }, {
    auto: (key, on) => { setAuto(key, on); draw(); },
    sound: (on) => { setSoundOn(on); draw(); },
  });
}

/** The short discard and call motion and the turn cue (CSS keyframes; none with reduced motion). */
function animateFresh(main) {
  const fresh = session.fresh;
  session.fresh = null;
  if (!fresh) return;
  if (fresh.discard !== undefined) {
    const last = main.querySelector(`[data-testid="discards-${fresh.discard}"] .discard:last-child`);
    if (last) last.classList.add("fresh-discard");
  }
  if (fresh.call !== undefined) {
    const meld = main.querySelector(`[data-seat="${fresh.call}"] .meld:last-child`);
    if (meld) meld.classList.add("fresh-call");
  }
  if (fresh.turn) {
    const own = main.querySelector("[data-testid=own-hand]");
    if (own) own.classList.add("turn-cue");
  }
}

let ticker = null;

/** The hold's countdown on the result screen; at zero the screen closes by itself. */
function tickHold() {
  const left = holdLeft();
  if (left === null || !session.result) return;
  if (left <= 0) {
    session.result = null;
    draw();
    return;
  }
  const line = session.main.querySelector("[data-testid=hold]");
  if (line) line.firstChild.textContent = t("result.countdown", { s: Math.ceil(left) });
}

function leaveIfGone() {
  if (!session) return;
  if (!window.location.hash.startsWith(`#/room/${session.id}`)) {
    gameView(false);
    session.client.close();
    session = null;
    clearInterval(ticker);
    window.removeEventListener("hashchange", leaveIfGone);
  }
}

export async function render(main, route) {
  const wanted = route.id === "quick" ? "quick" : Number(route.id);
  if (!session || session.id !== wanted) {
    if (session) session.client.close();
    session = freshSession(route.id, route.query);
    session.client = new PlayClient({
      onMessage,
      onStatus: (status, detail) => { session.status = status; session.statusDetail = detail; draw(); },
    });
    window.addEventListener("hashchange", leaveIfGone);
    clearInterval(ticker);
    ticker = setInterval(() => {
      if (!session || !session.main) return;
      tickHold();
      if (!session.clock) return;
      const clock = session.main.querySelector("[data-testid=clock]");
      const now = clockNow();
      if (clock && now) clock.replaceWith(clockElement(now));
    }, 250);
    session.main = main;
    const mine = session;
    let user;
    let known;
    try {
      [user, known] = await Promise.all([currentUser(), loadRulesets()]);
    } catch (err) {
      if (session === mine) main.append(h("h1", {}, t("room.title", { id: route.id })), errorBox(errorText(err)));
      return;
    }
    if (session !== mine) return; // left the page while waiting
    session.rulesets = known;
    if (session.quick) {
      session.quick.ruleset = session.quick.ruleset || defaultRuleset(session.rulesets);
      session.quick.preset = session.quick.preset || defaultPreset(session.rulesets[session.quick.ruleset]);
    }
    if (!user) {
      main.append(h("h1", {}, t("room.title", { id: route.id })), h("p", {}, t("room.signIn")),
        h("p", {}, h("a", { href: "#/lobby" }, t("nav.lobby"))));
      return;
    }
    session.user = user;
    try {
      const info = session.quick ? null : await getJson(`/api/rooms/${session.id}`);
      if (session !== mine) return;
      session.info = info;
    } catch (err) {
      if (session === mine) main.append(h("h1", {}, t("room.title", { id: route.id })), errorBox(errorText(err)));
      return;
    }
    session.client.connect();
  }
  session.main = main;
  draw();
}

/** For tests and the console: the live session (read-only use). */
export function _session() {
  return session;
}
