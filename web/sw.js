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
   Storage entry, so from the second visit the worker serves it is deserialised, not
   compiled (DevTools tracing, wasm.Deserialize: visit 1 network, visit 2 compiles the
   cached copy, visits 3+ hit). Tried and measured worse: leaving the wasm to the
   network while the server answers (a hit on visit 2 from the HTTP cache, then misses
   on visits 3 and 4, with and without revalidation), and a network-first answer from
   the worker (never a hit). */
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
