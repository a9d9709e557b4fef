// listgen site: the page runs on Python inside this site's service worker, which the browser stops after half a
// minute without a request (and a restart takes seconds). While the page is open it says so now and then.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) { return; }
  setInterval(function () {
    if (navigator.serviceWorker.controller && document.visibilityState === "visible") {
      navigator.serviceWorker.controller.postMessage("listgen-keepalive");
    }
  }, 20000);
}());

// Lists live in this site's storage only: ask the browser to keep it (it may evict storage that is not
// persistent), and say on the folder's page what it answered.
(function () {
  "use strict";
  var said = document.getElementById("persist");
  if (!said) { return; }
  if (!navigator.storage || !navigator.storage.persist) {
    said.textContent = "This browser cannot be asked to keep this site's storage: back your lists up.";
    return;
  }
  navigator.storage.persisted().then(function (already) {
    return already || navigator.storage.persist();
  }).then(function (kept) {
    said.textContent = kept ? "This browser has agreed to keep this site's storage." :
      "This browser has not agreed to keep this site's storage (it may clear it): back your lists up.";
  }).catch(function () { said.textContent = "Back your lists up: this browser may clear this site's storage."; });
}());

// The browser offers to install the site as an app (Chromium, Edge: beforeinstallprompt, once the manifest and
// service worker pass its check): the folder's page shows its own button for it, at hand beside the backup, rather
// than leaving it to an icon in the address bar. Safari offers none: the page's iPhone hint says how.
(function () {
  "use strict";
  var box = document.getElementById("install");
  var button = document.getElementById("install-app");
  if (!box || !button) { return; }
  var offered = null;
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    offered = event;
    box.hidden = false;
  });
  button.addEventListener("click", function () {
    if (!offered) { return; }
    var asked = offered;
    offered = null; // a prompt may be shown once
    box.hidden = true;
    asked.prompt();
  });
  window.addEventListener("appinstalled", function () { box.hidden = true; });
}());
