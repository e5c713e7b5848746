/**
 * Every business fact the site states lives here and nowhere else.
 * Change a phone number, an hour or a town in this file and every page, footer, structured-data
 * block and e-mail follows.
 *
 * The phone number is in Ofcom's drama range (0131 496 0000-0999) and the e-mail uses the
 * reserved `.example` domain, so nobody real is ever called or written to from a test or a demo.
 */

export interface OpeningHours {
  /** Days as shown to people, e.g. "Monday to Friday". */
  readonly label: string;
  /** Short form used in compact places, e.g. "Mon-Fri". */
  readonly short: string;
  /** Shown text, e.g. "8am-6pm" or "Closed (emergency only)". */
  readonly hours: string;
  /** schema.org dayOfWeek values; empty when closed. */
  readonly days: readonly string[];
  readonly opens?: string;
  readonly closes?: string;
}

export const site = {
  name: "Kingdom Handyman Services",
  shortName: "Kingdom Handyman",
  legalName: "Kingdom Handyman Services Ltd",
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

  address: {
    streetAddress: "Unit 7, Forth Works, Mitchelston Drive",
    locality: "Kirkcaldy",
    region: "Fife",
    postalCode: "KY1 3LP",
    country: "Scotland",
    countryCode: "GB",
    /** Approximate centre of Kirkcaldy, for the map and structured data. */
    geo: { latitude: 56.1165, longitude: -3.1586 },
  },

  socials: [
    { network: "Facebook", url: "https://www.facebook.com/kingdomhandyman.example" },
    { network: "Instagram", url: "https://www.instagram.com/kingdomhandyman.example" },
    { network: "LinkedIn", url: "https://www.linkedin.com/company/kingdomhandyman-example" },
  ],

  /**
   * Two readings of the hours, both kept: the booking and contact pages show the weekly table, the
   * service pages the shorter line.
   */
  hours: {
    weekly: [
      {
        label: "Monday to Friday",
        short: "Mon-Fri",
        hours: "8am-6pm",
        days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:00",
        closes: "18:00",
      },
      {
        label: "Saturday",
        short: "Saturday",
        hours: "9am-4pm",
        days: ["Saturday"],
        opens: "09:00",
        closes: "16:00",
      },
      { label: "Sunday", short: "Sunday", hours: "Closed (emergency only)", days: [] },
    ] satisfies readonly OpeningHours[],
    serviceDetail: "Monday to Saturday, 8am-6pm",
  },

  /**
   * Two centres for the 30-mile radius: Edinburgh on the home page, Kirkcaldy on the service and
   * about pages. Both are true of a firm in Kirkcaldy that
   * works across the Forth.
   */
  serviceArea: {
    radiusMiles: 30,
    edinburgh: "Edinburgh and everywhere within a 30-mile radius",
    kirkcaldy: "Kirkcaldy and surrounding areas (30-mile radius)",
    summary: "Kirkcaldy, Fife, Edinburgh and the Lothians",
    towns: ["Edinburgh", "Kirkcaldy", "Dundee", "Perth", "Stirling", "Falkirk", "Livingston", "Dunfermline"],
  },

  stats: {
    yearsExperience: "10+",
    projectsCompleted: "250+",
    happyClients: "99%",
    founded: 2010,
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

  payment: {
    terms:
      "Payment is due on completion. Larger projects may need a deposit, agreed in writing before work starts.",
    methods: ["Cash", "Debit and credit cards", "Bank transfer", "Cheque"],
  },

  /** Cover the business holds; stated in the FAQ and the terms. */
  insurance: {
    publicLiability: "£5 million",
  },

  /**
   * How long personal data is kept (UK GDPR storage limitation); the scheduled job deletes on these
   * numbers and the privacy policy quotes them (docs/decisions/016-request-workflow.md).
   */
  retention: {
    /** Requests, their history, notes and photos: months after the request was closed. */
    closedRequestMonths: 12,
    /** Requests marked as spam: days after being marked. */
    spamDays: 30,
    /** Sent e-mails: days before the body and addresses are wiped, leaving the delivery record. */
    sentMailBodyDays: 30,
    /** Uploaded photos never attached to a request: hours before they are deleted. */
    unclaimedUploadHours: 24,
  },

  priceRange: "££",

  /** The social card every page shares (rendered by scripts/render-og-image.mjs). */
  ogImage: { path: "/og-image.png", width: 1200, height: 630 },
  themeColor: "#132340",
} as const;

export type Site = typeof site;

/** tel: link for the business phone. */
export const phoneHref = `tel:${site.phone.e164}`;
/** mailto: link for the business e-mail. */
export const emailHref = `mailto:${site.email}`;
/** One-line postal address. */
export const addressLine = `${site.address.streetAddress}, ${site.address.locality}, ${site.address.region} ${site.address.postalCode}`;
