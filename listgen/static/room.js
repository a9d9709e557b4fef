// listgen tournament serve: the room's one script. The slip's QR code opens /report#CODE: the code after '#' is
// never sent to the server; it is put in the form here. The board asks /board.json every few seconds and draws
// it with textContent only (names are the players' own text). The desk reloads when the event changed and
// nothing is being typed.
"use strict";

(function () {
  const body = document.body;

  function fillCode() {
    const input = document.getElementById("code");
    const given = decodeURIComponent(location.hash.slice(1)).trim();
    if (input && given && /^R\d{1,3}-T\d{1,4}-[A-Za-z0-9]{4}$/.test(given)) {
      input.value = given.toUpperCase();
      history.replaceState(null, "", location.pathname); // the code leaves the address bar and the history
    }
  }

  function cell(row, text, cls) {
    const td = document.createElement("td");
    td.textContent = text;
    if (cls) td.className = cls;
    row.appendChild(td);
    return td;
  }

  function who(p) {
    const span = document.createElement("span");
    span.className = "who";
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = p.name;
    span.appendChild(name);
    const extra = [p.club, p.army].filter(Boolean).join(" · ");
    if (extra) {
      const small = document.createElement("small");
      small.textContent = extra;
      span.appendChild(small);
    }
    return span;
  }

  function clockText(c) {
    if (!c) return "";
    const m = Math.floor(c.remaining / 60), s = c.remaining % 60;
    return (c.over ? "Time! " : "") + m + ":" + String(s).padStart(2, "0") + (c.paused ? " paused" : "");
  }

  const STATES = { playing: "playing", reported: "reported", disputed: "at the desk", done: "", bye: "" };

  function drawBoard(data) {
    document.getElementById("event").textContent = data.event;
    document.getElementById("round").textContent =
      data.round ? "Round " + data.round + (data.rounds ? " of " + data.rounds : "") : "Not paired yet";
    const clock = document.getElementById("clock");
    clock.textContent = clockText(data.clock);
    clock.classList.toggle("over", Boolean(data.clock && data.clock.over));
    clock.classList.toggle("paused", Boolean(data.clock && data.clock.paused));
    // more than 16 tables: two columns of pairings side by side, so that each row stays large
    const split = data.tables.length > 16 ? Math.ceil(data.tables.length / 2) : data.tables.length;
    const bodies = [document.querySelector("#pairings tbody"), document.querySelector("#pairings-2 tbody")];
    bodies.forEach((b) => b.replaceChildren());
    document.getElementById("pairings-2").hidden = split === data.tables.length;
    data.tables.forEach((t, i) => {
      const tr = document.createElement("tr");
      tr.className = t.state;
      cell(tr, t.table === null ? "bye" : String(t.table), "table");
      cell(tr, "", "player").appendChild(who(t.players[0]));
      cell(tr, t.score ? t.score[0] + " – " + t.score[1] : "", "score");
      const other = cell(tr, "", "player");
      if (t.players[1]) other.appendChild(who(t.players[1]));
      cell(tr, STATES[t.state] || "", "state");
      bodies[i < split ? 0 : 1].appendChild(tr);
    });
    document.getElementById("playing").textContent = data.playing.length
      ? "Still playing: " + (data.playing.length > 12 ? data.playing.length + " tables" : "table " + data.playing.join(", "))
      : data.round ? "Every table is in." : "";
    document.getElementById("standings-title").textContent =
      data.after_round ? "Standings after round " + data.after_round : "Standings";
    const st = document.querySelector("#standings tbody");
    st.replaceChildren();
    document.getElementById("standings").hidden = !data.after_round;
    document.getElementById("standings-waiting").hidden = Boolean(data.after_round) || !data.round;
    for (const s of data.after_round ? data.standings : []) {
      const tr = document.createElement("tr");
      if (s.dropped) tr.className = "dropped";
      cell(tr, String(s.rank), "rank");
      cell(tr, "", "player").appendChild(who({ name: s.player, club: s.club }));
      cell(tr, s.points === null ? "" : String(s.points), "score");
      st.appendChild(tr);
    }
    document.getElementById("address").textContent = data.address ? "Report from your phone: " + data.address : "";
    fit();
  }

  // the board's type as large as fits: smaller only when there are more tables or players than fit at the largest;
  // the standings' rows past what fits at the smallest are left for the printed standings, and said
  function fit() {
    const main = document.querySelector("main");
    const parts = [document.getElementById("pairings-part"), document.getElementById("standings-part")];
    const rows = Array.from(document.querySelectorAll("#standings tbody tr"));
    rows.forEach((r) => { r.hidden = false; });
    const more = document.getElementById("standings-more");
    more.hidden = true;
    let size = 100;
    main.style.fontSize = size + "%";
    while (size > 56 && parts.some((p) => p.scrollHeight > p.clientHeight + 1)) {
      size -= 4;
      main.style.fontSize = size + "%";
    }
    const standings = parts[1];
    let shown = rows.length;
    while (shown > 1 && standings.scrollHeight > standings.clientHeight + 1) {
      shown -= 1;
      rows[shown].hidden = true;
      more.hidden = false;
      more.textContent = "and " + (rows.length - shown) + " more on the printed standings";
    }
  }

  function poll() {
    fetch("board.json", { cache: "no-store", credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
      .then((data) => {
        document.getElementById("stale").hidden = true;
        drawBoard(data);
      })
      .catch(() => {
        document.getElementById("stale").hidden = false;
      });
  }

  // the desk reloads itself when the event changed, but never under the organiser's hands: not while a field has
  // the focus, nor within ten seconds of his last touch of the page
  function deskWatch() {
    let seen = null;
    let touched = Date.now();
    for (const kind of ["input", "pointerdown", "keydown", "focusin"]) {
      document.addEventListener(kind, () => { touched = Date.now(); }, true);
    }
    setInterval(() => {
      fetch("desk.json", { cache: "no-store", credentials: "same-origin" })
        .then((r) => r.json())
        .then((d) => {
          const busy = Date.now() - touched < 10000 ||
            (document.activeElement && /INPUT|SELECT/.test(document.activeElement.tagName));
          if (seen !== null && d.stamp !== seen && !busy) location.reload();
          else if (!busy) seen = d.stamp;
        })
        .catch(() => {});
    }, 3000);
  }

  if (body.classList.contains("board")) {
    poll();
    setInterval(poll, 3000);
    window.addEventListener("resize", fit);
  } else if (body.classList.contains("desk")) {
    deskWatch();
  } else {
    fillCode();
    window.addEventListener("hashchange", fillCode);
  }
})();
