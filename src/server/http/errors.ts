/**
 * HTTP errors with the one envelope (ARCHITECTURE.md, API shape):
 * `{"error":{"code":"…","message":"…","fields":{…}}}` and an honest status.
 *
 * Interface: `throw new ApiError(status, code, message, { fields, headers })`, or one of the
 * helpers below (`badRequest`, `unauthorized`, `forbidden`, `notFound`, `methodNotAllowed`,
 * `payloadTooLarge`, `unsupportedMediaType`, `validationFailed`, `tooManyRequests`,
 * `serviceUnavailable`). `createHandler` (./handler.ts) turns any thrown ApiError into its
 * response; `toApiError` maps an unknown error (a database outage becomes 503).
 */
import type { ZodError } from "zod";
import { site } from "../../config/site";
import type { ApiErrorBody } from "../../lib/schemas/api-error";
import { ConfigurationError } from "../env";
import { isDatabaseUnavailable } from "./db-errors";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { fields?: Record<string, string>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }

  body(): ApiErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

const callUs = `call us on ${site.phone.display}`;

export const badRequest = (message: string, code = "bad_request") => new ApiError(400, code, message);

export const malformedJson = () => new ApiError(400, "malformed_json", "The request body is not valid JSON.");

export const unauthorized = (message = "Please sign in to continue.") =>
  new ApiError(401, "unauthorized", message);

export const forbidden = (message = "This request is not allowed from here.") =>
  new ApiError(403, "forbidden", message);

export const notFound = (message = "Not found.") => new ApiError(404, "not_found", message);

export const methodNotAllowed = (allowed: readonly string[]) =>
  new ApiError(405, "method_not_allowed", `This address accepts ${allowed.join(", ")} only.`, {
    headers: { Allow: allowed.join(", ") },
  });

export const payloadTooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    "payload_too_large",
    `The request is too large (the limit is ${Math.round(maxBytes / 1024)} KB). Please shorten your message and try again.`,
  );

export const unsupportedMediaType = () =>
  new ApiError(
    415,
    "unsupported_media_type",
    "Please send the form as JSON (application/json) or as a web form (application/x-www-form-urlencoded).",
  );

export const validationFailed = (
  fields: Record<string, string>,
  message = "Please check the highlighted fields.",
) => new ApiError(422, "validation_failed", message, { fields });

/** 422 from a zod error: the first message for each field, keyed by its top-level name. */
export function fromZodError(error: ZodError): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "_form";
    fields[key] ??= issue.message;
  }
  return validationFailed(fields);
}

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  const wait = Math.max(1, Math.ceil(retryAfterSeconds));
  const when = wait < 90 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
  return new ApiError(
    429,
    "rate_limited",
    `Too many requests from your connection. Please try again in ${when}, or ${callUs}.`,
    { headers: { "Retry-After": String(wait) } },
  );
}

export const serviceUnavailable = (cause?: unknown) =>
  new ApiError(
    503,
    "database_unavailable",
    `Sorry, we could not save or load this just now because our system is temporarily unavailable, and nothing was saved. Please try again in a few minutes, or ${callUs}.`,
    { headers: { "Retry-After": "30" }, cause },
  );

export const internalError = (cause?: unknown) =>
  new ApiError(
    500,
    "internal_error",
    `Something went wrong on our side and nothing was saved. Please try again, or ${callUs}.`,
    { cause },
  );

/** A required setting is missing on the server (the log names it): nothing was done. */
export const notConfigured = (cause?: unknown) =>
  new ApiError(
    503,
    "service_unavailable",
    `Sorry, this is not available just now and nothing was saved. Please try again later, or ${callUs}.`,
    { headers: { "Retry-After": "300" }, cause },
  );

/**
 * Any thrown value as an ApiError: ApiErrors pass through, an unreachable database or a missing
 * setting is a 503.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ConfigurationError) return notConfigured(error);
  if (isDatabaseUnavailable(error)) return serviceUnavailable(error);
  return internalError(error);
}
