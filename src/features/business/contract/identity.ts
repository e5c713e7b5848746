/**
 * The business's money and trading identity (docs/decisions/045-business-details.md): who the
 * trader is on every paper, and whether a document of a given date carries VAT. Plain data and
 * pure functions, browser-safe: the admin screen, the services, the PDFs and the e-mails share them.
 */
import type { IsoDate } from "../../../platform/time";
import type { PublicFacts } from "./public-facts";
import type { Confirmations } from "./checklist";

export const tradingForms = ["company", "sole_trader"] as const;
export type TradingForm = (typeof tradingForms)[number];

/**
 * The owner's settings as stored and served (camelCase on the wire): the trading identity and VAT,
 * which apply at once, and the public facts, which the pages show once the website is published.
 */
export interface BusinessSettings extends PublicFacts {
  readonly tradingAs: TradingForm;
  /** The owner's own name, when trading as a sole trader ("Jane Smith"). */
  readonly soleTraderName: string | null;
  /** The limited company's registered name ("Kingdom Handyman Services Ltd"). */
  readonly companyName: string;
  /** Companies House number ("SC123456"). */
  readonly companyNumber: string | null;
  readonly vatRegistered: boolean;
  /** "GB123456789" or "GB123456789012". */
  readonly vatNumber: string | null;
  /**
   * The effective date of registration: documents dated on or after it carry VAT. Null only in a
   * fresh install's config defaults, where registered means registered for every date.
   */
  readonly vatRegisteredFrom: IsoDate | null;
  /** The account customers pay into by bank transfer (invoices, their e-mails, the customer's page). */
  readonly bank: BankDetails;
  /** The launch checklist's confirmations (contract/checklist.ts). */
  readonly confirmations: Confirmations;
}

export interface BankDetails {
  readonly accountName: string;
  /** "12-34-56". */
  readonly sortCode: string;
  /** Eight digits. */
  readonly accountNumber: string;
}

/** The facts a paper needs to name the trader: fixed by the config, plus the owner's settings. */
export interface TraderFacts {
  /** The brand the business trades under ("Kingdom Handyman Services"). */
  readonly tradingName: string;
  readonly registeredIn: string;
  readonly registeredOffice: string;
  /** How to reach the trader, as a paper states it. */
  readonly contact: TraderContact;
}

export interface TraderContact {
  readonly phone: string;
  readonly email: string;
  /** The trading address on one line. */
  readonly address: string;
}

/** A company's registration sentence, without its name; null for a sole trader. */
export function registrationOf(s: BusinessSettings, facts: TraderFacts): string | null {
  if (s.tradingAs === "sole_trader" && s.soleTraderName) return null;
  return `Registered in ${facts.registeredIn}, company number ${s.companyNumber ?? "not set"}. Registered office: ${facts.registeredOffice}.`;
}

/** How a paper names the trader. */
export interface Trader {
  /** The one legal name: "Kingdom Handyman Services Ltd" or "Jane Smith trading as Kingdom Handyman Services". */
  readonly legalName: string;
  /** The company's disclosure sentence, or null for a sole trader. */
  readonly companyLine: string | null;
  /** The VAT registration number when the business is registered (whether or not this paper carries VAT). */
  readonly vatNumber: string | null;
  /** Whether the paper carries VAT (a quote or invoice keeps its own: `{ ...trader, vatRegistered }`). */
  readonly vatRegistered: boolean;
  /** The phone, e-mail and address the paper gives. */
  readonly contact: TraderContact;
  /** The account a customer pays into by bank transfer. */
  readonly bank: BankDetails;
}

/** "VAT registration number GB123456789", or null when the paper carries no VAT. */
export function vatLineOf(t: Trader): string | null {
  return t.vatRegistered && t.vatNumber ? `VAT registration number ${t.vatNumber}` : null;
}

/** Whether a document dated `date` carries VAT under these settings. */
export function vatAppliesOn(s: BusinessSettings, date: IsoDate): boolean {
  return s.vatRegistered && (s.vatRegisteredFrom === null || s.vatRegisteredFrom <= date);
}

/** The trader as a paper dated `date` names it. */
export function traderOn(s: BusinessSettings, facts: TraderFacts, date: IsoDate): Trader {
  const vat = vatAppliesOn(s, date);
  const sole = s.tradingAs === "sole_trader" && s.soleTraderName;
  const registration = registrationOf(s, facts);
  return {
    legalName: sole ? `${s.soleTraderName} trading as ${facts.tradingName}` : s.companyName,
    companyLine: registration === null ? null : `${s.companyName}. ${registration}`,
    vatNumber: s.vatRegistered ? s.vatNumber : null,
    vatRegistered: vat,
    contact: facts.contact,
    bank: s.bank,
  };
}
