/**
 * The e-mails about an invoice (docs/decisions/032-invoices.md), plain data in, a message out, to
 * the customer: the invoice or credit note (its PDF attached), a polite reminder of an overdue
 * invoice (two at most), and the receipt once it is paid in full. A message about an invoice of a
 * request carries a private link (its token is made only as it is sent), chosen by `MailLink`: the
 * request's page only when the e-mail goes to the request's own address; an invoice-only page for
 * a payer at another address (docs/decisions/053-invoice-links.md); none for an invoice with no
 * request. A reminder never makes a new link: it points to the one sent, or carries none. Every
 * text is escaped in HTML.
 */
import { site } from "../../config/site";
import { formatDate } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import type { MailAttachment } from "../../platform/mail/message";
import {
  customerName,
  escapeHtml,
  mailButton,
  mailFallbackUrl,
  oneLine,
  wrapHtml,
  type MailContext,
  type OutgoingMessage,
} from "../mail";
import type { MessageKind } from "../mail";
import { invoiceLinkPlaceholder, invoicePageUrl, linkPlaceholder, requestPageUrl } from "../mail";
import { paymentMethodLabel, paymentTermsText, type Invoice, type Payment } from "./contract";
import { businessFact } from "../mail";

const signature = `Kind regards,\n${site.name}\n${businessFact.address}\n${businessFact.phone}`;

/** How to pay by bank transfer, with the invoice number as the reference. */
export function bankParagraph(inv: Pick<Invoice, "number">): string {
  return `To pay by bank transfer:\nAccount name: ${businessFact.accountName}\nSort code: ${businessFact.sortCode}\nAccount number: ${businessFact.accountNumber}\nReference: ${inv.number ?? ""}`;
}

/**
 * The link a message carries: "request" the request's own page (to the request's own address),
 * "invoice" a new invoice-only link (to anyone else), "earlier" no new link but a pointer to the one
 * already sent (a reminder), "none" nothing.
 */
export type MailLink = "request" | "invoice" | "earlier" | "none";

/** Without a say from the caller: the request's page for a request's invoice, else none. */
const defaultLink = (inv: Invoice): MailLink => (inv.submissionId !== null ? "request" : "none");

const earlierLinkWords =
  "You can see this invoice, download it and pay it through the private link in our earlier e-mail.";

function linkParts(link: MailLink, ctx: MailContext) {
  if (link === "request") {
    return {
      url: requestPageUrl(ctx.siteUrl, linkPlaceholder),
      words: "See your invoices, what is still owed and how to pay on your request's private page:",
      button: "See your invoices",
    };
  }
  if (link === "invoice") {
    return {
      url: invoicePageUrl(ctx.siteUrl, invoiceLinkPlaceholder),
      words: "See this invoice, download it and pay it on its private page:",
      button: "See the invoice",
    };
  }
  return null;
}

function message(
  kind: MessageKind,
  inv: Invoice,
  subject: string,
  paragraphs: readonly string[],
  ctx: MailContext,
  link: MailLink,
  attachments?: MailAttachment[],
): OutgoingMessage {
  const first = customerName(inv.customer.name).first;
  const body = [
    first ? `Hello ${first},` : "Hello,",
    ...paragraphs,
    ...(link === "earlier" ? [earlierLinkWords] : []),
  ];
  const parts = linkParts(link, ctx);
  const url = parts?.url ?? null;
  const linkWords = parts?.words ?? "";
  const privacy = "This link is private to you; please do not share it.";
  const text =
    [...body, ...(url ? [`${linkWords}\n${url}\n(${privacy})`] : []), signature].join("\n\n") + "\n";
  const html = wrapHtml(
    subject,
    body.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join("") +
      (url
        ? `<p style="margin-bottom:0">${escapeHtml(linkWords)}</p>${mailButton(url, parts!.button)}<p style="color:#475569;font-size:13px">${escapeHtml(privacy)} If the button does not work, copy this address: ${mailFallbackUrl(url)}</p>`
        : "") +
      `<p style="white-space:pre-line">${escapeHtml(signature)}</p>`,
  );
  return {
    kind,
    to: { name: customerName(inv.customer.name).full, address: inv.customer.email ?? "" },
    replyTo: { name: site.name, address: ctx.ownerEmail },
    subject: oneLine(subject, 200),
    text,
    html,
    ...(attachments ? { attachments } : {}),
  };
}

const linesText = (inv: Invoice) =>
  inv.lines.map((l) => `${l.description}: ${formatMoney(l.netPence)}`).join("\n");

/** Where the invoice a credit note corrects now stands: its total, credits, payments and balance. */
function newBalanceParagraph(corrected: Invoice): string {
  const owed =
    corrected.refundDuePence > 0
      ? `We owe you a refund of ${formatMoney(corrected.refundDuePence)}.`
      : corrected.balancePence > 0
        ? `Still to pay: ${formatMoney(corrected.balancePence)}.`
        : "Nothing more is owed on it.";
  return `Invoice ${corrected.number ?? ""} now stands at:\nTotal: ${formatMoney(corrected.totalPence)}\nCredited: ${formatMoney(corrected.creditedPence)}\nPaid: ${formatMoney(corrected.paidPence)}\n${owed}`;
}

/**
 * The invoice (or credit note), its PDF attached; a credit note's e-mail also gives the new balance
 * of the invoice it corrects (`corrected`).
 */
export function invoiceSentMessage(
  inv: Invoice,
  ctx: MailContext,
  pdf: MailAttachment,
  corrected: Invoice | null = null,
  link: MailLink = defaultLink(inv),
): OutgoingMessage {
  if (inv.kind === "credit_note") {
    return message(
      "invoice_sent",
      inv,
      `Credit note ${inv.number} from ${site.name}`,
      [
        `Here is our credit note ${inv.number} for ${formatMoney(inv.totalPence)}, against invoice ${inv.creditedInvoiceNumber ?? ""}.`,
        ...(inv.reason ? [`Reason: ${inv.reason}`] : []),
        ...(corrected ? [newBalanceParagraph(corrected)] : []),
        "It is attached as a PDF. If you have already paid more than is now owed, we will refund the difference.",
        `Questions? Reply to this e-mail or call us on ${businessFact.phone}.`,
      ],
      ctx,
      link,
      [pdf],
    );
  }
  const due = inv.dueOn ? formatDate(inv.dueOn) : null;
  return message(
    "invoice_sent",
    inv,
    `Invoice ${inv.number} from ${site.name}: ${formatMoney(inv.balancePence)}${due ? ` due ${due}` : ""}`,
    [
      `Thank you for choosing us. Here is our invoice ${inv.number} for ${formatMoney(inv.totalPence)}${inv.vatRegistered ? " including VAT" : ""}.`,
      `What it covers:\n${linesText(inv)}`,
      ...(inv.paidPence > 0
        ? [`Already paid: ${formatMoney(inv.paidPence)}. Still to pay: ${formatMoney(inv.balancePence)}.`]
        : []),
      `${paymentTermsText(site.invoices.dueDays)}${due ? ` Please pay by ${due}.` : ""}`,
      bankParagraph(inv),
      ...(ctx.cardPayments && inv.balancePence > 0 && (link === "request" || link === "invoice")
        ? [
            `Or pay ${formatMoney(inv.balancePence)} by card, Apple Pay or Google Pay: press "Pay ${formatMoney(inv.balancePence)} now" on your page (the link below).`,
          ]
        : []),
      "The invoice is attached as a PDF.",
      `Questions? Reply to this e-mail or call us on ${businessFact.phone}.`,
    ],
    ctx,
    link,
    [pdf],
  );
}

/** A polite reminder of an overdue invoice (`n` is 1 or 2). */
export function invoiceReminderMessage(
  inv: Invoice,
  n: 1 | 2,
  ctx: MailContext,
  link: "earlier" | "none" = "none",
): OutgoingMessage {
  return message(
    "invoice_reminder",
    inv,
    `Reminder: invoice ${inv.number}, ${formatMoney(inv.balancePence)} was due ${formatDate(inv.dueOn!)}`,
    [
      n === 1
        ? `This is a friendly reminder that our invoice ${inv.number} was due on ${formatDate(inv.dueOn!)}, and ${formatMoney(inv.balancePence)} is still to pay. If you have already paid, thank you, and please ignore this e-mail.`
        : `We wrote to you about invoice ${inv.number}, which was due on ${formatDate(inv.dueOn!)}. ${formatMoney(inv.balancePence)} is still to pay. If something about the invoice or the work is not right, or you would like to pay in parts, please tell us: we are happy to help.`,
      bankParagraph(inv),
      `You can reply to this e-mail or call us on ${businessFact.phone}.`,
    ],
    ctx,
    link,
  );
}

/** The receipt once an invoice is paid in full. */
export function invoiceReceiptMessage(
  inv: Invoice,
  last: Payment,
  ctx: MailContext,
  link: MailLink = defaultLink(inv),
): OutgoingMessage {
  const paid = inv.payments.filter((p) => !p.removedAt);
  const extra = last.excess;
  return message(
    "invoice_receipt",
    inv,
    `Receipt: invoice ${inv.number} is paid in full`,
    [
      `Thank you: we have received ${formatMoney(last.amountPence + (extra?.amountPence ?? 0))} by ${paymentMethodLabel(last.method, last.provider).toLowerCase()} on ${formatDate(last.receivedOn)}, and invoice ${inv.number} is now paid in full.`,
      `Payments received:\n${paid.map((p) => `${formatDate(p.receivedOn)}: ${formatMoney(p.amountPence)} (${paymentMethodLabel(p.method, p.provider)})`).join("\n")}`,
      `Total paid: ${formatMoney(inv.paidPence)}. Nothing more is owed on this invoice.`,
      ...(extra ? [excessParagraph(extra)] : []),
      "Please keep this e-mail as your receipt.",
    ],
    ctx,
    link,
  );
}

/** What happens to money paid above the balance, in the customer's words. */
export function excessParagraph(extra: { kind: "on_account" | "refund"; amountPence: number }): string {
  return extra.kind === "on_account"
    ? `You paid ${formatMoney(extra.amountPence)} more than was owed. We are keeping ${formatMoney(extra.amountPence)} on account for you, towards your next invoice with us.`
    : `You paid ${formatMoney(extra.amountPence)} more than was owed. We will refund ${formatMoney(extra.amountPence)} to you.`;
}

/**
 * After a payment recorded by mistake is removed from an invoice that was paid in full: the receipt
 * the customer has is no longer true. Short: what was wrong, and the true balance with how to pay.
 */
export function receiptCorrectionMessage(
  inv: Invoice,
  removed: { amountPence: number; receivedOn: string },
  ctx: MailContext,
  link: MailLink = defaultLink(inv),
): OutgoingMessage {
  return message(
    "invoice_correction",
    inv,
    `Correction: invoice ${inv.number} is not yet paid in full`,
    [
      `We recently e-mailed you a receipt saying invoice ${inv.number} was paid in full. That was our mistake: the payment of ${formatMoney(removed.amountPence)} we recorded on ${formatDate(removed.receivedOn)} was recorded in error, and we have removed it. Please disregard that receipt.`,
      `Invoice total: ${formatMoney(inv.totalPence)}${inv.creditedPence > 0 ? `\nCredited: ${formatMoney(inv.creditedPence)}` : ""}\nPaid: ${formatMoney(inv.paidPence)}\nStill to pay: ${formatMoney(inv.balancePence)}`,
      bankParagraph(inv),
      `If you believe you have paid this in full, please reply to this e-mail or call us on ${businessFact.phone} and we will check it at once. We are sorry for the confusion.`,
    ],
    ctx,
    link,
  );
}
