/**
 * The preview shows every draft (docs/decisions/065-gallery-editing-consent-withdrawal-and-full-preview.md):
 * a signed-in admin's preview gets the business's draft public facts and the draft gallery, whose
 * pictures are made on request at /preview/media/gallery/ (read back with sharp) for images the
 * drafts show only; the published site keeps the published facts and gallery.
 */
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import adminBusiness from "../../netlify/functions/admin-business-settings.mts";
import adminGallery from "../../netlify/functions/admin-site-gallery.mts";
import { siteGallery, sitePublications } from "../../src/features/tables";
import { previewAccess, previewGalleryImage } from "../../src/features/site-content/http-preview";
import { publicSite, publishedBusinessPart } from "../../src/features/site-content";
import { publicBusiness } from "../../src/features/business";
import { serviceContext } from "../../src/platform/context";
import { adminClient, adminOrigin } from "../helpers/admin";
import { useTestBlobs } from "../helpers/blobs";
import { useTestDatabase } from "../helpers/db";
import { galleryFields, jpegBlob, postGalleryItem } from "../helpers/gallery";

const t = useTestDatabase();
useTestBlobs();

beforeEach(async () => {
  for (const table of [siteGallery, sitePublications]) await t.db.delete(table);
});

async function previewAs(cookie: string) {
  const access = await previewAccess(
    new Request(`${adminOrigin}/preview/our-work`, { headers: { Accept: "text/html", Cookie: cookie } }),
  );
  if (!access.allowed) throw new Error("the preview refused a signed-in admin");
  return access.drafts;
}

describe("the preview's drafts", () => {
  it("states the business's draft public facts; the published pages keep the published ones", async () => {
    const owner = await adminClient();
    const ctx = serviceContext();
    await publicSite(ctx); // a fresh database publishes its first version when first asked
    const publishedPhone = (await publicBusiness(await publishedBusinessPart(ctx), ctx.now, ctx.db)).facts
      .phone;
    const saved = await owner.call(adminBusiness, "PATCH", "/api/admin/settings/business", {
      body: { phone: "0131 496 0999" },
    });
    expect(saved.status, saved.text).toBe(200);

    const drafts = await previewAs(owner.cookie);
    expect(drafts.business.facts.phone).toBe("0131 496 0999");
    const live = await publicBusiness(await publishedBusinessPart(ctx), ctx.now, ctx.db);
    expect(live.facts.phone).toBe(publishedPhone);
    expect(publishedPhone).not.toBe("0131 496 0999");
  });

  // Re-encodes a photo and makes AVIF and WebP sizes with sharp: seconds of CPU, far more on a shared machine.
  it(
    "shows the draft gallery with its pictures, made on request for the images the drafts show",
    { timeout: 90_000 },
    async () => {
      const owner = await adminClient();
      const added = await postGalleryItem({ ...galleryFields, photo: await jpegBlob(800, 600) });
      expect(added.status).toBe(201);
      const id: string = added.json.item.images[0].id;

      const drafts = await previewAs(owner.cookie);
      expect(drafts.site.gallery.map((g) => g.caption)).toEqual([galleryFields.caption]);
      expect((await publicSite(serviceContext())).gallery).toEqual([]);

      for (const [width, format, sharpFormat] of [
        [360, "avif", "heif"],
        [720, "webp", "webp"],
      ] as const) {
        const res = await previewGalleryImage(`/preview/media/gallery/${id}-${width}.${format}`, drafts.site);
        expect(res!.status).toBe(200);
        expect(res!.headers.get("content-type")).toBe(`image/${format}`);
        expect(res!.headers.get("cache-control")).toBe("private, no-store");
        const meta = await sharp(Buffer.from(await res!.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([sharpFormat, width, (width * 3) / 4]);
        expect(meta.exif).toBeUndefined();
      }

      expect(await previewGalleryImage("/preview/our-work", drafts.site)).toBeNull();
      expect((await previewGalleryImage(`/preview/media/gallery/${id}-500.webp`, drafts.site))!.status).toBe(
        404,
      );
      // Removed from the drafts: the preview no longer serves it.
      expect(
        (await owner.call(adminGallery, "DELETE", `/api/admin/site/gallery/${added.json.item.id}`)).status,
      ).toBe(204);
      const after = await previewAs(owner.cookie);
      expect(after.site.gallery).toEqual([]);
      expect((await previewGalleryImage(`/preview/media/gallery/${id}-360.avif`, after.site))!.status).toBe(
        404,
      );
    },
  );
});
