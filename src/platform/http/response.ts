/**
 * Responses. `json(body, status?, headers?)` for success; `errorResponse(err)` for the envelope;
 * `html(markup, …)` for the no-JavaScript pages; `noContent(headers?)` for 204.
 * API answers are never cached unless a handler says so (`Cache-Control: no-store` by default).
 *
 * Every answer carries its own security headers: netlify.toml's header rules cover only the files
 * Netlify serves, not what a function returns. JSON can be nothing but data: no sniffing it into
 * something else, nothing loaded or framed because of it. The HTML pages get a CSP of their own
 * that allows exactly their inline style (by hash) and the scripts the code ships (by hash), and
 * nothing else: no other script, no frame.
 */
import { createHash } from "node:crypto";
import type { HttpError } from "./errors";
import { formTargets, shippedScripts } from "./page-scripts";

/**
 * HSTS on every function answer of a deployed site, the same value the static files get from
 * integrations/security-headers.ts (a browser that only ever called an API first still learns it).
 */
export const hstsHeader = [
  "Strict-Transport-Security",
  "max-age=63072000; includeSubDomains; preload",
] as const;

/** The answer with HSTS added (deployed only; locally the stack runs over plain http). */
export function withTransportSecurity(response: Response, deployed: boolean): Response {
  if (!deployed || response.headers.has(hstsHeader[0])) return response;
  try {
    response.headers.set(...hstsHeader);
    return response;
  } catch {
    // Immutable headers (e.g. Response.redirect): copy the answer.
    const headers = new Headers(response.headers);
    headers.set(...hstsHeader);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

export const apiSecurityHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
} as const;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The CSP of an HTML page: the inline `<style>` blocks of its `<head>` by hash (the page's own
 * stylesheet, ./html-page.ts `pageHead`; nothing typed by a person is written there), links and
 * forms to this site, and this site's own font files when a style declares a `@font-face`. Scripts:
 * only those the code ships (./page-scripts.ts) and the page contains, by hash, and then it may
 * call this site only; never a script merely found in the markup. A page without one gets no
 * `script-src` at all (so no script runs).
 */
export function htmlPolicy(markup: string): string {
  const headEnd = markup.indexOf("</head>");
  const head = headEnd === -1 ? "" : markup.slice(0, headEnd);
  const blocks = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  // A form whose answer redirects to another site (the Pay button to Stripe's hosted page) names
  // that site's origin in `data-redirects-to`; form-action allows it only when the code registered
  // that origin (./page-scripts.ts `allowFormTarget`), never an origin that merely appears in markup.
  const targets = formTargets();
  const redirects = [
    ...markup.matchAll(/<form [^>]*data-redirects-to="(https?:\/\/[a-z0-9.-]+(?::\d{1,5})?)"/g),
  ]
    .map((m) => m[1]!)
    .filter((origin) => targets.has(origin));
  const styles = blocks.map(sha256);
  const scripts = [...shippedScripts()]
    .filter((source) => markup.includes(`<script>${source}</script>`))
    .map(sha256);
  return [
    "default-src 'none'",
    `style-src ${styles.length ? styles.join(" ") : "'none'"}`,
    ...(scripts.length ? [`script-src ${[...new Set(scripts)].join(" ")}`, "connect-src 'self'"] : []),
    ...(blocks.some((css) => css.includes("@font-face")) ? ["font-src 'self'"] : []),
    "img-src 'self'",
    `form-action ${["'self'", ...new Set(redirects)].join(" ")}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...apiSecurityHeaders,
      ...headers,
    },
  });
}

export function noContent(headers: Record<string, string> = {}): Response {
  return new Response(null, {
    status: 204,
    headers: { "Cache-Control": "no-store", ...apiSecurityHeaders, ...headers },
  });
}

export function errorResponse(error: HttpError): Response {
  return json(error.body(), error.status, error.headers);
}

export function html(markup: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(markup, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": htmlPolicy(markup),
      "Referrer-Policy": "strict-origin-when-cross-origin",
      ...headers,
    },
  });
}
