/**
 * Invoices on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts): the admin
 * endpoints through their Netlify handlers; gap-free numbers under 50 concurrent issues; invoices
 * from an accepted quote (deposit, balance, full); payments and their status moves, the refusals of
 * bad input, the receipt; credit notes; reminders with a fixed clock; the money summary; and the
 * accountant's CSV read back with its headers. Every PDF is read back as text, every e-mail read.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminInvoicePayment from "../../netlify/functions/admin-invoices-payment.mts";
import adminInvoicesRequest from "../../netlify/functions/admin-invoices-request.mts";
import adminMoney from "../../netlify/functions/admin-invoices-money.mts";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import { site } from "../../src/config/site";
import {
  invoiceLines,
  invoicePayments,
  invoices,
  mailOutbox,
  requestHistory,
} from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { addDays, dateInZone, formatDate } from "../../src/platform/time";
import { acceptQuote } from "../../src/features/quotes/service-customer";
import { runInvoiceReminders } from "../../src/features/invoices/service-scheduled";
import { createInvoice, issueInvoice } from "../../src/features/invoices/service";
import { updateBusinessSettings } from "../../src/features/business/service";
import { xeroHeader } from "../../src/features/invoices/service-export";
import { requestReference } from "../../src/features/requests/contract/reference";
import { parse } from "csv-parse/sync";
import { setMailSender } from "../../src/features/mail/service";
import { adminClient, seedRequest, uniqueTag } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { pdfWords } from "../helpers/pdf";
import { sendPending, sentMessage } from "../helpers/sent-mail";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import { customerPage } from "../../src/features/customer-page/service";
import { erasePerson } from "../../src/features/person-tools/service";
import {
  accountingCutoff,
  applyRetention,
  planRetention,
} from "../../src/features/housekeeping/service-retention";
import { customerLinks, quotes, requestNotes, requests } from "../../src/features/tables";

const t = useTestDatabase();

afterEach(() => setMailSender(undefined));

const line = (description: string, quantity: number, unitPence: number, vatRate?: number) => ({
  description,
  quantity,
  unitPence,
  ...(vatRate !== undefined ? { vatRate } : {}),
});

const pdfOf = (row: { attachments: { content: string; contentType: string }[] | null }) => {
  const a = row.attachments?.find((x) => x.contentType === "application/pdf");
  expect(a).toBeDefined();
  return new Uint8Array(Buffer.from(a!.content, "base64"));
};

const mailOf = (requestId: number) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, requestId)).orderBy(mailOutbox.id);

const historyOf = (requestId: number) =>
  t.db
    .select()
    .from(requestHistory)
    .where(eq(requestHistory.submissionId, requestId))
    .orderBy(requestHistory.id);

/** A direct invoice for a new request, created through the endpoint. */
async function directDraft(
  lines = [line("Fit a new radiator valve", 1, 6500), line("Labour (hours)", 1.5, 4000)],
) {
  const owner = await adminClient();
  const request = await seedRequest({ address: "12 High Street, Kirkcaldy KY1 1AA" });
  const res = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
    body: { kind: "direct", submissionId: request.id, lines },
  });
  expect(res.status, res.text).toBe(201);
  return { owner, request, invoice: res.json.invoice };
}

async function issuedDirect(lines?: Parameters<typeof directDraft>[0]) {
  const made = await directDraft(lines);
  const res = await made.owner.call(adminInvoices, "POST", `/api/admin/invoices/${made.invoice.id}/issue`);
  expect(res.status, res.text).toBe(200);
  return { ...made, invoice: res.json.invoice };
}

/** A request with a quote the customer accepted (deposit 25%), through the real endpoints. */
async function acceptedQuote() {
  const owner = await adminClient();
  const request = await seedRequest();
  const made = await owner.call(adminRequestQuotes, "POST", `/api/admin/submissions/${request.id}/quotes`, {
    body: {
      lines: [line("Tile the bathroom wall", 1, 60000), line("Labour (hours)", 10, 3000)],
      depositPercent: 25,
    },
  });
  expect(made.status, made.text).toBe(201);
  const sent = await owner.call(adminQuotes, "POST", `/api/admin/quotes/${made.json.quote.id}/send`);
  expect(sent.status, sent.text).toBe(200);
  await acceptQuote(
    request.id,
    { quoteId: made.json.quote.id, optionalLineIds: [], expressStart: false },
    serviceContext(),
  );
  return { owner, request, quoteId: made.json.quote.id as number };
}

describe("drafts and issuing", () => {
  it("creates a direct draft with no number, and issues it with the next number, due date and history", async () => {
    const { owner, request, invoice } = await directDraft();
    const today = dateInZone(new Date());
    expect(invoice).toMatchObject({
      kind: "direct",
      number: null,
      status: "draft",
      submissionId: request.id,
      totalPence: 12500,
      paidPence: 0,
      balancePence: 0,
      issuedOn: null,
      dueOn: null,
      customer: { name: request.name, email: request.email, address: "12 High Street, Kirkcaldy KY1 1AA" },
    });
    expect(invoice.lines.map((l: { netPence: number }) => l.netPence)).toEqual([6500, 6000]);

    const issued = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/issue`);
    expect(issued.status, issued.text).toBe(200);
    expect(issued.json.invoice).toMatchObject({
      status: "unpaid",
      issuedOn: today,
      dueOn: addDays(today, site.invoices.dueDays),
      balancePence: 12500,
      overdue: false,
    });
    expect(issued.json.invoice.number).toMatch(/^KH-\d{4,}$/);

    const again = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/issue`);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toContain("already been issued");
    const edit = await owner.call(adminInvoices, "PATCH", `/api/admin/invoices/${invoice.id}`, {
      body: { lines: [line("Something else", 1, 100)] },
    });
    expect(edit.status).toBe(409);
    const del = await owner.call(adminInvoices, "DELETE", `/api/admin/invoices/${invoice.id}`);
    expect(del.status).toBe(409);
    const notes = (await historyOf(request.id)).map((h) => h.note);
    expect(notes).toContain(`Invoice ${issued.json.invoice.number} issued: £125.00`);
  });

  it("writes a direct invoice for a customer with no request, edits and deletes a draft", async () => {
    const owner = await adminClient();
    const tag = uniqueTag("phone");
    const res = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: {
        kind: "direct",
        customer: {
          name: `Phone Job ${tag}`,
          email: `${tag}@example.com`,
          address: "3 Shore Road, Kinghorn",
        },
        lines: [line("Unblock the sink", 1, 7500)],
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.invoice).toMatchObject({
      submissionId: null,
      customer: { name: `Phone Job ${tag}` },
      totalPence: 7500,
    });
    const patched = await owner.call(adminInvoices, "PATCH", `/api/admin/invoices/${res.json.invoice.id}`, {
      body: {
        lines: [line("Unblock the sink", 1, 7500), line("Replace the trap", 2, 1250)],
        note: "Thank you",
      },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.invoice).toMatchObject({ totalPence: 10000, note: "Thank you", number: null });
    const del = await owner.call(adminInvoices, "DELETE", `/api/admin/invoices/${res.json.invoice.id}`);
    expect(del.status).toBe(204);
    const gone = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${res.json.invoice.id}`);
    expect(gone.status).toBe(404);
  });

  it("refuses bad drafts with a message per field", async () => {
    const owner = await adminClient();
    const cases: [unknown, string, RegExp][] = [
      [{ kind: "direct", customer: { name: "A" } }, "lines", /add the invoice's lines/],
      [{ kind: "direct", lines: [line("x", 1, 100)] }, "customer", /request or give the customer's name/],
      [
        { kind: "direct", customer: { name: "A" }, lines: [line("x", 0, 100)] },
        "lines",
        /Line 1: The quantity must be more than 0/,
      ],
      [
        { kind: "direct", customer: { name: "A" }, lines: [line("x", 1, -5)] },
        "lines",
        /Line 1: The unit price cannot be negative/,
      ],
      [
        { kind: "direct", customer: { name: "A", email: "not an address" }, lines: [line("x", 1, 5)] },
        "customer",
        /valid e-mail/,
      ],
      [{ kind: "deposit" }, "quoteId", /accepted quote/],
      [{ kind: "weekly" }, "kind", /full, deposit, balance or direct/],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.call(adminInvoices, "POST", "/api/admin/invoices", { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.fields[field], `${field}: ${res.text}`).toMatch(message);
    }
    const zero = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "direct", customer: { name: "A" }, lines: [line("Free visit", 1, 0)] },
    });
    expect(zero.status).toBe(422);
    expect(zero.json.error.fields.lines).toMatch(/more than £0.00/);
  });

  it("gives 50 concurrent issues 50 distinct consecutive numbers", async () => {
    const ctx = serviceContext();
    const drafts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createInvoice(
          {
            kind: "direct",
            customer: { name: `Concurrent ${i}`, email: null, address: null },
            lines: [line(`Job ${i}`, 1, 1000 + i)],
            note: null,
            supplyDate: null,
          } as never,
          ctx,
        ),
      ),
    );
    const issued = await Promise.all(drafts.map((d) => issueInvoice(d.id, {}, serviceContext())));
    const numbers = issued
      .map((i) => Number(i.number!.slice(site.invoices.numberPrefix.length)))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.at(-1)! - numbers[0]!).toBe(49);
    // And nothing in the whole table skips or repeats a number.
    const all = (
      await t.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.kind, "direct"))
    )
      .map((r) => r.number)
      .filter(
        (n): n is string =>
          n !== null &&
          n.startsWith(site.invoices.numberPrefix) &&
          !n.startsWith(site.invoices.creditNotePrefix),
      )
      .map((n) => Number(n.slice(site.invoices.numberPrefix.length)))
      .sort((a, b) => a - b);
    all.forEach((n, i) => expect(n).toBe(all[0]! + i));
  });
});

describe("the PDF", () => {
  it("carries every field of the non-VAT layout, with markup drawn as text and no late-payment interest", async () => {
    const { owner, request, invoice } = await issuedDirect([line("<b>Paint</b> the hall & stairs", 2, 9000)]);
    const res = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${invoice.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${invoice.id}/pdf?download=1`);
    expect(pdf.headers.get("content-disposition")).toBe(
      `attachment; filename="invoice-${invoice.number}.pdf"`,
    );
    const bytes = await invoicePdfBytes(invoice.id);
    const words = await pdfWords(bytes);
    for (const expected of [
      `Invoice ${invoice.number}`,
      site.company.registeredName,
      site.address.postalCode,
      site.phone.display,
      site.email,
      `company number ${site.company.number}`,
      request.name,
      "12 High Street, Kirkcaldy KY1 1AA",
      "<b>Paint</b> the hall & stairs",
      "Date of supply",
      "Invoice date",
      "£180.00",
      "Total",
      "Payment due",
      `sort code ${site.invoices.bank.sortCode}`,
      `account number ${site.invoices.bank.accountNumber}`,
      `Payment reference: ${invoice.number}`,
      "no VAT is charged",
    ]) {
      expect(words, expected).toContain(expected);
    }
    expect(words).not.toMatch(/VAT number|VAT registration/i);
    expect(words.toLowerCase()).not.toContain("interest");
  });

  it("is a full VAT invoice when VAT-registered: VAT number, time of supply, rate per line, VAT per rate", async () => {
    // VAT registered from today, through the owner's business details.
    await updateBusinessSettings(
      { vatRegistered: true, vatNumber: "GB123456789", vatRegisteredFrom: dateInZone(new Date()) },
      serviceContext(),
    );
    try {
      const owner = await adminClient();
      const res = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
        body: {
          kind: "direct",
          customer: { name: "VAT Customer", address: "1 Kirk Wynd, Kirkcaldy" },
          // Supplied 10 days before it is issued: the invoice date is the tax point.
          supplyDate: addDays(dateInZone(new Date()), -10),
          lines: [
            line("Boiler service", 1, 10000, 20),
            line("Energy-saving insulation", 3, 3333, 5),
            line("Child car seat", 1, 5000, 0),
          ],
        },
      });
      expect(res.status, res.text).toBe(201);
      const inv = res.json.invoice;
      // Net 10000 + 9999 + 5000; VAT 2000 + 499 (9999 × 5% = 499.95, rounded down) + 0.
      expect(inv.totals).toEqual({
        netPence: 24999,
        vatByRate: [
          { rate: 20, netPence: 10000, vatPence: 2000 },
          { rate: 5, netPence: 9999, vatPence: 499 },
          { rate: 0, netPence: 5000, vatPence: 0 },
        ],
        vatPence: 2499,
        totalPence: 27498,
      });
      const missing = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
        body: { kind: "direct", customer: { name: "VAT Customer" }, lines: [line("No rate", 1, 100)] },
      });
      expect(missing.status).toBe(422);
      expect(missing.json.error.fields.lines).toMatch(/Line 1: Please choose a VAT rate/);
      const issued = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${inv.id}/issue`);
      expect(issued.status).toBe(200);
      const words = await pdfWords(await invoicePdfBytes(inv.id));
      for (const expected of [
        "VAT invoice",
        `Invoice ${issued.json.invoice.number}`,
        "VAT registration number GB123456789",
        `Date of supply: ${formatDate(addDays(issued.json.invoice.issuedOn, -10))}`,
        `Time of supply (tax point): ${formatDate(issued.json.invoice.issuedOn)}`,
        "Qty",
        "Unit price",
        "VAT rate",
        "Net amount",
        "Energy-saving insulation 3 £33.33 5% £99.99",
        "Total before VAT £249.99",
        "VAT at 20% on £100.00 £20.00",
        "VAT at 5% on £99.99 £4.99",
        "VAT at 0% on £50.00 £0.00",
        "Total VAT £24.99",
        "Total including VAT £274.98",
        "VAT Customer",
        "1 Kirk Wynd, Kirkcaldy",
        `Payment reference: ${issued.json.invoice.number}`,
      ]) {
        expect(words, expected).toContain(expected);
      }
      expect(words.toLowerCase()).not.toContain("interest");

      // The VAT summary for the day moves by this invoice less its credit note.
      const today = dateInZone(new Date());
      const summaryOf = async () =>
        (await owner.call(adminInvoices, "GET", `/api/admin/invoices/vat-summary?from=${today}&to=${today}`))
          .json;
      const before = await summaryOf();
      const credit = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${inv.id}/credit-note`, {
        body: { reason: "Part refund", lines: [line("Boiler service refund", 1, 1000, 20)] },
      });
      expect(credit.status, credit.text).toBe(201);
      expect(issued.json.invoice.taxPoint).toBe(issued.json.invoice.issuedOn);
      // The VAT credit note names the invoice it corrects by its number and date.
      const cnWords = await pdfWords(await invoicePdfBytes(credit.json.creditNote.id));
      expect(cnWords).toContain(
        `Credits invoice ${issued.json.invoice.number} dated ${formatDate(issued.json.invoice.issuedOn)}`,
      );
      expect(cnWords).toContain("VAT at 20% on £10.00 £2.00");
      const after = await summaryOf();
      expect(after.vatRegistered).toBe(true);
      const band = (s: { bands: { rate: number; netPence: number; vatPence: number }[] }, rate: number) =>
        s.bands.find((b) => b.rate === rate) ?? { netPence: 0, vatPence: 0 };
      for (const [rate, net, vatPence] of [
        [20, -1000, -200],
        [5, 0, 0],
        [0, 0, 0],
      ] as const) {
        expect(band(after, rate).netPence - band(before, rate).netPence).toBe(net);
        expect(band(after, rate).vatPence - band(before, rate).vatPence).toBe(vatPence);
      }
      expect(after.vatPence - before.vatPence).toBe(-200);
      expect(after.totalPence - before.totalPence).toBe(-1200);
      expect(after.creditNoteCount - before.creditNoteCount).toBe(1);
    } finally {
      await updateBusinessSettings({ vatRegistered: false }, serviceContext());
    }
  });
});

async function invoicePdfBytes(id: number): Promise<Uint8Array> {
  const owner = await adminClient();
  const headers = new Headers({ Cookie: owner.cookie, "x-forwarded-for": "203.0.113.9" });
  const res = await adminInvoices(
    new Request(`http://localhost:8888/api/admin/invoices/${id}/pdf`, { headers }),
  );
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe("sending", () => {
  it("e-mails the invoice with its PDF and the link to the request's page, markup escaped", async () => {
    const { owner, request, invoice } = await issuedDirect([
      line("<script>alert(1)</script> Fix the gate", 1, 4000),
    ]);
    const draft = await directDraft();
    const notYet = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${draft.invoice.id}/send`);
    expect(notYet.status).toBe(409);
    const res = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/send`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.invoice.sentAt).not.toBeNull();
    const [mail] = (await mailOf(request.id)).filter((m) => m.kind === "invoice_sent");
    expect(mail).toBeDefined();
    expect(mail!.toAddress).toBe(request.email);
    expect(mail!.subject).toContain(`Invoice ${invoice.number}`);
    expect(mail!.textBody).toContain("<script>alert(1)</script> Fix the gate: £40.00");
    expect(mail!.textBody).toContain(`Reference: ${invoice.number}`);
    expect(mail!.textBody).toContain(`Sort code: ${site.invoices.bank.sortCode}`);
    expect(mail!.textBody).toMatch(/\/request\/__request_link__/);
    expect(mail!.htmlBody).not.toContain("<script>");
    expect(mail!.htmlBody).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Fix the gate");
    const words = await pdfWords(pdfOf(mail!));
    expect(words).toContain(`Invoice ${invoice.number}`);
    expect(words).toContain("<script>alert(1)</script> Fix the gate");
  });
});

describe("the customer's page", () => {
  it("lists the issued invoices with the balance and bank details, and serves each PDF under the customer's link only", async () => {
    const { owner, request, invoice } = await issuedDirect();
    const draft = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "direct", submissionId: request.id, lines: [line("Not issued yet", 1, 999)] },
    });
    await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/payments`, {
      body: { amountPence: 2500, method: "cash", receivedOn: dateInZone(new Date()) },
    });
    await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/send`);
    await sendPending(t.db, { submissionId: request.id });
    const [mail] = (await mailOf(request.id)).filter((m) => m.kind === "invoice_sent");
    const token = /\/request\/([A-Za-z0-9_-]{22})/.exec(sentMessage(mail!.id).text)![1]!;

    const view = await customerPage(token, serviceContext());
    expect(view.invoices).toMatchObject({
      balancePence: 10000,
      bank: { sortCode: site.invoices.bank.sortCode, accountNumber: site.invoices.bank.accountNumber },
      invoices: [
        { id: invoice.id, number: invoice.number, status: "part-paid", balancePence: 10000, paidPence: 2500 },
      ],
    });
    expect(view.invoices!.invoices).toHaveLength(1);
    const path = view.invoices!.invoices[0]!.pdfPath;
    expect(path).toBe(`/request/${token}/invoice.pdf?invoice=${invoice.id}`);

    const get = (p: string) =>
      customerPageFn(new Request(`http://localhost:8888${p}`, { headers: { Accept: "application/pdf" } }));
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const words = await pdfWords(new Uint8Array(await res.arrayBuffer()));
    expect(words).toContain(`Invoice ${invoice.number}`);
    // The PDF is the invoice as issued (it never changes); the page shows what is owed now.
    expect(words).toContain("Balance due £125.00");
    expect(words).not.toContain("Less paid");

    const other = await issuedDirect();
    for (const wrong of [
      `/request/${token}/invoice.pdf?invoice=${draft.json.invoice.id}`,
      `/request/${token}/invoice.pdf?invoice=${other.invoice.id}`,
      `/request/${token}/invoice.pdf?invoice=abc`,
      `/request/${"x".repeat(22)}/invoice.pdf?invoice=${invoice.id}`,
    ]) {
      const refused = await get(wrong);
      expect(refused.status, wrong).toBe(404);
      expect(refused.headers.get("content-type")).not.toBe("application/pdf");
    }
  });
});

describe("the customer's link after the job is closed", () => {
  it("keeps working while an invoice is owed, and stops once it is paid", async () => {
    const { owner, request, invoice } = await issuedDirect();
    await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/send`);
    await sendPending(t.db, { submissionId: request.id });
    const [mail] = (await mailOf(request.id)).filter((m) => m.kind === "invoice_sent");
    const token = /\/request\/([A-Za-z0-9_-]{22})/.exec(sentMessage(mail!.id).text)![1]!;
    const closedLongAgo = new Date(
      Date.now() - (site.security.customerLinks.afterCloseDays + 5) * 86_400_000,
    );
    await t.db
      .update(requests)
      .set({ state: "done", stateChangedAt: closedLongAgo })
      .where(eq(requests.id, request.id));
    // The invoice and its link went out when the job was closed.
    await t.db
      .update(customerLinks)
      .set({ createdAt: closedLongAgo })
      .where(eq(customerLinks.submissionId, request.id));

    const view = await customerPage(token, serviceContext());
    expect(view.invoices?.balancePence).toBe(12500);

    await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/payments`, {
      body: { amountPence: 12500, method: "bank_transfer", receivedOn: dateInZone(new Date()) },
    });
    await expect(customerPage(token, serviceContext())).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("a request whose invoices are records", () => {
  it("cannot be deleted once an invoice is issued (alone or in a bulk delete): 409 naming the invoice, nothing removed", async () => {
    const { owner, request, invoice } = await issuedDirect();
    const single = await owner.call(adminSubmissions, "DELETE", `/api/admin/submissions/${request.id}`);
    expect(single.status).toBe(409);
    expect(single.json.error.code).toBe("has_issued_invoices");
    expect(single.json.error.message).toContain(`issued invoice ${invoice.number}`);
    expect(single.json.error.message).toContain("Anonymise it instead");

    const other = await seedRequest();
    const bulk = await owner.call(adminSubmissions, "POST", "/api/admin/submissions/bulk", {
      body: { action: "delete", ids: [other.id, request.id] },
    });
    expect(bulk.status).toBe(409);
    expect(bulk.json.error.code).toBe("has_issued_invoices");
    // Nothing went: not the request with the invoice, not the other one, not the invoice.
    expect(await t.db.select().from(requests).where(eq(requests.id, request.id))).toHaveLength(1);
    expect(await t.db.select().from(requests).where(eq(requests.id, other.id))).toHaveLength(1);
    const [kept] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toMatchObject({ submissionId: request.id, customerEmail: request.email });
  });

  it("may be anonymised instead: the customer's details go, the request, its invoice, PDF and link stay", async () => {
    const { owner, request, invoice } = await issuedDirect();
    await t.db.insert(requestNotes).values({ submissionId: request.id, body: "Gate code 1234" });
    expect((await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/send`)).status).toBe(
      200,
    );
    await sendPending(t.db, { submissionId: request.id });
    const [sent] = (await mailOf(request.id)).filter((m) => m.kind === "invoice_sent");
    const token = /\/request\/([A-Za-z0-9_-]{22})/.exec(sentMessage(sent!.id).text)![1]!;

    const res = await owner.call(adminSubmissions, "POST", `/api/admin/submissions/${request.id}/anonymise`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.submission).toMatchObject({
      id: request.id,
      name: "Anonymised customer",
      email: null,
      phone: null,
    });
    const [row] = await t.db.select().from(requests).where(eq(requests.id, request.id));
    expect(row).toMatchObject({ email: null, phone: null, address: "Removed", customerId: null });
    expect(row!.message).not.toContain("radiator");
    expect(row!.anonymisedAt).not.toBeNull();
    expect(row!.archivedAt).not.toBeNull();
    expect(
      await t.db.select().from(requestNotes).where(eq(requestNotes.submissionId, request.id)),
    ).toHaveLength(0);
    expect(await mailOf(request.id)).toHaveLength(0);
    // The invoice stays, made out to the same name and address, without the e-mail address.
    const [kept] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toMatchObject({ submissionId: request.id, customerName: request.name, customerEmail: null });
    // The customer's link still opens the invoice and its PDF.
    const view = await customerPage(token, serviceContext());
    expect(view.invoices!.invoices.map((i) => i.number)).toEqual([invoice.number]);
    const pdf = await customerPageFn(
      new Request(`http://localhost:8888${view.invoices!.invoices[0]!.pdfPath}`, {
        headers: { Accept: "application/pdf" },
      }),
    );
    expect(pdf.status).toBe(200);
    expect(await pdfWords(new Uint8Array(await pdf.arrayBuffer()))).toContain(`Invoice ${invoice.number}`);
    // Still not deletable; anonymising again changes nothing more.
    expect(
      (await owner.call(adminSubmissions, "DELETE", `/api/admin/submissions/${request.id}`)).status,
    ).toBe(409);
    expect(
      (await owner.call(adminSubmissions, "POST", `/api/admin/submissions/${request.id}/anonymise`)).status,
    ).toBe(200);
    expect(
      (await owner.call(adminSubmissions, "POST", "/api/admin/submissions/999999/anonymise")).status,
    ).toBe(404);
  });

  it("with only a draft invoice may be deleted, and the draft goes with it", async () => {
    const { owner, request, invoice } = await directDraft();
    const res = await owner.call(adminSubmissions, "DELETE", `/api/admin/submissions/${request.id}`);
    expect(res.status, res.text).toBe(204);
    expect(await t.db.select().from(requests).where(eq(requests.id, request.id))).toHaveLength(0);
    expect(await t.db.select().from(invoices).where(eq(invoices.id, invoice.id))).toHaveLength(0);
  });
});

describe("payments", () => {
  it("moves unpaid → part-paid → paid, sends the receipt once, and a removed payment stays in the trail", async () => {
    const { owner, request, invoice } = await issuedDirect();
    const today = dateInZone(new Date());
    const pay = (body: unknown) =>
      owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/payments`, { body });

    const first = await pay({ amountPence: 5000, method: "cash", receivedOn: today });
    expect(first.status, first.text).toBe(201);
    expect(first.json.invoice).toMatchObject({ status: "part-paid", paidPence: 5000, balancePence: 7500 });
    expect(first.json.payment).toMatchObject({
      amountPence: 5000,
      method: "cash",
      receivedOn: today,
      removedAt: null,
    });

    const over = await pay({ amountPence: 7501, method: "bank_transfer", receivedOn: today });
    expect(over.status).toBe(422);
    expect(over.json.error.fields.amountPence).toBe(
      "£0.01 more than the £75.00 owed: keep it on account, or refund it?",
    );

    const rest = await pay({
      amountPence: 7500,
      method: "bank_transfer",
      receivedOn: today,
      reference: "BACS KH",
    });
    expect(rest.status).toBe(201);
    expect(rest.json.invoice).toMatchObject({ status: "paid", paidPence: 12500, balancePence: 0 });
    expect(rest.json.invoice.paidAt).not.toBeNull();
    const receipts = (await mailOf(request.id)).filter((m) => m.kind === "invoice_receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Receipt: invoice ${invoice.number} is paid in full`);
    expect(receipts[0]!.textBody).toContain("Total paid: £125.00");
    expect(receipts[0]!.textBody).toContain("£75.00 (Bank transfer)");

    const paidAgain = await pay({ amountPence: 1, method: "cash", receivedOn: today });
    expect(paidAgain.status).toBe(409);

    const removed = await owner.call(
      adminInvoicePayment,
      "DELETE",
      `/api/admin/invoices/${invoice.id}/payments/${rest.json.payment.id}`,
    );
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.invoice).toMatchObject({
      status: "part-paid",
      paidPence: 5000,
      balancePence: 7500,
      paidAt: null,
    });
    const kept = removed.json.invoice.payments.find((p: { id: number }) => p.id === rest.json.payment.id);
    expect(kept).toMatchObject({ removedBy: "owner", amountPence: 7500 });
    expect(kept.removedAt).not.toBeNull();
    const twice = await owner.call(
      adminInvoicePayment,
      "DELETE",
      `/api/admin/invoices/${invoice.id}/payments/${rest.json.payment.id}`,
    );
    expect(twice.status).toBe(409);
    // The receipt said "paid in full": one short correction follows it, with the true balance.
    const corrections = (await mailOf(request.id)).filter((m) => m.kind === "invoice_correction");
    expect(corrections).toHaveLength(1);
    await sendPending(t.db, { submissionId: request.id });
    const correction = sentMessage(corrections[0]!.id);
    expect(correction.to.address).toBe(request.email);
    expect(correction.subject).toBe(`Correction: invoice ${invoice.number} is not yet paid in full`);
    const text = correction.text.replace(/\s+/g, " ");
    expect(text).toContain(`receipt saying invoice ${invoice.number} was paid in full`);
    expect(text).toContain("the payment of £75.00 we recorded on");
    expect(text).toContain("Invoice total: £125.00 Paid: £50.00 Still to pay: £75.00");
    expect(text).toContain(`Reference: ${invoice.number}`);
    // Removing a payment from an invoice that was never paid in full sends nothing.
    const partRemoved = await owner.call(
      adminInvoicePayment,
      "DELETE",
      `/api/admin/invoices/${invoice.id}/payments/${first.json.payment.id}`,
    );
    expect(partRemoved.status).toBe(200);
    expect((await mailOf(request.id)).filter((m) => m.kind === "invoice_correction")).toHaveLength(1);
    // The owner recorded every payment himself: no e-mail to him about any of them.
    expect((await mailOf(request.id)).filter((m) => m.kind.startsWith("owner_"))).toHaveLength(0);
    const bad = await owner.call(
      adminInvoicePayment,
      "DELETE",
      `/api/admin/invoices/${invoice.id}/payments/abc`,
    );
    expect(bad.status).toBe(404);
    const rows = await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    expect(rows).toHaveLength(2);
    const notes = (await historyOf(request.id)).map((h) => h.note ?? "");
    expect(notes.some((n) => n.startsWith("Payment of £75.00 received") && n.includes("removed"))).toBe(true);
  });

  it("refuses 0, negative, fractional, future-dated and unknown-method payments, and payments on a draft", async () => {
    const { owner, invoice } = await issuedDirect();
    const today = dateInZone(new Date());
    const cases: [unknown, string, RegExp][] = [
      [{ amountPence: 0, method: "cash", receivedOn: today }, "amountPence", /more than £0.00/],
      [{ amountPence: -100, method: "cash", receivedOn: today }, "amountPence", /more than £0.00/],
      [{ amountPence: 10.5, method: "cash", receivedOn: today }, "amountPence", /whole number of pence/],
      [
        { amountPence: 100, method: "cheque", receivedOn: today },
        "method",
        /bank transfer, cash, card reader or other/,
      ],
      [{ amountPence: 100, method: "cash", receivedOn: "2026-02-30" }, "receivedOn", /real date/],
      [
        { amountPence: 100, method: "cash", receivedOn: addDays(today, 1) },
        "receivedOn",
        /cannot be in the future/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/payments`, {
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.fields[field]).toMatch(message);
    }
    const draft = await directDraft();
    const res = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${draft.invoice.id}/payments`, {
      body: { amountPence: 100, method: "cash", receivedOn: today },
    });
    expect(res.status).toBe(409);
    const none = await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    expect(none).toHaveLength(0);
  });
});

describe("credit notes", () => {
  it("credits part of an invoice, refuses more than is left, and a full credit makes it void", async () => {
    const { owner, request, invoice } = await issuedDirect();
    const part = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: { reason: "Valve supplied by the customer", lines: [line("Radiator valve not needed", 1, 6500)] },
    });
    expect(part.status, part.text).toBe(201);
    expect(part.json.creditNote).toMatchObject({
      kind: "credit_note",
      creditedInvoiceId: invoice.id,
      creditedInvoiceNumber: invoice.number,
      totalPence: 6500,
      reason: "Valve supplied by the customer",
    });
    expect(part.json.creditNote.number).toMatch(/^KH-CN-\d{4,}$/);
    expect(part.json.invoice).toMatchObject({ status: "unpaid", creditedPence: 6500, balancePence: 6000 });
    // Its e-mail gives the invoice's new balance.
    const sentNote = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${part.json.creditNote.id}/send`,
    );
    expect(sentNote.status, sentNote.text).toBe(200);
    const [noteMail] = (await mailOf(request.id)).filter((m) => m.subject.startsWith("Credit note"));
    expect(noteMail!.textBody).toContain(
      `Invoice ${invoice.number} now stands at:\nTotal: £125.00\nCredited: £65.00\nPaid: £0.00\nStill to pay: £60.00.`,
    );
    const tooMuch = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: { reason: "Everything", lines: [line("All of it", 1, 6001)] },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.json.error.fields.lines).toContain("cannot be more than what is left to credit");
    const noReason = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${invoice.id}/credit-note`,
      { body: { reason: " " } },
    );
    expect(noReason.status).toBe(422);
    const whole = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: { reason: "Job cancelled", lines: [line("Labour not done", 1, 6000)] },
    });
    expect(whole.status).toBe(201);
    expect(whole.json.invoice).toMatchObject({ status: "void", creditedPence: 12500, balancePence: 0 });
    const payVoid = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/payments`, {
      body: { amountPence: 100, method: "cash", receivedOn: dateInZone(new Date()) },
    });
    expect(payVoid.status).toBe(409);
    const words = await pdfWords(await invoicePdfBytes(part.json.creditNote.id));
    expect(words).toContain(`Credit note ${part.json.creditNote.number}`);
    expect(words).toContain(`Credits invoice ${invoice.number}`);
    expect(words).toContain("Total credited £65.00");
    const listed = await owner.call(
      adminInvoicesRequest,
      "GET",
      `/api/admin/submissions/${request.id}/invoices`,
    );
    expect(listed.json.invoices.map((i: { kind: string }) => i.kind)).toEqual([
      "direct",
      "credit_note",
      "credit_note",
    ]);
  });

  it("with no lines credits the whole invoice", async () => {
    const { owner, invoice } = await issuedDirect();
    const res = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: { reason: "Billed twice" },
    });
    expect(res.status).toBe(201);
    expect(res.json.creditNote.totalPence).toBe(12500);
    expect(res.json.invoice.status).toBe("void");
  });
});

describe("from an accepted quote", () => {
  it("invoices the deposit, then the balance less the deposit, and refuses a balance when nothing is left", async () => {
    const { owner, request, quoteId } = await acceptedQuote();
    const state = await owner.call(
      adminInvoicesRequest,
      "GET",
      `/api/admin/submissions/${request.id}/invoices`,
    );
    expect(state.json.quote).toMatchObject({
      quoteId,
      acceptedTotalPence: 90000,
      depositDuePence: 22500,
      canInvoiceFull: true,
      canInvoiceDeposit: true,
      canInvoiceBalance: true,
    });
    const deposit = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "deposit", quoteId },
    });
    expect(deposit.status, deposit.text).toBe(201);
    expect(deposit.json.invoice).toMatchObject({
      kind: "deposit",
      totalPence: 22500,
      quoteId,
      submissionId: request.id,
    });
    const early = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "balance", quoteId },
    });
    expect(early.status).toBe(409);
    expect(early.json.error.message).toContain("draft deposit invoice");
    const issued = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${deposit.json.invoice.id}/issue`,
    );
    const depositNumber = issued.json.invoice.number;
    const full = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "full", quoteId },
    });
    expect(full.status).toBe(409);

    const balance = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "balance", quoteId },
    });
    expect(balance.status, balance.text).toBe(201);
    expect(balance.json.invoice.totalPence).toBe(67500);
    expect(
      balance.json.invoice.lines.map((l: { description: string; netPence: number }) => [
        l.description,
        l.netPence,
      ]),
    ).toEqual([
      ["Tile the bathroom wall", 60000],
      ["Labour (hours)", 30000],
      [`Less deposit invoiced (${depositNumber})`, -22500],
    ]);
    const fixedLines = await owner.call(
      adminInvoices,
      "PATCH",
      `/api/admin/invoices/${balance.json.invoice.id}`,
      {
        body: { lines: [line("x", 1, 1)] },
      },
    );
    expect(fixedLines.status).toBe(422);
    // Issuing knows which deposits the draft deducts by their ids, fixed when it was written, not
    // by reading the lines' words: a reworded deduction still counts.
    await t.db
      .update(invoiceLines)
      .set({ description: "Deposit already paid, thank you" })
      .where(
        and(
          eq(invoiceLines.invoiceId, balance.json.invoice.id),
          eq(invoiceLines.description, `Less deposit invoiced (${depositNumber})`),
        ),
      );
    const [draft] = await t.db.select().from(invoices).where(eq(invoices.id, balance.json.invoice.id));
    expect(draft!.countedDepositIds).toEqual([deposit.json.invoice.id]);
    const issuedBalance = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${balance.json.invoice.id}/issue`,
    );
    expect(issuedBalance.status).toBe(200);
    const nothing = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "balance", quoteId },
    });
    expect(nothing.status).toBe(409);
    expect(nothing.json.error.message).toContain("nothing is left to invoice");
  });

  it("invoices the whole accepted quote, and refuses a quote that is not accepted", async () => {
    const { owner, quoteId } = await acceptedQuote();
    const full = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "full", quoteId },
    });
    expect(full.status, full.text).toBe(201);
    expect(full.json.invoice).toMatchObject({ kind: "full", totalPence: 90000 });
    const request = await seedRequest();
    const draftQuote = await owner.call(
      adminRequestQuotes,
      "POST",
      `/api/admin/submissions/${request.id}/quotes`,
      {
        body: { lines: [line("Paint", 1, 1000)] },
      },
    );
    const refused = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "full", quoteId: draftQuote.json.quote.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain("Only an accepted quote can be invoiced");
    const unknown = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "full", quoteId: 99999999 },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("reminders", () => {
  it("sends two at most, after the configured days, and none after payment or when turned off", async () => {
    const [first, second] = site.invoices.reminderDays as [number, number];
    const issuedAt = new Date("2026-03-02T10:00:00Z");
    const ctx = serviceContext({ now: issuedAt });
    const request = await seedRequest();
    const make = async () => {
      const d = await createInvoice(
        {
          kind: "direct",
          submissionId: request.id,
          lines: [line("Hang a door", 1, 15000)],
          note: null,
          supplyDate: null,
        } as never,
        ctx,
      );
      return issueInvoice(d.id, {}, ctx);
    };
    const chased = await make();
    const paidLater = await make();
    const turnedOff = await make();
    const dueOn = chased.dueOn!;
    const at = (days: number) => serviceContext({ now: new Date(`${addDays(dueOn, days)}T09:00:00Z`) });
    const remindersOf = async (id: number) =>
      (await mailOf(request.id)).filter(
        (m) =>
          m.kind === "invoice_reminder" &&
          m.subject.includes(
            (chased.id === id ? chased : id === paidLater.id ? paidLater : turnedOff).number!,
          ),
      );

    const owner = await adminClient();
    await owner.call(adminInvoices, "PATCH", `/api/admin/invoices/${turnedOff.id}`, {
      body: { remindersEnabled: false },
    });

    await runInvoiceReminders(at(first - 1));
    expect(await remindersOf(chased.id)).toHaveLength(0);
    await runInvoiceReminders(at(first));
    await runInvoiceReminders(at(first));
    expect(await remindersOf(chased.id)).toHaveLength(1);
    expect(await remindersOf(paidLater.id)).toHaveLength(1);
    expect(await remindersOf(turnedOff.id)).toHaveLength(0);

    // Paid in full after the first reminder: no second one.
    const { addPayment } = await import("../../src/features/invoices/service");
    await addPayment(
      paidLater.id,
      { amountPence: 15000, method: "bank_transfer", receivedOn: addDays(dueOn, first + 1), reference: null },
      at(first + 1),
    );

    await runInvoiceReminders(at(second - 1));
    expect(await remindersOf(chased.id)).toHaveLength(1);
    await runInvoiceReminders(at(second));
    await runInvoiceReminders(at(second + 30));
    const sent = await remindersOf(chased.id);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.textBody).toContain(`invoice ${chased.number}, which was due on`);
    expect(sent[0]!.textBody).toContain(`Reference: ${chased.number}`);
    expect(sent[0]!.textBody.toLowerCase()).not.toContain("interest");
    expect(await remindersOf(paidLater.id)).toHaveLength(1);
    expect(await remindersOf(turnedOff.id)).toHaveLength(0);
    const notes = (await historyOf(request.id)).map((h) => h.note ?? "");
    expect(notes.filter((n) => n.includes(`reminder e-mailed for invoice ${chased.number}`))).toHaveLength(2);
  });
});

describe("records kept six years", () => {
  it("erasing a person keeps their invoices, payments and accepted quote with only the name and address", async () => {
    const { owner, request, quoteId } = await acceptedQuote();
    const full = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "full", quoteId },
    });
    const issued = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${full.json.invoice.id}/issue`,
    );
    await owner.call(adminInvoices, "POST", `/api/admin/invoices/${full.json.invoice.id}/payments`, {
      body: { amountPence: 10000, method: "bank_transfer", receivedOn: dateInZone(new Date()) },
    });
    const draft = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: { kind: "direct", submissionId: request.id, lines: [line("Never issued", 1, 100)] },
    });
    const phoneJob = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: {
        kind: "direct",
        customer: { name: request.name, email: request.email.toUpperCase() },
        lines: [line("Phone job", 1, 100)],
      },
    });

    const result = await erasePerson(request.email, serviceContext());
    expect(result.submissions).toBe(1);
    expect(await t.db.select().from(requests).where(eq(requests.id, request.id))).toHaveLength(0);
    expect(await t.db.select().from(quotes).where(eq(quotes.id, quoteId))).toHaveLength(0);

    const kept = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${full.json.invoice.id}`);
    expect(kept.status).toBe(200);
    expect(kept.json.invoice).toMatchObject({
      number: issued.json.invoice.number,
      submissionId: null,
      quoteId: null,
      customer: { name: request.name, email: null },
      paidPence: 10000,
      status: "part-paid",
      remindersEnabled: false,
    });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, full.json.invoice.id));
    expect(row!.keptQuote).toMatchObject({
      title: `Q-${String(request.id).padStart(6, "0")}`,
      acceptance: { totalPence: 90000, depositPence: 22500 },
    });
    expect(
      await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, full.json.invoice.id)),
    ).toHaveLength(1);
    const gone = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${draft.json.invoice.id}`);
    expect(gone.status).toBe(404);
    const phone = await owner.call(adminInvoices, "GET", `/api/admin/invoices/${phoneJob.json.invoice.id}`);
    expect(phone.json.invoice.customer).toEqual({ name: request.name, email: null, address: null });
  });

  it("the retention job deletes invoices only once their accounting years have passed", async () => {
    const years = site.retention.accountingRecordYears;
    const old = new Date("2026-03-01T10:00:00Z");
    const ctx = serviceContext({ now: old });
    const draft = await createInvoice(
      {
        kind: "direct",
        customer: { name: "Old Customer", email: null, address: null },
        lines: [line("Old job", 1, 5000)],
        note: null,
        supplyDate: null,
      } as never,
      ctx,
    );
    const inv = await issueInvoice(draft.id, {}, ctx);
    const { addPayment, createCreditNote } = await import("../../src/features/invoices/service");
    await addPayment(
      inv.id,
      { amountPence: 1000, method: "cash", receivedOn: "2026-03-01", reference: null },
      ctx,
    );
    await createCreditNote(
      inv.id,
      { reason: "Discount", lines: [{ description: "Discount", quantity: 1, unitPence: 500 }] } as never,
      ctx,
    );

    const justBefore = new Date(`${2026 + years}-02-28T12:00:00Z`);
    expect(accountingCutoff(justBefore)).toBe(`2026-02-28`);
    expect((await planRetention(serviceContext({ now: justBefore }))).expiredInvoices).not.toContain(inv.id);
    await applyRetention(serviceContext({ now: justBefore }));
    expect(await t.db.select().from(invoices).where(eq(invoices.id, inv.id))).toHaveLength(1);

    const later = serviceContext({ now: new Date(`${2026 + years}-03-02T12:00:00Z`) });
    expect((await planRetention(later)).expiredInvoices).toContain(inv.id);
    const report = await applyRetention(later);
    expect(report.invoicesDeleted).toBeGreaterThanOrEqual(2);
    expect(await t.db.select().from(invoices).where(eq(invoices.id, inv.id))).toHaveLength(0);
    expect(await t.db.select().from(invoices).where(eq(invoices.creditedInvoiceId, inv.id))).toHaveLength(0);
    expect(
      await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv.id)),
    ).toHaveLength(0);
    expect(accountingCutoff(new Date("2032-02-29T12:00:00Z"))).toBe("2026-03-01");
  });
});

describe("money at a glance and the accountant's exports", () => {
  it("sums outstanding and overdue, this month's invoiced and received, and 12 months", async () => {
    const owner = await adminClient();
    const before = (await owner.call(adminMoney, "GET", "/api/admin/money")).json;
    const { invoice } = await issuedDirect();
    const today = dateInZone(new Date());
    await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/payments`, {
      body: { amountPence: 2500, method: "card", receivedOn: today },
    });
    const res = await owner.call(adminMoney, "GET", "/api/admin/money");
    expect(res.status, res.text).toBe(200);
    const after = res.json;
    expect(after.outstandingPence - before.outstandingPence).toBe(10000);
    expect(after.thisMonth.invoicedPence - before.thisMonth.invoicedPence).toBe(12500);
    expect(after.thisMonth.receivedPence - before.thisMonth.receivedPence).toBe(2500);
    expect(after.months).toHaveLength(12);
    expect(after.months[11]).toEqual(after.thisMonth);
    expect(after.thisMonth.month).toBe(today.slice(0, 7));
    for (let i = 1; i < 12; i++) expect(after.months[i].month > after.months[i - 1].month).toBe(true);
    const days = after.overdue.map((o: { dueOn: string }) => o.dueOn);
    expect([...days].sort()).toEqual(days);
  });

  it("exports Xero's sales-invoice CSV: its columns, numbers as numbers, TaxAmount adding up to the VAT, the address split", async () => {
    const owner = await adminClient();
    const { invoice, request } = await issuedDirect([
      line('=HYPERLINK("x") Paint', 1, 9000),
      line("Labour, two days", 2, 20000),
    ]);
    const credit = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/credit-note`, {
      body: { reason: "Discount", lines: [line("Goodwill discount", 1, 1000)] },
    });
    // VAT registered from today, through the owner's business details.
    await updateBusinessSettings(
      { vatRegistered: true, vatNumber: "GB123456789", vatRegisteredFrom: dateInZone(new Date()) },
      serviceContext(),
    );
    let vatInvoice: { id: number; number: string; totals: { vatPence: number }; totalPence: number };
    try {
      const made = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
        body: {
          kind: "direct",
          customer: { name: "Ŵyneth Jones", address: "Flat 1\n3 Kirk Wynd\nKirkcaldy\nKY1 1AA" },
          lines: [
            line("Shelves", 3, 3333, 20),
            line("Brackets", 1, 1999, 20),
            line("Child seat", 1, 1010, 5),
          ],
        },
      });
      expect(made.status, made.text).toBe(201);
      const issued = await owner.call(
        adminInvoices,
        "POST",
        `/api/admin/invoices/${made.json.invoice.id}/issue`,
      );
      vatInvoice = issued.json.invoice;
    } finally {
      await updateBusinessSettings({ vatRegistered: false }, serviceContext());
    }
    const today = dateInZone(new Date());
    const ukToday = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    const res = await owner.call(
      adminInvoices,
      "GET",
      `/api/admin/invoices/export.csv?from=${today}&to=${today}&format=xero`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.text.startsWith("\uFEFF")).toBe(true);
    const header = parse(res.text, { bom: true, to: 1 })[0] as string[];
    expect(header).toEqual([...xeroHeader]);
    const rows = readCsv(res.text);
    const numeric = ["Total", "*Quantity", "*UnitAmount", "TaxAmount"];
    for (const r of rows) for (const c of numeric) expect(typeof r[c], `${c} ${r[c]}`).toBe("number");
    for (const r of rows) expect(r["*InvoiceDate"]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    const mine = rows.filter((r) => r["*InvoiceNumber"] === invoice.number);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      "*Description": '\'=HYPERLINK("x") Paint',
      POAddressLine1: "12 High Street",
      POCity: "Kirkcaldy",
      POPostalCode: "KY1 1AA",
      POCountry: "United Kingdom",
      Reference: requestReference({ id: request.id, formType: "booking" }),
      Total: 490,
    });
    expect(mine[1]).toMatchObject({
      "*Description": "Labour, two days",
      "*Quantity": 2,
      "*UnitAmount": 200,
      "*TaxType": "No VAT",
      TaxAmount: 0,
      "*AccountCode": site.invoices.accountCode,
      "*InvoiceDate": ukToday,
    });
    const cn = rows.filter((r) => r["*InvoiceNumber"] === credit.json.creditNote.number);
    expect(cn).toHaveLength(1);
    expect(cn[0]).toMatchObject({ "*UnitAmount": -10, Total: -10, TaxAmount: 0 });
    expect(cn[0]!.Reference).toBe(
      `${requestReference({ id: request.id, formType: "booking" })}, credit for ${invoice.number}`,
    );

    const v = rows.filter((r) => r["*InvoiceNumber"] === vatInvoice.number);
    expect(v.map((r) => r["*TaxType"])).toEqual([
      "20% (VAT on Income)",
      "20% (VAT on Income)",
      "5% (VAT on Income)",
    ]);
    const taxPence = v.reduce((s, r) => s + Math.round((r.TaxAmount as number) * 100), 0);
    expect(taxPence).toBe(vatInvoice.totals.vatPence);
    // 20% of £119.98 = 2399.6p and 5% of £10.10 = 50.5p, each rounded down.
    expect(vatInvoice.totals.vatPence).toBe(2399 + 50);
    expect(v[0]).toMatchObject({
      "*ContactName": "Ŵyneth Jones",
      POAddressLine1: "Flat 1",
      POAddressLine2: "3 Kirk Wynd",
      POCity: "Kirkcaldy",
      POPostalCode: "KY1 1AA",
      Reference: "",
      Total: vatInvoice.totalPence / 100,
    });

    const bad = await owner.call(
      adminInvoices,
      "GET",
      "/api/admin/invoices/export.csv?from=2026-13-01&to=2026-12-01",
    );
    expect(bad.status).toBe(400);
    const backwards = await owner.call(
      adminInvoices,
      "GET",
      `/api/admin/invoices/export.csv?from=${today}&to=2020-01-01`,
    );
    expect(backwards.status).toBe(400);

    const payments = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${invoice.id}/payments`, {
      body: { amountPence: 4000, method: "bank_transfer", receivedOn: today, reference: "+44 transfer" },
    });
    expect(payments.status).toBe(201);
    const csv = await owner.call(
      adminInvoices,
      "GET",
      `/api/admin/invoices/payments.csv?from=${today}&to=${today}`,
    );
    const prows = readCsv(csv.text);
    expect(Object.keys(prows[0]!)).toEqual([
      "Date",
      "InvoiceNumber",
      "Customer",
      "Amount",
      "Method",
      "Reference",
      "Recorded",
      "Overpaid",
      "OverpaidAs",
    ]);
    const mineP = prows.find((r) => r.InvoiceNumber === invoice.number);
    expect(mineP).toMatchObject({
      Date: ukToday,
      Amount: 40,
      Method: "Bank transfer",
      Reference: "+44 transfer",
      Recorded: ukToday,
    });
  });
});

/** A CSV read back by csv-parse, by column name; a bare cell that reads as a number becomes one. */
function readCsv(text: string): Record<string, string | number>[] {
  return parse(text, {
    bom: true,
    columns: true,
    cast: (value, context) =>
      !context.header && !context.quoting && value !== "" && Number.isFinite(Number(value))
        ? Number(value)
        : value,
  });
}
