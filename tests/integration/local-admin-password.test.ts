/**
 * The local stack's admin password (docs/decisions/043-security-by-default.md): a database without
 * one gets a new random password (20 base64url characters, never the same twice), stored only as
 * its hash, and a database that has one is left alone; the copy kept beside a data folder is
 * readable by its owner only and is what `npm run admin:password` and the browser tests read.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkAdminPassword,
  newLocalAdminPassword,
  passwordHashKey,
  seedLocalAdminPassword,
} from "../../src/features/admin-auth/service";
import { getSetting } from "../../src/features/admin-auth/repository-settings";
import {
  adminPasswordFile,
  keepLocalAdminPassword,
  readLocalAdminPassword,
} from "../../scripts/lib/admin-password";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();
const folder = mkdtempSync(path.join(tmpdir(), "kh-password-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the local admin password", () => {
  it("is random: 120 bits as 20 base64url characters, never repeated", () => {
    const made = new Set(Array.from({ length: 200 }, () => newLocalAdminPassword()));
    expect(made.size).toBe(200);
    for (const p of made) expect(p).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });

  it("is seeded once into a database without one, stored only as a hash", async () => {
    const seeded = await seedLocalAdminPassword();
    expect(seeded).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await checkAdminPassword(seeded!)).toBe("ok");
    const stored = await getSetting(passwordHashKey);
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain(seeded!);
    expect(await seedLocalAdminPassword()).toBeNull();
    expect(await checkAdminPassword(seeded!)).toBe("ok");
  });

  it("is kept beside the data folder for its owner only", () => {
    const dataDir = path.join(folder, "dev");
    expect(readLocalAdminPassword(dataDir)).toBeNull();
    keepLocalAdminPassword(dataDir, "k3pt-Pa55word_abcdef");
    expect(readLocalAdminPassword(dataDir)).toBe("k3pt-Pa55word_abcdef");
    expect(adminPasswordFile(dataDir)).toBe(`${dataDir}.admin-password`);
    expect(statSync(adminPasswordFile(dataDir)).mode & 0o777).toBe(0o600);
  });
});
