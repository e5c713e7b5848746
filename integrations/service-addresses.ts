/**
 * A hidden service's old address answers 410 Gone in the production build
 * (docs/decisions/056-services-from-published-content.md). The build renders each hidden service's
 * page at /gone/services/<slug> (src/pages/gone/services/[slug].astro); when the build is done this
 * reads those files and writes one forced rule per service into Netlify's Frameworks API
 * configuration (`.netlify/v1/config.json`, beside the header rules): /services/<slug> is rewritten
 * to that page with status 410. The pages are the one source: no second read of the content.
 */
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { frameworksConfigPath } from "./security-headers";

export interface GoneRule {
  from: string;
  to: string;
  status: 410;
  force: true;
}

/** Where the gone pages are built, below the output folder. */
export const gonePagesPath = "gone/services";

/** The rules for the gone pages' file names (`<slug>.html`, or `<slug>/index.html`). */
export function goneRules(files: readonly string[]): GoneRule[] {
  return files
    .map((f) => /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.html|\/index\.html)?$/.exec(f)?.[1])
    .filter((slug): slug is string => Boolean(slug))
    .sort()
    .map((slug) => ({
      from: `/services/${slug}`,
      to: `/${gonePagesPath}/${slug}`,
      status: 410,
      force: true,
    }));
}

export default function serviceAddresses(): AstroIntegration {
  let root: URL;
  return {
    name: "service-addresses",
    hooks: {
      "astro:config:done": ({ config }) => {
        root = config.root;
      },
      "astro:build:done": async ({ dir, logger }) => {
        let files: string[] = [];
        try {
          files = await readdir(new URL(`${gonePagesPath}/`, dir));
        } catch {
          /* no hidden service */
        }
        const rules = goneRules(files);
        const file = fileURLToPath(new URL(frameworksConfigPath, root));
        let existing: Record<string, unknown> = {};
        try {
          existing = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
        } catch {
          /* no file yet */
        }
        await mkdir(fileURLToPath(new URL(".", new URL(frameworksConfigPath, root))), { recursive: true });
        await writeFile(file, `${JSON.stringify({ ...existing, redirects: rules }, null, 2)}\n`);
        logger.info(`${rules.length} hidden service address(es) answer 410 Gone`);
      },
    },
  };
}
