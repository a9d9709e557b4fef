// listgen site: start the service worker that runs listgen's Python, wait until Python is ready, open the page.
(function () {
  "use strict";
  var status = document.getElementById("boot-status"), late = document.getElementById("boot-late");
  // the page's hint for a script that never ran (or never spoke) goes once this one says anything
  function say(text) { status.textContent = text; if (late) { late.remove(); late = null; } }

  function controlled(registration) {
    if (navigator.serviceWorker.controller) { return Promise.resolve(); }
    return new Promise(function (ready) {
      navigator.serviceWorker.addEventListener("controllerchange", ready, { once: true });
      // the service worker is active but this page is not its (a reload that bypassed it, or a page the browser
      // answered itself while the worker was ending): asked to claim it, as it claims every page once installed
      if (registration.active && !registration.installing && !registration.waiting) {
        registration.active.postMessage({ listgen: "claim" });
      }
    });
  }

  var NEEDS = "listgen runs here in Chromium or Edge 91 or newer, Firefox 147 or newer, or Safari 15 or newer " +
    "(module service workers), with the site opened over https or on localhost.";
  if (!("serviceWorker" in navigator)) {
    say("This browser cannot run listgen: " + NEEDS);
    return;
  }
  var damaged = false;
  navigator.serviceWorker.addEventListener("message", function (event) {
    var said = event.data || {};
    if (said.listgen === "progress" && !damaged) { // the other files' downloads may end after the damaged one
      say("Downloading listgen: file " + said.done + " of " + said.total + "\u2026");
    } else if (said.listgen === "damaged") {
      damaged = true;
      say("The site's files are damaged (" + said.error + "): nothing was kept. Tell the site's organiser; " +
          "reload once the site is mended.");
    }
  });
  var started = performance.now();
  // when the member opened the site, and how Python started (the service worker's Server-Timing): what
  // benchmarks/site.py reads on the folder's page to time a visit to its first verdict
  sessionStorage.setItem("listgen-opened", String(performance.timeOrigin));
  navigator.serviceWorker.register("sw.js", { type: "module", scope: "./" })
    .catch(function (error) { throw new Error(NEEDS + " (" + error.message + ")"); })
    .then(function (registration) {
      var installing = registration.installing;
      if (installing) {
        installing.addEventListener("statechange", function () {
          if (installing.state === "redundant" && !damaged) {
            say("listgen could not be installed in this browser (its files could not all be fetched): reload to try again.");
          }
        });
      }
      return controlled(registration);
    })
    .then(function () {
      say("Starting Python (a few seconds; about 10 MB the first time)\u2026");
      return fetch("__ready__", { cache: "no-store" });
    })
    .then(function (answer) {
      return answer.text().then(function (text) {
        if (!answer.ok) { throw new Error(text); }
        sessionStorage.setItem("listgen-ready-ms", String(Math.round(performance.now() - started)));
        sessionStorage.setItem("listgen-start", answer.headers.get("Server-Timing") || "");
        location.replace("app/");
      });
    })
    .catch(function (error) { if (!damaged) { say("listgen could not start in this browser: " + error.message); } });
}());
