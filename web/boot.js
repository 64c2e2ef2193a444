/* Start-up that must run before Python: refuse to play inside another site's frame,
   and register the service worker (sw.js) once Python has started.
   A file of its own because the page's Content-Security-Policy allows no inline script. */
"use strict";

// Framing is refused by the host's headers where it can send them (_headers, build.py
// serve); on hosts that cannot (GitHub Pages) the page itself refuses: main.py reads
// this flag and shows a link to open the game in its own tab instead of the game.
window.__scytheFramed = window.top !== window.self;

if ("serviceWorker" in navigator) {
  const register = () => navigator.serviceWorker.register("./sw.js").catch(console.warn);
  const started = () => document.body && document.body.dataset.ready === "1";
  const watch = () => {
    if (started()) register();
    else new MutationObserver((_, watcher) => started() && (watcher.disconnect(), register()))
      .observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  };
  if (document.body) watch();
  else document.addEventListener("DOMContentLoaded", watch, { once: true });
}
