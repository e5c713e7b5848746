/**
 * Small self-contained HTML pages for form posts made without JavaScript (the forms still work:
 * `<form method="post" action="/api/bookings">`). Inline CSS only (each page's CSP allows exactly
 * its own style block, by hash: ./response.ts), no script, `noindex`. Everything interpolated is
 * escaped.
 */
import { addressLine, site } from "../../config/site";
import type { HttpError } from "./errors";
import { html } from "./response";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export interface HtmlPageOptions {
  title: string;
  heading: string;
  message: string;
  /** Per-field problems, shown as a list (label → message). */
  problems?: ReadonlyArray<{ label: string; message: string }>;
  /** Where the main button leads; `history` means "go back to the form" (keeps what was typed). */
  back: { href: string; label: string };
  tone: "success" | "error";
}

/**
 * A standalone page's start, up to `</head>`: language, viewport, `noindex`, the title and one
 * inline stylesheet (the CSP allows it by its hash); `meta` adds further tags.
 */
export function pageHead(title: string, css: string, meta = ""): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">${meta}
<title>${escapeHtml(title)} | ${escapeHtml(site.name)}</title>
<style>${css}</style>
</head>`;
}

export function htmlPage(o: HtmlPageOptions): string {
  const accent = o.tone === "success" ? "#166534" : "#b91c1c";
  const problems = o.problems?.length
    ? `<ul class="problems">${o.problems.map((p) => `<li><strong>${escapeHtml(p.label)}:</strong> ${escapeHtml(p.message)}</li>`).join("")}</ul>`
    : "";
  return `${pageHead(
    o.title,
    `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f8fafc;line-height:1.6}
main{max-width:36rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgb(0 0 0/.1)}
h1{margin-top:0;color:${accent};font-size:1.5rem;line-height:1.3}
a.button{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#1e3a8a;color:#fff;text-decoration:none;font-weight:600}
a.button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
p.small{font-size:.9rem;color:#4b5563}
header.site,footer.site{background:#1e3a8a;color:#fff}
header.site div,footer.site div{max-width:64rem;margin:0 auto;padding:.9rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;justify-content:space-between}
header.site a,footer.site a{color:#fff}
header.site a.brand{font-weight:700;font-size:1.1rem;text-decoration:none}
header.site nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
footer.site{margin-top:3rem;font-size:.9rem}
ul.problems li{margin:.35rem 0}
`,
  )}
<body>
<header class="site"><div><a class="brand" href="/">${escapeHtml(site.name)}</a><nav aria-label="Main"><a href="/services">Services</a><a href="/book-appointment">Book</a><a href="/contact-us">Contact</a><a href="tel:${escapeHtml(site.phone.e164)}">${escapeHtml(site.phone.display)}</a></nav></div></header>
<main>
<h1>${escapeHtml(o.heading)}</h1>
<p>${escapeHtml(o.message)}</p>
${problems}
<a class="button" href="${escapeHtml(o.back.href)}">${escapeHtml(o.back.label)}</a>
<p class="small">Prefer to talk? Call us on <a href="tel:${escapeHtml(site.phone.e164)}">${escapeHtml(site.phone.display)}</a>.</p>
</main>
<footer class="site"><div><span>${escapeHtml(site.name)}, ${escapeHtml(addressLine)}</span><a href="tel:${escapeHtml(site.phone.e164)}">${escapeHtml(site.phone.display)}</a></div></footer>
</body>
</html>
`;
}

/** A failed no-JavaScript form post: what went wrong, per field, and the way back to the form. */
export function htmlError(error: HttpError, formPage = "/"): Response {
  const problems = error.fields
    ? Object.entries(error.fields).map(([field, message]) => ({ label: fieldLabel(field), message }))
    : undefined;
  return html(
    htmlPage({
      title: "Please check the form",
      heading: error.status === 422 ? "Please check the form" : "Sorry, that did not go through",
      // The JSON answer's "check the highlighted fields" suits a form that marks them; this page lists
      // them instead.
      message: `${problems ? "Please correct what is listed below." : error.message} Use your browser's Back button to return to the form with what you typed.`,
      ...(problems ? { problems } : {}),
      back: { href: formPage, label: "Back to the form" },
      tone: "error",
    }),
    error.status,
    error.headers,
  );
}

const labels: Record<string, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  message: "Message",
  address: "Address",
  service: "Service",
  location: "Location",
  text: "Review",
  rating: "Rating",
  option1: "First choice of date and time",
  option2: "Second choice of date and time",
  option3: "Third choice of date and time",
  preferredOptions: "Dates and times",
  accessNotes: "Access notes",
  reason: "Reason",
  nonce: "The form",
};
export const fieldLabel = (field: string) => labels[field] ?? field;
