/**
 * The draft preview's server (docs/decisions/057-draft-preview-and-local-rebuilds.md): a minimal
 * Astro adapter, so that `/preview/*` (src/pages/preview/) is rendered on demand while every other
 * page stays pre-rendered. The static site still goes to `outDir` (dist/, what Netlify publishes);
 * the on-demand renderer goes beside it, never inside it (`dist-server/` for `dist/`), so no server
 * code is ever served as a file. `netlify/functions/site-preview.mts` loads that renderer.
 */
import type { AstroIntegration } from "astro";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The renderer's folder for a static output folder: `dist` → `dist-server`. */
export function previewServerDir(outDir: string): string {
  const resolved = path.resolve(outDir);
  return `${resolved}-server`;
}

export default function previewServer(): AstroIntegration {
  return {
    name: "site-preview-server",
    hooks: {
      "astro:config:setup": ({ config, updateConfig }) => {
        const outDir = fileURLToPath(config.outDir);
        updateConfig({
          build: {
            client: pathToFileURL(`${path.resolve(outDir)}/`),
            server: pathToFileURL(`${previewServerDir(outDir)}/`),
          },
        });
      },
      "astro:config:done": ({ setAdapter }) => {
        setAdapter({
          name: "site-preview-server",
          entrypointResolution: "auto",
          serverEntrypoint: new URL("./preview-entry.ts", import.meta.url),
          supportedAstroFeatures: {
            staticOutput: "stable",
            serverOutput: "stable",
            hybridOutput: "stable",
            sharpImageService: "stable",
          },
        });
      },
    },
  };
}
