// The floor page: its tiles come rendered from the pit, in the page as it loads and then over
// its server-sent events (/api/live), each message the tiles that changed as HTML (a tile's
// roads as data, only when they changed). A tile is changed in place, part by part where it
// differs, once a frame (a floor of 500 tables keeps up, nothing flickers, a focused tile keeps
// the focus); the tiles are reordered only when what needs attention changed.
"use strict";
const floor = document.getElementById("floor");
const pending = new Map(); // table id -> its latest tile (an element) not drawn yet
let drawing = false;

// The tile's small Bead Plate and Big Road, from the data the pit placed them with.
function drawRoads(box) {
  const d = JSON.parse(box.dataset.roads);
  box.replaceChildren(MARKS.road("bead_plate", d.bead_plate, d.rows, d.bead_columns),
                      MARKS.road("big_road", d.big_road, d.rows, d.big_road_columns));
}
// A tile changed in place: its roads drawn anew only when new ones came.
function update(tile, fresh) {
  const box = fresh.querySelector(".tile-roads");
  const roads = box.dataset.roads;
  if (roads !== undefined && roads !== tile.querySelector(".tile-roads").dataset.roads) {
    drawRoads(box);
  }
  morph(tile, fresh, (now, part) => part === box && (roads === undefined ||
                                                     roads === now.dataset.roads));
}
function order(a, b) {
  return b.dataset.attention - a.dataset.attention ||
         (a.dataset.table < b.dataset.table ? -1 : a.dataset.table > b.dataset.table ? 1 : 0);
}
function draw() {
  drawing = false;
  let reorder = false;
  const shown = new Map([...floor.children].map(tile => [tile.dataset.table, tile]));
  for (const [table, fresh] of pending) {
    const tile = shown.get(table);
    if (tile) {
      reorder = reorder || tile.dataset.attention !== fresh.dataset.attention;
      update(tile, fresh);
    } else {
      fresh.querySelectorAll(".tile-roads[data-roads]").forEach(drawRoads);
      floor.appendChild(fresh);
      reorder = true;
    }
  }
  pending.clear();
  if (!reorder) return;
  [...floor.children].sort(order).forEach((tile, i) => {
    if (floor.children[i] !== tile) floor.insertBefore(tile, floor.children[i] || null);
  });
}
function take(message) {
  if (message.whole) {
    const now = new Set(message.tiles.map(t => t.table));
    for (const tile of [...floor.children]) {
      if (!now.has(tile.dataset.table)) tile.remove();
    }
  }
  for (const t of message.tiles) {
    const fresh = fragment(t.html);
    // A tile's roads come only when they changed: a later message without them keeps them.
    const waiting = pending.get(t.table);
    const roads = waiting && waiting.querySelector(".tile-roads").dataset.roads;
    const box = fresh.querySelector(".tile-roads");
    if (roads !== undefined && box.dataset.roads === undefined) box.dataset.roads = roads;
    pending.set(t.table, fresh);
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
      timeText(new Date(broker.since)) + ")"
    : "";
}
function clock() {
  document.getElementById("clock").textContent = timeText(new Date());
}
document.querySelectorAll(".tile-roads[data-roads]").forEach(drawRoads);
liveStream("/api/live", {tiles: take, pit: takePit}, connection);
clock();
setInterval(clock, 1000);
