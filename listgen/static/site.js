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
