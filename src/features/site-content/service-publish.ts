/**
 * Publishing the website (docs/decisions/050-site-content.md):
 *   publishSite: snapshot every draft as a new version and start the rebuild (Netlify build hook)
 *   publishStatus: idle, publishing, live (since when) or failed (why)
 *   restoreSite: put the previous live version back into the drafts and publish it
 *   republishWithoutJob: the live version again without one job's gallery photos (consent withdrawn)
 *   deployFinished: Netlify's signed deploy notification marks the version live or failed
 * One version is publishing at a time (a partial unique index): a second tab is told, not queued.
 * Without a build hook, on the local production host (scripts/lib/site-host.ts), the host rebuilds
 * the site into a new folder and serves it once the build succeeds (src/platform/local-rebuild.ts,
 * docs/decisions/057-draft-preview-and-local-rebuilds.md). Without either (local development) a
 * version is live as soon as it is stored, because the dev server renders every page from the
 * database.
 */
import { inTransaction, roleOf, type ServiceContext } from "../../platform/context";
import { buildHookUrl, triggerBuild } from "../../platform/build-hook";
import { localRebuilder, type LocalRebuilder } from "../../platform/local-rebuild";
import { logEvent } from "../../platform/log";
import type { Db } from "../../platform/db/client";
import { pgErrorCode } from "../../platform/db/errors";
import { Conflict } from "../../platform/domain-errors";
import { formatTime } from "../../platform/time";
import type { PublishState, PublishStatus } from "./contract";
import * as repo from "./repository";
import { businessPublishPart, recordPublishedFacts, restoreBusinessPart } from "../business";
import * as galleryRepo from "./repository-gallery";
import { publishedSiteSchema, snapshotOf } from "./service-model";
import { ensureSiteContent } from "./service-seed";

/** A rebuild takes a few minutes; one that has not reported after this is taken as failed. */
export const publishTimeoutMinutes = 20;

const unchanged = "Your live website has not changed; please try Publish again in a few minutes.";

async function failStale(ctx: ServiceContext): Promise<void> {
  const before = new Date(ctx.now.getTime() - publishTimeoutMinutes * 60_000);
  await repo.failStalePublishing(
    before,
    `Netlify did not report the rebuild within ${publishTimeoutMinutes} minutes. ${unchanged}`,
    ctx.db,
  );
}

export async function publishStatus(ctx: ServiceContext): Promise<PublishStatus> {
  await failStale(ctx);
  const latest = await repo.latestPublication(ctx.db);
  if (!latest) return { state: "idle", liveAt: null, error: null, startedAt: null };
  const live = latest.state === "live" ? latest : await repo.currentPublication(ctx.db);
  return {
    state: latest.state as PublishState,
    liveAt: live?.liveAt?.toISOString() ?? null,
    error: latest.state === "failed" ? latest.error : null,
    startedAt: latest.startedAt.toISOString(),
  };
}

function alreadyPublishing(startedAt: Date | undefined): Conflict {
  const since = startedAt ? ` (started at ${formatTime(startedAt)})` : "";
  return new Conflict(
    `The website is already being published${since}. Wait until it is live, then publish again to include any later changes.`,
    "publish_in_progress",
  );
}

export interface PublishAnswer {
  publish: { id: number; state: PublishState };
}

/** Snapshots the drafts as a new version and starts the rebuild. */
export async function publishSite(
  ctx: ServiceContext,
  options: { by?: string; restoredFrom?: number } = {},
): Promise<PublishAnswer> {
  await ensureSiteContent(ctx);
  await failStale(ctx);
  const running = await repo.publishingNow(ctx.db);
  if (running) throw alreadyPublishing(running.startedAt);
  let id: number;
  try {
    id = await inTransaction(ctx, async (tx) => {
      const row = await repo.insertPublication(
        {
          content: { ...snapshotOf(await repo.drafts(tx)), business: await businessPublishPart(tx) },
          state: "publishing",
          publishedBy: options.by ?? "owner",
          restoredFrom: options.restoredFrom ?? null,
          startedAt: ctx.now,
        },
        tx,
      );
      return row.id;
    });
  } catch (error) {
    if (pgErrorCode(error) === "23505")
      throw alreadyPublishing((await repo.publishingNow(ctx.db))?.startedAt);
    throw error;
  }
  return { publish: { id, state: await startBuild(id, ctx) } };
}

/**
 * A version went live: its state, and its business part recorded as the public facts every e-mail
 * and function answer states from now on (docs/decisions/071-published-facts-everywhere.md).
 */
async function markLive(id: number, at: Date, db: Db): Promise<void> {
  const row = await repo.updatePublication(
    id,
    { state: "live", liveAt: at, finishedAt: at, error: null },
    db,
  );
  if (row) await recordPublishedFacts(id, businessPartOf(row.content), at, db);
}

/** The local host's rebuild, in the background: the version goes live or failed when it ends. */
async function finishLocalBuild(id: number, rebuild: LocalRebuilder, ctx: ServiceContext): Promise<void> {
  const result = await rebuild(`Website content, version ${id}`);
  const now = new Date();
  if (result.ok) await markLive(id, now, ctx.db);
  else
    await repo.updatePublication(
      id,
      { state: "failed", error: `${result.reason} ${unchanged}`, finishedAt: now },
      ctx.db,
    );
}

async function startBuild(id: number, ctx: ServiceContext): Promise<PublishState> {
  const hook = buildHookUrl();
  const rebuild = hook ? undefined : localRebuilder();
  if (rebuild) {
    finishLocalBuild(id, rebuild, ctx).catch((error: unknown) =>
      logEvent({ event: "site.local_rebuild", level: "error", id, error: String(error) }),
    );
    return "publishing";
  }
  if (!hook) {
    await markLive(id, ctx.now, ctx.db);
    return "live";
  }
  const result = await triggerBuild(hook, `Website content, version ${id}`);
  if (result.started) return "publishing";
  await repo.updatePublication(
    id,
    { state: "failed", error: `${result.reason} ${unchanged}`, finishedAt: ctx.now },
    ctx.db,
  );
  return "failed";
}

/** Puts the version before the live one back into the drafts and publishes it. */
export async function restoreSite(ctx: ServiceContext): Promise<PublishAnswer> {
  await ensureSiteContent(ctx);
  const live = await repo.currentPublication(ctx.db);
  const previous = live ? await repo.liveBefore(live.id, ctx.db) : undefined;
  if (!previous)
    throw new Conflict("There is no earlier published version to go back to.", "nothing_to_restore");
  const running = await repo.publishingNow(ctx.db);
  if (running) throw alreadyPublishing(running.startedAt);
  const content = publishedSiteSchema.parse(previous.content);
  await inTransaction(ctx, async (tx) => {
    for (const { id, ...service } of content.services) {
      // Services are never deleted, so every one in an older version still has its row.
      await repo.updateService(id, service, tx);
    }
    await repo.hideServicesExcept(
      content.services.map((s) => s.id),
      tx,
    );
    await repo.replaceDrafts({ faqs: content.faqs, team: content.team, towns: content.towns }, tx);
    await restoreBusinessPart(businessPartOf(previous.content), ctx.now, tx);
    // Gallery images are never deleted, so every item of an older version can come back, except
    // the photos of a job whose customer has withdrawn their consent since.
    const jobs = content.gallery.flatMap((g) => (g.submissionId === null ? [] : [g.submissionId]));
    const withdrawn = await galleryRepo.withdrawnJobs(jobs, tx);
    await galleryRepo.replaceItems(
      content.gallery.filter((g) => g.submissionId === null || !withdrawn.has(g.submissionId)),
      tx,
    );
  });
  return publishSite(ctx, { by: "owner (restore)", restoredFrom: previous.id });
}

/** Netlify reported the deploy of a version: live on success, failed with its reason otherwise. */
export async function deployFinished(
  report: { succeeded: boolean; title: string | null; error: string | null },
  ctx: ServiceContext,
): Promise<void> {
  const named = /version (\d+)/.exec(report.title ?? "");
  const running = await repo.publishingNow(ctx.db);
  const id = named ? Number(named[1]) : running?.id;
  if (id === undefined || (running && running.id !== id)) return;
  if (report.succeeded) {
    await markLive(id, ctx.now, ctx.db);
  } else {
    const why = report.error ? ` Netlify said: ${report.error.slice(0, 300)}` : "";
    await repo.updatePublication(
      id,
      { state: "failed", error: `The rebuild failed.${why} ${unchanged}`, finishedAt: ctx.now },
      ctx.db,
    );
  }
}

/** The content the site is built from: the version being published, else the live one. */
export async function publishedContent(ctx: ServiceContext) {
  await ensureSiteContent(ctx);
  const row = await repo.currentPublication(ctx.db, { orPublishing: true });
  return row ? publishedSiteSchema.parse(row.content) : null;
}

/** A version's "business" part (the public facts, docs/decisions/055-identity-and-public-facts.md), unparsed. */
export function businessPartOf(content: unknown): unknown {
  return content && typeof content === "object" ? (content as { business?: unknown }).business : undefined;
}

/** The business part of the version the site is built from (the one being published, else the live one). */
export async function publishedBusinessPart(ctx: ServiceContext): Promise<unknown> {
  const row = await repo.currentPublication(ctx.db, { orPublishing: true });
  return businessPartOf(row?.content);
}

export type RepublishAnswer = { id: number; state: Exclude<PublishState, "idle"> } | null;

/** A version's stored content without one job's gallery items (its other parts kept as stored). */
function withoutJob(content: unknown, submissionId: number) {
  const gallery = publishedSiteSchema.parse(content).gallery;
  const kept = gallery.filter((g) => g.submissionId !== submissionId);
  return kept.length === gallery.length ? null : { ...(content as object), gallery: kept };
}

/**
 * After a customer's consent is withdrawn: the live version published again without that job's
 * photos, at once, leaving the owner's other drafts as drafts. A version already being published
 * loses the photos from its content (a build that has not read it yet leaves them out; the pages
 * also drop any withdrawn job's photos when built). Null when no version shows the job's photos.
 */
export async function republishWithoutJob(
  submissionId: number,
  ctx: ServiceContext,
): Promise<RepublishAnswer> {
  await failStale(ctx);
  const running = await repo.publishingNow(ctx.db);
  const inRunning = running ? withoutJob(running.content, submissionId) : null;
  if (running && inRunning) await repo.updatePublication(running.id, { content: inRunning }, ctx.db);
  const live = await repo.currentPublication(ctx.db);
  const content = live ? withoutJob(live.content, submissionId) : null;
  // The version being published replaces the live one: without the photos, it is the republish.
  if (running) return content || inRunning ? { id: running.id, state: "publishing" } : null;
  if (!content) return null;
  const row = await repo.insertPublication(
    {
      content,
      state: "publishing",
      publishedBy: `${roleOf(ctx.actor)} (photo consent withdrawn)`,
      startedAt: ctx.now,
    },
    ctx.db,
  );
  const state = await startBuild(row.id, ctx);
  return { id: row.id, state: state === "idle" ? "publishing" : state };
}
