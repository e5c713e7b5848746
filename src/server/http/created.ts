/**
 * The answer to an accepted form post: `201 {…}` as JSON, or for a browser form post without
 * JavaScript a small confirmation page (also 201). An Idempotency-Key replay gets the same answer
 * and `Idempotent-Replayed: true`.
 */
import { htmlPage } from "./html-page";
import { wantsHtml, type ParsedBody } from "./request";
import { html, json } from "./response";

export interface CreatedPage {
  title: string;
  heading: string;
  message: string;
  back: { href: string; label: string };
}

export function created(
  req: Request,
  accepted: { created: boolean; body: ParsedBody },
  payload: Record<string, unknown>,
  page: CreatedPage,
): Response {
  const headers: Record<string, string> = accepted.created ? {} : { "Idempotent-Replayed": "true" };
  if (wantsHtml(req, accepted.body)) return html(htmlPage({ ...page, tone: "success" }), 201, headers);
  return json(payload, 201, headers);
}
