/**
 * Invoice-only links (docs/decisions/053-invoice-links.md) on a real database, through the real
 * handlers: an invoice e-mailed to another address than the request's own carries no link to the
 * request's page but a link to that invoice alone, whose page, PDF and Pay button show that invoice
 * and nothing of the request; the request's own address still gets the request's page; "Revoke
 * links" stops invoice links; a reminder never makes a new link, and after a revoke carries none.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminHistory from "../../netlify/functions/admin-history.mts";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import invoiceLinkFn from "../../netlify/functions/invoice-link.mts";
import { site } from "../../src/config/site";
import { runInvoiceReminders } from "../../src/features/invoices/service-scheduled";
import { setMailSender } from "../../src/features/mail/service";
import { customerLinks, invoiceLinks, mailOutbox, requestHistory, requests } from "../../src/features/tables";
import { serviceContext } from "../../src/platform/context";
import { mailEnv } from "../../src/platform/env";
import { addDays } from "../../src/platform/time";
import { adminClient, seedRequest, uniqueTag } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { pdfWords } from "../helpers/pdf";
import { sendPending, sentMessage } from "../helpers/sent-mail";
import { startStripeServer, type StripeServer } from "../helpers/stripe-server";

const t = useTestDatabase();
const origin = "http://localhost:8888";
let stripe: StripeServer;

beforeAll(async () => {
  stripe = await startStripeServer({ webhookSecret: "whsec_invoice_links_0123456789" });
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(() => {
  process.env["STRIPE_SECRET_KEY"] = "sk_test_invoice_links";
  process.env["STRIPE_API_BASE"] = stripe.apiBase;
});
afterEach(() => {
  delete process.env["STRIPE_SECRET_KEY"];
  delete process.env["STRIPE_API_BASE"];
  setMailSender(undefined);
});

const requestToken = /\/request\/([A-Za-z0-9_-]{22})/;
const invoiceToken = /\/invoice\/([A-Za-z0-9_-]{22})/;

/**
 * A tenant's request with a door code and phone, and an invoice for it billed to `billTo` (the
 * landlord, or the tenant's own address), issued and e-mailed; the message as it left.
 */
async function invoiceEmailed(billTo: "landlord" | "tenant") {
  const owner = await adminClient();
  const tag = uniqueTag("tenant");
  const request = await seedRequest({
    name: `Tess Tenant ${tag}`,
    phone: "07700 900456",
    address: "Flat 2, 9 Links Street, Kirkcaldy KY1 1QH",
    message: `Door code 4321#, the key is under the mat (${tag}).`,
  });
  const made = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
    body: {
      kind: "direct",
      submissionId: request.id,
      lines: [{ description: "Replace the kitchen tap", quantity: 1, unitPence: 18500 }],
    },
  });
  expect(made.status, made.text).toBe(201);
  const id = made.json.invoice.id as number;
  const landlord = {
    name: `Larry Landlord ${tag}`,
    email: `landlord-${tag}@example.com`,
    address: "4 Estate Office, Dunfermline KY12 7AA",
  };
  // The tenant's own address in capitals: still the request's own address.
  const customer =
    billTo === "landlord"
      ? landlord
      : { name: request.name, email: request.email!.toUpperCase(), address: "Flat 2, 9 Links Street" };
  const patched = await owner.call(adminInvoices, "PATCH", `/api/admin/invoices/${id}`, {
    body: { customer },
  });
  expect(patched.status, patched.text).toBe(200);
  expect((await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/issue`)).status).toBe(200);
  const sent = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/send`);
  expect(sent.status, sent.text).toBe(200);
  await sendPending(t.db, { submissionId: request.id });
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, request.id));
  return { owner, request, landlord, invoice: sent.json.invoice, row: row!, message: sentMessage(row!.id) };
}

const get = (path: string, accept = "text/html") =>
  invoiceLinkFn(new Request(`${origin}${path}`, { headers: { Accept: accept } }));

const pay = (token: string, invoiceId: number) =>
  invoiceLinkFn(
    new Request(`${origin}/invoice/${token}/pay`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: `invoice=${invoiceId}`,
    }),
  );

const revoke = (owner: Awaited<ReturnType<typeof adminClient>>, submissionId: number) =>
  owner.call(adminHistory, "POST", "/api/admin/history/revoke-links", { body: { submissionId } });

describe("an invoice e-mailed to another address than the request's", () => {
  it("carries no request link, and its invoice link shows that invoice alone: amounts, PDF, how to pay", async () => {
    const { request, landlord, invoice, message, row } = await invoiceEmailed("landlord");
    expect(message.to.address).toBe(landlord.email);
    const text = message.text;
    expect(text).not.toMatch(requestToken);
    expect(message.html).not.toMatch(requestToken);
    const token = invoiceToken.exec(text)![1]!;
    expect(message.html).toContain(`${mailEnv().SITE_URL}/invoice/${token}`);
    expect(text).toContain("See this invoice, download it and pay it on its private page:");
    // No request link was made for this e-mail; one invoice link, stored as a hash only.
    expect(await t.db.select().from(customerLinks).where(eq(customerLinks.submissionId, request.id))).toEqual(
      [],
    );
    const [link] = await t.db.select().from(invoiceLinks).where(eq(invoiceLinks.invoiceId, invoice.id));
    expect(link!.mailId).toBe(row.id);
    expect(link!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(link!.tokenHash).not.toContain(token);
    // The stored copy of the e-mail keeps no token.
    const [stored] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(stored!.textBody).not.toContain(token);

    const res = await get(`/invoice/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("content-security-policy")).toContain("default-src");
    const html = await res.text();
    expect(html).toContain(invoice.number);
    expect(html).toContain(landlord.name);
    expect(html).toContain("£185.00");
    expect(html).toContain("Paying by bank transfer");
    expect(html).toContain(site.invoices.bank.sortCode);
    expect(html).toContain(`<code id="ref-${invoice.id}">${invoice.number}</code>`);
    expect(html).toContain("Pay £185.00 now");
    expect(html).toContain(`action="/invoice/${token}/pay"`);
    // Nothing of the request: not the tenant, their phone, address or door code, no actions, no history.
    for (const secret of [
      request.name,
      "07700 900456",
      "Links Street",
      "4321#",
      "key is under the mat",
      "/request/",
      "What has happened",
      "Cancel my",
      "Accept this time",
      "Send us a message",
    ]) {
      expect(html, secret).not.toContain(secret);
    }

    const pdf = await get(`/invoice/${token}/invoice.pdf`, "application/pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("no-store");
    const words = await pdfWords(new Uint8Array(await pdf.arrayBuffer()));
    expect(words).toContain(`Invoice ${invoice.number}`);
    expect(words).toContain(landlord.name);

    // Pay: a Checkout for this invoice's balance, back to this page.
    const paid = await pay(token, invoice.id);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toMatch(new RegExp(`^${stripe.origin}/checkout/cs_test_`));
    const asked = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(asked.params).toMatchObject({
      line_items: [{ price_data: { unit_amount: "18500" } }],
      success_url: `${mailEnv().SITE_URL}/invoice/${token}?paid=${invoice.id}`,
    });
    const back = await (await get(`/invoice/${token}?paid=${invoice.id}`)).text();
    expect(back).toContain("Payment received, it will show here in a moment");

    // The link opens this invoice only: another invoice's Pay, a wrong token, the request's paths: 404.
    const other = await invoiceEmailed("landlord");
    expect((await pay(token, other.invoice.id)).status).toBe(404);
    for (const wrong of [
      `/invoice/${"x".repeat(22)}`,
      `/invoice/${token}x`,
      `/invoice/${"x".repeat(22)}/invoice.pdf`,
    ]) {
      const refused = await get(wrong);
      expect(refused.status, wrong).toBe(404);
      expect(await refused.text()).toContain("This link does not work");
    }
    const asRequest = await customerPageFn(
      new Request(`${origin}/request/${token}`, { headers: { Accept: "text/html" } }),
    );
    expect(asRequest.status).toBe(404);
  });

  it("to the request's own address (any case), the e-mail carries the request's page and no invoice link", async () => {
    const { invoice, message } = await invoiceEmailed("tenant");
    expect(message.text).toMatch(requestToken);
    expect(message.text).not.toMatch(invoiceToken);
    expect(await t.db.select().from(invoiceLinks).where(eq(invoiceLinks.invoiceId, invoice.id))).toEqual([]);
  });
});

describe("revoking and reminders", () => {
  it("Revoke links stops the invoice link; a reminder after it makes no link and tells the owner", async () => {
    const { owner, request, invoice, message } = await invoiceEmailed("landlord");
    const token = invoiceToken.exec(message.text)![1]!;
    expect((await get(`/invoice/${token}`)).status).toBe(200);

    // Before the revoke a reminder points to the link sent, and makes none.
    const dueOn = invoice.dueOn as string;
    const [firstDays, secondDays] = site.invoices.reminderDays as [number, number];
    const at = (days: number) => serviceContext({ now: new Date(`${addDays(dueOn, days)}T09:00:00Z`) });
    await runInvoiceReminders(at(firstDays));
    const reminders = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, request.id))).filter(
        (m) => m.kind === "invoice_reminder",
      );
    const [first] = await reminders();
    expect(first).toBeDefined();
    await sendPending(t.db, { submissionId: request.id });
    const firstText = sentMessage(first!.id).text;
    expect(firstText).toContain("through the private link in our earlier e-mail");
    expect(firstText).not.toMatch(invoiceToken);
    expect(firstText).not.toMatch(requestToken);

    const revoked = await revoke(owner, request.id);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json.revoked).toBe(1);
    for (const path of [`/invoice/${token}`, `/invoice/${token}/invoice.pdf`]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await pay(token, invoice.id)).status).toBe(404);

    const linksBefore = await t.db.select().from(invoiceLinks).where(eq(invoiceLinks.invoiceId, invoice.id));
    await runInvoiceReminders(at(secondDays));
    const [, second] = await reminders();
    expect(second).toBeDefined();
    await sendPending(t.db, { submissionId: request.id });
    const secondText = sentMessage(second!.id).text;
    expect(secondText).not.toMatch(invoiceToken);
    expect(secondText).not.toMatch(requestToken);
    expect(secondText).not.toContain("private link");
    expect(secondText).toContain(`Reference: ${invoice.number}`);
    const linksAfter = await t.db.select().from(invoiceLinks).where(eq(invoiceLinks.invoiceId, invoice.id));
    expect(linksAfter).toEqual(linksBefore);
    expect(linksAfter.every((l) => l.revokedAt !== null)).toBe(true);
    expect(await t.db.select().from(customerLinks).where(eq(customerLinks.submissionId, request.id))).toEqual(
      [],
    );
    const notes = (
      await t.db.select().from(requestHistory).where(eq(requestHistory.submissionId, request.id))
    ).map((h) => h.note ?? "");
    expect(
      notes.some((n) => n.includes("went without a link to pay online, because the links were revoked")),
    ).toBe(true);
    // The request itself is untouched.
    const [still] = await t.db.select().from(requests).where(eq(requests.id, request.id));
    expect(still!.id).toBe(request.id);
  });
});

describe("a direct invoice (no request)", () => {
  it("is e-mailed with a link to that invoice alone: its page, PDF and Pay; a reminder points to it", async () => {
    const owner = await adminClient();
    const tag = uniqueTag("direct");
    const customer = {
      name: `Nell Neighbour ${tag}`,
      email: `nell-${tag}@example.com`,
      address: "7 Kirk Wynd, Kirkcaldy KY1 1EH",
    };
    const made = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
      body: {
        kind: "direct",
        customer,
        lines: [{ description: "Rehang the garden gate", quantity: 1, unitPence: 9000 }],
      },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.json.invoice.id as number;
    expect(made.json.invoice.submissionId).toBeNull();
    expect((await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/issue`)).status).toBe(200);
    const sent = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${id}/send`);
    expect(sent.status, sent.text).toBe(200);
    const invoice = sent.json.invoice;
    const outboxOf = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.email))).sort(
        (a, b) => a.id - b.id,
      );
    const [row] = await outboxOf();
    expect(row!.submissionId).toBeNull();
    await sendPending(t.db);
    const message = sentMessage(row!.id);
    expect(message.to.address).toBe(customer.email);
    expect(message.text).toContain("See this invoice, download it and pay it on its private page:");
    expect(message.text).not.toMatch(requestToken);
    const token = invoiceToken.exec(message.text)![1]!;
    const [link] = await t.db.select().from(invoiceLinks).where(eq(invoiceLinks.invoiceId, id));
    expect(link!.mailId).toBe(row!.id);

    const html = await (await get(`/invoice/${token}`)).text();
    expect(html).toContain(invoice.number);
    expect(html).toContain(customer.name);
    expect(html).toContain("£90.00");
    expect(html).toContain("Pay £90.00 now");
    const pdf = await get(`/invoice/${token}/invoice.pdf`, "application/pdf");
    expect(pdf.status).toBe(200);
    const words = await pdfWords(new Uint8Array(await pdf.arrayBuffer()));
    expect(words).toContain(`Invoice ${invoice.number}`);
    expect(words).toContain("Rehang the garden gate");
    const paid = await pay(token, id);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toMatch(new RegExp(`^${stripe.origin}/checkout/cs_test_`));

    // A reminder points to the link already sent and makes no new one.
    const [firstDays] = site.invoices.reminderDays as [number, number];
    await runInvoiceReminders(
      serviceContext({ now: new Date(`${addDays(invoice.dueOn as string, firstDays)}T09:00:00Z`) }),
    );
    const reminder = (await outboxOf()).find((m) => m.kind === "invoice_reminder");
    expect(reminder).toBeDefined();
    await sendPending(t.db);
    const reminderText = sentMessage(reminder!.id).text;
    expect(reminderText).toContain("through the private link in our earlier e-mail");
    expect(reminderText).not.toMatch(invoiceToken);
    expect(await t.db.select().from(invoiceLinks).where(eq(invoiceLinks.invoiceId, id))).toHaveLength(1);
  });
});
