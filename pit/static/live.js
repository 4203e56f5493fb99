// The pages' live stream: an EventSource, which the browser reconnects by itself while the pit
// is away. One the pit turned away (the session ended, or the user was removed: 401), or one a
// reverse proxy answered for a pit that is down (502), the browser gives up on: it is opened
// again here once the pit answers, and a page whose session ended goes to the login form (which
// brings it back). `events` maps each event's name to what takes its data.
"use strict";
// The pages' parts come as HTML the pit rendered (escaped there): made into elements here, and
// put in place changing only what differs, so nothing flickers and what the user holds (the
// focus, a note being typed) stays.
// A time as the pit's pages write it: 24-hour, as the times the pit renders are.
function timeText(date) {
  return date.toLocaleTimeString([], {hourCycle: "h23"});
}
const made = document.createElement("template");
function fragment(html) {
  made.innerHTML = html;
  return made.content.firstElementChild;
}
// `el` made like `fresh` (the same element rendered anew): each child that differs replaced,
// but those `keep(now, part)` keeps; its attributes last (data-seq last of all: a watcher of
// the page sees it whole when its seq changes).
function morph(el, fresh, keep) {
  [...fresh.children].forEach((part, i) => {
    const now = el.children[i];
    if (!keep(now, part) && !part.isEqualNode(now)) now.replaceWith(part);
  });
  const last = attribute => attribute.name === "data-seq";
  for (const attribute of [...fresh.attributes].sort((a, b) => last(a) - last(b))) {
    if (el.getAttribute(attribute.name) !== attribute.value) {
      el.setAttribute(attribute.name, attribute.value);
    }
  }
}
function liveStream(url, events, connection) {
  function open() {
    const stream = new EventSource(url);
    for (const [name, take] of Object.entries(events)) {
      stream.addEventListener(name, event => {
        take(JSON.parse(event.data));
        connection("live", true);
      });
    }
    stream.addEventListener("error", () => {
      connection("pit unreachable: reconnecting", false);
      if (stream.readyState === EventSource.CLOSED) setTimeout(retry, 2000);
    });
    window.stream = stream;
  }
  async function retry() {
    try {
      const answer = await fetch("/api/status");
      if (answer.status === 401) {
        location.reload();
        return;
      }
      if (answer.ok) {
        open();
        return;
      }
    } catch (error) {
      // the pit is still away: try again
    }
    setTimeout(retry, 2000);
  }
  open();
}
