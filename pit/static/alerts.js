// The floor's alert queue, kept live by the pit's server-sent events (/api/alert-queue/live,
// with the page's filters): each message is the whole queue, sent when an alert is raised,
// updated, acknowledged or ended, and once a minute. Open alerts grouped by table, the table
// with the most urgent and longest waiting alert first, each group with an acknowledge-all
// form and each alert with its own when the user's role may acknowledge; the acknowledged
// below. An alert is one condition (a hold, an offline spell...): while it lasts its repeats
// are counted and its newest details listed in it. Every string from a table goes in as text
// (textContent), never as markup. An open alert's row is kept while it stays open, so a note
// being typed survives the redraws.
"use strict";
const csrf = document.querySelector('meta[name="pit-csrf"]').content;
const mayAcknowledge = document.querySelector('meta[name="pit-acknowledge"]').content !== "";
const SEVERITY = {1: "urgent", 2: "soon", 3: "notice"};
const rows = new Map();  // open alert id -> its row
const groups = new Map();  // table -> its group of open alerts
const WHEN = {year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit",
              minute: "2-digit", second: "2-digit", hour12: false, timeZoneName: "short"};

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
// A time with its date and its zone: an alert may wait past midnight, and the pit's
// users are not all in one zone.
function clock(ts) {
  return new Date(ts).toLocaleString([], WHEN);
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
function tableLink(table) {
  const a = el("a", "table", table);
  a.href = "/tables/" + encodeURIComponent(table);
  return a;
}
function eventLink(table, seq) {  // the table's page, at the event that raised the alert
  const a = el("a", "event", "event " + seq);
  a.href = "/tables/" + encodeURIComponent(table) + "?event=" + seq + "#event-" + seq;
  return a;
}
function ackForm(action, label, noteLabel) {
  const form = el("form", "ack");
  form.method = "post";
  form.action = action;
  input(form, "hidden", "csrf", csrf);
  input(form, "hidden", "back", location.pathname + location.search);
  const note = input(form, "text", "note");
  note.placeholder = noteLabel;
  note.maxLength = 500;
  const button = el("button", "", label);
  button.type = "submit";
  form.appendChild(button);
  return form;
}
function openRow(a) {
  const row = el("article", "alert " + (SEVERITY[a.severity] || "soon"));
  row.dataset.alert = a.id;
  const head = row.appendChild(el("div", "head"));
  head.appendChild(el("span", "kind", a.kind));
  if (a.seq !== null) head.appendChild(eventLink(a.table, a.seq));
  head.appendChild(el("span", "raised"));
  row.appendChild(el("div", "message", a.message));
  row.appendChild(el("div", "repeats"));
  row.appendChild(el("ul", "details"));
  if (mayAcknowledge) row.appendChild(ackForm("/alerts/" + a.id + "/ack", "Acknowledge",
                                              "note (optional)"));
  return row;
}
function fillRow(row, a, now) {
  row.querySelector(".raised").textContent = clock(a.raised) + " · " + waited(a.raised, now);
  row.querySelector(".repeats").textContent = a.repeats
    ? "raised " + (a.repeats + 1) + " times, the last " + clock(a.updated) : "";
  const details = a.details.length > 1 || a.repeats ? a.details : [];
  const list = row.querySelector(".details");
  if (list.dataset.shown !== JSON.stringify(details)) {
    list.replaceChildren(...details.map(d => el("li", "", d)));
    list.dataset.shown = JSON.stringify(details);
  }
}
function group(table) {
  const section = el("section", "group");
  section.dataset.table = table;
  const head = section.appendChild(el("h3", "group-head"));
  head.appendChild(tableLink(table));
  head.appendChild(el("span", "count"));
  if (mayAcknowledge) {
    section.appendChild(ackForm("/tables/" + encodeURIComponent(table) + "/alerts/ack",
                                "Acknowledge all for " + table, "note for all (optional)"))
      .classList.add("all");
  }
  section.appendChild(el("div", "alerts"));
  return section;
}
function pastRow(a) {
  const row = el("tr");
  row.dataset.alert = a.id;
  row.appendChild(el("td", "", clock(a.raised)));
  row.appendChild(el("td")).appendChild(tableLink(a.table));
  const what = row.appendChild(el("td"));
  what.appendChild(el("span", "kind", a.kind));
  what.appendChild(document.createTextNode(" " + a.message +
    (a.repeats ? " (raised " + (a.repeats + 1) + " times)" : "")));
  row.appendChild(el("td", "", clock(a.acked_at)));
  row.appendChild(el("td", "by", a.acked_by));
  row.appendChild(el("td", "note", a.note || ""));
  return row;
}
// The children in order without moving one that stays (a row moved loses the focus of its
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
  const byTable = new Map();  // in the queue's order: the most urgent table first
  for (const a of queue.open) {
    const row = rows.get(a.id) || openRow(a);
    rows.set(a.id, row);
    fillRow(row, a, queue.now);
    if (!byTable.has(a.table)) byTable.set(a.table, []);
    byTable.get(a.table).push(row);
  }
  const open = new Set(queue.open.map(a => a.id));
  for (const id of rows.keys()) if (!open.has(id)) rows.delete(id);
  for (const table of groups.keys()) if (!byTable.has(table)) groups.delete(table);
  const shown = [...byTable].map(([table, tableRows]) => {
    const section = groups.get(table) || group(table);
    groups.set(table, section);
    section.querySelector(".count").textContent = tableRows.length + " open";
    place(section.querySelector(".alerts"), tableRows);
    return section;
  });
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
liveStream("/api/alert-queue/live" + location.search, {queue: draw}, connection);
