// Small SVG charts of our own (no build step, no library): bar, line and donut.
//
// Each returns a <figure> holding an <svg role="img"> named by its caption, with a <title> on
// every bar, point and slice (what a pointer or a screen reader gets), and the numbers again
// in a visually hidden table, so nothing is only a picture. Sizes are in viewBox units and the
// SVG scales to its box, so one chart serves a phone and a desktop. Colours come from CSS
// (css/stats.css: .chart-*), so a theme changes them in one place.

const SVG = "http://www.w3.org/2000/svg";
let nextId = 0;

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

function titled(el, text) {
  el.append(s("title", {}, text));
  return el;
}

function plain(value, format) {
  return format ? format(value) : String(value);
}

/** The figure around a chart: caption, the svg and the hidden table of its numbers. */
function figure(caption, svg, rows, format, kind) {
  nextId += 1;
  const id = `chart-${nextId}`;
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-labelledby", id);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  const fig = document.createElement("figure");
  fig.className = `chart chart-kind-${kind}`;
  const cap = document.createElement("figcaption");
  cap.id = id;
  cap.textContent = caption;
  const table = document.createElement("table");
  table.className = "visually-hidden";
  for (const [label, value] of rows) {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.textContent = label;
    const td = document.createElement("td");
    td.textContent = plain(value, format);
    tr.append(th, td);
    table.append(tr);
  }
  fig.append(cap, svg, table);
  return fig;
}

/** A round step for an axis reaching `max` (1, 2 or 5 times a power of ten). */
function niceMax(max) {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * power >= max) return m * power;
  return 10 * power;
}

/**
 * Vertical bars: `items` is [{label, value}]. Options: `format` (value -> text), `horizontal`
 * (long labels such as yaku names: one bar per row, label on the left).
 */
export function barChart(caption, items, { format, horizontal = false } = {}) {
  const rows = items.map((i) => [i.label, i.value]);
  const max = niceMax(Math.max(0, ...items.map((i) => i.value)));
  if (horizontal) {
    const rowH = 22;
    const labelW = 130;
    const width = 360;
    const height = Math.max(rowH, items.length * rowH) + 4;
    const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart-svg" });
    items.forEach((item, n) => {
      const y = n * rowH + 2;
      const w = ((width - labelW - 50) * item.value) / max;
      const text = `${item.label}: ${plain(item.value, format)}`;
      svg.append(
        s("text", { x: labelW - 6, y: y + rowH / 2 + 4, "text-anchor": "end", class: "chart-label" }, item.label),
        titled(s("rect", { x: labelW, y: y + 3, width: Math.max(1, w), height: rowH - 6, class: "chart-bar", rx: 2 }), text),
        s("text", { x: labelW + w + 4, y: y + rowH / 2 + 4, class: "chart-value" }, plain(item.value, format)),
      );
    });
    return figure(caption, svg, rows, format, "bar");
  }
  const width = 360;
  const height = 180;
  const pad = { left: 34, right: 6, top: 10, bottom: 34 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart-svg" });
  svg.append(...axis(pad, plotW, plotH, max, format));
  const slot = plotW / Math.max(1, items.length);
  const every = Math.ceil(items.length / 6); // at most six labels under the bars (phones)
  items.forEach((item, n) => {
    const h = (plotH * item.value) / max;
    const x = pad.left + n * slot + slot * 0.15;
    svg.append(titled(
      s("rect", { x, y: pad.top + plotH - h, width: Math.max(1, slot * 0.7), height: h, class: "chart-bar", rx: 1.5 }),
      `${item.label}: ${plain(item.value, format)}`,
    ));
    if (n % every === 0) {
      svg.append(s("text", { x: x + slot * 0.35, y: height - pad.bottom + 14, "text-anchor": "middle", class: "chart-label" }, item.label));
    }
  });
  return figure(caption, svg, rows, format, "bar");
}

function axis(pad, plotW, plotH, max, format) {
  const out = [];
  for (const f of [0, 0.5, 1]) {
    const y = pad.top + plotH - plotH * f;
    out.push(
      s("line", { x1: pad.left, x2: pad.left + plotW, y1: y, y2: y, class: f === 0 ? "chart-axis" : "chart-gridline" }),
      s("text", { x: pad.left - 4, y: y + 4, "text-anchor": "end", class: "chart-label" }, plain(Math.round(max * f * 100) / 100, format)),
    );
  }
  return out;
}

/** A line through `points` ([{label, value}]) in order; `min`/`max` fix the vertical range. */
export function lineChart(caption, points, { format, min, max } = {}) {
  const rows = points.map((p) => [p.label, p.value]);
  const width = 360;
  const height = 180;
  const pad = { left: 40, right: 8, top: 10, bottom: 34 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const values = points.map((p) => p.value);
  const lo = min ?? Math.min(0, ...values);
  const hi = max ?? niceMax(Math.max(...values, lo + 1));
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart-svg" });
  for (const f of [0, 0.5, 1]) {
    const y = pad.top + plotH - plotH * f;
    svg.append(
      s("line", { x1: pad.left, x2: pad.left + plotW, y1: y, y2: y, class: f === 0 ? "chart-axis" : "chart-gridline" }),
      s("text", { x: pad.left - 4, y: y + 4, "text-anchor": "end", class: "chart-label" }, plain(Math.round((lo + (hi - lo) * f) * 100) / 100, format)),
    );
  }
  const step = points.length > 1 ? plotW / (points.length - 1) : 0;
  const at = (p, n) => [pad.left + n * step, pad.top + plotH - (plotH * (p.value - lo)) / (hi - lo || 1)];
  if (points.length > 1) {
    svg.append(s("polyline", { points: points.map((p, n) => at(p, n).join(",")).join(" "), class: "chart-line" }));
  }
  const every = Math.ceil(points.length / 6);
  points.forEach((p, n) => {
    const [x, y] = at(p, n);
    svg.append(titled(s("circle", { cx: x, cy: y, r: 3, class: "chart-point" }), `${p.label}: ${plain(p.value, format)}`));
    if (n % every === 0) svg.append(s("text", { x, y: height - pad.bottom + 14, "text-anchor": "middle", class: "chart-label" }, p.label));
  });
  return figure(caption, svg, rows, format, "line");
}

/** A ring of `parts` ([{label, value}]) with a legend beside it (HTML, so long names wrap);
 *  the centre shows `centre`. */
export function donutChart(caption, parts, { format, centre } = {}) {
  const rows = parts.map((p) => [p.label, p.value]);
  const total = parts.reduce((a, p) => a + p.value, 0);
  const size = 160;
  const r = 60;
  const c = 2 * Math.PI * r;
  const svg = s("svg", { viewBox: `0 0 ${size} ${size}`, class: "chart-svg chart-ring" });
  const legend = document.createElement("ul");
  legend.className = "chart-legend";
  legend.setAttribute("aria-hidden", "true"); // the hidden table says the same to a reader
  let offset = 0;
  parts.forEach((p, n) => {
    const share = total ? p.value / total : 0;
    const pct = `${Math.round(share * 1000) / 10}%`;
    svg.append(titled(s("circle", {
      cx: size / 2, cy: size / 2, r, fill: "none", class: `chart-slice chart-c${n % 6}`,
      "stroke-width": 26, "stroke-dasharray": `${share * c} ${c}`, "stroke-dashoffset": -offset,
      transform: `rotate(-90 ${size / 2} ${size / 2})`,
    }), `${p.label}: ${plain(p.value, format)} (${pct})`));
    offset += share * c;
    const item = document.createElement("li");
    const key = document.createElement("span");
    key.className = `chart-key chart-c${n % 6}`;
    item.append(key, `${p.label} · ${pct}`);
    legend.append(item);
  });
  if (centre !== undefined) svg.append(s("text", { x: size / 2, y: size / 2 + 7, "text-anchor": "middle", class: "chart-centre" }, centre));
  const fig = figure(caption, svg, rows, format, "donut");
  const body = document.createElement("div");
  body.className = "chart-donut-body";
  fig.insertBefore(body, svg);
  body.append(svg, legend);
  return fig;
}
