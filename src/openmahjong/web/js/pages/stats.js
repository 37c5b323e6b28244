// The platform's statistics (#/stats): games per day, active players, ruleset and preset mix,
// average game length and bot share (stats-view.js draws them).

import { renderPlatform } from "../stats-view.js";

export async function render(main, route) {
  await renderPlatform(main, route);
}
