// The play socket: connect, hello, keep alive, reconnect after a drop. No DOM.
//
//   const client = new PlayClient({onMessage, onStatus, onWelcome});
//   client.connect(); client.send({...}); client.reply(seq, action); client.close();
//
// After a drop it reconnects by itself with exponential backoff (0.5 s doubling to 15 s, with
// jitter) and says hello again; the server then re-sends the open prompt with the same seq
// (protocol.md), and onWelcome lets the page re-send whatever it needs (join the room again).
// Refusals that cannot heal by retrying (not signed in, wrong origin, bad protocol) stop it.

export const PROTOCOL = 1;
const FATAL_CLOSES = new Set([4400, 4401, 4403]);

export function socketUrl(path = "/ws", loc = window.location) {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}${path}`;
}

export class PlayClient {
  constructor({ url, onMessage = () => {}, onStatus = () => {}, onWelcome = () => {}, pingSeconds = 20,
    baseDelay = 500, maxDelay = 15000 } = {}) {
    this.url = url || socketUrl();
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.onWelcome = onWelcome;
    this.pingMs = pingSeconds * 1000;
    this.baseDelay = baseDelay;
    this.maxDelay = maxDelay;
    this.attempt = 0;
    this.socket = null;
    this.closed = false;
    this.welcomed = false;
    this.timer = null;
    this.pinger = null;
    this.connections = 0;
    this.lastClose = null;
  }

  /** Delay before reconnect attempt `n` (0-based): base * 2^n, capped, plus up to 20% jitter. */
  static backoff(n, base = 500, max = 15000, random = Math.random) {
    const d = Math.min(max, base * 2 ** n);
    return Math.round(d * (1 + 0.2 * random()));
  }

  connect() {
    this.closed = false;
    clearTimeout(this.timer);
    this.status("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.schedule();
      return;
    }
    this.socket = ws;
    this.welcomed = false;
    ws.onopen = () => {
      this.connections += 1;
      // batch: false until the views render each message of a batched frame (a spectator missed
      // a hand's reset when two hands' messages came in one frame); receive() reads both kinds.
      ws.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, client: "openmahjong-web/1", batch: false }));
    };
    ws.onmessage = (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      for (const msg of Array.isArray(data) ? data : [data]) this.receive(msg);
    };
    ws.onclose = (event) => {
      this.stopPing();
      if (this.socket !== ws) return;
      this.socket = null;
      this.lastClose = event.code;
      if (this.closed) return;
      if (FATAL_CLOSES.has(event.code)) {
        this.status("refused", event.code);
        return;
      }
      this.schedule();
    };
    ws.onerror = () => {
      // onclose follows and decides; nothing to log (a dropped network is expected)
    };
  }

  receive(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "welcome") {
      this.welcomed = true;
      this.attempt = 0;
      this.status("online");
      this.startPing();
      this.onWelcome(msg);
    }
    if (msg.type === "pong") return;
    this.onMessage(msg);
  }

  schedule() {
    if (this.closed) return;
    const delay = PlayClient.backoff(this.attempt, this.baseDelay, this.maxDelay);
    this.attempt += 1;
    this.status("reconnecting", delay);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  startPing() {
    this.stopPing();
    this.pinger = setInterval(() => this.send({ type: "ping" }), this.pingMs);
  }

  stopPing() {
    clearInterval(this.pinger);
    this.pinger = null;
  }

  status(name, detail) {
    this.state = name;
    this.onStatus(name, detail);
  }

  /** Send a message now; false when the socket is not open (the caller may retry after welcome). */
  send(msg) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || (!this.welcomed && msg.type !== "hello")) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  reply(seq, action) {
    return this.send({ type: "reply", seq, action });
  }

  /** Drop the connection as a network failure would (tests, and the "reconnect" button). */
  drop() {
    if (this.socket) this.socket.close(4000, "client drop");
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.stopPing();
    const ws = this.socket;
    if (ws && ws.readyState === WebSocket.CONNECTING) {
      // Closing a socket that is still connecting makes the browser log a warning: let it
      // open, then close it (leaving a room page right after opening it).
      ws.onopen = () => ws.close(1000, "bye");
    } else if (ws) {
      ws.close(1000, "bye");
    }
    this.socket = null;
    this.status("closed");
  }
}
