/**
 * Starts the admin app in `#admin-root`. The admin pages load this through a bundled module
 * `<script>` rather than an Astro island, because islands need inline bootstrap scripts and the
 * Content-Security-Policy is `script-src 'self'` (integrations/security-headers.ts). The router
 * reads the screen from the address, so every admin page mounts the same app.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import AdminApp from "./AdminApp";

export function mountAdmin(): void {
  const root = document.getElementById("admin-root");
  if (!root) return;
  // The service worker (/admin-sw.js, scope /admin only): the offline screen and notifications.
  // Public pages never register one.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/admin-sw.js", { scope: "/admin" }).catch(() => {});
  }
  createRoot(root).render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  );
}
