// listgen's play view: the game's marks live in this browser only (localStorage, by the list's hash and the game's
// id), so a reload or a lost connection loses nothing and the list file is never changed. The opponent's list is
// kept as its share code and asked for again after a reload. No inline script: the page's CSP forbids it.
(function () {
  "use strict";
  // the page that says a game was recorded in its campaign: the game is marked so, not to be ended into it twice
  var recorded = document.getElementById("recorded");
  if (recorded && recorded.dataset.game) {
    var key = "listgen-play/" + recorded.dataset.list + "/" + recorded.dataset.game;
    try {
      var game = JSON.parse(localStorage.getItem(key));
      if (game && typeof game === "object") { game.recorded = true; localStorage.setItem(key, JSON.stringify(game)); }
    } catch (e) { /* a game no longer kept: nothing to mark */ }
  }
}());

(function () {
  "use strict";
  var play = document.getElementById("play");
  if (!play) { return; }
  var root = play.dataset.root;
  var prefix = "listgen-play/" + play.dataset.list + "/";
  var state;

  function newId() {
    var now = new Date();
    return now.toISOString().slice(0, 16).replace("T", " ") + " " + Math.random().toString(36).slice(2, 6);
  }

  function load() {
    var game = localStorage.getItem(prefix + "current");
    var kept = game && localStorage.getItem(prefix + game);
    try { state = kept ? JSON.parse(kept) : null; } catch (e) { state = null; }
    if (!state || typeof state !== "object") {
      game = newId();
      state = { game: game, marks: {}, counts: {}, log: [], opponent: "" };
      localStorage.setItem(prefix + "current", game);
      save();
    }
    state.marks = state.marks || {};
    state.counts = state.counts || {};
    state.log = state.log || [];
  }

  function save() {
    localStorage.setItem(prefix + state.game, JSON.stringify(state));
  }

  function draw() {
    play.querySelectorAll("[data-box]").forEach(function (box) {
      box.setAttribute("aria-pressed", state.marks[box.dataset.box] ? "true" : "false");
    });
    play.querySelectorAll("[data-count]").forEach(function (count) {
      var n = state.counts[count.dataset.count] || 0;
      count.querySelector("output").textContent = String(n);
      count.querySelector(".less").disabled = n <= 0;
      var most = count.dataset.most;
      count.querySelector(".more").disabled = most !== undefined && n >= Number(most);
    });
    document.getElementById("play-undo").disabled = state.log.length === 0;
    var endButton = document.getElementById("end-button");
    if (endButton) {
      endButton.disabled = !!state.recorded;
      document.getElementById("recorded-note").hidden = !state.recorded;
    }
    document.getElementById("game").textContent = "game of " + state.game.slice(0, 16) +
      (state.log.length ? " · " + state.log.length + " marks" : "");
  }

  function change(kind, id, value) {
    var before = kind === "mark" ? !!state.marks[id] : (state.counts[id] || 0);
    state.log.push([kind, id, before]);
    if (kind === "mark") { if (value) { state.marks[id] = true; } else { delete state.marks[id]; } }
    else { state.counts[id] = value; }
    save();
    draw();
  }

  play.addEventListener("click", function (e) {
    var box = e.target.closest("[data-box]");
    if (box) { change("mark", box.dataset.box, !state.marks[box.dataset.box]); return; }
    var count = e.target.closest("[data-count]");
    if (count && e.target.closest("button")) {
      var id = count.dataset.count;
      var n = (state.counts[id] || 0) + (e.target.closest(".more") ? 1 : -1);
      var most = count.dataset.most;
      if (n >= 0 && (most === undefined || n <= Number(most))) { change("count", id, n); }
    }
  });

  document.getElementById("play-undo").addEventListener("click", function () {
    var last = state.log.pop();
    if (!last) { return; }
    if (last[0] === "mark") { if (last[2]) { state.marks[last[1]] = true; } else { delete state.marks[last[1]]; } }
    else { state.counts[last[1]] = last[2]; }
    save();
    draw();
  });

  document.getElementById("new-game").addEventListener("click", function () {
    if (state.log.length && !window.confirm("Start a new game? This game's marks are cleared from this view.")) { return; }
    localStorage.removeItem(prefix + "current");
    var opponent = state.opponent;
    load();
    state.opponent = opponent; // the same opponent, most likely: cleared by giving another
    save();
    draw();
  });

  var end = document.getElementById("end");
  if (end) {
    end.addEventListener("submit", function () { document.getElementById("end-state").value = JSON.stringify(state); });
  }

  // --- the opponent: a code typed, scanned or a file; the numbers placed on each card ---
  var form = document.getElementById("opponent");
  var result = document.getElementById("opp-result");

  function placeMatchup(html) {
    play.querySelectorAll(".matchup-slot").forEach(function (slot) { slot.textContent = ""; });
    result.innerHTML = html; // the page's own escaped fragment, from the same origin
    var said = result.querySelector(".opp-said");
    if (said) {
      state.opponent = said.dataset.code;
      save();
      result.querySelectorAll(".opp-cards .matchup").forEach(function (m) {
        var slot = document.getElementById("m" + m.dataset.unit);
        if (slot) { slot.appendChild(m); }
      });
    }
  }

  function ask(body) {
    result.textContent = "Working out the numbers…";
    return fetch(form.action, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (answer) { return answer.text(); })
      .then(placeMatchup)
      .catch(function () {
        result.textContent = "The page could not be reached to work out the numbers: the marks are kept; try again " +
          "when it is back.";
      });
  }

  function askCode(code) {
    var body = new FormData();
    body.append("code", code);
    return ask(body);
  }

  if (form) {
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      ask(new FormData(form));
    });
    document.getElementById("opp-file").addEventListener("change", function () {
      var body = new FormData();
      body.append("file", this.files[0]);
      ask(body);
      this.value = "";
    });
    document.getElementById("scan").addEventListener("click", scan);
  }

  // The camera: BarcodeDetector where the browser has one for QR codes, else the vendored jsQR on each frame.
  var scanning = null;

  function stopScan() {
    if (scanning) { scanning.getTracks().forEach(function (t) { t.stop(); }); scanning = null; }
    document.getElementById("camera").hidden = true;
  }

  function found(code) {
    stopScan();
    document.getElementById("opp-code").value = code;
    document.getElementById("scan-said").textContent = "Read their QR code.";
    askCode(code);
  }

  function detector() {
    if (!("BarcodeDetector" in window)) { return Promise.resolve(null); }
    return window.BarcodeDetector.getSupportedFormats().then(function (formats) {
      return formats.indexOf("qr_code") >= 0 ? new window.BarcodeDetector({ formats: ["qr_code"] }) : null;
    }).catch(function () { return null; });
  }

  function scan() {
    var said = document.getElementById("scan-said");
    if (scanning) { stopScan(); said.textContent = ""; return; }
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      said.textContent = "This browser gives the page no camera here: type their code, or choose their file.";
      return;
    }
    var video = document.getElementById("camera");
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } }).then(function (stream) {
      scanning = stream;
      video.srcObject = stream;
      video.hidden = false;
      said.textContent = "Hold their roster's QR code in front of the camera…";
      return Promise.all([video.play(), detector()]);
    }).then(function (got) {
      var native = got[1];
      var canvas = document.createElement("canvas");
      var context = canvas.getContext("2d", { willReadFrequently: true });
      function look() {
        if (!scanning) { return; }
        if (!video.videoWidth) { window.setTimeout(look, 100); return; }
        if (native) {
          native.detect(video).then(function (codes) {
            if (codes.length) { found(codes[0].rawValue); } else { window.setTimeout(look, 150); }
          }).catch(function () { window.setTimeout(look, 150); });
          return;
        }
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        context.drawImage(video, 0, 0);
        var image = context.getImageData(0, 0, canvas.width, canvas.height);
        var code = window.jsQR && window.jsQR(image.data, image.width, image.height);
        if (code && code.data) { found(code.data); } else { window.setTimeout(look, 150); }
      }
      look();
    }).catch(function (error) {
      stopScan();
      said.textContent = "The camera could not be opened (" + error.name + "): type their code, or choose their file.";
    });
  }

  load();
  draw();
  if (form && state.opponent) {
    document.getElementById("opp-code").value = state.opponent;
    askCode(state.opponent);
  }
}());
