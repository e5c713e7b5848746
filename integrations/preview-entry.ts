/**
 * The on-demand renderer's entry (integrations/preview-server.ts): Astro's own app, which routes a
 * request to the on-demand pages (src/pages/preview/) and runs the middleware (src/middleware.ts).
 */
import { createApp } from "astro/app/entrypoint";

const app = createApp();

export function render(request: Request): Promise<Response> {
  return app.render(request);
}
