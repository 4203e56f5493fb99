// One table's page, kept live by its server-sent events (/api/tables/{id}/live): its five
// roads and the ask road (cells placed by the pit's roads code), the statistics, the last 10
// rounds card by card, its alerts, the scanner's health and the shoe's exposure course.
// Every string from a table goes in as text (textContent), never as markup.
"use strict";
const TABLE = decodeURIComponent(location.pathname.split("/")[2]);
const DERIVED = [["big_eye_boy", "Big Eye Boy"], ["small_road", "Small Road"],
                 ["cockroach_pig", "Cockroach Pig"]];
const STATS = [["banker", "Banker"], ["banker_natural", "Banker natural"], ["player", "Player"],
               ["player_natural", "Player natural"], ["tie", "Tie"],
               ["banker_pair", "Banker pair"], ["player_pair", "Player pair"]];
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
// Surveillance's lines, one colour a bet as on the display (Okabe and Ito's).
const BET_COLORS = ["#e69f00", "#56b4e9", "#f0e442", "#009e73", "#cc79a7", "#d55e00", "#ffffff"];
const MAIN_BETS = ["player", "banker"];
const SHOE_CARDS = 416;

function node(tag, cls, text, parent) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text !== undefined) el.textContent = text;
  if (parent) parent.appendChild(el);
  return el;
}
function card(code, parent) {
  const suit = SUITS[code.slice(-1)];
  const rank = code.slice(0, -1) === "T" ? "10" : code.slice(0, -1);
  const red = code.endsWith("H") || code.endsWith("D");
  return node("span", "card" + (red ? " red" : ""), suit ? rank + suit : code, parent);
}
function scrolledRoad(kind, cells, rows) {
  // As many columns as fill the box at its height; more scroll, the newest in sight.
  const box = document.getElementById(kind);
  const cell = parseFloat(getComputedStyle(box).getPropertyValue("--road-height")) / rows;
  box.replaceChildren(MARKS.road(kind, cells, rows, Math.floor(box.clientWidth / cell)));
  box.scrollLeft = box.scrollWidth;
}
function showRoads(roads) {
  // The ask road first: the boxes of the others are as wide as it leaves them.
  const ask = document.getElementById("ask");
  ask.replaceChildren();
  for (const [winner, letter] of [["banker", "B"], ["player", "P"]]) {
    const row = node("div", "ask-row " + winner, undefined, ask);
    row.dataset.winner = winner;
    node("span", "ask-letter", letter, row);
    for (const [kind] of DERIVED) row.appendChild(MARKS.single(kind, roads.ask[winner][kind]));
  }
  for (const kind of ["bead_plate", "big_road", ...DERIVED.map(([k]) => k)]) {
    scrolledRoad(kind, roads[kind], roads.rows);
  }
  const stats = document.getElementById("stats");
  stats.replaceChildren();
  const hands = node("tr", "", undefined, stats);
  node("th", "", "hands", hands);
  node("td", "", String(roads.stats.hands), hands);
  node("td", "", "", hands);
  for (const [key, name] of STATS) {
    const row = node("tr", "stat " + key, undefined, stats);
    node("th", "", name, row);
    node("td", "", String(roads.stats[key].count), row);
    node("td", "", roads.stats[key].percent.toFixed(2) + " %", row);
  }
}
function showSummary(d) {
  document.title = "Pit: " + d.table;
  document.getElementById("table").textContent = d.table;
  const status = d.status === "online" && d.silent ? "silent" : d.status;
  const badge = document.getElementById("status");
  badge.textContent = status;
  badge.className = "badge " + status;
  const summary = document.getElementById("summary");
  summary.replaceChildren();
  node("div", "phase" + (d.phase === "hold" ? " holding" : ""), d.phase_words, summary);
  if (d.hold) node("div", "hold", "HOLD " + d.hold.code + ": " + d.hold.message, summary);
  node("div", "meta", (d.profile || "profile not seen yet") + (d.limits ? "  " + limitsText(d.limits) : ""),
       summary);
  node("div", "meta", "shoe " + d.shoe + "  round " + d.round +
       (d.cards_left !== null ? "  ·  " + d.cards_left + " cards left" : ""), summary);
  node("div", "meta", "hands last hour " + d.hands_last_hour + " / target " +
       d.target_hands_per_hour + "  ·  open alerts " + d.open_alerts, summary);
  const r = d.last_result;
  const last = node("div", "result " + (r ? "win-" + r.winner : ""), undefined, summary);
  if (!r) { last.textContent = "no result yet"; return; }
  node("span", "", r.winner.toUpperCase() + "  ", last);
  node("span", "", "P ", last);
  r.player.forEach(c => card(c, last));
  node("span", "", " (" + r.player_total + ")   B ", last);
  r.banker.forEach(c => card(c, last));
  node("span", "", " (" + r.banker_total + ")", last);
}
function showRounds(rounds) {
  const body = document.querySelector("#rounds tbody");
  body.replaceChildren();
  for (const r of [...rounds].reverse()) {
    const row = node("tr", r.status === "void" ? "void" : "", undefined, body);
    row.dataset.round = r.shoe + "/" + r.round;
    node("td", "", r.shoe + " · " + r.round, row);
    node("td", "", (r.ended || "").slice(11, 19), row);
    for (const side of ["player", "banker"]) {
      const cell = node("td", "cards", undefined, row);
      r.cards.filter(c => c.position.startsWith(side)).forEach(c => {
        card(c.card, cell).title = c.position + " · " + c.source;
      });
      node("span", "total", r[side + "_total"] === null ? "" : " " + r[side + "_total"], cell);
    }
    node("td", r.status === "void" ? "" : "win-" + r.winner,
         r.status === "void" ? "VOID: " + r.void.reason : r.winner.toUpperCase(), row);
  }
  if (!rounds.length) node("td", "", "no round finished yet", node("tr", "", undefined, body));
}
function showAlerts(alerts) {
  const list = document.getElementById("alerts");
  list.replaceChildren();
  const ordered = [...alerts.filter(a => a.open), ...alerts.filter(a => !a.open)];
  for (const a of ordered) {
    const item = node("li", a.open ? "open" : "done", undefined, list);
    node("span", "when", a.raised.slice(11, 19), item);
    node("span", "kind", a.kind, item);
    node("span", "message", a.message, item);
    if (!a.open) node("span", "acked", "acknowledged by " + a.acked_by, item);
  }
  if (!alerts.length) node("li", "none", "no alerts", list);
}
function showScanner(d) {
  const s = d.scanner;
  const box = document.getElementById("scanner");
  box.replaceChildren();
  node("div", "scanner-status " + s.status, "card reader " + s.status, box);
  node("div", "meta", s.cards_read + " cards read this shoe, " + s.misreads + " misreads", box);
  if (s.alert) {
    node("div", "scanner-alert", "alert: " + s.alert.misreads + " misreads in " + s.alert.cards +
         " cards (" + s.alert.per_hundred + " per 100, level " + s.alert.level + ")", box);
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
function show(view) {
  const d = view.detail;
  showSummary(d);
  showRoads(d.roads);
  showScanner(d);
  showExposure(d);
  showAlerts(view.alerts);
  if (view.rounds) showRounds(view.rounds);
  document.body.dataset.seq = d.seq;
}
function connection(text, up) {
  const el = document.getElementById("connection");
  el.textContent = text;
  el.className = up ? "live" : "down";
}
liveStream("/api/tables/" + encodeURIComponent(TABLE) + "/live", {table: show}, connection);
setInterval(() => { document.getElementById("clock").textContent = new Date().toLocaleTimeString(); }, 1000);
