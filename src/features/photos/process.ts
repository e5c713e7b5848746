/**
 * Turning untrusted bytes into a safe photo (docs/decisions/017-photos.md):
 *
 *   const photo = await processPhoto(bytes);   // throws a domain error (4xx at the edge) for anything else
 *   photo.full / photo.thumb                    // JPEG bytes, no metadata at all
 *
 * 1. The kind of file is decided by its first bytes, never by its name or declared type: JPEG,
 *    PNG and WebP are accepted; HEIC/HEIF only if this sharp build can decode it; SVG, PDF and
 *    everything else are refused.
 * 2. sharp decodes it with a pixel limit (a small file that decodes to billions of pixels is
 *    refused from its header) and fails on truncated or damaged data.
 * 3. The picture is turned upright (EXIF orientation), shrunk to at most 2048 px on the long side
 *    and re-encoded as JPEG; sharp writes no EXIF, GPS, XMP or ICC metadata unless asked to, so
 *    none of the original's survives. A 320 px thumbnail is made the same way.
 */
import { createHash } from "node:crypto";
import type { Metadata, SharpOptions } from "sharp";
import { photoLimits, photoMessages } from "./contract/rules";
import { DomainError, Invalid, Unreadable, UnsupportedType } from "../../platform/domain-errors";

export type SniffedKind = "jpeg" | "png" | "webp" | "heif" | "svg" | "pdf" | "unknown";

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** What the first bytes say the file is. */
export function sniffImage(bytes: Uint8Array): SniffedKind {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    if (["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].includes(brand)) return "heif";
  }
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"))) return "svg";
  return "unknown";
}

export interface ProcessedPhoto {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  format: "jpeg";
  /** SHA-256 (hex) of the stored full-size bytes. */
  contentHash: string;
  /** What the upload was, by its bytes. */
  sourceKind: SniffedKind;
}

/** A refusal in the rule's words: unreadable (400), not a photo we take (415), broken or too big (422). */
const refuse = (
  kind: "unreadable" | "unsupported" | "invalid",
  code: string,
  message: string,
): DomainError =>
  kind === "unreadable"
    ? new Unreadable(message, code)
    : kind === "unsupported"
      ? new UnsupportedType(message, code)
      : new Invalid(message, { code });

/**
 * Whether this sharp build decodes HEIC (HEVC inside HEIF). The prebuilt binaries read only AVIF
 * from the HEIF family (HEVC is patent-encumbered), so iPhone photos in HEIC are refused with a
 * message saying how to send a JPEG instead.
 */
function canReadHeif(sharp: Sharp): boolean {
  const suffixes = (sharp.format.heif?.input as { fileSuffix?: string[] } | undefined)?.fileSuffix ?? [];
  return suffixes.includes(".heic");
}

type Sharp = (typeof import("sharp"))["default"];

/**
 * sharp (and its 18 MB libvips) is loaded by the first photo, not by the cold start of every
 * function that only shares a module with this one.
 */
async function loadSharp(): Promise<Sharp> {
  return (await import("sharp")).default;
}

function decodeOptions(): SharpOptions {
  return { limitInputPixels: photoLimits.maxInputPixels, failOn: "truncated", sequentialRead: true };
}

export async function processPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
  if (input.byteLength === 0) throw refuse("unreadable", "empty_photo", photoMessages.empty);
  const kind = sniffImage(input);
  if (kind !== "jpeg" && kind !== "png" && kind !== "webp" && kind !== "heif") {
    throw refuse("unsupported", "unsupported_photo", photoMessages.notImage);
  }
  const sharp = await loadSharp();
  if (kind === "heif" && !canReadHeif(sharp))
    throw refuse("unsupported", "unsupported_photo", photoMessages.heic);
  const buffer = Buffer.from(input.buffer, input.byteOffset, input.byteLength);

  let meta: Metadata;
  try {
    meta = await sharp(buffer, decodeOptions()).metadata();
  } catch (error) {
    throw decodeFailure(error, kind);
  }
  if (!meta.width || !meta.height) throw refuse("invalid", "broken_photo", photoMessages.broken);
  if (meta.width * meta.height > photoLimits.maxInputPixels) {
    throw refuse("invalid", "photo_too_many_pixels", photoMessages.tooManyPixels);
  }
  // Animated images: only the first frame is kept (sharp reads one page by default).

  try {
    const upright = sharp(buffer, decodeOptions()).rotate();
    const { data: full, info } = await upright
      .clone()
      .resize({
        width: photoLimits.maxSide,
        height: photoLimits.maxSide,
        fit: "inside",
        withoutEnlargement: true,
      })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, progressive: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await upright
      .clone()
      .resize({
        width: photoLimits.thumbSide,
        height: photoLimits.thumbSide,
        fit: "inside",
        withoutEnlargement: true,
      })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 75 })
      .toBuffer();
    return {
      full,
      thumb,
      width: info.width,
      height: info.height,
      format: "jpeg",
      contentHash: createHash("sha256").update(full).digest("hex"),
      sourceKind: kind,
    };
  } catch (error) {
    throw decodeFailure(error, kind);
  }
}

/** sharp's error as the visitor's message: too many pixels, or unreadable. */
function decodeFailure(error: unknown, kind: SniffedKind): DomainError {
  const message = error instanceof Error ? error.message : "";
  if (/pixel limit/i.test(message))
    return refuse("invalid", "photo_too_many_pixels", photoMessages.tooManyPixels);
  if (kind === "heif") return refuse("unsupported", "unsupported_photo", photoMessages.heic);
  return refuse("invalid", "broken_photo", photoMessages.broken);
}
