/**
 * Small self-contained HTML pages for form posts made without JavaScript (the forms still work:
 * `<form method="post" action="/api/bookings">`). Inline CSS only (each page's CSP allows exactly
 * its own style block, by hash: ./response.ts), no script, `noindex`. Everything interpolated is
 * escaped.
 */
import { businessFact } from "../../lib/business-facts";
import { site } from "../../config/site";
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
  /** Per-field problems, shown as a list (label → message; `href` links to the field). */
  problems?: ReadonlyArray<{ label: string; message: string; href?: string }>;
  /** Markup (already escaped) shown after the problems, e.g. the refused form again. */
  form?: string;
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
    ? `<ul class="problems">${o.problems
        .map((p) => {
          const text = `<strong>${escapeHtml(p.label)}:</strong> ${escapeHtml(p.message)}`;
          return `<li>${p.href ? `<a href="${escapeHtml(p.href)}">${text}</a>` : text}</li>`;
        })
        .join("")}</ul>`
    : "";
  const summary = o.form
    ? `<div class="summary" role="alert" aria-labelledby="summary-title"><h2 id="summary-title">${escapeHtml(o.message)}</h2>${problems}</div>`
    : `<p>${escapeHtml(o.message)}</p>\n${problems}`;
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
${o.form ? formCss : ""}`,
  )}
<body>
<header class="site"><div><a class="brand" href="/">${escapeHtml(site.name)}</a><nav aria-label="Main"><a href="/services">Services</a><a href="/book-appointment">Book</a><a href="/contact-us">Contact</a><a href="${businessFact.phoneHref}">${businessFact.phone}</a></nav></div></header>
<main>
<h1>${escapeHtml(o.heading)}</h1>
${summary}
${o.form ?? `<a class="button" href="${escapeHtml(o.back.href)}">${escapeHtml(o.back.label)}</a>`}
<p class="small">Prefer to talk? Call us on <a href="${businessFact.phoneHref}">${businessFact.phone}</a>.</p>
</main>
<footer class="site"><div><span>${escapeHtml(site.name)}, ${businessFact.address}</span><a href="${businessFact.phoneHref}">${businessFact.phone}</a></div></footer>
</body>
</html>
`;
}

/** The styles of a form shown on one of these pages (`htmlError` with a form). */
const formCss = `
main{max-width:44rem}
.summary{border:2px solid #b91c1c;border-radius:.5rem;padding:1rem 1.25rem;margin-bottom:1.5rem;background:#fef2f2}
.summary h2{margin:0 0 .5rem;font-size:1.1rem;color:#991b1b}
.summary ul{margin:0;padding-left:1.25rem}
.summary a{color:#991b1b}
form .field{margin:0 0 1.1rem}
form label,form legend{display:block;font-weight:600;margin-bottom:.3rem}
form input[type=text],form input[type=email],form input[type=tel],form select,form textarea{box-sizing:border-box;width:100%;padding:.6rem .7rem;border:1px solid #94a3b8;border-radius:.4rem;font:inherit;background:#fff;color:inherit}
form textarea{min-height:7rem}
form [aria-invalid=true]{border:2px solid #b91c1c;background:#fff7f7}
form :focus-visible{outline:3px solid #f59e0b;outline-offset:1px}
form .error{color:#b91c1c;font-weight:600;margin:.3rem 0 0}
form .hint{color:#4b5563;font-size:.9rem;margin:.1rem 0 .4rem}
form fieldset{border:1px solid #cbd5e1;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1.1rem}
form .pair{display:grid;gap:.75rem}
@media (min-width:36rem){form .pair{grid-template-columns:3fr 2fr}}
form .check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}
form button{padding:.8rem 1.4rem;border:0;border-radius:.5rem;background:#1e3a8a;color:#fff;font:inherit;font-weight:600;cursor:pointer}
`;

/**
 * A failed no-JavaScript form post: what went wrong, per field, and the way back to the form; with
 * `form` (the refused form again, filled in and marked), the problems link to their fields, whose
 * ids are `field-<name>`.
 */
export function htmlError(error: HttpError, formPage = "/", form?: string): Response {
  const problems = error.fields
    ? Object.entries(error.fields).map(([field, message]) => ({
        label: fieldLabel(field),
        message,
        ...(form ? { href: `#field-${field}` } : {}),
      }))
    : undefined;
  const count = problems?.length ?? 0;
  return html(
    htmlPage({
      title: "Please check the form",
      heading: error.status === 422 ? "Please check the form" : "Sorry, that did not go through",
      // The JSON answer's "check the highlighted fields" suits a form that marks them; this page lists
      // them instead (and, with the form, marks them too).
      message: form
        ? count === 1
          ? "There is 1 problem to correct before we can take your request."
          : `There are ${count} problems to correct before we can take your request.`
        : `${problems ? "Please correct what is listed below." : error.message} Use your browser's Back button to return to the form with what you typed.`,
      ...(problems ? { problems } : {}),
      ...(form ? { form } : {}),
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
