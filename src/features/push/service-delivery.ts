/**
 * Sending what the push outbox holds. `deliverPushDue` claims due notifications with their device
 * (a lease, like the mail outbox: two senders never send the same one), encrypts each payload for
 * its device (aes128gcm, RFC 8291) and signs the request (VAPID, RFC 8292) with the `web-push`
 * library, and posts it to the device's push service through ./service-endpoint.ts (a time limit,
 * no redirects, only to public addresses that were checked as the connection was made).
 *
 *   201/200/202       delivered: the device's "last received" is now
 *   404 or 410        the browser dropped the subscription: the device is removed (and what waits for it)
 *   other, or none    tried again after 1, 2, 4, 8 minutes; given up after `site.push.maxAttempts`
 *
 * When the last device of an event gives up (or is removed), a kind that sends the owner no
 * e-mail of its own is e-mailed instead (`fallbackMail` in the report: send it soon).
 */
import { site } from "../../config/site";
import type { Db } from "../../platform/db/client";
import { logEvent } from "../../platform/log";
import { drainQueue } from "../../platform/outbox/queue";
import * as outbox from "../mail";
import { mailContext } from "../mail";
import { ownerNotificationMessage } from "./mail";
import * as repo from "./repository";
import { emailedKinds, type OwnerEvent, type PushContent } from "./rules";
import { PrivateAddressError, postToPushService } from "./service-endpoint";

/** The server's VAPID keys (base64url) and subject. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** E-mails the owner what a notification would have said (kinds with no e-mail of their own). */
export async function queueFallbackMail(
  kind: OwnerEvent["kind"],
  content: PushContent,
  submissionId: number | null,
  db: Db,
): Promise<number[]> {
  if (emailedKinds.has(kind)) return [];
  return outbox.enqueue(
    [
      submissionId === null
        ? { message: ownerNotificationMessage(content, mailContext()) }
        : { message: ownerNotificationMessage(content, mailContext()), submissionId },
    ],
    db,
  );
}

export const pushLeaseMs = 60 * 1000;
export const pushTimeoutMs = 5000;

export function pushBackoffMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60 * 1000;
}

export interface PushReport {
  sent: number;
  retrying: number;
  failed: number;
  removed: number;
  /** Mail outbox ids of e-mails queued in place of notifications no device got. */
  fallbackMail: number[];
}

/**
 * The request a push service gets: what `web-push` builds, as `fetch` sends it. The library is
 * loaded on first use, so a function that only queues notifications (a booking's) does not load it
 * in its cold start (docs/decisions/021-functions-cold-start.md).
 */
export async function pushRequest(
  claimed: repo.ClaimedPush,
  keys: VapidKeys,
): Promise<{
  url: string;
  init: { method: "POST"; headers: Record<string, string>; body: Uint8Array | null };
}> {
  const { default: webpush } = await import("web-push");
  const { row, device } = claimed;
  const payload = JSON.stringify({
    title: row.title,
    body: row.body,
    url: row.url,
    tag: row.submissionId === null ? row.kind : `request-${row.submissionId}`,
  });
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: site.push.ttlSeconds,
      urgency: row.urgency === "high" ? "high" : "normal",
      contentEncoding: "aes128gcm",
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  delete headers["Content-Length"];
  return {
    url: details.endpoint,
    init: { method: "POST", headers, body: details.body ? new Uint8Array(details.body) : null },
  };
}

/** undici wraps a lookup's error as the connection's cause. */
function isPrivateCause(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e instanceof Error && depth < 4; depth++, e = e.cause) {
    if (e instanceof PrivateAddressError) return true;
  }
  return false;
}

/** A delivery that failed: whether the browser dropped the device, and whether a retry could help. */
export class PushFailure extends Error {
  constructor(
    message: string,
    readonly gone: boolean,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "PushFailure";
  }
}

/** Posts one notification to its device's push service; throws a PushFailure when it was not taken. */
async function post(claimed: repo.ClaimedPush, keys: VapidKeys): Promise<void> {
  let status: number;
  try {
    const { url, init } = await pushRequest(claimed, keys);
    status = await postToPushService(url, init, pushTimeoutMs);
  } catch (error) {
    // A name that now points somewhere private: no later attempt will be different.
    const message = error instanceof Error ? error.message : String(error);
    throw new PushFailure(message.slice(0, 300), false, isPrivateCause(error));
  }
  if (status >= 200 && status < 300) return;
  // 400 (malformed), 401/403 (our keys refused), 413 (too large): trying again changes nothing.
  // A redirect is never followed: it is tried again later like any other failure.
  const gone = status === 404 || status === 410;
  const permanent = [400, 401, 403, 413].includes(status);
  throw new PushFailure(`push service answered ${status}`, gone, permanent);
}

const failureOf = (error: unknown) =>
  error instanceof PushFailure ? error : new PushFailure(String(error).slice(0, 300), false, false);

/**
 * Sends due notifications (all, or only `ids`), at most `limit` (default 25) per call, through the
 * platform's outbox over push_outbox. Posted side by side; recorded one after another, so the last
 * device of an event to give up sees the others' outcomes and sends the e-mail fallback once.
 */
export async function deliverPushDue(
  db: Db,
  keys: VapidKeys,
  options: { ids?: readonly number[]; limit?: number; now?: Date } = {},
): Promise<PushReport> {
  let devices = new Map<number, repo.DeviceRow>();
  const deviceOf = (row: repo.PushRow) => {
    const device = devices.get(row.subscriptionId);
    if (!device) throw new PushFailure("the device was removed", true, true);
    return device;
  };
  const report: PushReport = { sent: 0, retrying: 0, failed: 0, removed: 0, fallbackMail: [] };
  const drained = await drainQueue(
    repo.pushQueue,
    {
      now: options.now ?? new Date(),
      leaseMs: pushLeaseMs,
      limit: options.limit ?? 25,
      ids: options.ids,
      together: true,
      prepare: async (rows) =>
        void (devices = await repo.devicesById([...new Set(rows.map((r) => r.subscriptionId))], db)),
      send: async (row) => post({ row, device: deviceOf(row) }, keys),
      backoffMs: pushBackoffMs,
      giveUp: (row, error) => {
        const failure = failureOf(error);
        return failure.gone || failure.permanent || row.attempts >= site.push.maxAttempts;
      },
      describe: (error) => failureOf(error).message,
      afterDone: (row, at) => repo.deviceDelivered(row.subscriptionId, at, db),
      afterFailed: async (row, error, gaveUp) => {
        const failure = failureOf(error);
        if (failure.gone) {
          if (devices.has(row.subscriptionId)) await repo.deleteDevice(row.subscriptionId, db);
          logEvent({ event: "push.device_removed", device: row.subscriptionId, reason: failure.message });
          report.removed += 1;
        } else await repo.deviceFailed(row.subscriptionId, failure.message, db);
        if (gaveUp && !(await repo.eventStillLive(row.eventKey, db))) {
          const content = { title: row.title, body: row.body, url: row.url, tag: "" };
          const ids = await queueFallbackMail(row.kind as OwnerEvent["kind"], content, row.submissionId, db);
          report.fallbackMail.push(...ids);
        }
      },
    },
    db,
  );
  return {
    ...report,
    sent: drained.done,
    retrying: drained.retrying,
    failed: drained.failed - report.removed,
  };
}
