/**
 * `npx tsx scripts/gallery-build.ts [OUT_DIR]` (default bench-results/gallery-dist): a production
 * build whose gallery has published photos, for `BENCH_DIST=<OUT_DIR> npm run bench:lighthouse`
 * and the build's checks (`CHECK_DIST=<OUT_DIR> node scripts/check-build.mjs`). A build made without
 * a database shows "Photos are on their way" on /our-work, so its figures say nothing about the
 * pictures.
 *
 * A fresh embedded database (PGlite, from the migrated template) served over the PostgreSQL
 * protocol; the owner adds GALLERY_ITEMS items (default 9: pairs and single photos, photo-like
 * 1600×1200 JPEGs, across three services) through the real admin endpoint, publishes, and
 * `astro build --outDir OUT_DIR` reads the published content and makes every AVIF/WebP size, as
 * Netlify's build does. Nothing is kept but the folder.
 */
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import adminGallery from "../netlify/functions/admin-site-gallery.mts";
import { createSession } from "../src/features/admin-auth";
import { publishSite } from "../src/features/site-content";
import { setDatabase, type Database } from "../src/platform/db/client";
import { pgliteTemplate } from "./lib/pglite-template";
import { serveLocalDb } from "./lib/pglite-server";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.resolve(process.argv[2] ?? "bench-results/gallery-dist");
const count = Number(process.env["GALLERY_ITEMS"] ?? 9);
const origin = "http://localhost:8888";
const services = ["paint-wallpaper", "kitchen-bathroom", "floor-carpet"];

/** A photo-like JPEG (gradients, shapes, a little noise): its encodings are the size of a real photo's. */
async function photo(seed: number, width = 1600, height = 1200): Promise<Blob> {
  const pixels = Buffer.alloc(width * height * 3);
  let s = seed * 7919 + 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const n = (s >> 16) & 15;
      const wave = 40 * Math.sin((x + seed * 50) / 97) * Math.cos(y / 131);
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, (x * 200) / width + wave + n));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 180) / height + 30 - wave + n));
      pixels[i + 2] = Math.max(0, Math.min(255, 90 + seed * 9 + ((x ^ y) & 63) + n));
    }
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" });
}

async function addItem(index: number, cookie: string) {
  const form = new FormData();
  form.set("caption", `Finished job number ${index + 1}: walls, woodwork and a tidy finish`);
  form.set("town", ["Kirkcaldy", "Dysart", "Burntisland", "Glenrothes"][index % 4]!);
  form.set("service", services[index % services.length]!);
  if (index % 3 === 2) form.set("photo", await photo(index));
  else {
    form.set("before", await photo(index * 2));
    form.set("after", await photo(index * 2 + 1));
  }
  const body = new Response(form);
  const res = await adminGallery(
    new Request(`${origin}/api/admin/site/gallery`, {
      method: "POST",
      headers: {
        Origin: origin,
        Accept: "application/json",
        Cookie: cookie,
        "Content-Type": body.headers.get("content-type")!,
      },
      body: await body.arrayBuffer(),
    }),
  );
  if (res.status !== 201) throw new Error(`gallery item ${index + 1}: ${res.status} ${await res.text()}`);
}

process.env["RATE_LIMIT_SECRET"] ??= randomBytes(32).toString("hex");
const pg = await PGlite.create({ loadDataDir: await pgliteTemplate() });
const db = drizzle(pg) as unknown as Database;
setDatabase(db);
const served = await serveLocalDb(pg);
try {
  const { token } = await createSession();
  for (let i = 0; i < count; i++) await addItem(i, `kh_admin=${token}`);
  await publishSite({ db, now: new Date(), client: "script", actor: { kind: "owner" } });
  console.log(`gallery-build: ${count} items published; building into ${path.relative(root, outDir)}`);
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: served.url };
  const astro = path.join(root, "node_modules/astro/bin/astro.mjs");
  // Asynchronous: the database is served from this process while the build reads it.
  const build = spawn(process.execPath, [astro, "build", "--outDir", outDir], { env, stdio: "inherit" });
  const [code] = (await once(build, "exit")) as [number | null];
  if (code !== 0) throw new Error(`astro build failed (${code})`);
} finally {
  await served.stop();
  await pg.close();
}
