/**
 * Dev server only: `import { CalendarDays, Clock } from "lucide-react"` is served as one import per
 * icon file (`lucide-react/icons/calendar-days`), so the browser loads and runs the few icons a
 * screen uses instead of the library's whole development bundle (over 2,000 icons, the largest
 * file the admin's first screen loaded under `npm run dev`). The production build tree-shakes the
 * same imports, so it is unchanged (docs/decisions/041-dev-server-functions.md).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/** Every name the library exports for an icon (aliases included), to its file's name. */
function iconFiles(): Map<string, string> {
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

export function lucidePerIcon(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: "lucide-per-icon",
    apply: "serve",
    transform(code, id) {
      if (!code.includes("lucide-react") || id.includes("node_modules")) return null;
      files ??= iconFiles();
      const known = files;
      let changed = false;
      const out = code.replace(
        /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g,
        (whole, list: string) => {
          const specs = list
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
            .map((s) => /^(\w+)(?:\s+as\s+(\w+))?$/.exec(s));
          if (specs.some((m) => !m || !known.has(m[1]!))) return whole;
          changed = true;
          return specs
            .map((m) => `import ${m![2] ?? m![1]} from "lucide-react/icons/${known.get(m![1]!)}";`)
            .join("\n");
        },
      );
      return changed ? { code: out, map: null } : null;
    },
  };
}
