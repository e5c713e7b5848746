/**
 * Telling the owner that a customer withdrew their consent to show photos of their job
 * (./service-gallery-consent.ts): an e-mail (./mail-consent.ts) and a notification on his devices
 * through the push outbox, queued together after the website was published again without the
 * photos, so both say whether they are off the live website or still on it.
 *
 *   shownOfJob(submissionId, db)              the captions of the job's entries on the live website
 *   tellOwnerOfWithdrawal(notice, ctx)        queues the e-mail and the notification, then sends them
 */
import { inTransaction, type ServiceContext } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { serviceLabel } from "../../lib/service-catalog";
import { deliverSoon, enqueue, mailContext } from "../mail";
import { deliverPushSoon, notifyOwner } from "../push";
import { ownerConsentWithdrawnMessage, type WithdrawnJob } from "./mail-consent";
import * as repo from "./repository";
import type { JobRow } from "./repository-gallery";
import { publishedSiteSchema } from "./service-model";
import { savedServiceNames } from "./service-public";
import type { RepublishAnswer } from "./service-publish";

export async function shownOfJob(submissionId: number, db: Db): Promise<string[]> {
  const live = await repo.currentPublication(db);
  if (!live) return [];
  return publishedSiteSchema
    .parse(live.content)
    .gallery.filter((g) => g.submissionId === submissionId)
    .map((g) => g.caption.trim() || `${g.service}, ${g.town}`);
}

export interface WithdrawalNotice {
  job: JobRow;
  shown: readonly string[];
  draftsRemoved: number;
  publish: RepublishAnswer;
}

export async function tellOwnerOfWithdrawal(notice: WithdrawalNotice, ctx: ServiceContext): Promise<void> {
  const { job, shown, draftsRemoved, publish } = notice;
  const takedown = publish ? publish.state : "none";
  const queued = await inTransaction(ctx, async (tx) => {
    const withdrawn: WithdrawnJob = {
      id: job.submissionId,
      formType: job.formType,
      name: job.name,
      service: serviceLabel(job.service, await savedServiceNames(tx)),
      shown,
      draftsRemoved,
      takedown,
    };
    const mail = await enqueue(
      [{ message: ownerConsentWithdrawnMessage(withdrawn, mailContext()), submissionId: job.submissionId }],
      tx,
    );
    const push = await notifyOwner(
      {
        kind: "gallery_consent_withdrawn",
        requestId: job.submissionId,
        name: job.name,
        shown: shown.length,
        stillLive: takedown === "failed",
      },
      { db: tx, now: ctx.now },
    );
    return { mail, push };
  });
  await deliverPushSoon(ctx, queued.push);
  await deliverSoon(ctx, queued.mail);
}
