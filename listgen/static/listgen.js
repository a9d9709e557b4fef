// listgen serve: the little the page needs beyond htmx (no inline script: the page's CSP forbids it).
Idiomorph.defaults.ignoreActiveValue = true; // never overwrite what the user is typing in the focused field

function isDirty() {
  var d = document.getElementById("dirty");
  return d && d.value === "true";
}

document.addEventListener("submit", function (e) {
  // the printouts are posted with the list as it is now in the YAML pane
  var form = e.target;
  if (form.id === "print") {
    form.querySelector("input[name=yaml]").value = document.getElementById("yaml").value;
  }
});

document.addEventListener("keydown", function (e) {
  if ((e.ctrlKey || e.metaKey) && e.key === "s") {
    var save = document.getElementById("save");
    if (save) { e.preventDefault(); save.click(); }
  }
});

document.addEventListener("keydown", function (e) {
  // Enter in a one-line field applies it (change fires), rather than submitting anything
  if (e.key === "Enter" && e.target.tagName === "INPUT" && e.target.closest("#workspace")) {
    e.preventDefault();
    e.target.dispatchEvent(new Event("change", { bubbles: true }));
  }
});

window.addEventListener("beforeunload", function (e) {
  if (isDirty()) { e.preventDefault(); e.returnValue = ""; }
});

document.addEventListener("htmx:responseError", function (e) {
  var banner = document.getElementById("banner");
  if (banner) {
    banner.innerHTML = "";
    var p = document.createElement("p");
    p.className = "notice bad";
    p.textContent = "The server said no (" + e.detail.xhr.status + "): " + e.detail.xhr.responseText.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim().slice(0, 300);
    banner.appendChild(p);
  }
});
