// Tile codes and the text notation, the same as openmahjong.tiles (no DOM here).
//
// Codes: 11-19 characters (m), 21-29 dots (p), 31-39 bamboo (s), 41-44 East South West North,
// 45 Red, 46 White, 47 Green, 51-58 flowers, red fives 105 / 205 / 305.
// Notation: "123m406p789s1234567z1f": digits then their suit letter; 0 is a red five;
// z 1..7 = E S W N White Green Red (the common convention, not our code order); f 1..8 flowers.

export const SUITED = [];
for (const s of [1, 2, 3]) for (let n = 1; n <= 9; n++) SUITED.push(s * 10 + n);
export const WINDS = [41, 42, 43, 44];
export const DRAGONS = [45, 46, 47]; // Red, White, Green
export const HONORS = [...WINDS, ...DRAGONS];
export const FLOWERS = [51, 52, 53, 54, 55, 56, 57, 58];
export const ALL_KINDS = [...SUITED, ...HONORS];
export const RED_FIVES = [105, 205, 305];

const SUIT_LETTER = { 1: "m", 2: "p", 3: "s" };
const SUIT_OF_LETTER = { m: 1, p: 2, s: 3 };
const Z_TO_CODE = { 1: 41, 2: 42, 3: 43, 4: 44, 5: 46, 6: 47, 7: 45 };
const CODE_TO_Z = Object.fromEntries(Object.entries(Z_TO_CODE).map(([z, c]) => [c, Number(z)]));
const VALID = new Set([...ALL_KINDS, ...FLOWERS, ...RED_FIVES]);

/** An error about a tile or a piece of notation; `key` and `args` let pages translate it. */
export class TileError extends Error {
  constructor(message, key, args = {}) {
    super(message);
    this.name = "TileError";
    this.key = key;
    this.args = args;
  }
}

export function isTile(t) {
  return Number.isInteger(t) && VALID.has(t);
}
export function kind(t) {
  return t >= 100 ? Math.floor(t / 100) * 10 + (t % 10) : t;
}
export const isRed = (t) => t === 105 || t === 205 || t === 305;
export const isHonor = (t) => t >= 41 && t <= 47;
export const isFlower = (t) => t >= 51 && t <= 58;
export const isSuited = (t) => {
  const k = kind(t);
  return k >= 11 && k <= 39 && k % 10 !== 0;
};
/** 1 characters, 2 dots, 3 bamboo, 4 honors, 5 flowers. */
export const suit = (t) => Math.floor(kind(t) / 10);
export const number = (t) => kind(t) % 10;

/** Code order, a red five just before the plain fives of its suit (tiles.sort_key). */
export function compareTiles(a, b) {
  return kind(a) - kind(b) || (isRed(b) ? 1 : 0) - (isRed(a) ? 1 : 0);
}
export function sortTiles(tiles) {
  return [...tiles].sort(compareTiles);
}

function tileFromDigit(digit, letter, pos, text) {
  if (letter in SUIT_OF_LETTER) {
    const s = SUIT_OF_LETTER[letter];
    return digit === 0 ? s * 100 + 5 : s * 10 + digit;
  }
  if (letter === "z") {
    if (!(digit in Z_TO_CODE)) {
      throw new TileError(`${digit}z at position ${pos + 1} is not an honor: honors are 1z-7z`,
        "err.honor", { tile: `${digit}z`, pos: pos + 1 });
    }
    return Z_TO_CODE[digit];
  }
  if (digit < 1 || digit > 8) {
    throw new TileError(`${digit}f at position ${pos + 1} is not a flower: flowers are 1f-8f`,
      "err.flower", { tile: `${digit}f`, pos: pos + 1 });
  }
  return 50 + digit;
}

/** Parse notation into codes, in written order. With `check`, no kind more than 4 times. */
export function parse(text, { check = true } = {}) {
  if (typeof text !== "string") throw new TileError("a hand must be written as text", "err.text");
  const tiles = [];
  let pending = [];
  const chars = [...text.trim()];
  chars.forEach((ch, pos) => {
    if (/\s/.test(ch)) return;
    if (ch >= "0" && ch <= "9") {
      pending.push([Number(ch), pos]);
      return;
    }
    const letter = ch.toLowerCase();
    if (!"mpszf".includes(letter)) {
      throw new TileError(
        `unexpected '${ch}' at position ${pos + 1}: write digits followed by m, p, s, z or f`,
        "err.char", { ch, pos: pos + 1 });
    }
    if (pending.length === 0) {
      throw new TileError(`suit letter '${ch}' at position ${pos + 1} has no digits`,
        "err.nodigits", { ch, pos: pos + 1 });
    }
    for (const [digit, dpos] of pending) tiles.push(tileFromDigit(digit, letter, dpos, text));
    pending = [];
  });
  if (pending.length) {
    throw new TileError("the text ends with digits but no suit letter (m, p, s, z or f)",
      "err.trailing");
  }
  if (check) checkCopies(tiles);
  return tiles;
}

/** Throw if a kind appears more than four times, or a red five more than twice. */
export function checkCopies(tiles, limit = 4) {
  const counts = new Map();
  for (const t of tiles) counts.set(kind(t), (counts.get(kind(t)) || 0) + 1);
  for (const [k, n] of counts) {
    if (n > limit) {
      throw new TileError(`${format([k])} appears ${n} times: a set has only ${limit} of each tile`,
        "err.copies", { tile: format([k]), n, limit });
    }
  }
  const reds = new Map();
  for (const t of tiles) if (isRed(t)) reds.set(t, (reds.get(t) || 0) + 1);
  for (const [t, n] of reds) {
    if (n > 2) {
      throw new TileError(`${format([t])} appears ${n} times: no set has more than two red fives`,
        "err.reds", { tile: format([t]), n });
    }
  }
}

function letterAndDigit(t) {
  if (!isTile(t)) throw new TileError(`${t} is not a tile code`, "err.code", { code: t });
  if (isRed(t)) return [SUIT_LETTER[Math.floor(t / 100)], 0];
  if (isHonor(t)) return ["z", CODE_TO_Z[t]];
  if (isFlower(t)) return ["f", t - 50];
  return [SUIT_LETTER[Math.floor(t / 10)], t % 10];
}

/** Write codes in notation, in the given order, merging runs of one suit (tiles.format). */
export function format(tiles) {
  let out = "";
  let digits = "";
  let current = "";
  for (const t of tiles) {
    const [letter, digit] = letterAndDigit(t);
    if (letter !== current && digits) {
      out += digits + current;
      digits = "";
    }
    current = letter;
    digits += String(digit);
  }
  if (digits) out += digits + current;
  return out;
}

/** One tile's notation, e.g. 105 -> "0m", 45 -> "7z". */
export function name(t) {
  return format([t]);
}
