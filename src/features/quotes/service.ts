/**
 * The owner's quotes and price list (docs/decisions/029-quotes.md).
 *
 *   listQuotes(requestId, ctx)            every version, newest first, and the quote settings
 *   createQuote(requestId, input, ctx)    a new draft (version 1, or the next after a closed one)
 *   getQuote(id, ctx)
 *   updateQuote(id, patch, ctx)           a draft in place; a sent or opened quote becomes version
 *                                         n+1 (a draft) and n is superseded; anything else: Conflict
 *   sendQuote(id, ctx)                    a draft goes out: status sent, the request to quoted with
 *                                         a history row, the customer e-mailed the link and the PDF
 *   quotePdfFile(id, ctx)                 the PDF (the accepted one once accepted)
 *   ownerCancelQuote(id, input, ctx)      a cancellation received by phone or letter, in the 14 days
 *   recordAmountOwed(id, input, ctx)      owed for work started early at the customer's request
 *   price list: listPriceList, addPriceListItem, updatePriceListItem, deletePriceListItem
 *
 * Every change locks the request, then the quote, so it is ordered with the customer's accept or
 * decline: whichever commits first wins and the other gets a Conflict that says why.
 */
import { hundredthsToPercent, percentToHundredths, type Hundredths } from "../billing/contract";
import { site } from "../../config/site";
import type { Db } from "../../platform/db/client";
import { inTransaction, type ServiceContext } from "../../platform/context";
import { pgErrorCode } from "../../platform/db/errors";
import { Conflict, Invalid, NotFound } from "../../platform/domain-errors";
import { addDays, dateInZone, formatDate, type IsoDate } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import { canTransition } from "../requests/contract/states";
import * as business from "../business";
import * as workflow from "../requests";
import { applyStateChange } from "../requests";
import * as outbox from "../mail";
import { deliverSoon, mailContext } from "../mail";
import {
  defaultStartWithinWorkingDays,
  quoteLimits,
  quoteTitle,
  type AmountOwedInput,
  type OwnerCancelInput,
  type PriceListItem,
  type WebsitePrice,
  type PriceListItemInput,
  type PriceListItemPatch,
  type Quote,
  type QuoteInputParsed,
  type QuotePatchParsed,
  type QuoteSettings,
} from "./contract";
import * as repo from "./repository";
import { publicSite } from "../site-content";
import { priceBasisUnit } from "../site-content/contract/rules";
import type { QuoteRecord } from "./repository";
import { quoteSentMessage } from "./mail";
import { quotePdf, quotePdfName } from "./pdf";
import { cancelAcceptedIn, pdfAttachment, quoteHistoryNotes } from "./service-customer";
import {
  checkDeposit,
  checkValidUntil,
  linesToStore,
  notEditable,
  quoteNotFound,
  quoteSettings,
  requestNotFound,
  toQuote,
  totalOfStored,
} from "./service-model";
import { hasEmail, mailable } from "../requests";

export { quoteSettings };

/** Reads the quote's request id, then locks the request and the quote in that order. */
async function lockForChange(id: number, tx: Db) {
  const found = await repo.findQuote(id, tx);
  if (!found) throw quoteNotFound();
  const state = (await workflow.lockStates([found.submissionId], tx)).get(found.submissionId);
  if (!state) throw requestNotFound();
  const record = await repo.lockQuote(id, tx);
  if (!record) throw quoteNotFound();
  const [request] = await workflow.findMany([record.submissionId], tx);
  return { state, record, request: request! };
}

/** A unique-index clash (two tabs creating or versioning at once) as a Conflict. */
async function clashesAsConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgErrorCode(error) === "23505") {
      throw new Conflict(
        "This request's quote was changed in another window at the same time. Please reload it.",
        "quote_conflict",
      );
    }
    throw error;
  }
}

export async function listQuotes(
  requestId: number,
  ctx: ServiceContext,
): Promise<{ quotes: Quote[]; settings: QuoteSettings }> {
  const [request] = await workflow.findMany([requestId], ctx.db);
  if (!request) throw requestNotFound();
  const versions = await repo.listForRequest(requestId, ctx.db);
  const vat = await business.vatOn(dateInZone(ctx.now), ctx.db);
  return { quotes: versions.map(toQuote), settings: quoteSettings(ctx.now, vat) };
}

export async function getQuote(id: number, ctx: ServiceContext): Promise<Quote> {
  const record = await repo.findQuote(id, ctx.db);
  if (!record) throw quoteNotFound();
  return toQuote(record);
}

function whyNoNewQuote(live: QuoteRecord): Conflict {
  const title = quoteTitle(live.submissionId, live.version);
  if (live.status === "draft") {
    return new Conflict(
      `This request already has a draft quote (${title}). Change that one instead.`,
      "quote_exists",
    );
  }
  if (live.status === "accepted") {
    return new Conflict(
      `${title} has been accepted, and an accepted quote never changes. Cancel it first if the customer has cancelled.`,
      "quote_accepted",
    );
  }
  return new Conflict(
    `${title} has been sent and is waiting for an answer. Change it instead: that makes a new version.`,
    "quote_exists",
  );
}

export async function createQuote(
  requestId: number,
  input: QuoteInputParsed,
  ctx: ServiceContext,
): Promise<Quote> {
  const today = dateInZone(ctx.now);
  const validUntil = input.validUntil ?? addDays(today, site.quotes.validDays);
  checkValidUntil(validUntil, today);
  const vatRegistered = await business.vatOn(today, ctx.db);
  const lines = linesToStore(input.lines, vatRegistered);
  const totalPence = totalOfStored(lines, vatRegistered);
  checkDeposit(input.depositPence ?? null, totalPence);
  const record = await clashesAsConflict(
    inTransaction(ctx, async (tx) => {
      const state = (await workflow.lockStates([requestId], tx)).get(requestId);
      if (!state) throw requestNotFound();
      if (state === "spam") {
        throw new Conflict(
          "This request is marked as spam. Restore it before writing a quote.",
          "request_spam",
        );
      }
      const versions = await repo.listForRequest(requestId, tx);
      const blocking = versions.find((v) => ["draft", "sent", "viewed", "accepted"].includes(v.status));
      if (blocking) throw whyNoNewQuote(blocking);
      await workflow.setRead([requestId], true, tx);
      return repo.insertQuote(
        {
          submissionId: requestId,
          version: (versions[0]?.version ?? 0) + 1,
          vatRegistered,
          note: input.note,
          validUntil,
          depositPence: input.depositPence ?? null,
          depositPercentHundredths: percentToHundredths(input.depositPercent ?? null),
          urgentRepair: input.urgentRepair,
          totalPence,
          ...startAfter(
            {
              startDate: null,
              startWithinWorkingDays: input.startDate ? null : defaultStartWithinWorkingDays,
            },
            input,
            today,
          ),
        },
        lines,
        tx,
      );
    }),
  );
  return toQuote(record);
}

/** The quote after `patch`: what a draft becomes, or what version n+1 starts as. */
function patched(record: QuoteRecord, patch: QuotePatchParsed, today: IsoDate, vatNow: boolean) {
  const lines = patch.lines
    ? linesToStore(patch.lines, vatNow)
    : record.lines.map(({ id: _id, position: _p, ...l }) => ({
        ...l,
        vatRateHundredths: record.vatRegistered === vatNow ? l.vatRateHundredths : null,
      }));
  const vatRegistered = patch.lines ? vatNow : record.vatRegistered;
  const validUntil = patch.validUntil ?? record.validUntil;
  if (patch.validUntil !== undefined || record.status !== "draft") checkValidUntil(validUntil, today);
  let depositPence = record.depositPence;
  let depositPercentHundredths = record.depositPercentHundredths;
  if (patch.depositPence !== undefined) {
    depositPence = patch.depositPence;
    if (patch.depositPence !== null) depositPercentHundredths = null;
  }
  if (patch.depositPercent !== undefined) {
    depositPercentHundredths = percentToHundredths(patch.depositPercent);
    if (patch.depositPercent !== null) depositPence = null;
  }
  const totalPence = totalOfStored(lines, vatRegistered);
  checkDeposit(depositPence, totalPence);
  return {
    lines,
    values: {
      vatRegistered,
      note: patch.note === undefined ? record.note : patch.note,
      validUntil,
      depositPence,
      depositPercentHundredths,
      urgentRepair: patch.urgentRepair ?? record.urgentRepair,
      totalPence,
      ...startAfter(record, patch, today),
    },
  };
}

/** When the work starts after `patch`: one of a date (not in the past) or a number of working days. */
function startAfter(
  record: Pick<QuoteRecord, "startDate" | "startWithinWorkingDays">,
  patch: Pick<QuotePatchParsed, "startDate" | "startWithinWorkingDays">,
  today: IsoDate,
) {
  let startDate = record.startDate;
  let startWithinWorkingDays = record.startWithinWorkingDays;
  if (patch.startDate !== undefined) {
    startDate = patch.startDate;
    if (patch.startDate !== null) startWithinWorkingDays = null;
  }
  if (patch.startWithinWorkingDays !== undefined) {
    startWithinWorkingDays = patch.startWithinWorkingDays;
    if (patch.startWithinWorkingDays !== null) startDate = null;
  }
  if (patch.startDate && patch.startDate < today) {
    throw new Invalid("Please check the highlighted fields.", {
      fields: { startDate: "The start date cannot be in the past." },
    });
  }
  return { startDate, startWithinWorkingDays };
}

export async function updateQuote(id: number, patch: QuotePatchParsed, ctx: ServiceContext): Promise<Quote> {
  const today = dateInZone(ctx.now);
  const vatNow = await business.vatOn(today, ctx.db);
  const record = await clashesAsConflict(
    inTransaction(ctx, async (tx) => {
      const { record } = await lockForChange(id, tx);
      if (record.status === "draft") {
        const next = patched(record, patch, today, vatNow);
        if (patch.lines) await repo.replaceLines(record.id, next.lines, tx);
        await workflow.setRead([record.submissionId], true, tx);
        return (await repo.updateQuote(record.id, next.values, tx))!;
      }
      if (record.status === "sent" || record.status === "viewed") {
        const next = patched(record, patch, today, vatNow);
        await repo.updateQuote(record.id, { status: "superseded", closedAt: ctx.now }, tx);
        await workflow.setRead([record.submissionId], true, tx);
        return repo.insertQuote(
          { submissionId: record.submissionId, version: record.version + 1, ...next.values },
          next.lines,
          tx,
        );
      }
      throw notEditable(record);
    }),
  );
  return toQuote(record);
}

export async function sendQuote(
  id: number,
  ctx: ServiceContext,
  options: { byText?: boolean } = {},
): Promise<Quote> {
  const today = dateInZone(ctx.now);
  const result = await inTransaction(ctx, async (tx) => {
    const { state, record, request } = await lockForChange(id, tx);
    const title = quoteTitle(record.submissionId, record.version);
    if (record.status !== "draft") {
      throw record.status === "sent" || record.status === "viewed"
        ? new Conflict(`${title} has already been sent.`, "quote_already_sent")
        : notEditable(record);
    }
    if (record.validUntil < today) {
      throw new Conflict(
        `${title} was valid until ${formatDate(record.validUntil)}, which has passed. Change the date before sending it.`,
        "quote_out_of_date",
      );
    }
    if (state === "spam") {
      throw new Conflict(
        "This request is marked as spam. Restore it before sending a quote.",
        "request_spam",
      );
    }
    // The quote goes by e-mail and is accepted on the customer's page, which that e-mail links to;
    // without an address, only when the owner says he texts the page's link himself.
    const customer = options.byText && !hasEmail(request) ? null : mailable(request, "a quote");
    const updated = await repo.updateQuote(
      record.id,
      { status: "sent", sentAt: ctx.now, closedAt: null },
      tx,
    );
    const quote = toQuote(updated!);
    const note = `${quoteHistoryNotes.sent}${title}, ${formatMoney(quote.totalPence)}${customer ? "" : " (by text message)"}`;
    // Quoted, unless a confirmed visit keeps it scheduled (only appointments schedule a request).
    if (state !== "quoted" && state !== "scheduled" && canTransition(state, "quoted", "owner")) {
      await applyStateChange(record.submissionId, "quoted", { note }, tx, ctx);
    } else {
      await workflow.addHistory(
        [{ submissionId: record.submissionId, fromState: state, toState: state, note }],
        ctx.actor,
        tx,
      );
    }
    await workflow.setRead([record.submissionId], true, tx);
    if (!customer) return { quote, mailIds: [] };
    const trader = await business.paperTrader(ctx.now, quote.vatRegistered, tx);
    const pdf = await pdfAttachment(quote, customer, today, trader);
    const mailIds = await outbox.enqueue(
      [{ message: quoteSentMessage(customer, quote, mailContext(), pdf), submissionId: record.submissionId }],
      tx,
    );
    return { quote, mailIds };
  });
  await deliverSoon(ctx, result.mailIds);
  return result.quote;
}

export async function quotePdfFile(
  id: number,
  ctx: ServiceContext,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const record = await repo.findQuote(id, ctx.db);
  if (!record) throw quoteNotFound();
  const [request] = await workflow.findMany([record.submissionId], ctx.db);
  if (!request) throw requestNotFound();
  const quote = toQuote(record);
  const bytes = await quotePdf({
    quote,
    customer: { name: request.name, address: request.address, email: request.email },
    today: dateInZone(ctx.now),
    trader: await business.paperTrader(record.sentAt ?? ctx.now, quote.vatRegistered, ctx.db),
  });
  return { bytes, fileName: quotePdfName(quote, quote.acceptance !== null) };
}

/**
 * A cancellation the customer made by phone or letter, received on `receivedOn` (default today),
 * which must fall within the 14 days. The acknowledgement e-mail goes at once; a live appointment
 * is cancelled with its calendar CANCEL. An urgent repair cannot be cancelled.
 */
export async function ownerCancelQuote(
  id: number,
  input: {
    receivedOn?: IsoDate | undefined;
    reason: string | null;
    amountOwedPence?: number | null | undefined;
  },
  ctx: ServiceContext,
): Promise<Quote> {
  const today = dateInZone(ctx.now);
  const receivedOn = input.receivedOn ?? today;
  if (receivedOn > today) {
    throw new Invalid("Please check the highlighted fields.", {
      fields: { receivedOn: "The day the cancellation was received cannot be in the future." },
    });
  }
  const result = await inTransaction(ctx, async (tx) => {
    const { record, request } = await lockForChange(id, tx);
    const title = quoteTitle(record.submissionId, record.version);
    if (record.status !== "accepted" || !record.acceptance) {
      throw record.status === "cancelled"
        ? new Conflict(`${title} is already cancelled.`, "quote_cancelled")
        : new Conflict(
            `Only an accepted quote can be cancelled; ${title} is not accepted.`,
            "quote_not_accepted",
          );
    }
    const a = record.acceptance;
    if (a.urgentRepair) {
      throw new Conflict(
        `${title} is an urgent repair the customer called us out for, so it has no right to cancel.`,
        "urgent_repair",
      );
    }
    if (receivedOn > a.cancelUntil! || receivedOn < dateInZone(new Date(a.at))) {
      throw new Conflict(
        `The cancellation period for ${title} ran from ${formatDate(dateInZone(new Date(a.at)))} to the end of ${formatDate(a.cancelUntil!)}; a cancellation received on ${formatDate(receivedOn)} is outside it.`,
        "cancellation_closed",
      );
    }
    const owed = input.amountOwedPence ?? null;
    if (owed !== null) checkOwed(owed, record);
    return cancelAcceptedIn(
      // An accepted quote was e-mailed, so the request has an address.
      mailable(request, "the cancellation"),
      record,
      { by: "owner", reason: input.reason, receivedOn, amountOwedPence: owed },
      tx,
      ctx,
    );
  });
  await deliverSoon(ctx, result.mailIds);
  return result.quote;
}

function checkOwed(amount: number, record: QuoteRecord): void {
  const a = record.acceptance!;
  if (!a.expressStart) {
    throw new Conflict(
      "The customer did not ask for the work to start within the cancellation period, so nothing is owed for work done before they cancelled.",
      "no_express_start",
    );
  }
  if (amount > a.totalPence) {
    throw new Invalid("Please check the highlighted fields.", {
      fields: {
        amountOwedPence: `The amount owed cannot be more than the agreed total (${formatMoney(a.totalPence)}).`,
      },
    });
  }
}

export async function recordAmountOwed(
  id: number,
  input: AmountOwedInput & { note: string | null },
  ctx: ServiceContext,
): Promise<Quote> {
  return toQuote(
    await inTransaction(ctx, async (tx) => {
      const { record, state } = await lockForChange(id, tx);
      if (record.status !== "cancelled") {
        throw new Conflict(
          "An amount owed is recorded only for a cancelled quote (work done before the cancellation).",
          "quote_not_cancelled",
        );
      }
      checkOwed(input.amountOwedPence, record);
      const title = quoteTitle(record.submissionId, record.version);
      await workflow.addHistory(
        [
          {
            submissionId: record.submissionId,
            fromState: state,
            toState: state,
            note: `Owed for work done before ${title} was cancelled: ${formatMoney(input.amountOwedPence)}${input.note ? `. ${input.note}` : ""}`,
          },
        ],
        ctx.actor,
        tx,
      );
      return (await repo.updateQuote(record.id, { amountOwedPence: input.amountOwedPence }, tx))!;
    }),
  );
}

export type { OwnerCancelInput };

// ---------------------------------------------------------------- price list

function toItem(r: repo.PriceListRecord): PriceListItem {
  return {
    id: r.id,
    description: r.description,
    unitPence: r.unitPence,
    unit: r.unit,
    vatRate: hundredthsToPercent(r.vatRateHundredths),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function vatRateToStore(rate: number | null | undefined): Hundredths | null | undefined {
  if (rate === undefined) return undefined;
  if (rate === null) return null;
  const rates = site.vat.rates as readonly number[];
  if (!rates.includes(rate)) {
    throw new Invalid("Please check the highlighted fields.", {
      fields: { vatRate: `Please choose one of ${rates.map((r) => `${r}%`).join(", ")}.` },
    });
  }
  return percentToHundredths(rate);
}

export async function listPriceList(
  ctx: ServiceContext,
): Promise<{ items: PriceListItem[]; websitePrices: WebsitePrice[]; settings: QuoteSettings }> {
  const vat = await business.vatOn(dateInZone(ctx.now), ctx.db);
  const websitePrices = (await publicSite(ctx)).services.map((s) => ({
    slug: s.slug,
    name: s.name,
    unitPence: s.startingPricePence,
    unit: priceBasisUnit(s.priceBasis),
    priceText: s.priceText,
  }));
  return {
    items: (await repo.listPriceList(ctx.db)).map(toItem),
    websitePrices,
    settings: quoteSettings(ctx.now, vat),
  };
}

export async function addPriceListItem(
  input: PriceListItemInput & { unit: string | null },
  ctx: ServiceContext,
): Promise<PriceListItem> {
  const vatRateHundredths = vatRateToStore(input.vatRate) ?? null;
  if ((await repo.countPriceList(ctx.db)) >= quoteLimits.maxPriceListItems) {
    throw new Conflict(
      `The price list holds at most ${quoteLimits.maxPriceListItems} items. Remove one you no longer use first.`,
      "price_list_full",
    );
  }
  return toItem(
    await repo.insertPriceListItem(
      { description: input.description, unitPence: input.unitPence, unit: input.unit, vatRateHundredths },
      ctx.db,
    ),
  );
}

export async function updatePriceListItem(
  id: number,
  patch: Omit<PriceListItemPatch, "unit"> & { unit?: string | null | undefined },
  ctx: ServiceContext,
): Promise<PriceListItem> {
  const vatRateHundredths = vatRateToStore(patch.vatRate);
  const set: Partial<repo.NewPriceListItem> = {
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.unitPence !== undefined ? { unitPence: patch.unitPence } : {}),
    ...(patch.unit !== undefined ? { unit: patch.unit } : {}),
    ...(vatRateHundredths !== undefined ? { vatRateHundredths } : {}),
  };
  const row = await repo.updatePriceListItem(id, set, ctx.db);
  if (!row) throw new NotFound("That price list item does not exist.");
  return toItem(row);
}

export async function deletePriceListItem(id: number, ctx: ServiceContext): Promise<void> {
  if (!(await repo.deletePriceListItem(id, ctx.db)))
    throw new NotFound("That price list item does not exist.");
}
