/**
 * Real images made in the test with sharp (no fixtures on disk).
 */
import sharp, { type Sharp } from "sharp";
import { deflateSync } from "node:zlib";

/**
 * A picture with gradients and a photo's fine grain, `width`×`height`: its JPEG is about the size
 * of a phone photo's (0.4 MB at 1600 × 1200, quality 90). Full-range noise made a JPEG four times
 * that, and each AVIF size of it five times the encoder's work of a photo's.
 */
export async function noisyRaw(width: number, height: number): Promise<Sharp> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 240) / width + (seed & 15);
    pixels[i + 1] = (y * 240) / height + ((seed >> 8) & 15);
    pixels[i + 2] = 120 + ((seed >> 16) & 15);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A JPEG carrying camera EXIF and a GPS position (Kirkcaldy). */
export async function jpegWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return (await noisyRaw(width, height))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "GPS-Leaker 1", Software: "Camera 1.0" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "56/1 6/1 3600/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "3/1 9/1 3600/100",
      },
    })
    .toBuffer();
}

export async function png(width = 640, height = 480): Promise<Buffer> {
  return (await noisyRaw(width, height)).png().toBuffer();
}

export async function webp(width = 640, height = 480): Promise<Buffer> {
  return (await noisyRaw(width, height)).webp().toBuffer();
}

export const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
);

export const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The first `fraction` of a real JPEG. */
export async function truncatedJpeg(fraction = 0.5): Promise<Buffer> {
  const full = await (await noisyRaw(800, 600)).jpeg().toBuffer();
  return full.subarray(0, Math.floor(full.length * fraction));
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header saying `side`×`side` pixels (20000×20000 = 400 MP,
 * 1.2 GB decoded) over a few KB of compressed zero rows. A decoder without a pixel limit would try
 * to allocate the whole picture.
 */
export function pngBomb(side = 20000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const rows = Buffer.alloc((side * 3 + 1) * 64); // the first 64 rows of zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** True when the JPEG/WebP/PNG has any EXIF, XMP, IPTC or ICC block, or the bytes mention GPS. */
export async function hasMetadata(bytes: Buffer | Uint8Array): Promise<boolean> {
  const buf = Buffer.from(bytes);
  const meta = await sharp(buf).metadata();
  if (meta.exif || meta.xmp || meta.iptc || meta.icc) return true;
  const latin = buf.toString("latin1");
  return latin.includes("Exif\0") || latin.includes("TestPhone") || latin.includes("GPS");
}

/**
 * A photo-like picture: smooth gradients and shapes with a little sensor noise, so its JPEG is the
 * size of a real phone photo (a 12 MP one is a few MB), not the size of pure noise.
 */
export async function photoLike(width: number, height: number): Promise<Sharp> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 987654321;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed >> 16) & 15;
      const i = (y * width + x) * 3;
      const wave = 40 * Math.sin(x / 97) * Math.cos(y / 131);
      pixels[i] = Math.max(0, Math.min(255, (x * 200) / width + wave + n));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 180) / height + 30 - wave + n));
      pixels[i + 2] = Math.max(0, Math.min(255, 90 + ((x ^ y) & 63) + n));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A 12 MP (4000×3000) phone-like JPEG with camera EXIF and GPS. */
export async function twelveMegapixelJpeg(): Promise<Buffer> {
  return (await photoLike(4000, 3000))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "TestPhone", Model: "GPS-Leaker 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "56/1 6/1 3600/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "3/1 9/1 3600/100",
      },
    })
    .toBuffer();
}
