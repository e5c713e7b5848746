/**
 * Person tools on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts): finding
 * everything held about an e-mail address, exporting it, erasing it so that afterwards no table
 * holds the address, and the audit log that records each use without the address.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import adminPerson from "../../netlify/functions/admin-person.mts";
import { requestReference } from "../../src/features/requests/contract/reference";
import { digestMessage } from "../../src/features/housekeeping/mail-digest";
import { queueRequestMail } from "../../src/features/mail/service";
import * as outbox from "../../src/features/mail/repository";
import * as workflow from "../../src/features/requests/service-workflow";
import { adminClient, seedRequest, uniqueTag } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
const ctx = { ownerEmail: "owner@example.com", siteUrl: "https://www.example.com" };

/** Every row of every table in the public schema whose text contains `needle` (any column). */
async function rowsContaining(needle: string): Promise<{ table: string; n: number }[]> {
  const tables = await t.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const list = (Array.isArray(tables) ? tables : (tables as { rows: { tablename: string }[] }).rows) as {
    tablename: string;
  }[];
  const found: { table: string; n: number }[] = [];
  for (const { tablename } of list) {
    const result = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(tablename)} as x where position(${needle.toLowerCase()} in lower(x::text)) > 0`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
      n: number;
    }[];
    if (Number(rows[0]?.n ?? 0) > 0) found.push({ table: tablename, n: Number(rows[0]!.n) });
  }
  return found;
}

async function seedPerson() {
  const tag = uniqueTag("gdpr");
  const email = `${tag}@example.net`;
  const booking = await seedRequest({ tag, email, name: `Isla ${tag}`, formType: "booking" });
  const contact = await seedRequest({
    tag,
    email: email.toUpperCase(),
    name: `Isla ${tag}`,
    formType: "contact",
  });
  const bystander = await seedRequest({ tag: uniqueTag("other") });
  for (const r of [booking, contact, bystander]) await queueRequestMail(r, t.db);
  await workflow.changeState(booking.id, "contacted", { note: "Called back" });
  await workflow.addNote(booking.id, `Prefers mornings, ${email}`);
  // A digest naming the booking (and the bystander): it goes with the person's data.
  await outbox.enqueue(
    [
      {
        message: digestMessage(
          {
            date: "2026-11-23",
            arrived: {
              count: 2,
              items: [booking, bystander].map((r) => ({
                id: r.id,
                reference: requestReference(r),
                name: r.name,
                formType: r.formType,
                state: r.state,
                since: r.submittedAt.toISOString(),
              })),
            },
            overdueReplies: { count: 0, items: [] },
            staleQuotes: { count: 0, items: [] },
            today: [],
          },
          ctx,
        ),
      },
    ],
    t.db,
  );
  return { tag, email, booking, contact, bystander };
}

describe("person tools", () => {
  it("finds every request and e-mail held about an address, in any letter case", async () => {
    const owner = await adminClient();
    const p = await seedPerson();
    const res = await owner.call(adminPerson, "POST", "/api/admin/person/search", {
      body: { email: `  ${p.email.toUpperCase()} ` },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.email).toBe(p.email);
    expect(res.json.submissions.map((s: { id: number }) => s.id)).toEqual([p.booking.id, p.contact.id]);
    expect(res.json.submissions[0]).toMatchObject({
      reference: requestReference(p.booking),
      state: "contacted",
    });
    // Owner notification and confirmation for each request, and the digest naming the booking.
    const kinds = res.json.mail.map((m: { kind: string }) => m.kind).sort();
    expect(kinds).toEqual([
      "customer_confirmation",
      "customer_confirmation",
      "owner_digest",
      "owner_submission",
      "owner_submission",
    ]);
    expect(res.json.reviews).toEqual([]);
    expect(res.json.total).toBe(7);
  });

  it("exports everything as one JSON file, history and notes included", async () => {
    const owner = await adminClient();
    const p = await seedPerson();
    const res = await owner.call(adminPerson, "POST", "/api/admin/person/export", {
      body: { email: p.email },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const doc = res.json;
    expect(doc.requests).toHaveLength(2);
    expect(doc.requests[0]).toMatchObject({
      reference: requestReference(p.booking),
      email: p.email,
      history: [{ from: "new", to: "contacted", by: "owner", note: "Called back" }],
      notes: [{ text: `Prefers mornings, ${p.email}` }],
    });
    expect(doc.emails).toHaveLength(5);
    expect(JSON.stringify(doc)).not.toContain(p.bystander.email);
  });

  it("erases the person: afterwards no table holds the address, and others are untouched", async () => {
    const owner = await adminClient();
    const p = await seedPerson();
    expect((await rowsContaining(p.email)).length).toBeGreaterThan(0);
    const res = await owner.call(adminPerson, "POST", "/api/admin/person/erase", {
      body: { email: p.email },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.erased).toEqual({ submissions: 2, mail: 5 });
    expect(await rowsContaining(p.email)).toEqual([]);
    expect(await rowsContaining(p.tag)).toEqual([]);
    expect(await rowsContaining(`Isla ${p.tag}`)).toEqual([]);
    // The bystander keeps its request and its own e-mails.
    const again = await owner.call(adminPerson, "POST", "/api/admin/person/search", {
      body: { email: p.bystander.email },
    });
    expect(again.json.submissions.map((s: { id: number }) => s.id)).toEqual([p.bystander.id]);
    expect(again.json.mail.map((m: { kind: string }) => m.kind).sort()).toEqual([
      "customer_confirmation",
      "owner_submission",
    ]);
    // Erasing again finds nothing and still answers.
    const twice = await owner.call(adminPerson, "POST", "/api/admin/person/erase", {
      body: { email: p.email },
    });
    expect(twice.json.erased).toEqual({ submissions: 0, mail: 0 });
  });

  it("records each use in the audit log with a count, never the address", async () => {
    const owner = await adminClient();
    const p = await seedPerson();
    const before = (await owner.call(adminPerson, "GET", "/api/admin/person/audit")).json.audit;
    await owner.call(adminPerson, "POST", "/api/admin/person/search", { body: { email: p.email } });
    await owner.call(adminPerson, "POST", "/api/admin/person/export", { body: { email: p.email } });
    await owner.call(adminPerson, "POST", "/api/admin/person/erase", { body: { email: p.email } });
    const audit = (await owner.call(adminPerson, "GET", "/api/admin/person/audit")).json.audit;
    const added = audit.slice(0, audit.length - before.length);
    expect(added.map((a: { action: string; itemCount: number }) => [a.action, a.itemCount])).toEqual([
      ["person_erase", 7],
      ["person_export", 7],
      ["person_search", 7],
    ]);
    expect(added.every((a: { actor: string }) => a.actor === "owner")).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(p.email);
    expect(await rowsContaining(p.email)).toEqual([]);
  });

  it("refuses something that is not an e-mail address", async () => {
    const owner = await adminClient();
    for (const body of [{}, { email: "" }, { email: "no-at-sign" }, { email: "x".repeat(255) + "@e.x" }]) {
      const res = await owner.call(adminPerson, "POST", "/api/admin/person/search", { body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
    expect((await owner.call(adminPerson, "POST", "/api/admin/person/forget", { body: {} })).status).toBe(
      404,
    );
  });
});
