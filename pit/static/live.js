// The pages' live stream: an EventSource, which the browser reconnects by itself while the pit
// is away. One the pit turned away (the session ended, or the user was removed: 401), or one a
// reverse proxy answered for a pit that is down (502), the browser gives up on: it is opened
// again here once the pit answers, and a page whose session ended goes to the login form (which
// brings it back). `events` maps each event's name to what takes its data.
"use strict";
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
