/** How a service's labour is priced; decides the sentence about quotes next to its price. */
export type PricingBasis = "fixed-quote" | "hourly";

/**
 * The four services by id, title, starting price and pricing basis. Isomorphic: the
 * booking schema, the admin app and the server import this; the page copy and images live in
 * src/data/services.ts. The basis picks the sentence about quotes (`site.pricing`) shown beside the
 * price: a service priced per hour never promises a fixed quote.
 */
export const serviceCatalog = [
  { id: "paint-wallpaper", title: "Paint & Wallpaper", pricing: "from £150 per room", basis: "fixed-quote" },
  { id: "plumbing-heating", title: "Plumbing & Heating", pricing: "from £80 per hour", basis: "hourly" },
  {
    id: "kitchen-bathroom",
    title: "Kitchen & Bathroom Fixing",
    pricing: "from £250 per project",
    basis: "fixed-quote",
  },
  {
    id: "floor-carpet",
    title: "Floor & Carpet Installing",
    pricing: "from £12 per square foot",
    basis: "fixed-quote",
  },
] as const satisfies readonly { id: string; title: string; pricing: string; basis: PricingBasis }[];

export type ServiceId = (typeof serviceCatalog)[number]["id"];

export const serviceIds = serviceCatalog.map((s) => s.id) as unknown as readonly [ServiceId, ...ServiceId[]];

/**
 * The label the admin shows for a stored service value: a known id shows its title,
 * any other value is shown as is, an empty value shows 'Not specified'.
 */
export function serviceLabel(value: string | null | undefined): string {
  if (!value) return "Not specified";
  return serviceCatalog.find((s) => s.id === value)?.title ?? value;
}
