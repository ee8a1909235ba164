// Gnosis service worker: precaches the whole app at install, then answers every GET of
// this origin from the cache first, so the app starts and works with the network off.
// Navigations (the app is one page; screens live in the URL fragment) are answered with
// the cached page even under a sub-path or with a query string. What the app loads only when
// needed (the QR decoder, when a scan starts; the image worker, when an image is shared; the
// roster's reader, when a roster is imported: lateResources) is kept once fetched.
const cacheName = "app-" + "{{.Version}}";
const root = "{{.Root}}";
const resourcesToCache = {{.ResourcesToCache}}.map((u) => (u + "/" === root ? root : u));
const lateResources = ["web/qrscan.wasm", "web/qrscan-worker.js", "web/image-worker.js", "web/roster.wasm", "web/roster-worker.js"].map((u) => root + u);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll(resourcesToCache))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== cacheName).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(respond(request));
});

async function respond(request) {
  const cache = await caches.open(cacheName);
  const navigation = request.mode === "navigate";
  let response = await cache.match(request, { ignoreSearch: navigation });
  if (!response && navigation) {
    response = await cache.match(root);
  }
  if (response) {
    return response;
  }
  response = await fetch(request);
  if (response.ok && lateResources.includes(new URL(request.url).pathname)) {
    await cache.put(request, response.clone());
  }
  return response;
}
