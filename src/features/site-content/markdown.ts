/**
 * A FAQ answer's Markdown to the HTML the page shows: paragraphs, lists, links and bold (and
 * italics) only. markdown-it parses it with raw HTML off (a tag shows as typed) and refuses
 * `javascript:`-style links; sanitize-html then keeps only the tags and link schemes below, so
 * nothing the owner types can run on the site (docs/decisions/050-site-content.md).
 */
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

const md = new MarkdownIt("zero", { html: false, linkify: false, typographer: false, breaks: false });
md.enable(["paragraph", "list", "emphasis", "link", "newline", "escape", "entity", "autolink"]);

const allowed: sanitizeHtml.IOptions = {
  allowedTags: ["p", "ul", "ol", "li", "a", "strong", "em", "br"],
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
};

/** Safe HTML for a FAQ answer written in the Markdown subset. */
export function answerHtml(markdown: string): string {
  return sanitizeHtml(md.render(markdown), allowed).trim();
}

const entities: Record<string, string> = { lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" };

/** The answer as plain text (for the FAQ page's structured data). */
export function answerText(markdown: string): string {
  return sanitizeHtml(md.render(markdown), { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, " ")
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => entities[e] ?? "")
    .trim();
}
