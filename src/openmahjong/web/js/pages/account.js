// The account panel (#/account): the signed-in account's email (link and verify with the
// emailed code), password, sessions (each can be ended; ending this one signs out), roles,
// notices from the admins and rank credit. Server: /api/account, /api/auth/email|password.

import { getJson, postJson, requestJson } from "../api.js";
import { errorBox, field, h } from "../dom.js";
import { errorText, lang, t } from "../i18n.js";
import { rulesetName } from "../rulesets.js";
import { currentUser, signedOut } from "../session.js";

/** A time for people, in the page's language. */
export function when(iso) {
  if (!iso) return "–";
  return new Date(iso).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" });
}

/** "Ban until 3 Dec 2026, 10:00: reason" (the sanction's kind and end in words). */
export function sanctionLine(s) {
  const end = s.ends_at ? t("acct.until", { when: when(s.ends_at) }) : t("acct.untilLifted");
  return `${t(`sanction.${s.kind}`)} (${end}): ${s.reason}`;
}

export function roleName(role) {
  const key = `role.${role}`;
  const text = t(key);
  return text === key ? role : text;
}

/** A short device name from a User-Agent: the browser and the system, else the text cut. */
export function deviceName(agent) {
  if (!agent) return t("acct.unknownDevice");
  const browser = (agent.match(/(Edg|Firefox|Chrome|Safari|OPR)\/[\d.]+/) || [])[1];
  const system = (agent.match(/Windows|Android|iPhone|iPad|Mac OS X|Linux/) || [])[0];
  if (browser || system) return [browser === "Edg" ? "Edge" : browser, system].filter(Boolean).join(" · ");
  return agent.length > 40 ? `${agent.slice(0, 40)}…` : agent;
}

function status(box, message) {
  box.replaceChildren(h("p", { class: "ok", role: "status" }, message));
}

async function act(box, fn) {
  box.replaceChildren(h("p", { class: "muted" }, t("common.working")));
  try {
    await fn();
  } catch (err) {
    box.replaceChildren(errorBox(errorText(err)));
  }
}

function emailPanel(account, redraw) {
  const out = h("div", { "aria-live": "polite" });
  const user = account.user;
  const address = h("input", { name: "email", type: "email", autocomplete: "email", maxlength: 254 });
  const code = h("input", { name: "email-code", inputmode: "numeric", autocomplete: "one-time-code", maxlength: 32 });
  const codeForm = h("form", {
    class: "inline-form", hidden: true, "data-testid": "email-code-form",
    onsubmit: (e) => {
      e.preventDefault();
      act(out, async () => {
        const done = await postJson("/api/auth/email/verify", { code: code.value.trim() });
        await redraw(t("acct.emailDone", { email: done.email }));
      });
    },
  }, field(t("acct.emailCode"), code), h("button", { type: "submit", class: "primary" }, t("acct.emailVerify")));
  const sendForm = h("form", {
    class: "inline-form",
    onsubmit: (e) => {
      e.preventDefault();
      act(out, async () => {
        const sent = await postJson("/api/auth/email", { email: address.value.trim() });
        status(out, t("acct.emailSent", { email: sent.email, n: sent.expires_in_minutes }));
        codeForm.hidden = false;
        code.focus();
      });
    },
  }, field(t("acct.emailAddress"), address), h("button", { type: "submit" }, t("acct.emailSend")));
  return h("section", { class: "panel", "aria-labelledby": "email-h", "data-testid": "email-panel" },
    h("h2", { id: "email-h" }, t("acct.email")),
    h("p", { "data-testid": "email-now" }, user.email
      ? t("acct.emailLinked", { email: user.email, when: when(account.email_verified_at) })
      : t("acct.emailNone")),
    sendForm, codeForm, out);
}

function passwordPanel() {
  const out = h("div", { "aria-live": "polite" });
  const current = h("input", { name: "current-password", type: "password", autocomplete: "current-password", maxlength: 1024 });
  const fresh = h("input", { name: "new-password", type: "password", autocomplete: "new-password", maxlength: 1024 });
  return h("section", { class: "panel", "aria-labelledby": "pw-h", "data-testid": "password-panel" },
    h("h2", { id: "pw-h" }, t("acct.password")),
    h("form", {
      class: "auth-form",
      onsubmit: (e) => {
        e.preventDefault();
        act(out, async () => {
          const done = await postJson("/api/auth/password", { current_password: current.value, new_password: fresh.value });
          current.value = "";
          fresh.value = "";
          status(out, t("acct.passwordDone", { n: done.other_sessions_ended }));
        });
      },
    }, field(t("acct.currentPassword"), current), field(t("acct.newPassword"), fresh, t("lobby.passwordHelp")),
    h("div", { class: "button-row" }, h("button", { type: "submit", class: "primary" }, t("acct.passwordChange")))),
    out);
}

function sessionsPanel(sessions, redraw) {
  const out = h("div", { "aria-live": "polite" });
  const end = (s) => () => act(out, async () => {
    const done = await requestJson("DELETE", `/api/account/sessions/${encodeURIComponent(s.id)}`);
    if (done.current) {
      signedOut();
      window.location.hash = "#/lobby";
      return;
    }
    await redraw();
  });
  const rows = sessions.map((s) => h("tr", { "data-testid": "session-row", "data-current": s.current ? "yes" : "no" },
    h("td", {}, deviceName(s.user_agent), s.current ? h("span", { class: "badge" }, t("acct.thisDevice")) : null),
    h("td", { "data-label": t("acct.address") }, s.client || "–"),
    h("td", { "data-label": t("acct.created") }, when(s.created_at)),
    h("td", { "data-label": t("acct.lastSeen") }, when(s.last_seen_at || s.created_at)),
    h("td", {}, h("button", { type: "button", onclick: end(s) }, s.current ? t("acct.endThis") : t("acct.endSession")))));
  return h("section", { class: "panel", "aria-labelledby": "sess-h", "data-testid": "sessions-panel" },
    h("h2", { id: "sess-h" }, t("acct.sessions")),
    h("div", { class: "table-scroll" }, h("table", { class: "sessions" },
      h("thead", {}, h("tr", {}, [t("acct.device"), t("acct.address"), t("acct.created"), t("acct.lastSeen"), ""].map((c) => h("th", {}, c)))),
      h("tbody", {}, rows))),
    out);
}

export function creditList(credits) {
  if (!credits.length) return h("p", { class: "muted" }, t("acct.noCredit"));
  return h("ul", { "data-testid": "rank-credits" }, credits.map((c) => h("li", {},
    t("acct.credit", { ruleset: rulesetName(c.ruleset), what: c.kind === "mcrpl" ? t("acct.mcrpl") : c.rank, certificate: c.certificate, by: c.granted_by }),
    c.reason ? h("span", { class: "muted" }, ` — ${c.reason}`) : null)));
}

function aboutPanel(account) {
  const u = account.user;
  return h("section", { class: "panel", "aria-labelledby": "about-h" },
    h("h2", { id: "about-h" }, t("acct.about")),
    h("dl", { class: "facts" },
      h("dt", {}, t("acct.name")), h("dd", {}, u.name),
      h("dt", {}, t("acct.since")), h("dd", {}, when(u.created_at)),
      h("dt", {}, t("acct.roles")), h("dd", { "data-testid": "roles" }, account.roles.length
        ? account.roles.map((r) => h("span", { class: "badge" }, roleName(r)))
        : t("acct.noRoles"))),
    account.roles.includes("admin") ? h("p", {}, h("a", { class: "button", href: "#/admin" }, t("acct.adminLink"))) : null);
}

export async function render(main, route) {
  const user = await currentUser();
  main.append(h("h1", {}, route.title));
  if (!user) {
    main.append(h("p", {}, t("acct.signInFirst")), h("p", {}, h("a", { class: "button", href: "#/lobby" }, t("acct.toLobby"))));
    return;
  }
  const body = h("div", {}, h("p", { class: "muted" }, t("common.working")));
  main.append(h("p", { class: "lead" }, t("acct.lead")), body);
  const draw = async (notice) => {
    try {
      const [account, sessions] = await Promise.all([getJson("/api/account"), getJson("/api/account/sessions")]);
      if (!main.isConnected) return;
      const parts = [aboutPanel(account)];
      if (account.sanctions.length) {
        parts.push(h("section", { class: "panel notice", "aria-labelledby": "sanc-h", "data-testid": "my-sanctions" },
          h("h2", { id: "sanc-h" }, t("acct.sanctions")),
          h("ul", {}, account.sanctions.map((s) => h("li", {}, sanctionLine(s))))));
      }
      if (account.user.is_guest) parts.push(h("p", { class: "help" }, t("acct.guestNote")));
      else parts.push(emailPanel(account, draw), passwordPanel());
      parts.push(sessionsPanel(sessions, draw));
      parts.push(h("section", { class: "panel", "aria-labelledby": "credit-h" },
        h("h2", { id: "credit-h" }, t("acct.rankCredit")), creditList(account.rank_credits)));
      body.replaceChildren(...parts);
      if (typeof notice === "string") {
        const box = body.querySelector("[data-testid=email-panel] [aria-live]");
        if (box) status(box, notice);
      }
    } catch (err) {
      body.replaceChildren(errorBox(errorText(err)));
    }
  };
  await draw();
}
