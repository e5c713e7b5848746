/**
 * The browser's one way to the site's own API, used by the islands and the admin app. Endpoints are
 * named as in src/lib/contracts/routes.ts and typed by their contracts: what is sent is the
 * contract's request, what comes back its response.
 *
 *   const { testimonials } = await callApi("listTestimonials");
 *   await callApi("setSubmissionRead", { id: 7, body: { isRead: true } });
 *
 * `callApi` throws an `ApiError` (./errors.ts) for any answer that is not the contract's success,
 * including no answer at all. `submitForm` never throws: the public forms get every outcome as a
 * value they can act on, so no failure can be mistaken for success.
 *
 * In development and tests every successful answer is checked against the contract's response
 * schema (./check.ts, loaded on demand). Production pages leave that check, and the schemas, out of
 * their JavaScript.
 */
import type { Endpoints } from "../contracts";
import type { QueryOf, RequestOf, ResponseOf } from "../contracts/endpoint";
import { routes, type RouteName } from "../contracts/routes";
import { ApiError, fieldMessages, isApiErrorBody, parseRetryAfter } from "./errors";

/** How long a visitor waits before we call a request lost. A phone on a weak signal needs a while. */
const timeoutMs = 20_000;

export interface CallOptions<N extends RouteName> {
  body?: RequestOf<Endpoints[N]> | undefined;
  query?: QueryOf<Endpoints[N]> | undefined;
  /** The `:id` of an item path. */
  id?: number | undefined;
  idempotencyKey?: string | undefined;
}

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only in secure contexts (https, localhost), so
 * a plain-http preview on a LAN address falls back to `getRandomValues`, which exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What `send` needs, whichever the endpoint. */
interface SendOptions {
  body?: unknown;
  query?: unknown;
  id?: number | undefined;
  idempotencyKey?: string | undefined;
}

function urlOf(name: RouteName, options: SendOptions): string {
  let path: string = routes[name].path;
  if (options.id !== undefined) path = path.replace(":id", String(options.id));
  if (options.query) {
    const params = new URLSearchParams(options.query as Record<string, string>);
    if (params.size > 0) path += `?${params}`;
  }
  return path;
}

/** Sends the request; a network failure or timeout rejects with ApiError status 0. */
async function send(name: RouteName, options: SendOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  try {
    return await fetch(urlOf(name, options), {
      method: routes[name].method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      credentials: "same-origin",
      // The admin's data must never come from a cache; the public list may (it is revalidated).
      ...(routes[name].path.startsWith("/api/admin/") ? { cache: "no-store" as const } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new ApiError(0, undefined);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * The successful answer's body, checked against the contract in development and tests (a mismatch
 * throws ApiError "contract_mismatch"). A 204 has no body.
 */
export async function readAnswer<N extends RouteName>(
  name: N,
  response: Response,
): Promise<ResponseOf<Endpoints[N]>> {
  const body = response.status === 204 ? undefined : await readJson(response);
  if (import.meta.env.DEV) {
    const { contractProblem } = await import("./check");
    const problem = contractProblem(name, response.status, body);
    if (problem)
      throw new ApiError(response.status, { error: { code: "contract_mismatch", message: problem } });
  }
  return body as ResponseOf<Endpoints[N]>;
}

/** Calls an endpoint; resolves to the contract's response, rejects with ApiError otherwise. */
export async function callApi<N extends RouteName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<ResponseOf<Endpoints[N]>> {
  const response = await send(name, options);
  if (!response.ok)
    throw new ApiError(response.status, await readJson(response), response.headers.get("Retry-After"));
  return readAnswer(name, response);
}

export type SubmitOutcome =
  | { readonly kind: "ok"; readonly status: number; readonly body: unknown }
  /**
   * A 4xx refusal the visitor can act on: 422 with per-field messages from the shared schema (keyed
   * by field name), or a refusal with only a message (e.g. the spam guard's "sent too fast").
   */
  | { readonly kind: "invalid"; readonly message: string; readonly fields: Readonly<Record<string, string>> }
  /** 429: the server asks us to wait; `retryAfterSeconds` from the Retry-After header when present. */
  | { readonly kind: "rate-limited"; readonly message: string; readonly retryAfterSeconds: number | null }
  /** Any other non-2xx answer (503 database unavailable, 500, 413, ...). */
  | { readonly kind: "server"; readonly status: number; readonly message: string }
  /** The request never got an answer: offline, DNS, timeout, connection reset. */
  | { readonly kind: "network" };

/** Maps an answer to an outcome; with an endpoint name, a 2xx is also checked against its contract. */
export async function toOutcome(response: Response, name?: RouteName): Promise<SubmitOutcome> {
  if (response.ok) {
    if (!name) return { kind: "ok", status: response.status, body: await readJson(response) };
    try {
      return { kind: "ok", status: response.status, body: await readAnswer(name, response) };
    } catch (error) {
      return { kind: "server", status: response.status, message: (error as Error).message };
    }
  }
  const body = await readJson(response);
  const message = isApiErrorBody(body) ? body.error.message : `The server answered ${response.status}.`;
  const fields = isApiErrorBody(body) ? fieldMessages(body.error.fields) : {};
  if (response.status === 429) {
    return {
      kind: "rate-limited",
      message,
      retryAfterSeconds: parseRetryAfter(response.headers.get("Retry-After")),
    };
  }
  if (response.status >= 400 && response.status < 500 && isApiErrorBody(body)) {
    return { kind: "invalid", message, fields };
  }
  return { kind: "server", status: response.status, message };
}

/** Posts a public form (JSON, with its Idempotency-Key); resolves to an outcome, never rejects. */
export async function submitForm<N extends RouteName>(
  name: N,
  payload: RequestOf<Endpoints[N]> & Record<string, unknown>,
  idempotencyKey: string,
): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await send(name, { body: payload, idempotencyKey });
  } catch {
    return { kind: "network" };
  }
  return toOutcome(response, name);
}
