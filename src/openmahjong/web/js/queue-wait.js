// The quick match's shown wait: seconds in line and, when the server says when bots fill the
// table (`queued.bot_fill_seconds`, optional), how long that is. One ticker refreshes every
// such line on the page each second, so the room page need not redraw to count.

import { h } from "./dom.js";
import { t } from "./i18n.js";

let ticker = null;

function refresh(el) {
  const waited = Math.max(0, Math.floor((Date.now() - Number(el.dataset.since)) / 1000));
  const limit = el.dataset.fill;
  el.textContent = limit ? t("lobby.botFill", { n: waited, limit }) : t("lobby.wait", { n: waited });
}

function tick() {
  const lines = document.querySelectorAll("[data-testid=queue-wait]");
  lines.forEach(refresh);
  if (!lines.length) {
    clearInterval(ticker);
    ticker = null;
  }
}

/** A line counting the seconds since `since` (ms since the epoch); `fillSeconds`: the bot fill's. */
export function queueWait(since, fillSeconds) {
  const el = h("p", { class: "queue-wait", "data-testid": "queue-wait", "aria-live": "off", "data-since": String(since),
    "data-fill": fillSeconds ? String(fillSeconds) : null });
  refresh(el);
  if (ticker === null) ticker = setInterval(tick, 1000);
  return el;
}
