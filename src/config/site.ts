/**
 * Every business fact the site states lives here and nowhere else. Change a phone number, an hour
 * or a town in this file and every page, footer, structured-data block and e-mail follows; the copy
 * that states a fact is generated from it (see the helpers at the end), so two pages cannot disagree.
 *
 * Until the business's real details go in, the facts are placeholders that harm nobody: the phone
 * number is in Ofcom's drama range (0131 496 0000-0999), the e-mail and domain use the reserved
 * `.example` domain, and every claim only the owner can vouch for (the address, the company
 * registration, insurance, accreditations, the figures in `stats`, the data processors) carries
 * `confirmed: false`. `npm run doctor` lists each of them with the key to change and exits non-zero
 * while any remain (docs/decisions/013-honest-content-and-launch-check.md).
 */

import type { PricingBasis } from "../lib/service-catalog";
import { listInWords } from "../lib/words";
import { booking, onTheDay, weeklyHours } from "./booking";

export type { OpeningHours } from "./booking";
export type { PricingBasis };
export { listInWords };

/** A town the business names as covered, with its centre, so a test can check it is in range. */
export interface Town {
  readonly name: string;
  readonly latitude: number;
  readonly longitude: number;
}

export const site = {
  name: "Kingdom Handyman Services",
  shortName: "Kingdom Handyman",
  tagline: "Trusted home repairs across Fife, Edinburgh and the Lothians",
  description:
    "Local handyman in Kirkcaldy, Fife: painting and wallpapering, plumbing and heating, kitchen and bathroom fixes and flooring across Fife, Edinburgh and the Lothians. Free estimates, 12-month guarantee.",
  /** Used when SITE_URL is not set (see astro.config.mjs). */
  defaultUrl: "https://www.kingdomhandyman.example",
  locale: "en_GB",

  phone: {
    display: "0131 496 0472",
    /** E.164, for tel: links and structured data. */
    e164: "+441314960472",
  },
  email: "hello@kingdomhandyman.example",

  /** Where the business trades from (shown on the contact page, the footer and the map). */
  address: {
    streetAddress: "Unit 7, Forth Works, Mitchelston Drive",
    locality: "Kirkcaldy",
    region: "Fife",
    postalCode: "KY1 3LP",
    country: "Scotland",
    countryCode: "GB",
    /** Approximate centre of Kirkcaldy, for the map, the service area and structured data. */
    geo: { latitude: 56.1165, longitude: -3.1586 },
    /** True once the owner has checked this is the real trading address. */
    confirmed: false,
  },

  /**
   * The limited company behind the site. A company must show its registered name, number, place of
   * registration and registered office on its website (Companies Act 2006; Company, LLP and Business
   * (Names and Trading Disclosures) Regulations 2015): the footer and the legal pages do.
   */
  company: {
    registeredName: "Kingdom Handyman Services Ltd",
    /** Companies House number; Scottish companies start with SC. SC000000 is a placeholder. */
    number: "SC000000",
    registeredIn: "Scotland",
    registeredOffice: {
      streetAddress: "Unit 7, Forth Works, Mitchelston Drive",
      locality: "Kirkcaldy",
      postalCode: "KY1 3LP",
    },
    /** True once the owner has checked these against the Companies House register. */
    confirmed: false,
  },

  socials: [
    { network: "Facebook", url: "https://www.facebook.com/kingdomhandyman.example" },
    { network: "Instagram", url: "https://www.instagram.com/kingdomhandyman.example" },
    { network: "LinkedIn", url: "https://www.linkedin.com/company/kingdomhandyman-example" },
  ],

  /**
   * The one set of opening hours: every page, the footer, the structured data and the e-mails show
   * it, written by `openingHours` in src/platform/time.ts ("8am-6pm").
   */
  hours: { weekly: weeklyHours },

  /** Appointments: src/config/booking.ts. */
  booking,

  /**
   * Bank and public holidays are not offered to customers (src/features/appointments/holidays.ts,
   * docs/decisions/035-diary.md): the region's list for the coming `yearsAhead` years, from the
   * date-holidays library's rules shipped in the package. "SCT" Scotland, "ENG" England and
   * Wales, "NIR" Northern Ireland. The owner may open one for work or add local holidays.
   */
  holidays: { country: "GB", region: "SCT" as "SCT" | "ENG" | "NIR", yearsAhead: 2 },

  /**
   * One reading of the area: a straight-line radius around the base in Kirkcaldy (the same circle the
   * structured data describes). Every named town lies inside it; a unit test measures each one.
   */
  serviceArea: {
    radiusMiles: 30,
    summary: "Kirkcaldy, Fife, Edinburgh and the Lothians",
    towns: [
      { name: "Kirkcaldy", latitude: 56.1165, longitude: -3.1586 },
      { name: "Glenrothes", latitude: 56.1955, longitude: -3.174 },
      { name: "Dunfermline", latitude: 56.0717, longitude: -3.4522 },
      { name: "St Andrews", latitude: 56.3398, longitude: -2.7967 },
      { name: "Edinburgh", latitude: 55.9533, longitude: -3.1883 },
      { name: "Musselburgh", latitude: 55.942, longitude: -3.054 },
      { name: "Dalkeith", latitude: 55.8936, longitude: -3.068 },
      { name: "Livingston", latitude: 55.8865, longitude: -3.523 },
    ] satisfies readonly Town[],
  },

  /** Figures the home page and the about page state. */
  stats: {
    yearsExperience: "10+",
    projectsCompleted: "250+",
    happyClients: "99%",
    founded: 2010,
    /** True once the owner has checked these figures can be backed up. */
    confirmed: false,
  },

  guarantees: {
    workmanshipMonths: 12,
    satisfaction: "100%",
    freeEstimates: true,
    noHiddenFees: true,
  },

  response: {
    replyWithinHours: 24,
    confirmWithinHours: 24,
    emergencyNote: "Same-day visits where possible for emergency plumbing",
  },

  /**
   * What a customer is told about the price before work starts, by pricing basis. Each service in
   * src/lib/service-catalog.ts names its basis; its page, its process step and the FAQ use this text.
   */
  pricing: {
    "fixed-quote": "Free estimate, then a fixed written quote before any work starts.",
    hourly:
      "Free estimate. Labour is charged by the hour and parts at cost; we agree the hourly rate and the likely time with you before any work starts.",
  } satisfies Record<PricingBasis, string>,

  payment: {
    terms:
      "Payment is due on completion. Larger projects may need a deposit, agreed in writing before work starts.",
    methods: ["Cash", "Debit and credit cards", "Bank transfer", "Cheque"],
  },

  /**
   * VAT, for quotes and invoices (docs/decisions/028-time-and-money.md). Not registered: prices are
   * totals and invoices carry no VAT lines or number. Registered: prices are entered without VAT and
   * each line carries one of `rates`. These are a fresh install's defaults only: the owner sets the
   * registration, its number and its effective date on the admin's "Business details" screen
   * (docs/decisions/045-business-details.md), and the papers follow what he set.
   */
  vat: {
    registered: false as boolean,
    /** The VAT registration number ("GB123456789") once registered. */
    number: null as string | null,
    /** The effective date of registration (YYYY-MM-DD): documents dated before it carry no VAT. */
    registeredFrom: null as string | null,
    /** The rates a line may carry, in percent (standard, reduced, zero). */
    rates: [20, 5, 0],
  },

  /**
   * Quotes (docs/decisions/029-quotes.md): how long a quote stays open by default, and when the one
   * follow-up e-mail goes to a customer who has not answered. The owner can set another valid-until
   * date on each quote.
   */
  quotes: {
    /** A new quote is valid until this many days from today unless the owner picks a date. */
    validDays: 30,
    /** A sent quote nobody has answered gets one follow-up e-mail this many days after sending. */
    followUpDays: 7,
  },

  /** On the day of a visit: src/config/booking.ts. */
  onTheDay,

  /**
   * Invoices (docs/decisions/032-invoices.md). Numbers come from one gap-free sequence per kind of
   * document; the payment reference is the invoice number. Terms: `dueDays` 0 means due on
   * completion (the invoice date), otherwise due that many days after it. Overdue invoices get at
   * most two polite reminders, `reminderDays` after the due date, unless the owner turns them off.
   */
  invoices: {
    /** "KH-0001": the prefix and the digits the number is padded to. */
    numberPrefix: "KH-",
    creditNotePrefix: "KH-CN-",
    numberDigits: 4,
    /** 0: due on completion (the invoice date). */
    dueDays: 14,
    /** Days after the due date for the first and the second (last) reminder. */
    reminderDays: [7, 21] as readonly number[],
    /**
     * Where the business trades as a sole trader, the owner's own name goes on every paper
     * ("Jane Smith trading as …"); null for a limited company, whose registered details go instead.
     * A fresh install's default: the owner sets it on the "Business details" screen.
     */
    soleTraderName: null as string | null,
    /** The bank account customers pay into; the invoice number is the payment reference. */
    bank: {
      accountName: "Kingdom Handyman Services Ltd",
      sortCode: "00-00-00",
      accountNumber: "00000000",
      /** True once the owner has checked these are the business's real bank details. */
      confirmed: false,
    },
    /** The accountant's import: the sales account code every line is posted to. */
    accountCode: "200",
  },

  /** Cover the business holds; stated in the FAQ, the about page and the terms. */
  insurance: {
    publicLiability: "£5 million",
    /** True once the owner has checked the policy and its limit. */
    confirmed: false,
  },

  /** Registrations of the partners who do work that needs one (gas, notifiable electrical work). */
  accreditations: {
    gasPartner: "Gas Safe registered",
    electricalPartner: "NICEIC approved",
    /** True once the owner has checked both partners' registrations. */
    confirmed: false,
  },

  /** Who processes personal data for us (named in the privacy policy). */
  processors: {
    hosting: { name: "Netlify", role: "hosts this website and runs its forms" },
    database: { name: "Supabase", role: "stores requests, reviews and the e-mail records in its database" },
    mail: {
      name: "our e-mail delivery provider",
      role: "sends the e-mails about your request",
    },
    /** True once the owner has named the mail provider and checked each has a data processing agreement. */
    confirmed: false,
  },

  /**
   * How long personal data is kept (UK GDPR storage limitation). The privacy policy states these
   * numbers, and the clean-up jobs read them from here (docs/decisions/016-request-workflow.md).
   */
  retention: {
    /** Bookings and messages closed as done, lost or cancelled: deleted this many months after closing. */
    closedRequestMonths: 12,
    /** Submissions marked as spam: deleted after this many days. */
    spamDays: 30,
    /** Bodies of the e-mails we send: kept this many days, then only the delivery record remains. */
    sentMailBodyDays: 30,
    /** Photos uploaded to a form that is never sent: deleted after this many hours. */
    unclaimedUploadHours: 24,
    /** Invoices and accounts for work carried out (UK tax law): kept this many years. */
    accountingRecordYears: 6,
  },

  /**
   * Limits that keep the customers' private links and the site's e-mail safe
   * (docs/decisions/027-security-review-fixes.md).
   */
  security: {
    customerLinks: {
      /** A private link stops working after this many days without being opened (each use renews it). */
      idleDays: 90,
      /** …and this many days after its request is closed with nothing owed (or after it was sent, if later). */
      afterCloseDays: 30,
    },
    /** Changes a customer's page accepts for one request in an hour (each sends two e-mails). */
    customerActionsPerHour: 6,
    /**
     * Contact, booking and review posts one client (connection) may make in a day, all forms
     * together: far under the site's 100 confirmation e-mails a day, so no one client can use them up.
     */
    clientPostsPerDay: 20,
    /**
     * Confirmation e-mails the public forms send in a day, all mailboxes together (three a day to
     * one mailbox); MAIL_CONFIRMATIONS_PER_DAY may set another number (src/platform/env.ts).
     */
    confirmationsPerDay: 100,
    /**
     * A self-hosted proof-of-work check instead of a refusal (docs/decisions/027-security-review-fixes.md):
     * from `fromShare` of `clientPostsPerDay` (or of the site's daily confirmation e-mails) a public
     * form post must carry a solved challenge, which the form's script finds in a few seconds; above
     * `ceilingTimes` × `clientPostsPerDay` a client's posts are refused whatever it solves.
     */
    challenge: {
      fromShare: 2 / 3,
      ceilingTimes: 3,
      /** The browser tries on average half this many SHA-256 hashes (about a second on a phone). */
      maxNumber: 50_000,
      /** A challenge is accepted this long after it was made, and once. */
      expiresMinutes: 5,
    },
  },

  /**
   * Notifications on the owner's phone (docs/decisions/034-push-notifications.md). Every event is
   * also e-mailed as before; a notification is the fast way, never the only one.
   */
  push: {
    /**
     * London hours in which notifications wait until `quietHours.until`, except those about
     * something happening today (an appointment today accepted, moved or cancelled).
     */
    quietHours: { from: "21:00", until: "07:00" },
    /** How long a push service keeps a notification for a phone that is off (the TTL header). */
    ttlSeconds: 24 * 60 * 60,
    /** Tries per device and notification (after 1, 2, 4, 8 minutes) before it is given up. */
    maxAttempts: 5,
    /** Devices one owner may register (each phone, tablet or computer once). */
    maxDevices: 10,
  },

  priceRange: "££",

  /** The social card every page shares (rendered by scripts/render-og-image.mjs). */
  ogImage: { path: "/og-image.png", width: 1200, height: 630 },
  themeColor: "#132340",
} as const;

/** tel: link for the business phone. */
export const phoneHref = `tel:${site.phone.e164}`;
/** mailto: link for the business e-mail. */
export const emailHref = `mailto:${site.email}`;
/** One-line postal address. */
export const addressLine = `${site.address.streetAddress}, ${site.address.locality}, ${site.address.region} ${site.address.postalCode}`;

function addressLineOf(a: { streetAddress: string; locality: string; postalCode: string }): string {
  return `${a.streetAddress}, ${a.locality} ${a.postalCode}`;
}

/** The registered office on one line. */
export const registeredOfficeLine = `${site.company.registeredOffice.streetAddress}, ${site.company.registeredOffice.locality} ${site.company.registeredOffice.postalCode}`;

/** The trading disclosure, e.g. "Kingdom Handyman Services Ltd. Registered in Scotland, company number SC…". */
export const companyDisclosure = `${site.company.registeredName}. Registered in ${site.company.registeredIn}, company number ${site.company.number}. Registered office: ${registeredOfficeLine}.`;

/**
 * A fresh install's business details (docs/decisions/045-business-details.md): the trading form and
 * VAT registration the papers use until the owner saves his own on the "Business details" screen.
 * The public pages, built ahead of time, state these.
 */
export const businessDefaults = {
  tradingAs: (site.invoices.soleTraderName ? "sole_trader" : "company") as "company" | "sole_trader",
  soleTraderName: site.invoices.soleTraderName,
  companyName: site.company.registeredName as string,
  companyNumber: site.company.number as string | null,
  vatRegistered: site.vat.registered,
  vatNumber: site.vat.number,
  vatRegisteredFrom: site.vat.registeredFrom,
  // The public facts (docs/decisions/055-identity-and-public-facts.md): drafts the owner publishes.
  phone: site.phone.display as string,
  email: site.email as string,
  address: {
    lines: [site.address.streetAddress as string],
    town: site.address.locality as string,
    postcode: site.address.postalCode as string,
  },
  registeredOffice: (registeredOfficeLine === addressLineOf(site.address)
    ? null
    : {
        lines: [site.company.registeredOffice.streetAddress],
        town: site.company.registeredOffice.locality,
        postcode: site.company.registeredOffice.postalCode,
      }) as { lines: string[]; town: string; postcode: string } | null,
  publicLiability: site.insurance.publicLiability as string,
  gasPartner: site.accreditations.gasPartner as string,
  electricalPartner: site.accreditations.electricalPartner as string,
  stats: {
    founded: site.stats.founded as number,
    yearsExperience: site.stats.yearsExperience as string,
    projectsCompleted: site.stats.projectsCompleted as string,
    happyClients: site.stats.happyClients as string,
  },
  blurb:
    `A local team from ${site.address.locality} looking after homes across ${site.serviceArea.summary}, with free estimates and a ${site.guarantees.workmanshipMonths}-month guarantee on every job.` as string,
  processors: [site.processors.hosting, site.processors.database, site.processors.mail].map((p) => ({
    name: p.name as string,
    role: p.role as string,
  })),
  /** Papers only (never a page): applies to the next invoice at once. */
  bank: {
    accountName: site.invoices.bank.accountName as string,
    sortCode: site.invoices.bank.sortCode as string,
    accountNumber: site.invoices.bank.accountNumber as string,
  },
  /** The launch checklist: nothing confirmed on a fresh install. */
  confirmations: {},
};

/** What every paper says of the trader besides the owner's settings. */
export const traderFacts = {
  tradingName: site.name,
  registeredIn: site.company.registeredIn,
  registeredOffice: registeredOfficeLine,
  contact: {
    phone: site.phone.display as string,
    email: site.email as string,
    address: addressLineOf(site.address),
  },
};

/** The service area in one sentence, from one centre and one radius. */
export const serviceAreaLine = `${site.address.locality} and everywhere within a ${site.serviceArea.radiusMiles}-mile radius`;

/** The names of the towns the site lists as covered. */
export const townNames: readonly string[] = site.serviceArea.towns.map((t) => t.name);

/** Straight-line distance in miles between two points (haversine, mean Earth radius). */
export function milesBetween(
  a: { readonly latitude: number; readonly longitude: number },
  b: { readonly latitude: number; readonly longitude: number },
): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}
