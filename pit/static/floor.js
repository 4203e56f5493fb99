// The floor's tiles, kept live by the pit's server-sent events (/api/live): the first message
// has every tile, each later one the tiles that changed (a tile's roads only when they did).
// Changes are drawn once a frame, each tile's parts only where they changed, so that a floor
// of 500 tables keeps up. Every string from a table goes in as text (textContent), never as
// markup.
"use strict";
const tiles = new Map(); // table id -> {data, el, parts}
const pending = new Map(); // table id -> its latest data not drawn yet
let drawing = false;

function part(parent, tag, cls) {
  const el = document.createElement(tag);
  el.className = cls;
  parent.appendChild(el);
  return el;
}
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
function setClass(el, cls) {
  if (el.className !== cls) el.className = cls;
}
function resultText(r) {
  return r.winner.toUpperCase() + "  P " + r.player.join(" ") + " (" + r.player_total +
         ")  B " + r.banker.join(" ") + " (" + r.banker_total + ")";
}
function statusWord(t) {
  return t.status === "online" && t.silent ? "silent" : t.status;
}
// "offline since 20:58" (and the date when it was not today): how long a table has been dark;
// and why, when the pit called it offline itself (no heartbeat: its will may never come).
function statusText(t, status) {
  if (status !== "offline" || !t.offline_since) return status;
  const since = new Date(t.offline_since);
  const today = since.toDateString() === new Date().toDateString();
  return "offline since " + (today ? "" : since.toLocaleDateString() + " ") +
    since.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit", hour12: false}) +
    (t.offline_why ? ": " + t.offline_why : "");
}

function makeTile(table) {
  const el = document.createElement("a");
  el.href = "/tables/" + encodeURIComponent(table);
  const head = part(el, "div", "id");
  const name = part(head, "span", "name");
  name.textContent = table;
  const parts = { status: part(head, "span", "status"), where: part(el, "div", "meta"),
                  phase: part(el, "div", "phase"), result: part(el, "div", "result"),
                  roads: part(el, "div", "tile-roads") };
  const foot = part(el, "div", "foot");
  parts.pace = part(foot, "span", "pace");
  parts.alerts = part(foot, "span", "alerts");
  return { el, parts, data: null };
}
function fill(tile, t) {
  const { el, parts } = tile;
  const status = statusWord(t);
  setClass(el, "tile " + status + (t.open_alerts ? " alerting" : "") +
               (t.phase === "hold" ? " holding" : ""));
  setText(parts.status, statusText(t, status));
  setText(parts.where, (t.profile || "profile not seen yet") +
                       (t.limits ? " " + limitsText(t.limits) : "") +
                       "  ·  shoe " + t.shoe + " round " + t.round);
  setText(parts.phase, t.hold ? t.phase_words + ": " + t.hold.message : t.phase_words);
  const r = t.last_result;
  setClass(parts.result, "result " + (r ? "win-" + r.winner : ""));
  setText(parts.result, r ? resultText(r) : "no result yet");
  if (t.roads) {
    const d = t.roads;
    parts.roads.replaceChildren(
      MARKS.road("bead_plate", d.bead_plate, d.rows, d.bead_columns),
      MARKS.road("big_road", d.big_road, d.rows, d.big_road_columns));
  }
  setText(parts.pace, "hands last hour " + t.hands_last_hour + " / " + t.target_hands_per_hour);
  setClass(parts.alerts, "alerts" + (t.open_alerts ? " open" : ""));
  setText(parts.alerts, "alerts " + t.open_alerts);
  el.dataset.table = t.table;
  el.dataset.seq = t.seq; // last: a watcher of the page sees the tile whole when seq changes
}
function order(a, b) {
  return b.data.attention - a.data.attention ||
         (a.data.table < b.data.table ? -1 : a.data.table > b.data.table ? 1 : 0);
}
function draw() {
  drawing = false;
  let reorder = false;
  for (const [table, t] of pending) {
    let tile = tiles.get(table);
    if (!tile) { tile = makeTile(table); tiles.set(table, tile); reorder = true; }
    reorder = reorder || !tile.data || tile.data.attention !== t.attention;
    fill(tile, t);
    tile.data = t;
  }
  pending.clear();
  if (!reorder) return;
  const floor = document.getElementById("floor");
  [...tiles.values()].sort(order).forEach((tile, i) => {
    if (floor.children[i] !== tile.el) floor.insertBefore(tile.el, floor.children[i] || null);
  });
}
function take(message) {
  if (message.whole) {
    const now = new Set(message.tiles.map(t => t.table));
    for (const [table, tile] of [...tiles].filter(([table]) => !now.has(table))) {
      tile.el.remove();
      tiles.delete(table);
    }
  }
  for (const t of message.tiles) {
    const waiting = pending.get(t.table);
    if (waiting && waiting.roads && !t.roads) t.roads = waiting.roads;
    pending.set(t.table, t);
  }
  if (!drawing) { drawing = true; requestAnimationFrame(draw); }
}
// The header: LIVE while the page's stream and the pit's link to the broker are both up;
// otherwise what is wrong (a pit without the broker shows a floor that no longer moves).
const BROKER_WORDS = {connecting: "connecting to the broker",
                      unreachable: "no feed: the broker does not answer",
                      refused: "no feed: the broker refused the pit's login",
                      taken: "no feed: another client took the pit's client id"};
let brokerProblem = "";
function connection(text, up) {
  const el = document.getElementById("connection");
  const shown = up && brokerProblem ? brokerProblem : text;
  el.textContent = shown;
  el.className = up && !brokerProblem ? "live" : "down";
}
function takePit(message) {
  const broker = message.broker;
  brokerProblem = broker && broker.state !== "connected"
    ? (BROKER_WORDS[broker.state] || broker.state) + " (since " +
      new Date(broker.since).toLocaleTimeString() + ")"
    : "";
}
liveStream("/api/live", {tiles: take, pit: takePit}, connection);
clock();
setInterval(clock, 1000);
