// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import securityHeaders from "./integrations/security-headers";

// The canonical origin of the live site. Set SITE_URL on Netlify if the domain changes.
const site = process.env.SITE_URL ?? "https://www.kingdomhandyman.example";

export default defineConfig({
  site,
  output: "static",
  trailingSlash: "never",
  build: { format: "file" },
  integrations: [
    react(),
    sitemap({
      filter: (page) =>
        !new URL(page).pathname.startsWith("/admin") && !new URL(page).pathname.startsWith("/404"),
    }),
    // The CDN's response headers (CSP included) go into the build output, never onto `astro dev`.
    securityHeaders(),
  ],
  image: {
    // The illustrations are our own SVG files (src/assets), not user uploads, so rasterising them is
    // safe. It gives every image the same responsive AVIF/WebP path a real photo will take when the
    // owner swaps one in (docs/decisions/002-front-end.md).
    dangerouslyProcessSVG: true,
  },
  vite: {
    plugins: [tailwindcss()],
    // Never inline scripts into the HTML: the Content-Security-Policy is `script-src 'self'`.
    build: { assetsInlineLimit: 0 },
  },
  devToolbar: { enabled: false },
});
