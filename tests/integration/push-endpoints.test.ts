/**
 * Push reaches only real push services (docs/decisions/043-security-by-default.md), through the
 * admin's subscribe endpoint and the delivery, on a real database with a loopback push service
 * (tests/helpers/push-service.ts) named by LOCAL_PUSH_ORIGIN. Names resolve through a table of the
 * test's own (setPushResolver): no network.
 */
import { eq } from "drizzle-orm";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import adminPush from "../../netlify/functions/admin-push.mts";
import { notifyOwner, setQuietHours, vapidKeys } from "../../src/features/push/service";
import { deliverPushDue } from "../../src/features/push/service-delivery";
import { setPushResolver } from "../../src/features/push/service-endpoint";
import { pushOutbox, pushSubscriptions } from "../../src/features/tables";
import { adminClient, seedRequest } from "../helpers/admin";
import { useTestDatabase } from "../helpers/db";
import { startPushService, type PushService } from "../helpers/push-service";

const t = useTestDatabase();
const vapid = webpush.generateVAPIDKeys();
let service: PushService;
let owner: Awaited<ReturnType<typeof adminClient>>;
/** The test's own DNS: name → addresses. */
const dns = new Map<string, string[]>();

beforeAll(async () => {
  process.env["VAPID_PUBLIC_KEY"] = vapid.publicKey;
  process.env["VAPID_PRIVATE_KEY"] = vapid.privateKey;
  service = await startPushService({ vapidPublicKey: vapid.publicKey });
  process.env["LOCAL_PUSH_ORIGIN"] = service.origin;
  owner = await adminClient();
});
afterAll(async () => {
  delete process.env["VAPID_PUBLIC_KEY"];
  delete process.env["VAPID_PRIVATE_KEY"];
  delete process.env["LOCAL_PUSH_ORIGIN"];
  setQuietHours(undefined);
  await service.close();
});
beforeEach(async () => {
  await t.db.delete(pushSubscriptions);
  setQuietHours({ from: "00:00", until: "00:00" });
  dns.clear();
  setPushResolver(async (host) => {
    const found = dns.get(host);
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return found;
  });
});
afterEach(() => setPushResolver(undefined));

const subscribeAt = (endpoint: string) =>
  owner.call(adminPush, "POST", "/api/admin/push/subscriptions", {
    body: { ...service.subscribe().subscription, endpoint, name: "Phone" },
  });

async function expectRefused(endpoint: string, message: RegExp) {
  const res = await subscribeAt(endpoint);
  expect(res.status, `${endpoint}: ${res.text}`).toBe(422);
  expect(res.json.error.fields.endpoint).toMatch(message);
}

const devices = () => t.db.select().from(pushSubscriptions);

describe("subscribing", () => {
  it("takes the local push service at LOCAL_PUSH_ORIGIN", async () => {
    const res = await subscribeAt(`${service.origin}/push/ok`);
    expect(res.status, res.text).toBe(201);
  });

  it("refuses loopback outside LOCAL_PUSH_ORIGIN, NAT64, site-local, and a name resolving to 127.0.0.1", async () => {
    const port = Number(new URL(service.origin).port);
    await expectRefused(`http://127.0.0.1:${port + 1}/push/1`, /https:\/\//);
    await expectRefused(`https://127.0.0.1/push/1`, /not an address/);
    await expectRefused(`https://[64:ff9b::7f00:1]/push/1`, /not an address/);
    await expectRefused(`https://[fec0::1]/push/1`, /not an address/);
    dns.set("push.sneaky-loopback.net", ["127.0.0.1"]);
    await expectRefused(`https://push.sneaky-loopback.net/push/1`, /not public/);
    dns.set("push.nat64-loopback.net", ["64:ff9b::7f00:1"]);
    await expectRefused(`https://push.nat64-loopback.net/push/1`, /not public/);
    expect(await devices()).toEqual([]);
  });

  it("refuses user-info, ports 80 and 22, and a name with one private address among public ones", async () => {
    dns.set("fcm.googleapis.com", ["142.250.187.202"]);
    await expectRefused(`https://user@fcm.googleapis.com/fcm/send/x`, /user name or password/);
    await expectRefused(`https://fcm.googleapis.com:80/fcm/send/x`, /port 443/);
    await expectRefused(`https://fcm.googleapis.com:22/fcm/send/x`, /port 443/);
    dns.set("push.half-private.net", ["142.250.187.202", "2a00:1450:4009:80b::200a", "10.0.0.5"]);
    await expectRefused(`https://push.half-private.net/push/1`, /not public/);
    await expectRefused(`https://push.nowhere-at-all.net/push/1`, /could not be found/);
    expect(await devices()).toEqual([]);
  });

  it("takes a public name whose every address is public unicast", async () => {
    dns.set("fcm.googleapis.com", ["142.250.187.202", "2a00:1450:4009:80b::200a"]);
    const res = await subscribeAt("https://fcm.googleapis.com/fcm/send/abc");
    expect(res.status, res.text).toBe(201);
  });
});

async function notifyOnce(): Promise<number[]> {
  const request = await seedRequest();
  return notifyOwner(
    {
      kind: "quote_opened",
      requestId: request.id,
      name: request.name,
      quoteTitle: "Q-000009 version 1",
      totalPence: 9_900,
    },
    { db: t.db, now: new Date() },
  );
}

describe("delivering", () => {
  let trap: Server;
  let trapHits = 0;
  beforeAll(async () => {
    trap = createServer((_req, res) => {
      trapHits += 1;
      res.end("private");
    });
    trap.listen(0, "127.0.0.1");
    await once(trap, "listening");
  });
  afterAll(() => new Promise<void>((resolve) => trap.close(() => resolve())));

  it("never follows a push service's redirect to a private address", async () => {
    const browser = service.subscribe();
    const res = await owner.call(adminPush, "POST", "/api/admin/push/subscriptions", {
      body: { ...browser.subscription, name: "Phone" },
    });
    expect(res.status, res.text).toBe(201);
    const trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}/internal`;
    service.answer(browser.path, 307, { location: trapUrl });
    const ids = await notifyOnce();
    const report = await deliverPushDue(t.db, vapidKeys()!, { ids });
    expect(report).toMatchObject({ sent: 0, retrying: 1 });
    expect(service.at(browser.path)).toHaveLength(1);
    expect(trapHits).toBe(0);
    const [row] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.id, ids[0]!));
    expect(row!.lastError).toBe("push service answered 307");
  });

  it("connects only to the address it checked: a name that turns private after subscribing gets nowhere", async () => {
    dns.set("push.rebinding-name.net", ["142.250.187.202"]);
    const res = await subscribeAt("https://push.rebinding-name.net/push/1");
    expect(res.status, res.text).toBe(201);
    dns.set("push.rebinding-name.net", ["142.250.187.202", "127.0.0.1"]);
    const ids = await notifyOnce();
    const report = await deliverPushDue(t.db, vapidKeys()!, { ids });
    expect(report).toMatchObject({ sent: 0, failed: 1 });
    const [row] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.id, ids[0]!));
    expect(row!.status).toBe("failed");
    expect(row!.lastError).toMatch(/push\.rebinding-name\.net resolves to an address that is not public/);
  });
});
