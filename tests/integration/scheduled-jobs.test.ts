/**
 * The scheduled jobs on a real database (PGlite, and PostgreSQL under scripts/with-postgres.ts):
 * the owner's daily digest (from 7:00 London time, once per day however often or concurrently the
 * scheduled function runs, none on a day with nothing to say) and retention (closed requests after
 * 12 months, spam after 30 days, sent mail bodies after 30 days; the dry run changes nothing).
 *
 * Each test owns its rows and removes what could count in another test's digest.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import { requestReference } from "../../src/features/requests/contract/reference";
import { auditLog, requests, jobRuns, mailOutbox } from "../../src/features/tables";
import { queueRequestMail } from "../../src/features/mail/service";
import { serviceContext } from "../../src/platform/context";
import { runScheduledJobs } from "../../src/features/housekeeping/service-scheduled";
import { digestJob, runDailyDigest } from "../../src/features/housekeeping/service-digest";
import {
  applyRetention,
  planRetention,
  retentionCutoffs,
} from "../../src/features/housekeeping/service-retention";
import { seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
const ctx = { ownerEmail: "owner@example.com", siteUrl: "https://www.example.com" };

const owned: number[] = [];
async function own<T extends { id: number }>(r: Promise<T>): Promise<T> {
  const row = await r;
  owned.push(row.id);
  return row;
}
afterEach(async () => {
  if (owned.length > 0) await t.db.delete(requests).where(inArray(requests.id, owned.splice(0)));
});

/** Puts every other request out of the digest's way for this test (archived rows are not named). */
async function archiveEverythingElse() {
  await t.db
    .update(requests)
    .set({ archivedAt: sql`now()` })
    .where(sql`archived_at is null`);
}

describe("daily digest", () => {
  // Dates far apart and in the future, so no real run (or other test) has claimed them.
  const at = (date: string, time: string) => new Date(`${date}T${time}Z`);

  it("waits until 7:00 London time, in winter (GMT) and in summer (BST)", async () => {
    // 06:59 GMT on a winter day and 05:59 UTC (06:59 BST) on a summer day: too early.
    expect((await runDailyDigest(serviceContext({ now: at("2031-01-14", "06:59:00") }), ctx)).status).toBe(
      "too_early",
    );
    expect((await runDailyDigest(serviceContext({ now: at("2031-07-14", "05:59:00") }), ctx)).status).toBe(
      "too_early",
    );
    // 06:00 UTC on a summer day is 07:00 BST: on time.
    const summer = await runDailyDigest(serviceContext({ now: at("2031-07-15", "06:00:00") }), ctx);
    expect(summer.status).not.toBe("too_early");
    expect(summer.date).toBe("2031-07-15");
  });

  it("sends one digest per day, however often and however concurrently the job runs", async () => {
    await archiveEverythingElse();
    const runAt = at("2031-03-03", "07:10:00");
    const fresh = await own(seedRequest({ name: "Digest Newcomer" }));
    // The request arrived an hour before the digest.
    await t.db
      .update(requests)
      .set({ submittedAt: new Date(runAt.getTime() - 3_600_000) })
      .where(eq(requests.id, fresh.id));

    const results = await Promise.all([
      runDailyDigest(serviceContext({ now: runAt }), ctx),
      runDailyDigest(serviceContext({ now: runAt }), ctx),
      runDailyDigest(serviceContext({ now: runAt }), ctx),
    ]);
    const queued = results.filter((r) => r.status === "queued");
    expect(queued).toHaveLength(1);
    expect(results.filter((r) => r.status === "already_done")).toHaveLength(2);
    const later = await runDailyDigest(serviceContext({ now: new Date(runAt.getTime() + 5 * 60_000) }), ctx);
    expect(later.status).toBe("already_done");

    const mailId = (queued[0] as { mailId: number }).mailId;
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    expect(mail).toMatchObject({ kind: "owner_digest", toAddress: "owner@example.com", status: "pending" });
    expect(mail!.textBody).toContain(requestReference(fresh));
    expect(mail!.textBody).toContain("Digest Newcomer");
    expect(mail!.textBody).toContain("New since yesterday (1)");
    // Names and references only: no e-mail address or phone number of the customer.
    expect(mail!.textBody).not.toContain(fresh.email);
    expect(mail!.textBody).not.toContain(fresh.phone);
    await t.db.delete(mailOutbox).where(eq(mailOutbox.id, mailId));
  });

  it("calls out replies overdue after 24 hours and quotes waiting a week", async () => {
    await archiveEverythingElse();
    const runAt = at("2032-02-03", "07:30:00");
    const overdue = await own(seedRequest({ name: "Overdue Reply" }));
    await t.db
      .update(requests)
      .set({ submittedAt: new Date(runAt.getTime() - (site.response.replyWithinHours + 2) * 3_600_000) })
      .where(eq(requests.id, overdue.id));
    const quote = await own(seedRequest({ name: "Old Quote" }));
    await t.db
      .update(requests)
      .set({
        state: "quoted",
        submittedAt: new Date(runAt.getTime() - 20 * 86_400_000),
        stateChangedAt: new Date(runAt.getTime() - 9 * 86_400_000),
      })
      .where(eq(requests.id, quote.id));
    const result = await runDailyDigest(serviceContext({ now: runAt }), ctx);
    expect(result.status).toBe("queued");
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, (result as { mailId: number }).mailId));
    expect(mail!.subject).toMatch(/^Your day, Tuesday 3 February: /);
    expect(mail!.textBody).toContain(
      `Waiting more than 24 hours for a reply (1)\n- ${requestReference(overdue)}  Overdue Reply`,
    );
    expect(mail!.textBody).toContain(
      `Quotes waiting more than a week (1)\n- ${requestReference(quote)}  Old Quote`,
    );
    expect(mail!.textBody).not.toContain("New since yesterday");
    expect(mail!.htmlBody).toContain("Overdue Reply");
    await t.db.delete(mailOutbox).where(eq(mailOutbox.id, mail!.id));
  });

  it("sends nothing on a day with nothing to say, and still only looks once", async () => {
    await archiveEverythingElse();
    const runAt = at("2033-05-06", "08:00:00");
    const before = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "owner_digest"));
    expect((await runDailyDigest(serviceContext({ now: runAt }), ctx)).status).toBe("nothing_to_say");
    // Something arrives later that day: the day has had its digest (none), so nothing is sent.
    const late = await own(seedRequest({ name: "Late Arrival" }));
    await t.db
      .update(requests)
      .set({ submittedAt: new Date(runAt.getTime() + 3_600_000) })
      .where(eq(requests.id, late.id));
    expect(
      (await runDailyDigest(serviceContext({ now: new Date(runAt.getTime() + 2 * 3_600_000) }), ctx)).status,
    ).toBe("already_done");
    const after = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "owner_digest"));
    expect(after).toEqual(before);
    const [run] = await t.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, digestJob), eq(jobRuns.runKey, "2033-05-06")));
    expect(run!.outcome).toBe("nothing to say");
  });
});

describe("retention", () => {
  const day = 86_400_000;

  it("deletes closed requests a year after closing and spam after 30 days, with their mail; keeps the rest", async () => {
    const now = new Date();
    const { closedBefore, spamBefore } = retentionCutoffs(now);
    const oldDone = await own(seedRequest());
    const oldLost = await own(seedRequest());
    const recentDone = await own(seedRequest());
    const oldOpen = await own(seedRequest());
    const oldSpam = await own(seedRequest());
    const recentSpam = await own(seedRequest());
    const set = async (id: number, state: string, changedAt: Date) =>
      t.db.update(requests).set({ state, stateChangedAt: changedAt }).where(eq(requests.id, id));
    await set(oldDone.id, "done", new Date(closedBefore.getTime() - day));
    await set(oldLost.id, "lost", new Date(closedBefore.getTime() - 1000));
    await set(recentDone.id, "done", new Date(closedBefore.getTime() + day));
    await set(oldOpen.id, "quoted", new Date(closedBefore.getTime() - 100 * day));
    await set(oldSpam.id, "spam", new Date(spamBefore.getTime() - 1000));
    await set(recentSpam.id, "spam", new Date(spamBefore.getTime() + day));
    for (const r of [oldDone, recentDone]) await queueRequestMail(r, t.db);

    const plan = await planRetention(serviceContext({ now: now }));
    expect(plan.closedRequests).toEqual(expect.arrayContaining([oldDone.id, oldLost.id]));
    expect(plan.closedRequests).not.toContain(recentDone.id);
    expect(plan.closedRequests).not.toContain(oldOpen.id);
    expect(plan.spamRequests).toContain(oldSpam.id);
    expect(plan.spamRequests).not.toContain(recentSpam.id);
    // The plan (the dry run) changed nothing.
    const ids = [oldDone, oldLost, recentDone, oldOpen, oldSpam, recentSpam].map((r) => r.id);
    expect(
      await t.db.select({ id: requests.id }).from(requests).where(inArray(requests.id, ids)),
    ).toHaveLength(6);

    const report = await applyRetention(serviceContext({ now: now }));
    expect(report.requestsDeleted).toBeGreaterThanOrEqual(3);
    const left = (await t.db.select({ id: requests.id }).from(requests).where(inArray(requests.id, ids))).map(
      (r) => r.id,
    );
    expect(left.sort((a, b) => a - b)).toEqual(
      [recentDone.id, oldOpen.id, recentSpam.id].sort((a, b) => a - b),
    );
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, oldDone.id))).toEqual([]);
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, recentDone.id)),
    ).toHaveLength(2);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "retention"))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(audit).toMatchObject({ actor: "system" });
    expect(audit!.itemCount).toBeGreaterThanOrEqual(3);
  });

  it("empties sent e-mails after 30 days, keeping the delivery record, and deletes old given-up ones", async () => {
    const now = new Date();
    const { mailBefore } = retentionCutoffs(now);
    const r = await own(seedRequest());
    const [oldSent, recentSent, pending] = await queueRequestMail(r, t.db).then(async (ids) => [
      ...ids,
      ...(await queueRequestMail(r, t.db)).slice(0, 1),
    ]);
    await t.db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(mailBefore.getTime() - day) })
      .where(eq(mailOutbox.id, oldSent!));
    await t.db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(mailBefore.getTime() + day) })
      .where(eq(mailOutbox.id, recentSent!));
    const [failedOld] = await queueRequestMail(r, t.db);
    await t.db
      .update(mailOutbox)
      .set({ status: "failed", updatedAt: new Date(mailBefore.getTime() - day) })
      .where(eq(mailOutbox.id, failedOld!));

    const plan = await planRetention(serviceContext({ now: now }));
    expect(plan.mailToWipe).toContain(oldSent);
    expect(plan.mailToWipe).not.toContain(recentSent);
    expect(plan.mailToWipe).not.toContain(pending);
    expect(plan.failedMailToDelete).toContain(failedOld);

    await applyRetention(serviceContext({ now: now }));
    const rows = await t.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [oldSent!, recentSent!, pending!, failedOld!]));
    const byId = new Map(rows.map((m) => [m.id, m]));
    expect(byId.get(oldSent!)).toMatchObject({
      status: "sent",
      kind: "owner_submission",
      toAddress: "",
      toName: "",
      replyToAddress: null,
      subject: "",
      textBody: "",
      htmlBody: "",
      submissionId: r.id,
    });
    expect(byId.get(oldSent!)!.sentAt).not.toBeNull();
    expect(byId.get(recentSent!)!.textBody).not.toBe("");
    expect(byId.get(pending!)!.textBody).not.toBe("");
    expect(byId.has(failedOld!)).toBe(false);
  });

  it("runs from the scheduled function at most once per London day", async () => {
    const now = new Date("2034-09-09T10:00:00Z");
    const first = await runScheduledJobs(serviceContext({ now: now }));
    expect(first["retention"]).toMatchObject({ status: "done", date: "2034-09-09" });
    const second = await runScheduledJobs(serviceContext({ now: new Date(now.getTime() + 5 * 60_000) }));
    expect(second["retention"]).toMatchObject({ status: "already_done" });
    expect(second["digest"]).toMatchObject({ status: "already_done" });
  });

  it("takes its numbers from the site's retention settings", () => {
    const now = new Date("2027-06-15T12:00:00Z");
    const c = retentionCutoffs(now, { closedRequestMonths: 12, spamDays: 30, sentMailBodyDays: 30 });
    expect(c.closedBefore.toISOString()).toBe("2026-06-15T12:00:00.000Z");
    expect(c.spamBefore.toISOString()).toBe("2027-05-16T12:00:00.000Z");
    expect(c.mailBefore.toISOString()).toBe("2027-05-16T12:00:00.000Z");
    expect(site.retention).toEqual({
      closedRequestMonths: 12,
      spamDays: 30,
      sentMailBodyDays: 30,
      unclaimedUploadHours: 24,
      accountingRecordYears: 6,
    });
  });
});
