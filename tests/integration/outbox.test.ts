/**
 * The platform's generic outbox (src/platform/outbox/outbox.ts) on a real database (PGlite, and
 * PostgreSQL under scripts/with-postgres.ts): an item stored once per key; claimed by one worker at
 * a time (a lease, FOR UPDATE SKIP LOCKED) and claimable again when the lease runs out; done on
 * success; retried with backoff after a failure; given up by the caller's rule; one item's failure
 * never stops the others.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxItems } from "../../src/features/tables";
import { claim, defaultBackoffMs, drain, store } from "../../src/platform/outbox/outbox";
import { useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
let n = 0;
const topic = () => `test.topic.${++n}.${Date.now()}`;
const row = async (id: number) => (await t.db.select().from(outboxItems).where(eq(outboxItems.id, id)))[0]!;

describe("the outbox", () => {
  it("stores an item once per topic and key", async () => {
    const tp = topic();
    const first = await store({ topic: tp, key: "evt_1", payload: { a: 1 } }, t.db);
    const again = await store({ topic: tp, key: "evt_1", payload: { a: 2 } }, t.db);
    const other = await store({ topic: `${tp}.other`, key: "evt_1", payload: {} }, t.db);
    expect(first.stored).toBe(true);
    expect(again).toEqual({ id: first.id, stored: false });
    expect(other.stored).toBe(true);
    expect((await row(first.id)).payload).toEqual({ a: 1 });
  });

  it("leases a claimed item: two workers never take the same one; it comes back when the lease runs out", async () => {
    const tp = topic();
    const now = new Date();
    for (let i = 0; i < 6; i++) await store({ topic: tp, key: `k${i}`, payload: i }, t.db, now);
    const [a, b] = await Promise.all([
      claim({ topic: tp, now, leaseMs: 60_000, limit: 4 }, t.db),
      claim({ topic: tp, now, leaseMs: 60_000, limit: 4 }, t.db),
    ]);
    const ids = [...a, ...b].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Each worker takes at most its limit.
    expect([a.length, b.length].sort()).toEqual([2, 4]);
    expect(ids).toHaveLength(6);
    expect(await claim({ topic: tp, now, leaseMs: 60_000, limit: 10 }, t.db)).toHaveLength(0);
    const later = new Date(now.getTime() + 61_000);
    const back = await claim({ topic: tp, now: later, leaseMs: 60_000, limit: 10 }, t.db);
    expect(back).toHaveLength(6);
    expect(back.every((i) => i.attempts === 2)).toBe(true);
  });

  it("marks done, retries a failure with backoff, gives up by the caller's rule, and goes on past a failure", async () => {
    const tp = topic();
    const now = new Date();
    const ok = await store({ topic: tp, key: "ok", payload: "ok" }, t.db, now);
    const bad = await store({ topic: tp, key: "bad", payload: "bad" }, t.db, now);
    const handle = async (item: { payload: unknown }) => {
      if (item.payload === "bad") throw new Error("database slow");
    };
    const giveUp = (item: { attempts: number }) => item.attempts >= 2;
    const first = await drain({ topic: tp, now, handle, giveUp }, t.db);
    expect(first).toEqual({ done: 1, retrying: 1, failed: 0 });
    expect(await row(ok.id)).toMatchObject({ status: "done", lastError: null });
    const retry = await row(bad.id);
    expect(retry).toMatchObject({ status: "pending", attempts: 1, lastError: "Error: database slow" });
    expect(retry.availableAt.getTime()).toBe(now.getTime() + defaultBackoffMs(1));
    // Not due before its backoff.
    expect(await drain({ topic: tp, now, handle, giveUp }, t.db)).toEqual({
      done: 0,
      retrying: 0,
      failed: 0,
    });
    const later = new Date(now.getTime() + defaultBackoffMs(1));
    expect(await drain({ topic: tp, now: later, handle, giveUp }, t.db)).toEqual({
      done: 0,
      retrying: 0,
      failed: 1,
    });
    expect(await row(bad.id)).toMatchObject({ status: "failed", attempts: 2 });
    expect(defaultBackoffMs(2)).toBe(2 * defaultBackoffMs(1));
    expect(defaultBackoffMs(50)).toBe(60 * 60 * 1000);
  });
});
