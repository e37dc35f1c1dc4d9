// A service worker that fetches what the page asks it to, and answers how it went.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("message", (event) => {
  fetch(event.data).then(
    () => event.source.postMessage("fetched"),
    () => event.source.postMessage("failed"),
  );
});
