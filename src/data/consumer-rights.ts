/**
 * Pre-contract information and the right to cancel for work agreed away from our premises (at the
 * customer's home, by phone or through this website), under the Consumer Contracts (Information,
 * Cancellation and Additional Charges) Regulations 2013. One place for the wording: the terms page,
 * the appointment confirmation, the quote on the customer's page, the quote's PDF and the e-mails
 * about a quote all read it, so the owner adjusts it here only.
 *
 * Plain functions of plain facts returning text (headings and paragraphs, no markup): each place
 * escapes and lays it out its own way. Browser-safe and pure (config, dates and money only).
 *
 * What a quote's page shows before its button (Schedule 2 of the Regulations): who we are, the
 * work and its total price including VAT, extra charges, deposit terms, the cancellation right with
 * the date it ends and how to cancel, what is owed when work starts early at the customer's
 * request, complaints, and the model cancellation form. An urgent repair the customer called us
 * out for has no right to cancel (regulation 28(1)(e)); its text says so instead.
 *
 * The model cancellation form follows Schedule 3, Part B of those Regulations word for word.
 *
 * Who the trader is comes in as a `Trader` (docs/decisions/045-business-details.md): the papers and
 * e-mails pass the one in force when they were sent; the terms page passes the one it is built with
 * (the published facts, src/components/sections/business-at-build.ts); `siteTrader()` is the
 * config's defaults. Text for a PDF or an e-mail (`onPaper`) never points at a button or a box,
 * which paper does not have. A text only a function answer or an e-mail gives
 * (`onlineCancellationClosedText`) writes the phone as the placeholder `businessFact.phone`, filled
 * with the published phone where it leaves (docs/decisions/071-published-facts-everywhere.md).
 */
import { businessDefaults, site, traderFacts } from "../config/site";
import { businessFact } from "../lib/business-facts";
import { formatMoney, type Pence } from "../platform/money";
import { dateInZone, formatDate, type IsoDate } from "../platform/time";
import { cancellationDays } from "../features/quotes/contract/rules";
import { cancellationEndDate } from "../features/appointments/contract/cancellation-period";
import { traderOn, vatLineOf, type Trader } from "../features/business/contract/identity";

export type { Trader };

/** The trader as the config's defaults name it (the static pages), for papers dated `date`. */
export function siteTrader(date: IsoDate = dateInZone(new Date())): Trader {
  return traderOn(businessDefaults, traderFacts, date);
}

export interface RightsSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

/** Days a customer has to cancel, counted from the day after the day they accept (the quotes' rule). */
export { cancellationDays };

/**
 * The last day of the cancellation period for a quote accepted on `acceptedOn` (London date): one
 * rule, kept with the quotes (src/features/appointments/contract/cancellation-period.ts).
 */
export { cancellationEndDate };

/** How the price is stated: with VAT when registered, or that no VAT is added. */
const vatWords = (t: Trader) =>
  t.vatRegistered ? "including VAT" : "(we are not registered for VAT, so no VAT is added)";

const contactWays = (t: Trader) =>
  `phone ${t.contact.phone}, e-mail ${t.contact.email}, or write to ${t.legalName}, ${t.contact.address}`;

/** The trader's name, address and contacts, then the company's or VAT registration when there is one. */
const whoWeAre = (t: Trader) =>
  [
    `${t.legalName}, ${t.contact.address}. Phone ${t.contact.phone}, e-mail ${t.contact.email}.`,
    ...(t.companyLine ? [t.companyLine] : []),
    ...(vatLineOf(t) ? [`${vatLineOf(t)}.`] : []),
  ].join(" ");

/** Who we are: name, geographic address, phone and e-mail. */
export function traderIdentity(t: Trader): RightsSection {
  return { heading: "Who we are", paragraphs: [whoWeAre(t)] };
}

/** Who we are and what the customer should know before the work is agreed (terms page, visit e-mails). */
export function preContractInformationFor(t: Trader): RightsSection {
  return {
    heading: "Before we start: who we are and what you agree to",
    paragraphs: [
      whoWeAre(t),
      `Before any work begins we send you a written quote by e-mail: the work, its total price ${vatWords(t)} and any deposit. You accept it on your request's private page (the link is in our e-mails), where this information is shown again with the date your cancellation period would end. The arrival window in a visit confirmation is when we will arrive; we will phone you if we are delayed.`,
      `Our workmanship is guaranteed for ${site.guarantees.workmanshipMonths} months. Your statutory rights under the Consumer Rights Act 2015 apply in full: the work must be done with reasonable care and skill, and any goods must be as described, fit for purpose and of satisfactory quality.`,
      `If you have a complaint, please tell us first on ${t.contact.phone} or at ${t.contact.email} and we will put it right.`,
    ],
  };
}

/** The 14-day right to cancel a contract made away from our premises or at a distance (terms page, visit e-mails). */
export function cancellationRightsFor(t: Trader): RightsSection {
  return {
    heading: "Your right to cancel",
    paragraphs: [
      `You have the right to cancel this contract within ${cancellationDays} days without giving any reason. The cancellation period ends ${cancellationDays} days after the day the contract is made: the day you accept our quote on your request's page.`,
      `To cancel, press "Cancel" on your request's page, or tell us of your decision by a clear statement: ${contactWays(t)}. You may use the model cancellation form below, but you do not have to. It is enough to send your message before the ${cancellationDays} days end. We e-mail you to confirm we have received it.`,
      `If you cancel, we will refund every payment you made to us without undue delay and no later than ${cancellationDays} days after we hear from you, using the same means of payment you used, at no cost to you.`,
      `If you ask us to start the work within the ${cancellationDays} days, you must pay for the work done up to the time you tell us you are cancelling, in proportion to the whole. Once the work is finished at your request within the ${cancellationDays} days, you no longer have the right to cancel.`,
      `An urgent repair you asked us to come out for cannot be cancelled; your quote says so when that applies.`,
    ],
  };
}

/**
 * The model cancellation form, in the words of Schedule 3, Part B of the Regulations, with the
 * trader's name, geographical address, phone number and e-mail address filled in.
 */
export function cancellationFormFor(t: Trader) {
  return {
    heading: "Model cancellation form",
    intro: "(Complete and return this form only if you wish to withdraw from the contract)",
    lines: [
      `To ${t.legalName}, ${t.contact.address}, phone ${t.contact.phone}, e-mail ${t.contact.email}:`,
      "I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*]/for the supply of the following service [*],",
      "Ordered on [*]/received on [*],",
      "Name of consumer(s),",
      "Address of consumer(s),",
      "Signature of consumer(s) (only if this form is notified on paper),",
      "Date",
      "[*] Delete as appropriate",
    ],
  } as const;
}

/** The model form as a section (its lines as paragraphs). */
export function cancellationFormSection(t: Trader): RightsSection {
  const form = cancellationFormFor(t);
  return { heading: form.heading, paragraphs: [form.intro, ...form.lines] };
}

/** A section as plain text: its heading in capitals, then its paragraphs. */
export function sectionText(s: RightsSection): string {
  return `${s.heading.toUpperCase()}\n\n${s.paragraphs.join("\n\n")}`;
}

/** The model form as plain text, its lines one under another. */
export function cancellationFormText(t: Trader): string {
  const form = cancellationFormFor(t);
  return `${form.heading.toUpperCase()}\n\n${form.intro}\n\n${form.lines.join("\n")}`;
}

/** The three sections as plain text, for a visit's confirmation e-mail. */
export function consumerRightsText(t: Trader): string {
  return [
    sectionText(preContractInformationFor(t)),
    sectionText(cancellationRightsFor(t)),
    cancellationFormText(t),
  ].join("\n\n");
}

// ------------------------------------------------------------------------------------- quotes

/**
 * The box on the acceptance form, unticked until the customer ticks it: their express request to
 * start inside the cancellation period, word for word (it is stored with the acceptance).
 */
export const expressStartText =
  "Please start the work before my 14-day cancellation period ends. I understand that if I cancel I must pay for work done up to then, and that I lose the right to cancel once the work is finished";

/** The acceptance button: it states the obligation to pay and the amount (regulation 14). */
export function acceptButtonLabel(totalPence: Pence): string {
  return `Accept and agree to pay ${formatMoney(totalPence)}`;
}

/** What a quote's terms depend on. */
export interface QuoteTermsFacts {
  /**
   * The total the customer agrees to pay: the lines that are not optional and the optional lines
   * ticked (before acceptance, those ticked on the page; after, those they chose). Before
   * acceptance, on a quote with optional lines, the text names no figure that depends on the ticks.
   */
  readonly totalPence: Pence;
  /** The VAT in that total (0 when not VAT-registered). */
  readonly vatPence: Pence;
  /** The deposit due on that total, or null. */
  readonly depositPence: Pence | null;
  /** Marked by the owner: an urgent repair the customer asked us to come out for. */
  readonly urgentRepair: boolean;
  /**
   * Before acceptance: the day the customer would accept (today). After: the day they accepted.
   * The cancellation period ends `cancellationDays` days later.
   */
  readonly acceptedOn: IsoDate;
  /** Whether the quote is accepted already (the words change tense). */
  readonly accepted: boolean;
  /** Whether the quote has optional lines the customer may tick. */
  readonly hasOptionalLines?: boolean;
  /** Once accepted: how many optional lines the customer ticked. */
  readonly optionalChosen?: number;
  /**
   * The trader the quote names (the one in force when it was sent), with the quote's own VAT
   * state; the config's trader when not given.
   */
  readonly trader?: Trader;
  /** For a PDF or an e-mail: no button or box to point at. */
  readonly onPaper?: boolean;
  /** When the work will be done ("We will start the work within 10 working days of your acceptance."). */
  readonly workStart?: string | null;
}

const traderOf = (f: QuoteTermsFacts): Trader => f.trader ?? siteTrader();

const vatIncluded = (f: QuoteTermsFacts) =>
  traderOf(f).vatRegistered
    ? `, including VAT of ${formatMoney(f.vatPence)}`
    : ". We are not registered for VAT, so no VAT is added";

/**
 * Whether the terms must not name figures that depend on the optional lines ticked: before
 * acceptance, on a quote with optional lines, the page's totals and its button show them, and the
 * terms stay the same while the customer ticks (so the text the acceptance hashes is the text shown).
 */
const figuresAbove = (f: QuoteTermsFacts) => !f.accepted && f.hasOptionalLines === true;

/** The work and its price, and that nothing else is added. */
export function quotePriceSection(f: QuoteTermsFacts): RightsSection {
  const total = formatMoney(f.totalPence);
  const optionals = !f.hasOptionalLines
    ? ""
    : (f.optionalChosen ?? 0) > 0
      ? ", with the optional items you ticked"
      : ", without any of the optional items";
  const price = f.accepted
    ? `You agreed to pay ${total} for the work listed${optionals}${vatIncluded(f)}.`
    : figuresAbove(f)
      ? `The total price is ${f.onPaper ? "" : "shown above and on the button below: "}the lines that are not optional, plus each optional item you ${f.onPaper ? "choose" : "tick"} at the price shown beside it${traderOf(f).vatRegistered ? ", including VAT" : ". We are not registered for VAT, so no VAT is added"}.`
      : `The total price for the work listed is ${total}${vatIncluded(f)}.`;
  return {
    heading: "The work and its price",
    paragraphs: [
      price,
      "There are no extra charges: nothing is added to the lines of the quote for travel, call-outs or waste removal. If you ask us to change or add to the work, we agree the extra cost with you in writing before doing it.",
    ],
  };
}

/** Deposit and payment. */
export function depositSection(f: QuoteTermsFacts): RightsSection {
  const methods = site.payment.methods.map((m, i) => (i === 0 ? m : m.toLowerCase())).join(", ");
  const deposit = figuresAbove(f)
    ? "A deposit, shown with the total above,"
    : `A deposit of ${formatMoney(f.depositPence ?? 0)}`;
  const paragraphs = f.depositPence
    ? [
        `${deposit} is due once you ${f.accepted ? "have accepted" : "accept"}, before the work starts; the rest is due when the work is finished.`,
        ...(f.urgentRepair
          ? []
          : [
              "If you cancel within your cancellation period, we refund the deposit in full, less anything you owe for work you asked us to start early.",
            ]),
      ]
    : ["No deposit is needed. Payment is due when the work is finished."];
  return { heading: "Deposit and payment", paragraphs: [...paragraphs, `We accept: ${methods}.`] };
}

/** The 14-day right with its actual end date and how to cancel, or, for an urgent repair, why there is none. */
export function quoteCancellationSection(f: QuoteTermsFacts): RightsSection {
  if (f.urgentRepair) {
    return {
      heading: "No right to cancel: an urgent repair",
      paragraphs: [
        "You asked us to come out and carry out an urgent repair. The law gives no right to cancel a contract for an urgent repair the customer called the trader out for (Consumer Contracts Regulations 2013, regulation 28), so once you accept this quote it cannot be cancelled.",
        `Any other work we offer you beyond the urgent repair is quoted separately, and you can cancel that within ${cancellationDays} days of accepting it.`,
      ],
    };
  }
  const ends = formatDate(cancellationEndDate(f.acceptedOn));
  const when = f.accepted
    ? `You can cancel this contract until the end of ${ends} without giving any reason (${cancellationDays} days after the day you accepted).`
    : `You can cancel within ${cancellationDays} days without giving any reason. If you accept today, your cancellation period ends at the end of ${ends}.`;
  return {
    heading: "Your right to cancel",
    paragraphs: [
      when,
      `To cancel, press "Cancel" on your request's page, or tell us by a clear statement: ${contactWays(traderOf(f))}. You may use the model cancellation form below, but you do not have to. It is enough to send your message before the period ends. We e-mail you at once to confirm we have received it.`,
      `If you cancel, we refund every payment you made to us no later than ${cancellationDays} days after we hear from you, by the same means you paid, at no cost to you.`,
    ],
  };
}

/** How the customer asks for an early start, in words that fit the page or the paper. */
function earlyStartHow(f: QuoteTermsFacts): string {
  if (f.onPaper) {
    return f.accepted
      ? " (you answered this when you accepted)"
      : ", which you can do when you accept on your request's page";
  }
  return `, by ticking the box ${f.accepted ? "when you accepted" : "below the terms"}`;
}

/** What is owed when the work starts inside the cancellation period at the customer's request. */
export function earlyStartSection(f: QuoteTermsFacts): RightsSection | null {
  if (f.urgentRepair) return null;
  return {
    heading: "If you want us to start sooner",
    paragraphs: [
      `We start the work inside your cancellation period only if you ask us to${earlyStartHow(f)}. If you ask and then cancel, you pay for the work done up to the time you tell us, in proportion to the total price. Once the work is finished at your request, you can no longer cancel.`,
      "If you do not ask, you owe nothing for any work done before you cancel.",
    ],
  };
}

/** Complaints handling. */
export function complaintsSection(t: Trader): RightsSection {
  return {
    heading: "Complaints",
    paragraphs: [
      `If something is not right, please tell us first: ${contactWays(t)}. We will put it right where we can. Your statutory rights under the Consumer Rights Act 2015 apply in full: the work must be done with reasonable care and skill, and any goods must be as described, fit for purpose and of satisfactory quality. Our workmanship is guaranteed for ${site.guarantees.workmanshipMonths} months.`,
    ],
  };
}

/**
 * Every piece of pre-contract information for a quote, in the order the page shows it before the
 * button (and the PDF and the acceptance e-mail repeat): who we are, price, deposit, cancellation
 * (or the urgent-repair text), early start, complaints, the model form.
 */
export function quoteTermsSections(f: QuoteTermsFacts): RightsSection[] {
  const early = earlyStartSection(f);
  return [
    traderIdentity(traderOf(f)),
    quotePriceSection(f),
    ...(f.workStart ? [{ heading: "When we will do the work", paragraphs: [f.workStart] }] : []),
    depositSection(f),
    quoteCancellationSection(f),
    ...(early ? [early] : []),
    complaintsSection(traderOf(f)),
    cancellationFormSection(traderOf(f)),
  ];
}

/** The same as plain text, for a PDF or an e-mail. */
export function quoteTermsText(f: QuoteTermsFacts): string {
  const sections = quoteTermsSections(f);
  return [...sections.slice(0, -1).map(sectionText), cancellationFormText(traderOf(f))].join("\n\n");
}

/** The customer's early-start choice as the acceptance confirmation states it. */
export function expressStartRecord(chosen: boolean, urgentRepair = false): string {
  if (urgentRepair) return "This is an urgent repair, so we can start as soon as we have agreed a time.";
  return chosen
    ? `You asked us to start before your cancellation period ends: "${expressStartText}".`
    : "You did not ask us to start before your cancellation period ends, so if you cancel within it you owe nothing for work done.";
}

/** Why an accepted quote can no longer be cancelled online. */
export type CancellationClosedReason =
  | { kind: "period-ended"; endedOn: IsoDate }
  | { kind: "urgent-repair" }
  /** The customer asked for an early start and the work was then finished (the visit done) on `finishedOn`. */
  | { kind: "work-finished"; finishedOn: IsoDate };

/** Why the page has no "Cancel" button for an accepted quote, with the phone number. */
export function onlineCancellationClosedText(reason: CancellationClosedReason): string {
  if (reason.kind === "work-finished") {
    return `You asked us to start the work before your cancellation period ended, and we finished it on ${formatDate(reason.finishedOn)}. Once the work is finished at your request, the right to cancel ends, so this contract can no longer be cancelled. If something is not right with the work, please call us on ${businessFact.phone} and we will put it right.`;
  }
  if (reason.kind === "urgent-repair") {
    return `This quote is for an urgent repair you asked us to come out for, so it cannot be cancelled online or otherwise. To talk about the work, please call us on ${businessFact.phone}.`;
  }
  return `Your ${cancellationDays}-day cancellation period ended at the end of ${formatDate(reason.endedOn)}, so online cancellation is closed. To talk about the work, please call us on ${businessFact.phone}.`;
}

/** Beside "Cancel" while an early-started job is under way: what cancelling then costs. */
export const earlyStartCancelOwedText =
  "You asked us to start before your cancellation period ends: if you cancel, you pay for the work done up to the time you tell us, in proportion to the total price, and we refund anything you paid beyond it. Once the work is finished, you can no longer cancel.";

/** The receipt of a cancellation, for the acknowledgement (page and e-mail). */
export function cancellationReceivedText(facts: { receivedOn: IsoDate; expressStart: boolean }): string {
  const owed = facts.expressStart
    ? ` Because you asked us to start before your cancellation period ended, you pay for any work done up to ${formatDate(facts.receivedOn)}, in proportion to the total price; we will tell you the amount. We refund anything you paid us beyond it`
    : " You owe us nothing. We refund every payment you made to us";
  return `We received your cancellation on ${formatDate(facts.receivedOn)}. The contract is cancelled.${owed} no later than ${cancellationDays} days after that date, by the same means you paid.`;
}
