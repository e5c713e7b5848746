/** The website's published content as the public pages get it at build (../service-public.ts). */

export interface PublicFaq {
  question: string;
  /** Sanitised HTML (paragraphs, lists, links, bold). */
  answerHtml: string;
  /** The answer without markup, for the structured data. */
  answerText: string;
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
  /** The gallery of the owner's work, visible items in the owner's order. */
  gallery: PublicGalleryItem[];
}
