/**
 * The local stack's admin password, kept beside its data folder (`<data-dir>.admin-password`, read
 * and write for its owner only), so the runner can print it at every start, `npm run
 * admin:password` can print it again, and the browser tests and benches can sign in. Each data
 * folder gets its own random one on first start (src/features/admin-auth/service.ts
 * `seedLocalAdminPassword`, docs/decisions/043-security-by-default.md). File access only, so the
 * browser tests can import it without the server's modules.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const adminPasswordFile = (dataDir: string) => `${path.resolve(dataDir)}.admin-password`;

/** The password kept for `dataDir`, or null when none was generated there. */
export function readLocalAdminPassword(dataDir: string): string | null {
  try {
    return readFileSync(adminPasswordFile(dataDir), "utf8").trim() || null;
  } catch {
    return null;
  }
}

/** Keeps `password` beside the data folder, readable by its owner only. */
export function keepLocalAdminPassword(dataDir: string, password: string): void {
  const file = adminPasswordFile(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

export type LocalPassword =
  | { state: "new" | "kept"; password: string }
  /** Set in the database some other way (the admin's "Change password", admin:set-password). */
  | { state: "changed" };

/** The runner's and the command's line about it. */
export function describeLocalPassword(found: LocalPassword, dataDir: string, signInUrl: string): string {
  const file = path.relative(process.cwd(), adminPasswordFile(dataDir));
  if (found.state === "changed") {
    return `admin password: changed in this database since it was made, so not shown (set a new one with \`npm run admin:set-password -- --data-dir ${path.relative(process.cwd(), dataDir)}\`)`;
  }
  return `admin password (this local database only): ${found.password}  (sign in at ${signInUrl}; kept in ${file})`;
}
