/**
 * Photo limits shared by the browser (the form islands) and the server (docs/decisions/017-photos.md).
 */
export const photoLimits = {
  /** Photos per contact message or booking request. */
  perRequest: 5,
  /** One upload request's body (Netlify's synchronous functions take 6 MB; leave room for headers). */
  uploadBytes: 5.5 * 1024 * 1024,
  /** All photos of a form posted without JavaScript, in one multipart body. */
  formPostBytes: 5.5 * 1024 * 1024,
  /** The long side the browser shrinks a photo to before upload, and the server stores at most. */
  maxSide: 2048,
  /** The thumbnail's long side. */
  thumbSide: 320,
  /** Largest decoded image the server accepts (width × height): 50 MP, well above any phone. */
  maxInputPixels: 50_000_000,
  /** The original a person may pick in the browser (it is shrunk before upload). */
  pickBytes: 20 * 1024 * 1024,
} as const;

/** An upload id: random, URL-safe, unguessable. */
export const photoIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

export const photoMessages = {
  tooMany: `Please attach at most ${photoLimits.perRequest} photos.`,
  unknown:
    "One of the photos could not be found (it may have expired after a day, or belong to another request). Please remove it and attach it again.",
  notImage: "This file is not a photo we can read. Please send a JPEG, PNG or WebP picture.",
  heic: "This looks like an iPhone HEIC/HEIF photo, which we cannot read here. Please send it as a JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible), or take a screenshot of it.",
  empty: "The file is empty. Please choose the photo again.",
  broken:
    "This photo seems damaged or incomplete, so we could not read it. Please choose it again or send a different one.",
  tooBig: `The photo is too large to send (the limit is ${Math.floor(photoLimits.uploadBytes / 1024 / 1024)} MB per photo). Please send a smaller one.`,
  tooManyPixels: "This picture has far too many pixels for a photo. Please send an ordinary photo instead.",
  formTooBig: `The photos together are too large to send with the form (the limit is ${Math.floor(photoLimits.formPostBytes / 1024 / 1024)} MB in total without JavaScript). Please attach fewer or smaller photos, or call us.`,
} as const;
