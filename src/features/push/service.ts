/**
 * Notifications on the owner's devices (docs/decisions/034-push-notifications.md).
 *
 *   await inTransaction(ctx, async (tx) => {
 *     …the event's own write…
 *     push = await notifyOwner({ kind: "quote_accepted", … }, { db: tx, now: ctx.now });
 *   });
 *   await deliverPushSoon(ctx, push);             // after the commit, after the answer; never throws
 *
 * `notifyOwner` writes one row per device in the caller's transaction (the push outbox, like the
 * mail outbox), due now or, in quiet hours, in the morning. The scheduled function retries what
 * the quick attempt did not deliver. When no device can be told (none registered, the kind
 * switched off, the VAPID keys not set) or every device has failed, a kind that sends the owner
 * no e-mail of its own is e-mailed instead; the others were e-mailed anyway.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { site } from "../../config/site";
import { inTransaction, runAfterAnswer, type ServiceContext } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { Conflict, Invalid, NotFound } from "../../platform/domain-errors";
import { logEvent } from "../../platform/log";
import { dateInZone } from "../../platform/time";
import { serviceLabel } from "../../lib/service-catalog";
import * as settings from "../admin-auth";
import { deliverSoon } from "../mail";
import { switchableKinds, type SwitchableKind } from "./contract/kinds";
import type { PushDevice, PushSettings, SubscribeInput } from "./contract/endpoints";
import * as repo from "./repository";
import {
  isSameDay,
  pushContent,
  quietHours,
  releaseTime,
  vapidSubject,
  type OwnerEvent,
  type QuietHours,
} from "./rules";
import { endpointRefusal } from "./service-endpoint";
import { deliverPushDue, queueFallbackMail, type PushReport, type VapidKeys } from "./service-delivery";

export type { VapidKeys } from "./service-delivery";

export type { OwnerEvent } from "./rules";

const b64url = /^[A-Za-z0-9_-]+$/;

/** The keys from the environment; null when either is missing or malformed (push then stays off). */
export function vapidKeys(env: Record<string, string | undefined> = process.env): VapidKeys | null {
  const publicKey = env["VAPID_PUBLIC_KEY"]?.trim();
  const privateKey = env["VAPID_PRIVATE_KEY"]?.trim();
  if (!publicKey || !privateKey) return null;
  // A P-256 public key is 65 bytes (87 base64url characters), the private key 32 bytes (43).
  if (
    !b64url.test(publicKey) ||
    publicKey.length !== 87 ||
    !b64url.test(privateKey) ||
    privateKey.length !== 43
  ) {
    logEvent({
      event: "config.invalid",
      level: "error",
      variable: "VAPID_PUBLIC_KEY",
      message: "malformed VAPID key",
    });
    return null;
  }
  return { publicKey, privateKey, subject: vapidSubject() };
}

let quietOverride: QuietHours | undefined;
/**
 * Tests and the bench may set other quiet hours (a span of no length: none), so that what they
 * check does not depend on the time of day they run at. Undefined: the config's again.
 */
export function setQuietHours(hours: QuietHours | undefined): void {
  quietOverride = hours;
}
const quietHoursNow = (): QuietHours => quietOverride ?? quietHours;

const kindsOffKey = "push_kinds_off";

async function kindsOff(db: Db): Promise<Set<SwitchableKind>> {
  const raw = await settings.getSetting(kindsOffKey, db);
  if (!raw) return new Set();
  const parsed = z.array(z.string()).safeParse(JSON.parse(raw));
  const known = new Set<string>(switchableKinds.map(([k]) => k));
  return new Set((parsed.success ? parsed.data : []).filter((k) => known.has(k)) as SwitchableKind[]);
}

/** What `notifyOwner` queued: notifications for the devices, and e-mail in their place. */
export interface Notified {
  push: number[];
  mail: number[];
}

/**
 * Tells the owner about an event: one notification per registered device, written with the
 * caller's `db` (pass the event's transaction). Returns the push outbox ids for `deliverPushSoon`.
 * Any e-mail that stands in for it is queued in the same transaction and sent by the mail outbox.
 */
export async function notifyOwner(
  event: OwnerEvent,
  ctx: Pick<ServiceContext, "db" | "now">,
): Promise<number[]> {
  return (await notifyOwnerWithMail(event, ctx)).push;
}

/** `notifyOwner`, also returning the fallback e-mail's outbox ids (to send it soon). */
export async function notifyOwnerWithMail(
  event: OwnerEvent,
  ctx: Pick<ServiceContext, "db" | "now">,
): Promise<Notified> {
  const content = pushContent(event, serviceLabel);
  const requestId = "requestId" in event ? event.requestId : null;
  const configured = vapidKeys() !== null;
  const off = configured && event.kind !== "test" && (await kindsOff(ctx.db)).has(event.kind);
  const devices = !configured || off ? [] : await repo.listDevices(ctx.db);
  if (devices.length === 0) {
    const reason = !configured ? "not_configured" : off ? "kind_off" : "no_device";
    logEvent({ event: "push.skipped", kind: event.kind, reason });
    return { push: [], mail: await queueFallbackMail(event.kind, content, requestId, ctx.db) };
  }
  const sameDay = isSameDay(event, dateInZone(ctx.now));
  const dueAt = releaseTime(ctx.now, quietHoursNow(), sameDay || event.kind === "test");
  const eventKey = randomUUID();
  const push = await repo.enqueue(
    devices.map((d) => ({
      eventKey,
      kind: event.kind,
      subscriptionId: d.id,
      submissionId: requestId,
      title: content.title,
      body: content.body,
      url: content.url,
      urgency: sameDay ? ("high" as const) : ("normal" as const),
      dueAt,
    })),
    ctx.db,
  );
  return { push, mail: [] };
}

/**
 * One attempt at these notifications after the commit (5 s per device); on Netlify the answer goes
 * first and the attempt finishes in the background. Never throws, never changes the answer.
 */
export async function deliverPushSoon(ctx: ServiceContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const keys = vapidKeys();
  if (!keys) return;
  const attempt = deliverPushDue(ctx.db, keys, { ids, now: new Date() }).then(
    async (report) => {
      logEvent({ event: "push.immediate", ...report });
      await deliverSoon(ctx, report.fallbackMail);
    },
    (error: unknown) =>
      logEvent({ event: "push.immediate_error", error: error instanceof Error ? error.message : "unknown" }),
  );
  await runAfterAnswer(ctx, attempt);
}

/** The scheduled retry: everything due (netlify/functions/mail-retry.mts). */
export async function deliverPushScheduled(db: Db, now: Date = new Date()): Promise<PushReport | null> {
  const keys = vapidKeys();
  if (!keys) return null;
  return deliverPushDue(db, keys, { now, limit: 50 });
}

function toDevice(row: repo.DeviceRow): PushDevice {
  return {
    id: row.id,
    name: row.name,
    host: new URL(row.endpoint).host,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    failures: row.failures,
    lastError: row.lastError,
  };
}

/** The settings screen's data: the public key (null: push not set up), devices, kinds, quiet hours. */
export async function pushSettings(ctx: ServiceContext): Promise<PushSettings> {
  const [devices, off] = await Promise.all([repo.listDevices(ctx.db), kindsOff(ctx.db)]);
  return {
    publicKey: vapidKeys()?.publicKey ?? null,
    devices: devices.map(toDevice),
    kinds: switchableKinds.map(([kind, label]) => ({ kind, label, enabled: !off.has(kind) })),
    quietHours: { ...quietHoursNow() },
  };
}

export async function saveKinds(
  kinds: readonly { kind: SwitchableKind; enabled: boolean }[],
  ctx: ServiceContext,
): Promise<PushSettings> {
  const off = await kindsOff(ctx.db);
  for (const k of kinds) {
    if (k.enabled) off.delete(k.kind);
    else off.add(k.kind);
  }
  await settings.upsertSetting(kindsOffKey, JSON.stringify([...off].sort()), ctx.db);
  return pushSettings(ctx);
}

/** Registers this browser (or renews it: the same endpoint again). Conflict when push is not set up. */
export async function subscribe(input: SubscribeInput, ctx: ServiceContext): Promise<PushDevice> {
  if (!vapidKeys()) {
    throw new Conflict(
      "Notifications are not set up on this server yet (the VAPID keys are missing).",
      "push_not_configured",
    );
  }
  const problem = await endpointRefusal(input.endpoint);
  if (problem) throw new Invalid("Please check the subscription.", { fields: { endpoint: problem } });
  const device = await inTransaction(ctx, async (tx) => {
    const existing = await repo.findDeviceByEndpoint(input.endpoint, tx);
    if (!existing && (await repo.countDevices(tx)) >= site.push.maxDevices) {
      throw new Conflict(
        `At most ${site.push.maxDevices} devices can get notifications. Remove one you no longer use first.`,
        "too_many_devices",
      );
    }
    return repo.saveDevice(
      { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, name: input.name },
      tx,
    );
  });
  logEvent({ event: "push.subscribed", device: device.id });
  return toDevice(device);
}

const deviceNotFound = () => new NotFound("This device is not registered (it may have been removed).");

export async function renameDevice(id: number, name: string, ctx: ServiceContext): Promise<PushDevice> {
  const row = await repo.renameDevice(id, name, ctx.db);
  if (!row) throw deviceNotFound();
  return toDevice(row);
}

export async function removeDevice(id: number, ctx: ServiceContext): Promise<void> {
  if (!(await repo.deleteDevice(id, ctx.db))) throw deviceNotFound();
  logEvent({ event: "push.unsubscribed", device: id });
}

/**
 * "Send a test": a notification to every device (or one), sent now, quiet hours or not; answers
 * how many devices took it. Conflict when push is not set up or no device is registered.
 */
export async function sendTest(
  deviceId: number | undefined,
  ctx: ServiceContext,
): Promise<{ sent: number; failed: number }> {
  const keys = vapidKeys();
  if (!keys) throw new Conflict("Notifications are not set up on this server yet.", "push_not_configured");
  const ids = await inTransaction(ctx, async (tx) => {
    const devices = (await repo.listDevices(tx)).filter((d) => deviceId === undefined || d.id === deviceId);
    if (devices.length === 0) {
      if (deviceId !== undefined) throw deviceNotFound();
      throw new Conflict("No device gets notifications yet: turn them on first.", "no_device");
    }
    const content = pushContent({ kind: "test" }, serviceLabel);
    return repo.enqueue(
      devices.map((d) => ({
        eventKey: randomUUID(),
        kind: "test" as const,
        subscriptionId: d.id,
        submissionId: null,
        ...content,
        urgency: "normal" as const,
        dueAt: ctx.now,
      })),
      tx,
    );
  });
  const report = await deliverPushDue(ctx.db, keys, { ids, now: ctx.now });
  return { sent: report.sent, failed: report.retrying + report.failed + report.removed };
}

/**
 * A customer's e-mail the mail outbox gave up on (`deliverDue`'s `onGiveUp`): the owner is told,
 * since the customer never got it. The owner's own e-mails are not reported this way (their
 * failure is on the admin dashboard, and an e-mail about an e-mail that fails could go round).
 */
export async function tellOwnerMailFailed(
  row: { kind: string; submissionId: number | null; subject: string },
  db: Db,
  now: Date = new Date(),
): Promise<Notified> {
  if (row.kind.startsWith("owner_")) return { push: [], mail: [] };
  return notifyOwnerWithMail(
    { kind: "mail_failed", requestId: row.submissionId, subject: row.subject },
    { db, now },
  );
}
