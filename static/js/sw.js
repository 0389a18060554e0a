/* Rookclub's service worker: the score pages keep working when the hall's wifi drops.

   Served at /sw.js (rookclub/views.py: service_worker) so that it may control the
   /games/ and /t/ pages; that view puts two constants in front of this file:
     STATIC_URL    the static files' URL prefix, e.g. "/static/"
     STATIC_FILES  the URLs of the files a score page needs (css, htmx, the outbox)

   - score pages (GET navigations under /games/ and /t/): network first; offline,
     the copy kept the last time the page loaded (so the last known sheet);
   - static files: from the cache, refreshed in the background;
   - anything else, and every POST, is left alone: hands recorded offline are
     kept by the page's outbox (static/js/outbox.js), never here.

   Bump VERSION when this file's caching changes: the old cache is then dropped. */
/* global STATIC_URL, STATIC_FILES */

const VERSION = "v1";
const CACHE = "rookclub-" + VERSION;
const PAGES = /^\/(games|t)\//;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(STATIC_FILES)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("rookclub-") && name !== CACHE)
          .map((name) => caches.delete(name))
      ))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && PAGES.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  } else if (url.pathname.startsWith(STATIC_URL)) {
    event.respondWith(fromCache(event, request));
  }
});

/* The page asks to keep a fresh copy of itself (on load, after a hand is recorded),
   so a reload offline shows the sheet as last seen. Answers {kept: true|false}. */
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep-page") return;
  const reply = event.ports[0];
  event.waitUntil(keepPage(data.url).then((kept) => reply && reply.postMessage({ kept })));
});

function pageKey(href) {
  const url = new URL(href, self.location.origin);
  url.hash = "";
  return url.href;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) await cache.put(pageKey(request.url), response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(pageKey(request.url), { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

async function keepPage(href) {
  const url = new URL(href, self.location.origin);
  if (url.origin !== self.location.origin || !PAGES.test(url.pathname)) return false;
  try {
    const response = await fetch(pageKey(url.href), { credentials: "same-origin" });
    if (!response.ok || response.redirected) return false;
    await (await caches.open(CACHE)).put(pageKey(url.href), response);
    return true;
  } catch (error) {
    return false;
  }
}

async function fromCache(event, request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  const fresh = fetch(request).then((response) => {
    if (response.ok) return cache.put(request, response.clone()).then(() => response);
    return response;
  });
  if (!kept) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return kept;
}
