/**
 * `npm run admin:password -- --data-dir DIR`: prints the admin password of a local data folder
 * (default .data/dev), the random one `npm run dev` made for it on first start, after checking it
 * still signs in (the owner may have changed it in the admin since). Local only: it reads the
 * folder's own database (through the running stack when it is up), never DATABASE_URL.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { checkAdminPassword } from "../src/features/admin-auth";
import { adminPasswordFile, describeLocalPassword, readLocalAdminPassword } from "./lib/admin-password";
import { defaultDataDir, readLock } from "./lib/local-db";
import { openScriptDatabase } from "./lib/script-db";

const { values } = parseArgs({ options: { "data-dir": { type: "string", default: defaultDataDir } } });
const dataDir = path.resolve(values["data-dir"]);
delete process.env["DATABASE_URL"];

const kept = readLocalAdminPassword(dataDir);
if (!kept) {
  console.error(
    `admin:password: no password was made for ${path.relative(process.cwd(), dataDir)} (${path.relative(process.cwd(), adminPasswordFile(dataDir))} is missing). ` +
      "Start the stack on it once (`npm run dev -- --data-dir …`), or set one with `npm run admin:set-password`.",
  );
  process.exit(1);
}
const database = await openScriptDatabase(dataDir);
try {
  const check = await checkAdminPassword(kept);
  const siteUrl = readLock(dataDir)?.siteUrl ?? "http://localhost:8888";
  console.log(
    describeLocalPassword(
      check === "ok" ? { state: "kept", password: kept } : { state: "changed" },
      dataDir,
      `${siteUrl}/admin`,
    ),
  );
  if (check !== "ok") process.exitCode = 1;
} finally {
  await database.close();
}
