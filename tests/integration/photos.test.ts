/**
 * Photos with a request, end to end in-process: real images made by sharp, POSTed as real Request
 * objects into the function handlers, a real migrated Postgres and a real local Netlify Blobs
 * server (the one netlify dev runs).
 */
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import adminPhotos from "../../netlify/functions/admin-photos.mts";
import bookings from "../../netlify/functions/bookings.mts";
import contact from "../../netlify/functions/contact.mts";
import photosCleanup from "../../netlify/functions/photos-cleanup.mts";
import uploads from "../../netlify/functions/uploads.mts";
import { site } from "../../src/config/site";
import { photoLimits } from "../../src/features/photos/contract/rules";
import { requests, mailOutbox, photos, rateLimits } from "../../src/features/tables";
import { createSession } from "../../src/features/admin-auth/service";
import { cleanupPhotos, uploadRules } from "../../src/features/photos/service";
import { erasePerson } from "../../src/features/person-tools/service";
import { deleteRequest } from "../../src/features/request-actions/service";
import { inOneWindow } from "../helpers/clock";
import { useTestBlobs } from "../helpers/blobs";
import { useTestDatabase } from "../helpers/db";
import { hasMetadata, jpegWithGps, pdf, png, pngBomb, svg, truncatedJpeg, webp } from "../helpers/images";
import {
  bookingFormFields,
  jsonRequest,
  randomIp,
  uniqueName,
  validBooking,
  validContact,
} from "../helpers/http";

const t = useTestDatabase();
const blobs = useTestBlobs();

function rawUpload(bytes: Uint8Array, contentType = "application/octet-stream", ip = randomIp()): Request {
  return new Request("http://localhost/api/uploads", {
    method: "POST",
    headers: { "content-type": contentType, "x-forwarded-for": ip },
    body: new Uint8Array(bytes),
  });
}

function multipartUpload(bytes: Uint8Array, filename: string, type: string): Request {
  const form = new FormData();
  form.append("photo", new File([new Uint8Array(bytes)], filename, { type }));
  return new Request("http://localhost/api/uploads", {
    method: "POST",
    headers: { "x-forwarded-for": randomIp() },
    body: form,
  });
}

async function upload(bytes: Uint8Array): Promise<string> {
  const res = await uploads(rawUpload(bytes, "image/jpeg"));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } })
    .error;
}

const rowsNow = async () => (await t.db.select().from(photos)).length;

describe("POST /api/uploads", () => {
  it("re-encodes a JPEG with GPS EXIF into a JPEG with no metadata at all, plus a thumbnail", async () => {
    const original = await jpegWithGps(3000, 2000);
    expect(await hasMetadata(original)).toBe(true);
    const res = await uploads(rawUpload(original, "image/jpeg"));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; width: number; height: number };
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect([body.width, body.height]).toEqual([2048, 1365]);

    const [row] = await t.db.select().from(photos).where(eq(photos.id, body.id));
    expect(row).toMatchObject({ submissionId: null, claimedAt: null, format: "jpeg", width: 2048 });
    const full = Buffer.from((await blobs.store.get(row!.blobKey, { type: "arrayBuffer" }))!);
    const thumb = Buffer.from((await blobs.store.get(row!.thumbKey, { type: "arrayBuffer" }))!);
    expect(await hasMetadata(full)).toBe(false);
    expect(await hasMetadata(thumb)).toBe(false);
    expect((await sharp(full).metadata()).format).toBe("jpeg");
    const thumbMeta = await sharp(thumb).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(photoLimits.thumbSide);
    expect(row!.bytes).toBe(full.length);
  });

  it("judges a PNG named .jpg by its bytes (one multipart part) and stores it as JPEG", async () => {
    const res = await uploads(multipartUpload(await png(), "holiday.jpg", "image/jpeg"));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await t.db.select().from(photos).where(eq(photos.id, id));
    const full = Buffer.from((await blobs.store.get(row!.blobKey, { type: "arrayBuffer" }))!);
    expect((await sharp(full).metadata()).format).toBe("jpeg");
    expect([row!.width, row!.height]).toEqual([640, 480]);
  });

  it("takes WebP too", async () => {
    expect((await uploads(rawUpload(await webp(), "image/webp"))).status).toBe(201);
  });

  const refused: Array<[string, () => Promise<Uint8Array> | Uint8Array, string, number, RegExp]> = [
    ["an SVG (even declared as image/jpeg)", () => svg, "image/jpeg", 415, /JPEG, PNG or WebP/],
    ["a PDF", () => pdf, "image/jpeg", 415, /JPEG, PNG or WebP/],
    ["a zero-byte file", () => new Uint8Array(0), "image/jpeg", 400, /empty/],
    ["a truncated JPEG", () => truncatedJpeg(0.5), "image/jpeg", 422, /damaged or incomplete/],
    ["a 20000×20000 pixel bomb", () => pngBomb(20000), "image/png", 422, /too many pixels/],
    [
      "an iPhone HEIC this sharp build cannot decode",
      () =>
        Buffer.concat([
          Buffer.from([0, 0, 0, 24]),
          Buffer.from("ftypheic\0\0\0\0mif1heic"),
          Buffer.alloc(64),
        ]),
      "image/heic",
      415,
      /Most Compatible/,
    ],
  ];
  for (const [label, make, type, status, message] of refused) {
    it(`refuses ${label} with ${status} and a clear message, storing nothing`, async () => {
      const rowsBefore = await rowsNow();
      const blobsBefore = await blobs.keys();
      const res = await uploads(rawUpload(await make(), type));
      expect(res.status).toBe(status);
      expect((await errorOf(res)).message).toMatch(message);
      expect(await rowsNow()).toBe(rowsBefore);
      expect(await blobs.keys()).toEqual(blobsBefore);
    });
  }

  it("refuses a body over the per-upload limit with 413 before reading it", async () => {
    const big = new Uint8Array(photoLimits.uploadBytes + 1);
    const res = await uploads(rawUpload(big, "image/jpeg"));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toMatch(/too large/);
  });

  it("refuses a multipart upload with two files", async () => {
    const form = new FormData();
    form.append("a", new File([new Uint8Array(await png(32, 32))], "a.png"));
    form.append("b", new File([new Uint8Array(await png(32, 32))], "b.png"));
    const res = await uploads(new Request("http://localhost/api/uploads", { method: "POST", body: form }));
    expect(res.status).toBe(400);
  });

  it("limits uploads per client: the 31st in ten minutes gets 429 with Retry-After", async () => {
    const ip = randomIp();
    const tiny = await png(8, 8);
    const res = await inOneWindow(uploadRules.perClient.windowMs, async () => {
      for (let i = 0; i < 30; i++) expect((await uploads(rawUpload(tiny, "image/png", ip))).status).toBe(201);
      return uploads(rawUpload(tiny, "image/png", ip));
    });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
  });

  it("once the site's uploads for the day are used up, refuses more with 429 and tells the owner once", async () => {
    const windowStart = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const bucket = `${uploadRules.siteDay.name}:all`;
    await t.db
      .insert(rateLimits)
      .values({ bucket, windowStart, hits: uploadRules.siteDay.limit })
      .onConflictDoUpdate({
        target: [rateLimits.bucket, rateLimits.windowStart],
        set: { hits: uploadRules.siteDay.limit },
      });
    try {
      const storedBefore = (await t.db.select().from(photos)).length;
      const tiny = await png(8, 8);
      for (const ip of [randomIp(), randomIp()]) {
        const res = await uploads(rawUpload(tiny, "image/png", ip));
        expect(res.status).toBe(429);
        expect(res.headers.get("retry-after")).toBeTruthy();
      }
      expect(await t.db.select().from(photos)).toHaveLength(storedBefore);
      const told = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "owner_alert"))).filter(
        (m) => m.subject.includes("photo uploads are used up"),
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.toAddress).toBe(site.email);
      expect(told[0]!.textBody).toContain("forms can still be sent without them");
    } finally {
      await t.db.execute(sql`delete from rate_limits where bucket = ${bucket}`);
    }
  });
});

describe("photos on the forms", () => {
  it("a booking claims its uploads in its own transaction and the owner's e-mail counts them", async () => {
    const ids = [await upload(await jpegWithGps(800, 600)), await upload(await png())];
    const res = await bookings(jsonRequest("/api/bookings", validBooking({ photos: ids })));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const claimed = await t.db.select().from(photos).where(eq(photos.submissionId, id));
    expect(claimed.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect(claimed.every((p) => p.claimedAt !== null)).toBe(true);
    const [ownerMail] = await t.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.submissionId} = ${id} and ${mailOutbox.kind} = 'owner_submission'`);
    expect(ownerMail!.textBody).toContain("2 photos attached");
    expect(ownerMail!.textBody).toContain(`/admin/requests/${id}`);
    expect(ownerMail!.htmlBody).not.toContain("<img");
  });

  it("refuses an unknown, a malformed or an already claimed id with 422, and stores no request", async () => {
    const taken = await upload(await png());
    expect((await contact(jsonRequest("/api/contact", validContact({ photos: [taken] })))).status).toBe(201);
    for (const bad of [["A".repeat(24)], ["../../etc"], [taken], "not-an-array-" + "x".repeat(3)]) {
      const name = uniqueName("Photoless");
      const res = await contact(jsonRequest("/api/contact", validContact({ name, photos: bad })));
      expect(res.status).toBe(422);
      const error = await errorOf(res);
      expect(error.fields?.photos).toMatch(/could not be found|at most/);
      expect(await t.db.select().from(requests).where(eq(requests.name, name))).toEqual([]);
    }
  });

  it("refuses more than five photos", async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `${"B".repeat(23)}${i}`);
    const res = await contact(jsonRequest("/api/contact", validContact({ photos: ids })));
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields?.photos).toBe("Please attach at most 5 photos.");
  });

  it("without JavaScript: a multipart form post with two photos is stored with them (HTML answer)", async () => {
    const name = uniqueName("NoScript");
    const form = new FormData();
    for (const [k, v] of Object.entries(bookingFormFields({ name }))) form.append(k, String(v));
    form.append(
      "photos",
      new File([new Uint8Array(await jpegWithGps(1200, 900))], "leak.jpg", { type: "image/jpeg" }),
    );
    form.append("photos", new File([new Uint8Array(await png())], "boiler.png", { type: "image/png" }));
    form.append("photos", new File([], "", { type: "application/octet-stream" })); // an empty file input
    const res = await bookings(
      new Request("http://localhost/api/bookings", {
        method: "POST",
        headers: { accept: "text/html", "x-forwarded-for": randomIp() },
        body: form,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toContain("text/html");
    const [row] = await t.db.select().from(requests).where(eq(requests.name, name));
    const attached = await t.db.select().from(photos).where(eq(photos.submissionId, row!.id));
    expect(attached).toHaveLength(2);
    for (const p of attached) {
      expect(
        await hasMetadata(Buffer.from((await blobs.store.get(p.blobKey, { type: "arrayBuffer" }))!)),
      ).toBe(false);
    }
  });

  it("without JavaScript: photos over the total limit get 413 and a page saying so", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(validContact())) form.append(k, String(v));
    form.append("photos", new File([new Uint8Array(photoLimits.formPostBytes)], "huge.jpg"));
    const res = await contact(
      new Request("http://localhost/api/contact", {
        method: "POST",
        headers: { accept: "text/html", "x-forwarded-for": randomIp() },
        body: form,
      }),
    );
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("too large to send with the form");
  });

  it("without JavaScript: an SVG among the photos is refused with the file's name, nothing stored", async () => {
    const name = uniqueName("SvgSender");
    const form = new FormData();
    for (const [k, v] of Object.entries(validContact({ name }))) form.append(k, String(v));
    form.append("photos", new File([new Uint8Array(svg)], "drawing.svg", { type: "image/svg+xml" }));
    const res = await contact(
      new Request("http://localhost/api/contact", {
        method: "POST",
        headers: { accept: "text/html", "x-forwarded-for": randomIp() },
        body: form,
      }),
    );
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("drawing.svg");
    expect(await t.db.select().from(requests).where(eq(requests.name, name))).toEqual([]);
  });
});

describe("retention and deletion", () => {
  it("the scheduled run deletes uploads unclaimed after a day, with their blobs, and keeps claimed ones", async () => {
    const stale = await upload(await png());
    const kept = await upload(await png());
    expect((await contact(jsonRequest("/api/contact", validContact({ photos: [kept] })))).status).toBe(201);
    await t.db.execute(
      sql`update photos set created_at = now() - interval '25 hours' where id in (${stale}, ${kept})`,
    );
    const fresh = await upload(await png());

    const res = await photosCleanup();
    expect(res.status).toBe(200);
    const report = (await res.json()) as { unclaimedDeleted: number };
    expect(report.unclaimedDeleted).toBeGreaterThanOrEqual(1);
    const ids = (await t.db.select({ id: photos.id }).from(photos)).map((r) => r.id);
    expect(ids).not.toContain(stale);
    expect(ids).toContain(kept);
    expect(ids).toContain(fresh);
    const keys = await blobs.keys();
    expect(keys).not.toContain(`full/${stale}`);
    expect(keys).not.toContain(`thumb/${stale}`);
    expect(keys).toContain(`full/${kept}`);
    expect(keys).toContain(`full/${fresh}`);
    expect(site.retention.unclaimedUploadHours).toBe(24);
  });

  it("sweeps blobs no row refers to once they are an hour old, never a fresh one", async () => {
    await blobs.store.set("full/orphanAAAAAAAAAAAAAAAAAA", "x", {
      metadata: { uploadedAt: new Date(Date.now() - 2 * 3600_000).toISOString() },
    });
    await blobs.store.set("full/inflightAAAAAAAAAAAAAAAA", "x", {
      metadata: { uploadedAt: new Date().toISOString() },
    });
    const report = await cleanupPhotos();
    expect(report.orphanBlobsDeleted).toBe(1);
    const keys = await blobs.keys();
    expect(keys).not.toContain("full/orphanAAAAAAAAAAAAAAAAAA");
    expect(keys).toContain("full/inflightAAAAAAAAAAAAAAAA");
    await blobs.store.delete("full/inflightAAAAAAAAAAAAAAAA");
  });

  it("deleting a request deletes its photo rows and blobs", async () => {
    const ids = [await upload(await png()), await upload(await webp())];
    const res = await bookings(jsonRequest("/api/bookings", validBooking({ photos: ids })));
    const { id } = (await res.json()) as { id: number };
    await deleteRequest(id);
    expect(await t.db.select().from(photos).where(eq(photos.submissionId, id))).toEqual([]);
    const keys = await blobs.keys();
    for (const p of ids) {
      expect(keys).not.toContain(`full/${p}`);
      expect(keys).not.toContain(`thumb/${p}`);
    }
  });
  it("erasing a person deletes the photos of their requests, rows and blobs", async () => {
    const email = `erase.${Date.now().toString(36)}@example.com`;
    const ids = [await upload(await png())];
    const res = await bookings(jsonRequest("/api/bookings", validBooking({ email, photos: ids })));
    const { id } = (await res.json()) as { id: number };
    expect(await blobs.keys()).toContain(`full/${ids[0]}`);
    const erased = await erasePerson(email);
    expect(erased.submissions).toBe(1);
    expect(await t.db.select().from(photos).where(eq(photos.submissionId, id))).toEqual([]);
    const keys = await blobs.keys();
    expect(keys).not.toContain(`full/${ids[0]}`);
    expect(keys).not.toContain(`thumb/${ids[0]}`);
  });
});

describe("GET /api/admin/photos", () => {
  it("answers 401 without a session, for the list, the image and the thumbnail", async () => {
    const id = await upload(await png());
    for (const path of [
      `/api/admin/photos?submission=1`,
      `/api/admin/photos/${id}`,
      `/api/admin/photos/${id}/thumb`,
    ]) {
      const res = await adminPhotos(new Request(`http://localhost${path}`));
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toContain("application/json");
    }
  });

  it("serves a signed-in owner the list and the bytes with safe headers", async () => {
    const ids = [await upload(await jpegWithGps(1000, 800))];
    const res = await bookings(jsonRequest("/api/bookings", validBooking({ photos: ids })));
    const { id } = (await res.json()) as { id: number };
    const { token } = await createSession();
    const get = (path: string) =>
      adminPhotos(new Request(`http://localhost${path}`, { headers: { cookie: `kh_admin=${token}` } }));

    const list = await get(`/api/admin/photos?submission=${id}`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { photos: Array<{ id: string }> }).photos.map((p) => p.id)).toEqual(ids);

    for (const [path, disposition] of [
      [`/api/admin/photos/${ids[0]}`, /^inline; filename="request-\d+-photo-.+\.jpg"$/],
      [`/api/admin/photos/${ids[0]}/thumb`, /^inline; filename=".+-thumb\.jpg"$/],
      [`/api/admin/photos/${ids[0]}?download=1`, /^attachment; filename=".+\.jpg"$/],
    ] as const) {
      const img = await get(path);
      expect(img.status).toBe(200);
      expect(img.headers.get("content-type")).toBe("image/jpeg");
      expect(img.headers.get("x-content-type-options")).toBe("nosniff");
      expect(img.headers.get("cache-control")).toBe("private, no-store");
      expect(img.headers.get("content-disposition")).toMatch(disposition);
      expect(await hasMetadata(Buffer.from(await img.arrayBuffer()))).toBe(false);
    }
    expect((await get(`/api/admin/photos/${"Z".repeat(24)}`)).status).toBe(404);
    expect((await get(`/api/admin/photos/${ids[0]}/original`)).status).toBe(404);
  });
});
