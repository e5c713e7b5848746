/**
 * Verified reviews (docs/decisions/020-verified-reviews.md): one-time invitations after a finished
 * job, the review that comes through one, the owner's rejection (always with a reason from the
 * fixed list, never by rating) and public reply, and the "invite automatically" setting.
 *
 * An invitation's token is 32 random bytes; only its SHA-256 is stored, and the link in the
 * e-mail is the only copy. The link is `/testimonials#invite=<token>`: a fragment never reaches a
 * server log or a Referer header.
 */
import { createHash, randomBytes } from "node:crypto";
import { site, townNames } from "../../config/site";
import { wallClock } from "../../platform/time";
import { requestReference } from "../requests/contract/reference";
import type { AdminInvitation, InvitationPrefill } from "./contract/endpoints";
import type { AdminTestimonial } from "./contract/endpoints";
import { invitationTokenSchema, invitationValidDays, type ReviewRejectReason } from "./contract/forms";
import type { TestimonialInput } from "./contract/testimonial";
import type { Db } from "../../platform/db/client";
import { invitePlaceholder, unusableTokenHash } from "../mail";
import { reviewInvitationMessage } from "../mail";
import { deliverSoon, mailContext } from "../mail";
import * as outbox from "../mail";
import * as invitations from "./repository-invitations";
import { recordConsent } from "../site-content";
import * as workflow from "../requests";
import type { CustomerRequest } from "../requests";
import * as settings from "../admin-auth";
import * as testimonials from "./repository";
import type { Testimonial } from "./repository";
import { purgePublicTestimonials, toAdminTestimonial } from "./service-admin";
import { inTransaction, serviceContext, type ServiceContext } from "../../platform/context";
import { Conflict, Invalid, NotFound } from "../../platform/domain-errors";
import { mailable } from "../requests";

const dayMs = 24 * 60 * 60 * 1000;
/** admin_settings key: "true" when marking a request done sends the invitation by itself. */
export const autoInviteSetting = "reviews.auto_invite";

export const invitationMessages = {
  unknown:
    "This review link is not valid. Please check you copied the whole link from the e-mail, or leave a review with the form below.",
  used: "This review link has already been used: we have received a review through it. Thank you! Each link works once.",
  expired:
    "This review link has expired. You can still leave a review with the form below, or ask us for a new link.",
} as const;

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** "YYYY-MM" of an instant in Europe/London. */
export const londonMonth = (instant: Date) => wallClock(instant).date.slice(0, 7);

/**
 * The town to prefill from a request: a covered town named in its address, else the address's
 * last part that is not a postcode, else nothing (the customer types it).
 */
export function townFromAddress(address: string | null): string {
  if (!address) return "";
  const lower = address.toLowerCase();
  const known = townNames.find((t) => lower.includes(t.toLowerCase()));
  if (known) return known;
  const postcode = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;
  const parts = address
    .split(/[,\n]/)
    .map((p) => p.trim().replace(/\s+[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i, ""))
    .filter((p) => p.length >= 2 && !postcode.test(p) && !/\d/.test(p));
  return (parts.at(-1) ?? "").slice(0, 100);
}

/**
 * The name an invitation link suggests for the review: the first name and the surname's initial
 * ("Fiona Campbell" → "Fiona C."), so a published review does not carry the full name unless the
 * customer types it. A single name stays as it is.
 */
export function reviewerName(full: string): string {
  const words = full
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const first = words[0] ?? "";
  const last = words.length > 1 ? words.at(-1)! : "";
  const initial = last ? ` ${last[0]!.toLocaleUpperCase("en-GB")}.` : "";
  return `${first.slice(0, 96)}${initial}`;
}

const toAdminInvitation = (i: invitations.InvitationWithMail): AdminInvitation => ({
  id: i.id,
  submissionId: i.submissionId,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
  usedAt: i.usedAt?.toISOString() ?? null,
  testimonialId: i.testimonialId,
  mailStatus: i.mailStatus,
});

/** A new invitation row for a finished request; every earlier unused link of it stops working. */
async function insertInvitation(request: CustomerRequest, tokenHash: string, now: Date, tx: Db) {
  await invitations.expireOpen(request.id, now, tx);
  return invitations.insert(
    {
      submissionId: request.id,
      tokenHash,
      name: reviewerName(request.name),
      location: townFromAddress(request.address),
      jobCompletedAt: request.stateChangedAt,
      createdAt: now,
      expiresAt: new Date(now.getTime() + invitationValidDays * dayMs),
    },
    tx,
  );
}

/**
 * Writes an invitation and its e-mail for a finished request, in the caller's transaction; every
 * earlier unused link of the request stops working. Returns the outbox id to deliver after commit.
 */
async function createInvitation(
  found: CustomerRequest,
  now: Date,
  tx: Db,
): Promise<{ invitation: invitations.Invitation; mailId: number }> {
  const request = mailable(found, "a review invitation");
  // The token is made as the e-mail is sent (src/features/mail/repository.ts
  // `withLiveLinks`); until then the row holds the hash of a token nobody has.
  const invitation = await insertInvitation(request, unusableTokenHash(), now, tx);
  const mail = mailContext();
  const [mailId] = await outbox.enqueue(
    [
      {
        message: reviewInvitationMessage(
          {
            name: request.name,
            email: request.email,
            reference: requestReference(request),
            link: `${mail.siteUrl}/testimonials#invite=${invitePlaceholder}`,
            expiresAt: invitation.expiresAt,
          },
          mail,
        ),
        submissionId: request.id,
      },
    ],
    tx,
  );
  await invitations.setMail(invitation.id, mailId!, tx);
  return { invitation: { ...invitation, mailId: mailId! }, mailId: mailId! };
}

/** The one-line text for a customer without an e-mail address: who asks, and the link. */
export const reviewTextMessage = (url: string, brand: string = site.name) =>
  `${brand}: thank you for having us. Would you review the job? ${url}`;

/**
 * For a customer without an e-mail address: the invitation with a token made now, answered once
 * for the owner to text (only its hash is kept); no e-mail is queued.
 */
async function createTextInvitation(request: CustomerRequest, now: Date, tx: Db) {
  const token = randomBytes(32).toString("base64url");
  const invitation = await insertInvitation(request, hashToken(token), now, tx);
  const url = `${mailContext().siteUrl}/testimonials#invite=${token}`;
  return { invitation, link: { url, message: reviewTextMessage(url) } };
}

/** Stands for the one-time link in a preview: the real one is made when the e-mail is sent. */
export const previewLinkText = "[your one-time review link]";

/** The invitation e-mail as sending it now would write it, without a link made or anything stored. */
export async function previewInvitation(
  requestId: number,
  ctx: ServiceContext = serviceContext(),
): Promise<{ to: string; subject: string; text: string }> {
  const [request] = await workflow.findMany([requestId], ctx.db);
  if (!request) throw new NotFound("That request no longer exists.");
  if (request.state !== "done") {
    throw new Conflict("A review invitation can only be sent once the job is marked done.", "not_done");
  }
  const message = reviewInvitationMessage(
    {
      name: request.name,
      email: mailable(request, "a review invitation").email,
      reference: requestReference(request),
      link: previewLinkText,
      expiresAt: new Date(ctx.now.getTime() + invitationValidDays * dayMs),
    },
    mailContext(),
  );
  return { to: `${message.to.name} <${message.to.address}>`, subject: message.subject, text: message.text };
}

/** The owner's "Send review invitation" on a finished request. */
export async function sendInvitation(
  requestId: number,
  ctx: ServiceContext = serviceContext(),
): Promise<{ invitation: AdminInvitation; link?: { url: string; message: string } }> {
  const made = await inTransaction(ctx, async (tx) => {
    const state = (await workflow.lockStates([requestId], tx)).get(requestId);
    if (!state) throw new NotFound("That request no longer exists.");
    if (state !== "done") {
      throw new Conflict("A review invitation can only be sent once the job is marked done.", "not_done");
    }
    if (await invitations.hasVerifiedReview(requestId, tx)) {
      throw new Conflict(
        "This customer has already left a review through an invitation.",
        "already_reviewed",
      );
    }
    const [request] = await workflow.findMany([requestId], tx);
    return request!.email
      ? createInvitation(request!, ctx.now, tx)
      : createTextInvitation(request!, ctx.now, tx);
  });
  if (!("mailId" in made)) {
    return { invitation: toAdminInvitation({ ...made.invitation, mailStatus: null }), link: made.link };
  }
  await deliverSoon(ctx, [made.mailId]);
  return { invitation: toAdminInvitation({ ...made.invitation, mailStatus: "pending" }) };
}

/**
 * Called in the transaction that moved requests to `done`: when the owner has switched on
 * automatic invitations, each one that never had an invitation gets one. Returns the outbox ids.
 */
export async function autoInviteOnDone(ids: readonly number[], now: Date, tx: Db): Promise<number[]> {
  if (ids.length === 0 || (await settings.getSetting(autoInviteSetting, tx)) !== "true") return [];
  const mailIds: number[] = [];
  for (const request of await workflow.findMany(ids, tx)) {
    // Nobody to invite by e-mail on a job taken by phone without an address.
    if (request.state !== "done" || !request.email) continue;
    if ((await invitations.listForRequest(request.id, tx)).length > 0) continue;
    mailIds.push((await createInvitation(request, now, tx)).mailId);
  }
  return mailIds;
}

export async function listInvitations(
  requestId: number,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminInvitation[]> {
  return (await invitations.listForRequest(requestId, ctx.db)).map(toAdminInvitation);
}

export async function reviewSettings(
  ctx: ServiceContext = serviceContext(),
): Promise<{ autoInvite: boolean }> {
  return { autoInvite: (await settings.getSetting(autoInviteSetting, ctx.db)) === "true" };
}

export async function saveReviewSettings(
  input: { autoInvite: boolean },
  ctx: ServiceContext = serviceContext(),
): Promise<{ autoInvite: boolean }> {
  await settings.upsertSetting(autoInviteSetting, String(input.autoInvite), ctx.db);
  return reviewSettings(ctx);
}

/** Refuses a link that is unknown, spent or past its date, in words the customer can act on. */
function usable(invitation: invitations.Invitation | null, now: Date): invitations.Invitation {
  if (!invitation) throw new NotFound(invitationMessages.unknown);
  if (invitation.usedAt) throw new Conflict(invitationMessages.used, "invitation_used");
  if (invitation.expiresAt.getTime() <= now.getTime()) {
    throw new Conflict(invitationMessages.expired, "invitation_expired");
  }
  return invitation;
}

/** What the customer's link prefills (name and town from the request, the job's month). */
export async function lookupInvitation(
  token: string,
  ctx: ServiceContext = serviceContext(),
): Promise<InvitationPrefill> {
  const invitation = usable(await invitations.findByTokenHash(hashToken(token), ctx.db), ctx.now);
  return {
    name: invitation.name,
    location: invitation.location,
    jobCompletedMonth: londonMonth(invitation.jobCompletedAt),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Stores a review that came through an invitation, in the caller's transaction: the invitation is
 * locked, checked, and spent together with the insert, so two sends of one link store one review.
 */
export async function insertInvitedReview(
  input: TestimonialInput & { invitation: string },
  key: string | undefined,
  now: Date,
  tx: Db,
): Promise<{ testimonial: Testimonial; created: boolean }> {
  const token = invitationTokenSchema.safeParse(input.invitation);
  if (!token.success) {
    throw new Invalid(invitationMessages.unknown, { fields: { invitation: invitationMessages.unknown } });
  }
  const invitation = usable(await invitations.lockByTokenHash(hashToken(token.data), tx), now);
  const stored = await testimonials.insertVerified(input, invitation.jobCompletedAt, key, tx);
  if (stored.created) await invitations.markUsed(invitation.id, stored.testimonial.id, now, tx);
  // The customer's written consent to show photos of this job in the gallery (the tick box).
  if (stored.created && input.galleryConsent === "yes") {
    await recordConsent(
      {
        submissionId: invitation.submissionId,
        recordedBy: "customer",
        method: "review-form",
        note: null,
        recordedAt: now,
      },
      tx,
    );
  }
  return stored;
}

/** Rejects a review with a reason from the fixed list; it leaves the public list at once. */
export async function rejectTestimonial(
  id: number,
  reason: ReviewRejectReason,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminTestimonial> {
  const row = await testimonials.reject(id, reason, ctx.now, ctx.db);
  if (!row) throw new NotFound("That testimonial no longer exists.");
  await purgePublicTestimonials();
  return toAdminTestimonial(row);
}

/** The owner's one public reply: written, changed, or removed (null). */
export async function replyToTestimonial(
  id: number,
  text: string | null,
  ctx: ServiceContext = serviceContext(),
): Promise<AdminTestimonial> {
  const row = await testimonials.setReply(id, text, ctx.now, ctx.db);
  if (!row) throw new NotFound("That testimonial no longer exists.");
  await purgePublicTestimonials();
  return toAdminTestimonial(row);
}
