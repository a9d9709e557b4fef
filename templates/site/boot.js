// listgen site: start the service worker that runs listgen's Python, wait until Python is ready, open the page.
(function () {
  "use strict";
  var status = document.getElementById("boot-status");
  function say(text) { status.textContent = text; }

  function controlled() {
    if (navigator.serviceWorker.controller) { return Promise.resolve(); }
    return new Promise(function (ready) {
      navigator.serviceWorker.addEventListener("controllerchange", ready, { once: true });
    });
  }

  if (!("serviceWorker" in navigator)) {
    say("This browser cannot run listgen here: it needs service workers (a current Chromium, Edge, Firefox or " +
        "Safari), and the site must be opened over https or on localhost.");
    return;
  }
  var started = performance.now();
  navigator.serviceWorker.register("sw.js", { type: "module", scope: "./" })
    .then(controlled)
    .then(function () {
      say("Starting Python (a few seconds)\u2026");
      return fetch("__ready__", { cache: "no-store" });
    })
    .then(function (answer) {
      return answer.text().then(function (text) {
        if (!answer.ok) { throw new Error(text); }
        sessionStorage.setItem("listgen-ready-ms", String(Math.round(performance.now() - started)));
        location.replace("app/");
      });
    })
    .catch(function (error) { say("listgen could not start in this browser: " + error.message); });
}());
