// The event application form (docs/events.md, "The application and its rules"): each rule
// explained at its field, checked while typing (POST /api/events/check, which stores nothing),
// each problem shown at the field it belongs to. Used by #/events/apply for a new application
// and by the management page to edit a draft or an application sent back for changes.

import { postJson, requestJson } from "./api.js";
import { checkbox, errorBox, h, uid } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { isoFromLocal, localInput } from "./event-parts.js";
import "./i18n-events.js";

const LINES = ["name", "organiser_name", "contact", "phone"];
const FIELDS = ["name", "planned_start", "planned_end", "description", "organiser_name", "contact", "phone", "notes"];
const CHECK_DELAY_MS = 350;

/** A problem of /check (or a refusal) as errorText reads it: its code's words in the page's
 *  language, the server's English message in English. */
function problemText(problem) {
  return errorText({ code: problem.code, message: problem.message, params: problem.params || {} });
}

function fieldOf(problem) {
  return problem.params && problem.params.field ? problem.params.field : problem.field;
}

function control(name, value, limits) {
  if (name === "planned_start" || name === "planned_end") {
    return h("input", { type: "datetime-local", name, value: localInput(value) });
  }
  if (name === "description" || name === "notes") {
    const max = name === "notes" ? limits.notes : limits.description;
    return h("textarea", { name, rows: name === "notes" ? 3 : 6, maxlength: max || false }, value || "");
  }
  return h("input", { type: name === "phone" ? "tel" : "text", name, value: value || "",
    autocomplete: name === "phone" ? "tel" : "off" });
}

function helpFor(name, limits) {
  if (name === "name") {
    const [min, max] = limits.name || [3, 120];
    return t("ev.h.name", { min, max });
  }
  return t(`ev.h.${name}`);
}

/**
 * The form. `event` is the application being edited (null: a new one); `limits` and
 * `examples` come from GET /api/events/rules; `done(event, sent)` runs after a save.
 */
export function applicationForm({ event = null, limits = {}, examples = null, done }) {
  const editing = event !== null;
  const controls = {};
  const errors = {};
  const touched = new Set();
  let attempted = false;
  let timer = null;
  let checkSeq = 0;
  const status = h("div", { "aria-live": "polite", "data-testid": "apply-status" });

  function fieldRow(name) {
    const input = controls[name] = control(name, event ? event[name] : "", limits);
    input.id = uid("ev");
    const helpId = `${input.id}-help`;
    const errorId = `${input.id}-error`;
    input.setAttribute("aria-describedby", `${helpId} ${errorId}`);
    errors[name] = h("p", { class: "field-error", id: errorId, "data-error-for": name });
    const onInput = () => { touched.add(name); scheduleCheck(); };
    input.addEventListener("input", onInput);
    input.addEventListener("blur", () => { touched.add(name); scheduleCheck(0); });
    const help = editing && name === "phone" ? `${helpFor(name, limits)} ${t("ev.h.phoneKeep")}` : helpFor(name, limits);
    return h("div", { class: "field", "data-field": name },
      h("label", { for: input.id }, t(`ev.f.${name}`)), input,
      h("p", { class: "help", id: helpId }, help), errors[name]);
  }

  const rows = FIELDS.filter((f) => !(editing && f === "notes")).map(fieldRow);
  const accept = editing ? null : checkbox(t("ev.f.accept_rules"), false, () => { touched.add("accept_rules"); scheduleCheck(0); }, "accept_rules");
  if (accept) errors.accept_rules = h("p", { class: "field-error", "data-error-for": "accept_rules" });
  const note = editing ? fieldRow("notes") : null;

  function body() {
    const b = {};
    for (const name of FIELDS) {
      if (!controls[name]) continue;
      const raw = controls[name].value;
      if (name === "planned_start" || name === "planned_end") b[name] = raw ? isoFromLocal(raw) : null;
      else b[name] = LINES.includes(name) ? raw.trim() : raw;
    }
    b.accept_rules = editing ? true : accept.querySelector("input").checked;
    return b;
  }

  /** The problems of the body as the rules see them; an edit's empty phone keeps the stored one. */
  async function problems() {
    const b = body();
    const keepPhone = editing && !b.phone;
    const answer = await postJson("/api/events/check", { ...b, notes: "" });
    return answer.problems.filter((p) => !(keepPhone && fieldOf(p) === "phone"));
  }

  function show(list) {
    for (const [name, box] of Object.entries(errors)) {
      const problem = list.find((p) => fieldOf(p) === name);
      const visible = problem && (attempted || touched.has(name));
      box.textContent = visible ? problemText(problem) : "";
      const input = controls[name] || (name === "accept_rules" && accept.querySelector("input"));
      if (input) input.setAttribute("aria-invalid", visible ? "true" : "false");
    }
  }

  function scheduleCheck(delay = CHECK_DELAY_MS) {
    clearTimeout(timer);
    const seq = (checkSeq += 1); // a check still on its way answers for older text: dropped
    timer = setTimeout(async () => {
      try {
        const list = await problems();
        if (seq === checkSeq) show(list);
      } catch {
        // The check is a help; the save itself answers with the refusal.
      }
    }, delay);
  }

  async function save(send) {
    attempted = true;
    clearTimeout(timer);
    checkSeq += 1;
    status.replaceChildren();
    try {
      const list = await problems();
      show(list);
      if (list.length) {
        status.replaceChildren(errorBox(t("ev.fixFirst")));
        const first = FIELDS.concat(["accept_rules"]).find((f) => errors[f] && errors[f].textContent);
        const target = first && (controls[first] || accept.querySelector("input"));
        if (target) target.focus();
        return;
      }
      const b = body();
      let saved;
      if (!editing) {
        saved = await postJson("/api/events", { ...b, submit: send });
      } else {
        const patch = { ...b };
        delete patch.accept_rules;
        delete patch.notes;
        if (!patch.phone) delete patch.phone;
        const text = controls.notes.value;
        saved = await requestJson("PATCH", `/api/events/${event.id}`, send ? patch : { ...patch, notes: text });
        if (send) saved = await postJson(`/api/events/${event.id}/submit`, { notes: text });
      }
      status.replaceChildren(h("p", { class: "ok", role: "status" }, send ? t("ev.sent") : t("ev.saved")));
      done(saved, send);
    } catch (err) {
      const where = err.params && err.params.field;
      if (where && errors[where]) {
        errors[where].textContent = errorText(err);
        status.replaceChildren(errorBox(t("ev.fixFirst")));
      } else {
        status.replaceChildren(errorBox(errorText(err)));
      }
    }
  }

  const rulesBox = editing ? null : h("section", { class: "ev-rules", "aria-labelledby": "ev-rules-h", "data-testid": "event-rules" },
    h("h2", { id: "ev-rules-h" }, t("ev.rulesHeading")),
    h("ol", {}, [1, 2, 3].map((n) => h("li", {}, t(`ev.rule${n}`)))),
    accept, errors.accept_rules);
  const exampleLine = examples ? h("p", { class: "help", "data-testid": "name-examples" },
    t("ev.examples", { valid: examples.valid.map((x) => `“${x}”`).join(", "), invalid: examples.invalid.map((x) => `“${x}”`).join(", ") })) : null;
  if (exampleLine) rows[0].insertBefore(exampleLine, errors.name);

  const buttons = h("div", { class: "button-row" },
    h("button", { type: "submit", class: "primary", "data-testid": "apply-submit" }, editing && event.status === "changes_requested" ? t("ev.resubmit") : t("ev.submit")),
    h("button", { type: "button", "data-testid": "apply-save", onclick: () => save(false) }, editing ? t("ev.saveChanges") : t("ev.saveDraft")));
  return h("form", { class: "ev-form", "data-testid": "event-form", novalidate: true, onsubmit: (e) => { e.preventDefault(); save(true); } },
    rows, note, rulesBox, buttons, status);
}

/** The planned dates alone: what an applicant may still change once the application is sent. */
export function datesForm(event, done) {
  const start = h("input", { type: "datetime-local", name: "planned_start", value: localInput(event.planned_start) });
  const end = h("input", { type: "datetime-local", name: "planned_end", value: localInput(event.planned_end) });
  const out = h("div", { "aria-live": "polite" });
  const row = (name, input) => {
    input.id = uid("ev");
    return h("div", { class: "field" }, h("label", { for: input.id }, t(`ev.f.${name}`)), input,
      h("p", { class: "help" }, t(`ev.h.${name}`)));
  };
  return h("form", { class: "ev-form", "data-testid": "dates-form", onsubmit: async (e) => {
    e.preventDefault();
    try {
      const saved = await requestJson("PATCH", `/api/events/${event.id}`,
        { planned_start: isoFromLocal(start.value) || null, planned_end: end.value ? isoFromLocal(end.value) : null });
      out.replaceChildren(h("p", { class: "ok", role: "status" }, t("ev.saved")));
      done(saved);
    } catch (err) {
      out.replaceChildren(errorBox(errorText(err)));
    }
  } }, h("p", { class: "help" }, t("ev.datesOnly")), h("div", { class: "grid-2" }, row("planned_start", start), row("planned_end", end)),
  h("button", { type: "submit" }, t("ev.saveDates")), out);
}
