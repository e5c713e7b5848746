/**
 * Shrinking a photo in the browser before upload: decode with createImageBitmap (turned upright by
 * its EXIF orientation), draw at most `maxSide` px on the long side onto a canvas, and encode as
 * JPEG. The canvas writes no EXIF, so the location never leaves the phone. A 4 MB phone photo
 * becomes a few hundred KB. No library: the browser does it all.
 */
export interface Shrunk {
  blob: Blob;
  width: number;
  height: number;
}

export async function shrinkPhoto(file: Blob, maxSide: number, quality = 0.85): Promise<Shrunk> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d context");
    context.fillStyle = "#ffffff"; // transparent PNG areas become white, as on the server
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (!blob) throw new Error("encoding failed");
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}
