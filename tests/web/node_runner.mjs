// Runs the browser modules under node for the pytest suite: reads a JSON list of calls on stdin,
// writes a JSON list of results (or {"error": ...}) on stdout. BigInts travel as decimal strings.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const webJs = process.argv[2];
const fairness = await import(pathToFileURL(`${webJs}/fairness.js`).href);
const tiles = await import(pathToFileURL(`${webJs}/tiles.js`).href);
const i18n = await import(pathToFileURL(`${webJs}/i18n.js`).href);
const tileSvg = await import(pathToFileURL(`${webJs}/tile-svg.js`).href);
const waits = await import(pathToFileURL(`${webJs}/waits.js`).href);

const calls = {
  verify: (a) =>
    fairness.verify({
      masterSeed: BigInt(a.master_seed),
      salt: a.salt,
      wall: a.wall,
      hands: a.hands,
      players: a.players,
      claimed: a.claimed === null || a.claimed === undefined ? null : BigInt(a.claimed),
      redFives: a.red_fives ?? true,
    }),
  seat_order: (a) => fairness.seatOrder(BigInt(a.master_seed), a.players),
  shuffled_wall: (a) =>
    fairness.shuffledWall(a.wall, BigInt(a.master_seed), a.hand_number, { redFives: a.red_fives }),
  build_wall: (a) => fairness.buildWall(a.wall, { redFives: a.red_fives }),
  commitment: (a) => fairness.commitment(BigInt(a.master_seed), a.salt).toString(),
  hand_seed: (a) => fairness.handSeed(BigInt(a.master_seed), a.hand_number).toString(),
  sha256: (a) => fairness.sha256Hex(a.text),
  getrandbits: (a) => {
    const r = new fairness.PyRandom(BigInt(a.seed));
    return a.ks.map((k) => r.getrandbits(k));
  },
  shuffle: (a) => new fairness.PyRandom(BigInt(a.seed)).shuffle([...a.items]),
  parse_master_seed: (a) => fairness.parseMasterSeed(a.text).toString(),
  parse_commitment: (a) => fairness.parseCommitment(a.text).toString(),
  format_commitment: (a) => fairness.formatCommitment(BigInt(a.value)),
  parse: (a) => tiles.parse(a.text),
  format: (a) => tiles.format(a.tiles),
  sort: (a) => tiles.sortTiles(a.tiles),
  strings: () => i18n.STRINGS,
  tile_markup: (a) => {
    i18n.setLangForTests(a.lang ?? "en");
    return tileSvg.tileMarkup(a.code);
  },
  tile_markup_opts: (a) => tileSvg.tileMarkup(a.code, a.opts),
  tile_back: (a) => tileSvg.tileBackMarkup(a.opts),
  waits_of: (a) => waits.waitsOf(a.hand, a.shapes),
  tile_name: (a) => {
    i18n.setLangForTests(a.lang ?? "en");
    return i18n.tileName(a.code);
  },
};

const requests = JSON.parse(readFileSync(0, "utf8"));
const results = requests.map(({ fn, args }) => {
  try {
    return { ok: calls[fn](args) };
  } catch (e) {
    return { error: String(e.message), key: e.key ?? null };
  }
});
process.stdout.write(JSON.stringify(results));
