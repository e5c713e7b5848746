/**
 * The business details on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts):
 * GET/PATCH /api/admin/settings/business through the function, the rules a save obeys (VAT number
 * shape, the effective date's range, a sole trader's name, markup), the audit trail of every
 * change, and VAT by effective date on the next quote and invoice, while issued papers keep theirs.
 */
import { describe, expect, it } from "vitest";
import adminBusiness from "../../netlify/functions/admin-business-settings.mts";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import { businessAt, currentBusiness } from "../../src/features/business/service";
import { addDays, dateInZone } from "../../src/platform/time";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const path = "/api/admin/settings/business";
const today = () => dateInZone(new Date());

async function patch(body: unknown) {
  const owner = await adminClient();
  return owner.call(adminBusiness, "PATCH", path, { body });
}

async function saved(body: unknown) {
  const res = await patch(body);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** Back to a limited company, not VAT registered: each test starts from a state it sets. */
const asCompanyWithoutVat = () =>
  saved({
    tradingAs: "company",
    companyName: "Kingdom Handyman Services Ltd",
    companyNumber: "SC000000",
    vatRegistered: false,
    vatNumber: null,
    vatRegisteredFrom: null,
  });

const line = (description: string, unitPence: number, vatRate?: number) => ({
  description,
  quantity: 1,
  unitPence,
  optional: false,
  ...(vatRate === undefined ? {} : { vatRate }),
});

describe("GET and PATCH /api/admin/settings/business", () => {
  it("answers the config's defaults on a fresh install, with the effective date's range", async () => {
    const owner = await adminClient();
    const res = await owner.call(adminBusiness, "GET", path);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.json.business).toMatchObject({
      tradingAs: "company",
      companyName: "Kingdom Handyman Services Ltd",
      companyNumber: "SC000000",
      vatRegistered: false,
    });
    expect(res.json.limits.vatFromLatest > today()).toBe(true);
    expect(res.json.limits.vatFromEarliest < today()).toBe(true);
  });

  it("refuses a caller without a session and a foreign origin", async () => {
    const owner = await adminClient();
    expect((await owner.call(adminBusiness, "GET", path, { anonymous: true })).status).toBe(401);
    const foreign = await owner.call(adminBusiness, "PATCH", path, {
      body: { vatRegistered: false },
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
  });

  it("switches to a sole trader and back, each change in the audit trail with who and what", async () => {
    await asCompanyWithoutVat();
    const owner = await adminClient();
    const res = await owner.call(adminBusiness, "PATCH", path, {
      body: { tradingAs: "sole_trader", soleTraderName: "  Jane Smith " },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.business).toMatchObject({ tradingAs: "sole_trader", soleTraderName: "Jane Smith" });
    const [entry] = res.json.audit;
    expect(entry.actor).toBe("owner");
    expect(entry.sessionId).toEqual(expect.any(Number));
    expect(Date.now() - Date.parse(entry.savedAt)).toBeLessThan(60_000);
    expect(entry.changes).toEqual([
      { field: "tradingAs", from: "company", to: "sole_trader" },
      { field: "soleTraderName", from: null, to: "Jane Smith" },
    ]);
    expect((await currentBusiness()).tradingAs).toBe("sole_trader");
    const back = await saved({ tradingAs: "company" });
    expect(back.audit[0].changes).toEqual([{ field: "tradingAs", from: "sole_trader", to: "company" }]);
  });

  it("saves nothing and adds no audit entry when nothing changes", async () => {
    const before = await asCompanyWithoutVat();
    const again = await asCompanyWithoutVat();
    expect(again.audit.length).toBe(before.audit.length);
  });

  it("turns VAT on with its number and effective date, normalising the number", async () => {
    await asCompanyWithoutVat();
    const from = addDays(today(), 10);
    const res = await saved({ vatRegistered: true, vatNumber: "gb 123 4567 89", vatRegisteredFrom: from });
    expect(res.business).toMatchObject({
      vatRegistered: true,
      vatNumber: "GB123456789",
      vatRegisteredFrom: from,
    });
    const twelve = await saved({ vatNumber: "GB123456789012" });
    expect(twelve.business.vatNumber).toBe("GB123456789012");
  });
});

describe("bad input: 422 with the field's message, nothing saved", () => {
  const refused = async (body: unknown, field: string, words: RegExp) => {
    const before = (await (await adminClient()).call(adminBusiness, "GET", path)).json;
    const res = await patch(body);
    expect(res.status, res.text).toBe(422);
    expect(res.json.error.fields[field]).toMatch(words);
    const after = (await (await adminClient()).call(adminBusiness, "GET", path)).json;
    expect(after.business).toEqual(before.business);
    expect(after.audit.length).toBe(before.audit.length);
  };

  it.each([
    "123456789",
    "GB12345678",
    "GB1234567890",
    "GB12345678901",
    "GB1234567890123",
    "XI123456789",
    "GB12345678A",
    "",
  ])("a VAT number of the wrong shape: %j", async (vatNumber) => {
    await asCompanyWithoutVat();
    await refused(
      { vatRegistered: true, vatNumber, vatRegisteredFrom: today() },
      "vatNumber",
      /GB followed by 9 or 12 digits/,
    );
  });

  it("VAT on without a number or without an effective date", async () => {
    await asCompanyWithoutVat();
    await refused(
      { vatRegistered: true, vatRegisteredFrom: today() },
      "vatNumber",
      /VAT registration number/,
    );
    await refused({ vatRegistered: true, vatNumber: "GB123456789" }, "vatRegisteredFrom", /takes effect/);
  });

  it("an effective date far in the past, more than a year ahead, or not a date", async () => {
    await asCompanyWithoutVat();
    const vat = { vatRegistered: true, vatNumber: "GB123456789" };
    await refused({ ...vat, vatRegisteredFrom: "1990-04-01" }, "vatRegisteredFrom", /years ago/);
    await refused(
      { ...vat, vatRegisteredFrom: addDays(today(), 367) },
      "vatRegisteredFrom",
      /more than a year ahead/,
    );
    await refused({ ...vat, vatRegisteredFrom: "2026-02-30" }, "vatRegisteredFrom", /real date/);
    await refused({ ...vat, vatRegisteredFrom: "next week" }, "vatRegisteredFrom", /real date/);
  });

  it("an effective date before the firm's first issued invoice", async () => {
    await asCompanyWithoutVat();
    const owner = await adminClient();
    const request = await seedRequest();
    const draft = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "direct", submissionId: request.id, lines: [line("Fit a tap", 6500)] },
    });
    expect(draft.status, draft.text).toBe(201);
    const issued = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${draft.json.invoice.id}/issue`,
    );
    expect(issued.status, issued.text).toBe(200);
    const first = (await owner.call(adminBusiness, "GET", path)).json.limits.firstInvoiceOn;
    expect(first).toBe(issued.json.invoice.issuedOn);
    await refused(
      { vatRegistered: true, vatNumber: "GB123456789", vatRegisteredFrom: addDays(first, -1) },
      "vatRegisteredFrom",
      /before your first issued invoice/,
    );
  });

  it("a switch to sole trader without a name", async () => {
    await saved({ tradingAs: "company", soleTraderName: null });
    await refused({ tradingAs: "sole_trader" }, "soleTraderName", /your own name/);
    await refused({ tradingAs: "sole_trader", soleTraderName: " " }, "soleTraderName", /your name/);
  });

  it("markup in every text field", async () => {
    await asCompanyWithoutVat();
    await refused(
      { tradingAs: "sole_trader", soleTraderName: "<script>alert(1)</script>" },
      "soleTraderName",
      /without < or >/,
    );
    await refused({ companyName: "<b>Kingdom</b> Ltd" }, "companyName", /without < or >/);
    await refused({ companyNumber: "<SC12345>" }, "companyNumber", /Companies House number/);
    await refused({ vatNumber: "GB<123456789>" }, "vatNumber", /GB followed by 9 or 12 digits/);
    await refused({ vatRegisteredFrom: "<2026-01-01>" }, "vatRegisteredFrom", /real date/);
  });

  it("an unknown field or a wrong type", async () => {
    const unknown = await patch({ vatRate: 20 });
    expect(unknown.status).toBe(422);
    const wrongType = await patch({ vatRegistered: "yes" });
    expect(wrongType.status).toBe(422);
    expect(wrongType.json.error.fields.vatRegistered).toMatch(/true or false/);
  });
});

describe("VAT by effective date", () => {
  it("the next quote and invoice carry VAT from the effective date on, at once", async () => {
    await asCompanyWithoutVat();
    const owner = await adminClient();
    const request = await seedRequest();
    // Registered from tomorrow: today's documents still carry no VAT.
    await saved({ vatRegistered: true, vatNumber: "GB123456789", vatRegisteredFrom: addDays(today(), 1) });
    const before = await owner.call(
      adminRequestQuotes,
      "POST",
      `/api/admin/submissions/${request.id}/quotes`,
      {
        body: { lines: [line("Fit a tap", 10000)] },
      },
    );
    expect(before.status, before.text).toBe(201);
    expect(before.json.quote).toMatchObject({ vatRegistered: false, totalPence: 10000 });

    // Registered from today: the next invoice needs a VAT rate on each line and adds the VAT.
    await saved({ vatRegisteredFrom: today() });
    const noRate = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "direct", submissionId: request.id, lines: [line("Fit a tap", 10000)] },
    });
    expect(noRate.status).toBe(422);
    const withVat = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "direct", submissionId: request.id, lines: [line("Fit a tap", 10000, 20)] },
    });
    expect(withVat.status, withVat.text).toBe(201);
    expect(withVat.json.invoice).toMatchObject({
      vatRegistered: true,
      totals: { netPence: 10000, vatPence: 2000, totalPence: 12000 },
    });
    const issued = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${withVat.json.invoice.id}/issue`,
    );
    expect(issued.status, issued.text).toBe(200);

    // Turning VAT off changes the next document, never the issued one.
    await saved({ vatRegistered: false });
    const after = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${withVat.json.invoice.id}`);
    expect(after.json.invoice).toMatchObject({
      vatRegistered: true,
      totals: { vatPence: 2000, totalPence: 12000 },
    });
    const settings = await owner.call(
      adminRequestQuotes,
      "GET",
      `/api/admin/submissions/${request.id}/quotes`,
    );
    expect(settings.json.settings.vatRegistered).toBe(false);
  });

  it("keeps every version: the settings in force at an earlier instant are the ones saved before it", async () => {
    await asCompanyWithoutVat();
    const between = new Date();
    await new Promise((r) => setTimeout(r, 5));
    await saved({ tradingAs: "sole_trader", soleTraderName: "Jane Smith" });
    expect((await businessAt(between)).tradingAs).toBe("company");
    expect((await businessAt(new Date())).soleTraderName).toBe("Jane Smith");
    await asCompanyWithoutVat();
  });
});
