// Pizarra's service worker: Web Push only (no caching, no fetch handler, so pages always come from the server).
// The server sends {title, body, tag, url} (server/channels/push.ts); the tag is the message's ledger key, so a
// message sent twice replaces its first copy instead of showing twice.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only links into this site are opened: a payload is trusted for its text, not to send people elsewhere. */
function sameOrigin(url) {
  try {
    const target = new URL(url || "/app/home", self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL("/app/home", self.location.origin).href;
  } catch {
    return new URL("/app/home", self.location.origin).href;
  }
}

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Pizarra";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      icon: "/icon.svg",
      data: { url: sameOrigin(message.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOrigin(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // A tab already showing the link is brought forward; any other tab is left alone (it may hold unsaved work).
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
