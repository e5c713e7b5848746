/**
 * Editing the gallery and withdrawing a customer's consent, through the real handlers
 * (docs/decisions/065-gallery-editing-consent-withdrawal-and-full-preview.md): PATCH of a draft
 * item's caption, town, service, hidden and position (a draft until published; bad input refused
 * beside its field and nothing changed); the owner's withdrawal of a consent with a note (history
 * rows with who and when, the job's drafts removed, the live gallery republished without them at
 * once, a restore never bringing them back, the job's photos refused until consent is given again);
 * the customer's own withdrawal from their private page, through its real handler.
 */
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import adminSite from "../../netlify/functions/admin-site.mts";
import adminGallery from "../../netlify/functions/admin-site-gallery.mts";
import {
  galleryConsentHistory,
  galleryConsents,
  siteGallery,
  sitePublications,
} from "../../src/features/tables";
import { publicSite } from "../../src/features/site-content/service-public";
import { withdrawGalleryConsent } from "../../src/features/site-content/service-gallery-consent";
import { galleryMessages } from "../../src/features/site-content/contract/gallery-rules";
import { actingAs, serviceContext } from "../../src/platform/context";
import customerPageFn from "../../netlify/functions/customer-page.mts";
import { customerLinks } from "../../src/features/tables";
import { hashToken } from "../../src/features/mail/request-link";
import { randomBytes } from "node:crypto";
import { getRequest, randomIp } from "../helpers/http";
import { adminClient } from "../helpers/admin";
import { useTestBlobs } from "../helpers/blobs";
import { useTestDatabase } from "../helpers/db";
import {
  consentedJobPhotoInGallery,
  galleryFields,
  jobWithPhoto,
  jpegBlob,
  postGalleryItem,
} from "../helpers/gallery";

const t = useTestDatabase();
useTestBlobs();

beforeEach(async () => {
  for (const table of [siteGallery, sitePublications]) await t.db.delete(table);
});

const addPhoto = async (caption: string) =>
  (await postGalleryItem({ ...galleryFields, caption, photo: await jpegBlob(800, 600) })).json.item;

describe("PATCH /api/admin/site/gallery/:id", () => {
  it("changes the caption, town, service and hidden of a draft; the live gallery changes on publish", async () => {
    const owner = await adminClient();
    const item = await addPhoto("Hall repainted");
    expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);

    const res = await owner.call(adminGallery, "PATCH", `/api/admin/site/gallery/${item.id}`, {
      body: { caption: "  Hall and stairs repainted ", town: "Dysart", service: "plumbing-heating" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.item).toMatchObject({
      id: item.id,
      caption: "Hall and stairs repainted",
      town: "Dysart",
      service: "plumbing-heating",
      images: item.images,
    });
    // A draft until published: the live gallery still shows the old text, and it counts as a change.
    expect((await publicSite(serviceContext())).gallery[0]).toMatchObject({ caption: "Hall repainted" });
    const site = await owner.call(adminSite, "GET", "/api/admin/site");
    expect(site.json.gallery[0].caption).toBe("Hall and stairs repainted");

    expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);
    expect((await publicSite(serviceContext())).gallery[0]).toMatchObject({
      caption: "Hall and stairs repainted",
      town: "Dysart",
      service: "plumbing-heating",
    });

    const hide = await owner.call(adminGallery, "PATCH", `/api/admin/site/gallery/${item.id}`, {
      body: { hidden: true },
    });
    expect(hide.json.item.hidden).toBe(true);
    expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);
    expect((await publicSite(serviceContext())).gallery).toEqual([]);
  });

  it("moves items one place at a time; the pages follow the new order once published", async () => {
    const owner = await adminClient();
    const first = await addPhoto("First job");
    const second = await addPhoto("Second job");
    const third = await addPhoto("Third job");
    expect([first.position, second.position, third.position]).toEqual([0, 1, 2]);
    // Third moves up: it takes place 1, second place 2 (what the screen's Move up sends).
    for (const [id, position] of [
      [third.id, 1],
      [second.id, 2],
    ])
      expect(
        (await owner.call(adminGallery, "PATCH", `/api/admin/site/gallery/${id}`, { body: { position } }))
          .status,
      ).toBe(200);
    const site = await owner.call(adminSite, "GET", "/api/admin/site");
    expect(site.json.gallery.map((g: { caption: string }) => g.caption)).toEqual([
      "First job",
      "Third job",
      "Second job",
    ]);
    expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);
    expect((await publicSite(serviceContext())).gallery.map((g) => g.caption)).toEqual([
      "First job",
      "Third job",
      "Second job",
    ]);
  });

  it("refuses bad input with the field's message and changes nothing", async () => {
    const owner = await adminClient();
    const item = await addPhoto("Kitchen tiled");
    const patch = (body: unknown) =>
      owner.call(adminGallery, "PATCH", `/api/admin/site/gallery/${item.id}`, { body });

    const cases: [unknown, string, string][] = [
      [{ caption: "   " }, "caption", "Please fill in the caption."],
      [
        { caption: "<script>alert(1)</script>" },
        "caption",
        "The caption must be plain text, without HTML tags.",
      ],
      [{ town: "x".repeat(61) }, "town", "The town must be at most 60 characters."],
      [{ service: "roofing" }, "service", "Please choose the service."],
      [{ service: "Not A Slug" }, "service", "Please choose the service."],
      [{ position: -1 }, "position", "The position cannot be negative."],
      [{ position: 1.5 }, "position", "The position must be a whole number."],
      [{ hidden: "yes" }, "hidden", "Hidden must be true or false."],
    ];
    for (const [body, field, message] of cases) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.error.fields[field]).toBe(message);
    }
    const empty = await patch({});
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.json.error)).toMatch(/Nothing to change/);

    const [row] = await t.db.select().from(siteGallery).where(eq(siteGallery.id, item.id));
    expect(row).toMatchObject({ caption: "Kitchen tiled", town: "Kirkcaldy", service: "paint-wallpaper" });
    expect(row!.position).toBe(item.position);

    expect(
      (await owner.call(adminGallery, "PATCH", "/api/admin/site/gallery/999999", { body: { hidden: true } }))
        .status,
    ).toBe(404);
    expect(
      (
        await owner.call(adminGallery, "PATCH", `/api/admin/site/gallery/${item.id}`, {
          body: { hidden: true },
          anonymous: true,
        })
      ).status,
    ).toBe(401);
  });
});

/** A finished job with the owner's record of consent and one of its photos in the live gallery. */
async function publishedJobPhoto() {
  const { owner, job, item } = await consentedJobPhotoInGallery(t.db);
  const upload = await addPhoto("Fence painted");
  expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);
  expect((await publicSite(serviceContext())).gallery.map((g) => g.caption)).toEqual([
    "Ceiling replastered",
    "Fence painted",
  ]);
  return { owner, job, item, upload };
}

const historyOf = (submissionId: number) =>
  t.db
    .select()
    .from(galleryConsentHistory)
    .where(eq(galleryConsentHistory.submissionId, submissionId))
    .orderBy(asc(galleryConsentHistory.id));

describe("withdrawing a customer's consent", () => {
  it("the owner withdraws it with a note: kept in history, the job's photos off the live gallery at once", async () => {
    const { owner, job, upload } = await publishedJobPhoto();
    // An unrelated draft the owner has not published stays a draft.
    await owner.call(adminGallery, "PATCH", `/api/admin/site/gallery/${upload.id}`, {
      body: { caption: "Fence and gate painted" },
    });
    const path = `/api/admin/site/gallery/consents/${job.requestId}/withdraw`;

    const noNote = await owner.call(adminGallery, "POST", path, { body: { note: " " } });
    expect(noNote.status).toBe(422);
    expect(noNote.json.error.fields.note).toBe("Please fill in the note.");

    const res = await owner.call(adminGallery, "POST", path, {
      body: { note: "Phoned on 5 December: she would rather not" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.consent).toMatchObject({
      submissionId: job.requestId,
      withdrawnBy: "owner",
      withdrawalNote: "Phoned on 5 December: she would rather not",
    });
    expect(Number.isNaN(Date.parse(res.json.consent.withdrawnAt))).toBe(false);
    expect(res.json.publish).toMatchObject({ state: "live" });

    // At once: the live gallery no longer shows the job's photo; the other draft is still a draft.
    expect((await publicSite(serviceContext())).gallery.map((g) => g.caption)).toEqual(["Fence painted"]);
    const [publication] = await t.db
      .select()
      .from(sitePublications)
      .where(eq(sitePublications.id, res.json.publish.id));
    expect(publication!.publishedBy).toBe("owner (photo consent withdrawn)");
    const drafts = (await owner.call(adminSite, "GET", "/api/admin/site")).json.gallery;
    expect(drafts.map((g: { caption: string }) => g.caption)).toEqual(["Fence and gate painted"]);

    const history = await historyOf(job.requestId);
    expect(history.map((h) => [h.event, h.actor, h.note])).toEqual([
      ["given", "owner", "Agreed by e-mail on 3 December"],
      ["withdrawn", "owner", "Phoned on 5 December: she would rather not"],
    ]);
    expect(history[1]!.actedBy).toMatchObject({ kind: "owner" });

    const jobs = (await owner.call(adminGallery, "GET", "/api/admin/site/gallery/jobs")).json.jobs;
    expect(jobs.find((j: { submissionId: number }) => j.submissionId === job.requestId)).toMatchObject({
      consent: { withdrawnBy: "owner" },
      galleryItems: 0,
      consentHistory: [{ event: "given" }, { event: "withdrawn" }],
    });

    // Twice is refused; the job's photos cannot be chosen again; a restore never brings them back.
    expect((await owner.call(adminGallery, "POST", path, { body: { note: "again" } })).status).toBe(409);
    const again = await postGalleryItem({ ...galleryFields, photo: job.photoId });
    expect(again.json.error.fields.photo).toBe(galleryMessages.noConsent);
    expect((await owner.call(adminSite, "POST", "/api/admin/site/restore")).status).toBe(202);
    const restored = (await publicSite(serviceContext())).gallery.map((g) => g.caption);
    expect(restored).not.toContain("Ceiling replastered");
  });

  it("the customer's withdrawal takes effect without the owner; consent given again is recorded anew", async () => {
    const { owner, job } = await publishedJobPhoto();
    const customer = actingAs(serviceContext(), { kind: "customer", link: "request" });
    const result = await withdrawGalleryConsent(job.requestId, null, customer);
    expect(result.consent).toMatchObject({ withdrawnBy: "customer", withdrawalNote: null });
    expect(result.publish?.state).toBe("live");
    expect((await publicSite(serviceContext())).gallery.map((g) => g.caption)).toEqual(["Fence painted"]);

    const given = await owner.call(adminGallery, "POST", "/api/admin/site/gallery/consents", {
      body: { submissionId: job.requestId, note: "Asked us to show it after all, letter of 9 December" },
    });
    expect(given.json.consent).toMatchObject({ withdrawnAt: null, note: expect.stringMatching(/letter/) });
    expect((await historyOf(job.requestId)).map((h) => [h.event, h.actor])).toEqual([
      ["given", "owner"],
      ["withdrawn", "customer"],
      ["given", "owner"],
    ]);
    const [row] = await t.db
      .select()
      .from(galleryConsents)
      .where(eq(galleryConsents.submissionId, job.requestId));
    expect(row!.withdrawnAt).toBeNull();
    expect((await postGalleryItem({ ...galleryFields, photo: job.photoId })).status).toBe(201);
  });

  it("while a version with the job's photos is being published, that version loses them", async () => {
    const { job } = await publishedJobPhoto();
    const [live] = await t.db.select().from(sitePublications).where(eq(sitePublications.state, "live"));
    const [running] = await t.db
      .insert(sitePublications)
      .values({ content: live!.content, state: "publishing", publishedBy: "owner", startedAt: new Date() })
      .returning();
    const owner = await adminClient();
    const res = await owner.call(
      adminGallery,
      "POST",
      `/api/admin/site/gallery/consents/${job.requestId}/withdraw`,
      { body: { note: "Asked by e-mail to take them down" } },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.publish).toEqual({ id: running!.id, state: "publishing" });
    const [after] = await t.db.select().from(sitePublications).where(eq(sitePublications.id, running!.id));
    const gallery = (after!.content as { gallery: { submissionId: number | null }[] }).gallery;
    expect(gallery.length).toBeGreaterThan(0);
    expect(gallery.some((g) => g.submissionId === job.requestId)).toBe(false);
    // What the build reads leaves them out too.
    expect((await publicSite(serviceContext())).gallery.map((g) => g.caption)).toEqual(["Fence painted"]);
  });

  it("with nothing of the job on the website, records the withdrawal and publishes nothing", async () => {
    const owner = await adminClient();
    const job = await jobWithPhoto(t.db, "done");
    await owner.call(adminGallery, "POST", "/api/admin/site/gallery/consents", {
      body: { submissionId: job.requestId, note: "Agreed in person, signed form" },
    });
    const before = await t.db.select().from(sitePublications);
    const res = await owner.call(
      adminGallery,
      "POST",
      `/api/admin/site/gallery/consents/${job.requestId}/withdraw`,
      { body: { note: "Changed her mind" } },
    );
    expect(res.status).toBe(200);
    expect(res.json.publish).toBeNull();
    expect(await t.db.select().from(sitePublications)).toHaveLength(before.length);
    expect(
      (
        await owner.call(adminGallery, "POST", "/api/admin/site/gallery/consents/999999/withdraw", {
          body: { note: "x" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("the customer withdraws consent from their private page", () => {
  it("one button takes the photos off the live website at once, recorded as the customer's", async () => {
    const { job } = await publishedJobPhoto();
    const token = randomBytes(16).toString("base64url");
    await t.db.insert(customerLinks).values({ submissionId: job.requestId, tokenHash: hashToken(token) });

    const page = await customerPageFn(getRequest(`/request/${token}`));
    const html = await page.text();
    expect(page.status, html).toBe(200);
    const card = /<section class="card" id="photos"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(card).toContain("Photos of this job on our website");
    expect(card).toContain('value="withdraw-photos"');
    const nonce = /name="nonce" value="([^"]+)"/.exec(card)![1]!;

    const send = () =>
      customerPageFn(
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
    const done = await send();
    const answer = await done.text();
    expect(done.status, answer).toBe(200);
    expect(answer).toContain("Consent withdrawn");
    expect(answer).toContain("You withdrew your consent on");
    expect(answer).not.toContain('value="withdraw-photos"');
    expect((await publicSite(serviceContext())).gallery.map((g) => g.caption)).toEqual(["Fence painted"]);
    const history = await historyOf(job.requestId);
    expect(history.at(-1)).toMatchObject({
      event: "withdrawn",
      actor: "customer",
      actedBy: { kind: "customer", link: "request" },
      note: null,
    });

    const again = await (await send()).text();
    expect(again).toContain("Already done");
    expect(await historyOf(job.requestId)).toHaveLength(history.length);
  });
});
