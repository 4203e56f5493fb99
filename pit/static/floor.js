// The floor's tiles, redrawn from /api/tables every second. Every string from a table goes
// in as text (textContent), never as markup.
"use strict";
function line(parent, cls, text) {
  const el = document.createElement("div");
  el.className = cls;
  el.textContent = text;
  parent.appendChild(el);
  return el;
}
function tile(t) {
  const el = document.createElement("section");
  el.className = "tile " + t.status + (t.silent ? " silent" : "") +
    (t.open_alerts ? " alerting" : "");
  el.dataset.table = t.table;
  const head = line(el, "id", t.table);
  const status = document.createElement("span");
  status.className = "status";
  status.textContent = t.silent ? "silent" : t.status;
  head.appendChild(status);
  line(el, "meta", t.profile + (t.limits ? "  " + t.limits : ""));
  line(el, "phase", t.phase_words);
  line(el, "meta", "shoe " + t.shoe + "  round " + t.round);
  const r = t.last_result;
  const result = line(el, "result " + (r ? "win-" + r.winner : ""),
    r ? r.winner.toUpperCase() + "  P " + r.player.join(" ") + " (" + r.player_total +
        ")  B " + r.banker.join(" ") + " (" + r.banker_total + ")" : "no result yet");
  result.dataset.round = t.round;
  line(el, "meta", "hands last hour " + t.hands_last_hour + " / target " +
       t.target_hands_per_hour + "   alerts " + t.open_alerts);
  return el;
}
function attention(t) {
  return (t.status === "offline" ? 4 : 0) + (t.phase === "hold" ? 2 : 0) + (t.open_alerts ? 1 : 0);
}
async function refresh() {
  try {
    const tables = await (await fetch("/api/tables")).json();
    tables.sort((a, b) => attention(b) - attention(a) || a.table.localeCompare(b.table));
    document.getElementById("floor").replaceChildren(...tables.map(tile));
    document.getElementById("clock").textContent = new Date().toLocaleTimeString();
  } catch (error) {
    document.getElementById("clock").textContent = "pit unreachable";
  }
}
refresh();
setInterval(refresh, 1000);
