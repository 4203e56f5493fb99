// The floor's alert queue, kept live by the pit's server-sent events (/api/alert-queue/live,
// with the page's filters): each message is the whole queue, sent when an alert is raised,
// updated, acknowledged or ended, and once a minute, as parts the pit rendered: the open alerts
// grouped by table (the table with the most urgent and longest waiting alert first), each
// group and each alert as HTML with its acknowledge forms when the user's role may
// acknowledge, and the acknowledged below. Here they are only put in place: an open alert's
// row and its table's group are kept while they stay open and changed where they differ, so a
// note being typed survives the redraws.
"use strict";
const csrf = document.querySelector('meta[name="pit-csrf"]').content;
const rows = new Map();  // open alert id -> its row
const groups = new Map();  // table -> its group of open alerts

// A part as the pit sent it, its forms given this page's CSRF token and the way back to it.
function withForms(html) {
  const part = fragment(html);
  for (const form of part.querySelectorAll("form.ack")) {
    form.elements.csrf.value = csrf;
    form.elements.back.value = location.pathname + location.search;
  }
  return part;
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
// `map`'s element for `key`, made from `html` or changed to it where it differs, but for its
// children that match `own` (its forms, a group's alerts): those stay as they are.
function kept(map, key, html, own) {
  const fresh = withForms(html);
  const now = map.get(key);
  if (!now) {
    map.set(key, fresh);
    return fresh;
  }
  morph(now, fresh, (child, part) => part.matches(own));
  return now;
}
function draw(queue) {
  const open = new Set();
  const shown = queue.open.map(group => {
    const section = kept(groups, group.table, group.html, "form, .alerts");
    place(section.querySelector(".alerts"), group.alerts.map(a => {
      open.add(a.id);
      return kept(rows, a.id, a.html, "form");
    }));
    return section;
  });
  for (const id of rows.keys()) if (!open.has(id)) rows.delete(id);
  const tables = new Set(queue.open.map(group => group.table));
  for (const table of groups.keys()) if (!tables.has(table)) groups.delete(table);
  place(document.getElementById("open"), shown);
  document.getElementById("calm").hidden = shown.length > 0;
  document.getElementById("past").replaceWith(fragment(queue.past));
  document.getElementById("open-count").textContent = queue.count + " open";
}
function connection(text, up) {
  const e = document.getElementById("connection");
  e.textContent = text;
  e.className = up ? "live" : "down";
}
liveStream("/api/alert-queue/live" + location.search, {queue: draw}, connection);
