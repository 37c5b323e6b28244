// Provably fair walls, recomputed in the browser: the server only describes its walls.
//
// A bit-exact port of openmahjong.fairness (platform guide §6):
//   commitment = int(SHA256(format(master_seed, '064x') + salt), 16)
//   hand_seed  = int(SHA256(format(master_seed, '064x') + str(n)), 16)
//   seats      = random.Random(master_seed).shuffle(copy of entry order)
//   wall       = random.Random(hand_seed).shuffle(build_wall(ruleset))
// A wall is described by the server (GET /api/tools/walls, or a ruleset's `wall` in GET
// /api/rooms/rulesets): the fields of openmahjong.fairness.WallRuleset, {name, size,
// hand_number, dealer_extra, kinds, copies, extra, red_fives, hand_size}. No ruleset is known here by name.
// "random.Random" is CPython's Mersenne Twister (MT19937) seeded from an int through
// init_by_array, and shuffle is the 3.11 Fisher-Yates with _randbelow_with_getrandbits.
//
// Plain ES module with no DOM and no WebCrypto: it runs the same in any page (WebCrypto is
// missing on plain-http pages that are not localhost) and under node for the tests.

import { RED_FIVES } from "./tiles.js";

// --------------------------------------------------------------------------- SHA-256

const K256 = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const rotr = (x, n) => (x >>> n) | (x << (32 - n));

/** SHA-256 of a byte array, as 64 lower-case hex digits. */
export function sha256Bytes(bytes) {
  const bitLength = bytes.length * 8;
  const padded = new Uint8Array(((bytes.length + 9 + 63) >> 6) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  // The length is a 64-bit big-endian number; inputs here are far below 2^32 bits.
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + 4 * i);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K256[i] + w[i]) >>> 0;
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
  return Array.from(h, (x) => x.toString(16).padStart(8, "0")).join("");
}

/** SHA-256 of a text's UTF-8 bytes, as hex (Python: hashlib.sha256(text.encode()).hexdigest()). */
export function sha256Hex(text) {
  return sha256Bytes(new TextEncoder().encode(text));
}

// --------------------------------------------------------------------------- CPython's random

const N = 624;
const M = 397;

/** CPython's random.Random seeded with a non-negative integer, enough for shuffle(). */
export class PyRandom {
  constructor(seed) {
    this.mt = new Uint32Array(N);
    this.index = N;
    this.seed(seed);
  }

  /** random.seed(int): the absolute value's 32-bit words, least significant first. */
  seed(value) {
    let n = BigInt(value);
    if (n < 0n) n = -n;
    const key = [];
    while (n > 0n) {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    }
    if (key.length === 0) key.push(0);
    this.initByArray(key);
  }

  initGenrand(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  initByArray(key) {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this.index = N;
  }

  /** genrand_uint32: the next 32-bit output. */
  nextUint32() {
    const mt = this.mt;
    if (this.index >= N) {
      let kk = 0;
      let y;
      for (; kk < N - M; kk++) {
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
        mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      for (; kk < N - 1; kk++) {
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
        mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      y = (mt[N - 1] & 0x80000000) | (mt[0] & 0x7fffffff);
      mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** getrandbits(k) for 1 <= k <= 32: the top k bits of one output. */
  getrandbits(k) {
    if (k < 1 || k > 32) throw new RangeError("getrandbits here handles 1..32 bits");
    return this.nextUint32() >>> (32 - k);
  }

  /** _randbelow_with_getrandbits(n): uniform in [0, n) by rejection. */
  randbelow(n) {
    const k = 32 - Math.clz32(n); // n.bit_length()
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** random.shuffle(x) in place (CPython 3.11). */
  shuffle(x) {
    for (let i = x.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const t = x[i];
      x[i] = x[j];
      x[j] = t;
    }
    return x;
  }
}

// --------------------------------------------------------------------------- the scheme

/** An input error; `key` names a message in the page's string tables. */
export class SeedError extends Error {
  constructor(message, key, args = {}) {
    super(message);
    this.name = "SeedError";
    this.key = key;
    this.args = args;
  }
}

function checkSeed(masterSeed) {
  if (typeof masterSeed !== "bigint") throw new SeedError("a master seed is a BigInt", "seed.err.type");
  if (masterSeed < 0n) throw new SeedError("a master seed is a non-negative number", "seed.err.negative");
}

/** format(master_seed, '064x'): lower-case hex, at least 64 digits. */
export function formatMasterSeed(masterSeed) {
  checkSeed(masterSeed);
  return masterSeed.toString(16).padStart(64, "0");
}

/** Read a master seed written as exactly 64 hex digits (an 0x prefix is allowed). */
export function parseMasterSeed(text) {
  let digits = String(text).trim();
  if (digits.slice(0, 2).toLowerCase() === "0x") digits = digits.slice(2);
  const bad = [...new Set(digits.replace(/[0-9a-fA-F]/g, ""))];
  if (bad.length) {
    throw new SeedError(`a master seed must be exactly 64 hex digits; it contains ${bad.join(" ")}`,
      "seed.err.chars", { chars: bad.join(" ") });
  }
  if (digits.length !== 64) {
    throw new SeedError(`a master seed must be exactly 64 hex digits; it has ${digits.length}`,
      "seed.err.length", { n: digits.length });
  }
  return BigInt("0x" + digits);
}

/**
 * A commitment as people paste it: the published form (64 hex digits, 0x allowed), shorter hex
 * with 0x, or a decimal number. Exactly 64 digits are always hex, the published form (the same
 * rule as openmahjong.fairness.parse_commitment).
 */
export function parseCommitment(text) {
  const t = String(text).trim();
  const hex = /^(?:0[xX])?([0-9a-fA-F]{64})$|^0[xX]([0-9a-fA-F]{1,63})$/.exec(t);
  if (hex) return BigInt("0x" + (hex[1] || hex[2]));
  if (/^[0-9]{1,78}$/.test(t) && BigInt(t) < (1n << 256n)) return BigInt(t);
  throw new SeedError(
    "a commitment is 64 hex digits as the server publishes it (0x-hex or a decimal number " +
      "are accepted too)",
    "seed.err.commitment");
}

/** The published form of a commitment: exactly 64 lowercase hex digits. */
export function formatCommitment(value) {
  return value.toString(16).padStart(64, "0");
}

const sha256Int = (text) => BigInt("0x" + sha256Hex(text));

export function commitment(masterSeed, salt) {
  return sha256Int(formatMasterSeed(masterSeed) + String(salt));
}

export function handSeed(masterSeed, handNumber) {
  if (!Number.isInteger(handNumber)) throw new SeedError("a hand number is an integer", "seed.err.hand");
  return sha256Int(formatMasterSeed(masterSeed) + String(handNumber));
}

/** The players in seat order: a copy of entryOrder shuffled by Random(masterSeed). */
export function seatOrder(masterSeed, entryOrder) {
  checkSeed(masterSeed);
  return new PyRandom(masterSeed).shuffle([...entryOrder]);
}

function checkWall(wall) {
  if (!wall || !Array.isArray(wall.kinds)) {
    throw new SeedError("no such wall on this server", "seed.err.ruleset", { ruleset: String(wall && wall.name) });
  }
}

/** The unshuffled wall in the seed document's order (WallRuleset.build): each kind `copies`
 *  times; with red fives (a wall that has them, a table that plays them) one plain five of each
 *  suit leaves and the red fives go to the end; then the `extra` tiles (MCR's flowers). */
export function buildWall(wall, { redFives = true } = {}) {
  checkWall(wall);
  const copies = wall.copies ?? 4;
  const tiles = wall.kinds.flatMap((t) => Array(copies).fill(t));
  if (wall.red_fives && redFives) {
    for (const red of RED_FIVES) tiles.splice(tiles.indexOf(Math.floor(red / 100) * 10 + 5), 1);
    tiles.push(...RED_FIVES);
  }
  tiles.push(...(wall.extra || []));
  return tiles;
}

export function shuffledWall(wall, masterSeed, handNumber, { redFives = true } = {}) {
  const tiles = buildWall(wall, { redFives });
  return new PyRandom(handSeed(masterSeed, handNumber)).shuffle(tiles);
}

/** Deal 13 each from the front in seat order, then the dealer's extra tile: [hands, rest]. */
export function deal(wall, seats = 4, { dealer = 0, dealerExtra = true, handSize = 13 } = {}) {
  // handSize: the wall's hand_size (13; Taiwan's 16), as openmahjong.fairness.deal's tiles_each.
  const need = handSize * seats + (dealerExtra ? 1 : 0);
  if (wall.length < need) {
    throw new SeedError(`a wall of ${wall.length} tiles cannot deal ${need} tiles`, "seed.err.deal");
  }
  const hands = [];
  for (let s = 0; s < seats; s++) hands.push(wall.slice(handSize * s, handSize * (s + 1)));
  let pos = handSize * seats;
  if (dealerExtra) hands[dealer].push(wall[pos++]);
  return [hands, wall.slice(pos)];
}

const hex256 = (v) => "0x" + v.toString(16).padStart(64, "0");

/**
 * Everything `openmahjong seed verify --json` reports, with the same keys and values
 * (256-bit numbers as decimal strings with *_hex twins). `wall` is the ruleset's wall as the
 * server describes it; `claimed` is a BigInt or null.
 */
export function verify({ masterSeed, salt, wall, hands, players, claimed = null, redFives = true }) {
  checkWall(wall);
  if (!Number.isInteger(hands) || hands < 1) {
    throw new SeedError("the number of hands must be at least 1", "seed.err.hands");
  }
  const computed = commitment(masterSeed, salt);
  const report = {
    ruleset: wall.name,
    hand_number_field: wall.hand_number,
    master_seed: formatMasterSeed(masterSeed),
    salt,
    commitment: computed.toString(),
    commitment_hex: hex256(computed),
    commitment_matches: claimed === null ? null : claimed === computed,
    entry_order: [...players],
    seat_order: seatOrder(masterSeed, players),
    dealer: 0,
    hands: [],
  };
  for (let n = 1; n <= hands; n++) {
    const seed = handSeed(masterSeed, n);
    const tiles = new PyRandom(seed).shuffle(buildWall(wall, { redFives }));
    const [dealt] = deal(tiles, players.length, { dealer: 0, dealerExtra: wall.dealer_extra, handSize: wall.hand_size ?? 13 });
    const hand = {
      hand_number: n,
      hand_seed: seed.toString(),
      hand_seed_hex: hex256(seed),
      wall: tiles,
      dealt,
    };
    // A wall whose hands exchange tiles (Sichuan): the direction, by WallRuleset.exchange_direction.
    const directions = wall.exchange_directions || [];
    if (directions.length) hand.exchange_direction = directions[Number(seed % BigInt(directions.length))];
    report.hands.push(hand);
  }
  return report;
}
