/**
 * The invoices on the customer's page as HTML: every invoice and credit note with its PDF link,
 * the balance, the bank details with the invoice number as the reference and its copy button
 * (hidden until the page's script runs, the script allowed by its hash and nothing else), no bank
 * details once nothing is owed, and everything interpolated escaped.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { copyScript, invoicesCard } from "../../src/features/customer-page/html-invoices";
import type { CustomerInvoice, CustomerInvoices } from "../../src/features/invoices/contract/customer";
import { customerInvoicesSchema } from "../../src/features/invoices/contract/customer";
import { htmlPolicy } from "../../src/platform/http/response";

const invoice = (patch: Partial<CustomerInvoice>): CustomerInvoice => ({
  id: 7,
  kind: "full",
  title: "Invoice",
  number: "KH-0007",
  status: "unpaid",
  overdue: false,
  issuedOn: "2026-11-20",
  dueOn: "2026-12-04",
  totalPence: 28_000,
  paidPence: 0,
  creditedPence: 0,
  balancePence: 28_000,
  creditedInvoiceNumber: null,
  pdfPath: "/request/abcdefghijklmnopqrstuv/invoice/7.pdf",
  ...patch,
});

const data = (invoices: CustomerInvoice[], balancePence: number): CustomerInvoices =>
  customerInvoicesSchema.parse({
    invoices,
    balancePence,
    bank: { accountName: "Kingdom Handyman Services Ltd", sortCode: "12-34-56", accountNumber: "12345678" },
    terms: "Payment is due within 14 days of the invoice date.",
  });

/** The text a reader sees: tags dropped, entities decoded, spaces joined. */
const text = (html: string) =>
  html
    .replace(/<script>[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replace(/\s+/g, " ")
    .trim();

describe("the invoices card", () => {
  it("is not there when the request has no issued invoice", () => {
    expect(invoicesCard(null)).toBe("");
    expect(invoicesCard(data([], 0))).toBe("");
  });

  it("lists each invoice with its dates, total, what is paid and left, and its PDF", () => {
    const html = invoicesCard(
      data(
        [
          invoice({
            kind: "deposit",
            title: "Deposit invoice",
            number: "KH-0006",
            id: 6,
            status: "paid",
            totalPence: 2_800,
            paidPence: 2_800,
            balancePence: 0,
            pdfPath: "/request/t/invoice/6.pdf",
          }),
          invoice({
            kind: "balance",
            title: "Final invoice",
            status: "part-paid",
            paidPence: 10_000,
            balancePence: 15_200,
            totalPence: 25_200,
          }),
        ],
        15_200,
      ),
    );
    const words = text(html);
    expect(words).toContain("Your invoices");
    expect(words).toContain("Left to pay £152.00");
    expect(words).toContain("Deposit invoice KH-0006 Paid, thank you");
    expect(words).toContain("Final invoice KH-0007 Part paid");
    expect(words).toContain("Total £252.00 Paid £100.00 Left to pay £152.00");
    expect(words).toContain("Due by Fri 4 Dec 2026");
    expect(html).toContain('href="/request/t/invoice/6.pdf" download');
    expect(html).toContain('href="/request/abcdefghijklmnopqrstuv/invoice/7.pdf" download');
  });

  it("gives the bank details with each owed invoice's number as the reference and a copy button", () => {
    const html = invoicesCard(data([invoice({ overdue: true })], 28_000));
    const words = text(html);
    expect(words).toContain("Overdue");
    expect(words).toContain("Paying by bank transfer");
    expect(words).toContain(
      "Account name Kingdom Handyman Services Ltd Sort code 12-34-56 Account number 12345678",
    );
    expect(words).toContain("Reference KH-0007");
    expect(words).toContain("Please use the invoice number as the reference");
    expect(words).toContain("Payment is due within 14 days of the invoice date.");
    // Without JavaScript the button stays hidden and the reference is plain text to select.
    expect(html).toMatch(
      /<button type="button" class="button outline copy" data-copy="KH-0007"[^>]* hidden>/,
    );
    expect(html).toContain(`<script>${copyScript}</script>`);
  });

  it("leaves the bank details and the script out once nothing is owed", () => {
    const html = invoicesCard(data([invoice({ status: "paid", paidPence: 28_000, balancePence: 0 })], 0));
    expect(text(html)).toContain("Nothing left to pay £0.00");
    expect(html).not.toContain("Paying by bank transfer");
    expect(html).not.toContain("<script>");
  });

  it("shows a credit note against its invoice, and the voided invoice as cancelled", () => {
    const html = invoicesCard(
      data(
        [
          invoice({ status: "void", balancePence: 0 }),
          invoice({
            id: 9,
            kind: "credit_note",
            title: "Credit note",
            number: "KH-CN-0001",
            status: "paid",
            totalPence: 28_000,
            balancePence: 0,
            creditedInvoiceNumber: "KH-0007",
          }),
        ],
        0,
      ),
    );
    const words = text(html);
    expect(words).toContain("Cancelled by a credit note");
    expect(words).toContain(
      "Credit note KH-CN-0001 Against invoice KH-0007. Date Fri 20 Nov 2026 Credit £280.00",
    );
  });

  it("escapes what it interpolates", () => {
    const html = invoicesCard(
      data([invoice({ title: 'Invoice <img src=x onerror="alert(1)">', number: "KH-<b>1</b>" })], 28_000),
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>1</b>");
    expect(html).toContain("KH-&lt;b&gt;1&lt;/b&gt;");
  });

  it("has its script allowed by hash, and nothing more", () => {
    const html = `<style>p{}</style>${invoicesCard(data([invoice({})], 28_000))}`;
    const hash = createHash("sha256").update(copyScript, "utf8").digest("base64");
    const policy = htmlPolicy(html);
    expect(policy).toContain(`script-src 'sha256-${hash}'`);
    expect(policy).not.toContain("unsafe-inline");
  });
});
