/**
 * Writes the inline scripts the function-served pages ship (scripts/lib/page-scripts.ts) into
 * their generated modules, so every runtime (the functions' bundles, Vite, tsx) carries them as a
 * constant whose hash the page's CSP allows. Run after changing a browser entry or what it imports:
 * `npm run page-scripts`; tests/unit/page-scripts.test.ts fails while a generated module is stale.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { bundlePageScript, generatedModule, pageScripts } from "./lib/page-scripts";

const root = fileURLToPath(new URL("..", import.meta.url));
for (const s of pageScripts) {
  const code = await bundlePageScript(s.entry);
  await writeFile(`${root}/${s.out}`, generatedModule(s.name, s.entry, code));
  console.log(`${s.out}: ${code.length} characters`);
}
