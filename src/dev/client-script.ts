import { createHash } from "node:crypto";

/**
 * The script the dev server adds to every page it serves (never to an export): it listens to
 * the server's events and loads the page again when a change touches it (the browser keeps the
 * scroll position), and shows the page's problems in an overlay. Problems reach it as JSON in
 * its own `data-problems` attribute and are written with textContent, so no content becomes
 * markup.
 */
export const DEV_EVENTS_PATH = "/_quire-dev/events";

export const DEV_CLIENT_SCRIPT = `(function () {
  var script = document.currentScript;
  var page = script.getAttribute("data-page");
  var problems = [];
  try { problems = JSON.parse(script.getAttribute("data-problems") || "[]"); } catch (error) {}

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function showOverlay() {
    if (problems.length === 0) return;
    var errors = problems.filter(function (problem) { return problem.severity === "error"; }).length;
    var overlay = element("section", "quire-dev-overlay");
    overlay.id = "quire-dev-overlay";
    overlay.setAttribute("role", errors > 0 ? "alert" : "status");
    overlay.style.cssText = "position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:2147483647;max-height:60vh;overflow:auto;background:#1c1917;color:#f5f5f4;border-radius:8px;border-top:4px solid " + (errors > 0 ? "#ef4444" : "#f59e0b") + ";box-shadow:0 8px 30px rgba(0,0,0,.35);font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;padding:.75rem 1rem";
    var header = element("div", "", "");
    header.style.cssText = "display:flex;justify-content:space-between;gap:1rem;margin-bottom:.5rem";
    var warnings = problems.length - errors;
    var summary = [errors > 0 ? errors + " error" + (errors > 1 ? "s" : "") : "", warnings > 0 ? warnings + " warning" + (warnings > 1 ? "s" : "") : ""].filter(Boolean).join(", ");
    header.appendChild(element("strong", "", "quire dev: " + summary));
    var close = element("button", "", "Close");
    close.type = "button";
    close.style.cssText = "background:none;border:1px solid #78716c;color:inherit;border-radius:4px;cursor:pointer;font:inherit";
    close.addEventListener("click", function () { overlay.remove(); });
    header.appendChild(close);
    overlay.appendChild(header);
    problems.forEach(function (problem) {
      var item = element("div", "quire-dev-problem");
      item.style.cssText = "margin:.5rem 0";
      var where = element("div", "quire-dev-where", problem.where);
      where.style.color = problem.severity === "error" ? "#fca5a5" : "#fcd34d";
      item.appendChild(where);
      item.appendChild(element("div", "quire-dev-message", problem.message));
      if (problem.frame) {
        var frame = element("pre", "quire-dev-frame", problem.frame);
        frame.style.cssText = "margin:.25rem 0 0;padding:.5rem;background:#0c0a09;border-radius:4px;overflow:auto;white-space:pre";
        item.appendChild(frame);
      }
      overlay.appendChild(item);
    });
    document.body.appendChild(overlay);
  }

  showOverlay();
  var events = new EventSource("${DEV_EVENTS_PATH}?page=" + encodeURIComponent(page));
  var server = null;
  // A reload keeps the scroll position: the browser restores it.
  function reload() {
    events.close();
    location.reload();
  }
  // The stream reconnects by itself; from a restarted preview, the page may be out of date.
  events.addEventListener("hello", function (event) {
    var id = JSON.parse(event.data).server;
    if (server !== null && server !== id) reload();
    server = id;
  });
  events.addEventListener("reload", function (event) {
    var pages = JSON.parse(event.data).pages;
    if (pages !== "all" && pages.indexOf(page) < 0) return;
    reload();
  });
})();
`;

/** Where pages load the script from: named by its content, so the browser keeps it across reloads. */
export const DEV_CLIENT_PATH = `/_quire-dev/client.${createHash("sha256").update(DEV_CLIENT_SCRIPT).digest("hex").slice(0, 10)}.js`;
