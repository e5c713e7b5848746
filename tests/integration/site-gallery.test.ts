/**
 * The gallery of the owner's work through the real handlers (docs/decisions/058-gallery.md): a
 * before/after pair and a single photo uploaded as multipart, their images re-encoded with no EXIF
 * or GPS (read back with sharp's own metadata reader), bad files refused with a message beside the
 * field, markup refused; a finished job's photos only with the customer's consent recorded
 * (who, how, when); the drafts in GET /api/admin/site, published with the rest and restored; the
 * sizes the pages are built with.
 */
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import adminSite from "../../netlify/functions/admin-site.mts";
import adminGallery from "../../netlify/functions/admin-site-gallery.mts";
import adminGalleryImages from "../../netlify/functions/admin-site-gallery-images.mts";
import { galleryConsents, siteGallery, siteGalleryImages, sitePublications } from "../../src/features/tables";
import { publicSite, galleryImageBytes } from "../../src/features/site-content/service-public";
import { renderGallerySize } from "../../src/features/site-content/gallery-image";
import { recordConsent } from "../../src/features/site-content/service-gallery-consent";
import { galleryMessages } from "../../src/features/site-content/contract/gallery-rules";
import { serviceContext } from "../../src/platform/context";
import { adminClient } from "../helpers/admin";
import { useTestBlobs } from "../helpers/blobs";
import { useTestDatabase } from "../helpers/db";
import { jsonRequest, validReview } from "../helpers/http";
import testimonials from "../../netlify/functions/testimonials.mts";
import { hashToken } from "../../src/features/reviews/service";
import { reviewInvitations } from "../../src/features/tables";
import { randomBytes } from "node:crypto";
import { jpegWithGps, noisyRaw, pdf, png } from "../helpers/images";
import { galleryFields, jobWithPhoto as makeJob, jpegBlob, postGalleryItem } from "../helpers/gallery";

const t = useTestDatabase();
useTestBlobs();

beforeEach(async () => {
  for (const table of [siteGallery, sitePublications]) await t.db.delete(table);
});

const post = postGalleryItem;
const fields = galleryFields;
const jobWithPhoto = (state = "done") => makeJob(t.db, state);

describe("adding to the gallery", () => {
  it("stores a before/after pair re-encoded without EXIF or GPS, and lists it in the drafts", async () => {
    const original = await sharp(await jpegWithGps()).metadata();
    expect(original.exif).toBeDefined(); // the test's photo really carries a position

    const res = await post({ ...fields, before: await jpegBlob(), after: await jpegBlob() });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const item = res.json.item;
    expect(item).toMatchObject({
      kind: "pair",
      caption: fields.caption,
      town: "Kirkcaldy",
      service: "paint-wallpaper",
    });
    expect(item.images.map((i: { role: string }) => i.role)).toEqual(["before", "after"]);

    const stored = await t.db
      .select()
      .from(siteGalleryImages)
      .where(eq(siteGalleryImages.id, item.images[0].id));
    const meta = await sharp(Buffer.from(stored[0]!.bytes)).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(Buffer.from(stored[0]!.bytes).includes(Buffer.from("GPS"))).toBe(false);
    expect(Buffer.from(stored[0]!.bytes).includes(Buffer.from("TestPhone"))).toBe(false);

    const owner = await adminClient();
    const site = await owner.call(adminSite, "GET", "/api/admin/site");
    expect(site.json.gallery.map((g: { id: number }) => g.id)).toEqual([item.id]);
    expect(site.json.draftChanges).toBeGreaterThan(0);

    const image = await owner.call(
      adminGalleryImages,
      "GET",
      `/api/admin/site/gallery/images/${item.images[1].id}`,
    );
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    const anonymous = await owner.call(
      adminGalleryImages,
      "GET",
      `/api/admin/site/gallery/images/${item.images[1].id}`,
      {
        anonymous: true,
      },
    );
    expect(anonymous.status).toBe(401);
  });

  it("refuses a file that is not an image, a 30 MB body and a 20,000 px wide picture, each with a message", async () => {
    const notImage = await post({ ...fields, photo: new Blob([pdf], { type: "image/jpeg" }) });
    expect(notImage.status).toBe(422);
    expect(notImage.json.error.fields.photo).toMatch(/not a photo we can read/);

    const wide = await (await noisyRaw(20_000, 40)).png().toBuffer();
    const tooWide = await post({ ...fields, photo: new Blob([new Uint8Array(wide)], { type: "image/png" }) });
    expect(tooWide.status).toBe(422);
    expect(tooWide.json.error.fields.photo).toBe(galleryMessages.tooWide);

    // A 30 MB body is refused from its declared size before it is read…
    const big = new Blob([new Uint8Array(30 * 1024 * 1024)]);
    const declared = await post({ ...fields, photo: big }, { length: String(30 * 1024 * 1024 + 500) });
    expect(declared.status).toBe(413);
    expect(declared.json.error.message).toBe(galleryMessages.tooBig);
    // …and without a declared size, as soon as it passes the limit.
    const streamed = await post({ ...fields, photo: big });
    expect(streamed.status).toBe(413);
    expect(streamed.json.error.message).toBe(galleryMessages.tooBig);

    const half = await post({ ...fields, before: await jpegBlob() });
    expect(half.status).toBe(422);
    expect(half.json.error.fields.after).toBe("A before/after pair needs both photos.");
    const noCaption = await post({ ...fields, caption: " ", photo: await jpegBlob() });
    expect(noCaption.json.error.fields.caption).toBe("Please fill in the caption.");
    const unknownService = await post({ ...fields, service: "roofing", photo: await jpegBlob() });
    expect(unknownService.json.error.fields.service).toBe("Please choose the service.");
    expect(await t.db.select().from(siteGallery)).toEqual([]);
  });

  it("refuses markup in the caption and town, as every list of the website does, storing nothing", async () => {
    const res = await post({
      caption: 'Bathroom <script>alert("x")</script> retiled',
      town: "Burntisland <b>",
      service: "kitchen-bathroom",
      photo: new Blob([new Uint8Array(await png())], { type: "image/png" }),
    });
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toMatchObject({
      caption: "The caption must be plain text, without HTML tags.",
      town: "The town must be plain text, without HTML tags.",
    });
    expect(await t.db.select().from(siteGallery)).toEqual([]);
  });

  it("refuses a caller without a session (401) or from another site (403)", async () => {
    expect((await post({ ...fields, photo: await jpegBlob() }, { cookie: null })).status).toBe(401);
    expect(
      (await post({ ...fields, photo: await jpegBlob() }, { origin: "https://evil.example" })).status,
    ).toBe(403);
  });
});

describe("a finished job's photos and the customer's consent", () => {
  it("takes a job's photo only once the customer's written consent is recorded, and says who, how and when", async () => {
    const owner = await adminClient();
    const open = await jobWithPhoto("scheduled");
    const notDone = await post({ ...fields, photo: open.photoId });
    expect(notDone.status).toBe(422);
    expect(notDone.json.error.fields.photo).toBe(galleryMessages.notFinished);

    const job = await jobWithPhoto("done");
    const jobs = await owner.call(adminGallery, "GET", "/api/admin/site/gallery/jobs");
    const listed = jobs.json.jobs.find((j: { submissionId: number }) => j.submissionId === job.requestId);
    expect(listed).toMatchObject({ consent: null, photos: [{ id: job.photoId, stage: "before" }] });
    expect(jobs.json.jobs.some((j: { submissionId: number }) => j.submissionId === open.requestId)).toBe(
      false,
    );

    const refused = await post({ ...fields, photo: job.photoId });
    expect(refused.status).toBe(422);
    expect(refused.json.error.fields.photo).toBe(galleryMessages.noConsent);

    const noNote = await owner.call(adminGallery, "POST", "/api/admin/site/gallery/consents", {
      body: { submissionId: job.requestId, note: "" },
    });
    expect(noNote.status).toBe(422);
    const recorded = await owner.call(adminGallery, "POST", "/api/admin/site/gallery/consents", {
      body: { submissionId: job.requestId, note: "Agreed by e-mail on 3 December" },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.json.consent).toMatchObject({
      submissionId: job.requestId,
      recordedBy: "owner",
      method: "owner-note",
      note: "Agreed by e-mail on 3 December",
    });

    const added = await post({ ...fields, photo: job.photoId });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    expect(added.json.item.submissionId).toBe(job.requestId);
    const [image] = await t.db
      .select()
      .from(siteGalleryImages)
      .where(eq(siteGalleryImages.id, added.json.item.images[0].id));
    expect(image!.sourcePhotoId).toBe(job.photoId);
    expect((await sharp(Buffer.from(image!.bytes)).metadata()).exif).toBeUndefined();
  });

  it("records the customer's consent from the tick box on the invited review form, first record standing", async () => {
    const job = await jobWithPhoto("done");
    const token = randomBytes(32).toString("base64url");
    const now = Date.now();
    await t.db.insert(reviewInvitations).values({
      submissionId: job.requestId,
      tokenHash: hashToken(token),
      name: "Ailsa G.",
      location: "Kirkcaldy",
      jobCompletedAt: new Date(now - 86_400_000),
      expiresAt: new Date(now + 86_400_000),
    });
    const review = await testimonials(
      jsonRequest("/api/testimonials", { ...validReview(), invitation: token, galleryConsent: "yes" }),
    );
    expect(review.status).toBe(201);
    await recordConsent(
      {
        submissionId: job.requestId,
        recordedBy: "customer",
        method: "review-form",
        note: null,
        recordedAt: new Date(),
      },
      t.db,
    );
    const rows = await t.db
      .select()
      .from(galleryConsents)
      .where(eq(galleryConsents.submissionId, job.requestId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recordedBy: "customer", method: "review-form", note: null });
    expect((await post({ ...fields, photo: job.photoId })).status).toBe(201);

    // Without the tick, a review through the link records nothing.
    const other = await jobWithPhoto("done");
    const otherToken = randomBytes(32).toString("base64url");
    await t.db.insert(reviewInvitations).values({
      submissionId: other.requestId,
      tokenHash: hashToken(otherToken),
      name: "Ailsa G.",
      location: "Kirkcaldy",
      jobCompletedAt: new Date(now - 86_400_000),
      expiresAt: new Date(now + 86_400_000),
    });
    expect(
      (await testimonials(jsonRequest("/api/testimonials", { ...validReview(), invitation: otherToken })))
        .status,
    ).toBe(201);
    expect(
      await t.db.select().from(galleryConsents).where(eq(galleryConsents.submissionId, other.requestId)),
    ).toEqual([]);
  });
});

describe("publishing the gallery", () => {
  it("publishes the drafts with the rest, builds AVIF and WebP sizes without metadata, and restores", async () => {
    const owner = await adminClient();
    const pair = (await post({ ...fields, before: await jpegBlob(), after: await jpegBlob() })).json.item;
    expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);

    const published = await publicSite(serviceContext());
    expect(published.gallery).toEqual([
      {
        id: pair.id,
        kind: "pair",
        caption: fields.caption,
        town: "Kirkcaldy",
        service: "paint-wallpaper",
        serviceName: "Paint & Wallpaper",
        images: [
          { role: "before", id: pair.images[0].id },
          { role: "after", id: pair.images[1].id },
        ],
      },
    ]);
    const bytes = await galleryImageBytes([pair.images[0].id], serviceContext());
    for (const format of ["avif", "webp"] as const) {
      const size = await renderGallerySize(bytes.get(pair.images[0].id)!, 360, format);
      const meta = await sharp(size).metadata();
      expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
      expect([meta.width, meta.height]).toEqual([360, 270]);
      expect(meta.exif).toBeUndefined();
    }
  });

  it("keeps a removed item on the live site until the next publish; restoring brings it back", async () => {
    const owner = await adminClient();
    const item = (await post({ ...fields, photo: await jpegBlob(800, 600) })).json.item;
    expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);
    // A draft removed is still on the live site until the next publish; restore brings it back.
    expect((await owner.call(adminGallery, "DELETE", `/api/admin/site/gallery/${item.id}`)).status).toBe(204);
    expect((await owner.call(adminGallery, "DELETE", `/api/admin/site/gallery/${item.id}`)).status).toBe(404);
    expect((await publicSite(serviceContext())).gallery).toHaveLength(1);
    expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);
    expect((await publicSite(serviceContext())).gallery).toEqual([]);
    expect((await owner.call(adminSite, "POST", "/api/admin/site/restore")).status).toBe(202);
    expect((await publicSite(serviceContext())).gallery.map((g) => g.id)).toEqual([item.id]);
    const site = await owner.call(adminSite, "GET", "/api/admin/site");
    expect(site.json.gallery.map((g: { id: number }) => g.id)).toEqual([item.id]);
  });
});
