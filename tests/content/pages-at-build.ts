/**
 * The pages as the build renders them after the owner saved and published business details: on a
 * migrated database served over the PostgreSQL protocol (DATABASE_URL, as Netlify's build has it),
 * rendered by Astro's container API. `pagesAfterPublish(publish)` registers the suite's set-up and
 * tear-down: a fresh database, `publish(ctx)` (save, publish, then save a draft the pages must not
 * show), and the container; it returns `render(path)`.
 */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { getContainerRenderer as reactRenderer } from "@astrojs/react/container-renderer";
import { loadRenderers } from "astro:container";
import { afterAll, beforeAll } from "vitest";
import { site } from "../../src/config/site";
import type { ServiceContext } from "../../src/platform/context";
import { serveLocalDb, type LocalDbServer } from "../../scripts/lib/pglite-server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

type PageModule = { default: Parameters<AstroContainer["renderToString"]>[0] };
const modules = import.meta.glob<PageModule>("../../src/pages/*.astro");

export function pagesAfterPublish(publish: (ctx: () => ServiceContext) => Promise<void>) {
  let t: TestDatabase;
  let server: LocalDbServer | undefined;
  let container: AstroContainer;
  const saved = process.env["DATABASE_URL"];
  const ctx = (): ServiceContext => ({ db: t.db, now: new Date(), client: "test", actor: { kind: "owner" } });

  beforeAll(async () => {
    t = await createTestDatabase();
    server = t.pglite ? await serveLocalDb(t.pglite) : undefined;
    process.env["DATABASE_URL"] = server?.url ?? t.url!;
    await publish(ctx);
    container = await AstroContainer.create({ renderers: await loadRenderers([reactRenderer()]) });
  });

  afterAll(async () => {
    if (saved === undefined) delete process.env["DATABASE_URL"];
    else process.env["DATABASE_URL"] = saved;
    await server?.stop();
    await t?.close();
  });

  return {
    async render(path: string): Promise<string> {
      const file = path === "/" ? "/index" : path;
      const mod = await modules[`../../src/pages${file}.astro`]!();
      return container.renderToString(mod.default, { request: new Request(new URL(path, site.defaultUrl)) });
    },
  };
}

/** The text a visitor reads (tags dropped, entities decoded, spaces collapsed). */
export const textOf = (html: string) =>
  html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
export const footerOf = (html: string) => textOf(/<footer[\s\S]*<\/footer>/.exec(html)![0]);
export const mainOf = (html: string) => textOf(/<main[\s\S]*<\/main>/.exec(html)![0]);
/** The business's JSON-LD, read with JSON.parse. */
export const businessLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((j) => j["@type"] === "HomeAndConstructionBusiness")!;
