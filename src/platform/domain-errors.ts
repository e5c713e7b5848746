/**
 * What a rule can refuse, in the rule's own words. Services throw these; they never know about
 * HTTP. The edge (src/platform/http/errors.ts `toHttpError`) maps each one to a status and the error
 * envelope:
 *
 *   Unreadable       400  the input cannot be read at all (an empty file, a form that is not one)
 *   UnsupportedType  415  the input is of a kind the rule does not take (a file that is no photo)
 *   Invalid          422  a field or the whole input breaks a rule (`fields`: field → message)
 *   NotFound         404  the thing asked for does not exist (any more)
 *   Conflict         409  the input clashes with what is stored
 *   RateLimited      429  this client must wait `retryAfterSeconds`
 *   ChallengeRequired 428 this client must solve `challenge` (proof of work) and send again
 *   Unauthenticated  401  the credentials given are wrong
 *   NotConfigured    503  the site is missing a setting a person must make (e.g. the admin password)
 *   Unavailable      503  something the rule needs (e.g. the photo store) is down; try again later
 *
 * `code` is the machine-readable reason clients may branch on (e.g. "invalid_password").
 */
export abstract class DomainError extends Error {
  abstract readonly kind: string;
  readonly code: string;

  constructor(code: string, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
  }
}

export class Unreadable extends DomainError {
  readonly kind = "unreadable";
  override name = "Unreadable";
  constructor(message: string, code = "bad_request") {
    super(code, message);
  }
}

export class UnsupportedType extends DomainError {
  readonly kind = "unsupported_type";
  override name = "UnsupportedType";
  constructor(message: string, code = "unsupported_media_type") {
    super(code, message);
  }
}

export class Invalid extends DomainError {
  readonly kind = "invalid";
  override name = "Invalid";
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, options: { fields?: Record<string, string>; code?: string } = {}) {
    super(options.code ?? "validation_failed", message);
    this.fields = options.fields;
  }
}

export class NotFound extends DomainError {
  readonly kind = "not_found";
  override name = "NotFound";
  constructor(message = "Not found.") {
    super("not_found", message);
  }
}

export class Conflict extends DomainError {
  readonly kind = "conflict";
  override name = "Conflict";
  constructor(message: string, code = "conflict") {
    super(code, message);
  }
}

export class RateLimited extends DomainError {
  readonly kind = "rate_limited";
  override name = "RateLimited";
  readonly retryAfterSeconds: number;
  /** What was too much, in a sentence for a person (the edge adds when to retry); default: the client's requests. */
  readonly what: string | undefined;
  constructor(retryAfterSeconds: number, what?: string) {
    super("rate_limited", what ?? "Too many requests from this client.");
    this.retryAfterSeconds = retryAfterSeconds;
    this.what = what;
  }
}

/** A proof-of-work challenge as the client gets it (altcha-lib's v1 format). */
export interface PowChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number | undefined;
  salt: string;
  signature: string;
}

/** The post needs a solved proof-of-work challenge (src/features/rate-limits/challenge.ts). */
export class ChallengeRequired extends DomainError {
  readonly kind = "challenge_required";
  override name = "ChallengeRequired";
  /** A fresh challenge for the client to solve. */
  readonly challenge: PowChallenge;
  constructor(challenge: PowChallenge, message: string) {
    super("challenge_required", message);
    this.challenge = challenge;
  }
}

export class Unauthenticated extends DomainError {
  readonly kind = "unauthenticated";
  override name = "Unauthenticated";
  constructor(message: string, code = "unauthorized") {
    super(code, message);
  }
}

export class NotConfigured extends DomainError {
  readonly kind = "not_configured";
  override name = "NotConfigured";
  constructor(message: string, code: string) {
    super(code, message);
  }
}

export class Unavailable extends DomainError {
  readonly kind = "unavailable";
  override name = "Unavailable";
  readonly retryAfterSeconds: number;
  constructor(message: string, code: string, options: { retryAfterSeconds: number; cause?: unknown }) {
    super(code, message, { cause: options.cause });
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
