/**
 * The owner is told when a customer withdraws their consent to show photos of their job, on a
 * real database (PGlite, and PostgreSQL under scripts/with-postgres.ts), through the customer
 * page's real handler (docs/decisions/071-published-facts-everywhere.md): an e-mail, sent through
 * the real SMTP transport to a loopback server and read back with an independent MIME parser
 * (postal-mime), names the job and the gallery entry the live website showed and says it is off
 * the website; when the website cannot be published again (the build hook answers 500) it says the
 * photo is still live, with a button to the Website screen. The notification goes through the push
 * outbox to a loopback push service that checks VAPID and decrypts it as a browser would. The
 * owner's own withdrawal tells no one.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import webpush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import adminPush from "../../netlify/functions/admin-push.mts";
import adminSite from "../../netlify/functions/admin-site.mts";
import adminGallery from "../../netlify/functions/admin-site-gallery.mts";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import { setQuietHours } from "../../src/features/push/service";
import { hashToken } from "../../src/features/mail/request-link";
import { mailContext } from "../../src/features/mail/service";
import { deliverDue } from "../../src/features/mail/service-delivery";
import { publicSite } from "../../src/features/site-content/service-public";
import {
  customerLinks,
  mailOutbox,
  pushOutbox,
  pushSubscriptions,
  siteGallery,
  sitePublications,
} from "../../src/features/tables";
import { requestReference } from "../../src/lib/request-reference";
import { serviceContext } from "../../src/platform/context";
import { createSmtpSender } from "../../src/platform/mail/transport";
import { useTestBlobs } from "../helpers/blobs";
import { useTestDatabase } from "../helpers/db";
import { consentedJobPhotoInGallery, galleryFields, jpegBlob, postGalleryItem } from "../helpers/gallery";
import { getRequest, randomIp } from "../helpers/http";
import { startPushService, type PushService } from "../helpers/push-service";
import { startSmtp } from "../helpers/smtp";

const t = useTestDatabase();
useTestBlobs();
const vapid = webpush.generateVAPIDKeys();
let push: PushService;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
/** A build hook that always refuses, as Netlify does when the hook was deleted. */
let brokenHook: Server;

beforeAll(async () => {
  process.env["VAPID_PUBLIC_KEY"] = vapid.publicKey;
  process.env["VAPID_PRIVATE_KEY"] = vapid.privateKey;
  push = await startPushService({ vapidPublicKey: vapid.publicKey });
  process.env["LOCAL_PUSH_ORIGIN"] = push.origin;
  smtp = await startSmtp();
  brokenHook = createServer((_req, res) => res.writeHead(500).end("hook gone"));
  await new Promise<void>((resolve) => brokenHook.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  for (const k of ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "LOCAL_PUSH_ORIGIN", "NETLIFY_BUILD_HOOK_URL"])
    delete process.env[k];
  setQuietHours(undefined);
  await push.close();
  await smtp.close();
  await new Promise((resolve) => brokenHook.close(resolve));
});
beforeEach(async () => {
  for (const table of [siteGallery, sitePublications, pushSubscriptions]) await t.db.delete(table);
  delete process.env["NETLIFY_BUILD_HOOK_URL"];
  setQuietHours({ from: "00:00", until: "00:00" });
});

/** A finished job with consent recorded and its photo in the live gallery beside another entry. */
async function publishedJobPhoto() {
  const { owner, job } = await consentedJobPhotoInGallery(t.db);
  const other = await postGalleryItem({
    ...galleryFields,
    caption: "Fence painted",
    photo: await jpegBlob(800, 600),
  });
  expect(other.status).toBe(201);
  expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);
  const device = push.subscribe();
  const registered = await owner.call(adminPush, "POST", "/api/admin/push/subscriptions", {
    body: { ...device.subscription, name: "Phone" },
  });
  expect(registered.status, registered.text).toBe(201);
  return { owner, job, device };
}

/** The customer presses "withdraw" on their private page (the no-script form, as a browser posts it). */
async function withdrawFromPage(requestId: number) {
  const token = randomBytes(16).toString("base64url");
  await t.db.insert(customerLinks).values({ submissionId: requestId, tokenHash: hashToken(token) });
  const html = await (await customerPageFn(getRequest(`/request/${token}`))).text();
  const nonce = /name="nonce" value="([^"]+)"/.exec(html)![1]!;
  const res = await customerPageFn(
    new Request(`http://localhost/request/${token}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        origin: "http://localhost",
        "x-forwarded-for": randomIp(),
      },
      body: new URLSearchParams({ action: "withdraw-photos", nonce }).toString(),
    }),
  );
  expect(res.status, await res.clone().text()).toBe(200);
}

const ownerMails = (requestId: number) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.submissionId, requestId), eq(mailOutbox.kind, "owner_customer_update")));

/** The owner's e-mail about request `id`, sent over SMTP and parsed back. */
async function ownerMailAsReceived(requestId: number) {
  const rows = await ownerMails(requestId);
  expect(rows).toHaveLength(1);
  const sender = createSmtpSender({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}?tls=off`,
    from: "Site <site@kingdomhandyman.example>",
  });
  await deliverDue(t.db, sender, { ids: [rows[0]!.id], now: new Date(Date.now() + 60_000) });
  const ref = requestReference({ id: requestId, formType: "contact" });
  const got = smtp.received.find((m) => m.raw.includes(ref));
  expect(got, `no e-mail naming ${ref}`).toBeDefined();
  return new PostalMime().parse(got!.raw);
}

/** The notification the device got (the push service decrypts it as the browser would). */
async function notificationOn(path: string) {
  for (let i = 0; i < 50 && push.at(path).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  const [got] = push.at(path);
  expect(got?.problem ?? null).toBeNull();
  return got!.payload as { title: string; body: string; url: string };
}

describe("a customer withdraws photo consent from their page", () => {
  it("the owner gets an e-mail naming the job and the entry taken down, and a notification", async () => {
    const { job, device } = await publishedJobPhoto();
    await withdrawFromPage(job.requestId);
    expect((await publicSite(serviceContext())).gallery.map((g) => g.caption)).toEqual(["Fence painted"]);

    const mail = await ownerMailAsReceived(job.requestId);
    const ref = requestReference({ id: job.requestId, formType: "contact" });
    expect(mail.subject).toBe(`${ref}: Ailsa Gray withdrew photo consent`);
    expect(mail.to?.[0]?.address).toBe(mailContext().ownerEmail);
    const text = mail.text ?? "";
    expect(text).toContain(`Ailsa Gray withdrew their consent to show photos of their job (`);
    expect(text).toContain(ref);
    expect(text).toContain("On the live website: 1 gallery entry:\n- Ceiling replastered");
    expect(text).not.toContain("Fence painted");
    expect(text).toContain("We took it off the live website at once");
    expect(text).toMatch(/\/admin\/website\n/);
    expect(mail.html ?? "").toMatch(/href="[^"]*\/admin\/website"[^>]*>Open the Website screen</);

    const note = await notificationOn(device.path);
    expect(note).toMatchObject({
      title: "Photo consent withdrawn: Ailsa Gray",
      body: "1 gallery entry taken off the website.",
      url: `/admin/requests/${job.requestId}`,
    });
    // The notification has its own e-mail: no second e-mail in its place.
    expect(await ownerMails(job.requestId)).toHaveLength(1);
  });

  it("when the website cannot be published again, the e-mail says the photo is still live, with the button", async () => {
    const { job, device } = await publishedJobPhoto();
    process.env["NETLIFY_BUILD_HOOK_URL"] =
      `http://127.0.0.1:${(brokenHook.address() as AddressInfo).port}/hook`;
    await withdrawFromPage(job.requestId);

    const mail = await ownerMailAsReceived(job.requestId);
    expect(mail.subject).toMatch(/withdrew photo consent - publish the website to take the photos down$/);
    const text = mail.text ?? "";
    expect(text).toContain("- Ceiling replastered");
    expect(text).toContain("It is STILL ON THE LIVE WEBSITE");
    expect(text).toContain("press Publish to take it down");
    expect(mail.html ?? "").toMatch(/href="[^"]*\/admin\/website"[^>]*>Publish the website</);

    const note = await notificationOn(device.path);
    expect(note).toMatchObject({
      title: "Photo consent withdrawn: Ailsa Gray",
      body: "Still on the website: publish it again to take the photo down.",
      url: "/admin/website",
    });
  });

  it("the owner's own withdrawal (with his note) sends him nothing", async () => {
    const { owner, job } = await publishedJobPhoto();
    const res = await owner.call(
      adminGallery,
      "POST",
      `/api/admin/site/gallery/consents/${job.requestId}/withdraw`,
      { body: { note: "Phoned to say no" } },
    );
    expect(res.status, res.text).toBe(200);
    expect(await ownerMails(job.requestId)).toHaveLength(0);
    expect(
      await t.db.select().from(pushOutbox).where(eq(pushOutbox.submissionId, job.requestId)),
    ).toHaveLength(0);
  });
});
