/**
 * The "content" test project: renders the real pages with Astro's container API, so it needs
 * Astro's Vite setup (getViteConfig) that the plain unit project does not load.
 */
import { fileURLToPath } from "node:url";
import { getViteConfig } from "astro/config";

const root = fileURLToPath(new URL("../..", import.meta.url));

export default getViteConfig(
  {
    root,
    test: {
      name: "content",
      root,
      include: ["tests/content/**/*.test.ts"],
      environment: "node",
      testTimeout: 60_000,
      // Rendering every page once in beforeAll takes a few seconds idle and much longer on a busy machine.
      hookTimeout: 180_000,
    },
  },
  { root },
);
