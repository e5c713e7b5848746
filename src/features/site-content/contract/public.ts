/** The website's published content as the public pages get it at build (../service-public.ts). */

export interface PublicFaq {
  question: string;
  /** Sanitised HTML (paragraphs, lists, links, bold). */
  answerHtml: string;
  /** The answer without markup, for the structured data. */
  answerText: string;
}

export interface PublicSite {
  faqs: PublicFaq[];
  /** The names of the towns the site lists as covered, in the owner's order. */
  towns: string[];
}
