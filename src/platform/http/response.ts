/**
 * Responses. `json(body, status?, headers?)` for success; `errorResponse(err)` for the envelope;
 * `html(markup, …)` for the no-JavaScript pages; `noContent(headers?)` for 204.
 * API answers are never cached unless a handler says so (`Cache-Control: no-store` by default).
 *
 * Every answer carries its own security headers: netlify.toml's header rules cover only the files
 * Netlify serves, not what a function returns. JSON can be nothing but data: no sniffing it into
 * something else, nothing loaded or framed because of it. The HTML pages get a CSP of their own
 * that allows exactly their inline style (by hash) and nothing else: no script, no frame.
 */
import { createHash } from "node:crypto";
import type { HttpError } from "./errors";

export const apiSecurityHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
} as const;

/** The CSP of an HTML page: its own inline `<style>` blocks by hash, links and forms to this site. */
export function htmlPolicy(markup: string): string {
  const styles = [...markup.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (m) => `'sha256-${createHash("sha256").update(m[1]!, "utf8").digest("base64")}'`,
  );
  return [
    "default-src 'none'",
    `style-src ${styles.length ? styles.join(" ") : "'none'"}`,
    "img-src 'self'",
    "form-action 'self'",
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
