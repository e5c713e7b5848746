/**
 * An invoice issued through the admin handler, and the e-mails it queued delivered over SMTP and
 * read back, for the money tests:
 *
 *   const invoice = await issuedInvoice(owner, request.id, lines);   // the issued invoice's JSON
 *   const mails = await deliverAndRead(t.db, smtp, request.id, to);  // parsed with postal-mime
 */
import { and, eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { expect } from "vitest";
import adminInvoices from "../../netlify/functions/admin-invoices.mts";
import { deliverDue } from "../../src/features/mail/service-delivery";
import { mailOutbox } from "../../src/features/tables";
import type { Database } from "../../src/platform/db/client";
import { createSmtpSender } from "../../src/platform/mail/transport";
import type { adminClient } from "./admin";
import type { startSmtp } from "./smtp";

type Owner = Awaited<ReturnType<typeof adminClient>>;
type InvoiceLine = { description: string; quantity: number; unitPence: number; vatRate?: number };

/** A direct invoice for the request, as a draft (201 expected): its JSON. */
export async function draftInvoice(owner: Owner, submissionId: number, lines: InvoiceLine[]) {
  const made = await owner.call(adminInvoices, "POST", "/api/admin/invoices", {
    body: { kind: "direct", submissionId, lines },
  });
  expect(made.status, made.text).toBe(201);
  return made.json.invoice;
}

/** A direct invoice for the request, drafted and issued (200 expected): the issued invoice's JSON. */
export async function issuedInvoice(owner: Owner, submissionId: number, lines: InvoiceLine[]) {
  const draft = await draftInvoice(owner, submissionId, lines);
  const res = await owner.call(adminInvoices, "POST", `/api/admin/invoices/${draft.id}/issue`);
  expect(res.status, res.text).toBe(200);
  return res.json.invoice;
}

/** Sends the request's pending e-mails to the loopback SMTP server; those `to` received, parsed. */
export async function deliverAndRead(
  db: Database,
  smtp: Awaited<ReturnType<typeof startSmtp>>,
  requestId: number,
  to: string,
) {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.submissionId, requestId), eq(mailOutbox.status, "pending")));
  const sender = createSmtpSender({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}?tls=off`,
    from: "Site <site@kingdomhandyman.example>",
  });
  await deliverDue(db, sender, { ids: rows.map((r) => r.id), now: new Date(Date.now() + 1000) });
  const mine = smtp.received.filter((m) => m.envelopeTo.includes(to));
  return Promise.all(mine.map((m) => new PostalMime().parse(m.raw)));
}
