// One finished game, step by step: GET /api/games/{id}/record, rebuilt in the browser by
// replay-engine.js with what the server says of the header's ruleset (rulesets.js) and drawn by
// table-view.js. Keys: ← → step, Home/End the hand's ends,
// PageUp/PageDown the previous/next hand; a swipe on the table steps too. Hands are shown sorted
// (the drawn tile apart at the end), all open or from one seat's view with the others hidden;
// draws can be steps of their own; the hands' timeline jumps; tenhou.net/6 export where the
// server writes it for the ruleset (its `outside_formats`).

import { getJson } from "../api.js";
import { checkbox, errorBox, h, select } from "../dom.js";
import { errorText, presetName, t, tileName } from "../i18n.js";
import { canReplay, handStates, parseLabel, splitHands, withDrawSteps } from "../replay-engine.js";
import { compareTiles } from "../tiles.js";
import { clientOf, defaultRuleset, loadRulesets, rulesetName } from "../rulesets.js";
import { tableOptions, withOptions } from "../option-tables.js";
import { actionLabel, renderTable, windName } from "../table-view.js";
import { isBloody, seatParts } from "../sichuan-view.js";
import { bookmarkPanel } from "../bookmarks.js";

let current = null; // {id, record, info, hands, hand, step, states, view ("all" or a seat), drawSteps}

/** Player names in the header's order (A, B, C, D: the order the seed seated them). */
function players() {
  return (current.record.header || {}).players || [];
}

/** Names by table seat in the current hand (MCR moves the players between wind rounds). */
function names() {
  return current.states[current.step].names || players();
}

/** A hand's deltas by player: under MCR each hand's `seating` says who sat where. */
function deltasByPlayer(summary) {
  const deltas = summary.deltas || [];
  if (!summary.seating) return deltas;
  const out = [];
  summary.seating.forEach((player, seat) => { out[player] = deltas[seat]; });
  return out;
}

/** A hand's label for people: "E2-1" -> East 2, 1 honba / 東2局 1本場; another shape as is. */
export function handLabel(label) {
  const parts = parseLabel(label);
  if (!parts) return label || "?";
  const args = { wind: windName(parts.wind), n: parts.number, honba: parts.honba };
  return t(parts.honba === null ? "replay.handLabelShort" : "replay.handLabel", args);
}

/** The step's action as a sentence. At the end of a hand won on a discard, the win: the window's
 *  last answer may be someone's pass, which is not what happened. */
function describe(last) {
  if (!last) return "";
  const state = current.states[current.step];
  const wins = state.result && state.result.wins;
  if (last.action.type === "pass" && wins && wins.length && current.step === current.states.length - 1) {
    const ron = [...current.hands[current.hand].entries].reverse()
      .find((e) => e.action.type === "ron" && wins.some((w) => w.seat === e.seat));
    const win = ron && wins.find((w) => w.seat === ron.seat);
    if (ron) last = { seat: ron.seat, action: win.tile !== undefined && ron.action.tile === undefined ? { ...ron.action, tile: win.tile } : ron.action };
  }
  const a = last.action;
  const who = names()[last.seat] || t("table.seat", { n: last.seat + 1 });
  if (a.type === "draw") return t("replay.drew", { who });
  const tiles = a.tiles ? a.tiles : a.tile !== undefined ? [a.tile] : [];
  let what = a.type === "discard" && a.riichi ? `${t("act.riichi")} · ${t("act.discard")}` : actionLabel(a.type, clientOf(current.info));
  if (a.type === "reveal") what = a.show ? t("act.reveal") : t("act.hide");
  if (a.type === "abort") what = t("act.abort", { reason: a.reason || "" });
  return t("replay.did", { who, what: `${what}${tiles.length ? ` ${tiles.map(tileName).join(" ")}` : ""}` });
}

/** A false win (MCR penalty tables): who was fined at this step. */
function falseWinText(seats) {
  const who = seats.map((seat) => names()[seat] || t("table.seat", { n: seat + 1 })).join(", ");
  return t("replay.falseWin", { who });
}

function setHand(i) {
  current.hand = Math.max(0, Math.min(current.hands.length - 1, Number.isFinite(i) ? i : 0));
  const states = handStates(current.record, current.hand, current.info);
  current.states = current.drawSteps ? withDrawSteps(states) : states;
  current.step = 0;
  // The address names the hand shown (and draws as steps, when on), so it can be shared and a
  // link to it is a change.
  const here = `#/replay/${current.id}`;
  const query = `?hand=${current.hand}${current.drawSteps ? "&draws=1" : ""}`;
  if (window.location.hash.startsWith(here)) window.history.replaceState(null, "", `${here}${query}`);
}

/** The concealed hands to show face up: sorted, the drawn tile last; from one seat's view only
 *  that seat's (the others stay face down). */
function shownHands(state) {
  return state.hands.map((tiles, seat) => {
    if (current.view !== "all" && String(seat) !== current.view) return null;
    const drawn = (state.drawn || [])[seat];
    const rest = [...tiles];
    const at = drawn === null || drawn === undefined ? -1 : rest.lastIndexOf(drawn);
    if (at >= 0) rest.splice(at, 1);
    rest.sort(compareTiles);
    return at >= 0 ? [...rest, drawn] : rest;
  });
}

/** The table as drawn: a spectator's (every seat alike), or from one seat's view that seat's,
 *  at the bottom with its own hand as a player sees it. */
function tableView(state) {
  if (current.view === "all") return { ...state, seat: null };
  const seat = Number(current.view);
  const drawn = (state.drawn || [])[seat];
  return { ...state, seat, hand: [...state.hands[seat]], drawn: drawn === undefined ? null : drawn };
}

/** A hand's result in a few words: who won, or why it was drawn. */
function resultWords(summary) {
  const wins = (summary && summary.wins) || [];
  if (wins.length) {
    const seatNames = summary.seating ? summary.seating.map((p) => players()[p]) : players();
    return wins.map((w) => t("replay.won", { who: seatNames[w.seat] || t("table.seat", { n: w.seat + 1 }) })).join(", ");
  }
  return summary && summary.reason ? t(`reason.${summary.reason}`) : "";
}

/** Every hand as a button with its result; the current one marked. */
function timeline() {
  return h("nav", { class: "replay-timeline", "aria-label": t("replay.timeline"), "data-testid": "timeline" },
    h("ol", {}, current.hands.map((x, i) => h("li", {},
      h("button", { type: "button", "data-hand": i, "aria-current": i === current.hand ? "step" : null,
        onclick: () => { setHand(i); draw(); } },
      h("strong", {}, handLabel(x.label)), h("span", { class: "muted" }, resultWords(x.summary)))))));
}

function go(step) {
  current.step = Math.max(0, Math.min(current.states.length - 1, step));
  draw();
}

function matchEnd() {
  const r = current.record;
  const last = current.hand === current.hands.length - 1 && current.step === current.states.length - 1;
  if (!last || !r.result) return null;
  const header = r.header || {};
  return {
    ranking: r.result.ranking || [], final_points: r.result.final_points || [], settlement: r.result.settlement || null,
    master_seed: header.master_seed,
    salt: header.salt, commitment: header.commitment, ruleset: current.ruleset, preset: header.preset || null,
    hands: Math.max(...current.hands.map((x) => x.round_index || 1)),
    players: header.player_entry_order || null,
    names: players(),
  };
}

function summaryTable() {
  return h("div", { class: "table-scroll" }, h("table", { class: "hand-summaries", "data-testid": "summaries" },
    h("thead", {}, h("tr", {}, h("th", {}, t("replay.hand")), h("th", {}, t("result.title")),
      players().map((n, i) => h("th", {}, n || t("table.seat", { n: i + 1 }))))),
    h("tbody", {}, current.hands.map((x, i) => {
      const s = x.summary || {};
      return h("tr", { class: i === current.hand ? "current" : "" },
        h("td", {}, h("button", { type: "button", class: "link-btn", onclick: () => { setHand(i); draw(); } }, handLabel(x.label))),
        h("td", {}, resultWords(s)),
        deltasByPlayer(s).map((d) => h("td", { class: d > 0 ? "plus" : d < 0 ? "minus" : "" }, d > 0 ? `+${d}` : String(d))));
    }))));
}

function controls() {
  const n = current.states.length - 1;
  const hands = select(current.hands.map((x, i) => [String(i), handLabel(x.label)]), String(current.hand),
    (e) => { setHand(Number(e.target.value)); draw(); }, { name: "hand", "aria-label": t("replay.jump") });
  const btn = (key, label, to, disabled) => h("button", { type: "button", "data-testid": key, disabled, onclick: () => go(to) }, label);
  return h("div", { class: "replay-controls", role: "group", "aria-label": t("nav.replay") },
    h("label", { class: "inline" }, h("span", {}, t("replay.jump")), hands),
    btn("first", `|◀ ${t("replay.first")}`, 0, current.step === 0),
    btn("back", `◀ ${t("replay.back")}`, current.step - 1, current.step === 0),
    btn("forward", `${t("replay.forward")} ▶`, current.step + 1, current.step === n),
    btn("last", `${t("replay.last")} ▶|`, n, current.step === n),
    h("span", { class: "step", "data-testid": "step", "aria-live": "polite" }, t("replay.step", { n: current.step, total: n })),
    h("label", { class: "inline" }, h("span", {}, t("replay.view")), select(
      [["all", t("replay.viewAll")], ...names().map((n, seat) => [String(seat), t("replay.viewSeat", { name: n || t("table.seat", { n: seat + 1 }) })])],
      current.view, (e) => { current.view = e.target.value; draw(); }, { name: "view", "data-testid": "view" })),
    checkbox(t("replay.draws"), current.drawSteps, (e) => {
      current.drawSteps = e.target.checked;
      setHand(current.hand);
      draw();
    }, "draw-steps"));
}

/** tenhou.net/6 export, when the server writes that format for this ruleset. */
function exportLink() {
  if (!((current.info && current.info.outside_formats) || []).includes("tenhou6")) return null;
  return [" · ", h("a", { href: `/api/games/${current.id}/record?format=tenhou6`, download: `openmahjong-${current.id}-tenhou6.json`,
    "data-testid": "export-tenhou6" }, t("replay.export"))];
}

/** A horizontal swipe over the table steps back or forward. */
function swipeable(el) {
  let start = null;
  el.addEventListener("touchstart", (e) => { start = e.touches.length === 1 ? [e.touches[0].clientX, e.touches[0].clientY] : null; }, { passive: true });
  el.addEventListener("touchend", (e) => {
    if (!start || !e.changedTouches.length) return;
    const dx = e.changedTouches[0].clientX - start[0];
    const dy = e.changedTouches[0].clientY - start[1];
    start = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) go(current.step + (dx < 0 ? 1 : -1));
  });
  return el;
}

function draw() {
  const main = current.main;
  if (!main.isConnected) return;
  const state = current.states[current.step];
  const header = current.record.header || {};
  const view = tableView(state);
  const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.testid : null;
  main.replaceChildren(
    h("h1", {}, t("replay.title", { id: current.id })),
    h("p", { class: "muted" }, `${rulesetName(current.ruleset, current.info)} · ${header.preset ? presetName(header.preset) : ""} · `,
      h("a", { href: `/api/games/${current.id}/record`, download: `openmahjong-${current.id}.json` }, t("replay.download")), exportLink()),
    ...(header.supplied_seed ? [h("p", { class: "seed-warning", "data-testid": "seed-warning" }, t("seed.replay"))] : []),
    timeline(),
    controls(),
    h("p", { class: "last-action", "data-testid": "last-action" }, describe(state.last) || "\u00a0",
      state.false_win ? h("span", { class: "false-win", "data-testid": "false-win" }, ` · ${falseWinText(state.false_win)}`) : null),
    swipeable(renderTable({
      view,
      rules: clientOf(current.info),
      // A bloody table's void badges, win order and stage (sichuan-view.js).
      parts: isBloody(clientOf(current.info))
        ? seatParts({ view, names: names(), label: { number: (view.table || {}).hand_number, hands: (header.options || {}).hands } })
        : null,
      names: names(),
      hands: shownHands(state),
      result: current.step === current.states.length - 1 ? state.result : null,
      matchEnd: matchEnd(),
      fairness: { commitment: header.commitment, salt: header.salt },
      showFairness: current.showFairness,
    }, {
      toggleFairness: () => { current.showFairness = !current.showFairness; draw(); },
      copy: (text) => navigator.clipboard.writeText(text).catch(() => {}),
    })),
    h("p", { class: "help" }, t("replay.keys")),
    h("h2", {}, t("replay.summary")),
    summaryTable(),
    current.bookmarks,
  );
  if (focusKey) {
    const again = main.querySelector(`[data-testid="${focusKey}"]`);
    if (again && !again.disabled) again.focus();
  }
}

function onKey(e) {
  if (!current || !current.main.isConnected || !window.location.hash.startsWith("#/replay/")) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
  const moves = { ArrowRight: current.step + 1, ArrowLeft: current.step - 1, Home: 0, End: current.states.length - 1 };
  if (e.key in moves) {
    e.preventDefault();
    go(moves[e.key]);
  } else if (e.key === "PageDown" || e.key === "PageUp") {
    e.preventDefault();
    setHand(current.hand + (e.key === "PageDown" ? 1 : -1));
    draw();
  }
}

let listening = false;

export async function render(main, route) {
  if (!listening) {
    window.addEventListener("keydown", onKey);
    listening = true;
  }
  if (current && current.id === route.id) {
    current.main = main;
    // A link to another hand of the game already loaded (?hand=n) opens that hand.
    const asked = route.query.get("hand");
    const draws = route.query.get("draws") === "1";
    if ((asked !== null && Number(asked) !== current.hand) || draws !== current.drawSteps) {
      current.drawSteps = draws;
      setHand(asked === null ? current.hand : Number(asked));
    }
    draw();
    return;
  }
  main.append(h("h1", {}, t("replay.title", { id: route.id })), h("p", { class: "muted" }, t("common.working")));
  let record;
  let known;
  try {
    [record, known] = await Promise.all([getJson(`/api/games/${encodeURIComponent(route.id)}/record`), loadRulesets()]);
  } catch (err) {
    main.replaceChildren(h("h1", {}, t("replay.title", { id: route.id })), errorBox(errorText(err)));
    return;
  }
  const header = record.header || {};
  // A record names its ruleset; one that does not is the server's default ruleset's.
  const ruleset = header.ruleset || defaultRuleset(known);
  const served = Object.hasOwn(known, ruleset) ? known[ruleset] : null;
  // The table's client data: the ruleset's, with the option tables of the record's options
  // (an Asura record gets the exchange and bloody pieces).
  const info = withOptions(served, tableOptions(served, { options: header.options || {} }));
  if (!canReplay(info) || !header.master_seed) {
    main.replaceChildren(h("h1", {}, t("replay.title", { id: route.id })),
      errorBox(header.master_seed ? t("replay.unsupported", { ruleset: rulesetName(ruleset, info) }) : t("replay.noSeed")));
    return;
  }
  current = { id: route.id, record, ruleset, info, hands: splitHands(record), main, view: "all",
    // Your favourite and private note: one element kept across re-renders (bookmarks.js).
    bookmarks: bookmarkPanel(route.id),
    // Draws as steps of their own: off unless asked for (the checkbox, or ?draws=1).
    drawSteps: route.query.get("draws") === "1", showFairness: false };
  try {
    setHand(Number(route.query.get("hand") || 0));
  } catch (err) {
    main.replaceChildren(h("h1", {}, t("replay.title", { id: route.id })), errorBox(errorText(err)));
    return;
  }
  draw();
}
