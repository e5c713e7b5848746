/**
 * The gallery's limits and messages, shared by the admin screen and the server
 * (docs/decisions/058-gallery.md). No zod here, so the screen can import it cheaply.
 */
export const galleryKinds = ["pair", "single"] as const;
export type GalleryKind = (typeof galleryKinds)[number];

/** How a customer's consent was recorded: the review form's tick box, or the owner's note. */
export const galleryConsentMethods = ["review-form", "owner-note"] as const;

export const galleryLimits = {
  captionMax: 200,
  townMax: 60,
  consentNoteMax: 500,
  /** One upload's whole multipart body (Netlify's synchronous functions take 6 MB). */
  bodyBytes: 5.5 * 1024 * 1024,
  /** The longest side of a photo we accept, in pixels; a larger one is no ordinary photo. */
  maxSidePx: 12_000,
  /** The widths the pages make of each image (a 4:3 crop), AVIF and WebP. */
  widths: [360, 720, 1080] as const,
} as const;

export const galleryMessages = {
  tooBig: `The photos are too large to send together (the limit is ${Math.floor(galleryLimits.bodyBytes / 1024 / 1024)} MB in all). Please send smaller photos.`,
  tooWide: `This picture is too large (over ${galleryLimits.maxSidePx.toLocaleString("en-GB")} pixels on a side). Please send an ordinary photo.`,
  noConsent:
    "The customer's written consent to show photos of this job is not recorded. Record it on the request (with a note of how they agreed), or ask them through the review form.",
  notFinished: "Photos can only come from a finished job (a request marked done).",
} as const;

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
