/**
 * The customers' consent to show photos of their job in the gallery (docs/decisions/058-gallery.md,
 * docs/decisions/065-gallery-editing-consent-withdrawal-and-full-preview.md):
 *   galleryJobs            finished jobs with photos: their consent, its history, their gallery drafts
 *   recordOwnerConsent     the owner's note of how the customer agreed in writing
 *   recordConsent          the review form's tick box (called by the reviews feature, in its transaction)
 *   withdrawGalleryConsent the owner (with a note) or the customer (from their page) withdraws it: the
 *                          job's drafts are removed and the live website is republished without them;
 *                          a customer's withdrawal is e-mailed and notified to the owner
 * Every consent given or withdrawn is kept in `gallery_consent_history`, with who did it.
 */
import type { z } from "zod";
import { inTransaction, roleOf, type Actor, type ServiceContext } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { Conflict, NotFound } from "../../platform/domain-errors";
import { logEvent } from "../../platform/log";
import * as photosRepo from "../photos";
import type { consentInputSchema, GalleryConsent, GalleryJob } from "./contract";
import * as repo from "./repository-gallery";
import { republishWithoutJob, type RepublishAnswer } from "./service-publish";
import { shownOfJob, tellOwnerOfWithdrawal } from "./service-consent-notice";

const toConsent = (c: repo.ConsentRecord): GalleryConsent => ({
  submissionId: c.submissionId,
  recordedBy: c.recordedBy as GalleryConsent["recordedBy"],
  method: c.method as GalleryConsent["method"],
  note: c.note,
  recordedAt: c.recordedAt.toISOString(),
  withdrawnAt: c.withdrawnAt?.toISOString() ?? null,
  withdrawnBy: (c.withdrawnBy as GalleryConsent["withdrawnBy"]) ?? null,
  withdrawalNote: c.withdrawalNote,
});

/** Finished jobs with photos, each with its consent (or none), the consent's history and its photos. */
export async function galleryJobs(ctx: ServiceContext): Promise<GalleryJob[]> {
  const jobs = await repo.finishedJobsWithPhotos(ctx.db);
  const ids = jobs.map((j) => j.submissionId);
  const consents = await repo.consentsFor(ids, ctx.db);
  const histories = await repo.consentHistoryOf(ids, ctx.db);
  const items = await repo.itemCountsOfJobs(ids, ctx.db);
  return Promise.all(
    jobs.map(async (j) => {
      const consent = consents.get(j.submissionId);
      const shots = await photosRepo.listForRequest(j.submissionId, ctx.db);
      return {
        submissionId: j.submissionId,
        name: j.name,
        service: j.service,
        doneAt: j.stateChangedAt.toISOString(),
        consent: consent ? toConsent(consent) : null,
        consentHistory: (histories.get(j.submissionId) ?? []).map((h) => ({
          event: h.event as "given" | "withdrawn",
          actor: h.actor,
          note: h.note,
          at: h.at.toISOString(),
        })),
        galleryItems: items.get(j.submissionId) ?? 0,
        photos: shots.map((p) => ({
          id: p.id,
          stage: p.stage as "before" | "after",
          width: p.width,
          height: p.height,
        })),
      };
    }),
  );
}

/**
 * Records consent with its history row. A consent that still stands is kept (the first one
 * stands); one that was withdrawn is replaced, as the customer has agreed again.
 */
async function giveConsent(
  values: Omit<repo.ConsentRecord, "withdrawnAt" | "withdrawnBy" | "withdrawalNote">,
  by: Actor,
  db: Db,
): Promise<void> {
  if (!(await repo.recordConsent(values, db))) return;
  await repo.addConsentHistory(
    {
      submissionId: values.submissionId,
      event: "given",
      actor: roleOf(by),
      actedBy: by,
      method: values.method,
      note: values.note,
      at: values.recordedAt,
    },
    db,
  );
}

/** The customer ticked the box on the review form reached through their invitation (in its transaction). */
export async function recordConsent(
  values: {
    submissionId: number;
    recordedBy: "customer";
    method: "review-form";
    note: null;
    recordedAt: Date;
  },
  db: Db,
): Promise<void> {
  await giveConsent(values, { kind: "customer", link: "review" }, db);
}

/** The owner records that the customer agreed in writing, with a note of how (an e-mail, a letter). */
export async function recordOwnerConsent(
  body: z.output<typeof consentInputSchema>,
  ctx: ServiceContext,
): Promise<GalleryConsent> {
  const job = await repo.requestById(body.submissionId, ctx.db);
  if (!job) throw new NotFound("There is no such request.");
  const values = {
    submissionId: job.submissionId,
    recordedBy: "owner",
    method: "owner-note",
    note: body.note,
    recordedAt: ctx.now,
  };
  await inTransaction(ctx, (tx) => giveConsent(values, ctx.actor, tx));
  return toConsent((await repo.consentFor(job.submissionId, ctx.db))!);
}

/** The customer's consent to show this job's photos, or undefined. */
export async function galleryConsentOf(
  submissionId: number,
  ctx: ServiceContext,
): Promise<GalleryConsent | undefined> {
  const consent = await repo.consentFor(submissionId, ctx.db);
  return consent ? toConsent(consent) : undefined;
}

export interface Withdrawal {
  consent: GalleryConsent;
  /** The live website republished without the job's photos, or null when none were on it. */
  publish: RepublishAnswer;
}

/**
 * Withdraws a standing consent: the withdrawal and its history row, the job's drafts removed, then
 * the live version republished without the job's photos (at once: a customer's withdrawal must not
 * wait for the owner to publish). Who withdraws is the context's actor (the owner or the customer);
 * the owner is told of a customer's withdrawal, with what became of the photos on the live website.
 */
export async function withdrawGalleryConsent(
  submissionId: number,
  note: string | null,
  ctx: ServiceContext,
): Promise<Withdrawal> {
  const by = roleOf(ctx.actor) === "customer" ? "customer" : "owner";
  const withdrawn = await inTransaction(ctx, async (tx) => {
    const row = await repo.withdrawConsent(
      submissionId,
      { withdrawnAt: ctx.now, withdrawnBy: by, withdrawalNote: note },
      tx,
    );
    if (!row) return undefined;
    await repo.addConsentHistory(
      { submissionId, event: "withdrawn", actor: by, actedBy: ctx.actor, method: null, note, at: ctx.now },
      tx,
    );
    return { row, draftsRemoved: await repo.deleteItemsOfJob(submissionId, tx) };
  });
  const job = await repo.requestById(submissionId, ctx.db);
  if (!withdrawn) {
    if (!job) throw new NotFound("There is no such request.");
    throw new Conflict(
      "There is no consent to withdraw: the customer's consent to show this job's photos is not recorded, or was already withdrawn.",
      "no_consent",
    );
  }
  const shown = await shownOfJob(submissionId, ctx.db);
  const publish = await republishWithoutJob(submissionId, ctx);
  if (by === "customer" && job)
    // The withdrawal stands whatever happens to the owner's notice; a failure is logged, not shown.
    await tellOwnerOfWithdrawal({ job, shown, draftsRemoved: withdrawn.draftsRemoved, publish }, ctx).catch(
      (error: unknown) =>
        logEvent({ event: "gallery.consent_notice", level: "error", submissionId, error: String(error) }),
    );
  return { consent: toConsent(withdrawn.row), publish };
}
