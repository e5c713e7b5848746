/**
 * What the owner downloads, through the real function handlers on a real database
 * (docs/decisions/043-security-by-default.md): every admin file (the CSV exports, the quote and
 * invoice PDFs) carries `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'` and
 * `X-Content-Type-Options: nosniff`, so a file a browser opens can load, run and be framed by
 * nothing; the accountant's exports cover at most `maxExportDays` days, a longer range refused with
 * 400 naming the maximum; and the customer's invoice PDF behind a wrong link answers the page's own
 * 404 page (HTML), not the JSON envelope.
 */
import { describe, expect, it } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import adminQuotes from "../../netlify/functions/admin-quotes.mts";
import adminRequestQuotes from "../../netlify/functions/admin-request-quotes.mts";
import adminSubmissions from "../../netlify/functions/admin-submissions.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import { maxExportDays } from "../../src/features/invoices/contract";
import { addDays, dateInZone } from "../../src/platform/time";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const downloadPolicy = "default-src 'none'; frame-ancestors 'none'";

function expectLockedDown(res: { status: number; headers: Headers; text: string }, type: RegExp) {
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(res.headers.get("content-type")).toMatch(type);
  expect(res.headers.get("content-security-policy")).toBe(downloadPolicy);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("content-disposition")).toMatch(/^(attachment|inline); filename="/);
}

describe("admin downloads", () => {
  it("CSV exports and PDFs carry a CSP that allows nothing, and nosniff", async () => {
    const owner = await adminClient();
    const request = await seedRequest();
    const today = dateInZone(new Date());

    const quote = await owner.call(
      adminRequestQuotes,
      "POST",
      `/api/admin/submissions/${request.id}/quotes`,
      {
        body: { lines: [{ description: "Fit a new tap", quantity: 1, unitPence: 12_000 }] },
      },
    );
    expect(quote.status, quote.text).toBe(201);
    const invoice = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: {
        kind: "direct",
        submissionId: request.id,
        lines: [{ description: "Fit a new tap", quantity: 1, unitPence: 12_000 }],
      },
    });
    expect(invoice.status, invoice.text).toBe(201);
    const issued = await owner.call(
      adminInvoices,
      "POST",
      `/api/admin/invoices/${invoice.json.invoice.id}/issue`,
    );
    expect(issued.status, issued.text).toBe(200);

    const files: [Awaited<ReturnType<typeof owner.call>>, RegExp][] = [
      [
        await owner.call(adminQuotes, "GET", `/api/admin/quotes/${quote.json.quote.id}/pdf`),
        /^application\/pdf/,
      ],
      [
        await owner.call(adminQuotes, "GET", `/api/admin/quotes/${quote.json.quote.id}/pdf?download=1`),
        /^application\/pdf/,
      ],
      [
        await owner.call(adminInvoices, "GET", `/api/admin/invoices/${invoice.json.invoice.id}/pdf`),
        /^application\/pdf/,
      ],
      [
        await owner.call(
          adminInvoices,
          "GET",
          `/api/admin/invoices/export.csv?from=${today}&to=${today}&format=xero`,
        ),
        /^text\/csv/,
      ],
      [
        await owner.call(adminInvoices, "GET", `/api/admin/invoices/payments.csv?from=${today}&to=${today}`),
        /^text\/csv/,
      ],
      [await owner.call(adminSubmissions, "GET", "/api/admin/submissions/export.csv"), /^text\/csv/],
    ];
    for (const [res, type] of files) expectLockedDown(res, type);
  });
});

describe("the accountant's exports' longest range", () => {
  it(`takes ${maxExportDays} days and refuses one more with 400 naming the maximum`, async () => {
    const owner = await adminClient();
    const to = dateInZone(new Date());
    const longest = addDays(to, -(maxExportDays - 1));
    const tooLong = addDays(to, -maxExportDays);
    for (const path of ["export.csv", "payments.csv"]) {
      const fits = await owner.call(
        adminInvoices,
        "GET",
        `/api/admin/invoices/${path}?from=${longest}&to=${to}`,
      );
      expect(fits.status, `${path}: ${fits.text}`).toBe(200);
      const refused = await owner.call(
        adminInvoices,
        "GET",
        `/api/admin/invoices/${path}?from=${tooLong}&to=${to}`,
      );
      expect(refused.status, `${path}: ${refused.text}`).toBe(400);
      expect(JSON.stringify(refused.json.error)).toContain(`at most ${maxExportDays} days`);
    }
    const vat = await owner.call(
      adminInvoices,
      "GET",
      `/api/admin/invoices/vat-summary?from=${tooLong}&to=${to}`,
    );
    expect(vat.status).toBe(400);
    const years = await owner.call(
      adminInvoices,
      "GET",
      `/api/admin/invoices/export.csv?from=2000-01-01&to=${to}`,
    );
    expect(years.status).toBe(400);
  });
});

describe("the customer's invoice PDF behind a wrong link", () => {
  it("answers the page's own 404 page as HTML, with the page's CSP", async () => {
    for (const path of [
      "/request/AAAAAAAAAAAAAAAAAAAAAA/invoice.pdf?invoice=1",
      "/request/not-a-token/invoice.pdf?invoice=abc",
    ]) {
      const res = await customerPageFn(
        new Request(`http://localhost:8888${path}`, { headers: { Accept: "application/pdf" } }),
      );
      const body = await res.text();
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(body).toMatch(/<!doctype html>/i);
      expect(body).not.toContain('"error"');
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
  });
});
