// A few DOM helpers, so pages read as structure rather than as createElement calls.

/**
 * h("button", {class: "x", onclick: fn, "aria-label": "..."}, "text", child, [more])
 * Attributes starting with "on" become listeners; `html` sets innerHTML (trusted markup only:
 * tile SVG built here); false/null/undefined attributes and children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "html") {
      el.innerHTML = value;
    } else if (name === "value") {
      el.value = value;
    } else if (name === "checked") {
      el.checked = Boolean(value);
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

let nextId = 0;
/** A page-unique id for label/control pairs. */
export function uid(prefix = "f") {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/** A labelled form field: label above the control, optional help text tied by aria-describedby. */
export function field(labelText, control, help) {
  const id = control.id || uid();
  control.id = id;
  const parts = [h("label", { for: id }, labelText), control];
  if (help) {
    const helpId = `${id}-help`;
    control.setAttribute("aria-describedby", helpId);
    parts.push(h("p", { class: "help", id: helpId }, help));
  }
  return h("div", { class: "field" }, parts);
}

/** A checkbox inside its label, so the whole row is the touch target. */
export function checkbox(labelText, checked, onchange, name) {
  const input = h("input", { type: "checkbox", checked, name, onchange });
  return h("label", { class: "check" }, input, h("span", {}, labelText));
}

/** A <select> from [value, text] pairs. */
export function select(options, value, onchange, attrs = {}) {
  const el = h(
    "select",
    { ...attrs, onchange },
    options.map(([v, text]) => h("option", { value: v }, text)),
  );
  el.value = value;
  return el;
}

/** An alert region for a message; role=alert so screen readers announce it. */
export function errorBox(message) {
  return h("p", { class: "error", role: "alert" }, message);
}

/**
 * A page that needs server data before its form: the first visit shows ``title`` and a
 * working line, waits for ``load()``, then clears the page and calls ``draw(data)`` (moving
 * focus to the new heading when the visitor had focus on the page). A failed load shows
 * ``failed(err)`` as an alert. A visitor who went elsewhere meanwhile is left alone.
 */
export function drawWhenLoaded(main, title, working, load, draw, failed) {
  main.append(h("h1", {}, title), h("p", { class: "muted" }, working));
  load().then(
    (data) => {
      if (!main.isConnected) return;
      const focused = main.contains(document.activeElement);
      main.replaceChildren();
      draw(data);
      if (focused) {
        const heading = main.querySelector("h1");
        heading.setAttribute("tabindex", "-1");
        heading.focus();
      }
    },
    (err) => main.append(errorBox(failed(err))),
  );
}

/**
 * After a result arrives: move focus to its first heading or alert and scroll it into view, so
 * phone users (the form is long) and screen-reader users land on the answer.
 */
export function revealOutput(output) {
  const target = output.querySelector("[role=alert], h2");
  if (!target) return;
  target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: "start", behavior: "auto" });
}
