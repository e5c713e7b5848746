/**
 * Reading a failed answer in the browser: the error envelope and `Retry-After` (one parser for the
 * islands and the admin). `ApiError` (./client.ts) is built from these.
 */
import type { ApiErrorBody } from "../contracts/envelope";

/** True when `value` is the error envelope (checked by hand: no schema library in the page). */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

/** The per-field messages of an envelope, keeping only non-empty strings. */
export function fieldMessages(fields: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof fields !== "object" || fields === null) return out;
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string" && value) out[key] = value;
  }
  return out;
}

/** Parses Retry-After, which is either delay-seconds or an HTTP date (RFC 9110, section 10.2.3). */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
