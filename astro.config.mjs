// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";

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
  ],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
});
