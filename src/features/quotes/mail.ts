/**
 * The e-mails about a quote (docs/decisions/029-quotes.md), plain data in, a message out:
 * - to the customer: the quote (with its PDF and the link to their page), the one follow-up, the
 *   confirmation of an acceptance (a durable medium: the accepted quote as PDF, the cancellation
 *   information with its end date, the model form, the early-start request when made), and the
 *   acknowledgement of a cancellation;
 * - to the owner: the quote opened, accepted, declined or cancelled.
 * Every customer message carries the private link (its token is made only as it is sent), and
 * every text the customer or owner typed is escaped in HTML (src/features/mail/messages.ts).
 */
import { site } from "../../config/site";
import {
  cancellationReceivedText,
  expressStartRecord,
  quoteTermsText,
  type QuoteTermsFacts,
} from "../../data/consumer-rights";
import { requestReference } from "../requests/contract/reference";
import { formatDate, formatDateTime, type IsoDate } from "../../platform/time";
import { formatMoney } from "../../platform/money";
import type { MailAttachment } from "../../platform/mail/message";
import {
  customerMessage,
  escapeHtml,
  mailButton,
  oneLine,
  wrapHtml,
  type MailContext,
  type OutgoingMessage,
} from "../mail";
import { acceptedHowWords, quantityText, quoteTitle, workStartText, type Quote } from "./contract";
import { businessFact } from "../mail";

/** What these messages need of the request. */
export interface RequestForQuoteMail {
  id: number;
  formType: "contact" | "booking";
  name: string;
  email: string;
  phone: string | null;
}

const vatWords = (q: Quote) => (q.vatRegistered ? " including VAT" : "");

/** The lines as a short list: "Replace the tap: 1 × £85.00 = £85.00 (optional)". */
function linesText(q: Quote): string {
  return q.lines
    .map(
      (l) =>
        `${l.description}: ${quantityText(l.quantity)} × ${formatMoney(l.unitPence)} = ${formatMoney(l.netPence)}${l.optional ? " (optional)" : ""}`,
    )
    .join("\n");
}

function priceParagraphs(q: Quote): string[] {
  const out = [
    `What the quote covers:\n${linesText(q)}`,
    `The total is ${formatMoney(q.totalPence)}${vatWords(q)}. The quote is valid until ${formatDate(q.validUntil)}.`,
  ];
  const optional = q.lines.filter((l) => l.optional);
  if (optional.length > 0) {
    out.push(
      `It also has ${optional.length === 1 ? "an optional item" : `${optional.length} optional items`} you can choose to add on your page (up to ${formatMoney(q.maxTotalPence)} with every one).`,
    );
  }
  if (q.depositDuePence > 0)
    out.push(`A deposit of ${formatMoney(q.depositDuePence)} is due once you accept.`);
  return out;
}

/** To the customer: the quote, its PDF attached, and the link to accept or decline it. */
export function quoteSentMessage(
  r: RequestForQuoteMail,
  q: Quote,
  ctx: MailContext,
  pdf: MailAttachment,
): OutgoingMessage {
  const ref = requestReference(r);
  const title = quoteTitle(q.submissionId, q.version);
  return customerMessage(
    "quote_sent",
    r,
    `Your quote from ${site.name} (${title})`,
    [
      q.version > 1
        ? `Here is our revised quote (${title}) for your request ${ref}. It replaces the quote we sent before, which can no longer be accepted.`
        : `Thank you for asking us. Here is our quote (${title}) for your request ${ref}.`,
      ...priceParagraphs(q),
      ...(q.note ? [`Our note:\n${q.note}`] : []),
      "The quote is attached as a PDF. To accept it (or to tell us it is not for you), open your request's page with the link below: it shows the quote, what you agree to and your right to cancel.",
      `Questions? Reply to this e-mail or call us on ${businessFact.phone}.`,
    ],
    ctx,
    { offer: "quote", attachments: [pdf] },
  );
}

/** To the customer, once, when a quote has waited unanswered for the configured days. */
export function quoteFollowUpMessage(r: RequestForQuoteMail, q: Quote, ctx: MailContext): OutgoingMessage {
  const title = quoteTitle(q.submissionId, q.version);
  return customerMessage(
    "quote_follow_up",
    r,
    `Your quote ${title} is valid until ${formatDate(q.validUntil)}`,
    [
      `We sent you our quote ${title} on ${formatDate(new Date(q.sentAt ?? q.createdAt))}: ${formatMoney(q.totalPence)}${vatWords(q)}, valid until ${formatDate(q.validUntil)}.`,
      "If you would like to go ahead, you can accept it on your request's page. If it is not for you, you can decline it there too, and we will not remind you again.",
      `If you have questions or would like something changed, reply to this e-mail or call us on ${businessFact.phone}.`,
    ],
    ctx,
    { offer: "quote" },
  );
}

function chosenLines(q: Quote): string[] {
  const chosen = new Set(q.acceptance?.optionalLinesChosen ?? []);
  return q.lines
    .filter((l) => l.optional && chosen.has(l.id))
    .map((l) => `${l.description} (${quantityText(l.quantity)} × ${formatMoney(l.unitPence)})`);
}

/**
 * How to pay an accepted quote's deposit now: by bank transfer (the details and the request's
 * reference) and, with card payments on, by card from their page.
 */
export function depositHowToPay(depositPence: number, reference: string, cardPayments = false): string {
  return [
    `A deposit of ${formatMoney(depositPence)} is due before the work starts. You can pay it now by bank transfer:`,
    `Account name: ${businessFact.accountName}\nSort code: ${businessFact.sortCode}\nAccount number: ${businessFact.accountNumber}\nReference: ${reference}`,
    ...(cardPayments ? ["Or pay it by card from your request's page (the link below)."] : []),
  ].join("\n");
}

/**
 * To the customer at once when they accept: what they agreed, the early-start choice, the
 * pre-contract information with the cancellation right and its end date, and the model form (the
 * footer); the accepted quote attached as PDF.
 */
export function quoteAcceptedMessage(
  r: RequestForQuoteMail,
  q: Quote,
  facts: QuoteTermsFacts,
  ctx: MailContext,
  pdf: MailAttachment,
): OutgoingMessage {
  const a = q.acceptance!;
  const title = quoteTitle(q.submissionId, q.version);
  const options = chosenLines(q);
  return customerMessage(
    "quote_accepted",
    r,
    `Quote accepted: ${title} (${formatMoney(a.totalPence)})`,
    [
      `Thank you. You accepted our quote ${title} on ${formatDateTime(new Date(a.at))} ${acceptedHowWords(a)}, agreeing to pay ${formatMoney(a.totalPence)}${vatWords(q)}.`,
      ...(options.length > 0 ? [`Optional items you chose:\n${options.join("\n")}`] : []),
      ...(a.depositPence > 0 ? [depositHowToPay(a.depositPence, requestReference(r), ctx.cardPayments)] : []),
      expressStartRecord(a.expressStart, q.urgentRepair),
      ...(workStartText(q) ? [workStartText(q)!] : []),
      "We will be in touch to arrange a time for the work. The accepted quote is attached as a PDF; please keep this e-mail: it sets out your rights below.",
    ],
    ctx,
    { offer: "view", attachments: [pdf], footer: quoteTermsText(facts) },
  );
}

/** To the customer at once when a cancellation is received (on their page, or recorded by us). */
export function quoteCancelledMessage(
  r: RequestForQuoteMail,
  q: Quote,
  facts: { receivedOn: IsoDate; expressStart: boolean; appointmentCancelled: boolean },
  ctx: MailContext,
): OutgoingMessage {
  const title = quoteTitle(q.submissionId, q.version);
  return customerMessage(
    "quote_cancelled",
    r,
    `Cancellation received: ${title}`,
    [
      cancellationReceivedText({ receivedOn: facts.receivedOn, expressStart: facts.expressStart }),
      ...(facts.appointmentCancelled
        ? [
            "The visit we had arranged is cancelled too; we have sent you a separate e-mail for your calendar.",
          ]
        : []),
      `If you have any questions, reply to this e-mail or call us on ${businessFact.phone}.`,
    ],
    ctx,
    { offer: "view" },
  );
}

export type OwnerQuoteEvent = "opened" | "accepted" | "declined" | "cancelled";

const ownerWords: Record<OwnerQuoteEvent, string> = {
  opened: "opened",
  accepted: "accepted",
  declined: "declined",
  cancelled: "cancelled",
};

/** To the owner at once: the customer opened, accepted, declined or cancelled a quote. */
export function ownerQuoteUpdateMessage(
  r: RequestForQuoteMail,
  q: Quote,
  event: OwnerQuoteEvent,
  details: readonly string[],
  ctx: MailContext,
): OutgoingMessage {
  const ref = requestReference(r);
  const title = quoteTitle(q.submissionId, q.version);
  const subject = oneLine(`${ref}: ${r.name} ${ownerWords[event]} quote ${title}`, 200);
  const open = `${ctx.siteUrl}/admin/requests/${r.id}`;
  const lines = [
    `${oneLine(r.name, 100)} ${ownerWords[event]} quote ${title} (${formatMoney(q.totalPence)} without optional items) for request ${ref}.`,
    ...details,
    `Phone: ${r.phone ?? "not given"}`,
  ];
  return {
    kind: "owner_quote_update",
    to: { name: site.name, address: ctx.ownerEmail },
    replyTo: { name: oneLine(r.name, 100), address: r.email },
    subject,
    text: `${lines.join("\n\n")}\n\nOpen the request: ${open}\n`,
    html: wrapHtml(
      subject,
      lines.map((l) => `<p style="white-space:pre-line">${escapeHtml(l)}</p>`).join("") +
        mailButton(open, "Open the request"),
    ),
  };
}
