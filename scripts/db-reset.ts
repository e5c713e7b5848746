/**
 * `npm run db:reset`: empties the local database (deletes its data folder). The next `npm run dev`
 * creates it again, migrated and seeded. Refuses while a local stack is using the folder, since
 * only that process may touch it. Never touches DATABASE_URL: production data is not reset here.
 *
 *   npm run db:reset                       # .data/dev
 *   npm run db:reset -- --data-dir .data/e2e
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { defaultDataDir, readLock } from "./lib/local-db";

const { values } = parseArgs({ options: { "data-dir": { type: "string", default: defaultDataDir } } });
const dataDir = path.resolve(values["data-dir"]);
const shown = path.relative(process.cwd(), dataDir) || dataDir;

const owner = readLock(dataDir);
if (owner) {
  console.error(
    `db:reset: a local stack (pid ${owner.pid}) is using ${shown}. Stop it first (Ctrl-C in its terminal), then run db:reset again.`,
  );
  process.exit(1);
}
if (!existsSync(dataDir)) {
  console.log(`db:reset: ${shown} is already empty.`);
} else {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`db:reset: emptied ${shown}. The next \`npm run dev\` migrates and seeds it again.`);
}
