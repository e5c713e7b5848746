/**
 * Under `astro dev` (as `npm run dev` runs the site) every page reads the published content again,
 * so the owner sees a publish at once (docs/decisions/056-services-from-published-content.md). The
 * real pages are rendered through Astro's container API against a real database (PGlite served
 * over the Postgres protocol, or PostgreSQL under scripts/with-postgres.ts) and read back with an
 * HTML parser: change a price and publish, and the service page, the booking form's list and the
 * structured data follow; add a service and book it; hide it and its address answers 410 Gone
 * while bookings of it are refused.
 */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { getContainerRenderer as reactRenderer } from "@astrojs/react/container-renderer";
import { loadRenderers } from "astro:container";
import { parse } from "parse5";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import adminSite from "../../netlify/functions/admin-site.mts";
import bookings from "../../netlify/functions/bookings.mts";
import { serveLocalDb, type LocalDbServer } from "../../scripts/lib/pglite-server";
import { site } from "../../src/config/site";
import { setDatabase } from "../../src/platform/db/client";
import { setLogSink } from "../../src/platform/log";
import { adminClient } from "../helpers/admin";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { jsonRequest, uniqueName, validBooking } from "../helpers/http";

type PageModule = {
  default: Parameters<AstroContainer["renderToString"]>[0];
  getStaticPaths?: () => Promise<{ params: Record<string, string>; props: Record<string, unknown> }[]>;
};
const modules = import.meta.glob<PageModule>("../../src/pages/**/*.astro");

let t: TestDatabase;
let served: LocalDbServer | undefined;
let container: AstroContainer;
const saved = { ...process.env };

beforeAll(async () => {
  process.env["RATE_LIMIT_SECRET"] ??= randomBytes(32).toString("hex");
  process.env["SIMULATE_CLIENTS"] = "1";
  setLogSink(() => {});
  t = await createTestDatabase();
  setDatabase(t.db);
  served = t.pglite ? await serveLocalDb(t.pglite) : undefined;
  process.env["DATABASE_URL"] = served?.url ?? t.url!;
  delete process.env["NETLIFY_BUILD_HOOK_URL"];
  container = await AstroContainer.create({ renderers: await loadRenderers([reactRenderer()]) });
});

afterAll(async () => {
  process.env = saved;
  await served?.stop();
  await t?.close();
});

interface Node {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
}
const all = (root: Node): Node[] => [root, ...(root.childNodes ?? []).flatMap(all)];
const attr = (n: Node, name: string) => n.attrs?.find((a) => a.name === name)?.value;
const text = (n: Node): string =>
  n.nodeName === "#text" ? (n.value ?? "") : (n.childNodes ?? []).map(text).join("");

/** Renders a page as the dev server does and reads it with parse5. */
async function render(path: string) {
  const service = /^\/services\/([a-z0-9-]+)$/.exec(path)?.[1];
  const file = service
    ? "../../src/pages/services/[id].astro"
    : `../../src/pages${path === "/" || path === "/services" ? `${path.replace(/\/$/, "")}/index` : path}.astro`;
  const mod = await modules[file]!();
  const entry = service ? (await mod.getStaticPaths?.())?.find((p) => p.params["id"] === service) : undefined;
  if (service && !entry) return { status: 404, nodes: [] as Node[], body: "" };
  const response = await container.renderToResponse(mod.default, {
    request: new Request(new URL(path, site.defaultUrl)),
    ...(entry ? { params: entry.params, props: entry.props } : {}),
  });
  const html = await response.text();
  const nodes = all(parse(html) as unknown as Node);
  const body = text(nodes.find((n) => n.nodeName === "main") ?? nodes[0]!).replace(/\s+/g, " ");
  return { status: response.status, nodes, body };
}

const jsonLd = (nodes: Node[]) =>
  nodes
    .filter((n) => n.nodeName === "script" && attr(n, "type") === "application/ld+json")
    .flatMap((n) => [JSON.parse(text(n)) as Record<string, unknown>].flat());

/** The booking form's service choices: [slug, name]. */
const serviceChoices = (nodes: Node[]) =>
  all(nodes.find((n) => n.nodeName === "select" && attr(n, "name") === "service")!)
    .filter((n) => n.nodeName === "option" && attr(n, "value"))
    .map((n) => [attr(n, "value"), text(n)]);

describe("the pages follow a publish at once under the dev server", () => {
  it("a price changed and published shows on the service page, in its structured data and on the home page", async () => {
    const owner = await adminClient();
    const drafts = await owner.call(adminSite, "GET", "/api/admin/site");
    const paint = drafts.json.services.find((s: { slug: string }) => s.slug === "paint-wallpaper");
    expect((await render("/services/paint-wallpaper")).body).toContain("from £150 per room");

    await owner.call(adminSite, "PATCH", `/api/admin/site/services/${paint.id}`, {
      body: { startingPricePence: 16_250, name: "Painting & Decorating" },
    });
    // A draft is not the site.
    expect((await render("/services/paint-wallpaper")).body).toContain("from £150 per room");
    expect((await owner.call(adminSite, "POST", "/api/admin/site/publish")).status).toBe(202);

    // The renamed service keeps its address.
    const page = await render("/services/paint-wallpaper");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Painting & Decorating");
    expect(page.body).toContain("from £162.50 per room");
    const offer = jsonLd(page.nodes).find((d) => d["@type"] === "Service")?.["offers"];
    expect(offer).toMatchObject({
      price: "162.50",
      priceCurrency: "GBP",
      priceSpecification: { minPrice: "162.50", unitText: "room" },
    });
    const business = jsonLd(page.nodes).find((d) => d["@type"] === "HomeAndConstructionBusiness");
    expect(business?.["makesOffer"]).toContainEqual(
      expect.objectContaining({
        price: "162.50",
        itemOffered: expect.objectContaining({ name: "Painting & Decorating" }),
      }),
    );
    expect((await render("/")).body).toContain("from £162.50 per room");
    expect(serviceChoices((await render("/book-appointment")).nodes)[0]).toEqual([
      "paint-wallpaper",
      "Painting & Decorating",
    ]);
  });

  it("a service added and published gets its page and a place in the booking list, and can be booked", async () => {
    const owner = await adminClient();
    const added = await owner.call(adminSite, "POST", "/api/admin/site/services", {
      body: {
        name: "Fence Repairs",
        summary: "Loose panels, leaning posts and broken gates put right.",
        description: "We reset posts in concrete and replace rotten panels.",
        startingPricePence: 12_000,
        priceBasis: "per-project",
        icon: "layers",
        process: [{ title: "Survey", description: "We look at the whole run first." }],
        features: ["Posts reset in concrete"],
      },
    });
    expect(added.status, added.text).toBe(201);
    expect((await render("/services/fence-repairs")).status).toBe(404);
    await owner.call(adminSite, "POST", "/api/admin/site/publish");

    const page = await render("/services/fence-repairs");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Loose panels, leaning posts and broken gates put right.");
    expect(page.body).toContain("from £120 per project");
    expect(page.body).toContain("We look at the whole run first.");
    expect(serviceChoices((await render("/book-appointment")).nodes).at(-1)).toEqual([
      "fence-repairs",
      "Fence Repairs",
    ]);
    expect((await render("/services")).body).toContain("Fence Repairs");

    const name = uniqueName("Fenella");
    const booked = await bookings(
      jsonRequest("/api/bookings", validBooking({ name, service: "fence-repairs" })),
    );
    expect(booked.status, await booked.clone().text()).toBe(201);

    // Hidden and published: the address answers 410 with a way on, and a booking is refused.
    await owner.call(adminSite, "PATCH", `/api/admin/site/services/${added.json.service.id}`, {
      body: { hidden: true },
    });
    await owner.call(adminSite, "POST", "/api/admin/site/publish");
    const gone = await render("/services/fence-repairs");
    expect(gone.status).toBe(410);
    expect(gone.body).toContain("We no longer offer fence repairs");
    const links = gone.nodes.filter((n) => n.nodeName === "a").map((n) => attr(n, "href"));
    expect(links).toContain("/services");
    expect(
      gone.nodes.find((n) => n.nodeName === "meta" && attr(n, "name") === "robots")?.attrs,
    ).toContainEqual({
      name: "content",
      value: "noindex, nofollow",
    });
    expect(serviceChoices((await render("/book-appointment")).nodes).map(([slug]) => slug)).not.toContain(
      "fence-repairs",
    );
    const refused = await bookings(
      jsonRequest("/api/bookings", validBooking({ name: uniqueName("Late"), service: "fence-repairs" })),
    );
    expect(refused.status).toBe(422);
  });
});
