/**
 * The public write path (site-spec §5, §7; ARCHITECTURE.md, API shape), shared by
 * POST /api/contact, POST /api/bookings and POST /api/testimonials:
 *
 *   body (413/415/400) → Idempotency-Key replay (same answer, nothing stored)
 *   → per-client rate limit in Postgres (429 + Retry-After) → honeypot and fill time (422)
 *   → shared zod schema (422, one message per field) → INSERT in a transaction → 201 { id }.
 *
 * A 2xx is sent only after the row is committed. `afterInsert` hooks run inside the same
 * transaction (e.g. the mail outbox), so the row and what follows from it commit together or not
 * at all.
 */
import type { ZodError } from "zod";
import type * as z4 from "zod/v4/core";
import { bookingRequestSchema, contactMessageSchema, type FormType } from "../../lib/schemas/submission";
import { testimonialSubmissionSchema } from "../../lib/schemas/testimonial";
import { getDb, type Executor } from "../db/client";
import { fromZodError, validationFailed } from "../http/errors";
import { assertNotAbandoned, markCommitted } from "../http/handler";
import { clientKey, idempotencyKey, readBody, type ParsedBody } from "../http/request";
import * as submissionsRepo from "../repositories/submissions";
import type { Submission } from "../repositories/submissions";
import * as testimonialsRepo from "../repositories/testimonials";
import type { Testimonial } from "../repositories/testimonials";
import { enforceRateLimit, publicFormRules } from "./rate-limit";
import { assertNotSpam } from "./spam-guard";

export interface Accepted<T> {
  row: T;
  /** False when an Idempotency-Key replay returned the row stored by the first request. */
  created: boolean;
  body: ParsedBody;
}

export interface AcceptOptions<T> {
  now?: number;
  /** Runs in the insert's transaction, only for a new row. */
  afterInsert?: (tx: Executor, row: T) => Promise<void>;
  /** Request context from Netlify (client IP). */
  context?: { ip?: string };
  /**
   * More checks on the posted data (a booking's preferred options): field errors to report with the
   * schema's in one 422. Runs after the spam guard and before anything is stored.
   */
  validate?: (data: Record<string, unknown>) => Promise<Record<string, string>>;
}

/** A schema from `zod` or `zod/mini` (the public forms' schemas are the small build). */
type SafeParser<T> = z4.$ZodType<T> & {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: z4.$ZodError };
};

function parseOr422<T>(schema: SafeParser<T>, data: unknown, more: Record<string, string> = {}): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const error = fromZodError(parsed.error as ZodError);
    throw validationFailed({ ...error.fields, ...more });
  }
  if (Object.keys(more).length > 0) throw validationFailed(more);
  return parsed.data;
}

/** Idempotency keys are stored per form, so one key cannot cross from contacts to bookings. */
const scopedKey = (scope: string, key: string | undefined) => (key ? `${scope}:${key}` : undefined);

export async function acceptSubmission(
  formType: FormType,
  req: Request,
  options: AcceptOptions<Submission> = {},
): Promise<Accepted<Submission>> {
  const body = await readBody(req);
  const key = scopedKey(formType, idempotencyKey(req));
  if (key) {
    const existing = await submissionsRepo.findByIdempotencyKey(key);
    if (existing) return { row: existing, created: false, body };
  }
  await enforceRateLimit(
    formType === "booking" ? publicFormRules.bookings : publicFormRules.contact,
    clientKey(req, options.context),
    options.now === undefined ? {} : { now: options.now },
  );
  assertNotSpam(body.data, options.now);
  const more = options.validate ? await options.validate(body.data) : {};
  const fields =
    formType === "booking"
      ? parseOr422(bookingRequestSchema, body.data, more)
      : parseOr422(contactMessageSchema, body.data, more);
  const input = { address: null, service: null, ...fields };
  assertNotAbandoned();
  const result = await getDb().transaction(async (tx) => {
    const inserted = await submissionsRepo.insert(
      {
        formType,
        name: input.name,
        email: input.email,
        phone: input.phone,
        message: input.message,
        address: input.address,
        service: input.service,
      },
      key,
      tx,
    );
    if (inserted.created && options.afterInsert) await options.afterInsert(tx, inserted.submission);
    return inserted;
  });
  markCommitted();
  return { row: result.submission, created: result.created, body };
}

export async function acceptTestimonial(
  req: Request,
  options: AcceptOptions<Testimonial> = {},
): Promise<Accepted<Testimonial>> {
  const body = await readBody(req);
  const key = scopedKey("testimonial", idempotencyKey(req));
  if (key) {
    const existing = await testimonialsRepo.findByIdempotencyKey(key);
    if (existing) return { row: existing, created: false, body };
  }
  await enforceRateLimit(
    publicFormRules.testimonials,
    clientKey(req, options.context),
    options.now === undefined ? {} : { now: options.now },
  );
  assertNotSpam(body.data, options.now);
  const input = parseOr422(testimonialSubmissionSchema, body.data);
  assertNotAbandoned();
  const result = await getDb().transaction(async (tx) => {
    const inserted = await testimonialsRepo.insertPending(input, key, tx);
    if (inserted.created && options.afterInsert) await options.afterInsert(tx, inserted.testimonial);
    return inserted;
  });
  markCommitted();
  return { row: result.testimonial, created: result.created, body };
}
