/**
 * The business's public facts (docs/decisions/055-identity-and-public-facts.md): what a visitor
 * reads on every page (phone, e-mail, address, registered office, insurance, accreditations). The
 * owner edits them on the Business details screen as drafts; publishing the website puts them live.
 * Plain data and pure functions, browser-safe: the admin screen, the services and the pages share them.
 */
import type { Trader } from "./identity";

export interface PostalAddress {
  /** One to three lines before the town ("Unit 7, Forth Works", "Mitchelston Drive"). */
  readonly lines: string[];
  readonly town: string;
  /** A UK postcode, upper case with one space ("KY1 3LP"). */
  readonly postcode: string;
}

export interface PublicFacts {
  /** As people dial it: "0131 496 0472". */
  readonly phone: string;
  readonly email: string;
  /** Where the business trades from (the contact page, the footer, the structured data). */
  readonly address: PostalAddress;
  /** A company's registered office, when it is not the trading address (null: the same). */
  readonly registeredOffice: PostalAddress | null;
  /** The public liability cover stated on the pages ("£5 million"). */
  readonly publicLiability: string;
  /** The gas partner's registration ("Gas Safe registered"). */
  readonly gasPartner: string;
  /** The electrical partner's registration ("NICEIC approved"). */
  readonly electricalPartner: string;
  /** The figures the home and about pages state, and the year the business started. */
  readonly stats: BusinessStats;
  /** The footer's short description, after "Trusted, tidy home repairs since <founded>." */
  readonly blurb: string;
  /** Who processes personal data for the business, as the privacy policy names them. */
  readonly processors: DataProcessor[];
}

export interface BusinessStats {
  /** The year the business started (2010). */
  readonly founded: number;
  /** As the pages print them: "10+", "250+", "99%". */
  readonly yearsExperience: string;
  readonly projectsCompleted: string;
  readonly happyClients: string;
}

export interface DataProcessor {
  /** "Netlify". */
  readonly name: string;
  /** What it does, completing "<name> …": "hosts this website and runs its forms". */
  readonly role: string;
}

export const publicFactFields = [
  "phone",
  "email",
  "address",
  "registeredOffice",
  "publicLiability",
  "gasPartner",
  "electricalPartner",
  "stats",
  "blurb",
  "processors",
] as const satisfies readonly (keyof PublicFacts)[];
export type PublicFactField = (typeof publicFactFields)[number];

/** What the public pages state about the business, read when the site is built. */
export interface PublicBusiness {
  /** The trader under the settings in force (the trading form applies at once, like on papers). */
  readonly trader: Trader;
  /** The published public facts. */
  readonly facts: PublicFacts;
  /** A company's registration sentence without its name, or null for a sole trader. */
  readonly registration: string | null;
  /** A company's Companies House number, or null for a sole trader. */
  readonly companyNumber: string | null;
}

/** The phone number in E.164 ("+441314960472"), for tel: links and the structured data. */
export function phoneE164(display: string): string {
  const digits = display.replace(/\D/g, "").replace(/^(44|0044)/, "0");
  return `+44${digits.replace(/^0/, "")}`;
}

export const telHref = (phone: string) => `tel:${phoneE164(phone)}`;
export const mailtoHref = (email: string) => `mailto:${email}`;

/** The address on one line: "Unit 7, Forth Works, Mitchelston Drive, Kirkcaldy KY1 3LP". */
export function addressOneLine(a: PostalAddress): string {
  return `${[...a.lines, a.town].join(", ")} ${a.postcode}`;
}

/** Whether two values of a fact are the same (addresses compared field by field). */
export function sameFact(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The public facts whose draft differs from the published value (all of them before a first publish). */
export function draftFields(draft: PublicFacts, published: PublicFacts | null): PublicFactField[] {
  return publicFactFields.filter((f) => !published || !sameFact(draft[f], published[f]));
}
