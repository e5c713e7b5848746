/**
 * The sizes the pages show of a gallery image (docs/decisions/058-gallery.md): a 4:3 crop (so pairs
 * and cards line up), at each of `galleryLimits.widths`, as AVIF and WebP. Made from the stored JPEG
 * (already without metadata) when the site is built; sharp writes no metadata unless asked.
 */
import { galleryLimits } from "./contract/gallery-rules";

export const galleryFormats = ["avif", "webp"] as const;
export type GalleryFormat = (typeof galleryFormats)[number];

/** The picture's height for a width (4:3). */
export const galleryHeightOf = (width: number) => Math.round((width * 3) / 4);

/** The public address of one size: /media/gallery/<image id>-<width>.<format>. */
export const galleryImagePath = (id: string, width: number, format: GalleryFormat) =>
  `/media/gallery/${id}-${width}.${format}`;

/** Every file name the pages may ask for, for these image ids. */
export function galleryFileNames(ids: readonly string[]): string[] {
  return ids.flatMap((id) =>
    galleryLimits.widths.flatMap((w) => galleryFormats.map((f) => `${id}-${w}.${f}`)),
  );
}

/** `<id>-<width>.<format>` read back, or null for anything else. */
export function parseGalleryFileName(name: string) {
  const m = /^([A-Za-z0-9_-]{16,64})-(\d+)\.(avif|webp)$/.exec(name);
  if (!m || !(galleryLimits.widths as readonly number[]).includes(Number(m[2]))) return null;
  return { id: m[1]!, width: Number(m[2]), format: m[3] as GalleryFormat };
}

export async function renderGallerySize(
  jpeg: Uint8Array,
  width: number,
  format: GalleryFormat,
): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const resized = sharp(Buffer.from(jpeg)).resize({
    width,
    height: galleryHeightOf(width),
    fit: "cover",
    position: "centre",
  });
  return format === "avif"
    ? resized.avif({ quality: 55, effort: 4 }).toBuffer()
    : resized.webp({ quality: 76 }).toBuffer();
}
