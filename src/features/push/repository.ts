/**
 * push_subscriptions and push_outbox: SQL in, plain objects out. Sending is
 * src/features/push/service-delivery.ts. Every function takes the database handle last.
 *
 *   listDevices() / findDevice(id) / saveDevice(input) / renameDevice(id, name) / deleteDevice(id)
 *   enqueue(rows)                        one notification per device, pending, due at `dueAt`
 *   pushQueue                            the table as the platform's outbox claims and settles it
 *   devicesById(ids) / deviceDelivered(id, at) / deviceFailed(id, error)
 *   eventStillLive(eventKey)             whether any row of the event is sent or still pending
 *   pruneDone(before)                    deletes sent and given-up rows last changed before `before`
 */
import { and, asc, count, desc, eq, inArray, lt, or, sql } from "../../platform/db/orm";
import { defineQueue } from "../../platform/outbox/queue";
import { getDb, type Db } from "../../platform/db/client";
import { pushOutbox, pushSubscriptions } from "../tables";
import type { PushKind } from "./contract/kinds";

export type DeviceRow = typeof pushSubscriptions.$inferSelect;
export type PushRow = typeof pushOutbox.$inferSelect;

export async function listDevices(db: Db = getDb()): Promise<DeviceRow[]> {
  return db.select().from(pushSubscriptions).orderBy(asc(pushSubscriptions.id));
}

export async function countDevices(db: Db = getDb()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions);
  return Number(row?.n ?? 0);
}

export async function findDeviceByEndpoint(endpoint: string, db: Db = getDb()): Promise<DeviceRow | null> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row ?? null;
}

/** Stores a device; the same endpoint again (the browser subscribing anew) replaces its keys and name. */
export async function saveDevice(
  input: { endpoint: string; p256dh: string; auth: string; name: string },
  db: Db = getDb(),
): Promise<DeviceRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        p256dh: input.p256dh,
        auth: input.auth,
        name: input.name,
        failures: 0,
        lastError: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function renameDevice(id: number, name: string, db: Db = getDb()): Promise<DeviceRow | null> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id))
    .returning();
  return row ?? null;
}

/** Deletes the device and, with it, the notifications still waiting for it. */
export async function deleteDevice(id: number, db: Db = getDb()): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export interface NewPush {
  eventKey: string;
  kind: PushKind;
  subscriptionId: number;
  submissionId: number | null;
  title: string;
  body: string;
  url: string;
  urgency: "normal" | "high";
  dueAt: Date;
}

export async function enqueue(rows: readonly NewPush[], db: Db = getDb()): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(pushOutbox)
    .values(rows.map(({ dueAt, ...r }) => ({ ...r, nextAttemptAt: dueAt })))
    .returning({ id: pushOutbox.id });
  return inserted.map((r) => r.id);
}

/**
 * push_outbox as the platform's outbox runs it (src/platform/outbox/queue.ts): claimed with a lease
 * on next_attempt_at, "sent" when done, retried and given up by the rules in ./service-delivery.ts.
 */
export const pushQueue = defineQueue({
  table: pushOutbox,
  keys: {
    id: "id",
    status: "status",
    attempts: "attempts",
    availableAt: "nextAttemptAt",
    lastError: "lastError",
    updatedAt: "updatedAt",
  },
  statuses: { pending: "pending", done: "sent", failed: "failed" },
});

/** A notification with the device it goes to. */
export interface ClaimedPush {
  row: PushRow;
  device: DeviceRow;
}

/** The devices of these subscription ids, by id (one missing was deleted meanwhile). */
export async function devicesById(ids: readonly number[], db: Db = getDb()): Promise<Map<number, DeviceRow>> {
  if (ids.length === 0) return new Map();
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, [...ids]));
  return new Map(devices.map((d) => [d.id, d]));
}

/** A delivery: the device's "last received" is now and its failures in a row start again. */
export async function deviceDelivered(id: number, at: Date, db: Db = getDb()): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: at, failures: 0, lastError: null })
    .where(eq(pushSubscriptions.id, id));
}

/** Counts a failed attempt against the device (shown in the settings screen). */
export async function deviceFailed(id: number, error: string, db: Db = getDb()): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1`, lastError: error })
    .where(eq(pushSubscriptions.id, id));
}

/** Whether any device got the event, or may still get it. */
export async function eventStillLive(eventKey: string, db: Db = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(pushOutbox)
    .where(
      and(
        eq(pushOutbox.eventKey, eventKey),
        or(eq(pushOutbox.status, "sent"), eq(pushOutbox.status, "pending")),
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

/** The latest notifications, newest first (tests and the scripts read them). */
export async function recent(limit = 20, db: Db = getDb()): Promise<PushRow[]> {
  return db.select().from(pushOutbox).orderBy(desc(pushOutbox.id)).limit(limit);
}

/** Sent and given-up notifications (they name customers) are kept a week, then deleted. */
export async function pruneDone(before: Date, db: Db = getDb()): Promise<number> {
  const rows = await db
    .delete(pushOutbox)
    .where(and(inArray(pushOutbox.status, ["sent", "failed"]), lt(pushOutbox.updatedAt, before)))
    .returning({ id: pushOutbox.id });
  return rows.length;
}
