/**
 * Starts the admin app in `#admin-root`. The admin pages load this through a bundled module
 * `<script>` rather than an Astro island, because islands need inline bootstrap scripts and the
 * Content-Security-Policy is `script-src 'self'` (integrations/security-headers.ts).
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import AdminApp, { type AdminScreen } from "./AdminApp";

const screens: readonly AdminScreen[] = [
  "dashboard",
  "testimonials",
  "submissions",
  "availability",
  "people",
];

export function mountAdmin(): void {
  const root = document.getElementById("admin-root");
  if (!root) return;
  const requested = root.dataset["screen"] as AdminScreen | undefined;
  const screen = requested && screens.includes(requested) ? requested : "dashboard";
  createRoot(root).render(
    <StrictMode>
      <AdminApp screen={screen} />
    </StrictMode>,
  );
}
