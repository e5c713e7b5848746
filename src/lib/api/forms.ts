/**
 * Sending a public form (./http.ts does the fetch). `submitForm` never throws: every outcome comes
 * back as a value the form can act on, so no failure can be mistaken for success.
 */
import type { EndpointFor } from "../contracts";
import type { RequestOf } from "../contracts/endpoint";
import type { Route } from "../contracts/routes";
import { fieldMessages, isApiErrorBody, parseRetryAfter } from "./errors";
import { contractMismatch, readJson, send } from "./http";
import type { PowChallenge } from "./proof-of-work";

export type SubmitOutcome =
  | { readonly kind: "ok"; readonly status: number; readonly body: unknown }
  /**
   * A 4xx refusal the visitor can act on: 422 with per-field messages from the shared schema (keyed
   * by field name), or a refusal with only a message (e.g. the spam guard's "sent too fast"). `code`
   * is the envelope's error code.
   */
  | {
      readonly kind: "invalid";
      readonly code: string;
      readonly message: string;
      readonly fields: Readonly<Record<string, string>>;
    }
  /** 428: the server asks for a solved proof-of-work challenge (./proof-of-work.ts) with the post. */
  | { readonly kind: "challenge"; readonly message: string; readonly challenge: PowChallenge }
  /** 429: the server asks us to wait; `retryAfterSeconds` from the Retry-After header when present. */
  | { readonly kind: "rate-limited"; readonly message: string; readonly retryAfterSeconds: number | null }
  /** Any other non-2xx answer (503 database unavailable, 500, 413, ...). */
  | { readonly kind: "server"; readonly status: number; readonly message: string }
  /** The request never got an answer: offline, DNS, timeout, connection reset. */
  | { readonly kind: "network" };

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only in secure contexts (https, localhost), so
 * a plain-http preview on a LAN address falls back to `getRandomValues`, which exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Maps an answer to an outcome; with its route, a 2xx is also checked against the contract. */
export async function toOutcome(response: Response, route?: Route): Promise<SubmitOutcome> {
  const body = await readJson(response);
  if (response.ok) {
    if (import.meta.env.DEV && route) {
      const problem = await contractMismatch(route, response.status, body);
      if (problem) return { kind: "server", status: response.status, message: problem };
    }
    return { kind: "ok", status: response.status, body };
  }
  const message = isApiErrorBody(body) ? body.error.message : `The server answered ${response.status}.`;
  if (response.status === 428 && isApiErrorBody(body) && body.error.challenge) {
    return { kind: "challenge", message, challenge: body.error.challenge };
  }
  if (response.status === 429) {
    return {
      kind: "rate-limited",
      message,
      retryAfterSeconds: parseRetryAfter(response.headers.get("Retry-After")),
    };
  }
  if (response.status >= 400 && response.status < 500 && isApiErrorBody(body)) {
    return { kind: "invalid", code: body.error.code, message, fields: fieldMessages(body.error.fields) };
  }
  return { kind: "server", status: response.status, message };
}

/**
 * Posts a public form as JSON with its Idempotency-Key (and a solved challenge, when the server
 * asked for one); resolves to an outcome, never rejects.
 */
export async function submitForm<R extends Route>(
  route: R,
  payload: RequestOf<EndpointFor<R>> & Record<string, unknown>,
  idempotencyKey: string,
  challengeSolution?: string,
): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await send(route, { body: payload, idempotencyKey, challengeSolution });
  } catch {
    return { kind: "network" };
  }
  return toOutcome(response, route);
}
