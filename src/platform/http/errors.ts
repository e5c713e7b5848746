/**
 * HTTP errors with the one envelope (src/lib/contracts/envelope.ts):
 * `{"error":{"code":"…","message":"…","fields":{…}}}` and an honest status.
 *
 * The edge throws `HttpError`s for what it checks itself (the body, the method, the origin, the
 * session): `badRequest`, `unauthorized`, `forbidden`, `notFound`, `methodNotAllowed`,
 * `payloadTooLarge`, `unsupportedMediaType`, `validationFailed`, `tooManyRequests`,
 * `serviceUnavailable`. Services throw domain errors (src/platform/domain-errors.ts) instead;
 * `toHttpError` maps those, and anything else (a database outage becomes 503, a bug 500).
 */
import { businessFact } from "../../lib/business-facts";
import type { ZodError } from "zod";
import type { ApiErrorBody } from "../../lib/contracts/envelope";
import { ConfigurationError } from "../env";
import {
  ChallengeRequired,
  DomainError,
  Invalid,
  RateLimited,
  Unavailable,
  type PowChallenge,
} from "../domain-errors";
import { isDatabaseUnavailable, pgErrorCode } from "../db/errors";
import { logEvent } from "../log";

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;
  /** A proof-of-work challenge to solve (428 `challenge_required` only). */
  readonly challenge: PowChallenge | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    options: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      cause?: unknown;
      challenge?: PowChallenge;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.challenge = options.challenge;
    this.name = "HttpError";
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }

  body(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.challenge ? { challenge: this.challenge } : {}),
      },
    };
  }
}

const callUs = `call us on ${businessFact.phone}`;

export const badRequest = (message: string, code = "bad_request") => new HttpError(400, code, message);

export const malformedJson = () =>
  new HttpError(400, "malformed_json", "The request body is not valid JSON.");

export const unauthorized = (message = "Please sign in to continue.") =>
  new HttpError(401, "unauthorized", message);

export const forbidden = (message = "This request is not allowed from here.") =>
  new HttpError(403, "forbidden", message);

export const notFound = (message = "Not found.") => new HttpError(404, "not_found", message);

export const methodNotAllowed = (allowed: readonly string[]) =>
  new HttpError(405, "method_not_allowed", `This address accepts ${allowed.join(", ")} only.`, {
    headers: { Allow: allowed.join(", ") },
  });

export const payloadTooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    "payload_too_large",
    `The request is too large (the limit is ${Math.round(maxBytes / 1024)} KB). Please shorten your message and try again.`,
  );

export const unsupportedMediaType = () =>
  new HttpError(
    415,
    "unsupported_media_type",
    "Please send the form as JSON (application/json) or as a web form (application/x-www-form-urlencoded).",
  );

export const validationFailed = (
  fields: Record<string, string>,
  message = "Please check the highlighted fields.",
) => new HttpError(422, "validation_failed", message, { fields });

/** 422 from a zod error: the first message for each field, keyed by its top-level name. */
export function fromZodError(error: ZodError): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "_form";
    fields[key] ??= issue.message;
  }
  return validationFailed(fields);
}

/** "12 seconds", "5 minutes": how long until a retry, in words. */
export function waitInWords(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  if (wait < 90) return `${wait} seconds`;
  if (wait < 90 * 60) return `${Math.ceil(wait / 60)} minutes`;
  return `${Math.ceil(wait / 3600)} hours`;
}

/** 429 with `Retry-After`; `what` says what was too much (by default, requests from the client). */
export function tooManyRequests(
  retryAfterSeconds: number,
  what = "Too many requests from your connection.",
): HttpError {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  const when = waitInWords(wait);
  return new HttpError(429, "rate_limited", `${what} Please try again in ${when}, or ${callUs}.`, {
    headers: { "Retry-After": String(wait) },
  });
}

export const serviceUnavailable = (cause?: unknown) =>
  new HttpError(
    503,
    "database_unavailable",
    `Sorry, we could not save or load this just now because our system is temporarily unavailable, and nothing was saved. Please try again in a few minutes, or ${callUs}.`,
    { headers: { "Retry-After": "30" }, cause },
  );

export const internalError = (cause?: unknown) =>
  new HttpError(
    500,
    "internal_error",
    `Something went wrong on our side and nothing was saved. Please try again, or ${callUs}.`,
    { cause },
  );

/**
 * A setting the operator must make is missing on the server (the log names it; the visitor is
 * not told which): nothing was done.
 */
export const notConfigured = (cause?: unknown) =>
  new HttpError(
    503,
    "service_unavailable",
    `Sorry, this is not available just now and nothing was saved. Please try again later, or ${callUs}.`,
    { headers: { "Retry-After": "300" }, cause },
  );

/** The status each domain error answers with (src/platform/domain-errors.ts). */
const domainStatus: Record<string, number> = {
  unreadable: 400,
  unsupported_type: 415,
  invalid: 422,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  challenge_required: 428,
  unauthenticated: 401,
  not_configured: 503,
  unavailable: 503,
};

function fromDomainError(error: DomainError): HttpError {
  if (error instanceof RateLimited) return tooManyRequests(error.retryAfterSeconds, error.what);
  if (error instanceof ChallengeRequired) {
    return new HttpError(428, error.code, error.message, {
      challenge: error.challenge,
      headers: { "Cache-Control": "no-store" },
    });
  }
  if (error instanceof Unavailable) {
    return new HttpError(503, error.code, error.message, {
      headers: { "Retry-After": String(error.retryAfterSeconds) },
      cause: error.cause,
    });
  }
  const fields = error instanceof Invalid ? error.fields : undefined;
  return new HttpError(domainStatus[error.kind] ?? 500, error.code, error.message, fields ? { fields } : {});
}

/**
 * SQLSTATEs of a value the database refused to store: 22003 (a number out of its column's range),
 * 23514 (a CHECK constraint). The services' own rules should refuse such input first with a precise
 * message; this is the net under them, so a value that slips through is a 422, never a 500.
 */
const refusedValueStates = new Set(["22003", "23514"]);

function refusedValue(error: unknown, code: string): HttpError {
  logEvent({ event: "db_value_refused", level: "warn", code });
  return new HttpError(
    422,
    "validation_failed",
    "An amount or a value is outside what we can store. Please check the figures and try again.",
    { cause: error },
  );
}

/**
 * Any thrown value as an HttpError: HttpErrors pass through, domain errors get their status, an
 * unreachable database or a missing server setting is a 503, a value the database refuses to store
 * (out of range, a CHECK constraint) a 422, anything else a 500.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  if (error instanceof ConfigurationError) return notConfigured(error);
  if (isDatabaseUnavailable(error)) return serviceUnavailable(error);
  const code = pgErrorCode(error);
  if (code && refusedValueStates.has(code)) return refusedValue(error, code);
  return internalError(error);
}
