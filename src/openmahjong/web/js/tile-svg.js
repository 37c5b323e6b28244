// Tile faces, drawn by the project as SVG (viewBox 60 x 80, so they stay sharp at any size).
//
// tileMarkup(code) returns the SVG as a string (fast for whole walls); tileElement(code) an
// element. Dots and bamboo are pure geometry; characters, winds, dragons and flowers use a
// CJK glyph plus a small Latin index in the corner, so a tile stays readable where no CJK font
// is installed. Red fives are drawn in red with a red corner dot.

import { isTile } from "./tiles.js";
import { tileName } from "./i18n.js";

const W = 60;
const H = 80;
const BLUE = "#1d4f91";
const GREEN = "#17803d";
const RED = "#c8232c";
const INK = "#1b2238";

const NUMERALS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

function circlePip(x, y, r, color) {
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>` +
    `<circle cx="${x}" cy="${y}" r="${(r * 0.66).toFixed(2)}" fill="#fffdf6"/>` +
    `<circle cx="${x}" cy="${y}" r="${(r * 0.36).toFixed(2)}" fill="${color}"/>`
  );
}

// [x, y, colour] per pip, for 1..9 dots; r is per count.
const DOT_LAYOUT = {
  1: { r: 17, pips: [[30, 38, RED]] },
  2: { r: 10, pips: [[30, 21, GREEN], [30, 55, BLUE]] },
  3: { r: 8.5, pips: [[15, 17, BLUE], [30, 38, RED], [45, 59, GREEN]] },
  4: { r: 9, pips: [[18, 22, BLUE], [42, 22, GREEN], [18, 54, GREEN], [42, 54, BLUE]] },
  5: {
    r: 8,
    pips: [[16, 18, BLUE], [44, 18, GREEN], [30, 38, RED], [16, 58, GREEN], [44, 58, BLUE]],
  },
  6: {
    r: 7.5,
    pips: [[19, 15, GREEN], [41, 15, GREEN], [19, 40, RED], [41, 40, RED], [19, 60, RED],
      [41, 60, RED]],
  },
  7: {
    r: 6.5,
    pips: [[13, 12, GREEN], [30, 19, GREEN], [47, 26, GREEN], [19, 45, RED], [41, 45, RED],
      [19, 62, RED], [41, 62, RED]],
  },
  8: {
    r: 7,
    pips: [[19, 12, BLUE], [41, 12, BLUE], [19, 29, BLUE], [41, 29, BLUE], [19, 46, BLUE],
      [41, 46, BLUE], [19, 63, BLUE], [41, 63, BLUE]],
  },
  9: {
    r: 7,
    pips: [[14, 16, BLUE], [30, 16, BLUE], [46, 16, BLUE], [14, 38, RED], [30, 38, RED],
      [46, 38, RED], [14, 60, GREEN], [30, 60, GREEN], [46, 60, GREEN]],
  },
};

function stick(x, y, color, h = 20) {
  const w = 7;
  const top = y - h / 2;
  return (
    `<rect x="${x - w / 2}" y="${top}" width="${w}" height="${h}" rx="3" fill="${color}"/>` +
    `<rect x="${x - w / 2}" y="${y - 1}" width="${w}" height="2" fill="#fffdf6" opacity=".85"/>` +
    `<rect x="${x - 1}" y="${top + 2}" width="2" height="${h - 4}" fill="#fffdf6" opacity=".35"/>`
  );
}

// [x, y, colour] per stick for 2..9 bamboo; h is per count.
const BAMBOO_LAYOUT = {
  2: { h: 24, sticks: [[30, 22, GREEN], [30, 54, BLUE]] },
  3: { h: 24, sticks: [[30, 22, BLUE], [19, 54, GREEN], [41, 54, GREEN]] },
  4: { h: 24, sticks: [[19, 22, BLUE], [41, 22, GREEN], [19, 54, GREEN], [41, 54, BLUE]] },
  5: {
    h: 22,
    sticks: [[16, 20, GREEN], [44, 20, BLUE], [30, 38, RED], [16, 56, BLUE], [44, 56, GREEN]],
  },
  6: {
    h: 24,
    sticks: [[15, 22, GREEN], [30, 22, GREEN], [45, 22, GREEN], [15, 54, BLUE], [30, 54, BLUE],
      [45, 54, BLUE]],
  },
  7: {
    h: 18,
    sticks: [[30, 14, RED], [15, 38, GREEN], [30, 38, GREEN], [45, 38, GREEN], [15, 61, GREEN],
      [30, 61, GREEN], [45, 61, GREEN]],
  },
  8: {
    h: 24,
    sticks: [[12, 22, GREEN], [24, 22, GREEN], [36, 22, GREEN], [48, 22, GREEN], [12, 54, BLUE],
      [24, 54, BLUE], [36, 54, BLUE], [48, 54, BLUE]],
  },
  9: {
    h: 18,
    sticks: [[15, 15, GREEN], [30, 15, RED], [45, 15, GREEN], [15, 38, GREEN], [30, 38, RED],
      [45, 38, GREEN], [15, 61, GREEN], [30, 61, RED], [45, 61, GREEN]],
  },
};

function oneBamboo() {
  // A tall bamboo shoot with two leaves: the 1 of bamboo is traditionally a special picture.
  return (
    `<path d="M30 66 C26 50 26 30 30 12 C34 30 34 50 30 66Z" fill="${GREEN}"/>` +
    `<path d="M30 40 C20 36 14 30 12 22 C22 24 28 30 30 40Z" fill="${GREEN}" opacity=".8"/>` +
    `<path d="M30 50 C40 46 46 40 48 32 C38 34 32 40 30 50Z" fill="${RED}" opacity=".85"/>` +
    `<rect x="26" y="27" width="8" height="2" fill="#fffdf6" opacity=".8"/>` +
    `<rect x="26" y="47" width="8" height="2" fill="#fffdf6" opacity=".8"/>` +
    `<circle cx="30" cy="12" r="3.5" fill="${RED}"/>`
  );
}

const glyph = (text, x, y, size, color, extra = "") =>
  `<text class="tile-glyph" x="${x}" y="${y}" font-size="${size}" fill="${color}" ` +
  `text-anchor="middle" dominant-baseline="central"${extra}>${text}</text>`;

const index = (text, color = "#6b6456") =>
  `<text class="tile-index" x="6" y="11" font-size="10" fill="${color}">${text}</text>`;

const WIND_GLYPH = { 41: ["東", "E"], 42: ["南", "S"], 43: ["西", "W"], 44: ["北", "N"] };
const FLOWER_GLYPH = ["春", "夏", "秋", "冬", "梅", "蘭", "竹", "菊"];

function face(code) {
  const red = code >= 100;
  const k = red ? Math.floor(code / 100) * 10 + 5 : code;
  const suit = Math.floor(k / 10);
  const n = k % 10;
  if (suit === 1) {
    const top = red ? RED : INK;
    return (
      index(String(n), red ? RED : undefined) +
      glyph(NUMERALS[n], 30, 24, 24, top, ' font-weight="700"') +
      glyph("萬", 30, 56, 27, RED, ' font-weight="700"')
    );
  }
  if (suit === 2) {
    const { r, pips } = DOT_LAYOUT[n];
    return pips.map(([x, y, c]) => circlePip(x, y, r, red ? RED : c)).join("") +
      (n === 1 ? `<circle cx="30" cy="38" r="21" fill="none" stroke="${BLUE}" stroke-width="2"/>` : "");
  }
  if (suit === 3) {
    if (n === 1) return oneBamboo();
    const { h, sticks } = BAMBOO_LAYOUT[n];
    return sticks.map(([x, y, c]) => stick(x, y, red ? RED : c, h)).join("");
  }
  if (k in WIND_GLYPH) {
    const [ch, letter] = WIND_GLYPH[k];
    return index(letter) + glyph(ch, 30, 41, 38, INK, ' font-weight="700"');
  }
  if (k === 45) return glyph("中", 30, 40, 42, RED, ' font-weight="700"');
  if (k === 47) return glyph("發", 30, 40, 40, GREEN, ' font-weight="700"');
  if (k === 46) {
    return (
      `<rect x="12" y="14" width="36" height="50" rx="3" fill="none" stroke="${BLUE}" stroke-width="3"/>` +
      `<rect x="17" y="19" width="26" height="40" rx="2" fill="none" stroke="${BLUE}" stroke-width="1.5"/>`
    );
  }
  // Flowers 51..58: seasons in blue, plants in green, with their number 1-4 in the corner.
  const season = k <= 54;
  const color = season ? BLUE : GREEN;
  return (
    index(String(((k - 51) % 4) + 1), color) +
    `<circle cx="30" cy="40" r="19" fill="none" stroke="${color}" stroke-width="1.5" stroke-dasharray="3 2"/>` +
    glyph(FLOWER_GLYPH[k - 51], 30, 40, 26, season ? RED : color, ' font-weight="700"')
  );
}

const cache = new Map();

function inner(code) {
  if (!cache.has(code)) {
    const red = code >= 100;
    cache.set(
      code,
      // The tile: a green back showing below an ivory face, then the face's drawing.
      `<rect class="tile-back" x="1" y="3" width="${W - 2}" height="${H - 4}" rx="7"/>` +
        `<rect class="tile-face" x="1" y="1" width="${W - 2}" height="${H - 6}" rx="7"/>` +
        `<g transform="translate(0 -2)">${face(code)}</g>` +
        (red ? `<circle cx="52" cy="9" r="3.5" fill="${RED}"/>` : ""),
    );
  }
  return cache.get(code);
}

function escapeAttr(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function a11yAttrs(name) {
  return name
    ? `role="img" aria-label="${escapeAttr(name)}"`
    : `aria-hidden="true" focusable="false"`;
}

// A sideways tile (a riichi discard, the claimed tile of a meld) is the same drawing turned a
// quarter to the left inside an 80 x 60 box, so it lines up with upright tiles at the bottom.
function wrap(body, { sideways, cls, attrs }) {
  const box = sideways ? `0 0 ${H} ${W}` : `0 0 ${W} ${H}`;
  const content = sideways ? `<g transform="translate(0 ${W}) rotate(-90)">${body}</g>` : body;
  const klass = `tile${sideways ? " sideways" : ""}${cls ? ` ${cls}` : ""}`;
  return `<svg class="${klass}" viewBox="${box}" ${attrs} xmlns="http://www.w3.org/2000/svg">` +
    `${content}</svg>`;
}

/**
 * The SVG markup of one tile. Options: `label` (accessible name; default the tile's name in the
 * current language, "" to hide it from screen readers), `cls` (extra classes), `sideways`.
 */
export function tileMarkup(code, { label, cls = "", sideways = false } = {}) {
  if (!isTile(code)) throw new RangeError(`${code} is not a tile code`);
  const name = label === undefined ? tileName(code) : label;
  return wrap(inner(code), { sideways, cls, attrs: `data-tile="${code}" ${a11yAttrs(name)}` });
}

const BACK =
  `<rect class="tile-back" x="1" y="3" width="${W - 2}" height="${H - 4}" rx="7"/>` +
  `<rect class="tile-back-face" x="1" y="1" width="${W - 2}" height="${H - 6}" rx="7"/>` +
  `<rect x="9" y="9" width="${W - 18}" height="${H - 22}" rx="4" fill="none" ` +
  `stroke="#ffffff" stroke-opacity=".35" stroke-width="2"/>`;

/** A face-down tile (other players' hands, the dead wall). `label` as for tileMarkup. */
export function tileBackMarkup({ label = "", cls = "", sideways = false } = {}) {
  return wrap(BACK, { sideways, cls: `back${cls ? ` ${cls}` : ""}`, attrs: a11yAttrs(label) });
}

/** One tile as an inline SVG element (see tileMarkup for the options). */
export function tileElement(code, options = {}) {
  const holder = document.createElement("span");
  holder.innerHTML = tileMarkup(code, options);
  return holder.firstElementChild;
}

/** A row of tiles as markup, each labelled. */
export function tilesMarkup(codes, options = {}) {
  return codes.map((c) => tileMarkup(c, options)).join("");
}
