/* The site's service worker, registered at the first Run of an example: it keeps what the
   examples' runner loaded (Pyodide, the engine's wheel; they change only with the build named
   below) and every page read since, so that pages read and examples run work offline.
   The runner's files come from the cache first; anything else from the network first, the
   cache when offline. Only the site's own GET requests are touched. */
"use strict";
const BUILD = "__KB_RUNNER_VERSION__";
const RUNTIME = "kb-runner-" + BUILD;
const PAGES = "kb-pages";
const SCOPE = new URL("./", self.location.href);
const RUNNER = new URL("runner/", SCOPE).href;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("kb-runner-") && name !== RUNTIME) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function isRuntime(url) {
  return url.startsWith(RUNNER) && !url.endsWith("/runner.json") && !url.endsWith("/examples.json");
}

// A response is kept while it streams to the page (the runner counts its bytes as they come).
async function cacheFirst(event) {
  const cache = await caches.open(RUNTIME);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

async function networkFirst(event) {
  const request = event.request;
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) event.waitUntil(cache.put(request, response.clone()));
    return response;
  } catch (err) {
    const kept = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (kept) return kept;
    throw err;
  }
}

// The page that registered this worker, and what it loaded before: kept too, so that it opens offline.
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.keep) || [];
  event.waitUntil((async () => {
    const cache = await caches.open(PAGES);
    for (const url of urls) {
      if (!url.startsWith(SCOPE.href) || isRuntime(url)) continue;
      const request = new Request(url);
      if (await cache.match(request)) continue;
      try {
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response);
      } catch (err) { /* offline already: nothing more to keep */ }
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  event.respondWith(isRuntime(request.url) ? cacheFirst(event) : networkFirst(event));
});
