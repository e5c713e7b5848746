/**
 * How wide a gallery photo is shown, for `sizes`, and its `srcset` (docs/decisions/058-gallery.md,
 * 072-gallery-first-screen.md). Shared by the cards and /our-work's preload of its first photos, so
 * the browser picks the same file for both.
 */
import {
  galleryImagePath,
  galleryLimits,
  type GalleryFormat,
} from "../../features/site-content/contract/gallery-rules";
import type { PublicGalleryItem } from "../../features/site-content/contract/public";

/**
 * The card's width in the grid (container-page: 1280 px at most, 16/24/32 px side padding; one,
 * two, then three columns 24 px apart), so the browser picks the smallest size that fills it.
 */
const single =
  "(min-width: 1280px) 390px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)";
/** A pair spans two columns from 640 px; its halves are 2 px apart. */
const half =
  "(min-width: 1280px) 400px, (min-width: 1024px) calc((100vw - 112px) / 3 + 11px), (min-width: 640px) calc(50vw - 25px), calc(50vw - 17px)";

export const gallerySizes = (kind: PublicGalleryItem["kind"]) => (kind === "pair" ? half : single);

export const gallerySrcset = (id: string, format: GalleryFormat) =>
  galleryLimits.widths.map((w) => `${galleryImagePath(id, w, format)} ${w}w`).join(", ");

/**
 * Where the first item of /our-work is in the first screen: from 640 px wide (a tablet, a desktop).
 * On a phone it starts below the first screen, under the page's heading, which is the largest paint.
 */
export const galleryFirstScreenMedia = "(min-width: 640px)";
