// The floor's alert queue, kept live by the pit's server-sent events (/api/alert-queue/live):
// each message is the whole queue, sent when an alert is raised or acknowledged and once a
// minute. Open alerts most urgent and longest waiting first, each with its acknowledgement form
// when the user's role may acknowledge; the acknowledged below. Every string from a table goes
// in as text (textContent), never as markup. An open alert's row is kept while it stays open,
// so a note being typed survives the redraws.
"use strict";
const csrf = document.querySelector('meta[name="pit-csrf"]').content;
const mayAcknowledge = document.querySelector('meta[name="pit-acknowledge"]').content !== "";
const SEVERITY = {1: "urgent", 2: "soon", 3: "notice"};
const rows = new Map();  // open alert id -> its row

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function clock(ts) {
  return new Date(ts).toLocaleTimeString([], {hour12: false});
}
function waited(ts, now) {
  const minutes = Math.floor((Date.parse(now) - Date.parse(ts)) / 60000);
  return minutes < 1 ? "just now" : minutes < 120 ? minutes + " min ago"
    : Math.floor(minutes / 60) + " h ago";
}
function input(form, type, name, value) {
  const e = el("input");
  e.type = type;
  e.name = name;
  if (value !== undefined) e.value = value;
  form.appendChild(e);
  return e;
}
function openRow(a) {
  const row = el("article", "alert " + (SEVERITY[a.severity] || "soon"));
  row.dataset.alert = a.id;
  const head = row.appendChild(el("div", "head"));
  head.appendChild(el("span", "table", a.table));
  head.appendChild(el("span", "kind", a.kind));
  head.appendChild(el("span", "raised"));
  row.appendChild(el("div", "message", a.message));
  if (mayAcknowledge) {
    const form = el("form", "ack");
    form.method = "post";
    form.action = "/alerts/" + a.id + "/ack";
    input(form, "hidden", "csrf", csrf);
    const note = input(form, "text", "note");
    note.placeholder = "note (optional)";
    note.maxLength = 500;
    const button = el("button", "", "Acknowledge");
    button.type = "submit";
    form.appendChild(button);
    row.appendChild(form);
  }
  return row;
}
function pastRow(a) {
  const row = el("tr");
  row.dataset.alert = a.id;
  row.appendChild(el("td", "", clock(a.raised)));
  row.appendChild(el("td", "table", a.table));
  const what = row.appendChild(el("td"));
  what.appendChild(el("span", "kind", a.kind));
  what.appendChild(document.createTextNode(" " + a.message));
  row.appendChild(el("td", "", clock(a.acked_at)));
  row.appendChild(el("td", "by", a.acked_by));
  row.appendChild(el("td", "note", a.note || ""));
  return row;
}
// The rows in order without moving a row that stays (a row moved loses the focus of its
// note): the open alerts' order never changes between them, so removing the gone and inserting
// the new is enough.
function place(list, wanted) {
  const keep = new Set(wanted);
  for (const child of [...list.children]) if (!keep.has(child)) child.remove();
  wanted.forEach((row, i) => {
    if (list.children[i] !== row) list.insertBefore(row, list.children[i] || null);
  });
}
function draw(queue) {
  const shown = queue.open.map(a => {
    const row = rows.get(a.id) || openRow(a);
    rows.set(a.id, row);
    row.querySelector(".raised").textContent = clock(a.raised) + "  " +
      waited(a.raised, queue.now);
    return row;
  });
  const open = new Set(queue.open.map(a => a.id));
  for (const id of rows.keys()) if (!open.has(id)) rows.delete(id);
  place(document.getElementById("open"), shown.length ? shown
    : [el("p", "calm", "No open alerts.")]);
  document.getElementById("past").replaceChildren(...queue.past.map(pastRow));
  document.getElementById("open-count").textContent = queue.open.length + " open";
}
function connection(text, up) {
  const e = document.getElementById("connection");
  e.textContent = text;
  e.className = up ? "live" : "down";
}
liveStream("/api/alert-queue/live", {queue: draw}, connection);
