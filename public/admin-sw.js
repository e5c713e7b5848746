/*
 * The admin's service worker (docs/decisions/034-push-notifications.md). Registered by the admin
 * app with scope /admin, so it controls the admin's pages and no public page.
 *
 * - Cache: the offline screen's icon only. Pages and API answers always come from the network and
 *   are never stored (they hold customers' personal data); a page that cannot load shows a clear
 *   offline screen instead of the browser's error.
 * - Push: shows the notification the payload describes (title, body, the admin address to open, a
 *   tag per request, so a newer one replaces the older).
 * - A tap on a notification opens that address in an admin window already open, or a new one.
 *   Only same-origin /admin addresses are opened; anything else opens the dashboard.
 */
const cacheName = "kh-admin-v1";
const iconUrl = "/icon-192.png";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.add(iconUrl))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== cacheName).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

const offlinePage = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline | Kingdom Handyman Admin</title>
<style>
body{margin:0;min-height:100dvh;display:grid;place-items:center;background:#f8fafc;color:#1e293b;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:28rem;margin:1.5rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:12px;text-align:center}
img{width:64px;height:64px;border-radius:12px}
h1{color:#132340;font-size:1.5rem;margin:1rem 0 .5rem}
a{display:inline-flex;align-items:center;min-height:44px;margin-top:1rem;padding:0 1.25rem;border-radius:8px;background:#132340;color:#fff;font-weight:600;text-decoration:none}
</style></head>
<body><main>
<img src="${iconUrl}" alt="">
<h1>You are offline</h1>
<p>The admin needs an internet connection to show your requests. Nothing you saved is lost.</p>
<p>This page opens again by itself when the connection is back.</p>
<a href="">Try again</a>
</main>
<script>addEventListener("online", () => location.reload());</script>
</body></html>`;

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin === self.location.origin && url.pathname === iconUrl) {
    event.respondWith(caches.match(iconUrl).then((hit) => hit || fetch(request)));
    return;
  }
  // Everything else as the browser would fetch it; only a page that cannot load gets the screen.
  if (request.mode !== "navigate") return;
  event.respondWith(
    fetch(request).catch(
      () =>
        new Response(offlinePage, {
          status: 503,
          headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
        }),
    ),
  );
});

/** The admin address a notification opens: a same-origin /admin path, else the dashboard. */
function adminTarget(raw) {
  try {
    const url = new URL(String(raw || ""), self.location.origin);
    if (url.origin === self.location.origin && /^\/admin(\/|$)/.test(url.pathname)) {
      return url.pathname + url.search;
    }
  } catch {
    /* not a URL */
  }
  return "/admin";
}
self.adminTarget = adminTarget;

/** The payload as JSON, or its text as the body. */
function payloadOf(message) {
  if (!message) return {};
  try {
    return message.json();
  } catch {
    return { body: message.text() };
  }
}

self.addEventListener("push", (event) => {
  const data = payloadOf(event.data);
  const title = typeof data.title === "string" && data.title ? data.title : "Kingdom Handyman";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" ? data.tag : undefined,
      icon: iconUrl,
      badge: iconUrl,
      data: { url: adminTarget(data.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = adminTarget(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const admin = windows.find((w) => /^\/admin(\/|$)/.test(new URL(w.url).pathname));
      if (admin) {
        const moved = await admin.navigate(target).catch(() => null);
        await (moved || admin).focus().catch(() => {});
        if (moved) return moved;
      }
      return self.clients.openWindow(target);
    }),
  );
});
