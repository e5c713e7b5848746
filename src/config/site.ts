/**
 * Every business fact the site states lives here and nowhere else (house style, habit 1).
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
   * The spec gives two readings of the hours (site-spec §9) and both are kept:
   * booking and contact pages show the weekly table, the service pages the shorter line.
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
   * Appointments (docs/decisions/014-appointments-and-calendar.md). The working days and each day's
   * hours are not repeated here: they come from `hours.weekly` above, so a change of hours changes
   * what the booking form offers. Every arrival window is clipped to the day's hours (Saturday's
   * morning is 9am to 12pm) and left out on a day where less than `minimumWindowMinutes` remains.
   * The owner can adjust the notice, horizon, cap and working days in the admin; these are the
   * defaults.
   */
  booking: {
    /** All dates and windows are wall-clock times in this zone. */
    timeZone: "Europe/London",
    /** Arrival windows, in the order they happen. "any" (any time that day) spans them all. */
    windows: {
      morning: { label: "morning", start: "08:00", end: "12:00" },
      afternoon: { label: "afternoon", start: "12:00", end: "17:00" },
    },
    anyTimeLabel: "any time",
    minimumWindowMinutes: 60,
    /** The earliest bookable date is this many working days after today (1: the next working day). */
    minimumNoticeWorkingDays: 1,
    /** The latest bookable date is this many weeks after today. */
    horizonWeeks: 8,
    /** Confirmed jobs a day can take; a day at the cap is offered no more. */
    dailyCap: 3,
    /** How many preferred options a booking may give (at least one). */
    maxPreferredOptions: 3,
    /** Customers change or cancel on their own page until this many hours before the window starts. */
    changeCutoffHours: 24,
    /**
     * The reminder goes out at `time` on the evening before the window, and only for a job confirmed
     * at least `minimumLeadHours` before the window starts.
     */
    reminder: { daysBefore: 1, time: "18:00", minimumLeadHours: 24 },
  },

  /**
   * The spec names both centres for the 30-mile radius (site-spec §1): Edinburgh on the home page
   * reading, Kirkcaldy on the service and about pages. Both are true of a firm in Kirkcaldy that
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
