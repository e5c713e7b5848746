/** How a service's labour is priced; decides the sentence about quotes next to its price. */
export type PricingBasis = "fixed-quote" | "hourly";
import type { Pence } from "../platform/money";

/**
 * The four services by id, title, starting price and pricing basis. Isomorphic: the
 * booking schema, the admin app and the server import this; the page copy and images live in
 * src/data/services.ts. The basis picks the sentence about quotes (`site.pricing`) shown beside the
 * price: a service priced per hour never promises a fixed quote.
 *
 * A starting price is whole pence (`fromPence`) and the unit it is per; the words every page
 * shows ("from £150 per room") are made from them by `startingPriceText` (src/data/services.ts)
 * with the one money formatter, and the structured data reads the number
 * (docs/decisions/028-time-and-money.md). Plain data, so the public forms that list the services
 * load no money formatting.
 */
const catalogue = [
  { id: "paint-wallpaper", title: "Paint & Wallpaper", fromPence: 150_00, per: "room", basis: "fixed-quote" },
  { id: "plumbing-heating", title: "Plumbing & Heating", fromPence: 80_00, per: "hour", basis: "hourly" },
  {
    id: "kitchen-bathroom",
    title: "Kitchen & Bathroom Fixing",
    fromPence: 250_00,
    per: "project",
    basis: "fixed-quote",
  },
  {
    id: "floor-carpet",
    title: "Floor & Carpet Installing",
    fromPence: 12_00,
    per: "square foot",
    basis: "fixed-quote",
  },
] as const satisfies readonly {
  id: string;
  title: string;
  fromPence: Pence;
  per: string;
  basis: PricingBasis;
}[];

/** The catalogue. */
export const serviceCatalog = catalogue;

export type ServiceId = (typeof catalogue)[number]["id"];

export const serviceIds = catalogue.map((s) => s.id) as unknown as readonly [ServiceId, ...ServiceId[]];

/**
 * The label shown for a stored service value (a service's slug): its name from `names` (the
 * website's services, hidden ones included, where the caller has them), else the first four's
 * titles, else the slug in words ("gutter-clearing" → "Gutter clearing"); empty is 'Not specified'.
 */
export function serviceLabel(value: string | null | undefined, names?: ReadonlyMap<string, string>): string {
  if (!value) return "Not specified";
  const named = names?.get(value) ?? serviceCatalog.find((s) => s.id === value)?.title;
  if (named) return named;
  const words = value.replace(/-+/g, " ").trim();
  return words ? `${words[0]!.toUpperCase()}${words.slice(1)}` : value;
}
