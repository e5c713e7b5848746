/**
 * The legal and FAQ pages give the phone the owner PUBLISHED, never the config's first number nor
 * a draft (docs/decisions/071-published-facts-everywhere.md): on a migrated database served over
 * the PostgreSQL protocol (DATABASE_URL, as Netlify's build has it), the first install's content
 * is seeded, the owner publishes a new phone and then saves another as a draft; the terms page
 * (its consumer-rights sections, the model cancellation form) and the FAQ page (the seeded answers,
 * the header and footer), rendered by Astro's container API, give the published number, and
 * neither the config's nor the draft's appears anywhere in their HTML.
 */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { getContainerRenderer as reactRenderer } from "@astrojs/react/container-renderer";
import { loadRenderers } from "astro:container";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "../../src/config/site";
import { updateBusinessSettings } from "../../src/features/business/service";
import { publishSite } from "../../src/features/site-content/service-publish";
import { ensureSiteContent } from "../../src/features/site-content/service-seed";
import type { ServiceContext } from "../../src/platform/context";
import { serveLocalDb, type LocalDbServer } from "../../scripts/lib/pglite-server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

type PageModule = { default: Parameters<AstroContainer["renderToString"]>[0] };
const modules = import.meta.glob<PageModule>("../../src/pages/*.astro");

let t: TestDatabase;
let server: LocalDbServer | undefined;
let container: AstroContainer;
const saved = process.env["DATABASE_URL"];
const ctx = (): ServiceContext => ({ db: t.db, now: new Date(), client: "test", actor: { kind: "owner" } });
const published = "01592 612 345";
const draft = "07700 900 456";

async function render(path: string): Promise<string> {
  const mod = await modules[`../../src/pages${path}.astro`]!();
  return container.renderToString(mod.default, { request: new Request(new URL(path, site.defaultUrl)) });
}

/** The text a visitor reads (tags dropped, entities decoded, spaces collapsed). */
const textOf = (html: string) =>
  html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

/** Neither the config's number nor the draft's, in any form a page writes a phone. */
function expectOnlyPublished(html: string) {
  for (const other of [site.phone.display, site.phone.e164, draft, "+447700900456"])
    expect(html, other).not.toContain(other);
  expect(html).not.toMatch(/__business_\w+__/);
}

beforeAll(async () => {
  t = await createTestDatabase();
  server = t.pglite ? await serveLocalDb(t.pglite) : undefined;
  process.env["DATABASE_URL"] = server?.url ?? t.url!;
  // A site already running: its first content seeded (the FAQs with it), then a new phone published.
  await ensureSiteContent(ctx());
  await updateBusinessSettings({ phone: published }, ctx());
  await publishSite(ctx());
  await updateBusinessSettings({ phone: draft }, ctx());
  container = await AstroContainer.create({ renderers: await loadRenderers([reactRenderer()]) });
});

afterAll(async () => {
  if (saved === undefined) delete process.env["DATABASE_URL"];
  else process.env["DATABASE_URL"] = saved;
  await server?.stop();
  await t?.close();
});

describe("the published phone on the legal and FAQ pages", () => {
  it("the terms page's consumer rights and model cancellation form give the published phone", async () => {
    const html = await render("/terms-of-service");
    const text = textOf(html);
    expect(text).toMatch(new RegExp(`If you have a complaint, please tell us first on ${published} `));
    expect(text).toMatch(new RegExp(`, phone ${published}, e-mail `));
    expect(html).toContain('href="tel:+441592612345"');
    expectOnlyPublished(html);
  });

  it("the FAQ page's seeded answers name no stale phone; its header gives the published one", async () => {
    const html = await render("/faqs");
    const text = textOf(html);
    expect(text).toContain("phone us rather than sending a form");
    expect(text).toContain(published);
    expect(html).toContain('href="tel:+441592612345"');
    expectOnlyPublished(html);
  });
});
