/**
 * The owner's invoices, payments and credit notes (docs/decisions/032-invoices.md).
 *
 *   createInvoice(input, ctx)          a draft: from an accepted quote (full, deposit, balance) or direct
 *   updateInvoice(id, patch, ctx)      a draft's lines, customer, note, date of supply; reminders on/off
 *   deleteInvoice(id, ctx)             a draft only
 *   issueInvoice(id, input, ctx)       the next number of the gap-free sequence, in this transaction
 *   sendInvoice(id, ctx)               e-mails it with its PDF (and the link to the request's page)
 *   invoicePdfFile(id, ctx)            the PDF
 *   addPayment / removePayment         payments; the status follows; a receipt when paid in full
 *   createCreditNote(id, input, ctx)   a credit note (issued at once) against an issued invoice
 *   getInvoice / listInvoices / requestInvoices
 *
 * Every change locks the invoice row first (and the request, when it writes the request's
 * history), so two windows or a payment and a credit note at once are ordered, and whichever
 * commits second sees what the first did.
 */
import { lineFromStored } from "../billing";
import { percentToHundredths, quantityToHundredths } from "../billing/contract";
import { site } from "../../config/site";
import type { Db } from "../../platform/db/client";
import { inTransaction, type ServiceContext } from "../../platform/context";
import { Conflict } from "../../platform/domain-errors";
import { addDays, dateInZone, formatDate, wallClockInstant, type IsoDate } from "../../platform/time";
import type { Trader } from "../business/contract/identity";
import { formatMoney } from "../../platform/money";
import * as workflow from "../requests";
import * as business from "../business";
import * as outbox from "../mail";
import { deliverSoon, mailContext } from "../mail";
import { deliverPushSoon, notifyOwner } from "../push";
import * as quotes from "../quotes";
import { quoteTitle } from "../quotes/contract/rules";
import { overCapMessage } from "../quotes/contract/totals";
import {
  amountCreditLines,
  depositDeductionsPence,
  depositLines,
  invoiceLimits,
  invoiceStatusOf,
  paymentMethodLabel,
  taxPoint,
  type CreateInvoiceParsed,
  type CreditNoteParsed,
  type ExcessKind,
  type Invoice,
  type InvoiceListQuery,
  type PaymentParsed,
  type QuoteInvoicing,
  type UpdateInvoiceParsed,
} from "./contract";
import * as repo from "./repository";
import type { InvoiceRecord, NewInvoiceLine } from "./repository";
import { invoiceReceiptMessage, invoiceSentMessage, receiptCorrectionMessage } from "./mail";
import { invoicePdf, invoicePdfName } from "./pdf";
import { followUpLink, sentInvoiceLink } from "./service-links";
import {
  alreadyIssued,
  documentTitle,
  invalid,
  invoiceNotFound,
  invoiceSettings,
  isCreditNote,
  linesToStore,
  notIssued,
  numberFor,
  quoteNotFound,
  requestNotFound,
  sequences,
  toInvoice,
  totalsOfStored,
} from "./service-model";

export { invoiceSettings };

/** A stored invoice with its payments, credit notes and reference, as the contract's `Invoice`. */
export async function loadInvoice(record: InvoiceRecord, db: Db, now: Date): Promise<Invoice> {
  const [payments, creditNotes, credited, onAccount] = await Promise.all([
    repo.paymentsOf([record.id], db),
    record.kind === "credit_note" ? Promise.resolve([]) : repo.creditNotesOf([record.id], db),
    record.creditedInvoiceId
      ? repo.issuesOf([record.creditedInvoiceId], db).then((m) => m.get(record.creditedInvoiceId!))
      : Promise.resolve(undefined),
    record.status === "draft" && record.kind !== "credit_note"
      ? repo.availableCredits(record, db)
      : Promise.resolve([]),
  ]);
  return toInvoice(
    record,
    {
      onAccountPence: onAccount.reduce((sum, c) => sum + c.availablePence, 0),
      payments,
      creditNotes,
      creditedInvoiceNumber: credited?.number ?? null,
      creditedInvoiceIssuedOn: credited?.issuedOn ?? null,
    },
    dateInZone(now),
  );
}

/** Writes a line in the request's history (its state unchanged); nothing for an invoice with no request. */
export async function noteInHistory(
  submissionId: number | null,
  note: string,
  tx: Db,
  ctx: Pick<ServiceContext, "actor">,
) {
  if (submissionId === null) return;
  const state = (await workflow.lockStates([submissionId], tx)).get(submissionId);
  if (!state) return;
  await workflow.addHistory(
    [{ submissionId, fromState: state, toState: state, note: note.slice(0, 1000) }],
    ctx.actor,
    tx,
  );
}

/**
 * Locks the invoice's request (when it has one), then the invoice: the order every change and the
 * scheduled reminders take, so they queue rather than deadlock.
 */
async function lockForChange(id: number, tx: Db): Promise<InvoiceRecord | null> {
  const found = await repo.findInvoice(id, tx);
  if (!found) return null;
  if (found.submissionId !== null) await workflow.lockStates([found.submissionId], tx);
  return repo.lockInvoice(id, tx);
}

export async function getInvoice(id: number, ctx: ServiceContext): Promise<Invoice> {
  const record = await repo.findInvoice(id, ctx.db);
  if (!record) throw invoiceNotFound();
  return loadInvoice(record, ctx.db, ctx.now);
}

// ---------------------------------------------------------------- from a quote

type AcceptedQuote = NonNullable<Awaited<ReturnType<typeof quotes.findQuote>>>;

/** Where a quote's invoicing stands: its deposit, what is invoiced, what may be invoiced next. */
function invoicingOf(q: AcceptedQuote, existing: readonly InvoiceRecord[]): QuoteInvoicing {
  const a = q.acceptance!;
  const live = existing.filter((i) => i.status !== "void");
  const deposits = live.filter((i) => i.kind === "deposit");
  const finals = live.filter((i) => i.kind === "full" || i.kind === "balance");
  const depositsInvoicedPence = deposits
    .filter((i) => i.number)
    .reduce((s, i) => s + i.totalPence - i.creditedPence, 0);
  const finalInvoicedPence = finals
    .filter((i) => i.number)
    .reduce((s, i) => s + i.totalPence - i.creditedPence, 0);
  const open = q.status === "accepted";
  return {
    quoteId: q.id,
    quoteNumber: quoteTitle(q.submissionId, q.version),
    acceptedTotalPence: a.totalPence,
    depositDuePence: a.depositPence,
    depositsInvoicedPence,
    finalInvoicedPence,
    canInvoiceFull: open && live.length === 0,
    canInvoiceDeposit: open && a.depositPence > 0 && finals.length === 0 && deposits.length === 0,
    canInvoiceBalance:
      open &&
      finals.length === 0 &&
      deposits.every((d) => d.number !== null) &&
      a.totalPence - depositsInvoicedPence > 0,
  };
}

/** The lines an invoice from an accepted quote starts with, or a Conflict saying why not. */
function quoteLinesFor(
  kind: "full" | "deposit" | "balance",
  q: AcceptedQuote,
  existing: readonly InvoiceRecord[],
): NewInvoiceLine[] {
  const a = q.acceptance!;
  const title = quoteTitle(q.submissionId, q.version);
  const state = invoicingOf(q, existing);
  const live = existing.filter((i) => i.status !== "void");
  const agreed = (): NewInvoiceLine[] =>
    a.lines
      .filter((l) => !l.optional || l.chosen)
      .map((l) => ({
        description: l.description,
        quantityHundredths: l.quantityHundredths,
        unitPence: l.unitPence,
        vatRateHundredths: q.vatRegistered ? l.vatRateHundredths : null,
      }));
  if (kind === "full") {
    if (!state.canInvoiceFull) {
      throw new Conflict(
        `${title} already has ${live.map((i) => documentTitle(i)).join(", ")}. Invoice what is left as the balance instead.`,
        "quote_invoiced",
      );
    }
    return agreed();
  }
  if (kind === "deposit") {
    if (a.depositPence <= 0) throw new Conflict(`${title} asks for no deposit.`, "no_deposit");
    if (!state.canInvoiceDeposit) {
      throw new Conflict(
        `${title}'s deposit is already invoiced (or its final invoice is written).`,
        "deposit_invoiced",
      );
    }
    return depositLines(
      { netPence: a.netPence, vatByRate: a.vatByRate, vatPence: a.vatPence, totalPence: a.totalPence },
      a.depositPence,
      q.vatRegistered,
      `Deposit for the work in quote ${title}`,
    ).map((l) => ({
      description: l.description,
      quantityHundredths: quantityToHundredths(l.quantity),
      unitPence: l.unitPence,
      vatRateHundredths: percentToHundredths(l.vatRate),
    }));
  }
  // balance
  if (live.some((i) => i.kind === "deposit" && i.number === null)) {
    throw new Conflict("Issue or delete the draft deposit invoice first.", "deposit_draft");
  }
  if (live.some((i) => i.kind === "full" || i.kind === "balance")) {
    throw new Conflict(`${title} already has its final invoice; nothing is left to invoice.`, "nothing_left");
  }
  if (!state.canInvoiceBalance) {
    throw new Conflict(
      `Nothing is left to invoice on ${title}: the deposits cover the agreed total.`,
      "nothing_left",
    );
  }
  const deductions = live.filter((i) => i.kind === "deposit" && i.number).flatMap(depositDeductionLines);
  return [...agreed(), ...deductions];
}

/**
 * An issued deposit invoice's lines, less what credit notes took off it, as the balance invoice's
 * negative lines (`depositDeductionsPence`: whole pence, no fraction of a penny lost between lines).
 */
function depositDeductionLines(d: InvoiceRecord): NewInvoiceLine[] {
  const nets = depositDeductionsPence({
    lines: d.lines.map((l) => lineFromStored(l, false)),
    totalPence: d.totalPence,
    creditedPence: d.creditedPence,
  });
  return d.lines
    .map((l, i) => ({
      description: `Less deposit invoiced (${d.number})${d.lines.length > 1 ? `: ${l.description}` : ""}`,
      quantityHundredths: quantityToHundredths(1),
      unitPence: -nets[i]!,
      vatRateHundredths: l.vatRateHundredths,
    }))
    .filter((l) => l.unitPence !== 0);
}

// ---------------------------------------------------------------- drafts

export async function createInvoice(input: CreateInvoiceParsed, ctx: ServiceContext): Promise<Invoice> {
  const vatNow = await business.vatOn(dateInZone(ctx.now), ctx.db);
  const record = await inTransaction(ctx, (tx) =>
    input.kind === "direct" ? insertDirect(input, vatNow, tx) : insertFromQuote(input, tx),
  );
  return loadInvoice(record, ctx.db, ctx.now);
}

/** A direct draft: its lines, for the request `submissionId` (locked) or for `customer`. */
async function insertDirect(input: CreateInvoiceParsed, vatNow: boolean, tx: Db): Promise<InvoiceRecord> {
  let submissionId: number | null = null;
  let customer = input.customer
    ? { name: input.customer.name, email: input.customer.email, address: input.customer.address }
    : null;
  if (input.submissionId !== undefined) {
    const state = (await workflow.lockStates([input.submissionId], tx)).get(input.submissionId);
    if (!state) throw requestNotFound();
    if (state === "spam")
      throw new Conflict("This request is marked as spam. Restore it before invoicing.", "request_spam");
    const [request] = await workflow.findMany([input.submissionId], tx);
    submissionId = request!.id;
    customer ??= { name: request!.name.slice(0, 100), email: request!.email, address: request!.address };
  }
  const lines = linesToStore(input.lines!, vatNow);
  const totals = totalsOfStored(lines, vatNow);
  checkTotal(totals.totalPence);
  return repo.insertInvoice(
    {
      kind: "direct",
      submissionId,
      quoteId: null,
      customerName: customer!.name,
      customerEmail: customer!.email,
      customerAddress: customer!.address,
      vatRegistered: vatNow,
      note: input.note,
      supplyDate: input.supplyDate ?? null,
      netPence: totals.netPence,
      vatPence: totals.vatPence,
      totalPence: totals.totalPence,
    },
    lines,
    tx,
  );
}

/** The accepted quote `quoteId`, locked with its request, or NotFound / Conflict saying why not. */
async function lockAcceptedQuote(quoteId: number, tx: Db) {
  const found = await quotes.findQuote(quoteId, tx);
  if (!found) throw quoteNotFound();
  await workflow.lockStates([found.submissionId], tx);
  const q = await quotes.lockQuote(found.id, tx);
  if (!q) throw quoteNotFound();
  if (q.status !== "accepted" || !q.acceptance) {
    throw new Conflict(
      `Only an accepted quote can be invoiced; ${quoteTitle(q.submissionId, q.version)} is ${q.status}. Write a direct invoice instead.`,
      "quote_not_accepted",
    );
  }
  const [request] = await workflow.findMany([q.submissionId], tx);
  if (!request) throw requestNotFound();
  return { q, request };
}

/** A full, deposit or balance draft from an accepted quote. */
async function insertFromQuote(input: CreateInvoiceParsed, tx: Db): Promise<InvoiceRecord> {
  const { q, request } = await lockAcceptedQuote(input.quoteId!, tx);
  const existing = await repo.forQuote(q.id, tx);
  const lines = quoteLinesFor(input.kind as "full" | "deposit" | "balance", q, existing);
  const totals = totalsOfStored(lines, q.vatRegistered);
  if (totals.totalPence > invoiceLimits.maxTotalPence) {
    throw invalid("quoteId", overCapMessage("invoice", invoiceLimits.maxTotalPence));
  }
  if (totals.totalPence <= 0) {
    throw new Conflict(
      `Nothing is left to invoice on ${quoteTitle(q.submissionId, q.version)}.`,
      "nothing_left",
    );
  }
  const customer = input.customer;
  return repo.insertInvoice(
    {
      kind: input.kind,
      submissionId: q.submissionId,
      quoteId: q.id,
      customerName: customer?.name ?? request.name.slice(0, 100),
      customerEmail: customer ? customer.email : request.email,
      customerAddress: customer ? customer.address : request.address,
      vatRegistered: q.vatRegistered,
      note: input.note,
      supplyDate: input.supplyDate ?? null,
      netPence: totals.netPence,
      vatPence: totals.vatPence,
      totalPence: totals.totalPence,
      // The deposits its lines deduct (none for a deposit invoice itself).
      countedDepositIds:
        input.kind === "deposit"
          ? null
          : existing
              .filter((i) => i.kind === "deposit" && i.number !== null && i.status !== "void")
              .map((i) => i.id),
    },
    lines,
    tx,
  );
}

function checkTotal(totalPence: number, field = "lines") {
  if (totalPence > invoiceLimits.maxTotalPence) {
    throw invalid(field, overCapMessage("invoice", invoiceLimits.maxTotalPence));
  }
  if (totalPence <= 0) throw invalid(field, "The invoice's total must be more than £0.00.");
}

export async function updateInvoice(
  id: number,
  patch: UpdateInvoiceParsed,
  ctx: ServiceContext,
): Promise<Invoice> {
  const record = await inTransaction(ctx, async (tx) => {
    const r = await lockForChange(id, tx);
    if (!r) throw invoiceNotFound();
    const changesDraft =
      patch.lines !== undefined ||
      patch.customer !== undefined ||
      patch.note !== undefined ||
      patch.supplyDate !== undefined;
    if (changesDraft && r.status !== "draft") throw alreadyIssued(r);
    const set: repo.InvoiceChange = {};
    if (patch.lines) {
      if (r.kind !== "direct") {
        throw invalid(
          "lines",
          "An invoice from a quote keeps the quote's lines; write a direct invoice for other work.",
        );
      }
      const vatNow = await business.vatOn(dateInZone(ctx.now), tx);
      const lines = linesToStore(patch.lines, vatNow);
      const totals = totalsOfStored(lines, vatNow);
      checkTotal(totals.totalPence);
      await repo.replaceLines(r.id, lines, tx);
      Object.assign(set, {
        vatRegistered: vatNow,
        netPence: totals.netPence,
        vatPence: totals.vatPence,
        totalPence: totals.totalPence,
      });
    }
    if (patch.customer) {
      Object.assign(set, {
        customerName: patch.customer.name,
        customerEmail: patch.customer.email,
        customerAddress: patch.customer.address,
      });
    }
    if (patch.note !== undefined) set.note = patch.note;
    if (patch.supplyDate !== undefined) set.supplyDate = patch.supplyDate;
    if (patch.remindersEnabled !== undefined && patch.remindersEnabled !== r.remindersEnabled) {
      if (r.kind === "credit_note") throw isCreditNote();
      set.remindersEnabled = patch.remindersEnabled;
      if (r.number) {
        await noteInHistory(
          r.submissionId,
          `Reminders for invoice ${r.number} turned ${patch.remindersEnabled ? "on" : "off"}`,
          tx,
          ctx,
        );
      }
    }
    return (await repo.updateInvoice(r.id, set, tx))!;
  });
  return loadInvoice(record, ctx.db, ctx.now);
}

export async function deleteInvoice(id: number, ctx: ServiceContext): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const r = await lockForChange(id, tx);
    if (!r) throw invoiceNotFound();
    if (r.status !== "draft") throw alreadyIssued(r);
    await repo.deleteDraft(id, tx);
  });
}

// ---------------------------------------------------------------- issuing

/**
 * Issues a draft: takes the next number of the invoice sequence in this transaction (so two issues
 * at once queue on the counter's row and get consecutive numbers, and a rollback leaves no gap),
 * dates it (today, or `issuedOn`: not in the future, not before the last invoice issued) and sets
 * the due date from the configured terms.
 */
export async function issueInvoice(
  id: number,
  input: { issuedOn?: string | undefined; useOnAccount?: boolean | undefined },
  ctx: ServiceContext,
): Promise<Invoice> {
  const today = dateInZone(ctx.now);
  const issuedOn = input.issuedOn ?? today;
  if (issuedOn > today) throw invalid("issuedOn", "The invoice date cannot be in the future.");
  const record = await inTransaction(ctx, async (tx) => {
    const r = await lockForChange(id, tx);
    if (!r) throw invoiceNotFound();
    if (r.status !== "draft") throw alreadyIssued(r);
    if (r.totalPence <= 0) throw new Conflict("An invoice of £0.00 cannot be issued.", "invoice_empty");
    if (r.quoteId !== null && (r.kind === "full" || r.kind === "balance")) {
      // A deposit issued since this draft was written would be invoiced twice.
      const others = (await repo.forQuote(r.quoteId, tx)).filter(
        (i) => i.id !== r.id && i.status !== "void" && i.number !== null,
      );
      const counted = new Set(r.countedDepositIds ?? []);
      const missed = others.filter((i) => i.kind === "deposit" && !counted.has(i.id));
      if (others.some((i) => i.kind !== "deposit") || missed.length > 0) {
        throw new Conflict(
          "Another invoice for this quote was issued after this draft was written. Delete this draft and write it again.",
          "quote_invoiced",
        );
      }
    }
    await checkVatOnIssue(r, issuedOn, tx);
    const n = await repo.takeNumber(sequences.invoice, tx);
    const number = numberFor("invoice", n);
    // A date the owner chose: read with the sequence's row locked, so no issue can slip in
    // between; the numbers stay in date order (the rollback gives the number back). Today needs no
    // check: it is never before an earlier issue on a clock that only moves forward.
    const last = input.issuedOn ? await repo.lastInvoiceIssuedOn(tx, r.id) : null;
    if (last && issuedOn < last.issuedOn) {
      throw invalid(
        "issuedOn",
        `The invoice date cannot be before ${formatDate(last.issuedOn)}, the date of the last invoice issued (${last.number}), so the numbers stay in date order.`,
      );
    }
    const updated = await repo.updateInvoice(
      r.id,
      {
        number,
        issuedOn,
        issuedAt: ctx.now,
        dueOn: addDays(issuedOn, site.invoices.dueDays),
        supplyDate: r.supplyDate ?? issuedOn,
        status: invoiceStatusOf({
          issued: true,
          totalPence: r.totalPence,
          paidPence: r.paidPence,
          creditedPence: r.creditedPence,
        }),
      },
      tx,
    );
    await noteInHistory(r.submissionId, `Invoice ${number} issued: ${formatMoney(r.totalPence)}`, tx, ctx);
    return input.useOnAccount ? useOnAccount(updated!, issuedOn, tx, ctx) : updated!;
  });
  return loadInvoice(record, ctx.db, ctx.now);
}

/**
 * Takes the customer's money on account off a just-issued invoice, oldest credit first, up to its
 * balance: one payment "from money on account" dated the invoice date, and a use against each
 * credit it drew on. The credits are locked first (`availableCredits`), so two invoices issued at
 * once queue here and the second sees only what the first left.
 */
async function useOnAccount(r: InvoiceRecord, issuedOn: IsoDate, tx: Db, ctx: ServiceContext) {
  let left = r.totalPence - r.creditedPence - r.paidPence;
  const uses: { creditId: number; amountPence: number; from: string }[] = [];
  for (const c of await repo.availableCredits(r, tx, true)) {
    if (left <= 0) break;
    const amountPence = Math.min(c.availablePence, left);
    uses.push({ creditId: c.id, amountPence, from: c.invoiceNumber });
    left -= amountPence;
  }
  if (uses.length === 0) return r;
  const amountPence = uses.reduce((sum, u) => sum + u.amountPence, 0);
  // The reference names where the money was received: "Overpaid on KH-0003, KH-0005".
  const reference = `Overpaid on ${[...new Set(uses.map((u) => u.from))].join(", ")}`;
  const payment = await repo.insertPayment(
    {
      invoiceId: r.id,
      amountPence,
      method: "on_account",
      receivedOn: issuedOn,
      reference: reference.length <= 100 ? reference : `${reference.slice(0, 99)}…`,
    },
    tx,
  );
  await repo.insertCreditUses(
    payment.id,
    uses.map(({ creditId, amountPence: pence }) => ({ creditId, amountPence: pence })),
    tx,
  );
  const updated = await settle(r, tx, ctx.now);
  await noteInHistory(
    r.submissionId,
    `${formatMoney(amountPence)} from money on account taken off invoice ${r.number}${updated.status === "paid" ? ": paid in full" : ""}`,
    tx,
    ctx,
  );
  return updated;
}

// ---------------------------------------------------------------- sending and the PDF

/**
 * A direct invoice carries VAT exactly when the business is registered on its invoice date
 * (docs/decisions/045-business-details.md): a draft written under the other state is re-priced first.
 * An invoice from a quote keeps the accepted quote's prices.
 */
async function checkVatOnIssue(r: InvoiceRecord, issuedOn: IsoDate, tx: Db): Promise<void> {
  if (r.kind !== "direct") return;
  const due = await business.vatOn(issuedOn, tx);
  if (due === r.vatRegistered) return;
  throw new Conflict(
    due
      ? `The business is VAT registered on ${formatDate(issuedOn)}, so this invoice must carry VAT. Open the draft and save its lines again with their VAT rates.`
      : `The business is not VAT registered on ${formatDate(issuedOn)}, so this invoice cannot carry VAT. Open the draft and save its lines again.`,
    "vat_changed",
  );
}

/**
 * The trader an issued invoice names: the business details in force when it was issued (the end
 * of its invoice date for one issued before that moment was kept), with its own VAT state.
 */
export function invoiceTrader(
  r: Pick<InvoiceRecord, "issuedAt" | "issuedOn" | "vatRegistered">,
  now: Date,
  db: Db,
) {
  const at = r.issuedAt ?? (r.issuedOn ? wallClockInstant(r.issuedOn, "23:59") : now);
  return business.paperTrader(at, r.vatRegistered, db);
}

/** The invoice as issued: before any payment or credit note, its tax point from its own dates. */
function asIssued(inv: Invoice): Invoice {
  const credit = inv.kind === "credit_note";
  return {
    ...inv,
    paidPence: 0,
    creditedPence: 0,
    balancePence: credit ? 0 : inv.totalPence,
    refundDuePence: 0,
    payments: [],
    creditNotes: [],
    taxPoint: taxPoint({ kind: inv.kind, issuedOn: inv.issuedOn!, supplyDate: inv.supplyDate }),
  };
}

/**
 * The PDF of an invoice or credit note. A draft's is made afresh each time; an issued one's is made
 * once, as issued, kept in the database and served from then on: the same bytes for every
 * download and e-mail, and no rendering after the first.
 */
export async function invoicePdfBytes(
  inv: Invoice,
  db: Db,
  today: IsoDate,
  trader?: Trader,
): Promise<Uint8Array> {
  if (!inv.number || !inv.issuedOn) return invoicePdf(inv, today, trader);
  const paidOn = paidOnOf(inv);
  if (paidOn) return paidPdfBytes(inv, paidOn, db, trader);
  const kept = await repo.keptPdf(inv.id, db);
  if (kept) return kept;
  await repo.keepPdf(inv.id, await invoicePdf(asIssued(inv), inv.issuedOn, trader), db);
  // A concurrent first download may have kept its copy first: serve the one kept.
  return (await repo.keptPdf(inv.id, db))!;
}

/** The day an invoice paid in full was paid: its last payment's day; null while anything is owed. */
function paidOnOf(inv: Invoice): IsoDate | null {
  if (inv.kind === "credit_note" || inv.status !== "paid") return null;
  const days = inv.payments.filter((p) => p.removedAt === null).map((p) => p.receivedOn);
  // Settled by a credit note alone: the invoice is not "paid on" a day, so it stays as issued.
  return days.length > 0 ? days.sort().at(-1)! : null;
}

/**
 * A paid invoice's PDF: the kept "paid" rendering for this paid-on day, or drawn and kept. The
 * issued rendering (`invoice_pdfs`) stays untouched, the document as it was first sent.
 */
async function paidPdfBytes(inv: Invoice, paidOn: IsoDate, db: Db, trader?: Trader): Promise<Uint8Array> {
  const kept = await repo.keptPaidPdf(inv.id, db);
  if (kept?.paidOn === paidOn) return kept.bytes;
  await repo.keepPaidPdf(inv.id, paidOn, await invoicePdf(inv, inv.issuedOn!, trader, paidOn), db);
  return (await repo.keptPaidPdf(inv.id, db))!.bytes;
}

export async function pdfAttachment(inv: Invoice, db: Db, today: IsoDate, trader?: Trader) {
  const bytes = await invoicePdfBytes(inv, db, today, trader);
  return {
    filename: invoicePdfName(inv),
    contentType: "application/pdf",
    content: Buffer.from(bytes).toString("base64"),
    encoding: "base64" as const,
  };
}

export async function sendInvoice(id: number, ctx: ServiceContext): Promise<Invoice> {
  const today = dateInZone(ctx.now);
  const result = await inTransaction(ctx, async (tx) => {
    const r = await lockForChange(id, tx);
    if (!r) throw invoiceNotFound();
    if (r.status === "draft") throw notIssued();
    if (!r.customerEmail) {
      throw new Conflict(
        "This customer has no e-mail address. Add one, or print the PDF and post it.",
        "no_email",
      );
    }
    const inv = await loadInvoice(r, tx, ctx.now);
    const pdf = await pdfAttachment(inv, tx, today, await invoiceTrader(r, ctx.now, tx));
    // A credit note's e-mail says where the invoice it corrects now stands.
    const credited = inv.creditedInvoiceId ? await repo.findInvoice(inv.creditedInvoiceId, tx) : null;
    const corrected = credited ? await loadInvoice(credited, tx, ctx.now) : null;
    const link = await sentInvoiceLink(r, tx);
    const mailIds = await outbox.enqueue(
      [
        {
          message: invoiceSentMessage(inv, mailContext(), pdf, corrected, link),
          ...(r.submissionId !== null ? { submissionId: r.submissionId } : {}),
          ...(link === "invoice" ? { invoiceId: r.id } : {}),
        },
      ],
      tx,
    );
    const updated = await repo.updateInvoice(r.id, { sentAt: ctx.now }, tx);
    await noteInHistory(r.submissionId, `${documentTitle(r)} e-mailed to the customer`, tx, ctx);
    return { record: updated!, mailIds };
  });
  await deliverSoon(ctx, result.mailIds);
  return loadInvoice(result.record, ctx.db, ctx.now);
}

export async function invoicePdfFile(
  id: number,
  ctx: ServiceContext,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const record = await repo.findInvoice(id, ctx.db);
  if (!record) throw invoiceNotFound();
  return recordPdf(record, ctx);
}

/** The PDF of a stored invoice: an issued one's kept bytes straight away, else drawn (and kept). */
export async function recordPdf(
  record: InvoiceRecord,
  ctx: ServiceContext,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  // The issued rendering straight away, unless the invoice is paid (then its "paid" rendering).
  const kept = record.number && record.status !== "paid" ? await repo.keptPdf(record.id, ctx.db) : null;
  if (kept) return { bytes: kept, fileName: invoicePdfName(record) };
  const inv = await loadInvoice(record, ctx.db, ctx.now);
  const trader = await invoiceTrader(record, ctx.now, ctx.db);
  return {
    bytes: await invoicePdfBytes(inv, ctx.db, dateInZone(ctx.now), trader),
    fileName: invoicePdfName(inv),
  };
}

// ---------------------------------------------------------------- payments

/** The paid total and status after a payment change, written to the invoice row. */
async function settle(r: InvoiceRecord, tx: Db, now: Date): Promise<InvoiceRecord> {
  const paidPence = await repo.paidTotal(r.id, tx);
  const status = invoiceStatusOf({
    issued: r.number !== null,
    totalPence: r.totalPence,
    paidPence,
    creditedPence: r.creditedPence,
  });
  return (await repo.updateInvoice(
    r.id,
    { paidPence, status, paidAt: status === "paid" ? (r.paidAt ?? now) : null },
    tx,
  ))!;
}

/**
 * A payment taken online by a provider (the payments feature's webhook), recorded like the owner's:
 * the provider's payment id is the reference and (provider, reference) is unique, so a repeat
 * records nothing. More than the balance is recorded up to the balance and the rest answered as
 * `excessPence` for the owner to refund.
 */
export interface OnlinePayment {
  provider: "stripe";
  feePence: number | null;
}

export interface PaymentAdded {
  invoice: Invoice;
  payment: Invoice["payments"][number];
  /** Online only: what was paid above the balance (not recorded). */
  excessPence: number;
  /** Online only: the provider's payment was already recorded; nothing changed. */
  duplicate: boolean;
}

export async function addPayment(
  id: number,
  input: PaymentParsed,
  ctx: ServiceContext,
  online?: OnlinePayment,
): Promise<PaymentAdded> {
  const today = dateInZone(ctx.now);
  if (input.receivedOn > today) throw invalid("receivedOn", "The date received cannot be in the future.");
  const result = await inTransaction(ctx, async (tx) => {
    const r = await lockForChange(id, tx);
    if (!r) throw invoiceNotFound();
    const known =
      online && input.reference ? await repo.findProviderPayment(online.provider, input.reference, tx) : null;
    if (known) {
      const inv = await loadInvoice((await repo.findInvoice(known.invoiceId, tx))!, tx, ctx.now);
      const paymentWire = inv.payments.find((p) => p.id === known.id)!;
      return { inv, paymentWire, mailIds: [], pushIds: [], excessPence: 0, duplicate: true };
    }
    checkPayable(r);
    const balance = r.totalPence - r.creditedPence - r.paidPence;
    const kept = online ? null : keptExcess(r, input, balance);
    const excessPence = online ? Math.max(input.amountPence - balance, 0) : 0;
    if (excessPence > 0 || kept) input = { ...input, amountPence: balance };
    const payment = await repo.insertPayment(
      {
        invoiceId: r.id,
        amountPence: input.amountPence,
        method: input.method,
        receivedOn: input.receivedOn,
        reference: input.reference,
        provider: online?.provider ?? null,
        feePence: online?.feePence ?? null,
      },
      tx,
    );
    if (kept) await repo.insertAccountCredit({ paymentId: payment.id, invoiceId: r.id, ...kept }, tx);
    const updated = await settle(r, tx, ctx.now);
    await noteInHistory(r.submissionId, paymentHistoryText(r, updated, input, kept, online), tx, ctx);
    const inv = await loadInvoice(updated, tx, ctx.now);
    const paymentWire = inv.payments.find((p) => p.id === payment.id)!;
    const { mailIds, pushIds } = await announcePayment(r, inv, paymentWire, online, { db: tx, now: ctx.now });
    return { inv, paymentWire, mailIds, pushIds, excessPence, duplicate: false };
  });
  await deliverSoon(ctx, result.mailIds);
  await deliverPushSoon(ctx, result.pushIds);
  return {
    invoice: result.inv,
    payment: result.paymentWire,
    excessPence: result.excessPence,
    duplicate: result.duplicate,
  };
}

/** A Conflict unless the invoice is issued, not a credit note, and not void or paid. */
function checkPayable(r: InvoiceRecord): void {
  if (r.kind === "credit_note") throw isCreditNote();
  if (r.status === "draft") throw notIssued();
  if (r.status === "void")
    throw new Conflict(`Invoice ${r.number} is void (credited in full); nothing is owed.`, "invoice_void");
  if (r.status === "paid") throw new Conflict(`Invoice ${r.number} is already paid in full.`, "invoice_paid");
}

/** The request history's line for a payment recorded. */
function paymentHistoryText(
  r: InvoiceRecord,
  updated: InvoiceRecord,
  input: PaymentParsed,
  kept: { kind: ExcessKind; amountPence: number } | null,
  online: OnlinePayment | undefined,
): string {
  const owed =
    updated.status === "paid"
      ? ": paid in full"
      : `: ${formatMoney(updated.totalPence - updated.creditedPence - updated.paidPence)} still owed`;
  const extra = kept
    ? `; ${formatMoney(kept.amountPence)} more than was owed, ${kept.kind === "on_account" ? "kept on account" : "to be refunded"}`
    : "";
  return `Payment of ${formatMoney(input.amountPence + (kept?.amountPence ?? 0))} (${paymentMethodLabel(input.method, online?.provider)}) recorded on invoice ${r.number}${owed}${extra}`;
}

/**
 * The receipt e-mailed when the invoice is paid in full, and the owner's push for a card payment.
 * The owner recorded any other payment himself: no e-mail or push tells him of it.
 */
async function announcePayment(
  r: InvoiceRecord,
  inv: Invoice,
  payment: Invoice["payments"][number],
  online: OnlinePayment | undefined,
  ctx: { db: Db; now: Date },
): Promise<{ mailIds: number[]; pushIds: number[] }> {
  let mailIds: number[] = [];
  if (inv.status === "paid" && inv.customer.email) {
    mailIds = await outbox.enqueue(
      [
        {
          message: invoiceReceiptMessage(inv, payment, mailContext(), await followUpLink(r, ctx.db)),
          ...(r.submissionId !== null ? { submissionId: r.submissionId } : {}),
        },
      ],
      ctx.db,
    );
  }
  const pushIds = online
    ? await notifyOwner(
        {
          kind: "payment_online",
          requestId: r.submissionId,
          name: r.customerName,
          invoiceNumber: r.number!,
          amountPence: payment.amountPence,
        },
        ctx,
      )
    : [];
  return { mailIds, pushIds };
}

/**
 * Money above the balance, as the owner said to keep it (on account, or to refund); null when the
 * payment is within the balance. More than the balance with no say is refused naming the extra, and
 * an extra larger than the invoice's whole total is refused as a likely mistyped amount.
 */
function keptExcess(
  r: InvoiceRecord,
  input: PaymentParsed,
  balance: number,
): { kind: ExcessKind; amountPence: number } | null {
  const extra = input.amountPence - balance;
  if (extra <= 0) return null;
  if (extra > r.totalPence) {
    throw invalid(
      "amountPence",
      `${formatMoney(input.amountPence)} is ${formatMoney(extra)} more than the ${formatMoney(balance)} owed, and the extra is more than the invoice's whole total (${formatMoney(r.totalPence)}). Please check the amount.`,
    );
  }
  if (!input.excess) {
    throw invalid(
      "amountPence",
      `${formatMoney(extra)} more than the ${formatMoney(balance)} owed: keep it on account, or refund it?`,
    );
  }
  return { kind: input.excess, amountPence: extra };
}

/** Removes a mistaken payment: marked with who and when (kept in the trail), no longer counted. */
export async function removePayment(id: number, paymentId: number, ctx: ServiceContext): Promise<Invoice> {
  const record = await inTransaction(ctx, async (tx) => {
    const r = await lockForChange(id, tx);
    if (!r) throw invoiceNotFound();
    const p = await repo.findPayment(paymentId, r.id, tx);
    if (!p) throw new Conflict("That payment does not belong to this invoice.", "payment_not_found");
    if (p.removedAt) throw new Conflict("That payment has already been removed.", "payment_removed");
    const extra = await repo.creditOfPayment(p.id, tx);
    if (extra?.refundedOn) {
      throw new Conflict(
        `The ${formatMoney(extra.amountPence)} paid above the balance with this payment was refunded on ${formatDate(extra.refundedOn)}; the payment cannot be removed.`,
        "payment_refunded",
      );
    }
    if (extra?.kind === "on_account" && (await repo.usedOfCredit(extra.id, tx)) > 0) {
      throw new Conflict(
        `The ${formatMoney(extra.amountPence)} paid above the balance with this payment was used on a later invoice; remove it from that invoice first.`,
        "payment_credit_used",
      );
    }
    await repo.markPaymentRemoved(p.id, "owner", ctx.now, tx);
    if (extra) await repo.markCreditRemoved(extra.id, ctx.now, tx);
    if (p.method === "on_account") await repo.markCreditUsesRemoved(p.id, ctx.now, tx);
    const updated = await settle(r, tx, ctx.now);
    // A paid invoice sent the customer a "paid in full" receipt: it is no longer true, so a short
    // correction with the true balance follows it.
    const corrected = r.status === "paid" && updated.status !== "paid" && r.customerEmail !== null;
    await noteInHistory(
      r.submissionId,
      `Payment of ${formatMoney(p.amountPence)} received ${p.receivedOn} removed from invoice ${r.number} (recorded by mistake)${corrected ? "; the customer was e-mailed a correction of the receipt" : ""}`,
      tx,
      ctx,
    );
    const mailIds = corrected ? await queueReceiptCorrection(updated, p, tx, ctx.now) : [];
    return { updated, mailIds };
  });
  await deliverSoon(ctx, record.mailIds);
  return loadInvoice(record.updated, ctx.db, ctx.now);
}

/** Queues the correction of a "paid in full" receipt after `removed` came off the invoice. */
async function queueReceiptCorrection(
  updated: InvoiceRecord,
  removed: { amountPence: number; receivedOn: IsoDate },
  tx: Db,
  now: Date,
): Promise<number[]> {
  const inv = await loadInvoice(updated, tx, now);
  return outbox.enqueue(
    [
      {
        message: receiptCorrectionMessage(inv, removed, mailContext(), await followUpLink(updated, tx)),
        ...(updated.submissionId !== null ? { submissionId: updated.submissionId } : {}),
      },
    ],
    tx,
  );
}

// ---------------------------------------------------------------- credit notes

/**
 * A credit note against an issued invoice, issued at once with the next credit-note number: the
 * given lines, or (none given) every line of the invoice. It may not credit more than is left to
 * credit; crediting the whole total makes the invoice void.
 */
export async function createCreditNote(
  id: number,
  input: CreditNoteParsed,
  ctx: ServiceContext,
): Promise<{ creditNote: Invoice; invoice: Invoice }> {
  const today = dateInZone(ctx.now);
  const result = await inTransaction(ctx, async (tx) => {
    const r = await lockForChange(id, tx);
    if (!r) throw invoiceNotFound();
    if (r.kind === "credit_note")
      throw new Conflict("A credit note cannot itself be credited.", "credit_note");
    if (r.status === "draft")
      throw new Conflict("A draft has no number to credit: change it or delete it instead.", "invoice_draft");
    if (r.status === "void")
      throw new Conflict(`Invoice ${r.number} is already credited in full.`, "invoice_void");
    const left = r.totalPence - r.creditedPence;
    const field = input.amountPence !== undefined ? "amountPence" : "lines";
    const lines = creditNoteLines(r, input, left);
    const totals = totalsOfStored(lines, r.vatRegistered);
    if (totals.totalPence <= 0) throw invalid(field, "A credit note's total must be more than £0.00.");
    if (totals.totalPence > left) throw invalid(field, tooMuchToCredit(totals.totalPence, left, r.number));
    const number = numberFor("creditNote", await repo.takeNumber(sequences.creditNote, tx));
    const note = await repo.insertInvoice(
      {
        kind: "credit_note",
        creditedInvoiceId: r.id,
        submissionId: r.submissionId,
        quoteId: r.quoteId,
        customerName: r.customerName,
        customerEmail: r.customerEmail,
        customerAddress: r.customerAddress,
        vatRegistered: r.vatRegistered,
        note: null,
        reason: input.reason,
        supplyDate: today,
        number,
        issuedOn: today,
        issuedAt: ctx.now,
        dueOn: null,
        // A credit note is settled when issued: it owes nothing and is never chased.
        status: "paid",
        netPence: totals.netPence,
        vatPence: totals.vatPence,
        totalPence: totals.totalPence,
      },
      lines,
      tx,
    );
    const creditedPence = r.creditedPence + totals.totalPence;
    const status = invoiceStatusOf({
      issued: true,
      totalPence: r.totalPence,
      paidPence: r.paidPence,
      creditedPence,
    });
    const updated = await repo.updateInvoice(
      r.id,
      { creditedPence, status, paidAt: status === "paid" ? (r.paidAt ?? ctx.now) : r.paidAt },
      tx,
    );
    await noteInHistory(
      r.submissionId,
      `Credit note ${number} for ${formatMoney(totals.totalPence)} against invoice ${r.number}${status === "void" ? " (now void)" : ""}: ${input.reason}`,
      tx,
      ctx,
    );
    return { note, updated: updated! };
  });
  const [creditNote, invoice] = await Promise.all([
    loadInvoice(result.note, ctx.db, ctx.now),
    loadInvoice(result.updated, ctx.db, ctx.now),
  ]);
  return { creditNote, invoice };
}

const tooMuchToCredit = (amount: number, left: number, number: string | null) =>
  `The credit note (${formatMoney(amount)}) cannot be more than what is left to credit on invoice ${number} (${formatMoney(left)}).`;

/**
 * A credit note's lines: those given; for a stated amount, one line per VAT band of the invoice
 * (named by the reason) carrying the band's share; otherwise every line of the invoice.
 */
function creditNoteLines(r: InvoiceRecord, input: CreditNoteParsed, left: number): NewInvoiceLine[] {
  if (input.lines) return linesToStore(input.lines, r.vatRegistered);
  if (input.amountPence === undefined) return r.lines.map(({ id: _i, position: _p, ...l }) => l);
  if (input.amountPence > left)
    throw invalid("amountPence", tooMuchToCredit(input.amountPence, left, r.number));
  const bands = totalsOfStored(
    r.lines.map(({ id: _i, position: _p, ...l }) => l),
    r.vatRegistered,
  ).vatByRate;
  const reason = input.reason.replace(/\s+/g, " ");
  const description = reason.length > 480 ? `${reason.slice(0, 479)}…` : reason;
  return linesToStore(
    amountCreditLines(bands, input.amountPence, r.vatRegistered, description),
    r.vatRegistered,
    "amountPence",
  );
}

// ---------------------------------------------------------------- lists

export async function listInvoices(query: Omit<InvoiceListQuery, never>, ctx: ServiceContext) {
  const today = dateInZone(ctx.now);
  const page = query.page ? Number(query.page) : 1;
  const pageSize = invoiceLimits.pageSize;
  const { rows, total } = await repo.listInvoices(
    {
      status: query.status,
      creditNotes: query.creditNotes === "only" ? "only" : query.creditNotes === "1",
      submissionId: query.submissionId ? Number(query.submissionId) : undefined,
      q: query.q?.trim() || undefined,
      from: query.from,
      to: query.to,
      today,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    },
    ctx.db,
  );
  const invoices = rows.map((r) => {
    const inv = toInvoice(
      { ...r, kind: r.kind as InvoiceRecord["kind"], status: r.status as InvoiceRecord["status"], lines: [] },
      { payments: [], creditNotes: [], creditedInvoiceNumber: null },
      today,
    );
    return {
      id: inv.id,
      kind: inv.kind,
      number: inv.number,
      status: inv.status,
      overdue: inv.overdue,
      daysOverdue: inv.daysOverdue,
      submissionId: inv.submissionId,
      customerName: inv.customer.name,
      issuedOn: inv.issuedOn,
      dueOn: inv.dueOn,
      totalPence: inv.totalPence,
      paidPence: inv.paidPence,
      balancePence: inv.balancePence,
      createdAt: inv.createdAt,
    };
  });
  const vat = await business.vatOn(dateInZone(ctx.now), ctx.db);
  return { invoices, total, page, pageSize, settings: invoiceSettings(ctx.now, vat) };
}

/** A request's invoices (credit notes included) and what its accepted quote still allows. */
export async function requestInvoices(requestId: number, ctx: ServiceContext) {
  const [request] = await workflow.findMany([requestId], ctx.db);
  if (!request) throw requestNotFound();
  const records = await repo.forRequest(requestId, ctx.db);
  const invoices = await Promise.all(records.map((r) => loadInvoice(r, ctx.db, ctx.now)));
  const accepted = await quotes.acceptedForRequest(requestId, ctx.db);
  const q = accepted[0];
  const quote =
    q && q.acceptance
      ? invoicingOf(
          q,
          records.filter((r) => r.quoteId === q.id && r.kind !== "credit_note"),
        )
      : null;
  const vat = await business.vatOn(dateInZone(ctx.now), ctx.db);
  return { invoices, quote, settings: invoiceSettings(ctx.now, vat) };
}
