/**
 * Responses. `json(body, status?, headers?)` for success; `errorResponse(err)` for the envelope.
 * API answers are never cached unless a handler says so (`Cache-Control: no-store` by default).
 */
import type { HttpError } from "./errors";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

export function errorResponse(error: HttpError): Response {
  return json(error.body(), error.status, error.headers);
}

export function html(markup: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(markup, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}
