/**
 * Customers (docs/decisions/038-customers.md): one person across their requests.
 *
 *   assignCustomer(tx, requestId)   inside the transaction that stores a request: its customer,
 *                                   matched by e-mail or phone number, or created
 *   listCustomers(query, ctx)       the admin's list and search, latest activity first
 *   getCustomer(id, ctx)            the customer with their requests, visits, notes, quotes, invoices
 *   updateCustomer(id, patch, ctx)  the owner's notes on the customer
 */
import type { Db } from "../../platform/db/client";
import { serviceContext, type ServiceContext } from "../../platform/context";
import { NotFound } from "../../platform/domain-errors";
import { encodeCursor } from "../requests/contract/inbox-cursor";
import { requestReference } from "../requests/contract/reference";
import type { FormType } from "../requests/contract/forms";
import type { RequestState } from "../requests/contract/states";
import type { AppointmentStatus } from "../appointments/contract/status";
import type { WindowId } from "../appointments/contract/windows";
import { quoteTitle, type QuoteStatus } from "../quotes/contract/rules";
import type { InvoiceKind, InvoiceStatus } from "../invoices/contract/rules";
import {
  formatPostcode,
  type AdminCustomer,
  type CustomerDetail,
  type CustomerPatchParsed,
  type CustomerQuery,
  type CustomerSummary,
} from "./contract/endpoints";
import * as repo from "./repository";
import { assignCustomer as assignRequestCustomer } from "../requests";

/**
 * Links the request to its customer, in the caller's transaction (the one that inserts the
 * request): the oldest customer with its e-mail address or phone number, else a new one. Returns
 * the customer's id (null for spam). Creating a request does this itself (the requests feature's
 * `createRequestIn`); this is for a request stored another way.
 */
export function assignCustomer(tx: Db, requestId: number): Promise<number | null> {
  return assignRequestCustomer(requestId, tx);
}

const missing = () => new NotFound("This customer no longer exists.");

function toSummary(row: repo.CustomerRow): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    postcode: formatPostcode(row.postcode),
    jobs: row.jobs,
    lastActivityAt: row.lastActivityAt.toISOString(),
  };
}

function toCustomer(row: repo.CustomerRecord): AdminCustomer {
  return { ...toSummary(row), notes: row.notes, createdAt: row.createdAt.toISOString() };
}

export async function listCustomers(
  query: CustomerQuery,
  ctx: ServiceContext = serviceContext(),
): Promise<{ customers: CustomerSummary[]; nextCursor: string | null }> {
  const { rows, next } = await repo.listPage(
    { q: query.q, requestId: query.request, cursor: query.cursor, limit: query.limit },
    ctx.db,
  );
  return { customers: rows.map(toSummary), nextCursor: next ? encodeCursor(next) : null };
}

export async function getCustomer(
  id: number,
  ctx: ServiceContext = serviceContext(),
): Promise<CustomerDetail> {
  const customer = await repo.findCustomer(id, ctx.db);
  if (!customer) throw missing();
  const requestRows = await repo.requestsOf(id, ctx.db);
  const ids = requestRows.map((r) => r.id);
  const references = new Map(
    requestRows.map((r) => [r.id, requestReference({ id: r.id, formType: r.formType as FormType })]),
  );
  const [visits, notes, quotes, invoices] = await Promise.all([
    repo.visitsOf(ids, ctx.db),
    repo.notesOf(ids, ctx.db),
    repo.quotesOf(ids, ctx.db),
    repo.invoicesOf(ids, customer.email, ctx.db),
  ]);
  const onAccountPence = await repo.onAccountPence(
    invoices.map((i) => i.id),
    ctx.db,
  );
  return {
    customer: toCustomer(customer),
    onAccountPence,
    requests: requestRows.map((r) => ({
      id: r.id,
      reference: references.get(r.id)!,
      formType: r.formType as FormType,
      state: r.state as RequestState,
      service: r.service,
      address: r.address,
      submittedAt: r.submittedAt.toISOString(),
      stateChangedAt: r.stateChangedAt.toISOString(),
    })),
    visits: visits
      .filter((v) => v.date !== null && v.window !== null)
      .map((v) => ({
        id: v.id,
        submissionId: v.submissionId,
        reference: references.get(v.submissionId)!,
        date: v.date!,
        window: v.window as WindowId,
        status: v.status as AppointmentStatus,
      })),
    notes: notes.map((n) => ({
      id: n.id,
      submissionId: n.submissionId,
      reference: references.get(n.submissionId)!,
      body: n.body,
      createdAt: n.createdAt.toISOString(),
    })),
    quotes: quotes.map((q) => ({
      id: q.id,
      submissionId: q.submissionId,
      title: quoteTitle(q.submissionId, q.version),
      status: q.status as QuoteStatus,
      totalPence: q.totalPence,
      createdAt: q.createdAt.toISOString(),
      sentAt: q.sentAt?.toISOString() ?? null,
    })),
    invoices: invoices.map((i) => ({
      id: i.id,
      submissionId: i.submissionId,
      kind: i.kind as InvoiceKind,
      number: i.number,
      status: i.status as InvoiceStatus,
      totalPence: i.totalPence,
      paidPence: i.paidPence,
      issuedOn: i.issuedOn,
      dueOn: i.dueOn,
      createdAt: i.createdAt.toISOString(),
    })),
  };
}

export async function updateCustomer(
  id: number,
  patch: CustomerPatchParsed,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminCustomer> {
  if (!(await repo.updateNotes(id, patch.notes, ctx.now, ctx.db))) throw missing();
  const customer = await repo.findCustomer(id, ctx.db);
  if (!customer) throw missing();
  return toCustomer(customer);
}
