/** The website's published content as the public pages get it at build (../service-public.ts). */
import type { PriceBasis, SiteIconKey } from "./rules";

export interface PublicFaq {
  question: string;
  /** Sanitised HTML (paragraphs, lists, links, bold). */
  answerHtml: string;
  /** The answer without markup, for the structured data. */
  answerText: string;
}

/** A service the site offers: its page, its card, its entry in the booking form's list. */
export interface PublicService {
  /** Its web address, /services/<slug>, and the value a booking stores. */
  slug: string;
  name: string;
  summary: string;
  /** The description's paragraphs (the owner separates them with a blank line). */
  description: string[];
  startingPricePence: number;
  priceBasis: PriceBasis;
  /** "from £150 per room", "£95 fixed price" (./rules.ts `startingPriceText`). */
  priceText: string;
  /** Which sentence about quotes sits beside the price. */
  quoteBasis: "hourly" | "fixed-quote";
  icon: SiteIconKey;
  process: { title: string; description: string }[];
  features: string[];
  /** The words and picture the first services were written with; empty for a service added later. */
  page: { overview: string[]; typicalJobs: string[]; image: string | null; imageAlt: string | null };
}

/** A service the owner has hidden: its address answers 410 Gone with a page pointing to /services. */
export interface GoneService {
  slug: string;
  name: string;
}

export interface PublicTeamMember {
  id: number;
  name: string;
  role: string;
  bio: string;
  /** A drawn portrait's key, or null (the card shows the initials). */
  image: string | null;
  sample: boolean;
}

/** One picture of a gallery item: its stored image's id and what it shows. */
export interface PublicGalleryImage {
  role: "before" | "after" | "photo";
  id: string;
}

/** A gallery item as the pages show it (docs/decisions/058-gallery.md). */
export interface PublicGalleryItem {
  id: number;
  kind: "pair" | "single";
  caption: string;
  town: string;
  /** The service's slug (/services/<slug>) and its name. */
  service: string;
  serviceName: string;
  images: PublicGalleryImage[];
}

export interface PublicSite {
  faqs: PublicFaq[];
  /** The names of the towns the site lists as covered, in the owner's order. */
  towns: string[];
  /** The services on offer, in the owner's order. */
  services: PublicService[];
  /** Hidden services, whose old addresses answer 410 Gone. */
  goneServices: GoneService[];
  /** The team, in the owner's order. */
  team: PublicTeamMember[];
  /** The gallery of the owner's work, visible items in the owner's order. */
  gallery: PublicGalleryItem[];
}
