/**
 * A tiny fetch client for the site's own `/api` (ARCHITECTURE.md, API shape). It never throws: every
 * outcome comes back as a value the form can act on, so no failure can be mistaken for success
 * (house style, habit 7).
 */
import type { ApiErrorBody } from "../../lib/schemas/api-error";

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
  /** 429: the server asks us to wait; `retryAfterSeconds` from the Retry-After header when present. */
  | { readonly kind: "rate-limited"; readonly message: string; readonly retryAfterSeconds: number | null }
  /** Any other non-2xx answer (503 database unavailable, 500, 413, ...). */
  | { readonly kind: "server"; readonly status: number; readonly message: string }
  /** The request never got an answer: offline, DNS, timeout, connection reset. */
  | { readonly kind: "network" };

/** How long a visitor waits before we call a request lost. A phone on a weak signal needs a while. */
const timeoutMs = 20_000;

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

function stringFields(fields: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof fields !== "object" || fields === null) return out;
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string" && value) out[key] = value;
  }
  return out;
}

/** Parses Retry-After, which is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
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

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** Maps an answer to an outcome. Exported for the unit tests. */
export async function toOutcome(response: Response): Promise<SubmitOutcome> {
  const body = await readJson(response);
  if (response.ok) return { kind: "ok", status: response.status, body };
  const message = isApiErrorBody(body) ? body.error.message : `The server answered ${response.status}.`;
  const fields = isApiErrorBody(body) ? stringFields(body.error.fields) : {};
  if (response.status === 429) {
    return {
      kind: "rate-limited",
      message,
      retryAfterSeconds: parseRetryAfter(response.headers.get("Retry-After")),
    };
  }
  if (response.status >= 400 && response.status < 500 && isApiErrorBody(body)) {
    return { kind: "invalid", code: body.error.code, message, fields };
  }
  return { kind: "server", status: response.status, message };
}

/** POSTs JSON with an Idempotency-Key header; resolves to an outcome, never rejects. */
export async function postJson(
  url: string,
  payload: unknown,
  idempotencyKey: string,
): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Idempotency-Key": idempotencyKey,
      },
      body: JSON.stringify(payload),
      credentials: "same-origin",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { kind: "network" };
  }
  return toOutcome(response);
}

export type LoadOutcome<T> =
  { readonly ok: true; readonly data: T } | { readonly ok: false; readonly message: string };

/** GETs JSON and checks its shape with `parse`; a wrong shape counts as a failure, not as "no data". */
export async function getJson<T>(url: string, parse: (body: unknown) => T | null): Promise<LoadOutcome<T>> {
  try {
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await readJson(response);
    if (!response.ok) {
      return { ok: false, message: isApiErrorBody(body) ? body.error.message : `HTTP ${response.status}` };
    }
    const data = parse(body);
    return data === null ? { ok: false, message: "Unexpected answer from the server." } : { ok: true, data };
  } catch {
    return { ok: false, message: "Network error." };
  }
}
