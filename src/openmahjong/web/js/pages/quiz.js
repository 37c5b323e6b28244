// #/quiz: the fan quiz. Solo training over REST (POST /api/quiz/solo, /solo/{id}/guess), and
// private rooms and ranked matches over the play socket (quiz_* messages, docs/protocol.md);
// the leaderboard per pool (MCR + Riichi first). The tab lives in the hash (#/quiz?tab=board).
//
// Hints are coloured fields that also carry a shape and a word (✓ exact, ≈ related,
// ✗ unrelated, ↑/↓ the answer is higher/lower), so no one needs to tell the colours apart.

import { getJson, postJson } from "../api.js";
import { checkbox, errorBox, field, h, select } from "../dom.js";
import { errorText, lang, t } from "../i18n.js";
import "../i18n-quiz.js";
import { PlayClient } from "../play-client.js";
import { currentUser } from "../session.js";

const TABS = ["solo", "room", "match", "board"];
const POOLS = ["mcr+riichi", "riichi"]; // MCR + Riichi first (platform guide §7.6)
const FIELDS = ["name", "ruleset", "category", "value", "groups"];
const MARK = { green: "✓", yellow: "≈", grey: "✗" };
const ARROW = { up: "↑", down: "↓" };

let socket = null; // the quiz page's play socket, closed when the page goes
let ticker = null;
const catalogues = {}; // pool -> {byId, list}

function ensureStyles() {
  if (document.querySelector("link[data-quiz-css]")) return;
  document.head.append(h("link", { rel: "stylesheet", href: "css/quiz.css", "data-quiz-css": "" }));
}

async function catalogue(pool) {
  if (!catalogues[pool]) {
    const body = await getJson(`/api/quiz/patterns?pool=${encodeURIComponent(pool)}`);
    catalogues[pool] = { pool, list: body.patterns, byId: Object.fromEntries(body.patterns.map((p) => [p.id, p])) };
  }
  return catalogues[pool];
}

const nameOf = (p) => (p ? p.name[lang()] || p.name.en : "?");
const fold = (s) => s.toLocaleLowerCase().replace(/[\s\-·・']/g, "");

/** A pattern's name as the guess box offers it: with its ruleset where the pool mixes two
 *  (MCR and Riichi share many names: "Seven Pairs (MCR)", "Seven Pairs (Riichi)"). */
const labelOf = (p, cat) => (cat.pool === "riichi" ? nameOf(p) : `${nameOf(p)} (${t(`quiz.ruleset.${p.ruleset}`)})`);

/** The pattern a typed name means: an exact label, else a name only one pattern has, else the
 *  first label starting so. */
function resolve(text, cat) {
  const needle = fold(text);
  if (!needle) return null;
  const exact = cat.list.find((p) => fold(labelOf(p, cat)) === needle || p.id === text.trim());
  if (exact) return exact;
  const named = cat.list.filter((p) => fold(nameOf(p)) === needle);
  if (named.length === 1) return named[0];
  return cat.list.find((p) => fold(labelOf(p, cat)).startsWith(needle)) || null;
}

/** What a guess's field shows: its whole list, primary first, as the seed writes patterns
 *  (Knitted Straight [Sequences, Knitted], Ittsuu [2, 1], Tile Hog's groups [4, 3, 2]). */
function fieldText(p, name) {
  if (name === "name") return nameOf(p);
  if (name === "ruleset") return t(`quiz.ruleset.${p.ruleset}`);
  const sep = lang() === "en" ? ", " : "、";
  if (name === "category") return p.categories.map((c) => t(`quiz.cat.${c}`)).join(sep);
  const list = name === "value" ? p.values : p.group_counts;
  return list.map((v) => (v === "whole_hand" ? t("quiz.wholeHand") : String(v))).join(sep);
}

function hintCell(p, hint) {
  const word = t(`quiz.colour.${hint.colour}`);
  const arrow = hint.arrow ? ARROW[hint.arrow] : "";
  const label = `${t(`quiz.field.${hint.field}`)}: ${fieldText(p, hint.field)}, ${word}${hint.arrow ? `, ${t(`quiz.arrow.${hint.arrow}`)}` : ""}`;
  return h("td", { role: "cell", class: `hint hint-${hint.colour}`, "data-field": hint.field, "data-colour": hint.colour, title: label, "aria-label": label },
    h("span", { class: "hint-mark", "aria-hidden": "true" }, MARK[hint.colour]),
    h("span", { class: "hint-text" }, fieldText(p, hint.field)),
    arrow ? h("span", { class: "hint-arrow", "aria-hidden": "true" }, arrow) : null);
}

function guessTable(guesses, cat, caption) {
  if (!guesses || !guesses.length) return h("p", { class: "muted" }, `${caption}: ${t("quiz.noGuesses")}`);
  return h("div", { class: "table-scroll" }, h("table", { role: "table", class: "quiz-hints", "data-testid": "quiz-hints" },
    h("caption", {}, caption),
    h("thead", {}, h("tr", { role: "row" }, FIELDS.map((f) => h("th", { role: "columnheader", scope: "col" }, t(`quiz.field.${f}`))))),
    h("tbody", {}, guesses.map((g) => {
      const p = cat.byId[g.pattern];
      return h("tr", { role: "row", "data-pattern": g.pattern }, g.hints.map((hint) => hintCell(p, hint)));
    }))));
}

/** The guess box: a text field completing names in the page's language (a datalist). */
function guessBox(cat, onGuess, disabled) {
  const listId = "quiz-names";
  const input = h("input", { type: "text", list: listId, autocomplete: "off", name: "guess", "data-testid": "quiz-guess", disabled });
  const problem = h("p", { class: "form-error", role: "alert" });
  const form = h("form", { class: "quiz-guess-form inline-form", onsubmit: (e) => {
    e.preventDefault();
    const found = resolve(input.value, cat);
    if (!found) {
      problem.textContent = t("quiz.unknownName", { name: input.value });
      return;
    }
    problem.textContent = "";
    input.value = "";
    onGuess(found.id);
  } },
  field(t("quiz.guess"), input, t("quiz.guessHelp")),
  h("datalist", { id: listId }, cat.list.map((p) => h("option", { value: labelOf(p, cat) }))),
  h("button", { type: "submit", class: "button primary", disabled }, t("quiz.send")), problem);
  return form;
}

function countdown(el, seconds) {
  clearInterval(ticker);
  const until = performance.now() + seconds * 1000;
  const draw = () => {
    const left = Math.max(0, Math.ceil((until - performance.now()) / 1000));
    el.textContent = t("quiz.timeLeft", { s: left });
    if (left <= 0) clearInterval(ticker);
  };
  draw();
  ticker = setInterval(draw, 250);
}

function endText(rs, names) {
  const answer = rs.answer ? h("p", { class: "quiz-answer", "data-testid": "quiz-answer" },
    t("quiz.answer", { name: `${nameOf(rs.answer)} (${t(`quiz.ruleset.${rs.answer.ruleset}`)})` })) : null;
  let who;
  if (rs.end_reason === "solved") {
    who = names ? t("quiz.solved", { name: names[String(rs.winner)] || "?" }) : t("quiz.solvedSolo");
  } else {
    who = `${t("quiz.noneSolved")} ${t(`quiz.reason.${rs.end_reason}`)}`;
  }
  return [answer, h("p", { "data-testid": "quiz-end" }, who)];
}

// ------------------------------------------------------------------ solo (REST)

function soloPanel(box) {
  const pool = select(POOLS.map((p) => [p, t(`quiz.pool.${p}`)]), "mcr+riichi", null, { name: "pool" });
  const guesses = select([6, 8, 10, 12].map((n) => [String(n), String(n)]), "8", null, { name: "guesses" });
  const seconds = select([40, 60, 80, 100].map((n) => [String(n), String(n)]), "60", null, { name: "seconds" });
  let related = true;
  const play = h("div", { class: "quiz-play", "aria-live": "polite" });
  const start = async (e) => {
    e.preventDefault();
    try {
      const round = await postJson("/api/quiz/solo", {
        pool: pool.value, guesses: Number(guesses.value), seconds: Number(seconds.value), related_hints: related,
      });
      drawSolo(play, round, await catalogue(pool.value), start);
    } catch (err) {
      play.replaceChildren(errorBox(errorText(err)));
    }
  };
  box.append(h("form", { class: "inline-form quiz-settings", onsubmit: start },
    field(t("quiz.pool"), pool), field(t("quiz.guesses"), guesses), field(t("quiz.seconds"), seconds),
    checkbox(t("quiz.related"), true, (e) => { related = e.target.checked; }, "related"),
    h("button", { type: "submit", class: "button primary", "data-testid": "quiz-solo-start" }, t("quiz.start"))), play);
}

function drawSolo(play, round, cat, again) {
  const me = round.players[0];
  const timer = h("span", { class: "quiz-timer", "data-testid": "quiz-timer" });
  const guess = async (id) => {
    try {
      drawSolo(play, await postJson(`/api/quiz/solo/${round.id}/guess`, { pattern: id }), cat, again);
    } catch (err) {
      play.append(errorBox(errorText(err)));
    }
  };
  const parts = [h("p", { class: "quiz-status" }, round.over ? null : [timer, " · "], t("quiz.left", { n: me.left }))];
  if (round.over) {
    clearInterval(ticker);
    parts.push(...endText(round, null), h("button", { class: "button", onclick: again }, t("quiz.again")));
  } else {
    parts.push(guessBox(cat, guess, false));
  }
  parts.push(guessTable(me.guesses, cat, t("quiz.yourGuesses")), h("p", { class: "muted small" }, t("quiz.legend")));
  play.replaceChildren(...parts);
  if (!round.over) countdown(timer, round.seconds_left);
  const input = play.querySelector("input[name=guess]");
  if (input) input.focus();
}

// ------------------------------------------------------------------ rooms and matches (socket)

function drawMatch(play, m, cat) {
  const names = m.names;
  const me = String(m.you);
  const rs = m.round_state;
  const myIndex = m.players.indexOf(m.you);
  const other = m.players[1 - myIndex];
  const score = m.score;
  const head = h("div", { class: "quiz-scoreboard", "data-testid": "quiz-score" },
    h("strong", {}, `${names[me]} ${score[myIndex]} – ${score[1 - myIndex]} ${names[String(other)]}`),
    " · ", t("quiz.round", { n: m.round, of: m.rounds }),
    m.ranked ? null : ` · ${t("quiz.code")} ${m.code}`);
  const parts = [head];
  if (rs) {
    const mine = rs.players[myIndex];
    const theirs = rs.players[1 - myIndex];
    if (!rs.over) {
      const timer = h("span", { class: "quiz-timer", "data-testid": "quiz-timer" });
      parts.push(h("p", { class: "quiz-status" }, timer, " · ", t("quiz.left", { n: mine.left }), " · ",
        t("quiz.opponentUsed", { name: names[String(other)], n: theirs.used })));
      parts.push(guessBox(cat, (id) => socket && socket.send({ type: "quiz_guess", pattern: id }), mine.left <= 0));
      setTimeout(() => countdown(timer, rs.seconds_left));
    } else {
      clearInterval(ticker);
      parts.push(...endText(rs, names));
    }
    parts.push(guessTable(mine.guesses, cat, t("quiz.guessesOf", { name: names[me] })));
    if (rs.over) parts.push(guessTable(theirs.guesses, cat, t("quiz.guessesOf", { name: names[String(other)] })));
  }
  if (m.phase === "break") parts.push(h("p", { class: "quiz-next" }, t("quiz.nextRound", { s: Math.round(m.next_round_in) })));
  if (m.phase === "over") {
    parts.push(h("p", { class: "quiz-final", "data-testid": "quiz-final" },
      m.winner === null ? t("quiz.matchDraw") : t("quiz.matchWon", { name: names[String(m.winner)] })));
    const mineRating = m.outcome && m.outcome.ratings[me];
    if (mineRating) {
      const change = mineRating.after - mineRating.before;
      parts.push(h("p", { "data-testid": "quiz-rating" }, t("quiz.rating", {
        before: mineRating.before, after: mineRating.after, change: change > 0 ? `+${change}` : String(change) })));
    }
    parts.push(h("p", {}, h("a", { class: "button", href: "#/quiz?tab=board" }, t("quiz.tab.board"))));
  }
  parts.push(h("p", { class: "muted small" }, t("quiz.legend")));
  play.replaceChildren(...parts);
  const input = play.querySelector("input[name=guess]:not([disabled])");
  if (input) input.focus();
}

function openSocket(play, status) {
  if (socket) socket.close();
  socket = new PlayClient({
    onStatus: (name) => {
      status.textContent = name === "connecting" ? t("quiz.status.connecting")
        : name === "reconnecting" ? t("quiz.status.reconnecting") : "";
    },
    onMessage: async (msg) => {
      // while a room waits or a match runs, its forms step aside (the panel's "playing" class)
      const box = play.parentElement;
      if (box) box.classList.toggle("playing", ["quiz_room", "quiz_queued"].includes(msg.type) || (msg.type === "quiz_match" && msg.phase !== "over"));
      if (msg.type === "quiz_match") {
        drawMatch(play, msg, await catalogue(msg.settings.pool));
      } else if (msg.type === "quiz_room") {
        play.replaceChildren(h("p", { "data-testid": "quiz-room-code" }, t("quiz.roomWaiting", { code: msg.code })),
          h("button", { class: "button", onclick: () => socket.send({ type: "quiz_leave" }) }, t("quiz.leave")));
      } else if (msg.type === "quiz_queued") {
        play.replaceChildren(h("p", { "data-testid": "quiz-queued" }, t("quiz.queued", { pool: t(`quiz.pool.${msg.pool}`) })),
          h("button", { class: "button", onclick: () => socket.send({ type: "quiz_leave" }) }, t("quiz.leave")));
      } else if (msg.type === "quiz_left") {
        play.replaceChildren();
      } else if (msg.type === "error") {
        play.append(errorBox(errorText(msg)));
      }
    },
  });
  socket.connect();
  return socket;
}

function whenOnline(send) {
  if (socket && socket.send(send)) return;
  const prev = socket.onWelcome;
  socket.onWelcome = (w) => { prev(w); socket.send(send); socket.onWelcome = prev; };
}

function roomPanel(box, play) {
  const pool = select(POOLS.map((p) => [p, t(`quiz.pool.${p}`)]), "mcr+riichi", null, { name: "pool" });
  const guesses = select([6, 8, 10, 12].map((n) => [String(n), String(n)]), "8", null, { name: "guesses" });
  const seconds = select([40, 60, 80, 100].map((n) => [String(n), String(n)]), "60", null, { name: "seconds" });
  let related = true;
  const code = h("input", { type: "text", name: "code", maxlength: "12", autocomplete: "off", autocapitalize: "characters" });
  box.append(
    h("form", { class: "inline-form quiz-settings", onsubmit: (e) => {
      e.preventDefault();
      whenOnline({ type: "quiz_create", pool: pool.value, guesses: Number(guesses.value), seconds: Number(seconds.value), related_hints: related });
    } },
    field(t("quiz.pool"), pool), field(t("quiz.guesses"), guesses), field(t("quiz.seconds"), seconds),
    checkbox(t("quiz.related"), true, (e) => { related = e.target.checked; }, "related"),
    h("button", { type: "submit", class: "button primary", "data-testid": "quiz-create" }, t("quiz.create"))),
    h("form", { class: "inline-form", onsubmit: (e) => { e.preventDefault(); whenOnline({ type: "quiz_join", code: code.value.trim() }); } },
      field(t("quiz.code"), code),
      h("button", { type: "submit", class: "button", "data-testid": "quiz-join" }, t("quiz.join"))),
    play);
}

function matchPanel(box, play) {
  const pool = select(POOLS.map((p) => [p, t(`quiz.pool.${p}`)]), "mcr+riichi", null, { name: "pool" });
  box.append(h("p", {}, t("quiz.rankedRules")),
    h("form", { class: "inline-form", onsubmit: (e) => { e.preventDefault(); whenOnline({ type: "quiz_queue", pool: pool.value }); } },
      field(t("quiz.pool"), pool),
      h("button", { type: "submit", class: "button primary", "data-testid": "quiz-queue" }, t("quiz.queue"))),
    play);
}

// ------------------------------------------------------------------ leaderboard

async function boardPanel(box, route) {
  const q = route.query || new URLSearchParams();
  const pool = POOLS.includes(q.get("pool")) ? q.get("pool") : "mcr+riichi";
  const picker = select(POOLS.map((p) => [p, t(`quiz.pool.${p}`)]), pool,
    (e) => { window.location.hash = `#/quiz?tab=board&pool=${encodeURIComponent(e.target.value)}`; }, { name: "pool" });
  const out = h("div", { "aria-live": "polite" });
  box.append(h("form", { class: "inline-form", onsubmit: (e) => e.preventDefault() }, field(t("quiz.pool"), picker)), out);
  try {
    const board = await getJson(`/api/quiz/leaderboard?pool=${encodeURIComponent(pool)}`);
    if (!board.players.length) {
      out.replaceChildren(h("p", { class: "muted", "data-testid": "quiz-board-empty" }, t("quiz.board.empty")));
      return;
    }
    out.replaceChildren(h("div", { class: "table-scroll" }, h("table", { class: "leaderboard", "data-testid": "quiz-board" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("quiz.board.place")), h("th", { scope: "col" }, t("quiz.board.player")),
        h("th", { scope: "col", class: "num" }, t("quiz.board.rating")), h("th", { scope: "col", class: "num" }, t("quiz.board.record")))),
      h("tbody", {}, board.players.map((p) => h("tr", { "data-player": String(p.user_id) },
        h("td", {}, String(p.rank)), h("td", {}, h("a", { href: `#/player/${p.user_id}` }, p.name)),
        h("td", { class: "num" }, String(p.rating)), h("td", { class: "num" }, `${p.wins}–${p.losses}–${p.draws}`)))))));
  } catch (err) {
    out.replaceChildren(errorBox(errorText(err)));
  }
}

// ------------------------------------------------------------------ the page

export async function render(main, route) {
  ensureStyles();
  if (socket) {
    socket.close();
    socket = null;
  }
  clearInterval(ticker);
  const q = route.query || new URLSearchParams();
  const tab = TABS.includes(q.get("tab")) ? q.get("tab") : "solo";
  const tabs = h("nav", { class: "quiz-tabs", "aria-label": t("quiz.title") }, h("ul", {}, TABS.map((name) =>
    h("li", {}, h("a", { href: `#/quiz?tab=${name}`, class: "button", "aria-current": name === tab ? "page" : false,
      "data-testid": `quiz-tab-${name}` }, t(`quiz.tab.${name}`))))));
  const box = h("section", { class: "panel quiz-panel" });
  main.append(h("h1", {}, t("quiz.title")), h("p", { class: "lead" }, t("quiz.lead")), tabs, box);
  if (tab === "solo") {
    soloPanel(box);
    return;
  }
  if (tab === "board") {
    await boardPanel(box, route);
    return;
  }
  const user = await currentUser();
  if (!user || user.is_guest) {
    box.append(h("p", { "data-testid": "quiz-sign-in" }, t("quiz.signIn"), " ", h("a", { href: "#/lobby" }, t("nav.lobby"))));
    return;
  }
  const status = h("p", { class: "muted", role: "status" });
  const play = h("div", { class: "quiz-play", "aria-live": "polite" });
  box.append(status);
  openSocket(play, status);
  if (tab === "room") roomPanel(box, play);
  else matchPanel(box, play);
}

window.addEventListener("hashchange", () => {
  if (!window.location.hash.startsWith("#/quiz") && socket) {
    socket.close();
    socket = null;
    clearInterval(ticker);
  }
});
