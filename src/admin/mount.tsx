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
  createRoot(root).render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  );
}
