import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { bundlePageScript, generatedModule, pageScripts } from "../../scripts/lib/page-scripts";

describe("the inline page scripts", () => {
  it.each(pageScripts.map((s) => [s.out, s] as const))(
    "%s is the current bundle of its entry (run `npm run page-scripts` after a change)",
    async (_out, s) => {
      const code = await bundlePageScript(s.entry);
      const written = await readFile(new URL(`../../${s.out}`, import.meta.url), "utf8");
      expect(written).toBe(generatedModule(s.name, s.entry, code));
      // Self-contained: no module syntax is left for the browser to resolve.
      expect(code).not.toMatch(/\bimport\s*[{("'*]|\bexport\s/);
    },
    60_000,
  );
});
