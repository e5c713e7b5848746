/**
 * The public write path, one pipeline for every public form (contact, booking, review). The edge
 * has already read the body, checked the spam-guard fields and parsed the input against the
 * endpoint's contract; here:
 *
 *   Idempotency-Key seen before → the first request's row, nothing stored
 *   → per-client daily ceiling (RateLimited; the owner is told once a day when a client reaches it)
 *   → near the client's daily limit or the site's daily confirmation e-mails, a solved
 *     proof-of-work challenge (ChallengeRequired with a fresh one; ../rate-limits/challenge.ts)
 *   → per-client rate limits: per form per 10 minutes, all forms per day
 *   → INSERT and its e-mails in one transaction → one quick attempt to send the e-mails.
 *
 * The caller answers 2xx only after this returns, so only after the row is committed.
 */
import { businessFact } from "../../lib/business-facts";
import type { Db } from "../../platform/db/client";
import type { BookingRequest, ContactMessage, FormType } from "./contract/forms";
import { alertLimitReached, confirmationRules, deliverSoon, queueRequestMail } from "../mail";
import * as requestsRepo from "./repository";
import type { CustomerRequest } from "./repository";
import { inTransaction, type Accepted, type ServiceContext } from "../../platform/context";
import { ChallengeRequired, RateLimited } from "../../platform/domain-errors";
import {
  challengeFromClientPosts,
  clientDailyRule,
  enforceRateLimit,
  hitRateLimit,
  peekRateLimit,
  publicFormRules,
  type RateLimitRule,
} from "../rate-limits";
import { newChallenge, useSolution } from "../rate-limits";
import { site } from "../../config/site";
import type { NewRequestForMail } from "../mail";
import { deliverPushSoon } from "../push";
import { createRequestIn, newRequestEvent, type RequestExtension } from "./service-create";
import { mailable } from "./mailable";

export type { Accepted };

/** What differs between the public forms; everything else is `acceptPublicPost`. */
export interface PublicPost<Row> {
  rule: RateLimitRule;
  /** Idempotency keys are stored per form, so one key cannot cross from contacts to bookings. */
  scope: string;
  findByKey(key: string, db: Db): Promise<Row | null>;
  /**
   * Stores the row and queues its e-mails and the owner's notification, all in `tx`; a concurrent
   * request with the same key gets the first row, created false, and nothing queued.
   */
  store(key: string | undefined, tx: Db, ctx: ServiceContext): Promise<StoredPost<Row>>;
}

export interface StoredPost<Row> extends Accepted<Row> {
  /** Outbox ids to deliver after the commit. */
  mailIds: number[];
  pushIds: number[];
}

export async function acceptPublicPost<Row>(
  post: PublicPost<Row>,
  ctx: ServiceContext,
): Promise<Accepted<Row>> {
  const key = ctx.idempotencyKey ? `${post.scope}:${ctx.idempotencyKey}` : undefined;
  if (key) {
    const existing = await post.findByKey(key, ctx.db);
    if (existing) return { row: existing, created: false };
  }
  const limits = { now: ctx.now.getTime(), db: ctx.db };
  const refuse = async (retryAfterSeconds: number) => {
    await deliverSoon(ctx, await alertLimitReached("client-posts", ctx.db, ctx.now));
    return new RateLimited(retryAfterSeconds, "We have had a lot of messages from your connection today.");
  };
  const sent = await peekRateLimit(clientDailyRule, ctx.client, limits);
  if (sent.hits >= clientDailyRule.limit) throw await refuse(sent.retryAfterSeconds);
  if (await challengeNeeded(sent.hits, ctx)) {
    if (!ctx.challengeSolution || !(await useSolution(ctx.challengeSolution, ctx))) {
      throw new ChallengeRequired(
        await newChallenge(ctx.now),
        ctx.challengeSolution
          ? `The browser check did not pass or has expired, and nothing was saved. Please send the form again, or call us on ${businessFact.phone}.`
          : `We have had a lot of messages from your connection today, so your browser must run a short check before we accept another one, and nothing was saved. The check needs JavaScript: please call us on ${businessFact.phone}, or try again later.`,
      );
    }
  }
  await enforceRateLimit(post.rule, ctx.client, limits);
  const daily = await hitRateLimit(clientDailyRule, ctx.client, limits);
  if (!daily.allowed) throw await refuse(daily.retryAfterSeconds);
  const stored = await inTransaction(ctx, (tx) => post.store(key, tx, ctx));
  await deliverPushSoon(ctx, stored.pushIds);
  await deliverSoon(ctx, stored.mailIds);
  const accepted: Accepted<Row> = { row: stored.row, created: stored.created };
  return accepted;
}

/**
 * Whether the next post must carry a solved challenge: the client has made `challengeFromClientPosts`
 * posts today, or the site has sent that share of its daily confirmation e-mails.
 */
async function challengeNeeded(clientPosts: number, ctx: ServiceContext): Promise<boolean> {
  if (clientPosts >= challengeFromClientPosts) return true;
  const confirmations = await peekRateLimit(confirmationRules.total, "all", {
    now: ctx.now.getTime(),
    db: ctx.db,
  });
  return confirmations.hits >= Math.floor(confirmationRules.total.limit * site.security.challenge.fromShare);
}

/** What a form's request adds to the one creation path (src/features/requests/service-create.ts). */
export interface FormRequestOptions {
  /** Upload ids to attach to the request. */
  photoIds?: readonly string[] | undefined;
  /** More for the e-mails (a booking's service name and preferred times). */
  mail?: Partial<NewRequestForMail>;
  /** Rows the form adds in the same transaction (a booking's options). */
  extend?: RequestExtension;
}

/** A contact message or a booking request from the website's forms. */
export function requestPost(
  formType: FormType,
  input: ContactMessage | BookingRequest,
  options: FormRequestOptions = {},
): PublicPost<CustomerRequest> {
  const { mail = {} } = options;
  return {
    rule: formType === "booking" ? publicFormRules.bookings : publicFormRules.contact,
    scope: formType,
    findByKey: requestsRepo.findByIdempotencyKey,
    store: async (key, tx, ctx) => {
      const { request, created, mailIds, pushIds } = await createRequestIn(
        {
          fields: {
            formType,
            name: input.name,
            email: input.email,
            phone: input.phone,
            message: input.message,
            address: "address" in input ? input.address : null,
            service: "service" in input ? input.service : null,
          },
          idempotencyKey: key,
          historyNote: `Sent from the ${formType === "booking" ? "booking" : "contact"} form`,
          photoIds: options.photoIds ?? [],
          ...(options.extend ? { extend: options.extend } : {}),
          // A form's request always has an e-mail address (the forms require one).
          queueMail: (row, { photoCount }, db) =>
            queueRequestMail({ ...mailable(row), ...mail, photoCount }, db),
          ownerEvent: (row) => newRequestEvent(row, mail.booking),
        },
        tx,
        ctx,
      );
      return { row: request, created, mailIds, pushIds };
    },
  };
}

/** A contact message: stored, the owner notified, the sender sent a confirmation. */
export const submitContact = (
  input: ContactMessage & { photos?: string[] | undefined },
  ctx: ServiceContext,
) => acceptPublicPost(requestPost("contact", input, { photoIds: input.photos }), ctx);
