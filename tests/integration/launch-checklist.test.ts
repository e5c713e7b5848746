/**
 * The launch checklist (docs/decisions/055-identity-and-public-facts.md) on a real database: every
 * claim only the owner can vouch for starts unconfirmed; a confirm through
 * PATCH /api/admin/settings/business is saved with who (the admin session) and when in the audit
 * trail; changing a covered fact takes its confirmation away; `npm run doctor` with DATABASE_URL
 * (the real script, run as the owner runs it) reads the same confirmations and facts.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminBusiness from "../../netlify/functions/admin-business-settings.mts";
import { checklistItems } from "../../src/features/business/contract/checklist";
import { serveLocalDb, type LocalDbServer } from "../../scripts/lib/pglite-server";
import { adminClient } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
const path = "/api/admin/settings/business";
let server: LocalDbServer | undefined;

beforeAll(async () => {
  server = t.pglite ? await serveLocalDb(t.pglite) : undefined;
});
afterAll(async () => {
  await server?.stop();
});

async function patch(body: unknown) {
  const owner = await adminClient();
  return owner.call(adminBusiness, "PATCH", path, { body });
}

/** The real script, run as the owner runs it (asynchronously: the test's own database server must keep answering). */
async function doctor(): Promise<string> {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const run = await promisify(execFile)("npx", ["tsx", "scripts/doctor.ts"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: server?.url ?? t.url! },
    timeout: 120_000,
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
  // Other placeholders remain (the drawn images, the sample team): the doctor exits 1.
  expect(run.code, run.stderr).toBe(1);
  return run.stdout;
}

describe("the launch checklist", () => {
  it("lists every claim unconfirmed, takes a confirm with who and when, and loses it when the fact changes", async () => {
    const owner = await adminClient();
    const fresh = await owner.call(adminBusiness, "GET", path);
    expect(fresh.json.checklist.map((i: { id: string }) => i.id)).toEqual([...checklistItems]);
    expect(fresh.json.checklist.every((i: { confirmedAt: unknown }) => i.confirmedAt === null)).toBe(true);
    const insurance = fresh.json.checklist.find((i: { id: string }) => i.id === "insurance");
    expect(insurance.detail).toBe("£5 million public liability");

    const confirmed = await patch({ confirm: "insurance" });
    expect(confirmed.status, confirmed.text).toBe(200);
    const item = confirmed.json.checklist.find((i: { id: string }) => i.id === "insurance");
    expect(Date.parse(item.confirmedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [entry] = confirmed.json.audit;
    expect(entry.actor).toBe("owner");
    expect(entry.sessionId).toEqual(expect.any(Number));
    expect(entry.changes).toEqual([{ field: "confirmed:insurance", from: null, to: item.confirmedAt }]);

    // Confirming again changes nothing and writes nothing.
    const again = await patch({ confirm: "insurance" });
    expect(again.json.audit).toHaveLength(confirmed.json.audit.length);

    const changed = await patch({ publicLiability: "£10 million" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.checklist.find((i: { id: string }) => i.id === "insurance").confirmedAt).toBeNull();
    expect(changed.json.audit[0].changes).toEqual([
      { field: "publicLiability", from: "£5 million", to: "£10 million" },
      { field: "confirmed:insurance", from: item.confirmedAt, to: null },
    ]);

    const unknown = await patch({ confirm: "moon_landing" });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.fields.confirm).toBe("Please name an item of the launch checklist.");
  });

  it("npm run doctor reads the confirmations and facts from the database", async () => {
    await patch({ confirm: "insurance" });
    await patch({ confirm: "bank" });
    await patch({ tradingAs: "sole_trader", soleTraderName: "Jane Smith" });
    const out = await doctor();
    expect(out).toContain("read from DATABASE_URL");
    expect(out).not.toContain("public liability cover needs");
    expect(out).not.toContain("bank details printed on every invoice");
    // A sole trader has no company number to put right.
    expect(out).not.toContain("placeholder company number");
    expect(out).toContain("the trading address is invented");
    expect(out).toContain("then confirm it on the admin dashboard's launch checklist.");
  });
});
