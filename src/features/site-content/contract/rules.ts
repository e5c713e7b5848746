import { formatMoney } from "../../../platform/money";

/**
 * Rules of the website's content that the server and the admin screens share
 * (docs/decisions/050-site-content.md): the limits, the pricing bases, the service icons and how a
 * service's web address (its slug) is made from its name.
 */

export const siteLimits = {
  nameMax: 80,
  summaryMax: 200,
  descriptionMax: 2000,
  questionMax: 200,
  answerMax: 3000,
  roleMax: 80,
  bioMax: 800,
  townMax: 60,
  stepTitleMax: 80,
  stepTextMax: 300,
  maxSteps: 8,
  maxFeatures: 10,
  featureMax: 120,
  /** £50,000: a starting price above this is a typing slip, not a price. */
  maxStartingPricePence: 5_000_000,
  slugMax: 60,
  maxItems: 100,
} as const;

/** What a starting price is per; "fixed" is a fixed price for the whole job. */
export const priceBases = [
  "per-room",
  "per-hour",
  "per-day",
  "per-project",
  "per-item",
  "per-square-foot",
  "per-square-metre",
  "fixed",
] as const;
export type PriceBasis = (typeof priceBases)[number];

/** The words after the price: "from £150 per room"; a fixed price has none. */
export const priceBasisWords: Record<PriceBasis, string> = {
  "per-room": "per room",
  "per-hour": "per hour",
  "per-day": "per day",
  "per-project": "per project",
  "per-item": "per item",
  "per-square-foot": "per square foot",
  "per-square-metre": "per square metre",
  fixed: "",
};

/** What the admin's select shows for each basis. */
export const priceBasisLabels: Record<PriceBasis, string> = {
  ...priceBasisWords,
  fixed: "fixed price",
};

/** The unit a price is per, as the structured data's `unitText` states it ("room"); none for fixed. */
export const priceBasisUnit = (basis: PriceBasis): string | null =>
  basis === "fixed" ? null : priceBasisWords[basis].replace(/^per /, "");

/**
 * A starting price as every page shows it, whole pounds without ".00": "from £150 per room",
 * "from £12.50 per square foot"; a fixed price is the price itself, "£95 fixed price".
 */
export function startingPriceText(pricePence: number, basis: PriceBasis): string {
  const money = formatMoney(pricePence, { dropZeroPence: true });
  return basis === "fixed" ? `${money} fixed price` : `from ${money} ${priceBasisWords[basis]}`;
}

/** Labour charged by time is never promised as a fixed quote; everything else is quoted fixed. */
export const quoteBasisOf = (basis: PriceBasis): "hourly" | "fixed-quote" =>
  basis === "per-hour" || basis === "per-day" ? "hourly" : "fixed-quote";

/** The icons a service may show (Lucide's, each drawn by the site's service-icon component). */
export const siteIconKeys = [
  "paint-roller",
  "wrench",
  "bath",
  "layers",
  "hammer",
  "drill",
  "fence",
  "zap",
  "shower-head",
  "trees",
  "door-open",
  "key-round",
] as const;
export type SiteIconKey = (typeof siteIconKeys)[number];

/** What the admin's icon choice says for each. */
export const siteIconLabels: Record<SiteIconKey, string> = {
  "paint-roller": "Paint roller",
  wrench: "Wrench",
  bath: "Bath",
  layers: "Flooring layers",
  hammer: "Hammer",
  drill: "Drill",
  fence: "Fence",
  zap: "Electrics (lightning)",
  "shower-head": "Shower head",
  trees: "Garden (trees)",
  "door-open": "Door",
  "key-round": "Key and locks",
};

/**
 * A service's web address from its name: "Gutter Clearing & Repairs" → "gutter-clearing-repairs".
 * Accents are dropped, anything but letters and digits becomes one hyphen. Made once, when the
 * service is added; a renamed service keeps its address.
 */
export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, siteLimits.slugMax)
    .replace(/-+$/g, "");
}
