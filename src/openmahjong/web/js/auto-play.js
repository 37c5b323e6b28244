// The player's auto options and the answer they give to a prompt (no DOM, no socket).
//
// Options, remembered in localStorage:
//   win      take a win (tsumo, ron) as soon as it is offered
//   noCalls  pass every call offer (chi, pon, kan on a discard); wins are still offered
//   riichi   in riichi, discard the drawn tile by itself (on by default: after riichi the hand
//            is locked, so the only choice left is whether to win or kan, which stay the player's)
// A prompt with a single action answers itself (after riichi only with the riichi option on).

const STORAGE_KEY = "openmahjong.auto";
export const DEFAULTS = Object.freeze({ win: false, noCalls: false, riichi: true });
const WINS = new Set(["tsumo", "ron"]);

export function loadOptions() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || "{}");
    return { ...DEFAULTS, ...(saved && typeof saved === "object" ? saved : {}) };
  } catch {
    return { ...DEFAULTS }; // storage blocked or garbled: the defaults
  }
}

export function saveOptions(options) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(options));
  } catch {
    // storage blocked (private mode): the choice lasts for this page only
  }
}

/** The action to send by itself for `prompt`, or null when the player chooses.
 *  `view` is the seat's view (its riichi flag and drawn tile), `drawn` the drawn tile or null. */
export function autoAnswer(prompt, options, view, drawn) {
  const acts = (prompt && prompt.actions) || [];
  if (!acts.length) return null;
  const seat = view ? view.seat : null;
  const inRiichi = !!(view && seat !== null && seat !== undefined && ((view.seats_public || [])[seat] || {}).riichi);
  if (acts.length === 1) {
    // The locked hand's discard after riichi waits for a click when the player turned that off.
    if (acts[0].type === "discard" && inRiichi && !options.riichi) return null;
    return acts[0];
  }
  const win = acts.find((a) => WINS.has(a.type));
  if (win) return options.win ? win : null; // a win offered is never passed by itself
  const pass = acts.find((a) => a.type === "pass");
  if (pass && options.noCalls) return pass;
  if (options.riichi && inRiichi && drawn !== null && drawn !== undefined) {
    // Only when the drawn tile's discard is the sole discard and nothing but it is offered
    // (a kan stays the player's to choose).
    const discards = acts.filter((a) => a.type === "discard");
    if (discards.length === acts.length && discards.every((a) => a.tile === drawn)) return discards[0];
  }
  return null;
}
