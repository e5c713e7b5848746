/**
 * The sizes the pages show of a gallery image (docs/decisions/058-gallery.md): a 4:3 crop (so pairs
 * and cards line up), at each of `galleryLimits.widths`, as AVIF and WebP. Made from the stored JPEG
 * (already without metadata) when the site is built; sharp writes no metadata unless asked.
 */
import { galleryHeightOf, type GalleryFormat } from "./contract/gallery-rules";

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
