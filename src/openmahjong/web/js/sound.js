// Table sounds made with WebAudio (no files): discard, call, riichi, win and the turn cue,
// with a mute switch remembered in localStorage. Nothing plays before the page has been
// interacted with (browsers refuse audio until then), and nothing fails without WebAudio.

const STORAGE_KEY = "openmahjong.sound";

// Each sound as notes: [frequency Hz, start s, length s, wave, gain].
const SOUNDS = {
  discard: [[520, 0, 0.06, "triangle", 0.25]],
  call: [[440, 0, 0.08, "square", 0.12], [660, 0.08, 0.1, "square", 0.12]],
  riichi: [[392, 0, 0.12, "sawtooth", 0.1], [523, 0.12, 0.12, "sawtooth", 0.1], [784, 0.24, 0.2, "sawtooth", 0.1]],
  win: [[523, 0, 0.15, "triangle", 0.3], [659, 0.12, 0.15, "triangle", 0.3], [784, 0.24, 0.15, "triangle", 0.3], [1047, 0.36, 0.35, "triangle", 0.3]],
  turn: [[880, 0, 0.05, "sine", 0.15]],
};

let context = null;

export function soundOn() {
  try {
    return localStorage.getItem(STORAGE_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setSoundOn(on) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

/** Play sound `name` unless muted. Returns whether it was scheduled (for tests). */
export function play(name) {
  const notes = SOUNDS[name];
  if (!notes || !soundOn()) return false;
  const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!Ctx) return false;
  try {
    context = context || new Ctx();
    if (context.state === "suspended") context.resume().catch(() => {});
    const now = context.currentTime;
    for (const [freq, at, length, wave, gain] of notes) {
      const osc = context.createOscillator();
      const amp = context.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      amp.gain.setValueAtTime(gain, now + at);
      amp.gain.exponentialRampToValueAtTime(0.001, now + at + length);
      osc.connect(amp).connect(context.destination);
      osc.start(now + at);
      osc.stop(now + at + length + 0.02);
    }
    return true;
  } catch {
    return false; // audio refused: the game goes on silently
  }
}

/** The sound an engine event makes, or null. */
export function soundFor(ev) {
  if (!ev) return null;
  if (ev.type === "Discarded") return ev.riichi ? "riichi" : "discard";
  if (ev.type === "Called") return "call";
  if (ev.type === "Won" || ev.type === "McrWon" || ev.type === "SichuanWon") return "win";
  return null;
}
