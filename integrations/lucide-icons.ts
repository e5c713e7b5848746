/**
 * Which icon files of `lucide-react` the code imports, for the build's chunking (astro.config.mjs).
 */
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** Every name the library exports for an icon (aliases included), to its file's name. */
export function iconFiles(): Map<string, string> {
  const entry = createRequire(import.meta.url).resolve("lucide-react/package.json");
  const barrel = readFileSync(path.join(path.dirname(entry), "dist/esm/lucide-react.mjs"), "utf8");
  const files = new Map<string, string>();
  for (const match of barrel.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    for (const spec of match[1]!.split(",")) {
      const name = /default as (\w+)/.exec(spec.trim())?.[1];
      if (name) files.set(name, match[2]!);
    }
  }
  return files;
}

/** The icon files the `lucide-react` imports in the files under `dirs` name, as absolute paths. */
function iconsImportedUnder(dirs: readonly string[], files: Map<string, string>): Set<string> {
  const lucide = path.dirname(createRequire(import.meta.url).resolve("lucide-react/package.json"));
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(tsx?|astro)$/.test(entry.name)) {
        const code = readFileSync(full, "utf8");
        for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
          for (const spec of m[1]!.split(",")) {
            const file = files.get(spec.trim().split(/\s+as\s+/)[0]!);
            if (file) found.add(path.join(lucide, "dist/esm/icons", `${file}.mjs`));
          }
        }
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return found;
}

/**
 * The icons the public pages' islands use (every `lucide-react` import under src/islands), as
 * absolute file paths. The build puts them in one chunk of their own: an icon the admin also used
 * would otherwise become a tiny shared chunk of its own, and every such file costs a public page a
 * request and its own compression overhead, against the public pages' script budget
 * (scripts/check-build.mjs). Measured on the build: testimonials 90.1 KB with the tiny chunks, 89.9
 * KB with this one; the booking and contact pages, which load a few icons they do not show, 86.3
 * and 84.0 KB.
 */
export function publicIconModules(root: string): Set<string> {
  return iconsImportedUnder([path.join(root, "src/islands")], iconFiles());
}
