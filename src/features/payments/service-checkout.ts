/**
 * Paying an invoice online (docs/decisions/048-card-payments-stripe.md): a hosted Stripe Checkout for
 * the invoice's balance in pence. The card (or the bank, for pay-by-bank) is entered on Stripe's page
 * only; returning to ours records nothing: the signed webhook does (./service-webhook.ts).
 *
 *   cardPaymentsOn()                          whether a Pay button may show at all
 *   startCheckout({ invoiceId, access, returnUrl }, ctx)   the address to send the customer to
 *
 * Who may pay is an `InvoiceAccess`: the customer's own request link (the invoice must belong to
 * that request), or an invoice-only link for a payer at another address (that invoice alone:
 * docs/decisions/053-invoice-links.md).
 */
import { businessFact } from "../../lib/business-facts";
import { inTransaction, type ServiceContext } from "../../platform/context";
import { Conflict, NotFound, Unavailable } from "../../platform/domain-errors";
import { stripeSettings } from "../../platform/env";
import { logEvent } from "../../platform/log";
import { formatMoney } from "../../platform/money";
import { site } from "../../config/site";
import { getInvoice } from "../invoices";
import type { Invoice } from "../invoices/contract";
import * as repo from "./repository";
import { stripeClient } from "./stripe";

export const cardPaymentsOn = (): boolean => stripeSettings() !== null;

/** Where the Pay buttons' answers send the customer: Stripe's hosted Checkout (the test server in tests). */
export function checkoutOrigin(): string | null {
  const settings = stripeSettings();
  if (!settings) return null;
  const base = settings.apiBase;
  return base ? `${base.protocol}://${base.host}:${base.port}` : "https://checkout.stripe.com";
}

/** Who is asking to pay: the holder of a request's private link, or of one invoice's own link. */
export type InvoiceAccess = { kind: "request"; requestId: number } | { kind: "invoice"; invoiceId: number };

function mayPay(invoice: Invoice, access: InvoiceAccess): boolean {
  switch (access.kind) {
    case "request":
      return invoice.submissionId === access.requestId;
    case "invoice":
      return invoice.id === access.invoiceId;
  }
}

export interface CheckoutRequest {
  invoiceId: number;
  access: InvoiceAccess;
  /** Our page, where Stripe sends the customer back: `?paid=<id>` is added on success. */
  returnUrl: string;
}

/** Said to the customer when Stripe cannot be reached: the page keeps working, bank transfer too. */
export const stripeDownMessage = `Card payments are not available just now. Please try again in a few minutes, or pay by bank transfer with the details below (or call us on ${businessFact.phone}).`;

const withQuery = (url: string, query: string) => {
  const [path, hash] = url.split("#");
  return `${path}${path!.includes("?") ? "&" : "?"}${query}${hash ? `#${hash}` : ""}`;
};

/**
 * A Checkout for the invoice's balance, or the one already open for it (two clicks, one session):
 * the invoice must be issued, this payer's, not void or paid (409 otherwise).
 */
export async function startCheckout(input: CheckoutRequest, ctx: ServiceContext): Promise<{ url: string }> {
  const settings = stripeSettings();
  const stripe = stripeClient(settings);
  if (!settings || !stripe) throw new NotFound("Card payments are not switched on.");
  return inTransaction(ctx, async (tx) => {
    await repo.lockInvoiceCheckout(input.invoiceId, tx);
    const invoice = await getInvoice(input.invoiceId, { ...ctx, db: tx }).catch(() => null);
    if (!invoice || !mayPay(invoice, input.access) || invoice.kind === "credit_note" || !invoice.number) {
      throw new NotFound("This invoice is not here.");
    }
    if (invoice.status === "void")
      throw new Conflict(`Invoice ${invoice.number} is cancelled; nothing is owed.`, "invoice_void");
    if (invoice.balancePence <= 0)
      throw new Conflict(`Invoice ${invoice.number} is already paid in full.`, "invoice_paid");
    const open = await repo.openSession(invoice.id, invoice.balancePence, ctx.now, tx);
    if (open) return { url: open.url };
    const session = await stripe.checkout.sessions
      .create({
        mode: "payment",
        currency: "gbp",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "gbp",
              unit_amount: invoice.balancePence,
              product_data: { name: `Invoice ${invoice.number} (${site.name})` },
            },
          },
        ],
        // The current API's name for `payment_method_types`: a filter on what Stripe offers
        // (card includes Apple Pay and Google Pay).
        allowed_payment_method_types: settings.methodTypes,
        ...(invoice.customer.email ? { customer_email: invoice.customer.email } : {}),
        client_reference_id: String(invoice.id),
        metadata: { invoiceId: String(invoice.id), invoiceNumber: invoice.number },
        payment_intent_data: {
          description: `Invoice ${invoice.number}`,
          metadata: { invoiceId: String(invoice.id), invoiceNumber: invoice.number },
        },
        success_url: withQuery(input.returnUrl, `paid=${invoice.id}`),
        cancel_url: input.returnUrl,
      })
      .catch((error: unknown) => {
        logEvent({
          event: "stripe.checkout_failed",
          level: "warn",
          error: (error as Error)?.name ?? "Error",
        });
        throw new Unavailable(stripeDownMessage, "payments_unavailable", {
          retryAfterSeconds: 60,
          cause: error,
        });
      });
    if (!session.url) {
      throw new Unavailable(stripeDownMessage, "payments_unavailable", { retryAfterSeconds: 60 });
    }
    await repo.insertSession(
      {
        sessionId: session.id,
        invoiceId: invoice.id,
        amountPence: invoice.balancePence,
        url: session.url,
        expiresAt: new Date(session.expires_at * 1000),
        createdAt: ctx.now,
      },
      tx,
    );
    logEvent({
      event: "stripe.checkout_created",
      invoiceId: invoice.id,
      amount: formatMoney(invoice.balancePence),
    });
    return { url: session.url };
  });
}
