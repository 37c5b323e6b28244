// A whole UTC day of one ruleset's records as one zip (GET /api/records/bulk), with the daily
// quota it counts against (GET /api/records/quota, and the answer's X-Quota-* headers). A
// refused request costs nothing, so its reason is shown here instead of downloaded as a file.

import "./i18n-records.js";
import { ApiError, getJson } from "./api.js";
import { errorBox, field, h } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { rulesetName } from "./rulesets.js";

const RULESETS = ["riichi", "mcr", "sichuan"];
const FORMATS = ["json", "tenhou6", "mjai"];

/** Yesterday in UTC as YYYY-MM-DD: the last whole day. */
function yesterday() {
  return new Date(Date.now() - 86400000).toISOString().slice(0, 10);
}

function quotaText(limit, remaining) {
  return t("bulk.quota", { limit, remaining });
}

/** The answer's error as an ApiError (the server's {"error": ...} shape), for errorText. */
async function refusal(response) {
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  const error = new ApiError(
    (data && data.error && data.error.message) || t("err.server", { status: response.status }),
    response.status,
  );
  error.code = data && data.error ? data.error.code : undefined;
  error.params = data && data.error ? data.error.params : undefined;
  return error;
}

/** Hand the browser a downloaded archive under its name. */
function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/** The panel: day, ruleset, format, optional preset, the quota and a download button. */
export function bulkDownloadPanel() {
  const form = { day: yesterday(), ruleset: "riichi", format: "json", preset: "" };
  const quota = h("p", { class: "help", "data-testid": "bulk-quota" }, t("common.working"));
  const out = h("div", { "aria-live": "polite", "data-testid": "bulk-result" });
  const select = (name, values, label) => h("select", { name, onchange: (e) => { form[name] = e.target.value; } },
    values.map((v) => h("option", { value: v, selected: v === form[name] }, label(v))));

  getJson("/api/records/quota").then(
    (q) => quota.replaceChildren(quotaText(q.limit, q.remaining), q.sponsor ? ` · ${t("bulk.sponsor")}` : ""),
    (err) => quota.replaceChildren(errorText(err)),
  );

  async function download(e) {
    e.preventDefault();
    const query = new URLSearchParams({ day: form.day, ruleset: form.ruleset, format: form.format });
    if (form.preset.trim()) query.set("preset", form.preset.trim());
    out.replaceChildren(h("p", { class: "muted" }, t("common.working")));
    try {
      const response = await fetch(`/api/records/bulk?${query}`, { credentials: "same-origin" });
      const limit = response.headers.get("X-Quota-Limit");
      const remaining = response.headers.get("X-Quota-Remaining");
      if (limit !== null && remaining !== null) quota.replaceChildren(quotaText(limit, remaining));
      if (!response.ok) throw await refusal(response);
      const name = `${form.ruleset}-${form.day}-${form.format}.zip`;
      save(await response.blob(), name);
      out.replaceChildren(h("p", {}, t("bulk.done", { name })));
    } catch (err) {
      out.replaceChildren(errorBox(errorText(err)));
    }
  }

  return h("section", { class: "panel", "aria-labelledby": "bulk-title" },
    h("h2", { id: "bulk-title" }, t("bulk.title")),
    h("p", {}, t("bulk.lead")),
    h("form", { onsubmit: download },
      field(t("bulk.day"), h("input", { name: "day", type: "date", value: form.day, required: true,
        oninput: (e) => { form.day = e.target.value; } })),
      field(t("games.ruleset"), select("ruleset", RULESETS, rulesetName)),
      field(t("bulk.format"), select("format", FORMATS, (f) => t(`bulk.format.${f}`))),
      field(t("bulk.preset"), h("input", { name: "preset", value: "", oninput: (e) => { form.preset = e.target.value; } }),
        t("bulk.presetHelp")),
      h("button", { type: "submit", class: "primary" }, t("bulk.download"))),
    quota, out);
}
