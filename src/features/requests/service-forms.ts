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
import type { Db } from "../../platform/db/client";
import type { BookingRequest, ContactMessage, FormType } from "./contract/forms";
import type { TestimonialInput } from "../reviews/contract/testimonial";
import {
  alertLimitReached,
  confirmationRules,
  deliverSoon,
  queueReviewMail,
  queueRequestMail,
} from "../mail";
import * as requestsRepo from "./repository";
import * as workflowRepo from "./repository-workflow";
import type { CustomerRequest } from "./repository";
import * as testimonials from "../reviews";
import type { Testimonial } from "../reviews";
import { inTransaction, type Accepted, type ServiceContext } from "../../platform/context";
import { insertInvitedReview } from "../reviews";
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
import { claimPhotos } from "../photos";
import { deliverPushSoon, notifyOwner, type OwnerEvent } from "../push";
import { assignCustomer } from "../customers";
import { mailable } from "./mailable";

export type { Accepted };

/** What differs between the public forms; everything else is `acceptPublicPost`. */
export interface PublicPost<Row> {
  rule: RateLimitRule;
  /** Idempotency keys are stored per form, so one key cannot cross from contacts to bookings. */
  scope: string;
  findByKey(key: string, db: Db): Promise<Row | null>;
  /** Inserts the row; a concurrent request with the same key gets the first row, created false. */
  insert(key: string | undefined, tx: Db, ctx: Pick<ServiceContext, "actor">): Promise<Accepted<Row>>;
  /** Queues the row's e-mails in the same transaction; returns the outbox ids. */
  queueMail(row: Row, tx: Db): Promise<number[]>;
  /** Queues the owner's notification in the same transaction; returns the push outbox ids. */
  notify?(row: Row, tx: Db, now: Date): Promise<number[]>;
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
          ? `The browser check did not pass or has expired, and nothing was saved. Please send the form again, or call us on ${site.phone.display}.`
          : `We have had a lot of messages from your connection today, so your browser must run a short check before we accept another one, and nothing was saved. The check needs JavaScript: please call us on ${site.phone.display}, or try again later.`,
      );
    }
  }
  await enforceRateLimit(post.rule, ctx.client, limits);
  const daily = await hitRateLimit(clientDailyRule, ctx.client, limits);
  if (!daily.allowed) throw await refuse(daily.retryAfterSeconds);
  let mail: number[] = [];
  let push: number[] = [];
  const accepted = await inTransaction(ctx, async (tx) => {
    const inserted = await post.insert(key, tx, ctx);
    if (inserted.created) {
      mail = await post.queueMail(inserted.row, tx);
      if (post.notify) push = await post.notify(inserted.row, tx, ctx.now);
    }
    return inserted;
  });
  await deliverPushSoon(ctx, push);
  await deliverSoon(ctx, mail);
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

function requestPost(
  formType: FormType,
  input: ContactMessage | BookingRequest,
): PublicPost<CustomerRequest> {
  return {
    rule: formType === "booking" ? publicFormRules.bookings : publicFormRules.contact,
    scope: formType,
    findByKey: requestsRepo.findByIdempotencyKey,
    insert: async (key, tx, ctx) => {
      const { request, created } = await requestsRepo.insert(
        {
          formType,
          name: input.name,
          email: input.email,
          phone: input.phone,
          message: input.message,
          address: "address" in input ? input.address : null,
          service: "service" in input ? input.service : null,
        },
        key,
        tx,
      );
      // The history starts with the form that created the request, by the context's actor (the
      // website's form at the edge); the
      // request joins its customer (matched by e-mail or phone number) in the same transaction.
      if (created) {
        await assignCustomer(tx, request.id);
        await workflowRepo.addHistory(
          [
            {
              submissionId: request.id,
              fromState: null,
              toState: "new",
              note: `Sent from the ${formType === "booking" ? "booking" : "contact"} form`,
            },
          ],
          ctx.actor,
          tx,
        );
      }
      return { row: request, created };
    },
    // A form's request always has an e-mail address (the forms require one).
    queueMail: (row, tx) => queueRequestMail(mailable(row), tx),
    notify: (row, tx, now) => notifyOwner(newRequestEvent(row), { db: tx, now }),
  };
}

/** The owner's notification of a new request: the name, the service and the first date asked for. */
function newRequestEvent(request: CustomerRequest & { booking?: NewRequestForMail["booking"] }): OwnerEvent {
  return {
    kind: "new_request",
    requestId: request.id,
    formType: request.formType,
    name: request.name,
    service: request.service,
    firstChoice: request.booking?.optionLabels[0] ?? null,
  };
}

export const contactPost = (input: ContactMessage) => requestPost("contact", input);
export const bookingPost = (input: BookingRequest) => requestPost("booking", input);

export function reviewPost(input: TestimonialInput, now = new Date()): PublicPost<Testimonial> {
  return {
    rule: publicFormRules.testimonials,
    scope: "testimonial",
    findByKey: testimonials.findByIdempotencyKey,
    insert: async (key, tx) => {
      const { invitation } = input;
      const { testimonial, created } = invitation
        ? await insertInvitedReview({ ...input, invitation }, key, now, tx)
        : await testimonials.insertPending(input, key, tx);
      return { row: testimonial, created };
    },
    queueMail: queueReviewMail,
  };
}

/** A contact message: stored, the owner notified, the sender sent a confirmation. */
export const submitContact = (input: ContactMessage, ctx: ServiceContext) =>
  acceptPublicPost(contactPost(input), ctx);

/** A booking request: stored, the owner notified, the customer sent a confirmation. */
export const submitBooking = (input: BookingRequest, ctx: ServiceContext) =>
  acceptPublicPost(bookingPost(input), ctx);

/** A visitor's review: stored pending until the owner approves it; the owner is notified. */
export const submitReview = (input: TestimonialInput, ctx: ServiceContext) =>
  acceptPublicPost(reviewPost(input, ctx.now), ctx);

/**
 * A contact or booking post that names photos: the submission's insert claims them and its e-mails
 * say how many came, all in the submission's one transaction (an id that cannot be claimed rolls
 * the whole request back with 422).
 */
export function submitWithPhotos<I>(
  post: (input: I) => PublicPost<CustomerRequest>,
  /** More for the e-mails (a booking's preferred times). */
  mail: Partial<NewRequestForMail> = {},
): (input: I & { photos?: string[] | undefined }, ctx: ServiceContext) => Promise<Accepted<CustomerRequest>> {
  return (input, ctx) => {
    const base = post(input);
    const ids = input.photos ?? [];
    let photoCount = 0;
    return acceptPublicPost<CustomerRequest>(
      {
        ...base,
        insert: async (key, tx, acting) => {
          const inserted = await base.insert(key, tx, acting);
          if (inserted.created) photoCount = await claimPhotos(tx, inserted.row.id, ids);
          return inserted;
        },
        queueMail: (row, tx) => queueRequestMail({ ...mailable(row), ...mail, photoCount }, tx),
        notify: (row, tx, now) =>
          notifyOwner(newRequestEvent({ ...row, booking: mail.booking }), { db: tx, now }),
      },
      ctx,
    );
  };
}
