/**
 * A rebuild on the local production host takes the gallery's image files from the build it replaces
 * (src/components/sections/site-at-build.ts, SITE_GALLERY_FILES_FROM set by scripts/lib/local-rebuild.ts)
 * rather than encoding them again: an image id never changes, so neither do its sizes.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { galleryImageFileAtBuild, siteAtBuild } from "../../src/components/sections/site-at-build";

const id = "Kq3v9XnR2bLw7TfY";
let served: string;
const bytes = Buffer.from("an AVIF file the served build made");

beforeAll(async () => {
  served = await mkdtemp(path.join(tmpdir(), "gallery-served-"));
  await mkdir(path.join(served, "media", "gallery"), { recursive: true });
  await writeFile(path.join(served, "media", "gallery", `${id}-360.avif`), bytes);
  // Loads the site-content feature once, here, not inside the first test that falls back to it.
  await siteAtBuild();
  // That import takes seconds when other work shares the machine's two cores.
}, 60_000);
afterAll(() => rm(served, { recursive: true, force: true }));

beforeEach(() => {
  // A build, not `astro dev`, and no database: a file not taken from the served build is not made.
  vi.stubEnv("DEV", false);
  vi.stubEnv("PROD", true);
  vi.stubEnv("DATABASE_URL", "");
});
afterEach(() => vi.unstubAllEnvs());

describe("gallery files at a local rebuild", () => {
  it("takes a file the served build holds, byte for byte", async () => {
    vi.stubEnv("SITE_GALLERY_FILES_FROM", served);
    const file = await galleryImageFileAtBuild({ id, width: 360, format: "avif" });
    expect(file?.equals(bytes)).toBe(true);
  });

  it("makes (here: cannot make) a size or format the served build does not hold", async () => {
    vi.stubEnv("SITE_GALLERY_FILES_FROM", served);
    expect(await galleryImageFileAtBuild({ id, width: 360, format: "webp" })).toBeUndefined();
    expect(await galleryImageFileAtBuild({ id, width: 720, format: "avif" })).toBeUndefined();
  });

  it("reuses nothing where the host did not ask for it (Netlify's build, a first build)", async () => {
    vi.stubEnv("SITE_GALLERY_FILES_FROM", "");
    expect(await galleryImageFileAtBuild({ id, width: 360, format: "avif" })).toBeUndefined();
  });

  it("reuses nothing under `astro dev`, which makes each file when asked", async () => {
    vi.stubEnv("DEV", true);
    vi.stubEnv("PROD", false);
    vi.stubEnv("SITE_GALLERY_FILES_FROM", served);
    expect(await galleryImageFileAtBuild({ id, width: 360, format: "avif" })).toBeUndefined();
  });
});
