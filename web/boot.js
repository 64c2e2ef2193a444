/* Start-up that must run before Python: refuse to play inside another site's frame,
   and register the service worker (sw.js) at once.
   A file of its own because the page's Content-Security-Policy allows no inline script. */
"use strict";

// Framing is refused by the host's headers where it can send them (_headers, build.py
// serve); on hosts that cannot (GitHub Pages) the page itself refuses: main.py reads
// this flag and shows a link to open the game in its own tab instead of the game.
window.__scytheFramed = window.top !== window.self;

// The service worker is registered at once, so that on a first visit it can install and
// take over the page before Pyodide asks for its wasm (web/interpreter.mjs waits for it,
// at most a few seconds): V8 then keeps its code cache beside the worker's copy of the
// wasm from this first visit on (web/sw.js). interpreter.mjs reads this promise.
window.__scytheWorker = (async () => {
  if ("serviceWorker" in navigator) return navigator.serviceWorker.register("./sw.js");
})().catch((error) => console.warn(error)); /* none allowed here: the page starts without */
