/**
 * The dashboard's "needs attention" (GET /api/admin/attention): requests still new after 24 hours,
 * quotes waiting over a week, and a count per state. Its counts cover the whole database, so this
 * test has a file, and therefore a database, of its own: every row it counts is one it stored, and
 * no other test's writes (a slow one still running included) can change the numbers.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import adminAttention from "../../netlify/functions/admin-attention.mts";
import { requestStates, type RequestState } from "../../src/features/requests/contract/states";
import * as workflowRepo from "../../src/features/requests/repository-workflow";
import { requests } from "../../src/features/tables";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();

async function forceState(id: number, state: RequestState, changedAt: Date) {
  await t.db.update(requests).set({ state, stateChangedAt: changedAt }).where(eq(requests.id, id));
}

describe("needs attention", () => {
  it("names requests still new after 24 hours and quotes older than 7 days, and counts each state", async () => {
    const owner = await adminClient();
    const before = await owner.call(adminAttention, "GET", "/api/admin/attention");
    expect(before.status).toBe(200);
    expect(before.json.counts).toEqual(Object.fromEntries(requestStates.map((s) => [s, 0])));
    expect(before.json.overdueReplies.count).toBe(0);
    expect(before.json.staleQuotes.count).toBe(0);

    const overdue = await seedRequest();
    await t.db
      .update(requests)
      .set({ submittedAt: sql`now() - interval '25 hours'` })
      .where(eq(requests.id, overdue.id));
    const fresh = await seedRequest();
    const quote = await seedRequest();
    await forceState(quote.id, "quoted", new Date(Date.now() - 8 * 86_400_000));
    const recentQuote = await seedRequest();
    await forceState(recentQuote.id, "quoted", new Date(Date.now() - 2 * 86_400_000));

    const res = await owner.call(adminAttention, "GET", "/api/admin/attention");
    expect(res.status).toBe(200);
    const a = res.json;
    expect(a.counts).toMatchObject({ new: 2, quoted: 2, contacted: 0, scheduled: 0, done: 0 });
    expect(a.overdueReplies.count).toBe(1);
    expect(a.overdueReplies.items.map((i: { id: number }) => i.id)).toEqual([overdue.id]);
    expect(a.staleQuotes.count).toBe(1);
    expect(a.staleQuotes.items.map((i: { id: number }) => i.id)).toEqual([quote.id]);

    const dayAgo = new Date(Date.now() - 24 * 3_600_000);
    const overdueIds = (await workflowRepo.overdue(dayAgo, 10_000)).items.map((i) => i.id);
    expect(overdueIds).toEqual([overdue.id]);
    expect(overdueIds).not.toContain(fresh.id);
    const quoteIds = (await workflowRepo.staleQuotes(new Date(Date.now() - 7 * 86_400_000), 10_000)).items;
    expect(quoteIds.map((i) => i.id)).toEqual([quote.id]);
    expect(quoteIds[0]).toMatchObject({ state: "quoted", reference: expect.stringMatching(/^KB-\d{6}$/) });
    expect(a.today).toEqual([]);
    expect(a.tomorrow).toEqual([]);
  });
});
