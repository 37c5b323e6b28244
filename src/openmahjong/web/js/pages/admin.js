// The admin pages (#/admin, admins only; the server checks every route): find an account, grant
// and revoke its roles, sanction it (warning, organiser rights revoked, ban with an end) or lift
// a sanction, see its rank credit, and read the audit log every one of these actions writes.

import { getJson, postJson } from "../api.js";
import { errorBox, field, h, select } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { currentUser } from "../session.js";
import { creditList, roleName, when } from "./account.js";

const ROLES = ["admin", "organiser", "sponsor"];
const KINDS = ["warning", "organiser_revoked", "ban"];
const PAGE = 20;

let lookup = "";

async function act(box, fn) {
  box.replaceChildren(h("p", { class: "muted" }, t("common.working")));
  try {
    await fn();
    box.replaceChildren();
  } catch (err) {
    box.replaceChildren(errorBox(errorText(err)));
  }
}

/** "2026-12-04T18:30" from a datetime-local input, in the browser's zone, as ISO UTC. */
function endsAt(value) {
  return value ? new Date(value).toISOString() : null;
}

function accountCard(account, refresh) {
  const id = account.user.id;
  const out = h("div", { "aria-live": "polite" });
  const show = (fresh) => refresh(fresh);
  const roleReason = h("input", { name: "role-reason", maxlength: 500, required: true });
  const role = select(ROLES.map((r) => [r, roleName(r)]), "organiser", null, { name: "role" });
  const change = (grant) => (e) => {
    e.preventDefault();
    act(out, async () => show(await postJson(`/api/admin/accounts/${id}/roles`, { role: role.value, grant, reason: roleReason.value })));
  };
  const kind = select(KINDS.map((k) => [k, t(`sanction.${k}`)]), "warning", null, { name: "kind" });
  const reason = h("input", { name: "sanction-reason", maxlength: 500, required: true });
  const ends = h("input", { name: "ends-at", type: "datetime-local" });
  const liftReason = () => reason.value || roleReason.value;
  const lift = (s) => () => act(out, async () => show(await postJson(`/api/admin/sanctions/${s.id}/lift`, { reason: liftReason() })));
  const sanctions = account.sanctions.length
    ? h("div", { class: "table-scroll" }, h("table", { "data-testid": "sanctions" },
      h("thead", {}, h("tr", {}, [t("admin.kind"), t("admin.why"), t("admin.when"), t("admin.endsAt").split(" (")[0].split("（")[0], ""].map((c) => h("th", {}, c)))),
      h("tbody", {}, account.sanctions.map((s) => h("tr", { "data-active": s.active ? "yes" : "no" },
        h("td", {}, t(`sanction.${s.kind}`)),
        h("td", {}, s.reason),
        h("td", {}, when(s.created_at)),
        h("td", {}, s.ends_at ? when(s.ends_at) : t("acct.untilLifted")),
        h("td", {}, s.active ? h("button", { type: "button", onclick: lift(s) }, t("admin.lift")) : h("span", { class: "muted" }, t("admin.over"))))))))
    : h("p", { class: "muted" }, t("admin.noSanctions"));
  return h("section", { class: "panel", "aria-labelledby": "who-h", "data-testid": "admin-account" },
    h("h2", { id: "who-h" }, `${account.user.name} (#${id})`),
    h("p", { "data-testid": "admin-roles" }, `${t("acct.roles")}: `, account.roles.length ? account.roles.map((r) => h("span", { class: "badge" }, roleName(r))) : t("acct.noRoles")),
    h("h3", {}, t("admin.roles")),
    h("form", { class: "inline-form", onsubmit: change(true) },
      field(t("admin.role"), role), field(t("admin.reason"), roleReason),
      h("div", { class: "button-row" },
        h("button", { type: "submit", class: "primary" }, t("admin.grant")),
        h("button", { type: "button", onclick: change(false) }, t("admin.revoke")))),
    h("h3", {}, t("admin.sanctions")),
    sanctions,
    h("form", {
      class: "inline-form",
      onsubmit: (e) => {
        e.preventDefault();
        act(out, async () => show(await postJson(`/api/admin/accounts/${id}/sanctions`, { kind: kind.value, reason: reason.value, ends_at: endsAt(ends.value) })));
      },
    }, field(t("admin.kind"), kind), field(t("admin.reason"), reason), field(t("admin.endsAt"), ends),
    h("div", { class: "button-row" }, h("button", { type: "submit", class: "primary" }, t("admin.apply")))),
    out,
    h("h3", {}, t("admin.rankCredit")),
    creditList(account.rank_credits),
    creditForm(account, refresh));
}

/** Grant rank credit through the ranks route (POST /api/admin/rank-credit, docs/ranks.md). */
function creditForm(account, refresh) {
  const out = h("div", { "aria-live": "polite" });
  const kind = select([["rank", t("admin.creditRank")], ["mcrpl", t("acct.mcrpl")]], "rank", null, { name: "credit-kind" });
  const ruleset = h("input", { name: "credit-ruleset", value: "mcr", maxlength: 32 });
  const rank = h("input", { name: "credit-rank", maxlength: 32, placeholder: "level-1" });
  const certificate = h("input", { name: "credit-certificate", maxlength: 200 });
  const reason = h("input", { name: "credit-reason", maxlength: 500 });
  return h("form", {
    class: "inline-form", "data-testid": "credit-form",
    onsubmit: (e) => {
      e.preventDefault();
      act(out, async () => {
        const body = { player_id: account.user.id, kind: kind.value, ruleset: ruleset.value.trim(), certificate: certificate.value, reason: reason.value };
        if (kind.value === "rank") body.rank = rank.value.trim();
        await postJson("/api/admin/rank-credit", body);
        refresh(await getJson(`/api/admin/accounts/${account.user.id}`));
      });
    },
  }, field(t("admin.kind"), kind), field(t("admin.creditRuleset"), ruleset), field(t("admin.creditRankName"), rank),
  field(t("admin.certificate"), certificate), field(t("admin.reason"), reason),
  h("div", { class: "button-row" }, h("button", { type: "submit" }, t("admin.grantCredit"))), out);
}

function auditPanel() {
  const box = h("div", {}, h("p", { class: "muted" }, t("common.working")));
  const section = h("section", { class: "panel", "aria-labelledby": "audit-h", "data-testid": "audit" },
    h("h2", { id: "audit-h" }, t("admin.audit")), box);
  const load = async (before) => {
    try {
      const page = await getJson(`/api/admin/audit?limit=${PAGE}${before ? `&before=${before}` : ""}`);
      const rows = page.entries.map((e) => h("tr", {},
        h("td", {}, when(e.created_at)),
        h("td", { "data-label": t("admin.who") }, e.actor),
        h("td", { "data-label": t("admin.whom") }, e.target ?? "–"),
        h("td", {}, e.action, Object.keys(e.detail).length ? h("span", { class: "muted" }, ` ${Object.entries(e.detail).map(([k, v]) => `${k}=${v}`).join(" ")}`) : null),
        h("td", { "data-label": t("admin.why") }, e.reason)));
      box.replaceChildren(
        rows.length
          ? h("div", { class: "table-scroll" }, h("table", { class: "audit" },
            h("thead", {}, h("tr", {}, [t("admin.when"), t("admin.who"), t("admin.whom"), t("admin.what"), t("admin.why")].map((c) => h("th", {}, c)))),
            h("tbody", {}, rows)))
          : h("p", { class: "muted" }, t("admin.auditEmpty")),
        h("div", { class: "button-row" },
          before ? h("button", { type: "button", onclick: () => load(null) }, t("admin.newest")) : null,
          page.next_before ? h("button", { type: "button", "data-testid": "audit-older", onclick: () => load(page.next_before) }, t("admin.older")) : null));
    } catch (err) {
      box.replaceChildren(errorBox(errorText(err)));
    }
  };
  section.reload = () => load(null);
  load(null);
  return section;
}

export async function render(main, route) {
  main.append(h("h1", {}, route.title));
  const user = await currentUser();
  let roles = [];
  if (user) {
    try {
      roles = (await getJson("/api/account")).roles;
    } catch {
      roles = [];
    }
  }
  if (!roles.includes("admin")) {
    main.append(errorBox(t("admin.forbidden")));
    return;
  }
  const audit = auditPanel();
  const card = h("div", {});
  const out = h("div", { "aria-live": "polite" });
  const refresh = (account) => {
    card.replaceChildren(accountCard(account, refresh));
    audit.reload();
  };
  const name = h("input", { name: "account", value: lookup, maxlength: 64, oninput: (e) => { lookup = e.target.value; } });
  main.append(
    h("section", { class: "panel", "aria-labelledby": "find-h" }, h("h2", { id: "find-h" }, t("admin.find")),
      h("form", {
        class: "inline-form",
        onsubmit: (e) => {
          e.preventDefault();
          act(out, async () => {
            const account = await getJson(`/api/admin/accounts?name=${encodeURIComponent(lookup.trim())}`);
            card.replaceChildren(accountCard(account, refresh));
          });
        },
      }, field(t("admin.findLabel"), name), h("button", { type: "submit", class: "primary" }, t("admin.findButton"))),
      out),
    card,
    audit);
}
