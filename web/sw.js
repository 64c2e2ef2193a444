/* Scythe's service worker: after one visit, the whole site plays offline.

   This file is a template. build.py writes dist/sw.js from it, filling in
   VERSION (a hash of every file of the build) and PRECACHE (every file of dist/
   but this one, each with its SHA-256). So:
   - each build has its own cache, named after its VERSION and this worker's scope;
   - install downloads every file, revalidating with the server and checking each
     file's hash, so an older or newer copy from the HTTP cache or a half-finished
     deploy can never enter this build's cache (install fails, the old worker stays);
   - fetch answers from this build's cache only (cache first), else the network;
   - activate deletes the caches of older builds of this site, then takes over the
     open pages (skipWaiting + clients.claim); an open page then offers a reload
     (web/ui_events.py watch_for_updates).
   Every URL is relative to this file, so the site works from any sub-path.

   Pyodide's wasm is answered from this cache too, unmodified (caches.match), which
   keeps V8's code cache for it: Chromium stores the compiled code beside the Cache
   Storage entry (side data), but only for a response the worker answered from Cache
   Storage (Blink's ServiceWorkerCachedMetadataSender; a response the worker fetched
   gets none). So a first visit waits for this worker before Pyodide asks for its wasm:
   web/boot.js registers it at once, web/interpreter.mjs waits until it has installed
   and taken over the page (clients.claim), at most 8 s, then starts from the network
   as before. Measured (Chromium 156, DevTools tracing: v8.wasm.moduleCacheHit and
   wasm.Deserialize, v8.wasm.cachedModule; bench/boot.py, visits 1-4):
   - visit 1 compiles the worker's copy and V8 writes its code there; visits 2+ hit.
     Before (worker registered once Python had started): visit 1's code cache went to
     the HTTP cache entry, visit 2 compiled the worker's copy, visits 3+ hit;
   - the first visit's wait: 0.4-1.5 s here, about 6 s at 2.5 MB/s (mostly downloads
     the boot needs anyway). Seconds to "board drawn", medians of paired runs in new
     profiles, before -> after: localhost, machine loaded (8 pairs): visit 1 4.1 ->
     4.6, visit 2 3.9 -> 2.2; lightly loaded (5 pairs): 3.7 -> 3.7, 2.2 -> 1.6; CPU 4x
     slower (3 pairs; the worker's thread is not slowed): 10.3 -> 9.7, 9.6 -> 7.3;
     2.5 MB/s and 40 ms RTT (3 pairs): 8.0 -> 8.5, 2.3 -> 1.7. Visit 1 pays when the
     CPU is short (the install shares it) or the network slow (the wasm is compiled
     after its download, not while streaming); cold "board" as a share of the bare
     Pyodide page went 0.57x -> 0.63x (6 triples, loaded machine; target 0.8x).
   Tried and dropped: leaving the wasm to the network and its HTTP cache (a hit on
   visit 2, then misses on visits 3 and 4, with and without revalidation); a
   network-first answer from the worker (never a hit); compiling the wasm a
   second time on visit 1 from the worker's copy once the game was up (V8 reuses the
   module it has in memory and writes nothing for the new copy); holding back only the
   wasm request instead of all of Pyodide's start (the install and Pyodide's start
   then share the CPU: no faster); copying unchanged files from the older build's
   cache on an update (cache.put does not carry the code cache: the first visit after
   an update compiles the wasm once, as before); on later visits, <link rel=preload>
   from boot.js for what Pyodide's start fetches one after another (a preloaded wasm
   misses the code cache; preloading the 1.2 MB pyodide.asm.mjs, the lock file and the
   standard library as well made the warm start slower, 1.12 vs 1.01 s to the first
   render over 12 pairs: they take the CPU from PyScript's own start). What stayed:
   index.html preloads only our small interpreter module and pyodide.mjs. */
"use strict";

const VERSION = "dev";
const PRECACHE = [["./", ""]];

const PREFIX = `scythe:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        await cache.addAll(
          PRECACHE.map(([url, integrity]) => new Request(url, { cache: "no-cache", integrity })),
        );
      } catch (error) {
        await caches.delete(CACHE); /* no half-filled cache left behind */
        throw error;
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    (async () => {
      const ignoreSearch = request.mode === "navigate";
      const cached = await caches.match(request, { cacheName: CACHE, ignoreSearch });
      return cached || fetch(request);
    })(),
  );
});
