/**
 * The Website screen's "Preview" links: each public page the owner's content appears on, rendered
 * with his drafts (docs/decisions/057-draft-preview-and-local-rebuilds.md). Opens in a new tab, so
 * the screen and anything typed in it stay as they were.
 */
import { ExternalLink } from "lucide-react";

/** The pages the drafts show on, with their preview address. */
export const previewPages = [
  { label: "Home", href: "/preview" },
  { label: "Services", href: "/preview/services" },
  { label: "FAQs", href: "/preview/faqs" },
  { label: "About us", href: "/preview/about-us" },
  { label: "Our work", href: "/preview/our-work" },
  { label: "Contact us", href: "/preview/contact-us" },
] as const;

export function PreviewLinks() {
  return (
    <nav
      aria-label="Preview your drafts"
      className="flex flex-wrap items-center gap-x-1 rounded-card border border-slate-200 bg-white px-4 pt-3 pb-1 shadow-card sm:py-1"
    >
      <span className="w-full text-sm font-semibold text-slate-800 sm:mr-2 sm:w-auto">
        Preview your drafts:
      </span>
      {previewPages.map((p) => (
        <a
          key={p.href}
          href={p.href}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-50"
          aria-label={`Preview ${p.label} (opens in a new tab)`}
        >
          {p.label}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      ))}
    </nav>
  );
}
