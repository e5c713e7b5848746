/**
 * The papers follow the owner's business details (PGlite, and PostgreSQL under
 * scripts/with-postgres.ts): an invoice and a quote PDF for each trading form (limited company,
 * sole trader) in each VAT state, read back with a PDF text extractor and checked field by field;
 * an issued invoice's PDF keeps its trader and VAT after the settings change.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import { site } from "../../src/config/site";
import { updateBusinessSettings } from "../../src/features/business/service";
import { serviceContext } from "../../src/platform/context";
import { addDays, dateInZone, formatDate } from "../../src/platform/time";
import { quoteOnPage } from "../../src/features/customer-page/quote-view";
import { acceptQuote, quoteForCustomerPage } from "../../src/features/quotes/service-customer";
import { mailOutbox } from "../../src/features/tables";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { pdfWords } from "../helpers/pdf";

const t = useTestDatabase();

const today = () => dateInZone(new Date());
const company = {
  tradingAs: "company",
  companyName: "Forth Repairs Ltd",
  companyNumber: "SC654321",
} as const;
const soleTrader = { tradingAs: "sole_trader", soleTraderName: "Jane Smith" } as const;
const vatOn = { vatRegistered: true, vatNumber: "GB987654321", vatRegisteredFrom: "" };
const vatOff = { vatRegistered: false };

async function setBusiness(patch: Record<string, unknown>) {
  const body = "vatRegisteredFrom" in patch ? { ...patch, vatRegisteredFrom: today() } : patch;
  await updateBusinessSettings(body as never, serviceContext());
}

async function pdfOf(handler: typeof adminInvoices, path: string): Promise<string> {
  const owner = await adminClient();
  const res = await owner.call(handler, "GET", path);
  expect(res.status).toBe(200);
  // AdminResult decodes as text: fetch again for the bytes.
  const headers = new Headers({ Cookie: owner.cookie, "x-forwarded-for": "203.0.113.9" });
  const raw = await handler(new Request(`http://localhost:8888${path}`, { headers }));
  return pdfWords(new Uint8Array(await raw.arrayBuffer()));
}

async function issuedInvoice(vat: boolean) {
  const owner = await adminClient();
  const request = await seedRequest({ address: "3 Kirk Wynd, Kirkcaldy KY1 1EH" });
  const created = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
    body: {
      kind: "direct",
      submissionId: request.id,
      lines: [
        {
          description: "Fit a radiator valve",
          quantity: 1,
          unitPence: 10000,
          ...(vat ? { vatRate: 20 } : {}),
        },
      ],
    },
  });
  expect(created.status, created.text).toBe(201);
  const issued = await owner.call(
    adminInvoices,
    "POST",
    `/api/admin/invoices/${created.json.invoice.id}/issue`,
  );
  expect(issued.status, issued.text).toBe(200);
  return issued.json.invoice as { id: number; number: string };
}

async function sentQuote(vat: boolean) {
  const owner = await adminClient();
  const request = await seedRequest();
  const made = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${request.id}/quotes`, {
    body: {
      lines: [
        {
          description: "Tile the splashback",
          quantity: 1,
          unitPence: 20000,
          optional: false,
          ...(vat ? { vatRate: 20 } : {}),
        },
        {
          description: "Seal the bath",
          quantity: 1,
          unitPence: 3000,
          optional: true,
          ...(vat ? { vatRate: 20 } : {}),
        },
      ],
    },
  });
  expect(made.status, made.text).toBe(201);
  const sent = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${made.json.quote.id}/send`);
  expect(sent.status, sent.text).toBe(200);
  return made.json.quote as { id: number };
}

const cases = [
  { name: "a limited company, not VAT registered", identity: company, vat: false },
  { name: "a limited company, VAT registered", identity: company, vat: true },
  { name: "a sole trader, not VAT registered", identity: soleTrader, vat: false },
  { name: "a sole trader, VAT registered", identity: soleTrader, vat: true },
] as const;

describe("the papers name the trader the business details say", () => {
  it.each(cases)("$name: the invoice and the quote PDF", async ({ identity, vat }) => {
    await setBusiness({ ...company, ...vatOff });
    await setBusiness({ ...identity, ...(vat ? vatOn : vatOff) });
    const legalName =
      identity.tradingAs === "company" ? "Forth Repairs Ltd" : `Jane Smith trading as ${site.name}`;

    const invoice = await issuedInvoice(vat);
    const inv = await pdfOf(adminInvoices, `/api/admin/invoices/${invoice.id}/pdf`);
    expect(inv).toContain(`${legalName} `);
    expect(inv).toContain(site.address.postalCode);
    expect(inv).toContain(`Invoice ${invoice.number}`);
    if (identity.tradingAs === "company") {
      expect(inv).toContain("Forth Repairs Ltd. Registered in Scotland, company number SC654321.");
    } else {
      expect(inv).not.toMatch(/company number|Forth Repairs/);
    }
    if (vat) {
      expect(inv).toContain("VAT registration number GB987654321");
      expect(inv).toContain("Total including VAT £120.00");
    } else {
      expect(inv).not.toContain("VAT registration number");
      expect(inv).toContain("no VAT is charged");
      expect(inv).toContain("£100.00");
    }

    const quote = await sentQuote(vat);
    const q = await pdfOf(adminQuotes, `/api/admin/quotes/${quote.id}/pdf`);
    expect(q.startsWith(`${legalName} `)).toBe(true);
    expect(q).toContain(`Who we are ${legalName}, `);
    expect(q).toContain(`To ${legalName}, `);
    expect(q).toContain("(Complete and return this form only if you wish to withdraw from the contract)");
    expect(q).not.toMatch(/\bbutton\b|\bbox\b/i);
    if (identity.tradingAs === "company") expect(q).toContain("company number SC654321");
    else expect(q).not.toMatch(/company number|Forth Repairs/);
    if (vat) {
      expect(q).toContain("VAT registration number GB987654321");
      expect(q).toContain("including VAT");
    } else {
      expect(q).not.toContain("VAT registration number");
      expect(q).toContain("We are not registered for VAT, so no VAT is added");
    }
  });

  it("an issued invoice and a sent quote keep their trader and VAT when the details change", async () => {
    await setBusiness({ ...company, ...vatOn });
    const invoice = await issuedInvoice(true);
    const quote = await sentQuote(true);
    const invoiceBefore = await pdfOf(adminInvoices, `/api/admin/invoices/${invoice.id}/pdf`);
    const quoteBefore = await pdfOf(adminQuotes, `/api/admin/quotes/${quote.id}/pdf`);
    await setBusiness({ ...soleTrader, ...vatOff });
    const invoiceAfter = await pdfOf(adminInvoices, `/api/admin/invoices/${invoice.id}/pdf`);
    const quoteAfter = await pdfOf(adminQuotes, `/api/admin/quotes/${quote.id}/pdf`);
    expect(invoiceAfter).toContain("Forth Repairs Ltd");
    expect(invoiceAfter).toContain("VAT registration number GB987654321");
    expect(invoiceAfter).not.toContain("Jane Smith");
    expect(quoteAfter).toContain("Forth Repairs Ltd");
    expect(quoteAfter).not.toContain("Jane Smith");
    // Only the "printed on" date may differ; the same day, the text is the same.
    expect(invoiceAfter).toBe(invoiceBefore);
    expect(quoteAfter).toBe(quoteBefore);
    // The next invoice follows the change at once.
    const next = await issuedInvoice(false);
    const nextPdf = await pdfOf(adminInvoices, `/api/admin/invoices/${next.id}/pdf`);
    expect(nextPdf).toContain(`Jane Smith trading as ${site.name}`);
    expect(nextPdf).not.toContain("VAT registration number");
  });
});

describe("when the work will be done", () => {
  it("a quote carries its start promise on the PDF, the customer's page and the acceptance e-mail", async () => {
    await setBusiness({ ...company, ...vatOff });
    const owner = await adminClient();
    const request = await seedRequest();
    const body = {
      lines: [
        { description: "Paint the hall", quantity: 1, unitPence: 30000, optional: false },
        { description: "Paint the landing", quantity: 1, unitPence: 9000, optional: true },
      ],
    };
    const both = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${request.id}/quotes`, {
      body: { ...body, startDate: addDays(today(), 20), startWithinWorkingDays: 5 },
    });
    expect(both.status).toBe(422);
    expect(both.json.error.fields.startDate).toMatch(/not both/);
    const past = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${request.id}/quotes`, {
      body: { ...body, startDate: addDays(today(), -1) },
    });
    expect(past.status).toBe(422);
    expect(past.json.error.fields.startDate).toMatch(/cannot be in the past/);
    const tooMany = await owner.call(
      adminRequestQuotes,
      "POST",
      `/api/admin/submissions/${request.id}/quotes`,
      {
        body: { ...body, startWithinWorkingDays: 91 },
      },
    );
    expect(tooMany.status).toBe(422);

    // Without either: the default promise, 10 working days.
    const made = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${request.id}/quotes`, {
      body,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.json.quote).toMatchObject({ startDate: null, startWithinWorkingDays: 10 });
    const start = addDays(today(), 21);
    const dated = await owner.call(adminQuotes, "PATCH", `/api/admin/quotes/${made.json.quote.id}`, {
      body: { startDate: start },
    });
    expect(dated.status, dated.text).toBe(200);
    expect(dated.json.quote).toMatchObject({ startDate: start, startWithinWorkingDays: null });
    const sent = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${made.json.quote.id}/send`);
    expect(sent.status, sent.text).toBe(200);
    const promise = `We will start the work on ${formatDate(start)}.`;

    const pdf = await pdfOf(adminQuotes, `/api/admin/quotes/${made.json.quote.id}/pdf`);
    expect(pdf).toContain(promise);
    expect(pdf).toContain(`When we will do the work ${promise}`);
    const page = await quoteForCustomerPage(request.id, serviceContext());
    const shown = quoteOnPage(page!, new Date());
    expect(shown!.termsText).toContain(`WHEN WE WILL DO THE WORK\n\n${promise}`);

    // Accepted with no optional item ticked: the e-mail states the promise and no "ticked" items.
    await acceptQuote(
      request.id,
      { quoteId: made.json.quote.id, optionalLineIds: [], expressStart: false },
      serviceContext(),
    );
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.submissionId, request.id), eq(mailOutbox.kind, "quote_accepted")));
    expect(mail!.textBody).toContain(promise);
    expect(mail!.textBody).toContain("without any of the optional items");
    expect(mail!.textBody).not.toContain("optional items you ticked");
    expect(mail!.textBody).toContain(
      "(Complete and return this form only if you wish to withdraw from the contract)",
    );
  });
});
