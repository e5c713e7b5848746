// @ts-check
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import { formatFindings, placeholderFindings } from "./scripts/lib/launch-check.ts";
import { facts } from "./scripts/lib/launch-facts.ts";
import securityHeaders from "./integrations/security-headers";
import serviceAddresses from "./integrations/service-addresses";
import localFunctions from "./integrations/local-functions";
import { lucidePerIcon, publicIconModules } from "./integrations/lucide-icons";
import previewServer from "./integrations/preview-server";

// The canonical origin of the live site. Set SITE_URL on Netlify if the domain changes.
const site = process.env.SITE_URL ?? "https://www.kingdomhandyman.example";

/**
 * The islands' share of the spam guard's minimum fill time (src/lib/form-fields/spam-guard.ts): 3 s, or
 * FORM_MIN_FILL_MS where a local test stack lowers it (the server enforces its own copy,
 * src/platform/env.ts). A build on Netlify (NETLIFY=true) refuses a lower value.
 */
function islandMinFillMs() {
  const raw = process.env.FORM_MIN_FILL_MS?.trim();
  if (!raw) return 3000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 60_000)
    throw new Error(`FORM_MIN_FILL_MS must be a whole number of milliseconds from 0 to 60000, not "${raw}".`);
  if (value < 3000 && process.env.NETLIFY === "true")
    throw new Error("FORM_MIN_FILL_MS below 3000 is for local test stacks only; unset it on Netlify.");
  return value;
}

/**
 * A build that still carries sample content or placeholder facts says so, loudly, at the end
 * (`npm run doctor` lists the same lines and checks the production settings too).
 * @type {import("astro").AstroIntegration}
 */
const launchCheck = {
  name: "launch-check",
  hooks: {
    "astro:build:done": ({ logger }) => {
      const findings = placeholderFindings(facts);
      if (findings.length === 0) return;
      const rule = "!".repeat(78);
      logger.warn(
        [
          rule,
          `THIS BUILD IS NOT READY FOR A REAL BUSINESS: ${findings.length} sample or placeholder fact(s) remain.`,
          "It shows an invented team, drawn stand-in images and details nobody has confirmed:",
          ...formatFindings(findings).map((line) => `  ${line}`),
          "Run `npm run doctor` for the full list, including production settings.",
          rule,
        ].join("\n"),
      );
    },
  },
};

const root = fileURLToPath(new URL(".", import.meta.url));
const publicIcons = publicIconModules(root);

export default defineConfig({
  site,
  output: "static",
  trailingSlash: "never",
  build: { format: "file" },
  integrations: [
    react(),
    launchCheck,
    sitemap({
      // Not the admin, the not-found page, nor a hidden service's "no longer offered" page.
      filter: (page) => !/^\/(admin|404|gone\/)/.test(new URL(page).pathname),
    }),
    // The CDN's response headers (CSP included) go into the build output, never onto `astro dev`.
    securityHeaders(),
    // A hidden service's address answers 410 Gone (a forced rule in the same configuration file).
    serviceAddresses(),
    // `npm run dev`: the functions on the dev server, in its process (SITE_LOCAL_FUNCTIONS=1).
    localFunctions(),
  ],
  // The draft preview (/preview/*) is rendered on demand; every other page stays static.
  adapter: previewServer(),
  image: {
    // The illustrations are our own SVG files (src/assets), not user uploads, so rasterising them is
    // safe. It gives every image the same responsive AVIF/WebP path a real photo will take when the
    // owner swaps one in (docs/decisions/002-front-end.md).
    dangerouslyProcessSVG: true,
  },
  vite: {
    plugins: [tailwindcss(), lucidePerIcon(root)],
    // `npm run dev` gives each stack its own folder (scripts/dev.ts); Vite's own default otherwise.
    ...(process.env.SITE_VITE_CACHE_DIR ? { cacheDir: process.env.SITE_VITE_CACHE_DIR } : {}),
    // Dev server only: what the stacks and the tests write inside the checkout is not source. A
    // local rebuild on publish writes a whole site under .data/ (thousands of files), and a dev
    // server watching it spent its CPU on every one.
    server: {
      watch: {
        ignored: [
          "**/.data/**",
          "**/.netlify/**",
          "**/dist/**",
          "**/test-results/**",
          "**/test-reports/**",
          "**/bench-results/**",
        ],
      },
    },
    // Dev server only: the browser code's packages are bundled for the browser when the server
    // starts. Left to be found as pages ask for them, one found late re-bundles the others, and
    // every island already loading gets "504 Outdated Optimize Dep" and never starts.
    optimizeDeps: {
      include: [
        "react",
        "react/jsx-runtime",
        "react/jsx-dev-runtime",
        "react-dom",
        "react-dom/client",
        "@tanstack/react-query",
        "@tanstack/react-router",
        "@radix-ui/react-dialog",
        "react-hook-form",
        "@hookform/resolvers/zod",
        "sonner",
        "zod",
        "zod/mini",
        "embla-carousel-react",
        "@date-fns/tz",
      ],
    },
    define: { __FORM_MIN_FILL_MS__: JSON.stringify(islandMinFillMs()) },
    // Never inline scripts into the HTML: the Content-Security-Policy is `script-src 'self'`.
    build: {
      assetsInlineLimit: 0,
      // The public islands' icons in one chunk (integrations/lucide-icons.ts), not one tiny
      // shared chunk per icon the admin also uses.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: "icons", test: (id) => publicIcons.has(id.split("?")[0] ?? id) }],
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
});
