// The floor's tiles, kept live by the pit's server-sent events (/api/live): the first message
// has every tile, each later one the tiles that changed (a tile's roads only when they did).
// Every string from a table goes in as text (textContent), never as markup.
"use strict";
const tiles = new Map(); // table id -> the tile's latest data
const shown = new Map(); // table id -> its element

function line(parent, cls, text) {
  const el = document.createElement("div");
  el.className = cls;
  el.textContent = text;
  parent.appendChild(el);
  return el;
}
function resultText(r) {
  return r.winner.toUpperCase() + "  P " + r.player.join(" ") + " (" + r.player_total +
         ")  B " + r.banker.join(" ") + " (" + r.banker_total + ")";
}
function statusWord(t) {
  return t.status === "online" && t.silent ? "silent" : t.status;
}
function fill(el, t) {
  const status = statusWord(t);
  el.className = "tile " + status + (t.open_alerts ? " alerting" : "") +
                 (t.phase === "hold" ? " holding" : "");
  el.href = "/tables/" + encodeURIComponent(t.table);
  const head = document.createElement("div");
  head.className = "id";
  head.textContent = t.table;
  const badge = document.createElement("span");
  badge.className = "status";
  badge.textContent = status;
  head.appendChild(badge);
  el.replaceChildren(head);
  line(el, "meta", (t.profile || "profile not seen yet") + (t.limits ? "  " + t.limits : ""));
  line(el, "phase", t.phase_words);
  line(el, "meta", "shoe " + t.shoe + "  round " + t.round);
  const r = t.last_result;
  line(el, "result " + (r ? "win-" + r.winner : ""), r ? resultText(r) : "no result yet");
  const roads = document.createElement("div");
  roads.className = "tile-roads";
  const drawn = t.roads;
  if (drawn) {
    roads.append(MARKS.road("bead_plate", drawn.bead_plate, drawn.rows, drawn.bead_columns),
                 MARKS.road("big_road", drawn.big_road, drawn.rows, drawn.big_road_columns));
  }
  el.appendChild(roads);
  const foot = line(el, "foot", "");
  const pace = document.createElement("span");
  pace.className = "pace";
  pace.textContent = "hands last hour " + t.hands_last_hour + " / " + t.target_hands_per_hour;
  const alerts = document.createElement("span");
  alerts.className = "alerts" + (t.open_alerts ? " open" : "");
  alerts.textContent = "alerts " + t.open_alerts;
  foot.append(pace, alerts);
  el.dataset.table = t.table;
  el.dataset.seq = t.seq; // last: a watcher of the page sees the tile whole when seq changes
}
function order(a, b) {
  return b.attention - a.attention || (a.table < b.table ? -1 : a.table > b.table ? 1 : 0);
}
function show(message) {
  if (message.whole) {
    const now = new Set(message.tiles.map(t => t.table));
    for (const table of [...tiles.keys()].filter(table => !now.has(table))) {
      tiles.delete(table);
      shown.get(table).remove();
      shown.delete(table);
    }
  }
  for (const t of message.tiles) {
    const before = tiles.get(t.table);
    if (!t.roads && before) t.roads = before.roads;
    tiles.set(t.table, t);
    let el = shown.get(t.table);
    if (!el) { el = document.createElement("a"); shown.set(t.table, el); }
    fill(el, t);
  }
  const floor = document.getElementById("floor");
  const wanted = [...tiles.values()].sort(order).map(t => shown.get(t.table));
  wanted.forEach((el, i) => {
    if (floor.children[i] !== el) floor.insertBefore(el, floor.children[i] || null);
  });
}
function connection(text, up) {
  const el = document.getElementById("connection");
  el.textContent = text;
  el.className = up ? "live" : "down";
}
function clock() {
  document.getElementById("clock").textContent = new Date().toLocaleTimeString();
}
const stream = new EventSource("/api/live");
stream.addEventListener("tiles", event => { show(JSON.parse(event.data)); connection("live", true); });
stream.addEventListener("error", () => connection("pit unreachable: reconnecting", false));
clock();
setInterval(clock, 1000);
