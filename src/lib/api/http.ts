/**
 * The one place the browser calls the site's API (`fetch`), shared by ./client.ts (the admin and
 * the testimonial lists) and ./forms.ts (the public forms). Endpoints are addressed by their route
 * (src/lib/contracts/routes.ts) and typed by their contract.
 *
 * In development and tests every successful answer is checked against the contract's response
 * schema (./check.ts, loaded on demand); `import.meta.env.DEV` is false in a production build, so
 * the check and the schemas stay out of the pages' JavaScript.
 */
import type { EndpointFor } from "../contracts";
import type { ResponseOf } from "../contracts/endpoint";
import type { Route } from "../contracts/routes";
import { takeEarly } from "./early";

/** How long a visitor waits before we call a request lost. A phone on a weak signal needs a while. */
export const timeoutMs = 20_000;

export interface SendOptions {
  /** The path to call, when it is not the route's own (an item's id or a query string filled in). */
  url?: string;
  body?: unknown;
  idempotencyKey?: string | undefined;
  /** A solved proof-of-work challenge (./proof-of-work.ts), sent as `Challenge-Solution`. */
  challengeSolution?: string | undefined;
}

/** The answer the contract promises for this route. */
export type Answer<R extends Route> = ResponseOf<EndpointFor<R>>;

/**
 * Sends the request (same-origin: fetch's default, so the admin cookie goes with it); rejects only
 * when no answer came (offline, DNS, timeout, reset). Admin answers are never cached: the server
 * marks every one `Cache-Control: no-store`. A GET the page started early (./early.ts) is not
 * asked again.
 */
export function send(route: Route, options: SendOptions): Promise<Response> {
  const url = options.url ?? route.path;
  // Development: the answer check's schemas load while the call is out (see readAnswer).
  if (import.meta.env.DEV) void import("./check");
  const early = takeEarly(route.method, url);
  if (early) return early;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  if (options.challengeSolution) headers["Challenge-Solution"] = options.challengeSolution;
  return fetch(url, {
    method: route.method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * Where a successful answer departs from the route's contract, or null when it matches. Call it
 * only under `if (import.meta.env.DEV)`, so production builds drop it and the schemas it loads.
 */
export async function contractMismatch(route: Route, status: number, body: unknown): Promise<string | null> {
  const { contractProblem } = await import("./check");
  return contractProblem(route, status, body);
}

/** A successful answer's body (none for 204); rejects when it does not match the contract. */
export async function readAnswer<R extends Route>(route: R, response: Response): Promise<Answer<R>> {
  const body = response.status === 204 ? undefined : await readJson(response);
  if (import.meta.env.DEV) {
    const problem = await contractMismatch(route, response.status, body);
    if (problem) throw new Error(problem);
  }
  return body as Answer<R>;
}
