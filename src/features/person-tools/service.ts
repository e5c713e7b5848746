/**
 * Person tools (UK GDPR rights of access and erasure): find everything held about one e-mail
 * address, hand it over as one JSON document, or erase it all in one transaction. Each use is
 * written to the audit log with what was done, when and how many items, never the address.
 */
import { withoutTokens } from "../mail";
import { requestReference } from "../requests/contract/reference";
import type { PersonEraseResult, PersonReport } from "../requests/contract/endpoints";
import * as audit from "./repository-audit";
import * as people from "./repository";
import * as workflow from "../requests";
import { inTransaction, serviceContext, type ServiceContext } from "../../platform/context";
import { removeRequestPhotoBlobs } from "../photos";
import { forgetEmail } from "../invoices";
import { requestRemoval } from "../customers";

export async function findPerson(
  email: string,
  ctx: ServiceContext = serviceContext(),
): Promise<PersonReport> {
  const { db } = ctx;
  const requests = await people.requestsOf(email, db);
  const mail = await people.mailOf(email, requests, db);
  const report: PersonReport = {
    email: people.normaliseEmail(email),
    submissions: requests.map((r) => ({
      id: r.id,
      reference: requestReference(r),
      formType: r.formType,
      state: r.state,
      name: r.name,
      submittedAt: r.submittedAt.toISOString(),
    })),
    reviews: [],
    mail: mail.map((m) => ({
      id: m.id,
      kind: m.kind,
      status: m.status,
      subject: m.subject,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
    total: requests.length + mail.length,
  };
  await audit.record("person_search", "owner", report.total, db);
  return report;
}

/** Everything held about the address, as one JSON-ready document (requests with their history and notes, e-mails with their text). */
export async function exportPerson(email: string, ctx: ServiceContext = serviceContext()) {
  const { db, now } = ctx;
  const requests = await people.requestsOf(email, db);
  const ids = requests.map((r) => r.id);
  const [mail, history, notes] = await Promise.all([
    people.mailOf(email, requests, db),
    people.historyOf(ids, db),
    people.notesOf(ids, db),
  ]);
  const document = {
    exportedAt: now.toISOString(),
    email: people.normaliseEmail(email),
    requests: requests.map((r) => ({
      reference: requestReference(r),
      type: r.formType,
      name: r.name,
      email: r.email,
      phone: r.phone,
      address: r.address,
      service: r.service,
      message: r.message,
      submittedAt: r.submittedAt.toISOString(),
      state: r.state,
      stateChangedAt: r.stateChangedAt.toISOString(),
      archivedAt: r.archivedAt?.toISOString() ?? null,
      history: history
        .filter((h) => h.submissionId === r.id)
        .map((h) => ({
          from: h.fromState,
          to: h.toState,
          by: h.actor,
          note: h.note,
          at: h.changedAt.toISOString(),
        })),
      notes: notes
        .filter((n) => n.submissionId === r.id)
        .map((n) => ({
          text: n.body,
          createdAt: n.createdAt.toISOString(),
          updatedAt: n.updatedAt.toISOString(),
        })),
    })),
    reviews: [] as never[],
    emails: mail.map((m) => ({
      kind: m.kind,
      status: m.status,
      to: m.toAddress,
      replyTo: m.replyToAddress,
      subject: m.subject,
      // As stored: no link token (only placeholders or the sent marker); `withoutTokens` shows both plainly.
      text: withoutTokens(m.textBody),
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
  };
  await audit.record("person_export", "owner", requests.length + mail.length, db);
  return document;
}

/**
 * Erases every request sent with the address (history and notes go with them) and every e-mail
 * that holds it or is about those requests, pending or sent, in one transaction with its audit row.
 * Invoices, credit notes and payments are accounting records the law says to keep: they stay with
 * the name and address they were made out to, and lose the e-mail address
 * (docs/decisions/032-invoices.md).
 */
export async function erasePerson(
  email: string,
  ctx: ServiceContext = serviceContext(),
): Promise<PersonEraseResult> {
  const { result, photoBlobs } = await inTransaction(ctx, async (tx) => {
    const requests = await people.requestsOf(email, tx);
    const mail = await people.removeMailOf(email, requests, tx);
    await forgetEmail(email, tx);
    const removed = await workflow.removeRequests(
      requests.map((r) => r.id),
      tx,
      requestRemoval,
    );
    const result = { submissions: removed.ids.length, mail: mail + removed.mail };
    await audit.record("person_erase", "owner", result.submissions + result.mail, tx);
    return { result, photoBlobs: removed.photoBlobs };
  });
  await removeRequestPhotoBlobs(photoBlobs);
  return result;
}

export const auditTrail = (ctx: ServiceContext = serviceContext(), limit = 50) =>
  audit.listRecent(limit, ctx.db);
