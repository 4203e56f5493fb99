// One table's page, kept live by its server-sent events (/api/tables/{id}/live). Its summary,
// statistics, last rounds, alerts and scanner come rendered from the pit (in the page as it
// loads, then each message's parts), and are put in place where they changed; drawn here from
// their data: the five roads and the ask road (cells placed by the pit's roads code, marks by
// marks.js) and the shoe's exposure course.
"use strict";
const TABLE = decodeURIComponent(location.pathname.split("/")[2]);
const DERIVED = ["big_eye_boy", "small_road", "cockroach_pig"];
// Surveillance's lines, one colour a bet as on the display (Okabe and Ito's).
const BET_COLORS = ["#e69f00", "#56b4e9", "#f0e442", "#009e73", "#cc79a7", "#d55e00", "#ffffff"];
const MAIN_BETS = ["player", "banker"];
const SHOE_CARDS = 416;

function scrolledRoad(kind, cells, rows) {
  // As many columns as fill the box at its height; more scroll, the newest in sight.
  const box = document.getElementById(kind);
  const cell = parseFloat(getComputedStyle(box).getPropertyValue("--road-height")) / rows;
  box.replaceChildren(MARKS.road(kind, cells, rows, Math.floor(box.clientWidth / cell)));
  box.scrollLeft = box.scrollWidth;
}
function showRoads(roads) {
  // The ask road first: the boxes of the others are as wide as it leaves them.
  for (const row of document.querySelectorAll(".ask-row")) {
    row.replaceChildren(row.firstElementChild, ...DERIVED.map(
      kind => MARKS.single(kind, roads.ask[row.dataset.winner][kind])));
  }
  for (const kind of ["bead_plate", "big_road", ...DERIVED]) {
    scrolledRoad(kind, roads[kind], roads.rows);
  }
}
function svg(name, attrs, parent) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", name);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  parent.appendChild(el);
  return el;
}
function showExposure(d) {
  const section = document.getElementById("surveillance");
  section.hidden = !d.exposure && !d.exposure_course.length;
  if (section.hidden) return;
  const course = d.exposure_course;
  const bets = Object.keys(course.length ? course[course.length - 1].rtp : d.exposure)
    .filter(b => !MAIN_BETS.includes(b));
  const values = course.flatMap(p => bets.map(b => Number(p.rtp[b]))).filter(v => !isNaN(v));
  const low = Math.min(0.7, ...values), high = Math.max(1.1, ...values);
  const labels = bets.map(bet => {
    const now = d.exposure && d.exposure[bet] !== undefined ? Number(d.exposure[bet]) : 1;
    return [bet, now, bet.replaceAll("_", " ") + " " + now.toFixed(3)];
  });
  // The legend whole: its column as wide as its longest name (a bold guess of 9 units a
  // character at 15), and the chart as tall as its names stacked, however many bets.
  const PLOT_H = 180, T = 10, B = 30, L = 44, LINE = 17;
  const R = 16 + 9 * Math.max(12, ...labels.map(l => l[2].length));
  const W = 310 + R, H = Math.max(T + PLOT_H + B, T + LINE * labels.length + B);
  const x = cardsLeft => L + (W - L - R) * (SHOE_CARDS - cardsLeft) / SHOE_CARDS;
  const y = rtp => T + PLOT_H * (high - rtp) / (high - low);
  const chart = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  chart.setAttribute("viewBox", `0 0 ${W} ${H}`);
  chart.setAttribute("class", "course");
  svg("rect", { x: L, y: T, width: W - L - R, height: PLOT_H, fill: "none", stroke: "#6b7b8c" }, chart);
  svg("line", { x1: L, x2: W - R, y1: y(1), y2: y(1), stroke: "#ff5c5c", "stroke-dasharray": "6 4" }, chart);
  for (const [value, text] of [[low, low.toFixed(2)], [1, "1.00"], [high, high.toFixed(2)]]) {
    svg("text", { x: L - 6, y: y(value), fill: "#9aa6b2", "text-anchor": "end",
                  "dominant-baseline": "central", "font-size": 14 }, chart).textContent = text;
  }
  svg("text", { x: (L + W - R) / 2, y: T + PLOT_H + B - 6, fill: "#9aa6b2", "text-anchor": "middle",
                "font-size": 14 }, chart).textContent = "cards out of the shoe";
  const ends = [];
  labels.forEach(([bet, now, label], i) => {
    const points = course.filter(p => p.rtp[bet] !== undefined)
      .map(p => x(p.cards_left) + "," + y(Number(p.rtp[bet])));
    const color = BET_COLORS[i % BET_COLORS.length];
    svg("polyline", { points: points.join(" "), fill: "none", stroke: color, "stroke-width": 3 }, chart);
    ends.push([y(now), color, label]);
  });
  // Each name beside its line's end, moved down just enough not to cover another, and up
  // again where the last would fall off the chart.
  let below = T;
  const tops = ends.sort((a, b) => a[0] - b[0]).map(([at]) => {
    const top = Math.max(at, below);
    below = top + LINE;
    return top;
  });
  for (let i = tops.length - 1, limit = H - LINE / 2; i >= 0; i--) {
    tops[i] = Math.min(tops[i], limit);
    limit = tops[i] - LINE;
  }
  ends.forEach(([, color, label], i) => {
    svg("text", { x: W - R + 8, y: tops[i], fill: color, "font-size": 15, "class": "legend",
                  "dominant-baseline": "central" }, chart).textContent = label;
  });
  document.getElementById("exposure").replaceChildren(chart);
}
// Each part the pit rendered, by the id of the element it replaces: only where it changed
// (what did not change keeps its element, its focus and its scroll).
function place(parts) {
  for (const [id, html] of Object.entries(parts)) {
    const fresh = fragment(html);
    const now = document.getElementById(id);
    if (!now.isEqualNode(fresh)) now.replaceWith(fresh);
  }
}
function show(view) {
  place(view.parts);
  showRoads(view.roads);
  showExposure(view);
  document.body.dataset.seq = view.seq;
}
function connection(text, up) {
  const el = document.getElementById("connection");
  el.textContent = text;
  el.className = up ? "live" : "down";
}
liveStream("/api/tables/" + encodeURIComponent(TABLE) + "/live", {table: show}, connection);
setInterval(() => { document.getElementById("clock").textContent = timeText(new Date()); }, 1000);
