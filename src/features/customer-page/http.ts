/**
 * Which page answers what, on the customer's page (docs/decisions/019-customer-page.md): the
 * render and error functions of netlify/functions/customer-page.mts. The rules are in
 * src/features/customer-page/service.ts, the markup in ./html.ts.
 *
 *   GET  /request/<token>                the page; with ?step=<action>, that action's confirmation
 *   POST /request/<token>                the change; a form that needs fixing comes back with what
 *                                        was typed and what to fix
 *   GET  /request/lost, POST /request/lost   the lost-link form and its one answer
 *
 * A wrong, expired or other request's link gets the same 404 page on every path.
 */
import { businessFact } from "../../lib/business-facts";
import {
  customerActions,
  optionFieldPrefix,
  quoteActions,
  quoteSteps,
  type CustomerAction,
  type QuoteAction,
  type QuoteStep,
  type RequestActionInput,
  type customerPageEndpoints,
} from "./contract/endpoints";
import type { HttpError } from "../../platform/http/errors";
import type { PageAnswer, PageCall } from "../../platform/http/public";
import { availability } from "../appointments";
import type { ServiceContext } from "../../platform/context";
import {
  actOnRequest,
  withdrawPhotosConsent,
  appointmentCalendar,
  customerPage,
  newFormKey,
  sendLostLinks,
  type CustomerPageView,
  type QuoteFormValues,
} from "./service";
import { actOnQuote, quoteSeen } from "./service-quote";
import { tooLateMessage } from "./request-actions";
import { payDepositFromPage, payFromPage } from "./service-pay";
import type { paymentEndpoints } from "../payments/contract/endpoints";
import { site } from "../../config/site";
import {
  actionPage,
  lostLinkAnswerPage,
  lostLinkPage,
  messagePage,
  notFoundPage,
  quoteStepPage,
  requestPage,
  type FormState,
  type PageBanner,
} from "./html";
import { requestPagePath } from "../mail";

type Endpoints = typeof customerPageEndpoints;
type PaymentEndpoints = typeof paymentEndpoints;

/** The dates a customer may ask for (what the booking form offers). */
async function bookableDates(ctx: ServiceContext) {
  return (await availability({}, ctx)).dates.map((d) => ({ date: d.date, label: d.label }));
}

/**
 * Why a step is not on the page any more (it was done, in this tab or another, the request closed,
 * or the visit came inside the cut-off): said above the request as it is now, never as an error.
 */
function unavailable(view: CustomerPageView, step: CustomerAction): PageBanner {
  const note = (heading: string, message: string): PageBanner => ({ heading, message, tone: "note" });
  if (view.closed) {
    return note(
      "This request is closed",
      `It can no longer be changed here. To talk about it, please call us on ${businessFact.phone}.`,
    );
  }
  if (view.late && step !== "message") return note("Too late to change online", tooLateMessage);
  if (step === "accept") {
    return view.appointment
      ? note("This time is already accepted", `Your appointment is confirmed: ${view.appointment.label}.`)
      : note("There is no time to accept", "There is no offered time to accept any more.");
  }
  if (step === "reschedule") {
    return note(
      "No appointment times",
      "A message to us has no appointment times; you can send us a message.",
    );
  }
  return note("Not available online", "This can no longer be done here.");
}

/** An action's confirmation step, or the page as it is now with why the step is not there. */
async function stepPage(
  view: CustomerPageView,
  token: string,
  step: CustomerAction,
  form: FormState,
  ctx: ServiceContext,
): Promise<PageAnswer> {
  if (!view.can[step]) return { markup: requestPage(view, token, unavailable(view, step)) };
  const dates = step === "reschedule" ? await bookableDates(ctx) : [];
  return { markup: actionPage(view, token, step, form, dates) };
}

const isQuoteStep = (step: string | undefined): step is QuoteStep => quoteSteps.some((s) => s === step);
const isQuoteAction = (action: unknown): action is QuoteAction => quoteActions.some((a) => a === action);

/** Why a quote step is not there (the quote was answered, replaced or its period is over). */
function quoteUnavailable(view: CustomerPageView, step: QuoteStep): PageBanner {
  const note = (heading: string, message: string): PageBanner => ({ heading, message, tone: "note" });
  const state = view.quote?.state;
  if (step === "cancel-quote" && state?.kind === "accepted" && !state.cancel.open) {
    return note("Online cancellation is closed", state.cancel.why);
  }
  if (state?.kind === "closed") return note(state.headline, state.message);
  if (step === "decline-quote" && state?.kind === "accepted") {
    return note("This quote is accepted", "You have accepted this quote, so there is nothing to decline.");
  }
  return note(
    "Not available online",
    `This can no longer be done here. Please call us on ${businessFact.phone}.`,
  );
}

function canQuoteStep(view: CustomerPageView, step: QuoteStep): boolean {
  const state = view.quote?.state;
  return step === "decline-quote" ? state?.kind === "open" : state?.kind === "accepted" && state.cancel.open;
}

/** The banner after a quote action's redirect: said only when the quote is in that state now. */
function doneBanner(view: CustomerPageView, done: "accepted" | "declined" | "cancelled") {
  const q = view.quote;
  if (!q) return undefined;
  if (done === "accepted" && q.state.kind === "accepted") {
    return {
      heading: "Quote accepted",
      message: `Thank you: you have accepted our quote and agreed to pay ${q.sums.total}. We have e-mailed you a copy with your cancellation rights, and we will be in touch to arrange the work.${q.sums.deposit ? ` ${depositNow(view, q.sums.deposit)}` : ""}`,
      tone: "done" as const,
    };
  }
  if (done === "declined" && q.status === "declined") {
    return {
      heading: "Quote declined",
      message: `Thank you for letting us know. If you would like a different quote, call us on ${businessFact.phone}.`,
      tone: "done" as const,
    };
  }
  if (done === "cancelled" && q.status === "cancelled") {
    return {
      heading: "Cancellation received",
      message: `${q.cancellationReceipt ?? ""} We have e-mailed you to confirm it.`,
      tone: "done" as const,
    };
  }
  return undefined;
}

/** How to pay the deposit now, said under "Quote accepted": bank transfer, or the Pay button. */
function depositNow(view: CustomerPageView, deposit: string): string {
  const b = view.invoices?.bank ?? view.bank ?? site.invoices.bank;
  const pay =
    view.invoices?.invoices.some((i) => i.kind === "deposit" && i.balancePence > 0) && view.cardPayments;
  return `The deposit of ${deposit} is due before the work starts: you can pay it now by bank transfer to ${b.accountName}, sort code ${b.sortCode}, account number ${b.accountNumber}, reference ${view.reference}${pay ? ", or by card with the Pay button under Your invoices" : ""}.`;
}

export async function showPage({
  rawId,
  query,
  ctx,
}: PageCall<Endpoints["customerPage"]>): Promise<PageAnswer> {
  const token = rawId ?? "";
  if (isQuoteStep(query.step)) {
    const view = await customerPage(token, ctx);
    if (!canQuoteStep(view, query.step)) {
      return { markup: requestPage(view, token, quoteUnavailable(view, query.step)) };
    }
    return { markup: quoteStepPage(view, token, query.step, { nonce: newFormKey(ctx.now) }) };
  }
  if (query.done || query.options) {
    const view = await customerPage(token, ctx, {
      options: query.options,
      expressStart: query.start === "1",
    });
    const banner = query.done ? doneBanner(view, query.done) : undefined;
    return { markup: requestPage(view, token, banner) };
  }
  if (query.paid) {
    const view = await customerPage(token, ctx);
    return { markup: requestPage(view, token, paidBanner(view, query.paid)) };
  }
  if (query.download === "calendar") {
    const file = await appointmentCalendar(token, ctx);
    if (file) return { markup: "", file };
    const view = await customerPage(token, ctx);
    const note: PageBanner = {
      heading: "No appointment to add",
      message: "There is no confirmed appointment on this request to add to a calendar.",
      tone: "note",
    };
    return { markup: requestPage(view, token, note), status: 404 };
  }
  const view = await customerPage(token, ctx);
  if (!query.step) return { markup: requestPage(view, token) };
  return stepPage(view, token, query.step as CustomerAction, { nonce: newFormKey(ctx.now) }, ctx);
}

/**
 * Back from Stripe's Checkout: the redirect proves nothing, so nothing is recorded; the payment shows
 * once Stripe's signed event has been recorded (normally within seconds).
 */
function paidBanner(view: CustomerPageView, invoiceId: number): PageBanner {
  const inv = view.invoices?.invoices.find((i) => i.id === invoiceId);
  if (inv && inv.balancePence <= 0) {
    return {
      heading: "Payment received",
      message: `Thank you: invoice ${inv.number} is paid.`,
      tone: "done",
    };
  }
  return {
    heading: "Payment received",
    message: "Payment received, it will show here in a moment.",
    tone: "done",
  };
}

/** The Pay button: a 303 to Stripe's hosted Checkout for that invoice's balance. */
export async function payInvoice({
  rawId,
  body,
  ctx,
}: PageCall<PaymentEndpoints["payInvoice"]>): Promise<PageAnswer> {
  const url = await payFromPage(rawId ?? "", body.invoice, ctx);
  return { markup: "", status: 303, headers: { Location: url } };
}

/**
 * A Pay press that did not go through: the page as it now is with why (the invoice was paid in the
 * meantime: 409; Stripe could not be reached: 503, with the bank transfer details still on the page).
 */
export async function payError(
  failure: HttpError,
  call: { rawId: string | undefined; ctx: ServiceContext },
): Promise<PageAnswer> {
  if (failure.status === 404) return { markup: notFoundPage() };
  const token = call.rawId ?? "";
  const view = await customerPage(token, call.ctx).catch(() => null);
  if (!view) return { markup: notFoundPage(), status: 404 };
  const banner: PageBanner =
    failure.status === 409
      ? { heading: "Nothing to pay", message: failure.message, tone: "note" }
      : failure.status === 503
        ? { heading: "Card payment not available", message: failure.message, tone: "note" }
        : {
            heading: failure.status === 429 ? "Please wait a moment" : "That did not go through",
            message: failure.message,
            tone: "note",
          };
  return { markup: requestPage(view, token, banner), status: failure.status };
}

/** The change, answered with the request's page as it now is and what was done above it. */
export async function act({ rawId, body, ctx }: PageCall<Endpoints["customerAction"]>): Promise<PageAnswer> {
  const token = rawId ?? "";
  if (isQuoteAction(body.action)) return actQuote(token, { ...body, action: body.action }, ctx);
  if (body.action === "withdraw-photos") {
    const outcome = await withdrawPhotosConsent(token, ctx);
    const view = await customerPage(token, ctx);
    return { markup: requestPage(view, token, { ...outcome, tone: outcome.changed ? "done" : "note" }) };
  }
  const outcome = await actOnRequest(token, body as RequestActionInput, ctx);
  const view = await customerPage(token, ctx);
  return {
    markup: requestPage(view, token, { heading: outcome.heading, message: outcome.message, tone: "done" }),
  };
}

/** The page's own address, with a query, for a redirect after a quote action (POST, then GET). */
const seeOther = (token: string, query: string): PageAnswer => ({
  markup: "",
  status: 303,
  headers: { Location: `${requestPagePath}/${token}${query}#quote` },
});

/**
 * A quote action: answered with a redirect to the page as it now is (a reload never posts again),
 * which says what was done; "Update the total" redirects to the page with those boxes ticked.
 */
async function actQuote(
  token: string,
  body:
    | Parameters<typeof actOnQuote>[1]
    | (Omit<Parameters<typeof actOnQuote>[1], "action"> & { action: "quote-seen" }),
  ctx: ServiceContext,
): Promise<PageAnswer> {
  if (body.action === "quote-seen") {
    await quoteSeen(token, body.nonce, ctx);
    return { markup: "", status: 200 };
  }
  const done = await actOnQuote(token, body as Parameters<typeof actOnQuote>[1], ctx);
  if (body.action === "accept-and-pay" && done.kind === "accepted" && body.quote !== undefined) {
    // Accepted and recorded: now the deposit. If card payment cannot start, the page says how to
    // pay it by bank transfer instead (the acceptance stands either way).
    const url = await payDepositFromPage(token, body.quote, ctx).catch(() => null);
    if (url) return { markup: "", status: 303, headers: { Location: url } };
  }
  switch (done.kind) {
    case "total":
      return seeOther(
        token,
        `?options=${done.options.join(".") || "0"}${done.expressStart ? "&start=1" : ""}`,
      );
    case "repeat":
      return seeOther(token, "");
    default:
      return seeOther(token, `?done=${done.kind}`);
  }
}

/** The boxes ticked on a posted quote form, to show it again as it was. */
function postedQuoteValues(raw: Record<string, unknown> | undefined): QuoteFormValues {
  const options = Object.keys(raw ?? {})
    .filter((k) => k.startsWith(optionFieldPrefix))
    .map((k) => Number(k.slice(optionFieldPrefix.length)))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return { options, expressStart: raw?.["expressStart"] !== undefined };
}

/**
 * A quote action that did not go through: 404 for a quote that is not this request's; the form
 * again with what to fix (422: the total or the day changed, a reason too long, no form key); the
 * page as it now is with why (409: answered already, replaced, expired, the period over).
 */
async function quoteError(
  failure: HttpError,
  token: string,
  action: QuoteAction,
  call: { ctx: ServiceContext; raw?: Record<string, unknown> },
): Promise<PageAnswer | null> {
  if (failure.status === 404) return { markup: notFoundPage() };
  if (failure.status !== 422 && failure.status !== 409) return null;
  const values = postedQuoteValues(call.raw);
  const view = await customerPage(token, call.ctx, values).catch(() => null);
  if (!view) return { markup: notFoundPage(), status: 404 };
  if (failure.status === 409) {
    const banner: PageBanner = { heading: "Nothing was changed", message: failure.message, tone: "note" };
    return { markup: requestPage(view, token, banner), status: 409 };
  }
  const problem = Object.values(failure.fields ?? {})[0] ?? failure.message;
  if ((action === "decline-quote" || action === "cancel-quote") && canQuoteStep(view, action)) {
    const form = { nonce: newFormKey(call.ctx.now), problems: failure.fields ?? {}, values: call.raw ?? {} };
    return { markup: quoteStepPage(view, token, action, form), status: 422 };
  }
  return { markup: requestPage(view, token, undefined, problem), status: 422 };
}

/** A download's failure (the invoice PDF): a wrong link gets the page's own 404 page, not JSON. */
export async function fileError(failure: HttpError): Promise<PageAnswer | undefined> {
  return failure.status === 404 ? { markup: notFoundPage(), status: 404 } : undefined;
}

/**
 * Any failure on a request's page: 404 the same for every bad link; a form to fix shown again; an
 * action that no longer applies (a stale form, the other tab was first) the request as it now is.
 */
export async function pageError(
  failure: HttpError,
  call: { rawId: string | undefined; ctx: ServiceContext; raw?: Record<string, unknown> },
): Promise<PageAnswer> {
  if (failure.status === 404) return { markup: notFoundPage() };
  const token = call.rawId ?? "";
  const back = { href: `${requestPagePath}/${token}`, label: "Back to your request" };
  const quoteAction = call.raw?.["action"];
  if (isQuoteAction(quoteAction)) {
    const answer = await quoteError(failure, token, quoteAction, call);
    if (answer) return answer;
  }
  const step = customerActions.find((a) => a === call.raw?.["action"]);
  if ((failure.status === 422 || failure.status === 409) && step) {
    const view = await customerPage(token, call.ctx).catch(() => null);
    if (!view) return { markup: notFoundPage(), status: 404 };
    if (!view.can[step]) return { markup: requestPage(view, token, unavailable(view, step)), status: 409 };
    if (failure.status === 422) {
      const form = {
        nonce: newFormKey(call.ctx.now),
        problems: failure.fields ?? {},
        values: call.raw ?? {},
      };
      return { ...(await stepPage(view, token, step, form, call.ctx)), status: 422 };
    }
  }
  return {
    markup: messagePage(
      failure.status === 429 ? "Please wait a moment" : "That did not go through",
      failure.message,
      back,
    ),
  };
}

export async function showLostLink(): Promise<PageAnswer> {
  return { markup: lostLinkPage() };
}

export async function askLostLink({ body, ctx }: PageCall<Endpoints["lostLink"]>): Promise<PageAnswer> {
  await sendLostLinks(body, ctx);
  return { markup: lostLinkAnswerPage() };
}

export async function lostLinkError(
  failure: HttpError,
  call: { raw?: Record<string, unknown> },
): Promise<PageAnswer> {
  if (failure.status === 422) {
    const email = typeof call.raw?.["email"] === "string" ? call.raw["email"] : "";
    return { markup: lostLinkPage({ problem: failure.fields?.["email"] ?? failure.message, email }) };
  }
  return {
    markup: messagePage(
      failure.status === 429 ? "Please wait a moment" : "That did not go through",
      failure.message,
      { href: `${requestPagePath}/lost`, label: "Back to the form" },
    ),
  };
}
