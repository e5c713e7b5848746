/**
 * The cap on a quote's or an invoice's total (£1,000,000, optional lines and VAT included) through
 * the real admin endpoints on a real database: too much is a 422 with a message and nothing is
 * stored; and a value the database itself refuses (out of range, a CHECK constraint) is a 422 at
 * the edge, never a 500.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import { acceptQuote } from "../../src/features/quotes/service-customer";
import { invoices, quotes } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { toHttpError } from "../../src/platform/http/errors";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();

const line = (description: string, quantity: number, unitPence: number, optional = false) => ({
  description,
  quantity,
  unitPence,
  optional,
});

const capMessage = /at most £1,000,000/;

describe("the cap on a quote's or an invoice's total", () => {
  it("refuses a quote of 10,000 × £100,000 with 422 and a message, storing nothing", async () => {
    const owner = await adminClient();
    const request = await seedRequest();
    const res = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${request.id}/quotes`, {
      body: { lines: [line("Everything", 10_000, 10_000_000)] },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.json.error.fields.lines).toMatch(capMessage);
    expect(await t.db.select().from(quotes).where(eq(quotes.submissionId, request.id))).toHaveLength(0);
  });

  it("counts the optional lines: a quote they would take over the cap is refused, one just under is taken", async () => {
    const owner = await adminClient();
    const request = await seedRequest();
    const path = `/api/admin/submissions/${request.id}/quotes`;
    const over = await owner.call(adminRequestQuotes, "POST", path, {
      body: { lines: [line("Extension", 60, 1_000_000), line("Loft", 50, 1_000_000, true)] },
    });
    expect(over.status, over.text).toBe(422);
    expect(over.json.error.fields.lines).toMatch(/with every optional item/);
    const under = await owner.call(adminRequestQuotes, "POST", path, {
      body: { lines: [line("Extension", 60, 1_000_000), line("Loft", 40, 1_000_000, true)] },
    });
    expect(under.status, under.text).toBe(201);
    expect(under.json.quote.maxTotalPence).toBe(100_000_000);
    // Changing it to go over is refused the same way, and the stored quote is unchanged.
    const change = await owner.call(adminQuotes, "PATCH", `/api/admin/quotes/${under.json.quote.id}`, {
      body: { lines: [line("Extension", 60, 1_000_000), line("Loft", 41, 1_000_000, true)] },
    });
    expect(change.status, change.text).toBe(422);
    expect(change.json.error.fields.lines).toMatch(capMessage);
    const [stored] = await t.db.select().from(quotes).where(eq(quotes.id, under.json.quote.id));
    expect(stored!.totalPence).toBe(60_000_000);
  });

  it("refuses a direct invoice over the cap with 422", async () => {
    const owner = await adminClient();
    const res = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: {
        kind: "direct",
        customer: { name: "Big Job" },
        lines: [line("Everything", 10_000, 10_000_000)],
      },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.json.error.fields.lines).toMatch(capMessage);
  });

  it("refuses an invoice from an accepted quote over the cap with 422, storing no invoice", async () => {
    const owner = await adminClient();
    const request = await seedRequest();
    const made = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${request.id}/quotes`, {
      body: { lines: [line("Rebuild", 1, 10_000_000)] },
    });
    expect(made.status, made.text).toBe(201);
    const quoteId = made.json.quote.id as number;
    expect((await owner.call(adminQuotes, "POST", `/api/admin/quotes/${quoteId}/send`)).status).toBe(200);
    // A quote sent before the cap existed: 20 × £100,000, as its stored line says.
    await t.db.execute(sql`update quote_lines set quantity_hundredths = 2000 where quote_id = ${quoteId}`);
    await acceptQuote(request.id, { quoteId, optionalLineIds: [], expressStart: false }, serviceContext());
    const res = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "full", quoteId },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.json.error.fields.quoteId).toMatch(capMessage);
    expect(await t.db.select().from(invoices).where(eq(invoices.quoteId, quoteId))).toHaveLength(0);
  });
});

describe("a value the database refuses", () => {
  async function refusal(statement: ReturnType<typeof sql>): Promise<unknown> {
    try {
      await t.db.execute(statement);
    } catch (error) {
      return error;
    }
    throw new Error("The database took it");
  }

  it("is a 422 at the edge for a number out of range (22003) and a CHECK constraint (23514)", async () => {
    for (const error of [
      await refusal(sql`select (2147483647)::int + 1`),
      await refusal(sql`insert into invoices (kind, status, customer_name, vat_registered, net_pence, vat_pence, total_pence)
        values ('direct', 'draft', 'X', false, 200000000, 0, 200000000)`),
      await refusal(sql`insert into invoices (kind, status, customer_name, vat_registered, net_pence, vat_pence, total_pence)
        values ('direct', 'draft', 'X', false, 0, 0, -5)`),
    ]) {
      const http = toHttpError(error);
      expect(http.status).toBe(422);
      expect(http.body().error.message).toMatch(/outside what we can store/);
    }
  });
});
