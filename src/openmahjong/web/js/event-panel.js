// The organiser's management panel of an approved event (docs/events.md, "Running the
// event"): the public page's texts, registration, the participant list, event rooms with kept
// or free seats, and the results table with its CSV. Each part saves on its own and redraws.

import { getJson, postJson, requestJson } from "./api.js";
import { errorBox, field, h, select, uid } from "./dom.js";
import { errorText, presetName, t } from "./i18n.js";
import { defaultPreset, rulesetName } from "./rulesets.js";
import { resultsTables, roomsList } from "./event-parts.js";

const PAGE_PARTS = ["rules", "prizes", "schedule", "announcements"];

// The part whose change was saved last: after the page is drawn again it says "Saved." there.
let savedPart = null;

/** A section whose action answers in its own live region. */
function part(title, testid, ...children) {
  const id = uid("evp");
  const saved = savedPart === testid ? h("p", { class: "ok", role: "status", "data-testid": "saved" }, t("ev.saved")) : null;
  if (saved) savedPart = null;
  return h("section", { class: "panel", "aria-labelledby": id, "data-testid": testid }, h("h2", { id }, title), ...children, saved);
}

/** Runs `action` for the part `testid`; a refusal is shown in `out`, a success redraws. */
async function attempt(out, action, redraw) {
  try {
    await action();
    savedPart = out.closest("section")?.dataset.testid || null;
    redraw();
  } catch (err) {
    out.replaceChildren(errorBox(errorText(err)));
  }
}

function pageEditor(event, redraw) {
  const areas = {};
  const out = h("div", { "aria-live": "polite" });
  return part(t("ev.pageHeading"), "panel-page",
    h("form", { onsubmit: (e) => {
      e.preventDefault();
      const body = Object.fromEntries(PAGE_PARTS.map((p) => [p, areas[p].value]));
      attempt(out, () => requestJson("PUT", `/api/events/${event.id}/page`, body), redraw);
    } },
    PAGE_PARTS.map((p) => field(t(`ev.pg.${p}`), areas[p] = h("textarea", { name: p, rows: 4, maxlength: 5000 }, (event.page || {})[p] || ""))),
    h("button", { type: "submit", "data-testid": "save-page" }, t("ev.savePage")), out));
}

function registrationPart(event, redraw) {
  const out = h("div", { "aria-live": "polite" });
  const open = event.registration_open;
  return part(t("ev.regHeading"), "panel-registration",
    h("p", {}, open ? t("ev.regOpen") : t("ev.regClosed")),
    event.phase === "finished" && !open ? null : h("button", { type: "button", "data-testid": open ? "close-registration" : "open-registration",
      onclick: () => attempt(out, () => postJson(`/api/events/${event.id}/registration`, { open: !open }), redraw) },
    open ? t("ev.closeReg") : t("ev.openReg")), out);
}

function participantsPart(event, people, redraw) {
  const out = h("div", { "aria-live": "polite" });
  const name = h("input", { name: "participant", autocomplete: "off" });
  return part(t("ev.partHeading"), "panel-participants",
    people.length ? h("ul", { class: "ev-people", "data-testid": "participants" }, people.map((p) => h("li", {},
      h("span", {}, p.name), " ",
      h("button", { type: "button", class: "small-btn", "aria-label": t("ev.remove", { name: p.name }),
        onclick: () => attempt(out, () => requestJson("DELETE", `/api/events/${event.id}/participants/${encodeURIComponent(p.name)}`), redraw) }, "✕"))))
      : h("p", { class: "muted" }, t("ev.noParts")),
    h("form", { class: "inline-form", onsubmit: (e) => {
      e.preventDefault();
      attempt(out, () => postJson(`/api/events/${event.id}/participants`, { name: name.value.trim() }), redraw);
    } }, field(t("ev.partName"), name), h("button", { type: "submit", "data-testid": "add-participant" }, t("ev.addPart"))), out);
}

/** The new room's form: name, ruleset, preset, and for each seat a participant or a free seat. */
function newRoom(event, people, rulesets, redraw) {
  const names = Object.keys(rulesets);
  const form = { name: "", ruleset: names.includes("riichi") ? "riichi" : names[0], preset: null, seats: [] };
  const out = h("div", { "aria-live": "polite" });
  const box = h("div", {});
  function draw() {
    const info = rulesets[form.ruleset];
    if (!info.presets.includes(form.preset)) form.preset = defaultPreset(info);
    const count = info.seats || 4;
    form.seats = Array.from({ length: count }, (_, i) => form.seats[i] || "");
    const seatChoices = [["", t("ev.freeSeat")], ...people.map((p) => [p.name, p.name])];
    box.replaceChildren(
      field(t("ev.roomName"), h("input", { name: "room-name", value: form.name, oninput: (e) => { form.name = e.target.value; } })),
      h("div", { class: "grid-2" },
        field(t("ev.ruleset"), select(names.map((n) => [n, rulesetName(n, rulesets[n])]), form.ruleset,
          (e) => { form.ruleset = e.target.value; draw(); }, { name: "ruleset" })),
        field(t("ev.preset"), select(info.presets.map((p) => [p, presetName(p)]), form.preset,
          (e) => { form.preset = e.target.value; }, { name: "preset" }))),
      h("div", { class: "grid-2" }, form.seats.map((s, i) => field(t("ev.seat", { n: i + 1 }),
        select(seatChoices, s, (e) => { form.seats[i] = e.target.value; }, { name: `seat-${i + 1}` })))));
  }
  draw();
  return h("form", { "data-testid": "new-room", onsubmit: (e) => {
    e.preventDefault();
    const body = { name: form.name.trim(), ruleset: form.ruleset, preset: form.preset, rules: {}, table: {},
      seats: form.seats.map((s) => s || null) };
    attempt(out, () => postJson(`/api/events/${event.id}/rooms`, body), redraw);
  } }, h("h3", {}, t("ev.newRoom")), box, h("button", { type: "submit", class: "primary", "data-testid": "open-room" }, t("ev.openRoom")), out);
}

/** The whole panel; `redraw` loads the page again after a change. */
export async function managementPanel(event, rulesets, redraw) {
  const [people, rooms, results] = await Promise.all([
    getJson(`/api/events/${event.id}/participants`),
    getJson(`/api/events/${event.id}/rooms`),
    getJson(`/api/events/${event.id}/results`),
  ]);
  const nameOf = (r) => rulesetName(r, rulesets[r]);
  return h("div", { class: "ev-panel" },
    registrationPart(event, redraw),
    participantsPart(event, people.participants, redraw),
    part(t("ev.roomsHeading"), "panel-rooms", roomsList(rooms, nameOf, presetName),
      event.phase === "finished" ? null : newRoom(event, people.participants, rulesets, redraw)),
    part(t("ev.resultsHeading"), "panel-results", resultsTables(results, nameOf),
      h("p", {}, h("a", { class: "button", href: `/api/events/${event.id}/results.csv`, download: "", "data-testid": "results-csv" }, t("ev.csv")))),
    pageEditor(event, redraw));
}
