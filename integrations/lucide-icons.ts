/**
 * Which icon files of `lucide-react` the code imports: for the build's chunking, and for the dev
 * server, which serves each icon on its own (astro.config.mjs).
 */
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

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

/** `import { A, B as C } from "lucide-react"`, across lines. */
const barrelImport = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/** The icon files (their names) the `lucide-react` imports in the files under `dirs` name. */
function iconsImportedUnder(dirs: readonly string[], files: Map<string, string>): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(tsx?|astro)$/.test(entry.name)) {
        const code = readFileSync(full, "utf8");
        for (const m of code.matchAll(barrelImport)) {
          for (const spec of m[1]!.split(",")) {
            const file = files.get(spec.trim().split(/\s+as\s+/)[0]!);
            if (file) found.add(file);
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
  const lucide = path.dirname(createRequire(import.meta.url).resolve("lucide-react/package.json"));
  const names = iconsImportedUnder([path.join(root, "src/islands")], iconFiles());
  return new Set([...names].map((file) => path.join(lucide, "dist/esm/icons", `${file}.mjs`)));
}

/**
 * Dev server only: `import { CalendarDays, Clock } from "lucide-react"` is served as one import per
 * icon (`lucide-react/icons/calendar-days`), so the browser loads and runs the few icons a screen
 * uses instead of the library's whole development bundle (over 2,000 icons, 1.7 MB: about 200 ms
 * of every admin page's first screen under `npm run dev`). Every icon the code imports is declared
 * to Vite's dependency optimizer when the server starts, so the icons are bundled with the same
 * React as everything else; an icon only found when a page asks for it would be bundled late,
 * with a second React ("Invalid hook call"). An import naming something that is not an icon is
 * left as it was. The production build tree-shakes the same imports, so it is unchanged.
 */
export function lucidePerIcon(root: string): Plugin {
  const files = iconFiles();
  return {
    name: "lucide-per-icon",
    apply: "serve",
    config: () => ({
      optimizeDeps: {
        include: [...iconsImportedUnder([path.join(root, "src")], files)].map(
          (f) => `lucide-react/icons/${f}`,
        ),
      },
    }),
    transform(code, id) {
      if (!code.includes("lucide-react") || id.includes("node_modules")) return null;
      let changed = false;
      const out = code.replace(barrelImport, (whole, list: string) => {
        const specs = list
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => /^(\w+)(?:\s+as\s+(\w+))?$/.exec(s));
        if (specs.some((m) => !m || !files.has(m[1]!))) return whole;
        changed = true;
        return specs
          .map((m) => `import ${m![2] ?? m![1]} from "lucide-react/icons/${files.get(m![1]!)}";`)
          .join("\n");
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
