// listgen serve: the little the page needs beyond htmx (no inline script: the page's CSP forbids it).
Idiomorph.defaults.ignoreActiveValue = true; // never overwrite what the user is typing in the focused field

// Every control of the form is one edit: the form pane posts it to /change with the control's data-op (set, add,
// remove, duplicate, move), data-path (its place in the list, as JSON) and value. One listener for all of them
// keeps the page small: a large list has a thousand controls.
document.addEventListener("htmx:configRequest", function (e) {
  if (e.detail.elt.id !== "form-pane") { return; }
  var event = e.detail.triggeringEvent;
  var control = event && event.target && event.target.closest && event.target.closest("[data-op]");
  var isButton = control && control.tagName === "BUTTON";
  if (!control || control.disabled || (event.type === "click") !== isButton) {
    e.preventDefault(); // a click in a field, a change of a button: nothing to send
    return;
  }
  var params = e.detail.parameters;
  control.classList.add("busy"); // dimmed until the answer is in (htmx:afterRequest)
  busyControls.push(control);
  params.op = control.dataset.op;
  params.path = control.dataset.path;
  if (isButton) {
    if (control.dataset.value !== undefined) { params.value = control.dataset.value; }
  } else {
    params.value = control.type === "checkbox" ? (control.checked ? "true" : "") : control.value;
  }
});

// The page's look at its file on disk (every 2 s) never replaces an offer Save or the look itself put in the banner
// (to overwrite the file, to save as a new list): an answer to a look sent before the offer was there would take
// its button away under the user's hand (the server lets an offer on the page be: this is the look in flight).
document.addEventListener("htmx:beforeSwap", function (e) {
  var path = e.detail.requestConfig && e.detail.requestConfig.path;
  if (path && path.indexOf("/disk/") !== -1 && document.querySelector("#banner #overwrite-offered, #banner #save-as")) {
    e.detail.shouldSwap = false;
  }
});

var busyControls = [];
document.addEventListener("htmx:afterRequest", function (e) {
  if (e.detail.elt.id !== "form-pane") { return; }
  busyControls.forEach(function (control) { control.classList.remove("busy"); });
  busyControls = [];
});

function isDirty() {
  var d = document.getElementById("dirty");
  return d && d.value === "true";
}

document.addEventListener("submit", function (e) {
  // the printouts are posted with the list as it is now in the YAML pane
  var form = e.target;
  flushYaml();
  if (form.id === "print" || form.id === "matchup") {
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

document.addEventListener("click", function (e) {
  // a copy button copies the text of the field it names (the share code)
  var button = e.target.closest && e.target.closest("[data-copy]");
  if (!button) { return; }
  var field = document.getElementById(button.dataset.copy);
  if (!field) { return; }
  field.select();
  if (navigator.clipboard) { navigator.clipboard.writeText(field.value); } else { document.execCommand("copy"); }
  button.textContent = "Copied";
});

window.addEventListener("beforeunload", function (e) {
  if (isDirty()) { e.preventDefault(); e.returnValue = ""; }
});

// A new list saved opens at its own address (HX-Redirect): what is on the page is saved, so going there asks
// nothing (Firefox and Safari asked "leave this page?" and the save seemed not to happen).
document.addEventListener("htmx:beforeOnLoad", function (e) {
  var xhr = e.detail.xhr;
  if (xhr && xhr.status < 300 && xhr.getResponseHeader("HX-Redirect")) {
    var d = document.getElementById("dirty");
    if (d) { d.value = "false"; }
  }
});

document.addEventListener("htmx:responseError", function (e) {
  var banner = document.getElementById("banner");
  if (banner) {
    banner.innerHTML = "";
    var p = document.createElement("p");
    p.className = "notice bad";
    // the answer's own words (a message page's paragraph), its character references read ("'", not "&#39;"); a
    // parsed document runs no script and loads nothing
    var answer = new DOMParser().parseFromString(e.detail.xhr.responseText, "text/html");
    var words = (answer.querySelector("main.message p") || answer.body).textContent || "";
    p.textContent = "The server said no (" + e.detail.xhr.status + "): " + words.replace(/\s+/g, " ").trim().slice(0, 300);
    banner.appendChild(p);
  }
});

// Undo and redo of every change made on the page (buttons, Ctrl+Z and Ctrl+Shift+Z or Ctrl+Y outside a text
// field, where the field's own undo works). The YAML before each change is kept as it was, comments and all;
// undoing puts it back in the YAML pane and the page redraws the form from it, as after typing there.
var undoStack = [], redoStack = [], settled = null, restoring = false;

function yamlBox() { return document.getElementById("yaml"); }

function undoButtons() {
  var undo = document.getElementById("undo"), redo = document.getElementById("redo");
  if (undo) { undo.disabled = undoStack.length === 0; }
  if (redo) { redo.disabled = redoStack.length === 0; }
}

document.addEventListener("DOMContentLoaded", function () {
  var yaml = yamlBox();
  if (yaml) { settled = yaml.value; }
  undoButtons();
});

// the page's own address for a change: /change under listgen serve, under the site's path in the browser
function changeAddress() { return document.getElementById("form-pane").getAttribute("hx-post"); }
function isChange(e) { return /\/change$/.test(e.detail.requestConfig.path); }

var posted = null; // the YAML pane's text a change was sent with: the text its answer's edit (yamlSplice) is of

document.addEventListener("htmx:beforeRequest", function (e) {
  if (isChange(e) && yamlBox()) { posted = yamlText(); }
  if (!isChange(e) || restoring || settled === null) { return; }
  undoStack.push(settled); // the text as the last answer left it: before this change (or this typing)
  redoStack = [];
});

document.addEventListener("htmx:afterSettle", function (e) {
  if (!isChange(e)) { return; }
  // a morph keeps a choice the user once made in a select over the option the answer marks selected: follow
  // the answer (an undo, or the YAML typed), except in the control being used now. An answer that redrew no
  // part of the form (a value changed: HX-Reswap none) left every select as the user set it.
  var redrawn = !(e.detail.xhr && e.detail.xhr.getResponseHeader("HX-Reswap") === "none");
  if (redrawn) document.querySelectorAll("#form-pane select").forEach(function (select) {
    var chosen = select.querySelector("option[selected]");
    var value = chosen ? chosen.value : (select.options.length ? select.options[0].value : "");
    if (select !== document.activeElement && select.value !== value) { select.value = value; }
  });
  var text = yamlText();
  if (text === null) { return; }
  if (!restoring && undoStack.length && undoStack[undoStack.length - 1] === text) {
    undoStack.pop(); // nothing changed ("Not changed: ..."): nothing to undo
  }
  settled = text;
  restoring = false;
  undoButtons();
});

// A change's answer edits the YAML pane where the text changed rather than sending it whole, and the pane is
// edited once the page is painted: a text area's value, however set, is rebuilt line by line, which for a long
// list took longer than the rest of the change. Until then yamlText() is the text; any request, print or undo
// takes it first (flushYaml). The edit is of the text the change was sent with; were the pane typed in since,
// it gets the changed text whole.
var pendingYaml = null;

function yamlText() {
  var yaml = yamlBox();
  return pendingYaml !== null ? pendingYaml.text : (yaml ? yaml.value : null);
}

function flushYaml() {
  var yaml = yamlBox(), pending = pendingYaml;
  pendingYaml = null;
  if (!yaml || pending === null || yaml.value === pending.text) { return; }
  if (yaml.value === pending.from) {
    yaml.setRangeText(pending.edit.text, pending.edit.start, pending.edit.end);
  } else {
    yaml.value = pending.text;
  }
}

document.addEventListener("yamlSplice", function (e) {
  var edit = e.detail;
  if (!yamlBox()) { return; }
  if (posted === null || posted.length !== edit.length) {
    // never expected: the page shows what the pane holds, read anew
    htmx.ajax("POST", changeAddress(), { source: "#yaml", target: "#form-pane", swap: "morph:innerHTML", values: { op: "text" } });
    return;
  }
  flushYaml();
  pendingYaml = { from: posted, edit: edit, text: posted.slice(0, edit.start) + edit.text + posted.slice(edit.end) };
  requestAnimationFrame(function () { setTimeout(flushYaml, 0); });
});

// every request that sends the YAML sends the text as it is now (an edit waiting for the paint, made first)
document.addEventListener("htmx:configRequest", function (e) {
  if (pendingYaml === null) { return; }
  flushYaml();
  var params = e.detail.parameters;
  if (params.yaml !== undefined && params.yaml !== null) { params.yaml = yamlBox().value; }
});

function restore(from, to) {
  flushYaml();
  var yaml = yamlBox();
  if (!yaml || from.length === 0 || restoring) { return; }
  to.push(yaml.value);
  yaml.value = from.pop();
  restoring = true;
  undoButtons();
  htmx.ajax("POST", changeAddress(), { source: "#yaml", target: "#form-pane", swap: "morph:innerHTML", values: { op: "text" } });
}

function undo() { restore(undoStack, redoStack); }
function redo() { restore(redoStack, undoStack); }

document.addEventListener("click", function (e) {
  var button = e.target.closest && e.target.closest("#undo, #redo");
  if (!button) { return; }
  if (button.id === "undo") { undo(); } else { redo(); }
});

document.addEventListener("keydown", function (e) {
  if (!(e.ctrlKey || e.metaKey) || !yamlBox()) { return; }
  var tag = e.target.tagName;
  if (tag === "TEXTAREA" || (tag === "INPUT" && e.target.type !== "checkbox")) { return; } // the field's own undo
  var key = e.key.toLowerCase();
  if (key === "z" && !e.shiftKey) { e.preventDefault(); undo(); }
  else if ((key === "z" && e.shiftKey) || key === "y") { e.preventDefault(); redo(); }
});

// The catalogue: find an entry by name; close the panel
document.addEventListener("input", function (e) {
  if (!e.target.classList || !e.target.classList.contains("catalogue-search")) { return; }
  var words = e.target.value.toLowerCase().trim();
  e.target.closest(".catalogue").querySelectorAll("li[data-name]").forEach(function (li) {
    li.hidden = words !== "" && li.dataset.name.indexOf(words) < 0;
  });
});

document.addEventListener("click", function (e) {
  var close = e.target.closest && e.target.closest(".catalogue-close");
  if (close) { close.closest(".catalogue-panel").innerHTML = ""; }
});

// A unit's options (its row opened in place) stay open across the page's redraws: the morph leaves a details'
// 'open' as the user set it
Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, node) {
  return !(name === "open" && node.tagName === "DETAILS" && node.classList.contains("options"));
};
