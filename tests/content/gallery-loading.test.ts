/**
 * The gallery's photos load as the build check requires (scripts/lib/gallery-loading.mjs,
 * docs/decisions/072-gallery-first-screen.md), on pages with published photos: the build the test
 * suite checks is made without a database, so its gallery is empty. The owner adds three items for
 * one service (a pair first) and one for another through the real admin endpoint and publishes;
 * /our-work and the service's page are rendered by Astro's container API from that database and
 * read with an HTML parser. The rule itself is shown to catch each fault on altered copies.
 */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { getContainerRenderer as reactRenderer } from "@astrojs/react/container-renderer";
import { loadRenderers } from "astro:container";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryLoadingProblems, galleryPhotoCount } from "../../scripts/lib/gallery-loading.mjs";
import { serveLocalDb, type LocalDbServer } from "../../scripts/lib/pglite-server";
import { site } from "../../src/config/site";
import { publishSite } from "../../src/features/site-content";
import { setDatabase } from "../../src/platform/db/client";
import { setLogSink } from "../../src/platform/log";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { galleryFields, jpegBlob, postGalleryItem } from "../helpers/gallery";

type PageModule = {
  default: Parameters<AstroContainer["renderToString"]>[0];
  getStaticPaths?: () => Promise<{ params: Record<string, string>; props: Record<string, unknown> }[]>;
};
const modules = import.meta.glob<PageModule>("../../src/pages/**/*.astro");

let t: TestDatabase;
let served: LocalDbServer | undefined;
let container: AstroContainer;
const saved = { ...process.env };
const pages: Record<string, string> = {};
/** The gallery's <img> tags of a page, and its preloads of gallery photos, as written. */
const galleryImgs = (html: string) => html.match(/<img [^>]*src="\/media\/gallery\/[^>]*>/g) ?? [];
const galleryPreloadTags = (html: string) =>
  html.match(/<link rel="preload"[^>]*imagesrcset="\/media\/gallery\/[^>]*>/g) ?? [];

async function render(path: string): Promise<string> {
  const service = /^\/services\/([a-z0-9-]+)$/.exec(path)?.[1];
  const mod =
    await modules[service ? "../../src/pages/services/[id].astro" : `../../src/pages${path}.astro`]!();
  const entry = service ? (await mod.getStaticPaths?.())?.find((p) => p.params["id"] === service) : undefined;
  return container.renderToString(mod.default, {
    request: new Request(new URL(path, site.defaultUrl)),
    ...(entry ? { params: entry.params, props: entry.props } : {}),
  });
}

beforeAll(async () => {
  process.env["RATE_LIMIT_SECRET"] ??= randomBytes(32).toString("hex");
  setLogSink(() => {});
  t = await createTestDatabase();
  setDatabase(t.db);
  served = t.pglite ? await serveLocalDb(t.pglite) : undefined;
  process.env["DATABASE_URL"] = served?.url ?? t.url!;
  const pair = async () => ({ before: await jpegBlob(800, 600), after: await jpegBlob(800, 600) });
  const items = [
    { ...galleryFields, caption: "Hall repainted", ...(await pair()) },
    { ...galleryFields, caption: "Bedroom papered", photo: await jpegBlob(800, 600) },
    { ...galleryFields, caption: "Stairwell painted", ...(await pair()) },
    {
      ...galleryFields,
      caption: "Kitchen fitted",
      service: "kitchen-bathroom",
      photo: await jpegBlob(800, 600),
    },
  ];
  for (const item of items) expect((await postGalleryItem(item)).status).toBe(201);
  await publishSite({ db: t.db, now: new Date(), client: "test", actor: { kind: "owner" } });
  container = await AstroContainer.create({ renderers: await loadRenderers([reactRenderer()]) });
  for (const path of ["/our-work", "/services/paint-wallpaper"]) pages[path] = await render(path);
});

afterAll(async () => {
  process.env = saved;
  await served?.stop();
  await t?.close();
});

describe("the gallery's photos on pages built with published photos", () => {
  it("/our-work: every photo lazy; the first item's two preloaded from the <head> with high priority, for wide screens only", () => {
    const html = pages["/our-work"]!;
    expect(galleryPhotoCount(html)).toBe(6);
    expect(galleryLoadingProblems(html, { firstScreen: true })).toEqual([]);
    expect(galleryImgs(html).filter((img) => img.includes('loading="lazy"'))).toHaveLength(6);
    const preloads = galleryPreloadTags(html);
    expect(preloads).toHaveLength(2);
    for (const link of preloads) {
      expect(link).toContain('fetchpriority="high"');
      expect(link).toContain('media="(min-width: 640px)"');
    }
    expect(html.indexOf(preloads[0]!)).toBeLessThan(html.indexOf("</head>"));
  });

  it("a service page: its three items' five photos are all lazy, none preloaded", () => {
    const html = pages["/services/paint-wallpaper"]!;
    expect(galleryPhotoCount(html)).toBe(5);
    expect(galleryLoadingProblems(html, { firstScreen: false })).toEqual([]);
    expect(galleryImgs(html).filter((img) => img.includes('loading="lazy"'))).toHaveLength(5);
    expect(galleryPreloadTags(html)).toEqual([]);
  });
});

describe("the rule catches each fault", () => {
  const html = () => pages["/our-work"]!;
  const firstImg = (page: string) => galleryImgs(page)[0]!;
  const problems = (page: string, firstScreen = true) =>
    galleryLoadingProblems(page, { firstScreen }).join("\n");

  it("a first-screen photo without its preload, or with a preload a phone would fetch too", () => {
    const [first, second] = galleryPreloadTags(html());
    expect(problems(html().replace(first!, ""))).toMatch(
      /item 1, .*: a photo of the first screen with no preload/,
    );
    const everywhere = html().replace(second!, second!.replace(/ media="[^"]*"/, ""));
    expect(problems(everywhere)).toMatch(/item 1, .*: its preload has no media query/);
    const low = html().replace(first!, first!.replace('fetchpriority="high"', 'fetchpriority="low"'));
    expect(problems(low)).toMatch(/item 1, .*: its preload's fetchpriority is not "high"/);
  });

  it("a photo that is not lazy, has no width, height or sizes, or would be fetched before a phone's first paint", () => {
    const img = firstImg(html());
    const eager = html().replace(img, img.replace('loading="lazy"', 'loading="eager"'));
    expect(problems(eager)).toMatch(/item 1, .*: loading="eager", not lazy/);
    const bare = html().replace(img, img.replace(/ (width|height|sizes)="[^"]*"/g, ""));
    for (const fault of ["no width", "no height", "no sizes"]) expect(problems(bare)).toContain(fault);
    const early = html().replace(img, img.replace("gallery-photo ", ""));
    expect(problems(early)).toMatch(/item 1, .*: no gallery-photo class/);
  });

  it("a preload on a page whose photos are all below the first screen", () => {
    expect(problems(html(), false)).toMatch(/item 1, .*: preloaded, though below the first screen/);
  });
});
