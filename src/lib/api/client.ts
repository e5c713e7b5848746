/**
 * Calling an endpoint from the admin app or a list island: resolves to the contract's answer,
 * rejects with `ApiError` for anything else (./http.ts does the fetch).
 *
 *   const { testimonials } = await callApi(listTestimonialsRoute);
 *   await callApi(updateRequestRoute, { id: 7, body: { isRead: true } });
 */
import type { EndpointFor } from "../contracts";
import type { QueryOf, RequestOf } from "../contracts/endpoint";
import type { Route } from "../contracts/routes";
import { fieldMessages, isApiErrorBody, parseRetryAfter } from "./errors";
import { readAnswer, readJson, send, type Answer } from "./http";

/**
 * An answer that is not the contract's success: a non-2xx status with the server's envelope when
 * it sent one, no answer at all (`status` 0, code "network"), or (in development and tests) an
 * answer that does not match the contract (code "contract_mismatch").
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: unknown, retryAfter: string | null = null) {
    const envelope = isApiErrorBody(body) ? body.error : undefined;
    super(
      envelope?.message ?? (status === 0 ? "No answer from the server." : `The server answered ${status}.`),
    );
    this.name = "ApiError";
    this.status = status;
    this.code = envelope?.code ?? (status === 0 ? "network" : "http_error");
    this.fields = fieldMessages(envelope?.fields);
    this.retryAfterSeconds = parseRetryAfter(retryAfter) ?? undefined;
  }
}

export interface CallOptions<R extends Route> {
  body?: RequestOf<EndpointFor<R>>;
  query?: QueryOf<EndpointFor<R>>;
  /** The `:id` of an item path. */
  id?: number;
  /** Sent as Idempotency-Key: a repeat of the same call stores nothing twice. */
  idempotencyKey?: string | undefined;
}

function urlOf(route: Route, options: { id?: number | undefined; query?: unknown }): string {
  let path = route.path;
  if (options.id !== undefined) path = path.replace(":id", String(options.id));
  const query = new URLSearchParams((options.query ?? {}) as Record<string, string>);
  return query.size > 0 ? `${path}?${query}` : path;
}

export async function callApi<R extends Route>(route: R, options: CallOptions<R> = {}): Promise<Answer<R>> {
  let response: Response;
  try {
    response = await send(route, {
      url: urlOf(route, options),
      body: options.body,
      idempotencyKey: options.idempotencyKey,
    });
  } catch {
    throw new ApiError(0, undefined);
  }
  if (!response.ok) {
    throw new ApiError(response.status, await readJson(response), response.headers.get("Retry-After"));
  }
  try {
    return await readAnswer(route, response);
  } catch (error) {
    throw new ApiError(response.status, {
      error: { code: "contract_mismatch", message: (error as Error).message },
    });
  }
}
